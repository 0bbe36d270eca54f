"""Export and import (game records and CSV), backup and restore: every game is
equal after backup → fresh database → restore."""

from __future__ import annotations

import csv
import gzip
import io
import json
import os

import pytest

from companion import create_app
from companion.backup import archive as backup
from tests.conftest import TOKEN, _reset_database, count_rows

EVIL = "<script>alert(1)</script>"
FORMULA = "=HYPERLINK(\"http://x\")"


def _stock(api, full_game) -> list[int]:
    """Four games: the full one, one stopped after round 5 with a corrected
    round and a hand given as tiles, one with awkward names, one with no round."""
    record = full_game["record"]
    ids = [api.post("/api/games", json=record).get_json()["id"]]
    r = api.post("/api/games", json={**record, "rounds": []})
    gid = r.get_json()["id"]
    for i, rnd in enumerate(record["rounds"][:5]):
        assert api.post(f"/api/games/{gid}/rounds", json={**rnd, "number": i + 1}).status_code == 201
    fixed = json.loads(json.dumps(record["rounds"][1]))
    fixed["hands"]["Ana"] = {"tiles": ["6-5", "2-1"]}  # 14 pips as before, now as tiles
    r = api.put(f"/api/games/{gid}/rounds/2", json={**fixed, "version": 1})
    assert r.status_code == 200, r.get_json()
    ids.append(gid)
    odd = {"kind": "mexican_train", "set": 9, "players": [EVIL, FORMULA, "Zoë"], "first_starter": "Zoë",
           "rounds": [{"ended": "blocked", "hands": {EVIL: {"pips": 3}, FORMULA: {"pips": 11},
                                                      "Zoë": {"pips": 5}}}]}
    r = api.post("/api/games", json=odd)
    assert r.status_code == 201, r.get_json()
    ids.append(r.get_json()["id"])
    r = api.post("/api/games", json={"kind": "mexican_train", "set": 6, "players": ["Ana", "Ben"],
                                     "first_starter": "Ben"})
    ids.append(r.get_json()["id"])
    return ids


def _everything(api, ids) -> dict:
    return {
        "list": api.get("/api/games").get_json(),
        "games": {gid: api.get(f"/api/games/{gid}").get_json() for gid in ids},
    }


@pytest.fixture
def fresh_app(app, tmp_path):
    """Make a second app on an empty database (another SQLite file, or the same
    PostgreSQL database wiped and migrated again); its engine is closed after."""
    made = []

    def make():
        from companion.store.db import db

        with app.app_context():
            db.session.remove()
            db.engine.dispose()
        uri = app.config["SQLALCHEMY_DATABASE_URI"]
        config = {"TESTING": True, "INSTANCE_PATH": str(tmp_path / "fresh"), "COMPANION_TOKEN": TOKEN,
                  "SECRET_KEY": "another-secret"}
        if not uri.startswith("sqlite"):
            config["SQLALCHEMY_DATABASE_URI"] = uri
        application = create_app(config)
        _reset_database(application)
        made.append(application)
        return application

    yield make
    from companion.store.db import db

    for application in made:
        with application.app_context():
            db.session.remove()
            db.engine.dispose()


def _api_client(application):
    c = application.test_client()
    c.environ_base["HTTP_AUTHORIZATION"] = f"Bearer {TOKEN}"
    return c


@pytest.mark.parametrize("name", ["backup.json", "backup.json.gz"])
def test_backup_then_restore_into_a_fresh_database_gives_every_game_back(app, api, full_game, tmp_path, name, fresh_app):
    ids = _stock(api, full_game)
    before = _everything(api, ids)
    with app.app_context():
        dump_before = backup.dump()
        keys = {g["id"]: g["view_key"] for g in dump_before["games"]}
    path = tmp_path / name
    result = app.test_cli_runner().invoke(args=["backup", str(path)])
    assert result.exit_code == 0, result.output
    assert result.output.strip() == f"backed up 4 games, 19 rounds, 7 player names to {path}"
    if name.endswith(".gz"):
        assert json.loads(gzip.decompress(path.read_bytes()))["format"] == "domino-companion-backup"

    fresh = fresh_app()
    assert count_rows(fresh) == (0, 0)
    result = fresh.test_cli_runner().invoke(args=["restore", str(path)])
    assert result.exit_code == 0, result.output
    assert "restored 4 games, 19 rounds, 7 player names" in result.output

    again = _api_client(fresh)
    assert _everything(again, ids) == before
    with fresh.app_context():
        dump_after = backup.dump()
    for d in (dump_before, dump_after):
        d.pop("created_at")
    assert dump_after == dump_before
    # The spectator links still work, and new games take new ids.
    gid = ids[1]
    assert fresh.test_client().get(f"/games/{gid}/table?view={keys[gid]}").status_code == 200
    r = again.post("/api/games", json={"set": 6, "players": ["A", "B"], "first_starter": "A"})
    assert r.status_code == 201 and r.get_json()["id"] == max(ids) + 1
    r = again.post(f"/api/games/{gid}/rounds", json={**full_game["record"]["rounds"][5], "number": 6})
    assert r.status_code == 201, r.get_json()


def test_restore_refuses_a_database_that_is_not_empty(app, api, full_game, tmp_path):
    _stock(api, full_game)
    path = tmp_path / "b.json"
    assert app.test_cli_runner().invoke(args=["backup", str(path)]).exit_code == 0
    before = count_rows(app)
    result = app.test_cli_runner().invoke(args=["restore", str(path)])
    assert result.exit_code == 1
    assert "not empty" in result.output
    assert count_rows(app) == before


def test_restore_refuses_a_damaged_backup_whole(app, api, full_game, tmp_path, fresh_app):
    _stock(api, full_game)
    path = tmp_path / "b.json"
    assert app.test_cli_runner().invoke(args=["backup", str(path)]).exit_code == 0
    doc = json.loads(path.read_text())
    doc["games"][1]["rounds"][3]["data"]["hands"]["Ben"]["pips"] = 10_000  # no hand holds that
    path.write_text(json.dumps(doc))
    fresh = fresh_app()
    result = fresh.test_cli_runner().invoke(args=["restore", str(path)])
    assert result.exit_code == 1
    assert f"game {doc['games'][1]['id']} is not a valid game" in result.output
    assert count_rows(fresh) == (0, 0)
    with fresh.app_context():
        from companion.games.models import PlayerRow
        from companion.store.db import db

        assert db.session.execute(db.select(PlayerRow)).first() is None


def test_restore_refuses_what_is_not_a_backup(app, tmp_path):
    path = tmp_path / "x.json"
    path.write_text(json.dumps({"games": []}))
    result = app.test_cli_runner().invoke(args=["restore", str(path)])
    assert result.exit_code == 1 and "not a Domino Table Companion backup" in result.output


def _csv(app, *args) -> list[list[str]]:
    result = app.test_cli_runner().invoke(args=["export", "--format", "csv", *args])
    assert result.exit_code == 0, result.output
    return list(csv.reader(io.StringIO(result.output)))


def test_csv_export_of_one_game(app, api, full_game):
    ids = _stock(api, full_game)
    rows = _csv(app, "--game", str(ids[0]))
    assert rows[0] == ["game", "played_on", "round", "engine", "player", "pips", "points", "total"]
    body = rows[1:]
    assert len(body) == 13 * 4
    assert {r[0] for r in body} == {str(ids[0])}
    by = {(r[2], r[4]): r for r in body}
    # Round 3: Dee held 7 pips with the 0-0, which counts 50: 57 points.
    assert by[("3", "Dee")][3:7] == ["10", "Dee", "7", "57"]
    assert by[("1", "Ben")][3:] == ["12", "Ben", "23", "23", "23"]
    assert {p: int(by[("5", p)][7]) for p in ["Ana", "Ben", "Chen", "Dee"]} == \
        full_game["expected"]["totals_after_round_5"]
    assert {p: int(by[("13", p)][7]) for p in ["Ana", "Ben", "Chen", "Dee"]} == \
        full_game["expected"]["totals"]
    assert [r[3] for r in body[::4]] == [str(12 - i) for i in range(13)]


def test_csv_export_of_every_game_keeps_names_and_defuses_formulas(app, api, full_game, tmp_path):
    ids = _stock(api, full_game)
    rows = _csv(app)[1:]
    assert len(rows) == 13 * 4 + 5 * 4 + 1 * 3
    assert [int(g) for g in dict.fromkeys(r[0] for r in rows)] == ids[:3]
    odd = [r for r in rows if r[0] == str(ids[2])]
    assert [r[4] for r in odd] == [EVIL, "'" + FORMULA, "Zoë"]
    assert [r[5:] for r in odd] == [["3", "3", "3"], ["11", "11", "11"], ["5", "5", "5"]]
    # The hand corrected to tiles gives its pips.
    fixed = [r for r in rows if r[0] == str(ids[1]) and r[2] == "2" and r[4] == "Ana"]
    assert fixed[0][5] == "14"
    out = tmp_path / "all.csv"
    result = app.test_cli_runner().invoke(args=["export", "--format", "csv", "-o", str(out)])
    assert result.exit_code == 0
    assert out.read_text(encoding="utf-8").splitlines()[0] == "game,played_on,round,engine,player,pips,points,total"


def test_json_export_then_import_gives_equal_games(app, api, full_game, tmp_path, fresh_app):
    ids = _stock(api, full_game)
    strip = ("id", "created_at", "revision", "player_ids")  # an import gives new ids

    def comparable(data):
        data = {k: v for k, v in data.items() if k not in strip}
        for rnd in data["rounds"]:
            rnd.pop("version")
        return data

    before = [comparable(api.get(f"/api/games/{gid}").get_json()) for gid in ids]
    path = tmp_path / "games.json"
    result = app.test_cli_runner().invoke(args=["export", "-o", str(path)])
    assert result.exit_code == 0
    assert len(json.loads(path.read_text())["games"]) == 4
    fresh = fresh_app()
    result = fresh.test_cli_runner().invoke(args=["import", str(path)])
    assert result.exit_code == 0, result.output
    again = _api_client(fresh)
    new_ids = sorted(g["id"] for g in again.get("/api/games").get_json()["games"])
    assert len(new_ids) == 4
    after = [comparable(again.get(f"/api/games/{gid}").get_json()) for gid in new_ids]
    assert after == before


def test_export_of_a_missing_game_is_an_error(app):
    result = app.test_cli_runner().invoke(args=["export", "--game", "999", "--format", "csv"])
    assert result.exit_code == 1 and "no game 999" in result.output


def test_backup_file_is_replaced_whole(app, api, full_game, tmp_path):
    _stock(api, full_game)
    path = tmp_path / "b.json"
    path.write_text("old")
    assert app.test_cli_runner().invoke(args=["backup", str(path)]).exit_code == 0
    assert json.loads(path.read_text())["format"] == "domino-companion-backup"
    assert [p for p in os.listdir(tmp_path) if p.endswith(".tmp")] == []


def test_import_of_a_refused_record_says_why_and_stores_nothing(app, full_game, tmp_path):
    record = full_game["record"]
    record["rounds"][3]["hands"]["Ben"]["pips"] = 10_000
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record))
    result = app.test_cli_runner().invoke(args=["import", str(path)])
    assert result.exit_code == 1
    assert "record 0: rounds[3].hands.Ben.pips: pips_infeasible" in result.output
    assert count_rows(app) == (0, 0)
