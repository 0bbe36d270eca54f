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
import threading
from collections.abc import Iterator
from pathlib import Path

from flask import Flask, Response, request
from flask_migrate import Migrate
from flask_sqlalchemy import SQLAlchemy
from sqlalchemy import MetaData, event, text
from sqlalchemy.engine import Engine
from sqlalchemy.exc import SQLAlchemyError
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
migrate = Migrate(directory=str(Path(__file__).parent / "migrations"), render_as_batch=True)


@event.listens_for(Engine, "connect")
def _sqlite_pragmas(dbapi_connection, _record) -> None:
    """SQLite: write-ahead log, a busy timeout and foreign keys on every connection."""
    module = type(dbapi_connection).__module__
    if not module.startswith("sqlite3"):
        return
    cur = dbapi_connection.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA busy_timeout=5000")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.close()


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

    from .i18n import gettext

    if request.endpoint in ("static", "health.healthz") or schema_is_current(current_app):
        return None
    message = gettext(
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


def _truthy(value: object) -> bool:
    return str(value).strip().lower() in ("1", "true", "yes", "on")


def init_app(app: Flask) -> None:
    """Flask-SQLAlchemy and Flask-Migrate on ``app``; a new SQLite file made
    ``0600``; then either the migration at start (``COMPANION_MIGRATE_AT_START``
    in the config or the environment) or the 503 answer until someone migrates."""
    create_sqlite_file(app.config["SQLALCHEMY_DATABASE_URI"])
    db.init_app(app)
    migrate.init_app(app, db)
    if _truthy(app.config.get("COMPANION_MIGRATE_AT_START",
                              os.environ.get("COMPANION_MIGRATE_AT_START", ""))):
        migrate_at_start(app)
    app.before_request(_refuse_until_migrated)
