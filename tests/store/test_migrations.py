"""Schema upgrades keep every game: a database made by the first released
schema (revision 71adc67a48fe), with games in it, upgraded to the newest
schema; and the models agree with the migrations."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest
import sqlalchemy as sa

from companion.rules import read_game

FIRST = "71adc67a48fe"

# Each test's database is made by every migration in front of it, not copied
# from the run's migrated one (tests/conftest.py).
pytestmark = pytest.mark.migrate_fresh

# The first schema's tables as that revision made them (not the current models).
META = sa.MetaData()
GAME = sa.Table(
    "game", META,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("created_at", sa.DateTime(timezone=True)),
    sa.Column("updated_at", sa.DateTime(timezone=True)),
    sa.Column("kind", sa.String(20)),
    sa.Column("set_n", sa.Integer),
    sa.Column("rules", sa.JSON),
    sa.Column("players", sa.JSON),
    sa.Column("first_starter", sa.String(80)),
    sa.Column("revision", sa.Integer),
)
ROUND = sa.Table(
    "round", META,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("game_id", sa.Integer),
    sa.Column("number", sa.Integer),
    sa.Column("data", sa.JSON),
    sa.Column("version", sa.Integer),
    sa.Column("created_at", sa.DateTime(timezone=True)),
    sa.Column("updated_at", sa.DateTime(timezone=True)),
)
PLAYER = sa.Table(
    "player", META,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("name", sa.String(80)),
    sa.Column("last_played", sa.DateTime(timezone=True)),
)


def _at_revision(app, revision: str) -> None:
    from flask_migrate import downgrade

    from companion.store.db import db

    with app.app_context():
        downgrade(revision=revision)
        db.session.remove()


def _insert_first_schema_game(conn, record: dict, revision: int, versions: list[int],
                              view_key: str | None = None) -> int:
    """Store ``record`` the way the first release stored it (engine-normalised
    rounds); ``view_key`` for a schema that has the spectator key."""
    game = read_game(record, confirm=True)
    head = game.table.as_dict()
    when = datetime(2026, 11, 1, 20, 30, tzinfo=UTC)
    values = dict(created_at=when, updated_at=when, kind=str(head["kind"]), set_n=head["set"],
                  rules=head["rules"], players=head["players"], first_starter=head["first_starter"],
                  revision=revision)
    table = GAME
    if view_key is not None:
        table = sa.Table("game", sa.MetaData(), *[sa.Column(c.name, c.type, primary_key=c.primary_key)
                                                  for c in GAME.columns],
                         sa.Column("view_key", sa.String(64)))
        values["view_key"] = view_key
    gid = conn.execute(table.insert().values(**values).returning(table.c.id)).scalar_one()
    for rnd, version in zip(game.rounds, versions):
        conn.execute(ROUND.insert().values(
            game_id=gid, number=rnd.number, data=rnd.as_dict(), version=version,
            created_at=when, updated_at=when))
    return gid


@pytest.fixture
def old_database(app, full_game):
    """The app's database taken back to the first schema, with three games in it:
    the full 13-round game, the same game stopped after round 5, and a new game
    with a name that needs escaping and no round yet."""
    from companion.store.db import db

    _at_revision(app, FIRST)
    record = full_game["record"]
    five = {**record, "rounds": record["rounds"][:5]}
    empty = {**record, "players": ["Zoë", "<b>Ben</b>", "Chen"], "first_starter": "Zoë", "rounds": []}
    with app.app_context():
        with db.engine.begin() as conn:
            assert "view_key" not in {c["name"] for c in sa.inspect(conn).get_columns("game")}
            ids = [
                _insert_first_schema_game(conn, record, 14, [1] * 12 + [3]),
                _insert_first_schema_game(conn, five, 6, [1, 2, 1, 1, 1]),
                _insert_first_schema_game(conn, empty, 1, []),
            ]
            conn.execute(PLAYER.insert(), [{"name": n, "last_played": datetime.now(UTC)}
                                           for n in ["Ana", "Ben", "Chen", "Dee", "Zoë", "<b>Ben</b>"]])
        db.engine.dispose()
    return ids, [record, five, empty]


def _dump(app) -> dict:
    """Every stored value of every game, for a before/after comparison."""
    from companion.store.db import db

    with app.app_context():
        with db.engine.connect() as conn:
            games = [dict(r._mapping) for r in conn.execute(
                sa.select(*[GAME.c[c.name] for c in GAME.columns]).order_by(GAME.c.id))]
            rounds = [dict(r._mapping) for r in conn.execute(
                sa.select(*[ROUND.c[c.name] for c in ROUND.columns]).order_by(ROUND.c.id))]
            players = sorted(conn.execute(sa.select(PLAYER.c.name)).scalars())
    return json.loads(json.dumps({"games": games, "rounds": rounds, "players": players}, default=str))


def test_upgrade_from_the_first_schema_keeps_every_game(app, api, old_database, full_game):
    from flask_migrate import upgrade

    from companion.store.db import db

    ids, records = old_database
    before = _dump(app)
    assert len(before["games"]) == 3 and len(before["rounds"]) == 18

    with app.app_context():
        upgrade()
        db.session.remove()

    # Every column of every row is as it was.
    assert _dump(app) == before

    # ... and the app reads every game as before: the full game's hand-worked totals,
    exp = full_game["expected"]
    full = api.get(f"/api/games/{ids[0]}").get_json()
    assert full["status"] == "finished"
    assert full["standings"] == exp["standings"]
    assert [r["version"] for r in full["rounds"]] == [1] * 12 + [3]
    assert full["revision"] == 14
    # the game stopped after round 5 resumes at round 6 with the 7-7 engine,
    five = api.get(f"/api/games/{ids[1]}").get_json()
    assert len(five["rounds"]) == 5
    assert five["rounds"][-1]["totals"] == exp["totals_after_round_5"]
    assert five["next_round"]["number"] == 6
    assert five["next_round"]["engine"] == 7
    assert five["next_round"]["starter"] == exp["starters"][5]
    page = api.get(f"/games/{ids[1]}").get_data(as_text=True)
    assert "7-7" in page
    # the new game keeps its escaped names,
    empty = api.get(f"/api/games/{ids[2]}").get_json()
    assert empty["players"] == ["Zoë", "<b>Ben</b>", "Chen"] and empty["rounds"] == []
    # and each game got its own spectator key.
    from companion.games.models import GameRow

    with app.app_context():
        keys = [db.session.get(GameRow, i).view_key for i in ids]
    assert all(k and len(k) >= 20 for k in keys) and len(set(keys)) == 3
    tv = app.test_client()
    assert tv.get(f"/games/{ids[1]}/table?view={keys[1]}").status_code == 200

    # The upgraded game goes on: round 6 is added as round 6.
    r = api.post(f"/api/games/{ids[1]}/rounds", json={**records[0]["rounds"][5], "number": 6})
    assert r.status_code == 201, r.get_json()
    assert r.get_json()["game"]["next_round"]["engine"] == 6


def test_downgrade_then_upgrade_again_keeps_the_games(app, api, full_game):
    from flask_migrate import upgrade

    from companion.store.db import db

    gid = api.post("/api/games", json=full_game["record"]).get_json()["id"]
    before = api.get(f"/api/games/{gid}").get_json()
    _at_revision(app, FIRST)
    with app.app_context():
        upgrade()
        db.session.remove()
    after = api.get(f"/api/games/{gid}").get_json()
    assert after == before


def test_the_models_match_the_migrations(app):
    """Autogenerate finds nothing to do at head: no model change without a migration."""
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    from companion.store.db import db

    with app.app_context():
        with db.engine.connect() as conn:
            ctx = MigrationContext.configure(conn, opts={"render_as_batch": True})
            diff = compare_metadata(ctx, db.metadata)
    assert diff == []


def test_sqlite_foreign_keys_are_on_again_after_migrating(app):
    """env.py turns SQLite's foreign keys off while migrating; the pooled
    connections must have them on again (deleting a game deletes its rounds)."""
    from flask_migrate import upgrade

    from companion.store.db import db

    with app.app_context():
        if db.engine.dialect.name != "sqlite":
            pytest.skip("SQLite only")
        _at_revision(app, FIRST)
        upgrade()
        for _ in range(3):
            with db.engine.connect() as conn:
                assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1


BEFORE_STORED_RESULTS = "d7e9f1a3b5c2"


def test_upgrade_derives_the_results_of_every_stored_game(app, api, full_game):
    """A database of the schema before stored results, with games in it: the
    upgrade derives each game's results with the engine, and the list and the
    game read them back (no game changed)."""
    from flask_migrate import upgrade

    from companion.games.models import GameRow
    from companion.rules.state import SCORING_VERSION
    from companion.store.db import db
    from tests.helpers import fresh_game_json, stored_game_json

    _at_revision(app, BEFORE_STORED_RESULTS)
    record = full_game["record"]
    five = {**record, "rounds": record["rounds"][:5]}
    draw = {"kind": "draw", "players": ["Zoë", "Ben"], "first_starter": "Zoë",
            "rounds": [{"ended": "domino", "hands": {"Zoë": {"pips": 0}, "Ben": {"pips": 31}}}]}
    with app.app_context():
        with db.engine.begin() as conn:
            assert "summary" not in {c["name"] for c in sa.inspect(conn).get_columns("game")}
            ids = [_insert_first_schema_game(conn, r, 3, [1] * len(r["rounds"]),
                                             view_key=f"spectator-key-{i}-0123456789")
                   for i, r in enumerate((record, five, draw))]
        db.engine.dispose()
    before = _dump(app)
    with app.app_context():
        upgrade()
        db.session.remove()
    after = _dump(app)
    # every stored game and round as it was; the roster (a later revision) takes
    # the names of the games: Ana, Ben, Chen, Dee (the full game), Zoë (the draw game)
    assert {k: after[k] for k in ("games", "rounds")} == {k: before[k] for k in ("games", "rounds")}
    assert before["players"] == [] and after["players"] == ["Ana", "Ben", "Chen", "Dee", "Zoë"]
    from companion.games import services

    with app.app_context():
        for gid in ids:
            row = db.session.get(GameRow, gid)
            assert row.engine_version == SCORING_VERSION and row.summary is not None
            view = services.get_game(gid)
            assert stored_game_json(view) == fresh_game_json(view.record())
        db.session.remove()
    listed = {g["id"]: g for g in api.get("/api/games").get_json()["games"]}
    assert listed[ids[0]]["status"] == "finished" and listed[ids[0]]["rounds_played"] == 13
    assert listed[ids[1]]["status"] == "in_progress" and listed[ids[1]]["rounds_played"] == 5
    assert listed[ids[2]]["leaders"] == ["Zoë"] and listed[ids[2]]["rounds_total"] is None
    assert api.get(f"/api/games/{ids[1]}").get_json()["rounds"][-1]["totals"] == \
        full_game["expected"]["totals_after_round_5"]
    assert [g["id"] for g in api.get("/api/games?player=zoë").get_json()["games"]] == [ids[2]]


BEFORE_SEARCH_NAMES = "c9e1a3b5d7f0"


def test_upgrade_derives_the_search_names_of_games_already_stored(app, api):
    """Games stored before the accent-free search column: the upgrade derives
    it from their seats, so ``celine`` finds Céline's game at once."""
    from flask_migrate import upgrade

    from companion.store.db import db

    celine = api.post("/api/games", json={"set": 12, "players": ["Céline", "Ben"],
                                          "first_starter": "Ben"}).get_json()["id"]
    api.post("/api/games", json={"set": 12, "players": ["Ana", "Đurđa"], "first_starter": "Ana"})
    _at_revision(app, BEFORE_SEARCH_NAMES)
    with app.app_context():
        with db.engine.connect() as conn:
            assert "search_names" not in {c["name"] for c in sa.inspect(conn).get_columns("game")}
        upgrade()
        with db.engine.connect() as conn:
            stored = conn.execute(sa.text("SELECT search_names FROM game ORDER BY id")).scalars().all()
        db.session.remove()
    assert stored == ["\nceline\nben\n", "\nana\ndurda\n"]
    assert [g["id"] for g in api.get("/api/games?q=CELINE").get_json()["games"]] == [celine]


def test_upgrade_keeps_the_club_nights_as_they_were(app, api):
    """Nights stored before doubles and league matches: the upgrade makes
    them ordinary nights (no doubles, no match), their tables as drawn."""
    from flask_migrate import upgrade

    from companion.store.db import db

    eid = api.post("/api/events", json={"name": "Friday", "kind": "draw", "players": ["Ana", "Ben"]}).get_json()["id"]
    before = api.get(f"/api/events/{eid}").get_json()
    _at_revision(app, "d3f5b7a9c1e2")  # before the night's ``pairs`` and ``match``
    with app.app_context():
        with db.engine.connect() as conn:
            assert not {"pairs", "match"} & {c["name"] for c in sa.inspect(conn).get_columns("event")}
        upgrade()
        with db.engine.connect() as conn:
            stored = conn.execute(sa.text("SELECT pairs, match FROM event")).all()
        db.session.remove()
    assert [(bool(p), m) for p, m in stored] == [(False, None)]
    assert api.get(f"/api/events/{eid}").get_json() == before
