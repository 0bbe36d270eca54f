"""Fixtures: an app on a fresh database (SQLite in a temporary folder, or the
PostgreSQL server named by ``COMPANION_TEST_DATABASE_URL``), clients that hold
the access token, and the full game of ``fixtures/full_game.json``."""

from __future__ import annotations

import copy
import json
import os
import re
import shutil
import threading
from pathlib import Path

import pytest
from hypothesis import settings
from werkzeug.serving import make_server

from companion import create_app

# Every property test runs the same examples on every run (a test's own
# @settings adds to this profile; derandomize stays on).
settings.register_profile("repository", derandomize=True, database=None)
settings.load_profile("repository")

TOKEN = "test-token-4f9c"
FIXTURES = Path(__file__).parent / "fixtures"


def _reset_database(app) -> None:
    from flask_migrate import upgrade
    from sqlalchemy import text

    from companion.store.db import db

    with app.app_context():
        if db.engine.dialect.name == "postgresql":
            with db.engine.begin() as conn:
                conn.execute(text("DROP SCHEMA public CASCADE"))
                conn.execute(text("CREATE SCHEMA public"))
        upgrade()


def make_app(folder: Path, **config):
    """An app whose instance folder is under ``folder``, on its own database
    (SQLite there, or the server of ``COMPANION_TEST_DATABASE_URL`` emptied),
    migrated to the newest schema; ``config`` adds to or overrides the test
    settings. Close it with :func:`dispose_app`."""
    settings = {
        "TESTING": True,
        "INSTANCE_PATH": str(folder / "instance"),
        "COMPANION_TOKEN": TOKEN,
        "SECRET_KEY": "test-secret",
    }
    url = os.environ.get("COMPANION_TEST_DATABASE_URL")
    if url:
        from companion.store.db import database_url

        settings["SQLALCHEMY_DATABASE_URI"] = database_url(url, str(folder))
    application = create_app({**settings, **config})
    _reset_database(application)
    return application


def dispose_app(application) -> None:
    """Close ``application``'s database connections (the end of a fixture)."""
    from companion.store.db import db

    with application.app_context():
        db.session.remove()
        db.engine.dispose()


def bearer_client(application):
    """A test client of ``application`` that sends ``Authorization: Bearer <token>``."""
    c = application.test_client()
    c.environ_base["HTTP_AUTHORIZATION"] = f"Bearer {TOKEN}"
    return c


def three_games(c, record: dict) -> list[int]:
    """Store three games through the API with client ``c``: ``record`` after
    its first three rounds (in progress), ``record`` whole (finished), and a
    new two-player double-6 game; their ids in that order."""
    return [
        c.post("/api/games", json={**record, "rounds": record["rounds"][:3]}).get_json()["id"],
        c.post("/api/games", json=record).get_json()["id"],
        c.post("/api/games", json={"set": 6, "players": ["Ana", "Ben"], "first_starter": "Ben"}).get_json()["id"],
    ]


def stored_rows(application, *models) -> str:
    """Every stored value of the tables of ``models`` (ORM classes), each table
    in primary-key order, as canonical JSON: two equal answers mean nothing
    in them changed."""
    from companion.store.db import db

    with application.app_context():
        with db.engine.connect() as conn:
            rows = [
                [tuple(r) for r in conn.execute(
                    db.select(model.__table__).order_by(*model.__table__.primary_key.columns))]
                for model in models
            ]
    return json.dumps(rows, sort_keys=True, default=str)


@pytest.fixture
def app(tmp_path):
    """The app with its own database, migrated to the newest schema."""
    application = make_app(tmp_path)
    yield application
    dispose_app(application)


@pytest.fixture
def anon(app):
    """A client with no token."""
    return app.test_client()


@pytest.fixture
def client(app):
    """A client whose session was opened with the token, as a tablet's would be."""
    c = app.test_client()
    r = c.get(f"/?token={TOKEN}")
    assert r.status_code == 302
    return c


@pytest.fixture
def api(app):
    """A client that sends ``Authorization: Bearer <token>`` (scripts)."""
    return bearer_client(app)


@pytest.fixture
def full_game():
    """The 13-round game and its hand-worked totals."""
    return copy.deepcopy(json.loads((FIXTURES / "full_game.json").read_text()))


def csrf_token(client, url: str) -> str:
    """The CSRF token from the form on ``url``."""
    html = client.get(url).get_data(as_text=True)
    m = re.search(r'name="csrf_token" value="([^"]+)"', html)
    assert m, f"no CSRF token on {url}"
    return m.group(1)


def view_key(app, gid: int) -> str:
    """The spectator key of game ``gid`` (its view-only link)."""
    from companion.games.models import GameRow
    from companion.store.db import db

    with app.app_context():
        return db.session.get(GameRow, gid).view_key


def count_rows(app) -> tuple[int, int]:
    """(games, rounds) stored."""
    from companion.games.models import GameRow, RoundRow
    from companion.store.db import db

    with app.app_context():
        games = db.session.scalar(db.select(db.func.count()).select_from(GameRow))
        rounds = db.session.scalar(db.select(db.func.count()).select_from(RoundRow))
    return games, rounds


# ------------------------------------------------------------------ live server and browser

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARTIFACTS = Path(__file__).resolve().parent.parent / "test-artifacts"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--no-first-run", "--disable-sync"]


def whole_bodies(app):
    """``app`` with every response body read to the end and closed before it is sent.

    werkzeug's development server (3.x, ``run_wsgi``) calls the body's ``close()``
    only after it has drained the socket; when the browser drops a connection
    (a page closed while a static file was on its way), that read raises and
    the static file stays open until the garbage collector finds it, which
    this suite's "warnings are errors" turns into an error in whatever test
    runs then. Nothing this app serves is streamed, so reading bodies whole
    changes no response.
    """
    def wsgi(environ, start_response):
        body = app(environ, start_response)
        try:
            return [b"".join(body)]
        finally:
            if hasattr(body, "close"):
                body.close()
    return wsgi


@pytest.fixture
def server(app):
    """The app served by a threaded server in this process; its base address."""
    srv = make_server("127.0.0.1", 0, whole_bodies(app), threaded=True)
    thread = threading.Thread(target=srv.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{srv.server_port}"
    srv.shutdown()


@pytest.fixture
def live(server):
    """:func:`server` for the browser tests: skipped where Chromium is missing."""
    if not Path(CHROMIUM).exists():
        pytest.skip("Debian's chromium is not installed: browser tests skipped")
    return server


@pytest.fixture
def browser():
    """Headless Debian Chromium driven by Playwright."""
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


def shot(page, name: str) -> None:
    """Save a full-page screenshot to ``test-artifacts/<name>.png`` for review."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)
