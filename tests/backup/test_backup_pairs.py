"""Export, import, backup and restore keep the games in pairs: their
``teams``, their hands and their pairs' totals (docs/design.md "Teams"),
and the players' records with each partner made from them."""

from __future__ import annotations

import json

import pytest

from companion.backup import archive as backup
from tests.backup.test_backup import _api_client, fresh_app  # noqa: F401  (the fixture)
from tests.conftest import count_rows

# LP-1 (rules-families.md section 1): Chen out, Ben 12 and Dee 9 left: Ana+Chen 21.
LP1 = {"leader": "Ana", "ended": "domino", "out": "Chen",
       "hands": {"Ana": {"tiles": ["3-4"]}, "Ben": {"tiles": ["5-4", "2-1"]},
                 "Chen": {"pips": 0, "tiles_left": 0}, "Dee": {"tiles": ["6-3"]}}}
# LP-2: a tranque, pair totals 14 (Ana+Chen) and 19: Ana+Chen win 19.
LP2 = {"leader": "Dee", "ended": "blocked",
       "hands": {"Ana": {"tiles": ["6-4"]}, "Chen": {"tiles": ["3-1"]},
                 "Ben": {"tiles": ["5-3"]}, "Dee": {"tiles": ["6-5"]}}}


def _pairs_games(api) -> list[int]:
    """A finished game in pairs to 40 (21 + 19 = 40) and one in progress (to 100),
    seated Ana, Ben, Chen, Dee (Ana+Chen against Ben+Dee), the second
    Cuban: a rule set of its own."""
    ids = []
    for target, rounds in ((40, [LP1, LP2]), (100, [LP1])):
        r = api.post("/api/games", json={"kind": "partnership", "set": 6, "players": ["Ana", "Ben", "Chen", "Dee"],
                                         "teams": [["Ana", "Chen"], ["Ben", "Dee"]],
                                         "rules": {"target_score": target}, "rounds": rounds})
        assert r.status_code == 201, r.get_json()
        ids.append(r.get_json()["id"])
    first = api.get(f"/api/games/{ids[0]}").get_json()
    assert first["status"] == "finished"
    assert [(s["name"], s["total"]) for s in first["team_standings"]] == [("Ana+Chen", 40), ("Ben+Dee", 0)]
    return ids


def _seen(api, ids) -> dict:
    players = {p["name"]: p["id"] for p in api.get("/api/players").get_json()["players"]}
    return {"games": {gid: api.get(f"/api/games/{gid}").get_json() for gid in ids},
            "ana": api.get(f"/api/players/{players['Ana']}").get_json()}


@pytest.mark.db
def test_backup_then_restore_keeps_the_pairs(app, api, tmp_path, fresh_app):  # noqa: F811
    ids = _pairs_games(api)
    before = _seen(api, ids)
    assert before["ana"]["partners"][0]["partner"] == "Chen" and before["ana"]["partners"][0]["points"] == 40
    with app.app_context():
        dump_before = backup.dump()
    assert [g["teams"] for g in dump_before["games"]] == [[["Ana", "Chen"], ["Ben", "Dee"]]] * 2
    path = tmp_path / "backup.json"
    assert app.test_cli_runner().invoke(args=["backup", str(path)]).exit_code == 0
    fresh = fresh_app()
    assert count_rows(fresh) == (0, 0)
    result = fresh.test_cli_runner().invoke(args=["restore", str(path)])
    assert result.exit_code == 0, result.output
    again = _api_client(fresh)
    assert _seen(again, ids) == before
    with fresh.app_context():
        dump_after = backup.dump()
    for d in (dump_before, dump_after):
        d.pop("created_at")
    assert dump_after == dump_before
    # the game in progress goes on after the restore: LP-2 again, 19 more
    r = again.post(f"/api/games/{ids[1]}/rounds", json={**LP2, "number": 2})
    assert r.status_code == 201, r.get_json()
    assert r.get_json()["round"]["team_scores"] == {"Ana+Chen": 19, "Ben+Dee": 0}


@pytest.mark.db
def test_export_then_import_keeps_the_pairs(app, api, tmp_path, fresh_app):  # noqa: F811
    ids = _pairs_games(api)
    strip = ("id", "created_at", "revision", "player_ids")

    def comparable(data):
        data = {k: v for k, v in data.items() if k not in strip}
        for rnd in data["rounds"]:
            rnd.pop("version")
        return data

    before = [comparable(api.get(f"/api/games/{gid}").get_json()) for gid in ids]
    path = tmp_path / "games.json"
    assert app.test_cli_runner().invoke(args=["export", "-o", str(path)]).exit_code == 0
    exported = json.loads(path.read_text())["games"]
    assert [g["teams"] for g in exported] == [[["Ana", "Chen"], ["Ben", "Dee"]]] * 2
    fresh = fresh_app()
    result = fresh.test_cli_runner().invoke(args=["import", str(path)])
    assert result.exit_code == 0, result.output
    again = _api_client(fresh)
    new_ids = sorted(g["id"] for g in again.get("/api/games").get_json()["games"])
    assert [comparable(again.get(f"/api/games/{gid}").get_json()) for gid in new_ids] == before
