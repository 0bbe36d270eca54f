"""The database session: the one module that owns Flask-SQLAlchemy and Flask-Migrate.

:func:`init_app` also keeps two promises of a new database:

* a SQLite file is created readable and writable by its owner only (``0600``;
  SQLite gives its ``-wal`` and ``-shm`` files the same mode);
* a database nobody migrated answers every page with **503** and one line
  saying what to run, instead of a 500 "no such table" on every request; or,
  with ``COMPANION_MIGRATE_AT_START=1`` (and always under
  ``python -m companion.serve``), the app migrates it itself at start
  (:func:`migrate_at_start`), safely when several processes start at once.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import sqlite3
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from flask import Flask, Response, request
from flask_migrate import Migrate
from flask_sqlalchemy import SQLAlchemy
from sqlalchemy import MetaData, event, text
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import DisconnectionError, SQLAlchemyError
from sqlalchemy.orm import DeclarativeBase

NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class Base(DeclarativeBase):
    """Declarative base with stable constraint names (for migrations)."""

    metadata = MetaData(naming_convention=NAMING)


db = SQLAlchemy(model_class=Base)
migrate = Migrate(directory=str(Path(__file__).parent.parent / "migrations"), render_as_batch=True)


@event.listens_for(Engine, "connect")
def _sqlite_pragmas(dbapi_connection: object, _record: object) -> None:
    """SQLite: write-ahead log, a busy timeout and foreign keys on every connection."""
    if not isinstance(dbapi_connection, sqlite3.Connection):
        return
    cur = dbapi_connection.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA busy_timeout=5000")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.close()


# -- SQLite: writers take turns -----------------------------------------------------

_WRITES = ("INSERT", "UPDATE", "DELETE", "REPLACE", "CREATE", "DROP", "ALTER")
_TURN_WAIT = 5.0
"""Seconds a writer waits for its turn before it gives up, as long as
SQLite's own ``busy_timeout`` above."""

_process_turns: dict[str, threading.Lock] = {}
_process_turns_guard = threading.Lock()


class TurnTakingConnection(sqlite3.Connection):
    """A SQLite connection whose writes wait their turn in a queue shared by
    every thread and process using the same file.

    SQLite lets one writer in at a time; a second writer finds the file locked
    and SQLite's busy handler sleeps and retries (1, 2, 5, 10 … 100 ms steps),
    so under many tables a save could wait hundreds of milliseconds after the
    lock was long free. Here a writer first takes its turn: a lock shared by
    the threads of its process, then an exclusive ``flock`` on a file beside
    the database (``<database>.write-lock``), shared by the processes. The turn
    is taken before a connection's first writing statement (see
    :func:`_take_turn_before_writing`) and given back when its transaction ends
    (``commit``, ``rollback``, ``close``), right after SQLite's own commit; the
    next writer is let in at once. Readers never wait (write-ahead log).

    :raises sqlite3.OperationalError: ``database is locked`` when the turn does
        not come within :data:`_TURN_WAIT` seconds (as SQLite's own timeout).
    """

    lock_path = ""
    """The lock file (set by :func:`_turn_taking_factory`)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._turn_fd: int | None = None
        self._turn_thread_lock: threading.Lock | None = None

    @property
    def has_turn(self) -> bool:
        """True between taking the turn and giving it back."""
        return self._turn_fd is not None

    def take_turn(self) -> None:
        """Wait for this connection's turn to write (no-op when it has it)."""
        if self._turn_fd is not None:
            return
        with _process_turns_guard:
            lock = _process_turns.setdefault(self.lock_path, threading.Lock())
        deadline = time.monotonic() + _TURN_WAIT
        if not lock.acquire(timeout=_TURN_WAIT):
            raise sqlite3.OperationalError("database is locked")
        try:
            fd = os.open(self.lock_path, os.O_CREAT | os.O_RDWR, 0o600)
        except OSError:
            lock.release()
            raise
        pause = 0.0002
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() > deadline:
                    os.close(fd)
                    lock.release()
                    raise sqlite3.OperationalError("database is locked") from None
                time.sleep(pause)
                pause = min(pause * 2, 0.001)
        self._turn_fd = fd
        self._turn_thread_lock = lock

    def give_turn_back(self) -> None:
        """End this connection's turn (no-op when it has none)."""
        fd, lock = self._turn_fd, self._turn_thread_lock
        self._turn_fd = self._turn_thread_lock = None
        if fd is not None:
            fcntl.flock(fd, fcntl.LOCK_UN)
            os.close(fd)
        if lock is not None:
            lock.release()

    def commit(self) -> None:
        try:
            super().commit()
        finally:
            self.give_turn_back()

    def rollback(self) -> None:
        try:
            super().rollback()
        finally:
            self.give_turn_back()

    def close(self) -> None:
        try:
            super().close()
        finally:
            self.give_turn_back()


def _turn_taking_factory(database: Path) -> type[TurnTakingConnection]:
    """The connection class for one SQLite file (its lock file beside it)."""
    return type("TurnTakingConnection", (TurnTakingConnection,),
                {"lock_path": str(database) + ".write-lock"})


@event.listens_for(Engine, "before_cursor_execute")
def _take_turn_before_writing(conn: Connection, _cursor: object, statement: str, _params: object,
                              _context: object, _many: bool) -> None:
    """Before a statement that writes, the connection takes its turn
    (:class:`TurnTakingConnection`); other databases are left alone."""
    dbapi = conn.connection.dbapi_connection
    if isinstance(dbapi, TurnTakingConnection) and not dbapi.has_turn:
        head = statement.lstrip()[:8].upper()
        if head.startswith(_WRITES):
            dbapi.take_turn()


def database_url(raw: str | None, instance_path: str) -> str:
    """The SQLAlchemy URL: ``raw`` (``postgres://`` rewritten for psycopg 3), or
    the SQLite file ``companion.sqlite3`` in the instance folder."""
    if not raw:
        return "sqlite:///" + str(Path(instance_path) / "companion.sqlite3")
    for prefix in ("postgres://", "postgresql://"):
        if raw.startswith(prefix):
            return "postgresql+psycopg://" + raw[len(prefix):]
    return raw


# -- a new database ------------------------------------------------------------------


def _sqlite_path(uri: str) -> Path | None:
    """The file of a SQLite URL (``None`` for another database or memory)."""
    from sqlalchemy.engine import make_url

    url = make_url(uri)
    if url.get_backend_name() != "sqlite" or not url.database or url.database == ":memory:":
        return None
    return Path(url.database)


def create_sqlite_file(uri: str) -> None:
    """Create the SQLite file of ``uri`` empty with mode ``0600`` when it does not
    exist yet (SQLite would create it with the process's umask, often ``0644``:
    readable by every user of the machine)."""
    path = _sqlite_path(uri)
    if path is None or path.exists():
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    with contextlib.suppress(FileExistsError):
        os.close(os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600))


def _heads(app: Flask) -> tuple[set[str], set[str]]:
    """(the revisions the database is at, the newest revisions of the migrations)."""
    from alembic.migration import MigrationContext
    from alembic.script import ScriptDirectory

    script = ScriptDirectory.from_config(migrate.get_config())
    with db.engine.connect() as conn:
        current = set(MigrationContext.configure(conn).get_current_heads())
    return current, set(script.get_heads())


def schema_is_current(app: Flask) -> bool:
    """True when the database is migrated to the newest schema (checked once per
    process, then remembered)."""
    if app.extensions.get("companion_schema_ok"):
        return True
    try:
        current, newest = _heads(app)
    except SQLAlchemyError:
        db.session.rollback()
        return False
    if current == newest:
        app.extensions["companion_schema_ok"] = True
        return True
    return False


def _refuse_until_migrated() -> Response | None:
    from flask import current_app

    from companion.rules.errors import tr

    if request.endpoint in ("static", "health.healthz") or schema_is_current(current_app):
        return None
    message = tr(
        "The database is not set up for this version of the app: run "
        "\u201c%(command)s\u201d, then reload.",
        command="flask --app companion db upgrade",
    )
    return Response(message + "\n", status=503, mimetype="text/plain",
                    headers={"Retry-After": "30", "Cache-Control": "no-store"})


_thread_lock = threading.Lock()


@contextlib.contextmanager
def _migration_lock(app: Flask) -> Iterator[None]:
    """Hold the database's migration lock: PostgreSQL's advisory lock (every
    process on every machine), or for SQLite an exclusive ``flock`` on a file
    beside the database (every process on this machine)."""
    uri = app.config["SQLALCHEMY_DATABASE_URI"]
    path = _sqlite_path(uri)
    if db.engine.dialect.name == "postgresql":
        with db.engine.connect() as conn:
            conn.execute(text("SELECT pg_advisory_lock(:k)"), {"k": MIGRATION_LOCK_KEY})
            conn.commit()
            try:
                yield
            finally:
                conn.execute(text("SELECT pg_advisory_unlock(:k)"), {"k": MIGRATION_LOCK_KEY})
                conn.commit()
        return
    if path is None:
        with _thread_lock:
            yield
        return
    fd = os.open(str(path) + ".migrate-lock", os.O_CREAT | os.O_RDWR, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        fcntl.flock(fd, fcntl.LOCK_UN)
        os.close(fd)


MIGRATION_LOCK_KEY = 0x646F6D696E6F
"""The PostgreSQL advisory lock held while migrating (any number; ours)."""


def migrate_at_start(app: Flask) -> bool:
    """Migrate the database to the newest schema, one process at a time (see
    :func:`_migration_lock`); the others wait, then find nothing to do.

    :return: ``True`` when this call ran migrations, ``False`` when the
        database was current already.
    """
    from flask_migrate import upgrade

    with app.app_context():
        if schema_is_current(app):
            return False
        with _migration_lock(app):
            app.extensions.pop("companion_schema_ok", None)
            if schema_is_current(app):
                return False
            upgrade()
            db.session.remove()
            app.extensions.pop("companion_schema_ok", None)
            return True


CHECK_AFTER_REST = 1.0
"""Seconds a pooled connection may rest before it is checked on checkout
(``COMPANION_DB_CHECK_AFTER`` overrides it; 0 checks every time)."""

_RETURNED = "companion.returned"


def _check_when_rested(engine: Engine, rest: float) -> None:
    """Check a pooled connection (one round trip) before it is used again,
    unless it went back to the pool less than ``rest`` seconds ago: within a
    request, or between requests close together, it is the connection that
    has just worked. SQLAlchemy's ``pool_pre_ping`` checks it at every
    checkout, and a round save takes two. A connection found dead (the
    database restarted) is replaced before the request uses it: a
    :class:`~sqlalchemy.exc.DisconnectionError` raised in the pool's
    ``checkout`` event, as SQLAlchemy's pessimistic disconnect handling
    documents.
    """
    dialect = engine.dialect

    @event.listens_for(engine, "connect")
    def _made(_dbapi_connection: Any, record: Any) -> None:
        record.info[_RETURNED] = time.monotonic()  # a new connection has just worked

    @event.listens_for(engine, "checkin")
    def _returned(dbapi_connection: Any, record: Any) -> None:
        if dbapi_connection is not None:
            record.info[_RETURNED] = time.monotonic()

    @event.listens_for(engine, "checkout")
    def _taken(dbapi_connection: Any, record: Any, _proxy: Any) -> None:
        returned = record.info.get(_RETURNED)
        if returned is not None and time.monotonic() - returned < rest:
            return
        try:
            dialect.do_ping(dbapi_connection)
        except dialect.loaded_dbapi.Error as exc:
            if dialect.is_disconnect(exc, dbapi_connection, None):
                raise DisconnectionError() from exc
            raise


def _truthy(value: object) -> bool:
    return str(value).strip().lower() in ("1", "true", "yes", "on")


def init_app(app: Flask) -> None:
    """Flask-SQLAlchemy and Flask-Migrate on ``app``; a new SQLite file made
    ``0600``; then either the migration at start (``COMPANION_MIGRATE_AT_START``
    in the config or the environment) or the 503 answer until someone migrates."""
    uri = app.config["SQLALCHEMY_DATABASE_URI"]
    create_sqlite_file(uri)
    path = _sqlite_path(uri)
    options = dict(app.config.get("SQLALCHEMY_ENGINE_OPTIONS") or {})
    if path is not None:
        options["connect_args"] = {**options.get("connect_args", {}), "factory": _turn_taking_factory(path)}
    options["pool_pre_ping"] = False  # checked when rested instead: _check_when_rested
    app.config["SQLALCHEMY_ENGINE_OPTIONS"] = options
    db.init_app(app)
    raw = app.config.get("COMPANION_DB_CHECK_AFTER", os.environ.get("COMPANION_DB_CHECK_AFTER", CHECK_AFTER_REST))
    try:
        rest = float(raw)
    except (TypeError, ValueError):
        raise RuntimeError(f"COMPANION_DB_CHECK_AFTER must be a number of seconds, not {raw!r}") from None
    with app.app_context():
        for engine in db.engines.values():
            _check_when_rested(engine, rest)
    migrate.init_app(app, db)
    if _truthy(app.config.get("COMPANION_MIGRATE_AT_START",
                              os.environ.get("COMPANION_MIGRATE_AT_START", ""))):
        migrate_at_start(app)
    app.before_request(_refuse_until_migrated)
