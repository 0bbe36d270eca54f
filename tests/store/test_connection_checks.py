"""Pooled connections are checked when they have rested, not at every use
(companion.db._check_when_rested): a connection the database dropped is
replaced before a request uses it, and a request that takes two connections
in a row does not pay a round trip for each."""

from __future__ import annotations

import uuid

import pytest

from tests.conftest import bearer_client, dispose_app, make_app

RECORD = {"set": 12, "players": ["Ana", "Ben", "Chen"], "first_starter": "Ana"}
ROUND = {"ended": "domino", "hands": {"Ana": {"pips": 0}, "Ben": {"pips": 12}, "Chen": {"pips": 7}}}


@pytest.fixture
def pings(monkeypatch):
    """Counts the connection checks (the dialect's ``do_ping``)."""
    from companion.store.db import db

    count = []

    def patch(app):
        with app.app_context():
            dialect = type(db.engine.dialect)
        real = dialect.do_ping

        def counted(self, dbapi_connection):
            count.append(1)
            return real(self, dbapi_connection)

        monkeypatch.setattr(dialect, "do_ping", counted)
        return count

    return patch


def test_a_round_save_checks_no_connection_that_has_just_worked(tmp_path, pings):
    app = make_app(tmp_path)
    try:
        api = bearer_client(app)
        gid = api.post("/api/games", json=RECORD).get_json()["id"]
        count = pings(app)
        assert api.post(f"/api/games/{gid}/rounds", json=ROUND).status_code == 201
        assert count == []  # two connections taken, both back in the pool a moment ago
    finally:
        dispose_app(app)


def test_checking_every_time_checks_each_connection_taken(tmp_path, pings):
    app = make_app(tmp_path, COMPANION_DB_CHECK_AFTER=0)
    try:
        api = bearer_client(app)
        gid = api.post("/api/games", json=RECORD).get_json()["id"]
        count = pings(app)
        assert api.post(f"/api/games/{gid}/rounds", json=ROUND).status_code == 201
        assert len(count) == 3  # the sign-in count (a Bearer token), the read, then the write
    finally:
        dispose_app(app)


def test_a_connection_the_database_dropped_is_replaced_before_use(tmp_path):
    """PostgreSQL restarted (here: the app's sessions ended by the server):
    the next request finds its pooled connection dead on the check and gets a
    new one; the game reads as before."""
    import os

    import psycopg

    url = os.environ.get("COMPANION_TEST_DATABASE_URL")
    if not url:
        pytest.skip("PostgreSQL only")
    name = f"companion-check-{uuid.uuid4().hex[:12]}"
    app = make_app(tmp_path, COMPANION_DB_CHECK_AFTER=0,
                   SQLALCHEMY_ENGINE_OPTIONS={"connect_args": {"application_name": name}})
    try:
        api = bearer_client(app)
        gid = api.post("/api/games", json=RECORD).get_json()["id"]
        assert api.post(f"/api/games/{gid}/rounds", json=ROUND).status_code == 201
        with psycopg.connect(url.replace("postgresql+psycopg://", "postgresql://"), autocommit=True) as c:
            ended = c.execute("SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                              "WHERE application_name = %s", (name,)).fetchone()[0]
        assert ended >= 1
        r = api.get(f"/api/games/{gid}")
        assert r.status_code == 200
        assert r.get_json()["rounds"][0]["totals"] == {"Ana": 0, "Ben": 12, "Chen": 7}
    finally:
        dispose_app(app)
