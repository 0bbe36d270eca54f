"""SQLite: writers take turns (``companion.db.TurnTakingConnection``).

A write waits for its turn in a queue shared by threads and processes, instead
of finding the file locked and sleeping in SQLite's retry steps; the turn is
given back when the transaction ends. SQLite only: PostgreSQL has row locks
and is left alone.
"""

from __future__ import annotations

import fcntl
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from sqlalchemy import text

from companion.games import services
from companion.store.db import TurnTakingConnection, db
from tests.conftest import count_rows

ROOT = Path(__file__).resolve().parents[2]
RECORD = {"kind": "mexican_train", "set": 12, "players": ["Ana", "Ben", "Chen"], "first_starter": "Ana"}

pytestmark = pytest.mark.skipif(bool(os.environ.get("COMPANION_TEST_DATABASE_URL")),
                                reason="SQLite's write queue; PostgreSQL locks rows")


def _lock_is_free(path: str) -> bool:
    """True when another open file could take the write lock now."""
    fd = os.open(path, os.O_CREAT | os.O_RDWR, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    else:
        fcntl.flock(fd, fcntl.LOCK_UN)
        return True
    finally:
        os.close(fd)


def test_the_connection_keeps_sqlites_settings(app):
    """The turn-taking connection still gets the write-ahead log, the busy
    timeout and foreign keys (a connection class of our own must not slip past
    the settings made for SQLite's)."""
    with app.app_context():
        conn = db.session.connection()
        assert isinstance(conn.connection.dbapi_connection, TurnTakingConnection)
        assert conn.execute(text("PRAGMA journal_mode")).scalar() == "wal"
        assert conn.execute(text("PRAGMA busy_timeout")).scalar() == 5000
        assert conn.execute(text("PRAGMA foreign_keys")).scalar() == 1
        assert conn.execute(text("PRAGMA synchronous")).scalar() == 1  # NORMAL
        db.session.rollback()


@pytest.mark.parametrize("end", ["commit", "rollback"])
def test_a_write_holds_the_turn_until_its_transaction_ends(app, end):
    """Reading takes no turn; the first write takes it; commit or rollback
    gives it back, and what was committed is there."""
    with app.app_context():
        dbapi = db.session.connection().connection.dbapi_connection
        lock = dbapi.lock_path
        assert lock.endswith("companion.sqlite3.write-lock")
        db.session.execute(text("SELECT count(*) FROM game")).scalar()
        assert not dbapi.has_turn and _lock_is_free(lock)
        db.session.execute(text("UPDATE history_stamp SET n = n + 1"))
        assert dbapi.has_turn and not _lock_is_free(lock)
        getattr(db.session, end)()
        assert not dbapi.has_turn and _lock_is_free(lock)


def test_many_threads_writing_at_once_all_store(app):
    """Eight threads, each storing six games at once on the same file: all 48
    games stored, none refused as "database is locked"."""
    errors: list[BaseException] = []

    def writer(k: int) -> None:
        try:
            with app.app_context():
                for i in range(6):
                    services.create_game({**RECORD, "players": [f"P{k}-{i}", "Ben", "Chen"],
                                          "first_starter": f"P{k}-{i}"})
                db.session.remove()
        except BaseException as exc:  # noqa: BLE001 - reported below
            errors.append(exc)

    threads = [threading.Thread(target=writer, args=(k,)) for k in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert count_rows(app) == (48, 0)


def test_a_writer_waits_for_another_process_s_turn(app, tmp_path):
    """A second process holding the turn makes this one's write wait, not
    fail; the write goes through as soon as the other gives the turn back."""
    with app.app_context():
        dbapi = db.session.connection().connection.dbapi_connection
        lock = dbapi.lock_path
        db.session.rollback()
    holder = subprocess.Popen(
        [sys.executable, "-c",
         "import fcntl, os, sys, time\n"
         f"fd = os.open({lock!r}, os.O_CREAT | os.O_RDWR)\n"
         "fcntl.flock(fd, fcntl.LOCK_EX)\n"
         "print('held', flush=True)\n"
         "time.sleep(0.5)\n"],
        stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "held"
        import time

        start = time.monotonic()
        with app.app_context():
            services.create_game(RECORD)
            waited = time.monotonic() - start
            db.session.remove()
        assert count_rows(app) == (1, 0)
        assert 0.2 < waited < 4.0
    finally:
        holder.wait(10)
        holder.stdout.close()
