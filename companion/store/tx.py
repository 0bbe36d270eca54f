"""The one transaction helper: every change to the database goes through it."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, cast

from flask_sqlalchemy.session import Session
from sqlalchemy import CursorResult, Executable, Result, Row, Table, select
from sqlalchemy.exc import DBAPIError, IntegrityError
from sqlalchemy.orm import scoped_session
from sqlalchemy.orm.exc import ObjectDeletedError, StaleDataError

from companion.store.db import TurnTakingConnection, db

_in_transaction: ContextVar[bool] = ContextVar("in_transaction", default=False)


@contextmanager
def transaction() -> Iterator[scoped_session[Session]]:
    """Run the block as one transaction: commit when it ends, roll back on any
    exception (and re-raise it), so a failed change leaves nothing behind.

    A block run inside another one joins it: the outer block commits or rolls
    back the whole (a club night's draw stores its tables' games through the
    games' own service, in the draw's transaction).

    :return: the session, for the block to use.
    :raises BaseException: whatever the block raised, after the rollback.
    """
    if _in_transaction.get():
        yield db.session
        return
    token = _in_transaction.set(True)
    try:
        yield db.session
        db.session.commit()
    except BaseException:
        db.session.rollback()
        raise
    finally:
        _in_transaction.reset(token)


def take_turn(table: Table | None = None, ids: Iterable[int] = ()) -> None:
    """Inside a :func:`transaction`, wait until this change may go on alone:
    on PostgreSQL lock the rows of ``table`` with ``ids`` (``SELECT … FOR
    UPDATE``, lowest id first, so two changes taking the same rows never wait
    for each other crosswise); on SQLite take the write turn
    (:class:`~companion.store.db.TurnTakingConnection`), which every writer
    takes before it writes, so what the block reads next stays as read until
    it commits. Call it before reading what the change decides on.
    """
    session = db.session()
    connection = session.connection()
    if connection.dialect.name == "postgresql":
        wanted = sorted(set(ids))
        if table is not None and wanted:
            session.execute(select(table.c.id).where(table.c.id.in_(wanted))
                            .order_by(table.c.id).with_for_update())
        return
    dbapi = connection.connection.dbapi_connection
    if isinstance(dbapi, TurnTakingConnection):
        dbapi.take_turn()


_RACE_STATES = ("40P01", "40001", "55P03")
"""PostgreSQL's deadlock, serialization failure and lock not available."""


@contextmanager
def transaction_or_conflict(conflict: Callable[[Exception], Exception],
                            refusals: tuple[type[Exception], ...] = ()) -> Iterator[scoped_session[Session]]:
    """:func:`transaction`, where a race the change lost (:func:`is_race`)
    comes out as ``conflict(exc)`` (the feature's 409 error) and nothing is
    changed; the feature's own ``refusals`` pass through as they are.

    :raises Exception: ``conflict(exc)`` for a lost race; any other error as raised.
    """
    try:
        with transaction() as session:
            yield session
    except refusals:
        raise
    except Exception as exc:
        if is_race(exc):
            raise conflict(exc) from exc
        raise


def is_race(exc: BaseException) -> bool:
    """True when ``exc`` is what two changes racing each other end in, not a
    fault: a unique key taken meanwhile, a row gone or changed meanwhile, a
    PostgreSQL deadlock (or serialization failure), SQLite's write turn not
    coming (``database is locked``). The caller answers 409 with a message."""
    if isinstance(exc, (IntegrityError, StaleDataError, ObjectDeletedError)):
        return True
    if isinstance(exc, DBAPIError):
        state = getattr(exc.orig, "sqlstate", None) or getattr(exc.orig, "pgcode", None)
        return state in _RACE_STATES or "database is locked" in str(exc.orig)
    return False


_one_read: ContextVar[bool] = ContextVar("one_read", default=False)


def end_read() -> None:
    """End the session's read (a transaction holding a snapshot), so that a
    later write starts afresh: on SQLite a read kept open would make the write
    fail at once when another process wrote meanwhile. Inside
    :func:`one_read` the read goes on until the block ends."""
    if not _one_read.get():
        db.session.rollback()


@contextmanager
def one_read() -> Iterator[None]:
    """Several reads (a page's lists) as one read of one snapshot, ended once
    when the block ends. Nothing inside may write."""
    if _one_read.get():
        yield
        return
    token = _one_read.set(True)
    try:
        yield
    finally:
        _one_read.reset(token)
        db.session.rollback()


def bare_read() -> None:
    """On PostgreSQL, let the session's next read, outside any transaction,
    run without one of its own: no BEGIN and no ROLLBACK, two round trips
    less. Each statement then sees its own snapshot, so use it for a read of
    one statement. The connection goes back to the pool in its usual mode
    when the read ends (SQLAlchemy resets an isolation level set this way)."""
    session = db.session()
    if (not _one_read.get() and not session.in_transaction()
            and session.get_bind().dialect.name == "postgresql"):
        session.connection(execution_options={"isolation_level": "AUTOCOMMIT"})


def first_row(statement: Executable, params: Mapping[str, Any] | None = None) -> Row[Any] | None:
    """The first row of a read that is one statement (or ``None``), the read
    then ended (:func:`end_read`); on PostgreSQL outside a transaction it
    runs as a :func:`bare_read`. Used by the small reads that name what a
    kept page was made from (a game's stamp, the history stamp) and by the
    table view's poll. Not for a block that writes: ending the read rolls
    back what the session holds (inside :func:`one_read` nothing is ended)."""
    bare_read()
    row = db.session.execute(statement, dict(params or {})).first()
    end_read()
    return row


def changed_rows(result: Result[Any]) -> int:
    """How many rows an ``UPDATE`` or ``DELETE`` ``result`` touched (the
    driver's ``rowcount``). ``Session.execute`` answers such a statement with a
    :class:`~sqlalchemy.CursorResult`, but its type hints say only
    :class:`~sqlalchemy.Result`, which has no ``rowcount``."""
    return cast("CursorResult[Any]", result).rowcount
