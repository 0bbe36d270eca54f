"""How one game is changed: read what the change needs, let it decide (the
engine runs outside any write lock), then write in one short transaction that
first claims the game's revision it read; tried again when another device
changed the game meanwhile (the last try holds the game's lock throughout).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any, Generic, TypeVar

from sqlalchemy import BindParameter, bindparam, func, select
from sqlalchemy.exc import IntegrityError

from companion.games.models import GameRow, PlayerRow, RoundRow
from companion.games.services.names import ids_by_name
from companion.games.services.store import (
    _JSON_ONCE,
    NotFound,
    _as_text,
    _decoded,
    _players_lines,
    _rederive,
    _summary_columns,
    head_of,
)
from companion.games.services.values import Conflicted, GameView, RoundView, table_of
from companion.rules.errors import Problem
from companion.rules.family_game import FamilyState, FamilyTable
from companion.rules.state import SCORING_VERSION, GameState, RoundResult
from companion.rules.stats.records import name_key
from companion.store.db import db
from companion.store.tx import bare_read, end_read, transaction
from companion.web.i18n import gettext

ATTEMPTS = 3
"""Tries of a change whose game another device changed meanwhile; the last one
holds the game's lock from the read to the write."""


@dataclass(frozen=True)
class _Claimed:
    """What a change's claim took.

    :ivar revision: the game's revision after the claim.
    :ivar player_ids: the roster ids of the players the change named
        (:attr:`_Write.players`), ``{name: id}`` (a name not on the roster
        left out), read by the claim's own statement.
    """

    revision: int
    player_ids: dict[str, int]


_Outcome = TypeVar("_Outcome")
"""What a change answers (:class:`.values.Saved`, :class:`.values.Deleted`…)."""
_Outcome_co = TypeVar("_Outcome_co", covariant=True)


@dataclass
class _Write(Generic[_Outcome_co]):
    """A change worked out and ready to write.

    :ivar apply: writes the change's rounds; runs in the transaction, after
        the claim, is given what the claim took (:class:`_Claimed`) and
        returns the change's outcome.
    :ivar summary: the game's summary columns after the change
        (:func:`.store._summary_columns`), stored by the claim itself when the
        game is still as read (one statement less), else after ``apply``;
        ``None`` when ``apply`` stores the game whole.
    :ivar lines: write the players' lines after ``apply`` (the game is or was
        finished: only a finished game has lines).
    :ivar players: names whose roster ids the claim reads back (an answer
        shows them beside the names).
    """

    apply: Callable[[_Claimed], _Outcome_co]
    summary: dict[str, Any] | None = None
    lines: bool = True
    players: tuple[str, ...] = ()


_GAME, _ROUND = GameRow.__table__, RoundRow.__table__
_G, _R, _P = _GAME.c, _ROUND.c, PlayerRow.__table__.c
# Core statements on the tables (no ORM work per statement), built once:
# building one costs about as much as running it.
_CLAIM = (
    _GAME.update()
    .where(_G.id == bindparam("game_id"), _G.shelf != "trash")
    .values(revision=_G.revision + 1, updated_at=func.now())
)
_CLAIM_ANY = _CLAIM.returning(_G.revision)
_SUMMARY_KEYS = ("summary", "status", "rounds_played", "engine_version", "recheck_problem")
_NEW_SUMMARY: dict[str, BindParameter[Any]] = {k: bindparam(f"new_{k}") for k in _SUMMARY_KEYS}


@cache
def _claim_statement(storing: bool, names: int) -> Any:
    """The claim of a game still at ``revision``: storing the summary too when
    ``storing``, and handing back, beside the new revision, the roster id of
    each of ``names`` name keys (``key_0``, ``key_1``…: one small subquery
    each, so no round trip of their own). Built once per shape."""
    stmt = _CLAIM.where(_G.revision == bindparam("revision"))
    if storing:
        stmt = stmt.values(_NEW_SUMMARY)
    ids = (select(_P.id).where(_P.key == bindparam(f"key_{i}")).scalar_subquery() for i in range(names))
    return stmt.returning(_G.revision, *ids)


_TAIL = (
    select(
        _G.id, _G.created_at, _G.revision, _G.view_key, _G.rounds_played, _G.status, _G.shelf,
        _G.engine_version, _G.kind, _G.set_n, _G.first_starter, _G.ended_by_players,
        *(_as_text(_G[c]) for c in _JSON_ONCE),
        _R.id.label("round_id"), _R.number, _R.version, _R.data, _R.result,
    )
    .select_from(_GAME.outerjoin(
        _ROUND,
        (_R.game_id == _G.id) & ((_R.number >= bindparam("start")) | (_R.number >= _G.rounds_played))))
    .where(_G.id == bindparam("game_id"))
    .order_by(_R.number)
)
"""A game's row and its rounds from ``start`` on (and always its last one),
in one query."""


def _claim(game_id: int, revision: int | None = None) -> int | None:
    """Raise the game's revision (taking its write lock) if it still is
    ``revision`` (``None``: whatever it is).

    :return: the game's new revision; ``None`` when it was not ``revision``
        (or the game is gone)."""
    if revision is None:
        return db.session.execute(_CLAIM_ANY, {"game_id": game_id}).scalar()
    return db.session.execute(_claim_statement(False, 0), {"game_id": game_id, "revision": revision}).scalar()


def _claim_at(game_id: int, revision: int, plan: _Write[Any]) -> _Claimed | None:
    """Raise the game's revision (taking its write lock) if it still is
    ``revision``, storing ``plan``'s summary and reading its players' roster
    ids in the same statement.

    :return: what the claim took; ``None`` when the game was not at
        ``revision`` (or is gone)."""
    keys = [name_key(n) for n in plan.players]
    params: dict[str, Any] = {"game_id": game_id, "revision": revision,
                              **{f"key_{i}": k for i, k in enumerate(keys)}}
    if plan.summary is not None:
        params.update(_summary_params(plan.summary))
    row = db.session.execute(_claim_statement(plan.summary is not None, len(keys)), params).first()
    if row is None:
        return None
    return _Claimed(row[0], {n: pid for n, pid in zip(plan.players, row[1:]) if pid is not None})


def _summary_params(summary: dict[str, Any]) -> dict[str, Any]:
    return {f"new_{k}": summary[k] for k in _SUMMARY_KEYS}


def _apply(plan: _Write[_Outcome], game_id: int, claimed: _Claimed,
           summary_stored: bool = False) -> _Outcome:
    """Run a change's write with what its claim took; then store the game's
    summary (unless the claim did) and its players' lines."""
    outcome = plan.apply(claimed)
    if plan.summary is not None:
        if not summary_stored:
            _store_summary(game_id, plan.summary)
        if plan.lines:
            _players_lines(game_id)
    return outcome


@dataclass(frozen=True)
class _Head:
    """A game's row as read for a change (its JSON columns decoded)."""

    id: int
    created_at: Any
    revision: int
    view_key: str
    rounds_played: int
    status: str
    shelf: str
    engine_version: int | None
    kind: str
    set_n: int
    first_starter: str | None
    summary: dict[str, Any] | None
    rules: dict[str, Any] | None
    players: list[str]
    away: list[str] | None
    teams: list[list[str]] | None = None
    ended_by_players: bool = False


@dataclass(frozen=True)
class _Stored:
    """One stored round as read for a change."""

    id: int
    number: int
    version: int
    data: dict[str, Any]
    result: dict[str, Any] | None

    @property
    def round_result(self) -> RoundResult:
        """The stored result (:func:`_read_tail` reads no round without one)."""
        if self.result is None:
            raise _Stale()
        return RoundResult.from_dict(self.result)


@dataclass(frozen=True)
class _Tail:
    """A game's head, summary and rounds from ``first`` on, as read for a change."""

    row: _Head
    rounds: list[_Stored]

    def state_before(self, number: int) -> GameState | FamilyState:
        """The game after round ``number - 1`` (from the stored results; a
        kind read by its own module reads the rounds before it again).

        A kind read by its own module needs the rounds before ``number``:
        those the tail lacks are read (one query).
        """
        table = table_of(head_of(self.row))
        if isinstance(table, FamilyTable):
            rounds = self.rounds
            if len([r for r in rounds if r.number < number]) != number - 1:
                rounds = _read_tail(self.row.id, None, whole=True).rounds
            return FamilyState.of(table, [r.data for r in rounds if r.number < number])
        if number <= 1:
            return GameState.start(table)
        by_number = {r.number: r for r in self.rounds}
        prev = by_number[number - 1]
        counts = dict((self.row.summary or {}).get("rounds_out", {}))
        for r in self.rounds:
            if r.number >= number:
                for name in (r.result or {}).get("credited", ()):
                    counts[name] -= 1
        return GameState.resume(table, number - 1, prev.round_result,
                                counts, tuple(prev.data.get("absent", ())))

    def view(self, state: GameState | FamilyState, added: RoundView, revision: int,
             summary: dict[str, Any]) -> GameView:
        """The game as adding round ``added`` to it left it (the tail read
        whole), without reading it again: what :func:`.games.get_game`
        would read once the change is committed.

        :param state: the game after ``added``.
        :param revision: the revision the change's claim gave the game.
        :param summary: ``state.summary()``, as stored.
        """
        return GameView(
            id=self.row.id, created_at=self.row.created_at, revision=revision,
            view_key=self.row.view_key, shelf=self.row.shelf, table=state.table,
            rounds=(*(RoundView(r.number, r.version, r.data, r.round_result)
                      for r in self.rounds), added),
            summary=summary, engine_version=SCORING_VERSION, recheck_problem=None,
        )


_LAST_ONLY = 2**31 - 1
"""``start`` when only the last round is read."""


def _read_tail(game_id: int, first: int | None, whole: bool = False) -> _Tail:
    """The game's row and its rounds numbered ``first - 1`` and after (the
    last one only from ``first = None``; all of them when ``whole``), in one
    query.

    :raises NotFound: no such game (or it is in the trash).
    """
    start = 1 if whole else _LAST_ONLY if first is None else max(first - 1, 1)
    rows = db.session.execute(_TAIL, {"game_id": game_id, "start": start}).all()
    if not rows or rows[0].shelf == "trash":
        raise NotFound(f"no game {game_id}")
    g = rows[0]
    row = _Head(g.id, g.created_at, g.revision, g.view_key, g.rounds_played, g.status, g.shelf,
                g.engine_version, g.kind, g.set_n, g.first_starter,
                **{c: _decoded(getattr(g, c)) for c in _JSON_ONCE},
                ended_by_players=bool(g.ended_by_players))
    if row.summary is None or row.engine_version != SCORING_VERSION:
        raise _Stale()
    rounds = [_Stored(r.round_id, r.number, r.version, r.data, r.result) for r in rows if r.number is not None]
    lowest = min(start, max(row.rounds_played, 1))
    if [r.number for r in rounds] != list(range(lowest, row.rounds_played + 1)):
        raise _Moved()  # the rounds are not the ones the game's row counts
    if any(r.result is None for r in rounds):
        raise _Stale()
    return _Tail(row, rounds)


class _Stale(Exception):
    """The game's stored results are missing or from another engine version."""


class _Moved(Exception):
    """The game changed while it was being read: read it again."""


def _change(game_id: int, first: int | None, decide: Callable[[_Tail], _Outcome | _Write[_Outcome]],
            whole: bool = False) -> _Outcome | Conflicted:
    """Run a change of one game: read what it needs (rounds from ``first``;
    all of them when ``whole``),
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
                    revision = _claim(game_id)
                    if revision is None:
                        raise NotFound(f"no game {game_id}")
                    plan = decide(_read_tail(game_id, first, whole))
                    if isinstance(plan, _Write):
                        # (isinstance narrows a _Write[_Outcome] to _Write[Any])
                        done: _Outcome = _apply(plan, game_id, _Claimed(revision, _ids_of(plan.players)))
                        return done
                    db.session.rollback()
                    return plan
            bare_read()
            tail = _read_tail(game_id, first, whole)
            revision = tail.row.revision
            end_read()
            plan = decide(tail)
            if not isinstance(plan, _Write):
                return plan
            with transaction():
                claimed = _claim_at(game_id, revision, plan)
                if claimed is not None:
                    done = _apply(plan, game_id, claimed, summary_stored=True)
                    return done
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


_STORE_SUMMARY = _GAME.update().where(_G.id == bindparam("game_id")).values(_NEW_SUMMARY)


def _ids_of(players: tuple[str, ...]) -> dict[str, int]:
    """The roster ids of ``players`` (a query of its own: :func:`_claim_at`
    reads them in its statement)."""
    if not players:
        return {}
    return ids_by_name(players)


def _store_summary(game_id: int, summary: dict[str, Any]) -> None:
    """Store the game's summary columns (:func:`.store._summary_columns`)."""
    db.session.execute(_STORE_SUMMARY, {"game_id": game_id, **_summary_params(summary)})


def _update_game(game_id: int, state: GameState | FamilyState) -> None:
    """Store the game's summary after a change (an undo's), and its players' lines."""
    _store_summary(game_id, _summary_columns(state))
    _players_lines(game_id)
