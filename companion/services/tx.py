"""The one transaction helper: every change to the database goes through it."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy.orm import scoped_session

from ..db import db


@contextmanager
def transaction() -> Iterator[scoped_session]:
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


def end_read() -> None:
    """End the session's read (a transaction holding a snapshot), so that a
    later write starts afresh: on SQLite a read kept open would make the write
    fail at once when another process wrote meanwhile."""
    db.session.rollback()
