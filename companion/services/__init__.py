"""The service layer: every read and every change of a stored game.

A change is checked by the rules engine once, when it is written, and what the
engine derives is stored beside it (:mod:`companion.rules.state`): each round's points and
running totals, the game's standings, status, winners and next round. Reading
a game or a list is then a query or two and no engine run (:mod:`.values`).

A change reads what it needs, runs the engine outside any write lock, then
writes in one short transaction (:func:`.tx.transaction`) that first claims the
game's revision it read; when another device changed the game meanwhile the
claim fails and the change is worked out again on the new state (the last try
holds the game's lock throughout). Saving round n checks that round only and
costs work in the players, a correction of round k replays the stored points of
rounds k+1..n.

Views map what comes back: values (:class:`~.values.Saved`,
:class:`~.values.AlreadySaved`, :class:`~.values.Conflicted`) and the
exceptions :class:`~companion.rules.RecordError` (422) and :class:`NotFound` (404).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from typing import Any

from sqlalchemy import func, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import joinedload

from ..db import db
from ..i18n import gettext
from ..models import GameRow, PlayerRow, RoundRequest, RoundRow
from ..rules import Game, RecordError, read_game
from ..rules.entry import complete_entry
from ..rules.errors import Problem, Problems
from ..rules.read_round import parse_round
from ..rules.state import SCORING_VERSION, GameState, RoundResult, derive_all
from ..rules.state import check_round_at as check_round
from .tx import end_read, transaction
from .values import (
    AlreadySaved,
    Conflicted,
    GameSummary,
    GameView,
    Page,
    Recheck,
    RoundView,
    Saved,
    table_of,
)

__all__ = [
    "AlreadySaved", "Conflicted", "GameQuery", "GameSummary", "GameView", "NotFound", "Page",
    "Recheck", "RoundView", "SCORING_VERSION", "Saved", "add_round", "archive_game",
    "check_round", "create_game", "create_games", "delete_last_round", "empty_trash",
    "game_ids", "game_revision", "get_game", "known_players", "list_games", "recheck",
    "store_games",
    "replace_round", "restore_game", "round_for_key", "store_results", "transaction", "trash_game",
]

SHELVES = ("games", "archive", "trash")
ATTEMPTS = 3
"""Tries of a change whose game another device changed meanwhile; the last one
holds the game's lock from the read to the write."""


class NotFound(LookupError):
    """No game (or round) with that id or number; or the game is in the trash."""


# ---------------------------------------------------------------- checking


def _head(row: GameRow) -> dict[str, Any]:
    return {
        "format": "domino-game-record", "version": 1, "kind": row.kind, "set": row.set_n,
        "rules": dict(row.rules or {}), "players": list(row.players),
        "first_starter": row.first_starter,
    }


def _names(players: Iterable[str]) -> str:
    return "\n" + "\n".join(p.casefold() for p in players) + "\n"


# ---------------------------------------------------------------- storing results


def _summary_columns(state: GameState) -> dict[str, Any]:
    summary = state.summary()
    return {
        "summary": summary,
        "status": summary["status"],
        "rounds_played": state.played,
        "engine_version": SCORING_VERSION,
        "recheck_problem": None,
    }


def store_results(row: GameRow, game: Game) -> None:
    """Store on ``row`` and its round rows everything derived from ``game``
    (the same game, checked by the engine), inside the caller's transaction.

    :param row: the game's row, with its rounds (numbered as ``game.rounds``).
    :param game: the checked game.
    """
    state, results = derive_all(game.table, game.rounds)
    by_number = {r.number: r for r in row.rounds}
    for rnd, res in zip(game.rounds, results):
        by_number[rnd.number].result = res.as_dict()
    for key, value in _summary_columns(state).items():
        setattr(row, key, value)
    row.rounds_total = game.table.round_count
    row.names = _names(game.table.players)


def _new_row(game: Game) -> GameRow:
    head = game.table.as_dict()
    row = GameRow(kind=head["kind"], set_n=head["set"], rules=head["rules"],
                  players=head["players"], first_starter=head["first_starter"])
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


def store_games(games: Sequence[Game]) -> list[int]:
    """Store games the engine has checked, with their results and the known
    player names, all in one transaction (all or none).

    :return: the new games' ids, in order.
    """
    rows = [_new_row(g) for g in games]
    with transaction():
        db.session.add_all(rows)
        db.session.flush()
        _remember_players({p for g in games for p in g.table.players})
        _players_lines(*(r.id for r in rows))
        ids = [r.id for r in rows]
    db.session.expunge_all()
    return ids


def _remember_players(names) -> None:
    """The names join the roster: one player per name, case and Unicode form
    ignored, safe against another process adding the same name at once
    (:func:`companion.roster.remember`)."""
    from ..roster import remember

    remember(names)


def _players_lines(*game_ids: int) -> None:
    """Write the players' lines of these games from their stored results, in
    the caller's transaction (:func:`companion.roster.refresh_game`)."""
    from ..roster import refresh_game

    db.session.flush()
    for game_id in game_ids:
        refresh_game(game_id)


def _round_view(r: RoundRow) -> RoundView:
    return RoundView(r.number, r.version, r.data, RoundResult.from_dict(r.result or {}))


def _view(row: GameRow) -> GameView:
    return GameView(
        id=row.id, created_at=row.created_at, revision=row.revision, view_key=row.view_key,
        shelf=row.shelf, table=table_of(_head(row)),
        rounds=tuple(_round_view(r) for r in sorted(row.rounds, key=lambda r: r.number)),
        summary=row.summary or {}, engine_version=row.engine_version,
        recheck_problem=row.recheck_problem,
    )


def _stale(row: GameRow) -> bool:
    return row.summary is None or row.engine_version is None or any(r.result is None for r in row.rounds)


def get_game(game_id: int, include_trash: bool = False) -> GameView:
    """A stored game with its results: one query, no engine run.

    A game stored without results (by an older release, or restored from a
    backup) has them derived and stored first.

    :param include_trash: also a game in the trash.
    :raises NotFound: no such game (or it is in the trash).
    """
    row = db.session.execute(
        db.select(GameRow)
        .where(GameRow.id == game_id)
        .options(joinedload(GameRow.rounds))
        .execution_options(populate_existing=True)
    ).unique().scalar_one_or_none()
    if row is None or (row.shelf == "trash" and not include_trash):
        end_read()
        raise NotFound(f"no game {game_id}")
    if _stale(row):
        end_read()
        _rederive(game_id)
        return get_game(game_id, include_trash)
    view = _view(row)
    end_read()
    return view


def game_revision(game_id: int) -> int:
    """The game's revision (raised by every change): a cheap check for the table view.

    :raises NotFound: no such game (or it is in the trash).
    """
    row = db.session.execute(
        db.select(GameRow.revision, GameRow.shelf).where(GameRow.id == game_id)
    ).first()
    end_read()
    if row is None or row.shelf == "trash":
        raise NotFound(f"no game {game_id}")
    return row.revision


@dataclass(frozen=True)
class GameQuery:
    """Which games to list, newest first.

    :ivar page: 1-based.
    :ivar per_page: 1 to :data:`MAX_PER_PAGE`.
    :ivar player: only games where this player sat (the exact name, any case).
    :ivar kind: only this kind of game.
    :ivar status: ``in_progress`` or ``finished``.
    :ivar since: only games started on or after this day (UTC).
    :ivar until: only games started on or before this day (UTC).
    :ivar text: only games with a player whose name holds this text (any case).
    :ivar shelf: ``games`` (default), ``archive`` or ``trash``.
    """

    page: int = 1
    per_page: int = 20
    player: str | None = None
    kind: str | None = None
    status: str | None = None
    since: date | None = None
    until: date | None = None
    text: str | None = None
    shelf: str = "games"


MAX_PER_PAGE = 100
MAX_PAGE = 1_000_000
"""Pages past this one are read as this one (empty on any real history), so a
huge ``page`` in an address never reaches the database as an out-of-range offset."""


def _like_escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")


def list_games(query: GameQuery = GameQuery()) -> Page:
    """One page of games, newest first, with the filters of ``query``: one query,
    no engine run.

    :return: the page (its games and whether a next page exists).
    """
    per_page = max(1, min(query.per_page, MAX_PER_PAGE))
    page = max(1, min(query.page, MAX_PAGE))
    q = db.select(
        GameRow.id, GameRow.created_at, GameRow.kind, GameRow.set_n, GameRow.players,
        GameRow.rounds_played, GameRow.rounds_total, GameRow.status, GameRow.summary,
        GameRow.shelf,
    ).where(GameRow.shelf == query.shelf)
    if query.status:
        q = q.where(GameRow.status == query.status)
    if query.kind:
        q = q.where(GameRow.kind == query.kind)
    if query.player:
        key = _like_escape("\n" + " ".join(query.player.split()).casefold() + "\n")
        q = q.where(GameRow.names.like(f"%{key}%", escape="\\"))
    if query.text and query.text.strip():
        key = _like_escape(" ".join(query.text.split()).casefold())
        q = q.where(GameRow.names.like(f"%{key}%", escape="\\"))
    if query.since:
        q = q.where(GameRow.created_at >= datetime.combine(query.since, time(), UTC))
    if query.until:
        end = datetime.combine(query.until + timedelta(days=1), time(), UTC)
        q = q.where(GameRow.created_at < end)
    q = q.order_by(GameRow.id.desc()).limit(per_page + 1).offset((page - 1) * per_page)
    rows = db.session.execute(q).all()
    end_read()
    items = [
        GameSummary(
            id=r.id, created_at=r.created_at, kind=r.kind, set_n=r.set_n,
            players=tuple(r.players), rounds_played=r.rounds_played or 0,
            rounds_total=r.rounds_total, status=r.status,
            leaders=tuple((r.summary or {}).get("leaders", ())),
            winners=tuple((r.summary or {}).get("winners", ())), shelf=r.shelf,
        )
        for r in rows[:per_page]
    ]
    return Page(items, page, per_page, len(rows) > per_page)


def game_ids(include_shelved: bool = True) -> list[int]:
    """Every game's id, oldest first (the trash left out)."""
    q = db.select(GameRow.id).where(GameRow.shelf != "trash")
    if not include_shelved:
        q = q.where(GameRow.shelf == "games")
    ids = list(db.session.execute(q.order_by(GameRow.id)).scalars())
    end_read()
    return ids


def known_players() -> list[str]:
    """Names from earlier games, most recently played first."""
    q = (db.select(PlayerRow.name).where(PlayerRow.archived.is_(False))
         .order_by(PlayerRow.last_played.desc(), PlayerRow.name))
    names = list(db.session.execute(q).scalars())
    end_read()
    return names


# ---------------------------------------------------------------- changing


@dataclass
class _Write:
    """A change worked out and ready to write: ``apply()`` runs in the transaction."""

    apply: Callable[[], Any]


def _claim(game_id: int, revision: int | None) -> bool:
    """Raise the game's revision (taking its write lock) if it still is
    ``revision`` (``None``: whatever it is); False when it is not (or gone)."""
    stmt = (
        update(GameRow)
        .where(GameRow.id == game_id, GameRow.shelf != "trash")
        .values(revision=GameRow.revision + 1, updated_at=func.now())
        .execution_options(synchronize_session=False)
    )
    if revision is not None:
        stmt = stmt.where(GameRow.revision == revision)
    return db.session.execute(stmt).rowcount == 1


@dataclass(frozen=True)
class _Tail:
    """A game's head, summary and rounds from ``first`` on, as read for a change."""

    row: GameRow
    rounds: list[RoundRow]

    def state_before(self, number: int) -> GameState:
        """The game after round ``number - 1`` (from the stored results)."""
        table = table_of(_head(self.row))
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
    row = db.session.execute(
        db.select(GameRow).where(GameRow.id == game_id).execution_options(populate_existing=True)
    ).scalar_one_or_none()
    if row is None or row.shelf == "trash":
        raise NotFound(f"no game {game_id}")
    if row.summary is None or row.engine_version != SCORING_VERSION:
        raise _Stale()
    start = max(row.rounds_played, 1) if first is None else max(min(first, row.rounds_played + 1) - 1, 1)
    rounds = list(db.session.execute(
        db.select(RoundRow).where(RoundRow.game_id == game_id, RoundRow.number >= start)
        .order_by(RoundRow.number).execution_options(populate_existing=True)
    ).scalars())
    if [r.number for r in rounds] != list(range(start, row.rounds_played + 1)):
        raise _Moved()  # another device changed the game between the two reads
    if any(r.result is None for r in rounds):
        raise _Stale()
    # Kept as read: the change is worked out after this read has ended.
    db.session.expunge(row)
    for r in rounds:
        db.session.expunge(r)
    return _Tail(row, rounds)


class _Stale(Exception):
    """The game's stored results are missing or from another engine version."""


class _Moved(Exception):
    """The game changed while it was being read: read it again."""


def _rederive(game_id: int) -> None:
    """Derive and store a game's results afresh (locked, in one transaction).

    :raises NotFound: no such game.
    :raises RecordError: the current engine refuses the game (nothing changed).
    """
    with transaction():
        if not _claim_any(game_id):
            raise NotFound(f"no game {game_id}")
        row = db.session.execute(
            db.select(GameRow).where(GameRow.id == game_id).options(joinedload(GameRow.rounds))
            .execution_options(populate_existing=True)
        ).unique().scalar_one()
        game = read_game({**_head(row), "rounds": [r.data for r in row.rounds]}, confirm=True)
        state, results = derive_all(game.table, game.rounds)
        ids = {r.number: r.id for r in row.rounds}
        db.session.expunge(row)
        # Core updates that keep ``updated_at``: deriving again changes no game.
        for rnd, res in zip(game.rounds, results):
            db.session.execute(update(RoundRow).where(RoundRow.id == ids[rnd.number])
                               .values(result=res.as_dict(), updated_at=RoundRow.updated_at)
                               .execution_options(synchronize_session=False))
        db.session.execute(
            update(GameRow).where(GameRow.id == game_id)
            .values(**_summary_columns(state), rounds_total=game.table.round_count,
                    names=_names(game.table.players), updated_at=GameRow.updated_at)
            .execution_options(synchronize_session=False))
        _players_lines(game_id)


def _claim_any(game_id: int) -> bool:
    """Take the game's write lock without raising its revision (any shelf)."""
    stmt = (update(GameRow).where(GameRow.id == game_id)
            .values(revision=GameRow.revision, updated_at=GameRow.updated_at)
            .execution_options(synchronize_session=False))
    return db.session.execute(stmt).rowcount == 1


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
                    if not _claim(game_id, None):
                        raise NotFound(f"no game {game_id}")
                    plan = decide(_read_tail(game_id, first))
                    if isinstance(plan, _Write):
                        return plan.apply()
                    db.session.rollback()
                    return plan
            tail = _read_tail(game_id, first)
            revision = tail.row.revision
            end_read()
            plan = decide(tail)
            if not isinstance(plan, _Write):
                return plan
            with transaction():
                if _claim(game_id, revision):
                    return plan.apply()
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


def _update_game(game_id: int, state: GameState) -> None:
    db.session.execute(
        update(GameRow).where(GameRow.id == game_id).values(**_summary_columns(state))
        .execution_options(synchronize_session=False)
    )
    _players_lines(game_id)


def _replayed(state: GameState, later: list[RoundRow]) -> tuple[GameState, list[tuple[RoundRow, RoundResult]]]:
    out = []
    for r in later:
        state, res = state.replay(RoundResult.from_dict(r.result), tuple(r.data.get("absent", ())))
        out.append((r, res))
    return state, out


def _same_round(tail: _Tail, number: int, data: Any, entry: bool) -> bool:
    """True when ``data`` is what round ``number`` already holds (a form sent twice)."""
    stored = next((r for r in tail.rounds if r.number == number), None)
    if stored is None:
        return False
    state = tail.state_before(number)
    try:
        data = _entered(state, data, entry)
    except RecordError:
        return False
    problems = Problems()
    rnd = parse_round(state.table, data, number, problems)
    return rnd is not None and not problems.errors and rnd.as_dict() == stored.data


def _entered(state: GameState, data: Any, entry: bool) -> Any:
    """``data`` completed by the entry form's conventions when ``entry``."""
    if not entry or not isinstance(data, dict):
        return data
    data, problems = complete_entry(state.table, data)
    if problems:
        raise RecordError(problems)
    return data


def add_round(game_id: int, data: Any, number: int | None = None, confirm: bool = False,
              entry: bool = False, idempotency_key: str | None = None):
    """Add the next round, checked against the game's stored state, with its results.

    :param data: the round object (docs/design.md).
    :param number: the round the sender means to add; when it is not the next
        one nothing is saved.
    :param confirm: accept soft-rule warnings.
    :param entry: ``data`` comes from the round entry form: apply its
        conventions first (:func:`companion.rules.entry.complete_entry`).
    :param idempotency_key: the API's ``Idempotency-Key``: stored with the
        round in the same transaction (see :func:`round_for_key`).
    :return: :class:`Saved`; :class:`AlreadySaved` when round ``number`` holds
        exactly ``data`` already (a double tap); :class:`Conflicted` when the
        game has moved on (``taken_by_other`` when another device saved round
        ``number`` with other numbers).
    :raises NotFound: no such game.
    :raises RecordError: the round is refused (``game_finished`` among others).
    """

    def decide(tail: _Tail):
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
        rnd = check_round(state, _entered(state, data, entry), nxt, confirm=confirm)
        after, result = state.advance(rnd)

        def write():
            db.session.add(RoundRow(game_id=game_id, number=nxt, data=rnd.as_dict(), version=1,
                                    result=result.as_dict()))
            if idempotency_key is not None:
                db.session.add(RoundRequest(game_id=game_id, key=idempotency_key, number=nxt))
            db.session.flush()
            _update_game(game_id, after)
            return Saved(RoundView(nxt, 1, rnd.as_dict(), result))

        return _Write(write)

    return _change(game_id, None, decide)


def round_for_key(game_id: int, key: str) -> int | None:
    """The number of the round an API request with ``Idempotency-Key: key``
    added to this game, or ``None`` when no round was added with that key."""
    number = db.session.execute(
        db.select(RoundRequest.number).where(RoundRequest.game_id == game_id, RoundRequest.key == key)
    ).scalar_one_or_none()
    end_read()
    return number


def _round_version(game_id: int, number: int) -> int | None:
    return db.session.execute(
        db.select(RoundRow.version).where(RoundRow.game_id == game_id, RoundRow.number == number)
    ).scalar_one_or_none()


def replace_round(game_id: int, number: int, data: Any, version: int | None = None,
                  confirm: bool = False, entry: bool = False):
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

    def decide(tail: _Tail):
        stored = next((r for r in tail.rounds if r.number == number), None)
        if stored is None or number < 1:
            raise NotFound(f"game {game_id} has no round {number}")
        if version is not None and version != stored.version:
            return Conflicted(Problem(f"rounds[{number - 1}].version", "edit_conflict", gettext(
                "Round %(number)s was changed on another device since you opened it.",
                number=number)), number, version=stored.version)
        state = tail.state_before(number)
        later = [r for r in tail.rounds if r.number > number]
        rnd = check_round(state, _entered(state, data, entry), number, confirm=confirm,
                          rounds_after=len(later))
        after, result = state.advance(rnd)
        final, replayed = _replayed(after, later)
        new_version = stored.version + 1

        def write():
            done = db.session.execute(
                update(RoundRow).where(RoundRow.id == stored.id, RoundRow.version == stored.version)
                .values(data=rnd.as_dict(), version=new_version, result=result.as_dict(),
                        updated_at=func.now())
                .execution_options(synchronize_session=False)
            ).rowcount
            if done != 1:
                raise IntegrityError("round changed", None, Exception())
            for r, res in replayed:
                db.session.execute(update(RoundRow).where(RoundRow.id == r.id)
                                   .values(result=res.as_dict())
                                   .execution_options(synchronize_session=False))
            _update_game(game_id, final)
            return Saved(RoundView(number, new_version, rnd.as_dict(), result))

        return _Write(write)

    return _change(game_id, number, decide)


def delete_last_round(game_id: int, number: int) -> None:
    """Delete round ``number``, which must be the last one recorded.

    :raises NotFound: no such game or round.
    :raises RecordError: ``bad_value`` when it is not the last round.
    """

    def decide(tail: _Tail):
        last = tail.row.rounds_played
        stored = next((r for r in tail.rounds if r.number == number), None)
        if stored is None or number < 1:
            raise NotFound(f"game {game_id} has no round {number}")
        if number != last:
            raise RecordError([Problem(f"rounds[{number - 1}]", "bad_value", gettext(
                "Only the last round (%(last)s) can be deleted.", last=last))])
        state = tail.state_before(number)

        def write():
            db.session.execute(db.delete(RoundRow).where(RoundRow.id == stored.id))
            _update_game(game_id, state)

        return _Write(write)

    _change(game_id, number, decide)


def _shelve(game_id: int, shelf: str, allowed: tuple[str, ...]) -> None:
    with transaction():
        done = db.session.execute(
            update(GameRow).where(GameRow.id == game_id, GameRow.shelf.in_(allowed))
            .values(shelf=shelf, shelved_at=func.now(), revision=GameRow.revision + 1)
            .execution_options(synchronize_session=False)
        ).rowcount
        if done != 1:
            raise NotFound(f"no game {game_id}")
        _players_lines(game_id)


def archive_game(game_id: int, archived: bool = True) -> None:
    """Hide a game from the list (``archived``) or bring it back.

    :raises NotFound: no such game (or it is in the trash).
    """
    if archived:
        _shelve(game_id, "archive", ("games",))
    else:
        _shelve(game_id, "games", ("archive",))


def trash_game(game_id: int) -> None:
    """Delete a game: it goes to the trash, from where it can be restored.

    :raises NotFound: no such game (or it is in the trash already).
    """
    _shelve(game_id, "trash", ("games", "archive"))


def restore_game(game_id: int) -> None:
    """Take a game out of the trash, back into the list.

    :raises NotFound: no such game in the trash.
    """
    _shelve(game_id, "games", ("trash",))


def empty_trash() -> int:
    """Delete every game in the trash for good, with its rounds.

    :return: how many games were deleted.
    """
    with transaction():
        ids = list(db.session.execute(db.select(GameRow.id).where(GameRow.shelf == "trash")).scalars())
        if ids:
            db.session.execute(db.delete(RoundRow).where(RoundRow.game_id.in_(ids)))
            db.session.execute(db.delete(GameRow).where(GameRow.id.in_(ids)))
    from .sheets import forget

    forget(ids)
    return len(ids)


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
