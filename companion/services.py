"""The service layer: load a game, let the rules engine check a change, store it.

Views (pages and API) call these functions and map the exceptions to answers:
:class:`~companion.rules.RecordError` → 422, :class:`Conflict` → 409,
:class:`NotFound` → 404.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any

from flask import current_app
from sqlalchemy import func, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import joinedload

from .db import db
from .i18n import gettext
from .models import GameRow, PlayerRow, RoundRequest, RoundRow
from .rules import Game, RecordError, check_round, read_game
from .rules.errors import Problem


class NotFound(LookupError):
    """No game (or round) with that id or number."""


class Conflict(Exception):
    """The change meets a newer state (``edit_conflict``): nothing was saved.

    :ivar problem: the :class:`Problem` to report (code ``edit_conflict``).
    """

    def __init__(self, path: str, message: str):
        self.problem = Problem(path, "edit_conflict", message)
        super().__init__(message)


def get_row(game_id: int) -> GameRow:
    """The stored game, or :class:`NotFound`."""
    row = db.session.get(GameRow, game_id)
    if row is None:
        raise NotFound(f"no game {game_id}")
    return row


_CACHE_SIZE = 256
_cache_lock = threading.Lock()


def load(game_id: int, cached: bool = True) -> tuple[GameRow, Game]:
    """The stored game and its checked domain value.

    Reading a game checks every round again with the rules engine; the result
    is kept per app process, keyed by the game's id, revision and creation
    time. Every change raises the revision (:func:`_lock_game`), so a kept
    value is never out of date.

    :param cached: ``False`` reads and checks afresh and keeps nothing (used
        while a change holds the game's write lock).
    :raises NotFound: when there is no such game.
    """
    # One statement reads the game with its rounds, so the revision and the
    # rounds always belong together (another device may be saving meanwhile).
    row = db.session.execute(
        db.select(GameRow)
        .where(GameRow.id == game_id)
        .options(joinedload(GameRow.rounds))
        .execution_options(populate_existing=True)
    ).unique().scalar_one_or_none()
    if row is None:
        raise NotFound(f"no game {game_id}")
    if not cached:
        return row, read_game(row.record(), confirm=True)
    cache: OrderedDict = current_app.extensions.setdefault("companion.games", OrderedDict())
    key = (row.id, row.revision, row.created_at)
    with _cache_lock:
        game = cache.get(key)
        if game is not None:
            cache.move_to_end(key)
            return row, game
    game = read_game(row.record(), confirm=True)
    with _cache_lock:
        cache[key] = game
        while len(cache) > _CACHE_SIZE:
            cache.popitem(last=False)
    return row, game


def list_games() -> list[GameRow]:
    """Every game, newest first."""
    return list(db.session.execute(db.select(GameRow).order_by(GameRow.id.desc())).scalars())


def known_players() -> list[str]:
    """Names from earlier games, most recently played first."""
    q = db.select(PlayerRow.name).order_by(PlayerRow.last_played.desc(), PlayerRow.name)
    return list(db.session.execute(q).scalars())


def create_game(record: Any, confirm: bool = False) -> GameRow:
    """Check a game record (rounds optional) and store it, with its rounds, in
    one transaction.

    :param record: a docs/design.md game record.
    :param confirm: accept soft-rule warnings.
    :return: the stored row.
    :raises RecordError: when the record is refused; nothing is stored.
    """
    game = read_game(record, confirm=confirm)
    head = game.table.as_dict()
    row = GameRow(
        kind=head["kind"],
        set_n=head["set"],
        rules=head["rules"],
        players=head["players"],
        first_starter=head["first_starter"],
    )
    for rnd in game.rounds:
        row.rounds.append(RoundRow(number=rnd.number, data=rnd.as_dict()))
    try:
        db.session.add(row)
        _remember_players(game.table.players)
        db.session.commit()
    except BaseException:
        db.session.rollback()
        raise
    return row


def _remember_players(names) -> None:
    """Insert or refresh the names in ``player``, safe against another process
    doing the same at once (an upsert on SQLite and PostgreSQL, in name order so
    two transactions never wait on each other in a circle)."""
    names = sorted(set(names))
    if not names:
        return
    dialect = db.session.get_bind().dialect.name
    if dialect in ("sqlite", "postgresql"):
        if dialect == "sqlite":
            from sqlalchemy.dialects.sqlite import insert
        else:
            from sqlalchemy.dialects.postgresql import insert
        stmt = insert(PlayerRow).values([{"name": n, "last_played": func.now()} for n in names])
        stmt = stmt.on_conflict_do_update(
            index_elements=[PlayerRow.name], set_={"last_played": func.now()}
        )
        db.session.execute(stmt)
        return
    existing = {
        p.name: p
        for p in db.session.execute(db.select(PlayerRow).where(PlayerRow.name.in_(names))).scalars()
    }
    for name in names:
        if name in existing:
            existing[name].last_played = func.now()
        else:
            db.session.add(PlayerRow(name=name))


def _lock_game(game_id: int) -> tuple[GameRow, Game]:
    """Start a change of one game: raise its revision first, which takes the
    game's write lock (PostgreSQL: the row lock; SQLite: the database's write
    lock), so changes to one game run one after the other and each one checks
    the state the previous one left. Then load the game afresh.

    The caller commits, or rolls back on any error (which also undoes the
    revision).

    :raises NotFound: no such game.
    """
    result = db.session.execute(
        update(GameRow)
        .where(GameRow.id == game_id)
        .values(revision=GameRow.revision + 1)
        .execution_options(synchronize_session=False)
    )
    if result.rowcount != 1:
        db.session.rollback()
        raise NotFound(f"no game {game_id}")
    db.session.expire_all()
    return load(game_id, cached=False)


def add_round(game_id: int, data: Any, number: int | None = None, confirm: bool = False,
              idempotency_key: str | None = None) -> RoundRow:
    """Add the next round.

    :param data: the round object (docs/design.md).
    :param number: the round the sender means to add; when it is not the next
        one the change is refused with :class:`Conflict` (a form sent twice).
    :param confirm: accept soft-rule warnings.
    :param idempotency_key: the API's ``Idempotency-Key``: stored with the
        round in the same transaction (a second round with the same key in
        this game is a :class:`Conflict`; see :func:`round_for_key`).
    :raises NotFound: no such game.
    :raises Conflict: ``number`` is not the next round, or another device saved
        the same round first.
    :raises RecordError: the round is refused (``game_finished`` among others).
    """
    try:
        row, game = _lock_game(game_id)
        nxt = len(game.rounds) + 1
        if number is not None and number != nxt:
            raise Conflict(
                "number",
                gettext(
                    "Round %(number)s is already recorded; the next round is %(next)s.",
                    number=number, next=nxt,
                )
                if number < nxt
                else gettext("The next round is %(next)s, not %(number)s.", next=nxt, number=number),
            )
        rnd = check_round(game, data, nxt, confirm=confirm)
        new = RoundRow(game_id=row.id, number=nxt, data=rnd.as_dict(), version=1)
        db.session.add(new)
        if idempotency_key is not None:
            db.session.add(RoundRequest(game_id=row.id, key=idempotency_key, number=nxt))
        db.session.flush()
        saved = RoundRow(id=new.id, game_id=row.id, number=nxt, data=rnd.as_dict(), version=1)
        db.session.commit()
    except IntegrityError:
        db.session.rollback()
        raise Conflict("number", gettext("This round was just saved from another device.")) from None
    except BaseException:
        db.session.rollback()
        raise
    # As saved (a detached row): another device may change the game again at once.
    return saved


def round_for_key(game_id: int, key: str) -> int | None:
    """The number of the round an API request with ``Idempotency-Key: key``
    added to this game, or ``None`` when no round was added with that key."""
    return db.session.execute(
        db.select(RoundRequest.number).where(RoundRequest.game_id == game_id, RoundRequest.key == key)
    ).scalar_one_or_none()


def get_round(row: GameRow, number: int) -> RoundRow:
    """Round ``number`` (1-based) of a stored game, or :class:`NotFound`."""
    for r in row.rounds:
        if r.number == number:
            return r
    raise NotFound(f"game {row.id} has no round {number}")


def replace_round(
    game_id: int, number: int, data: Any, version: int | None = None, confirm: bool = False
) -> RoundRow:
    """Replace round ``number`` with ``data``.

    :param version: the round's version the sender read; an older one than the
        stored version raises :class:`Conflict`. ``None`` skips the check.
    :return: the round as saved (a detached row: number, data, version).
    :raises NotFound: no such game or round.
    :raises Conflict: the round changed since it was read.
    :raises RecordError: the new round is refused.
    """
    conflict = Conflict(
        f"rounds[{number - 1}].version",
        gettext("Round %(number)s was changed on another device since you opened it.", number=number),
    )
    try:
        row, game = _lock_game(game_id)
        stored = get_round(row, number)
        if version is not None and version != stored.version:
            raise conflict
        rnd = check_round(game, data, number, confirm=confirm)
        current = stored.version
        result = db.session.execute(
            update(RoundRow)
            .where(RoundRow.id == stored.id, RoundRow.version == current)
            .values(data=rnd.as_dict(), version=current + 1, updated_at=func.now())
            .execution_options(synchronize_session=False)
        )
        if result.rowcount != 1:
            raise conflict
        db.session.commit()
    except BaseException:
        db.session.rollback()
        raise
    # As saved: another device may change the game again at once.
    return RoundRow(id=stored.id, game_id=game_id, number=number, data=rnd.as_dict(),
                    version=current + 1)


def delete_last_round(game_id: int, number: int) -> None:
    """Delete round ``number``, which must be the last one recorded.

    :raises NotFound: no such game or round.
    :raises RecordError: ``bad_value`` when it is not the last round.
    """
    try:
        row, _ = _lock_game(game_id)
        stored = get_round(row, number)
        if number != len(row.rounds):
            raise RecordError(
                [
                    Problem(
                        f"rounds[{number - 1}]",
                        "bad_value",
                        gettext(
                            "Only the last round (%(last)s) can be deleted.", last=len(row.rounds)
                        ),
                    )
                ]
            )
        db.session.delete(stored)
        db.session.commit()
    except BaseException:
        db.session.rollback()
        raise


def delete_game(game_id: int) -> None:
    """Delete a whole game with its rounds.

    :raises NotFound: no such game.
    """
    try:
        row, _ = _lock_game(game_id)
        db.session.delete(row)
        db.session.commit()
    except BaseException:
        db.session.rollback()
        raise
