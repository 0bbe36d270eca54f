"""Games as a whole: created (one or a batch), read back with their stored
results, their revision, and every game derived again by the current engine.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import bindparam, update

from companion.games.models import GameRow, RoundRow
from companion.games.services.names import look_alikes
from companion.games.services.store import (
    _JSON_ONCE,
    NotFound,
    _as_text,
    _decoded,
    _players_lines,
    _rederive,
    _remember_players,
    record_head,
    store_results,
)
from companion.games.services.values import GameView, Recheck, RoundView, table_of
from companion.rules import Game, RecordError, read_game
from companion.rules.family_game import FamilyGame
from companion.rules.state import SCORING_VERSION, RoundResult
from companion.store.db import db
from companion.store.tx import end_read, first_row, transaction


def _new_row(game: Game | FamilyGame) -> GameRow:
    head = game.table.as_dict()
    row = GameRow(kind=head["kind"], set_n=head["set"], rules=head["rules"],
                  players=head["players"], first_starter=game.table.first_starter,
                  away=head.get("away"), teams=head.get("teams"),
                  ended_by_players=head.get("ended_by_players", False))
    for rnd in game.rounds:
        row.rounds.append(RoundRow(number=rnd.number, data=rnd.as_dict(), version=1))
    store_results(row, game)
    return row


def create_game(record: Any, confirm: bool = False) -> GameView:
    """Check a game record (rounds optional) and store it with its results, in
    one transaction.

    :param record: a docs/design.md game record.
    :param confirm: accept soft-rule warnings.
    :return: the stored game.
    :raises RecordError: the record is refused; nothing is stored.
    """
    game = read_game(record, confirm=confirm)
    if not confirm:
        warnings = look_alikes((f"players[{i}]", name) for i, name in enumerate(game.table.players))
        end_read()
        if warnings:
            raise RecordError([], warnings)
    row = _new_row(game)
    with transaction():
        db.session.add(row)
        _remember_players(game.table.players)
        _players_lines(row.id)
    return get_game(row.id)


def create_games(records: Sequence[Any], confirm: bool = True, batch: int = 500) -> list[int]:
    """Check and store many game records (an import, a benchmark's seed), a
    batch per transaction.

    :return: the new games' ids, in order.
    :raises RecordError: a record is refused; the batches before it stay stored.
    """
    ids: list[int] = []
    for start in range(0, len(records), batch):
        ids.extend(store_games([read_game(r, confirm=confirm) for r in records[start:start + batch]]))
    return ids


def store_games(games: Sequence[Game | FamilyGame]) -> list[int]:
    """Store games the engine has checked, with their results and the known
    player names, all in one transaction (all or none).

    :return: the new games' ids, in order.
    """
    rows = [_new_row(g) for g in games]
    with transaction():
        db.session.add_all(rows)
        db.session.flush()
        ids = [r.id for r in rows]
        # written: the rows leave the session, so the players' statements
        # that follow need not look through a batch of objects
        db.session.expunge_all()
        _remember_players({p for g in games for p in g.table.players})
        _players_lines(*ids)
    return ids


_GAME_COLUMNS = (GameRow.id, GameRow.created_at, GameRow.revision, GameRow.view_key, GameRow.shelf,
                 GameRow.kind, GameRow.set_n, GameRow.first_starter, GameRow.engine_version,
                 GameRow.recheck_problem, GameRow.ended_by_players,
                 *(_as_text(GameRow.__table__.c[c]) for c in _JSON_ONCE))
_ROUND_COLUMNS = (RoundRow.number, RoundRow.version, RoundRow.data, RoundRow.result)
_GAME_QUERY = (
    db.select(*_GAME_COLUMNS, *_ROUND_COLUMNS).select_from(GameRow)
    .outerjoin(RoundRow, RoundRow.game_id == GameRow.id)
    .where(GameRow.id == bindparam("game_id")).order_by(RoundRow.number)
)
"""A game and its rounds in one query, built once (``game_id`` bound per read)."""
_STAMP_QUERY = db.select(GameRow.revision, GameRow.engine_version, GameRow.recheck_problem,
                         GameRow.view_key, GameRow.shelf).where(GameRow.id == bindparam("game_id"))
"""What names the stored game as it is now (:func:`game_stamp`), built once."""
_REVISION_QUERY = db.select(GameRow.revision, GameRow.shelf).where(GameRow.id == bindparam("game_id"))
"""A game's revision (:func:`game_revision`), built once."""


def get_game(game_id: int, include_trash: bool = False) -> GameView:
    """A stored game with its results: one query (the game and its rounds,
    columns only, no ORM objects), no engine run.

    A game stored without results (by an older release, or restored from a
    backup) has them derived and stored first.

    :param include_trash: also a game in the trash.
    :raises NotFound: no such game (or it is in the trash).
    """
    rows = db.session.execute(_GAME_QUERY, {"game_id": game_id}).all()
    end_read()
    if not rows or (rows[0].shelf == "trash" and not include_trash):
        raise NotFound(f"no game {game_id}")
    row = rows[0]
    head = {c: _decoded(getattr(row, c)) for c in _JSON_ONCE}
    rounds = [r for r in rows if r.number is not None]
    if head["summary"] is None or row.engine_version is None or any(r.result is None for r in rounds):
        _rederive(game_id)
        return get_game(game_id, include_trash)
    return GameView(
        id=row.id, created_at=row.created_at, revision=row.revision, view_key=row.view_key,
        shelf=row.shelf,
        table=table_of(record_head(kind=row.kind, set_n=row.set_n, rules=head["rules"],
                                   players=head["players"], first_starter=row.first_starter,
                                   away=head["away"], teams=head["teams"],
                                   ended_by_players=bool(row.ended_by_players))),
        rounds=tuple(RoundView(r.number, r.version, r.data, RoundResult.from_dict(r.result))
                     for r in rounds),
        summary=head["summary"], engine_version=row.engine_version,
        recheck_problem=row.recheck_problem,
    )


def game_stamp(game_id: int) -> tuple[Any, ...]:
    """What names the stored game as it is now, read in one small query: its
    revision (raised by every change, a shelf's too), the engine version of
    its results, a recheck's refusal, its view key (a different game after a
    restore). Two reads with the same stamp
    read the same game, so a page made from it can be kept under it.

    :raises NotFound: no such game (or it is in the trash).
    """
    return (game_id, *_game_not_in_trash(_STAMP_QUERY, game_id))


def game_revision(game_id: int) -> int:
    """The game's revision (raised by every change): a cheap check for the table view.

    :raises NotFound: no such game (or it is in the trash).
    """
    revision: int = _game_not_in_trash(_REVISION_QUERY, game_id).revision
    return revision


_SHEET_QUERY = db.select(GameRow.revision, GameRow.sheet_key, GameRow.shelf).where(
    GameRow.id == bindparam("game_id"))
"""A game's revision and sheet key (:func:`sheet_identity`), built once."""


def sheet_identity(game_id: int) -> tuple[int, str]:
    """What names the game's kept score sheets: its revision and its random
    sheet key (:attr:`GameRow.sheet_key`, unique to this database's game).

    :return: ``(revision, sheet_key)``.
    :raises NotFound: no such game (or it is in the trash).
    """
    row = _game_not_in_trash(_SHEET_QUERY, game_id)
    return row.revision, row.sheet_key


def _game_not_in_trash(query: Any, game_id: int) -> Any:
    """The row ``query`` (columns of one game, ``shelf`` among them) reads for
    ``game_id``; :class:`NotFound` when there is none or it is in the trash."""
    row = first_row(query, {"game_id": game_id})
    if row is None or row.shelf == "trash":
        raise NotFound(f"no game {game_id}")
    return row


def recheck(stale_only: bool = False) -> Recheck:
    """Derive every stored game's results again with the current engine.

    A game the engine now refuses keeps its stored results (it stays readable)
    and gets the reason in ``recheck_problem``.

    :param stale_only: only games derived by another engine version (or never).
    :return: how many games were derived and which were refused, and why.
    """
    q = db.select(GameRow.id).order_by(GameRow.id)
    if stale_only:
        q = q.where((GameRow.engine_version.is_(None)) | (GameRow.engine_version != SCORING_VERSION))
    ids = list(db.session.execute(q).scalars())
    end_read()
    report = Recheck()
    for gid in ids:
        try:
            _rederive(gid)
        except RecordError as exc:
            first = (exc.errors or exc.warnings)[0]
            reason = f"{first.path}: {first.code}: {first.message}"
            report.refused.append((gid, reason))
            with transaction():
                db.session.execute(update(GameRow).where(GameRow.id == gid)
                                   .values(recheck_problem=reason, updated_at=GameRow.updated_at)
                                   .execution_options(synchronize_session=False))
        except NotFound:
            continue
        report = Recheck(report.checked + 1, report.refused)
    return report


def view_key_of(game_id: int) -> str | None:
    """The spectator key stored with game ``game_id``, or ``None`` (no such
    game, or no key): what :func:`companion.web.access.spectator_ok` routes
    check a ``view`` key against."""
    return db.session.execute(
        db.select(GameRow.view_key).where(GameRow.id == game_id)
    ).scalar_one_or_none()
