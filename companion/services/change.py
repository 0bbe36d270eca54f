"""How one game is changed: read what the change needs, let it decide (the
engine runs outside any write lock), then write in one short transaction that
first claims the game's revision it read; tried again when another device
changed the game meanwhile (the last try holds the game's lock throughout).
"""

from __future__ import annotations

from collections.abc import Callable
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Row, bindparam, func, update
from sqlalchemy.exc import IntegrityError

from ..db import db
from ..i18n import gettext
from ..models import GameRow, RoundRow
from ..rules.errors import Problem
from ..rules.state import SCORING_VERSION, GameState, RoundResult
from .store import NotFound, _players_lines, _rederive, _summary_columns, head_of
from .tx import end_read, transaction
from .values import (
    Conflicted,
    table_of,
)

ATTEMPTS = 3
"""Tries of a change whose game another device changed meanwhile; the last one
holds the game's lock from the read to the write."""


@dataclass
class _Write:
    """A change worked out and ready to write: ``apply()`` runs in the transaction."""

    apply: Callable[[], Any]


_CLAIM_ANY = (
    update(GameRow)
    .where(GameRow.id == bindparam("game_id"), GameRow.shelf != "trash")
    .values(revision=GameRow.revision + 1, updated_at=func.now())
    .execution_options(synchronize_session=False)
)
_CLAIM_AT = _CLAIM_ANY.where(GameRow.revision == bindparam("revision"))
_CLAIM_ANY = _CLAIM_ANY.returning(GameRow.revision)
_CLAIM_AT = _CLAIM_AT.returning(GameRow.revision)
_GAME_ROW = db.select(
    GameRow.id, GameRow.revision, GameRow.summary, GameRow.rounds_played, GameRow.status, GameRow.shelf,
    GameRow.engine_version, GameRow.kind, GameRow.set_n, GameRow.rules, GameRow.players,
    GameRow.first_starter, GameRow.away,
).where(GameRow.id == bindparam("game_id"))
_ROUND_ROWS = (db.select(RoundRow.id, RoundRow.number, RoundRow.version, RoundRow.data, RoundRow.result)
               .where(RoundRow.game_id == bindparam("game_id"), RoundRow.number >= bindparam("start"))
               .order_by(RoundRow.number))
# (the statements of every change, built once: building one costs about as
# much as running it)


_claimed: ContextVar[tuple[int, int] | None] = ContextVar("claimed", default=None)
"""(game id, its revision after the claim) while a change's write runs:
what :func:`_revision_now` answers without asking the database again."""


def _claim(game_id: int, revision: int | None) -> int | None:
    """Raise the game's revision (taking its write lock) if it still is
    ``revision`` (``None``: whatever it is).

    :return: the game's new revision; ``None`` when it was not ``revision``
        (or the game is gone)."""
    if revision is None:
        return db.session.execute(_CLAIM_ANY, {"game_id": game_id}).scalar()
    return db.session.execute(_CLAIM_AT, {"game_id": game_id, "revision": revision}).scalar()


def _apply(plan: _Write, game_id: int, revision: int) -> Any:
    """Run a change's write, the game's claimed revision at hand."""
    token = _claimed.set((game_id, revision))
    try:
        return plan.apply()
    finally:
        _claimed.reset(token)


@dataclass(frozen=True)
class _Tail:
    """A game's head, summary and rounds from ``first`` on, as read for a change."""

    row: Row[Any]
    rounds: list[Row[Any]]

    def state_before(self, number: int) -> GameState:
        """The game after round ``number - 1`` (from the stored results)."""
        table = table_of(head_of(self.row))
        if number <= 1:
            return GameState.start(table)
        by_number = {r.number: r for r in self.rounds}
        prev = by_number[number - 1]
        counts = dict((self.row.summary or {}).get("rounds_out", {}))
        for r in self.rounds:
            if r.number >= number:
                for name in (r.result or {}).get("credited", ()):
                    counts[name] -= 1
        return GameState.resume(table, number - 1, RoundResult.from_dict(prev.result),
                                counts, tuple(prev.data.get("absent", ())))


def _read_tail(game_id: int, first: int | None) -> _Tail:
    """The game's row and its rounds numbered ``first`` and after (all of them
    from ``first = None``: the last one)."""
    row = db.session.execute(_GAME_ROW, {"game_id": game_id}).first()
    if row is None or row.shelf == "trash":
        raise NotFound(f"no game {game_id}")
    if row.summary is None or row.engine_version != SCORING_VERSION:
        raise _Stale()
    start = max(row.rounds_played, 1) if first is None else max(min(first, row.rounds_played + 1) - 1, 1)
    rounds = list(db.session.execute(_ROUND_ROWS, {"game_id": game_id, "start": start}).all())
    if [r.number for r in rounds] != list(range(start, row.rounds_played + 1)):
        raise _Moved()  # another device changed the game between the two reads
    if any(r.result is None for r in rounds):
        raise _Stale()
    return _Tail(row, rounds)  # columns, not objects: kept as read after the read has ended


class _Stale(Exception):
    """The game's stored results are missing or from another engine version."""


class _Moved(Exception):
    """The game changed while it was being read: read it again."""


def _change(game_id: int, first: int | None, decide: Callable[[_Tail], Any]) -> Any:
    """Run a change of one game: read what it needs (rounds from ``first``),
    ``decide`` (which runs the engine and returns an outcome, or a
    :class:`_Write`), then write it in one short transaction if the game is
    still as read. The last try holds the game's lock from the read on.

    :raises NotFound: no such game (or in the trash).
    """
    attempt, rederived = 0, False
    while attempt < ATTEMPTS:
        locked = attempt == ATTEMPTS - 1
        attempt += 1
        try:
            if locked:
                with transaction():
                    claimed = _claim(game_id, None)
                    if claimed is None:
                        raise NotFound(f"no game {game_id}")
                    plan = decide(_read_tail(game_id, first))
                    if isinstance(plan, _Write):
                        return _apply(plan, game_id, claimed)
                    db.session.rollback()
                    return plan
            tail = _read_tail(game_id, first)
            revision = tail.row.revision
            end_read()
            plan = decide(tail)
            if not isinstance(plan, _Write):
                return plan
            with transaction():
                claimed = _claim(game_id, revision)
                if claimed is not None:
                    return _apply(plan, game_id, claimed)
        except _Stale:
            end_read()
            if rederived:
                raise
            _rederive(game_id)
            attempt, rederived = 0, True
        except (IntegrityError, _Moved):
            end_read()
    return Conflicted(Problem("number", "edit_conflict",
                              gettext("This round was just saved from another device.")))


_REVISION = db.select(GameRow.revision).where(GameRow.id == bindparam("game_id"))
_SUMMARY_KEYS = ("summary", "status", "rounds_played", "engine_version", "recheck_problem")
_STORE_SUMMARY = (
    update(GameRow).where(GameRow.id == bindparam("game_id"))
    .values({k: bindparam(f"new_{k}") for k in _SUMMARY_KEYS})
    .execution_options(synchronize_session=False)
)


def _revision_now(game_id: int) -> int:
    """The game's revision inside the change's transaction (after its claim):
    the one the claim returned, else read."""
    claimed = _claimed.get()
    if claimed is not None and claimed[0] == game_id:
        return claimed[1]
    return db.session.execute(_REVISION, {"game_id": game_id}).scalar_one()


def _update_game(game_id: int, state: GameState, was_finished: bool = True) -> None:
    """Store the game's summary after a change, and its players' lines unless
    the game was in progress and still is (only a finished game has lines:
    :func:`companion.player_lines.refresh_games` would find none to write)."""
    values = _summary_columns(state)
    db.session.execute(_STORE_SUMMARY, {"game_id": game_id, **{f"new_{k}": values[k] for k in _SUMMARY_KEYS}})
    if was_finished or state.finished:
        _players_lines(game_id)
