"""The sign-in limit's count, kept in the database: one count for every
process of the server.

Flask-Limiter counted wrong tokens in each process's memory, so gunicorn's
four workers let four times the limit through. Its storage is a plug-in of
the ``limits`` library (``RATELIMIT_STORAGE_URI``); the ones it ships need a
server of their own (Redis, Memcached, MongoDB, etcd), which a home server
beside a domino table does not run. :class:`DatabaseStorage` keeps the
moving window's entries (one row per wrong token: the address and the time)
in the app's own database, SQLite or PostgreSQL, which every worker shares.

Only the moving window is implemented (the strategy
:func:`companion.web.security._sign_in_limiter` uses). Two workers counting
the same address at the same instant may each let one more attempt through
(the count and the insert are two statements); the limit still holds within
a few attempts, instead of a factor of the number of workers."""

from __future__ import annotations

import time

from limits.storage import MovingWindowSupport, Storage
from sqlalchemy import Float, Integer, String, delete, func, select
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Mapped, mapped_column

from companion.store.db import db
from companion.store.tx import bare_read, end_read, transaction

SCHEME = "companion-db"
"""``RATELIMIT_STORAGE_URI`` of :class:`DatabaseStorage`: ``companion-db://``."""


class SignInAttemptRow(db.Model):  # type: ignore[name-defined,misc]  # db.Model: no type to mypy
    """One wrong token (a counted sign-in attempt) of one address.

    :ivar key: Flask-Limiter's key (its prefix, the limit and the address).
    :ivar at: when, in seconds since the epoch (UTC).
    """

    __tablename__ = "sign_in_attempt"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    key: Mapped[str] = mapped_column(String(200), index=True)
    at: Mapped[float] = mapped_column(Float)


class DatabaseStorage(Storage, MovingWindowSupport):
    """A ``limits`` storage in the app's database (see the module's text).

    Used inside a request (Flask-Limiter checks before the view and counts
    after it), so the app's session is at hand.
    """

    STORAGE_SCHEME = [SCHEME]

    def __init__(self, uri: str | None = None, wrap_exceptions: bool = False,
                 **options: float | str | bool) -> None:
        super().__init__(uri, wrap_exceptions=wrap_exceptions, **options)

    @property
    def base_exceptions(self) -> type[Exception]:  # noqa: D102 (limits' interface)
        return SQLAlchemyError

    def _count(self, key: str, since: float) -> tuple[float | None, int]:
        """The oldest entry of ``key`` since ``since`` and how many there are."""
        oldest, count = db.session.execute(
            select(func.min(SignInAttemptRow.at), func.count())
            .where(SignInAttemptRow.key == key, SignInAttemptRow.at >= since)
        ).one()
        return oldest, int(count)

    def acquire_entry(self, key: str, limit: int, expiry: int, amount: int = 1) -> bool:
        """Count ``amount`` attempts of ``key`` when fewer than ``limit`` are
        counted in the last ``expiry`` seconds; entries older than the window
        are dropped.

        :return: whether they were counted (within the limit).
        """
        if amount > limit:
            return False
        now = time.time()
        with transaction() as session:
            session.execute(delete(SignInAttemptRow).where(SignInAttemptRow.key == key,
                                                           SignInAttemptRow.at < now - expiry))
            _, count = self._count(key, now - expiry)
            if count + amount > limit:
                return False
            session.add_all([SignInAttemptRow(key=key, at=now) for _ in range(amount)])
        return True

    def get_moving_window(self, key: str, limit: int, expiry: int) -> tuple[float, int]:
        """:return: (the oldest counted attempt within the window, or now;
        how many are counted), as ``limits`` asks."""
        now = time.time()
        bare_read()  # one statement: on PostgreSQL without BEGIN and ROLLBACK
        oldest, count = self._count(key, now - expiry)
        end_read()  # the request's own reads and writes start afresh
        return (oldest if oldest is not None else now), count

    def incr(self, key: str, expiry: int, amount: int = 1) -> int:
        """Count ``amount`` attempts (no limit); :return: the attempts now counted."""
        now = time.time()
        with transaction() as session:
            session.add_all([SignInAttemptRow(key=key, at=now) for _ in range(amount)])
            session.flush()
            _, count = self._count(key, now - expiry)
        return count

    def get(self, key: str) -> int:
        """:return: every attempt counted for ``key``."""
        bare_read()
        _, count = self._count(key, 0.0)
        end_read()
        return count

    def get_expiry(self, key: str) -> float:
        """:return: now (entries expire one by one in a moving window)."""
        return time.time()

    def check(self) -> bool:
        """:return: whether the database answers."""
        try:
            db.session.execute(select(1))
            end_read()
            return True
        except SQLAlchemyError:
            return False

    def reset(self) -> int | None:
        """Forget every attempt; :return: how many there were."""
        with transaction() as session:
            count = session.execute(select(func.count()).select_from(SignInAttemptRow)).scalar_one()
            session.execute(delete(SignInAttemptRow))
        return int(count)

    def clear(self, key: str) -> None:
        """Forget the attempts of ``key``."""
        with transaction() as session:
            session.execute(delete(SignInAttemptRow).where(SignInAttemptRow.key == key))
