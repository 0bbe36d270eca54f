"""The database session: the one module that owns Flask-SQLAlchemy and Flask-Migrate."""

from __future__ import annotations

from pathlib import Path

from flask_migrate import Migrate
from flask_sqlalchemy import SQLAlchemy
from sqlalchemy import MetaData, event
from sqlalchemy.engine import Engine
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
