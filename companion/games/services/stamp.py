"""The history stamp: one number that goes up with every committed change to
the games or the roster, so a list of games made under a number stays right
until the number moves.

How it moves: every write to the ``game`` or ``player`` table through the
session (an object flushed, or an ``update``/``delete``/``insert`` statement
on those tables) marks the transaction, and just before that transaction
commits, one ``UPDATE history_stamp SET n = n + 1`` goes with it. The update
is the transaction's last statement, so on PostgreSQL the row's lock is held
only while committing and a transaction waiting for it holds nothing the
holder still needs (no deadlock); on SQLite the writer already holds the
database's one write lock. A rolled-back transaction raises nothing.

How it is read: :func:`history_stamp` before the lists (one small query).
A list read after the stamp is never older than the stamp, so keeping it
under that number is safe (:mod:`companion.pagecache`).
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import event, select
from sqlalchemy.orm import ORMExecuteState, Session

from companion.games.models import GameRow, HistoryStampRow, PlayerRow
from companion.store.tx import first_row

_WATCHED = frozenset({GameRow.__tablename__, PlayerRow.__tablename__})
_FLAG = "companion.history_changed"
_STAMP = select(HistoryStampRow.n).where(HistoryStampRow.id == 1)
_TABLE = HistoryStampRow.__table__
_BUMP = _TABLE.update().where(_TABLE.c.id == 1).values(n=_TABLE.c.n + 1)
"""A Core statement, run on the transaction's connection (no ORM work)."""


def history_stamp() -> int | None:
    """The number of the games and the roster as committed now; ``None`` when
    the database has no stamp (then nothing may be kept under it). The read
    is ended (:func:`~.tx.first_row`)."""
    row = first_row(_STAMP)
    return None if row is None else row[0]


@event.listens_for(Session, "after_flush")
def _flushed(session: Session, _context: Any) -> None:
    for obj in (*session.new, *session.dirty, *session.deleted):
        if isinstance(obj, (GameRow, PlayerRow)):
            session.info[_FLAG] = True
            return


@event.listens_for(Session, "do_orm_execute")
def _executed(state: ORMExecuteState) -> None:
    if state.is_update or state.is_delete or state.is_insert:
        table = getattr(state.statement, "table", None)
        if getattr(table, "name", None) in _WATCHED:
            state.session.info[_FLAG] = True


@event.listens_for(Session, "before_commit")
def _before_commit(session: Session) -> None:
    if session.new or session.dirty or session.deleted:
        session.flush()  # the last objects' writes mark the transaction too
    if session.info.pop(_FLAG, False):
        session.connection().execute(_BUMP)


@event.listens_for(Session, "after_rollback")
def _rolled_back(session: Session) -> None:
    session.info.pop(_FLAG, None)
