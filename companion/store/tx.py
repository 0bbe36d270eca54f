"""The one transaction helper: every change to the database goes through it."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, cast

from flask_sqlalchemy.session import Session
from sqlalchemy import CursorResult, Executable, Result, Row
from sqlalchemy.orm import scoped_session

from companion.store.db import db


@contextmanager
def transaction() -> Iterator[scoped_session[Session]]:
    """Run the block as one transaction: commit when it ends, roll back on any
    exception (and re-raise it), so a failed change leaves nothing behind.

    :return: the session, for the block to use.
    :raises BaseException: whatever the block raised, after the rollback.
    """
    try:
        yield db.session
        db.session.commit()
    except BaseException:
        db.session.rollback()
        raise


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
