"""Undo the last change of a round (saved, corrected or deleted) from this device.

A change made on the game page hands back what it needs to be undone
(:class:`Change`): which round, what it held before, and the game's revision
the change gave it. Undoing goes through the same path as any change: one
transaction that first claims the game at exactly that revision, the engine's
check of the round put back, and the stored results derived again. When the
game has moved on since (another device saved or corrected something, or the
undo was already done by a double tap), nothing is undone.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import func, update

from companion.games.models import RoundRow
from companion.games.services.change import _claim, _read_tail, _Stale, _update_game
from companion.games.services.rounds import _replayed
from companion.games.services.store import NotFound, _rederive
from companion.rules.family_game import advance
from companion.store.db import db
from companion.store.tx import end_read, transaction
from companion.web.i18n import gettext

ADDED, CORRECTED, DELETED = "added", "corrected", "deleted"
KINDS = (ADDED, CORRECTED, DELETED)


@dataclass(frozen=True)
class Change:
    """A change of one round, as it is undone.

    :ivar kind: ``"added"`` (undo: delete the round), ``"corrected"`` (undo:
        put ``previous`` back) or ``"deleted"`` (undo: add ``previous`` again).
    :ivar number: the round's number (1-based).
    :ivar revision: the game's revision right after the change.
    :ivar previous: the round's data before the change (corrected, deleted);
        ``None`` for an added round.
    """

    kind: str
    number: int
    revision: int
    previous: dict[str, Any] | None = None

    def as_dict(self) -> dict[str, Any]:
        """The change as JSON-ready data (for a signed token)."""
        return {"kind": self.kind, "number": self.number, "revision": self.revision,
                "previous": self.previous}

    @classmethod
    def from_dict(cls, data: Any) -> Change | None:
        """A change read back from :meth:`as_dict`'s data; ``None`` when it is not one."""
        try:
            change = cls(str(data["kind"]), int(data["number"]), int(data["revision"]),
                         data.get("previous"))
        except (KeyError, TypeError, ValueError, AttributeError):
            return None
        if change.kind not in KINDS or change.number < 1:
            return None
        if (change.kind == ADDED) != (change.previous is None) or not (
                change.previous is None or isinstance(change.previous, dict)):
            return None
        return change


@dataclass(frozen=True)
class Undone:
    """The change was undone.

    :ivar message: what the page says (``"Round 3 is back as it was."``).
    :ivar revision: the game's revision after the undo.
    :ivar taken_back: an added round undone: its data as it was saved (the
        game record's round: ``hands``, ``ended``…), so the table can correct
        it and save it again; ``None`` for the other changes, and when the
        undo had been done already (a double tap).
    """

    message: str
    revision: int
    taken_back: dict[str, Any] | None = None


@dataclass(frozen=True)
class NotUndone:
    """Nothing was undone: the game changed after the change (on another device).

    :ivar message: what the page says.
    """

    message: str


def undo(game_id: int, change: Change) -> Undone | NotUndone:
    """Undo ``change`` of game ``game_id`` if the game still is as the change left it.

    :return: :class:`Undone`, or :class:`NotUndone` when the game moved on
        (a later change, or the same undo done already: a double tap).
    :raises NotFound: no such game (or in the trash).
    :raises RecordError: the engine refuses the round put back (it no longer
        fits the game: nothing changed).
    """
    for attempt in (1, 2):
        try:
            with transaction():
                revision = _claim(game_id, change.revision)
                if revision is None:
                    db.session.rollback()
                    return _not_undone(game_id, change)
                return _apply(game_id, change, revision)
        except _Stale:
            end_read()
            if attempt == 2:
                raise
            _rederive(game_id)
    raise AssertionError("unreachable")


def _not_undone(game_id: int, change: Change) -> Undone | NotUndone:
    """Why nothing was undone; or, when this very undo was done just before (a
    double tap: the game is one revision on and as the undo left it), that it is done."""
    from companion.games.services.games import get_game

    game = get_game(game_id)  # NotFound when the game is gone
    if game.revision == change.revision + 1 and _as_undone(game, change):
        return Undone(_done_message(change), game.revision)
    return NotUndone(gettext(
        "Not undone: the game has changed since (on this or another device). Look at round "
        "%(n)s and correct it if needed.", n=change.number))


def _as_undone(game: Any, change: Change) -> bool:
    """The game is as undoing ``change`` leaves it."""
    played = len(game.rounds)
    if change.kind == ADDED:
        return played == change.number - 1
    if change.kind == DELETED and played != change.number:
        return False
    return played >= change.number and game.rounds[change.number - 1].data == change.previous


def _done_message(change: Change) -> str:
    if change.kind == ADDED:
        return gettext("Round %(n)s taken back: correct it below and save it again.", n=change.number)
    if change.kind == DELETED:
        return gettext("Round %(n)s is back.", n=change.number)
    return gettext("Round %(n)s is back as it was.", n=change.number)


def _apply(game_id: int, change: Change, revision: int) -> Undone:
    """Undo ``change`` inside the transaction that claimed the game (giving
    it ``revision``)."""
    tail = _read_tail(game_id, change.number)
    stored = next((r for r in tail.rounds if r.number == change.number), None)
    last = tail.row.rounds_played
    if change.kind == DELETED:
        if change.number != last + 1:
            raise NotFound(f"game {game_id} cannot take round {change.number} back")
        state = tail.state_before(change.number)
        rnd = state.check_round(change.previous, change.number, confirm=True)
        after, result = advance(state, rnd)
        db.session.add(RoundRow(game_id=game_id, number=change.number, data=rnd.as_dict(), version=1,
                                result=result.as_dict()))
        db.session.flush()
        _update_game(game_id, after)
        return Undone(_done_message(change), revision)
    if stored is None:
        raise NotFound(f"game {game_id} has no round {change.number}")
    state = tail.state_before(change.number)
    if change.kind == ADDED:
        if change.number != last:
            raise NotFound(f"round {change.number} of game {game_id} is not the last")
        db.session.execute(db.delete(RoundRow).where(RoundRow.id == stored.id))
        _update_game(game_id, state)
        return Undone(_done_message(change), revision, dict(stored.data))
    later = [r for r in tail.rounds if r.number > change.number]
    rnd = state.check_round(change.previous, change.number, confirm=True, rounds_after=len(later))
    after, result = advance(state, rnd)
    final, replayed = _replayed(after, later)
    db.session.execute(
        update(RoundRow).where(RoundRow.id == stored.id)
        .values(data=rnd.as_dict(), version=stored.version + 1, result=result.as_dict(),
                updated_at=func.now())
        .execution_options(synchronize_session=False))
    for r, res in replayed:
        db.session.execute(update(RoundRow).where(RoundRow.id == r.id).values(result=res.as_dict())
                           .execution_options(synchronize_session=False))
    _update_game(game_id, final)
    return Undone(_done_message(change), revision)


__all__ = ["ADDED", "CORRECTED", "DELETED", "Change", "NotUndone", "Undone", "undo"]
