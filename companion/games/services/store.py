"""Storing what the engine derives: a game's head and results on its rows,
and deriving them afresh (a game stored by an older engine, or never derived).

Shared by the other service modules; not part of the package's public names
except :func:`store_results` and :class:`NotFound`.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from sqlalchemy import Text, cast, update
from sqlalchemy.orm import joinedload

from companion.games.models import GameRow, RoundRow, name_columns
from companion.games.services.names import remember
from companion.games.signals import tell_games_changed
from companion.rules import Game, read_game
from companion.rules.family_game import FamilyGame, FamilyState
from companion.rules.state import SCORING_VERSION, GameState
from companion.store.db import db
from companion.store.tx import changed_rows, transaction

SHELVES = ("games", "archive", "trash")


class NotFound(LookupError):
    """No game (or round) with that id or number; or the game is in the trash."""


def record_head(*, kind: str, set_n: int, rules: dict[str, Any] | None, players: list[str],
                first_starter: str | None, away: list[str] | None,
                teams: list[list[str]] | None = None, ended_by_players: bool = False) -> dict[str, Any]:
    """A game record without its rounds (docs/design.md), from the stored
    columns (``teams`` only for a game in pairs, ``ended_by_players`` only
    when true)."""
    head = {
        "format": "domino-game-record", "version": 1, "kind": kind, "set": set_n,
        "rules": dict(rules or {}), "players": list(players), "first_starter": first_starter,
    }
    if away:
        head["away"] = list(away)
    if teams:
        head["teams"] = [list(pair) for pair in teams]
    if ended_by_players:
        head["ended_by_players"] = True
    return head


def head_of(row: Any) -> dict[str, Any]:
    """:func:`record_head` of a game's row, or of a row of its columns (the
    one way a stored game's head is read back: its ``away`` included)."""
    return record_head(kind=row.kind, set_n=row.set_n, rules=row.rules, players=row.players,
                       first_starter=row.first_starter, away=row.away, teams=row.teams,
                       ended_by_players=bool(getattr(row, "ended_by_players", False)))


_JSON_ONCE = ("summary", "rules", "players", "away", "teams")
"""A game's JSON columns, read as text beside each of its rounds
(:func:`_as_text`) and decoded once per game (:func:`_decoded`)."""


def _as_text(column: Any) -> Any:
    """``column`` (a JSON column of the game) read as text, labelled with its
    name: the database sends the text, decoded once by :func:`_decoded`."""
    return cast(column, Text).label(column.key)


def _decoded(value: Any) -> Any:
    """A JSON column read as text, decoded (``None`` stays ``None``)."""
    return json.loads(value) if isinstance(value, str) else value


def _summary_columns(state: GameState | FamilyState) -> dict[str, Any]:
    summary = state.summary()
    return {
        "summary": summary,
        "status": summary["status"],
        "rounds_played": state.played,
        "engine_version": SCORING_VERSION,
        "recheck_problem": None,
    }


def store_results(row: GameRow, game: Game | FamilyGame) -> None:
    """Store on ``row`` and its round rows everything derived from ``game``
    (the same game, checked by the engine), inside the caller's transaction.

    :param row: the game's row, with its rounds (numbered as ``game.rounds``).
    :param game: the checked game.
    """
    state, results = game.state, game.results
    by_number = {r.number: r for r in row.rounds}
    rounds: tuple[Any, ...] = game.rounds  # a Round, or a FamilyRound: both have a number
    for rnd, res in zip(rounds, results):
        by_number[rnd.number].result = res.as_dict()
    for key, value in _summary_columns(state).items():
        setattr(row, key, value)
    row.rounds_total = game.table.round_count
    for column, value in name_columns(game.table.players).items():
        setattr(row, column, value)


def _remember_players(names: Iterable[str]) -> None:
    """The names join the roster: one player per name, case and Unicode form
    ignored, safe against another process adding the same name at once
    (:func:`companion.games.services.names.remember`)."""
    remember(names)


def _players_lines(*game_ids: int) -> None:
    """Tell the features that keep something of these games (the players'
    lines and tallies) that their stored results changed, inside the caller's
    transaction (:data:`companion.games.signals.games_changed`)."""
    db.session.flush()
    tell_games_changed(*game_ids)


def game_row(game_id: int) -> GameRow:
    """Game ``game_id``'s row with its rounds, read afresh (not as the session
    remembers it): what a change that holds the game's turn rewrites.

    :raises sqlalchemy.exc.NoResultFound: no such game.
    """
    row: GameRow = db.session.execute(
        db.select(GameRow).where(GameRow.id == game_id).options(joinedload(GameRow.rounds))
        .execution_options(populate_existing=True)
    ).unique().scalar_one()
    return row


def _rederive(game_id: int) -> None:
    """Derive and store a game's results afresh (locked, in one transaction).

    :raises NotFound: no such game.
    :raises RecordError: the current engine refuses the game (nothing changed).
    """
    with transaction():
        if not _claim_any(game_id):
            raise NotFound(f"no game {game_id}")
        row = game_row(game_id)
        game = read_game({**head_of(row), "rounds": [r.data for r in row.rounds]}, confirm=True)
        state, results = game.state, game.results
        rounds: tuple[Any, ...] = game.rounds
        ids = {r.number: r.id for r in row.rounds}
        db.session.expunge(row)
        # Core updates that keep ``updated_at``: deriving again changes no game.
        for rnd, res in zip(rounds, results):
            db.session.execute(update(RoundRow).where(RoundRow.id == ids[rnd.number])
                               .values(result=res.as_dict(), updated_at=RoundRow.updated_at)
                               .execution_options(synchronize_session=False))
        db.session.execute(
            update(GameRow).where(GameRow.id == game_id)
            .values(**_summary_columns(state), rounds_total=game.table.round_count,
                    **name_columns(game.table.players), updated_at=GameRow.updated_at)
            .execution_options(synchronize_session=False))
        _players_lines(game_id)


def _claim_any(game_id: int) -> bool:
    """Take the game's write lock without raising its revision (any shelf)."""
    stmt = (update(GameRow).where(GameRow.id == game_id)
            .values(revision=GameRow.revision, updated_at=GameRow.updated_at)
            .execution_options(synchronize_session=False))
    return changed_rows(db.session.execute(stmt)) == 1

