"""Chicken Foot games in the players' records, and kept by export, import,
backup and restore (rules-families.md section 5). The game: CF-1, then 7-7
(the 8-8 burnt) and 0-0 as in the brief's CF-4; totals worked by hand:
Ana 0 + 12 + 12 = 24, Ben 30 + 0 + 0 = 30, Chen 55 + 9 + 9 = 73, Dee 8 + 4 + 4 = 16."""

from __future__ import annotations

from tests.backup.test_backup import _api_client, fresh_app  # noqa: F401  (a fixture)
from tests.games.test_api_chicken_foot import CF1, new_game, play

SEVEN = {"engine": 7, "ended": "domino",
         "hands": {"Ana": {"pips": 12}, "Ben": {"pips": 0, "tiles_left": 0}, "Chen": {"pips": 9}, "Dee": {"pips": 4}}}


def _finished_game(api) -> int:
    gid = new_game(api, unheld_double="burn")
    for rnd in (CF1, SEVEN, {**SEVEN, "engine": 0}):
        play(api, gid, rnd)
    assert api.get(f"/api/games/{gid}").get_json()["winners"] == ["Dee"]
    return gid


def _records(api) -> dict[str, dict]:
    ids = {p["name"]: p["id"] for p in api.get("/api/players").get_json()["players"]}
    return {name: api.get(f"/api/players/{pid}?kind=chicken_foot").get_json()["stats"] for name, pid in ids.items()}


def test_the_players_records_count_a_chicken_foot_game(api):
    _finished_game(api)
    stats = _records(api)
    assert (stats["Dee"]["games"], stats["Dee"]["wins"], stats["Dee"]["points"], stats["Dee"]["rounds"]) == (1, 1, 16, 3)
    assert (stats["Chen"]["games"], stats["Chen"]["wins"], stats["Chen"]["points"]) == (1, 0, 73)
    assert stats["Chen"]["double_blank"] == 1  # CF-1: Chen was left with the 0-0
    assert stats["Ben"]["places"] == {"3": 1} and stats["Ana"]["rounds_out"] == 1


def test_export_then_import_keeps_it(app, api, tmp_path, fresh_app):  # noqa: F811  (the fixture)
    gid = _finished_game(api)
    before = api.get(f"/api/games/{gid}").get_json()
    records = _records(api)
    path = tmp_path / "games.json"
    assert app.test_cli_runner().invoke(args=["export", "-o", str(path)]).exit_code == 0
    fresh = fresh_app()
    result = fresh.test_cli_runner().invoke(args=["import", str(path)])
    assert result.exit_code == 0, result.output
    again = _api_client(fresh)
    [item] = again.get("/api/games").get_json()["games"]
    after = again.get(f"/api/games/{item['id']}").get_json()
    for key in ("kind", "set", "rules", "players", "standings", "winners", "status"):
        assert after[key] == before[key], key
    assert [r["scores"] for r in after["rounds"]] == [r["scores"] for r in before["rounds"]]
    assert _records(again) == records


def test_backup_then_restore_keeps_it(app, api, tmp_path, fresh_app):  # noqa: F811  (the fixture)
    gid = _finished_game(api)
    before = api.get(f"/api/games/{gid}").get_json()
    records = _records(api)
    backup = tmp_path / "backup.json"
    assert app.test_cli_runner().invoke(args=["backup", str(backup)]).exit_code == 0
    fresh = fresh_app()
    result = fresh.test_cli_runner().invoke(args=["restore", str(backup)])
    assert result.exit_code == 0, result.output
    again = _api_client(fresh)
    assert again.get(f"/api/games/{gid}").get_json() == before
    assert _records(again) == records


def test_the_players_pages_show_the_chicken_foot_game(client, api):
    _finished_game(api)
    ids = {p["name"]: p["id"] for p in api.get("/api/players").get_json()["players"]}
    for path in (f"/players/{ids['Dee']}", f"/players/{ids['Dee']}?kind=chicken_foot", "/players",
                 "/players/leaderboard", f"/players/compare?id={ids['Dee']}&id={ids['Ana']}",
                 "/?kind=chicken_foot", f"/players/{ids['Dee']}/games.csv"):
        r = client.get(path)
        assert r.status_code == 200, path
    assert "Chicken Foot" in client.get(f"/players/{ids['Dee']}").get_data(as_text=True)
    assert "Chicken Foot" in client.get("/?kind=chicken_foot").get_data(as_text=True)
