"""Fixtures: an app on a fresh database (SQLite in a temporary folder, or the
PostgreSQL server named by ``COMPANION_TEST_DATABASE_URL``), clients that hold
the access token, and the full game of ``fixtures/full_game.json``."""

from __future__ import annotations

import atexit
import copy
import json
import os
import re
import shutil
import sqlite3
import tempfile
import threading
import warnings
from dataclasses import dataclass
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


# ------------------------------------------------------------------ databases, migrated once per run
#
# Running the 13 migrations took most of the suite's time when every test ran
# them. Now each database is migrated once per run, and a test's new database
# is that migrated one again:
#
# * SQLite: the first test migrates a template file; every new (empty) SQLite
#   file is then filled with a copy of it (SQLite's backup API: a page copy).
#   Each test keeps its own file in its own temporary folder.
# * PostgreSQL: the first test migrates the database; the next ones empty
#   every table (a DELETE per table, children first: far cheaper than a
#   TRUNCATE for a test's few rows) and put back the rows the migrations
#   stored (the history stamp, ...) and the sequences' values. Before that, the schema is compared with the migrated one (tables,
#   columns, constraints, indexes, sequences, alembic's revision): a test that
#   dropped, downgraded or restored it makes the next database migrated again.
#
# Tests marked ``migrate_fresh`` (the migration tests) get a database the
# migrations made in front of them, as before.


_sqlite_template_file: Path | None = None


def _sqlite_file(uri: str) -> Path | None:
    from sqlalchemy.engine import make_url

    url = make_url(uri)
    if url.get_backend_name() != "sqlite" or not url.database or url.database == ":memory:":
        return None
    return Path(url.database)


def _sqlite_template() -> Path:
    """A SQLite file migrated to the newest schema (made at the first call of the run)."""
    global _sqlite_template_file
    if _sqlite_template_file is None:
        from flask_migrate import upgrade

        folder = Path(tempfile.mkdtemp(prefix="companion-template-"))
        atexit.register(shutil.rmtree, folder, ignore_errors=True)
        path = folder / "template.sqlite3"
        application = create_app({"TESTING": True, "INSTANCE_PATH": str(folder / "instance"),
                                  "COMPANION_TOKEN": TOKEN, "SECRET_KEY": "test-secret",
                                  "SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}"})
        with application.app_context():
            upgrade()
        dispose_app(application)
        _sqlite_template_file = path
    return _sqlite_template_file


def _sqlite_is_blank(path: Path) -> bool:
    """True when the SQLite file is missing, empty or holds no table."""
    if not path.exists() or path.stat().st_size == 0:
        return True
    con = sqlite3.connect(path)
    try:
        return con.execute("SELECT count(*) FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'").fetchone()[0] == 0
    finally:
        con.close()


def _copy_sqlite_template(path: Path) -> None:
    """Fill the SQLite file ``path`` with the migrated template (its mode stays)."""
    source = sqlite3.connect(f"file:{_sqlite_template()}?mode=ro", uri=True)
    target = sqlite3.connect(path)
    try:
        source.backup(target)
    finally:
        target.close()
        source.close()


_SCHEMA_FINGERPRINT = """
SELECT md5(concat_ws(' | ',
  (SELECT string_agg(c.relname || ' ' || c.relkind::text, ',' ORDER BY c.relname)
     FROM pg_class c WHERE c.relnamespace = 'public'::regnamespace),
  (SELECT string_agg(c.relname || '.' || a.attname || ' ' || format_type(a.atttypid, a.atttypmod)
                     || ' ' || a.attnotnull::text || ' ' || coalesce(pg_get_expr(d.adbin, d.adrelid), ''),
                     ',' ORDER BY c.relname, a.attnum)
     FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
     LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
    WHERE c.relnamespace = 'public'::regnamespace AND a.attnum > 0 AND NOT a.attisdropped),
  (SELECT string_agg(conname || ' ' || pg_get_constraintdef(oid), ',' ORDER BY conname)
     FROM pg_constraint WHERE connamespace = 'public'::regnamespace),
  (SELECT string_agg(indexdef, ',' ORDER BY indexname) FROM pg_indexes WHERE schemaname = 'public'),
  (SELECT string_agg(tgname || ' ' || tgrelid::regclass::text, ',' ORDER BY tgname)
     FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
    WHERE c.relnamespace = 'public'::regnamespace AND NOT t.tgisinternal),
  (SELECT string_agg(typname, ',' ORDER BY typname) FROM pg_type
    WHERE typnamespace = 'public'::regnamespace AND typtype <> 'c')))
"""
# (alembic's revision is read apart: the table may be gone.)
_REVISION = "SELECT string_agg(version_num, ',' ORDER BY version_num) FROM alembic_version"


@dataclass
class _Migrated:
    """A PostgreSQL database as the migrations left it: how to find it again
    (``fingerprint``) and how to make it so again without migrating."""

    fingerprint: str
    revision: str
    emptying: str
    """The statements that empty every table but alembic's."""
    seeded: list  # (reflected table, rows) stored by the migrations, parents first
    sequences: str
    """A statement that sets every sequence back where the migrations left it."""


_postgresql_migrated: dict[str, _Migrated] = {}


def _postgresql_state(conn) -> _Migrated:
    from sqlalchemy import MetaData, exc, text

    quoted = conn.dialect.identifier_preparer.quote
    meta = MetaData()
    meta.reflect(bind=conn, schema=None)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        try:
            tables = [t for t in meta.sorted_tables if t.name != "alembic_version"]
            ordered = True
        except exc.SAWarning:  # foreign keys in a circle: no order to delete in
            tables = [t for t in meta.tables.values() if t.name != "alembic_version"]
            ordered = False
    seeded = [(t, [dict(r._mapping) for r in conn.execute(t.select())]) for t in tables]
    sequences = conn.execute(text(
        "SELECT sequencename, start_value, last_value FROM pg_sequences "
        "WHERE schemaname = 'public' ORDER BY sequencename")).all()
    setvals = [
        f"setval('{quoted(name)}', {last if last is not None else start}, {'true' if last is not None else 'false'})"
        for name, start, last in sequences
    ]
    return _Migrated(
        fingerprint=conn.execute(text(_SCHEMA_FINGERPRINT)).scalar_one(),
        revision=conn.execute(text(_REVISION)).scalar_one(),
        # A DELETE per table, children first, takes a few milliseconds where
        # one TRUNCATE of every table took 0.1 to 0.3 s (new files for every
        # table and index); the sequences are set back below either way.
        emptying=("; ".join(f"DELETE FROM {quoted(t.name)}" for t in reversed(tables)) if ordered
                  else "TRUNCATE " + ", ".join(quoted(t.name) for t in tables) + " RESTART IDENTITY CASCADE"),
        seeded=[(t, rows) for t, rows in seeded if rows],
        sequences="SELECT " + ", ".join(setvals) if setvals else "",
    )


def _reset_postgresql(app, fresh: bool) -> None:
    """Empty the app's PostgreSQL database back to the migrated state, or (the
    first time, when its schema changed, or when ``fresh``) drop it and run
    every migration."""
    from flask_migrate import upgrade
    from sqlalchemy import text

    from companion.store.db import db

    key = db.engine.url.render_as_string(hide_password=True)
    known = _postgresql_migrated.get(key)
    if known is not None and not fresh:
        with db.engine.connect() as conn:
            same = (conn.execute(text(_SCHEMA_FINGERPRINT)).scalar_one() == known.fingerprint
                    and conn.execute(text(_REVISION)).scalar_one() == known.revision)
            conn.rollback()
            if same:
                with conn.begin():
                    conn.execute(text("SET LOCAL lock_timeout = '30s'"))
                    conn.exec_driver_sql(known.emptying)
                    for table, rows in known.seeded:
                        conn.execute(table.insert(), rows)
                    if known.sequences:
                        conn.execute(text(known.sequences))
                return
    with db.engine.begin() as conn:
        conn.execute(text("DROP SCHEMA public CASCADE"))
        conn.execute(text("CREATE SCHEMA public"))
    upgrade()
    with db.engine.connect() as conn:
        _postgresql_migrated[key] = _postgresql_state(conn)
        conn.rollback()


def _reset_database(app, fresh: bool = False) -> None:
    """Give ``app`` a database migrated to the newest schema with nothing
    stored (PostgreSQL: emptied; SQLite: a new file filled, a file with
    tables migrated on). ``fresh`` runs every migration on an empty database
    instead of reusing this run's migrated one."""
    from flask_migrate import upgrade

    from companion.store.db import db

    with app.app_context():
        if db.engine.dialect.name == "postgresql":
            _reset_postgresql(app, fresh)
            return
        path = _sqlite_file(app.config["SQLALCHEMY_DATABASE_URI"])
        if not fresh and path is not None and _sqlite_is_blank(path):
            _copy_sqlite_template(path)
        else:
            upgrade()


def make_app(folder: Path, *, fresh: bool = False, **config):
    """An app whose instance folder is under ``folder``, on its own database
    (SQLite there, or the server of ``COMPANION_TEST_DATABASE_URL`` emptied),
    migrated to the newest schema; ``config`` adds to or overrides the test
    settings; ``fresh`` runs every migration instead of reusing this run's
    migrated database (see :func:`_reset_database`). Close it with
    :func:`dispose_app`."""
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
    _reset_database(application, fresh=fresh)
    return application


def dispose_app(application) -> None:
    """Close ``application``'s database connections (the end of a fixture)."""
    from companion.store.db import db

    with application.app_context():
        db.session.remove()
        db.engine.dispose()


# ------------------------------------------------------------------ the db marker
#
# A test that touches a database is marked ``db`` at collection: it uses the
# ``app`` fixture (directly or through another fixture), or it or one of its
# fixtures calls make_app, create_app, _reset_database or getfixturevalue
# (itself or through a function of its test module). The PostgreSQL pass of
# .ci/run runs only those. A test that connects to a database without being found so fails (see
# _database_only_when_marked): mark it with @pytest.mark.db.

_MAKES_APPS = frozenset({"make_app", "create_app", "_reset_database", "getfixturevalue"})


def _names(code) -> set[str]:
    """The global names used by ``code`` and the functions defined in it."""
    out = set(code.co_names)
    for const in code.co_consts:
        if hasattr(const, "co_names"):
            out |= _names(const)
    return out


def _makes_apps(function, depth: int = 3) -> bool:
    """True when ``function`` calls something of :data:`_MAKES_APPS`, itself or
    through the functions of its own module it calls (``depth`` calls deep)."""
    code = getattr(function, "__code__", None)
    if code is None:
        return False
    names = _names(code)
    if names & _MAKES_APPS:
        return True
    if depth == 0:
        return False
    module = getattr(function, "__module__", "")
    for name in names:
        helper = getattr(function, "__globals__", {}).get(name)
        if callable(helper) and getattr(helper, "__module__", None) == module and helper is not function:
            if _makes_apps(getattr(helper, "__wrapped__", helper), depth - 1):
                return True
    return False


def _touches_database(item) -> bool:
    names = getattr(item, "fixturenames", ())
    if "app" in names:
        return True
    info = getattr(item, "_fixtureinfo", None)
    definitions = getattr(info, "name2fixturedefs", {})
    if any(_makes_apps(d.func) for name in names for d in definitions.get(name, ())):
        return True
    return _makes_apps(getattr(item, "function", None))


def pytest_collection_modifyitems(config, items):
    for item in items:
        if item.get_closest_marker("db") is None and _touches_database(item):
            item.add_marker(pytest.mark.db)


@pytest.fixture(autouse=True)
def _database_only_when_marked(request):
    """A test not marked ``db`` that connects to a database fails: the
    PostgreSQL pass would leave it out."""
    if request.node.get_closest_marker("db") is not None:
        yield
        return
    from sqlalchemy import event
    from sqlalchemy.pool import Pool

    connected: list[str] = []

    def seen(_dbapi_connection, _record) -> None:
        connected.append("connect")

    event.listen(Pool, "connect", seen)
    try:
        yield
    finally:
        event.remove(Pool, "connect", seen)
    if connected:
        pytest.fail(f"{request.node.nodeid} connects to a database but is not marked db: "
                    "the PostgreSQL pass leaves it out. Use the app fixture or @pytest.mark.db.",
                    pytrace=False)


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
def app(tmp_path, request):
    """The app with its own database, migrated to the newest schema (by every
    migration in front of the test when it is marked ``migrate_fresh``)."""
    application = make_app(tmp_path, fresh=request.node.get_closest_marker("migrate_fresh") is not None)
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
