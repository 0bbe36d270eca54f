"""The JSON API of design.md: status codes, error bodies, nothing changed on refusal."""

from __future__ import annotations

import copy

import pytest

from tests.conftest import TOKEN, count_rows

HEAD = {
    "format": "domino-game-record",
    "version": 1,
    "kind": "mexican_train",
    "set": 12,
    "players": ["Ana", "Ben", "Chen", "Dee"],
    "first_starter": "Ana",
}
ROUND1 = {"ended": "domino", "hands": {"Ana": {"pips": 0}, "Ben": {"pips": 23}, "Chen": {"pips": 41}, "Dee": {"pips": 12}}}


def new_game(api, **extra) -> int:
    r = api.post("/api/games", json={**HEAD, **extra})
    assert r.status_code == 201, r.get_json()
    return r.get_json()["id"]


def test_every_route_needs_the_token(anon, api):
    gid = new_game(api)
    for method, url in [
        ("get", "/api/games"),
        ("post", "/api/games"),
        ("get", f"/api/games/{gid}"),
        ("post", f"/api/games/{gid}/rounds"),
        ("put", f"/api/games/{gid}/rounds/1"),
        ("delete", f"/api/games/{gid}/rounds/1"),
    ]:
        r = getattr(anon, method)(url, json={})
        assert r.status_code == 401, url
        assert r.get_json()["errors"][0]["code"] == "unauthorized"
    r = anon.get("/api/games", headers={"Authorization": "Bearer wrong"})
    assert r.status_code == 401
    for url in ["/", f"/games/{gid}", f"/games/{gid}/table", f"/games/{gid}/sheet.pdf", "/rules"]:
        r = anon.get(url)
        assert r.status_code == 302 and "/login" in r.headers["Location"], url


def test_bearer_token_opens_pages_too(app):
    c = app.test_client()
    r = c.get("/rules", headers={"Authorization": f"Bearer {TOKEN}"})
    assert r.status_code == 200


def test_create_and_read_a_game(api):
    gid = new_game(api)
    data = api.get(f"/api/games/{gid}").get_json()
    assert data["players"] == HEAD["players"]
    assert data["status"] == "in_progress"
    assert data["rounds"] == []
    assert data["next_round"] == {"number": 1, "engine": 12, "starter": "Ana", "dealt": 15, "boneyard": 30}
    assert [s["rank"] for s in data["standings"]] == [1, 1, 1, 1]
    listed = api.get("/api/games").get_json()["games"]
    assert [g["id"] for g in listed] == [gid]


def test_full_game_through_the_api(api, full_game):
    record = full_game["record"]
    rounds = record.pop("rounds")
    gid = new_game(api, **{k: v for k, v in record.items() if k not in HEAD or k == "players"})
    for i, rnd in enumerate(rounds, start=1):
        r = api.post(f"/api/games/{gid}/rounds", json={**rnd, "number": i})
        assert r.status_code == 201, (i, r.get_json())
    data = api.get(f"/api/games/{gid}").get_json()
    exp = full_game["expected"]
    assert data["status"] == "finished"
    assert "next_round" not in data
    assert data["standings"] == exp["standings"]
    assert data["rounds"][-1]["totals"] == exp["totals"]
    assert data["rounds"][7]["scores"] == exp["scores_round_8"]
    assert data["winners"] == ["Ana"]
    assert all(r["version"] == 1 for r in data["rounds"])
    # a 14th round is refused
    r = api.post(f"/api/games/{gid}/rounds", json=rounds[0])
    assert r.status_code == 422
    assert r.get_json()["errors"][0]["code"] == "game_finished"


def test_create_with_rounds_in_one_request(api, full_game):
    r = api.post("/api/games", json=full_game["record"])
    assert r.status_code == 201
    data = api.get(f"/api/games/{r.get_json()['id']}").get_json()
    assert {s["player"]: s["total"] for s in data["standings"]} == full_game["expected"]["totals"]


@pytest.mark.parametrize(
    "change, code, path",
    [
        ({"kind": "chess"}, "unknown_kind", "kind"),
        ({"set": 7}, "unknown_set", "set"),
        ({"rules": {"house": 1}}, "unknown_rule", "rules.house"),
        ({"players": ["Solo"]}, "too_few_players", "players"),
        ({"players": ["Ana", "Ana"]}, "duplicate_player", "players[1]"),
        ({"first_starter": "Zoe"}, "unknown_player", "first_starter"),
    ],
)
def test_bad_games_are_refused_and_nothing_is_stored(api, app, change, code, path):
    r = api.post("/api/games", json={**HEAD, **change})
    assert r.status_code == 422
    errors = r.get_json()["errors"]
    assert {"path": path, "code": code} in [{"path": e["path"], "code": e["code"]} for e in errors]
    assert all(e["message"] for e in errors)
    assert count_rows(app) == (0, 0)


def test_bad_round_is_refused_with_its_path_and_changes_nothing(api, app):
    gid = new_game(api)
    api.post(f"/api/games/{gid}/rounds", json=ROUND1)
    bad = copy.deepcopy(ROUND1)
    bad["hands"]["Ben"]["pips"] = -4
    r = api.post(f"/api/games/{gid}/rounds", json=bad)
    assert r.status_code == 422
    assert r.get_json() == {
        "errors": [{"path": "rounds[1].hands.Ben.pips", "code": "pips_negative", "message": "Pips cannot be negative."}]
    }
    assert count_rows(app) == (1, 1)


def test_not_json_is_refused(api):
    gid = new_game(api)
    r = api.post(f"/api/games/{gid}/rounds", data="ended=domino")
    assert r.status_code == 415
    r = api.post(f"/api/games/{gid}/rounds", data="[1,2]", content_type="application/json")
    assert r.status_code == 422
    r = api.post(f"/api/games/{gid}/rounds", data="{not json", content_type="application/json")
    assert r.status_code == 422


def test_unknown_game_is_404(api):
    assert api.get("/api/games/999").status_code == 404
    assert api.post("/api/games/999/rounds", json=ROUND1).status_code == 404


def test_round_number_guards_a_repeated_send(api, app):
    gid = new_game(api)
    assert api.post(f"/api/games/{gid}/rounds", json={**ROUND1, "number": 1}).status_code == 201
    r = api.post(f"/api/games/{gid}/rounds", json={**ROUND1, "number": 1})
    assert r.status_code == 409
    assert r.get_json()["errors"][0]["code"] == "edit_conflict"
    assert count_rows(app) == (1, 1)
    r = api.post(f"/api/games/{gid}/rounds", json={**ROUND1, "number": 5})
    assert r.status_code == 409


def test_put_replaces_a_round_and_versions_guard_it(api):
    gid = new_game(api)
    api.post(f"/api/games/{gid}/rounds", json=ROUND1)
    api.post(f"/api/games/{gid}/rounds", json=ROUND1)
    fixed = copy.deepcopy(ROUND1)
    fixed["hands"]["Ben"]["pips"] = 30
    r = api.put(f"/api/games/{gid}/rounds/1", json={**fixed, "version": 1})
    assert r.status_code == 200
    body = r.get_json()
    assert body["round"]["version"] == 2
    assert body["round"]["scores"]["Ben"] == 30
    # totals follow at once: 30 + 23
    assert body["game"]["rounds"][1]["totals"]["Ben"] == 53
    # a second device still holding version 1 is refused
    stale = api.put(f"/api/games/{gid}/rounds/1", json={**ROUND1, "version": 1})
    assert stale.status_code == 409
    assert stale.get_json()["errors"][0]["code"] == "edit_conflict"
    assert api.get(f"/api/games/{gid}").get_json()["rounds"][0]["scores"]["Ben"] == 30
    assert api.put(f"/api/games/{gid}/rounds/7", json=ROUND1).status_code == 404


def test_put_with_a_bad_round_changes_nothing(api):
    gid = new_game(api)
    api.post(f"/api/games/{gid}/rounds", json=ROUND1)
    bad = copy.deepcopy(ROUND1)
    bad["hands"]["Chen"] = {"pips": 24, "tiles_left": 1}
    r = api.put(f"/api/games/{gid}/rounds/1", json=bad)
    assert r.status_code == 422
    assert r.get_json()["errors"][0]["code"] == "pips_infeasible"
    data = api.get(f"/api/games/{gid}").get_json()
    assert data["rounds"][0]["scores"]["Chen"] == 41 and data["rounds"][0]["version"] == 1


def test_delete_only_the_last_round(api):
    gid = new_game(api)
    api.post(f"/api/games/{gid}/rounds", json=ROUND1)
    api.post(f"/api/games/{gid}/rounds", json=ROUND1)
    r = api.delete(f"/api/games/{gid}/rounds/1")
    assert r.status_code == 422
    assert api.delete(f"/api/games/{gid}/rounds/2").status_code == 204
    data = api.get(f"/api/games/{gid}").get_json()
    assert len(data["rounds"]) == 1
    assert data["next_round"]["engine"] == 11


def test_soft_rule_warning_then_confirm(api, app):
    gid = new_game(api)
    house = {**ROUND1, "dealt": 12}
    r = api.post(f"/api/games/{gid}/rounds", json=house)
    assert r.status_code == 422
    body = r.get_json()
    assert "errors" not in body
    assert body["warnings"][0]["code"] == "deal_off_table"
    assert count_rows(app) == (1, 0)
    r = api.post(f"/api/games/{gid}/rounds", json={**house, "confirm": True})
    assert r.status_code == 201
    assert api.get(f"/api/games/{gid}").get_json()["rounds"][0]["dealt"] == 12


def test_api_paths_answer_json_even_when_missing(api):
    r = api.get("/api/games/abc")
    assert r.status_code == 404 and r.get_json()["errors"][0]["code"] == "not_found"
    r = api.delete("/api/games/1/rounds/-1")
    assert r.status_code == 404 and r.is_json
    r = api.patch("/api/games")
    assert r.status_code == 405 and r.is_json


def test_a_save_answers_even_if_another_device_deleted_the_round_at_once(api, monkeypatch):
    """The answer to a PUT is built from what was saved: the game read back a
    moment later may already lack the round (another tablet deleted it)."""
    import companion.games.api as api_view

    gid = new_game(api)
    api.post(f"/api/games/{gid}/rounds", json=ROUND1)
    real = api_view._game_json

    def read_after_a_delete(game_id):
        data = real(game_id)
        data["rounds"] = []  # as if round 1 was deleted right after our save
        return data

    monkeypatch.setattr(api_view, "_game_json", read_after_a_delete)
    fixed = copy.deepcopy(ROUND1)
    fixed["hands"]["Ben"]["pips"] = 30
    r = api.put(f"/api/games/{gid}/rounds/1", json={**fixed, "version": 1})
    assert r.status_code == 200
    body = r.get_json()
    assert body["round"]["number"] == 1 and body["round"]["version"] == 2
    assert body["round"]["hands"]["Ben"]["pips"] == 30
    r = api.post(f"/api/games/{gid}/rounds", json=ROUND1)
    assert r.status_code == 201 and r.get_json()["round"]["number"] == 2
