"""The games scored during play survive a backup and restore, and an export
then import: All Fives in pairs, Fives and Threes with a struck score, Texas 42
with who shook first (rules-families.md sections 2–4; the hands are the
brief's worked examples)."""

from __future__ import annotations

import json

from tests.backup.test_backup import _api_client, fresh_app  # noqa: F401  (a fixture)
from tests.games.test_api_all_fives import AF1
from tests.games.test_api_fives_threes import F3_1
from tests.games.test_api_texas42 import T42_1


def _stock(api) -> list[int]:
    games = [
        {"kind": "all_fives", "set": 6, "players": ["Ann", "Bob", "Cy", "Dee"],
         "teams": [["Ann", "Cy"], ["Bob", "Dee"]], "rules": {"spinners": "none"},
         "rounds": [{"leader": "Ann", "plays": [{"player": "Ann", "count": 10}], "ended": "domino",
                     "out": "Ann", "hands": {"Bob": {"pips": 13}, "Dee": {"pips": 13}}}]},
        {"kind": "all_fives", "set": 6, "players": ["Ann", "Bob"], "rules": {"score_unit": "fives"},
         "rounds": [AF1]},
        {"kind": "fives_threes", "set": 6, "players": ["A", "B"], "rules": {},
         "rounds": [F3_1, {"leader": "B", "in_play": {"A": 40}, "ended": "blocked"},
                    {"leader": "A", "plays": [{"player": "A", "count": 15}], "ended": "blocked"}]},
        {"kind": "texas42", "set": 6, "players": ["Ana", "Ben", "Chen", "Dee"],
         "teams": [["Ana", "Chen"], ["Ben", "Dee"]], "first_shaker": "Dee", "rules": {},
         "rounds": T42_1[:3]},
    ]
    ids = []
    for record in games:
        r = api.post("/api/games", json=record)
        assert r.status_code == 201, r.get_json()
        ids.append(r.get_json()["id"])
    return ids


def _games(api, ids: list[int]) -> list[dict]:
    return [api.get(f"/api/games/{gid}").get_json() for gid in ids]


def test_backup_and_restore_keep_the_counting_games(app, api, tmp_path, fresh_app):  # noqa: F811
    ids = _stock(api)
    before = _games(api, ids)
    # F3: 18 + 40 = 58, then a 15 (8 points) would pass 61: struck, A stays on 58
    assert before[2]["rounds"][2]["pegs"][0]["struck"] == "overshoot"
    assert before[2]["rounds"][2]["totals"] == {"A": 58, "B": 17}
    assert before[3]["rounds"][2]["shaker"] == "Ben" and before[3]["next_round"]["shaker"] == "Chen"
    path = tmp_path / "backup.json"
    result = app.test_cli_runner().invoke(args=["backup", str(path)])
    assert result.exit_code == 0, result.output
    fresh = fresh_app()
    result = fresh.test_cli_runner().invoke(args=["restore", str(path)])
    assert result.exit_code == 0, result.output
    assert _games(_api_client(fresh), ids) == before


def test_export_then_import_gives_equal_counting_games(app, api, tmp_path, fresh_app):  # noqa: F811
    ids = _stock(api)
    strip = ("id", "created_at", "revision", "player_ids")

    def comparable(data: dict) -> dict:
        data = {k: v for k, v in data.items() if k not in strip}
        for rnd in data["rounds"]:
            rnd.pop("version")
        return data

    before = [comparable(g) for g in _games(api, ids)]
    path = tmp_path / "games.json"
    result = app.test_cli_runner().invoke(args=["export", "-o", str(path)])
    assert result.exit_code == 0
    assert [g["kind"] for g in json.loads(path.read_text())["games"]] == [
        "all_fives", "all_fives", "fives_threes", "texas42"]
    fresh = fresh_app()
    result = fresh.test_cli_runner().invoke(args=["import", str(path)])
    assert result.exit_code == 0, result.output
    again = _api_client(fresh)
    new_ids = sorted(g["id"] for g in again.get("/api/games").get_json()["games"])
    assert [comparable(g) for g in _games(again, new_ids)] == before
