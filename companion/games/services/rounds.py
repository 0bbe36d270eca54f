"""A game's rounds: the next one added, one corrected, the last one deleted,
and the round an API request with an ``Idempotency-Key`` added.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from sqlalchemy import func, update
from sqlalchemy.exc import IntegrityError

from companion.games.models import RoundRequest, RoundRow
from companion.games.services.change import _change, _Claimed, _read_tail, _Stored, _Tail, _Write
from companion.games.services.store import NotFound, _summary_columns
from companion.games.services.values import AlreadySaved, Conflicted, Deleted, RoundView, Saved
from companion.rules import RecordError
from companion.rules.errors import Problem
from companion.rules.family_game import FamilyState, advance
from companion.rules.record.entry import complete_entry
from companion.rules.state import GameState, RoundResult
from companion.store.db import db
from companion.store.tx import changed_rows, end_read
from companion.web.i18n import gettext


def _replayed(state: GameState | FamilyState,
              later: list[_Stored]) -> tuple[GameState | FamilyState, list[tuple[_Stored, RoundResult]]]:
    out = []
    for r in later:
        state, res = state.replay(r.round_result, tuple(r.data.get("absent", ())), r.data)
        out.append((r, res))
    return state, out


def _same_round(tail: _Tail, number: int, data: Any, entry: bool) -> bool:
    """True when ``data`` is what round ``number`` already holds (a form sent twice)."""
    stored = next((r for r in tail.rounds if r.number == number), None)
    if stored is None:
        return False
    state = tail.state_before(number)
    try:
        rnd = state.check_round(_entered(state, data, entry), number, confirm=True)
    except RecordError:
        return False
    return rnd.as_dict() == stored.data


def _entered(state: GameState | FamilyState, data: Any, entry: bool) -> Any:
    """``data`` completed by the entry form's conventions when ``entry`` (the
    founding kinds' form; a kind read by its own module has none yet)."""
    if not entry or not isinstance(data, dict) or isinstance(state, FamilyState):
        return data
    data, problems = complete_entry(state.table, data)
    if problems:
        raise RecordError(problems)
    return data


_INSERT_ROUND = RoundRow.__table__.insert()
"""A new round's row (a Core statement, built once; its times from the
columns' defaults)."""


def add_round(game_id: int, data: Any, number: int | None = None, confirm: bool = False,
              entry: bool = False, idempotency_key: str | None = None,
              key_body_hash: str | None = None) -> Saved | AlreadySaved | Conflicted:
    """Add the next round, checked against the game's stored state, with its results.

    :param data: the round object (docs/design.md).
    :param number: the round the sender means to add; when it is not the next
        one nothing is saved.
    :param confirm: accept soft-rule warnings.
    :param entry: ``data`` comes from the round entry form: apply its
        conventions first (:func:`companion.rules.entry.complete_entry`).
    :param idempotency_key: the API's ``Idempotency-Key``: stored with the
        round in the same transaction (see :func:`round_for_key`).
    :param key_body_hash: :func:`body_hash` of the request, kept with the key.
    :return: :class:`Saved`; :class:`AlreadySaved` when round ``number`` holds
        exactly ``data`` already (a double tap); :class:`Conflicted` when the
        game has moved on (``taken_by_other`` when another device saved round
        ``number`` with other numbers).
    :raises NotFound: no such game.
    :raises RecordError: the round is refused (``game_finished`` among others).
    """

    def decide(tail: _Tail) -> AlreadySaved | Conflicted | _Write[Saved]:
        nxt = tail.row.rounds_played + 1
        if number is not None and number != nxt:
            if number < nxt:
                message = gettext(
                    "Round %(number)s is already recorded; the next round is %(next)s.",
                    number=number, next=nxt)
                problem = Problem("number", "edit_conflict", message)
                if number >= 1 and _same_round(_read_tail(game_id, number), number, data, entry):
                    return AlreadySaved(number, problem)
                stored = _round_version(game_id, number)
                return Conflicted(problem, number, taken_by_other=stored is not None, version=stored)
            return Conflicted(Problem("number", "edit_conflict", gettext(
                "The next round is %(next)s, not %(number)s.", next=nxt, number=number)), number)
        state = tail.state_before(nxt)
        rnd = state.check_round(_entered(state, data, entry), nxt, confirm=confirm)
        after, result = advance(state, rnd)
        added, columns = RoundView(nxt, 1, rnd.as_dict(), result), _summary_columns(after)

        def write(claimed: _Claimed) -> Saved:
            db.session.execute(_INSERT_ROUND, {"game_id": game_id, "number": nxt, "data": added.data,
                                               "version": 1, "result": result.as_dict()})
            if idempotency_key is not None:
                db.session.add(RoundRequest(game_id=game_id, key=idempotency_key, number=nxt,
                                            body_hash=key_body_hash))
                db.session.flush()
            game = tail.view(after, added, claimed.revision, columns["summary"])
            return Saved(added, claimed.revision, game=game, player_ids=claimed.player_ids)

        return _Write(write, columns, lines=tail.row.status == "finished" or after.finished,
                      players=tuple(tail.row.players))

    return _change(game_id, None, decide, whole=True)


def body_hash(body: Any) -> str:
    """The SHA-256 (64 hex digits) of a request's parsed JSON body written as
    canonical JSON (keys sorted, no spaces): two bodies with the same values
    have the same hash, however they were spaced or ordered."""
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def round_for_key(game_id: int, key: str, key_body_hash: str | None = None) -> int | None:
    """The number of the round an API request with ``Idempotency-Key: key``
    added to this game, or ``None`` when no round was added with that key.

    :param key_body_hash: :func:`body_hash` of the request asking; when the
        key was kept with another body's hash, the key is refused.
    :raises RecordError: ``idempotency_key_reused`` (at ``Idempotency-Key``):
        the key added a round from another body (a new round needs a new key;
        answering the first round would silently drop this one).
    """
    row = db.session.execute(
        db.select(RoundRequest.number, RoundRequest.body_hash)
        .where(RoundRequest.game_id == game_id, RoundRequest.key == key)
    ).one_or_none()
    end_read()
    if row is None:
        return None
    number, stored = row
    if key_body_hash is not None and stored is not None and stored != key_body_hash:
        raise RecordError([Problem("Idempotency-Key", "idempotency_key_reused", gettext(
            "This Idempotency-Key already added round %(number)s with other values; "
            "send a new key for a new round.", number=number))])
    return int(number)


def _round_version(game_id: int, number: int) -> int | None:
    version: int | None = db.session.execute(
        db.select(RoundRow.version).where(RoundRow.game_id == game_id, RoundRow.number == number)
    ).scalar_one_or_none()
    return version


def replace_round(game_id: int, number: int, data: Any, version: int | None = None,
                  confirm: bool = False, entry: bool = False) -> Saved | Conflicted:
    """Replace round ``number`` with ``data``; the rounds after it are scored
    again from their stored points.

    :param version: the round's version the sender read; another one than the
        stored version is a conflict. ``None`` skips the check.
    :param entry: ``data`` comes from the round entry form (see :func:`add_round`).
    :return: :class:`Saved` (the round as saved) or :class:`Conflicted` (the
        round changed since it was read).
    :raises NotFound: no such game or round.
    :raises RecordError: the new round is refused (``game_finished`` when, in
        a game to a target, it ends the game before the rounds after it).
    """

    def decide(tail: _Tail) -> Conflicted | _Write[Saved]:
        stored = next((r for r in tail.rounds if r.number == number), None)
        if stored is None or number < 1:
            raise NotFound(f"game {game_id} has no round {number}")
        if version is not None and version != stored.version:
            return Conflicted(Problem(f"rounds[{number - 1}].version", "edit_conflict", gettext(
                "Round %(number)s was changed on another device since you opened it.",
                number=number)), number, version=stored.version)
        state = tail.state_before(number)
        later = [r for r in tail.rounds if r.number > number]
        rnd = state.check_round(_entered(state, data, entry), number, confirm=confirm,
                                rounds_after=len(later))
        after, result = advance(state, rnd)
        final, replayed = _replayed(after, later)
        new_version = stored.version + 1

        def write(claimed: _Claimed) -> Saved:
            done = changed_rows(db.session.execute(
                update(RoundRow).where(RoundRow.id == stored.id, RoundRow.version == stored.version)
                .values(data=rnd.as_dict(), version=new_version, result=result.as_dict(),
                        updated_at=func.now())
                .execution_options(synchronize_session=False)
            ))
            if done != 1:
                raise IntegrityError("round changed", None, Exception())
            for r, res in replayed:
                db.session.execute(update(RoundRow).where(RoundRow.id == r.id)
                                   .values(result=res.as_dict())
                                   .execution_options(synchronize_session=False))
            return Saved(RoundView(number, new_version, rnd.as_dict(), result), claimed.revision,
                         previous=dict(stored.data))

        return _Write(write, _summary_columns(final))

    return _change(game_id, number, decide)


def delete_last_round(game_id: int, number: int, version: int | None = None) -> Deleted | Conflicted:
    """Delete round ``number``, which must be the last one recorded.

    :param version: the round's version the sender read (as a correction
        sends it); another one than the stored version is a conflict: the
        round was corrected meanwhile, and the correction stays. ``None``
        skips the check (a script that deletes whatever the round now is).
    :return: what was deleted (:class:`~.values.Deleted`), to undo it;
        :class:`Conflicted` (``edit_conflict``) when the round moved.

    :raises NotFound: no such game or round.
    :raises RecordError: ``bad_value`` when it is not the last round.
    """

    def decide(tail: _Tail) -> Conflicted | _Write[Deleted]:
        last = tail.row.rounds_played
        stored = next((r for r in tail.rounds if r.number == number), None)
        if stored is None or number < 1:
            raise NotFound(f"game {game_id} has no round {number}")
        if number != last:
            raise RecordError([Problem(f"rounds[{number - 1}]", "bad_value", gettext(
                "Only the last round (%(last)s) can be deleted.", last=last))])
        if version is not None and version != stored.version:
            return Conflicted(Problem(f"rounds[{number - 1}].version", "edit_conflict", gettext(
                "Round %(number)s was changed on another device since you opened it.",
                number=number)), number, version=stored.version)
        state = tail.state_before(number)

        def write(claimed: _Claimed) -> Deleted:
            db.session.execute(db.delete(RoundRow).where(RoundRow.id == stored.id))
            return Deleted(number, dict(stored.data), claimed.revision)

        return _Write(write, _summary_columns(state))

    return _change(game_id, number, decide)
