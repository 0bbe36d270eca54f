"""A new name drawn like a stored player's ("Ana" with a Cyrillic А) gets a
warning naming the other player, confirmed with ``"confirm": true`` (the
API) or a tick (the pages): a new game, a new player, a rename. Issue 25, item 9."""

from __future__ import annotations

from tests.conftest import csrf_token

FAKE_ANA = "\u0410na"  # Cyrillic capital A, then Latin "na"


def _roster(api) -> list[str]:
    return sorted(p["name"] for p in api.get("/api/players?archived=1").get_json()["players"])


def _warning(r, path):
    assert r.status_code == 422, r.get_data(as_text=True)
    body = r.get_json()
    assert "errors" not in body
    (w,) = body["warnings"]
    assert (w["path"], w["code"]) == (path, "confusable_name")
    return w["message"]


def test_a_new_game_with_a_look_alike_name_asks_first(app, api):
    assert api.post("/api/games", json={"set": 6, "players": ["Ana", "Ben"], "first_starter": "Ana"}).status_code == 201
    game = {"set": 6, "players": ["Chen", FAKE_ANA], "first_starter": "Chen"}
    message = _warning(api.post("/api/games", json=game), "players[1]")
    assert FAKE_ANA in message and "Ana" in message.replace(FAKE_ANA, "")
    assert _roster(api) == ["Ana", "Ben"]
    assert len(api.get("/api/games").get_json()["games"]) == 1
    r = api.post("/api/games", json={**game, "confirm": True})
    assert r.status_code == 201
    assert _roster(api) == sorted(["Ana", "Ben", "Chen", FAKE_ANA])
    # The stored Ana herself is no look-alike of Ana.
    assert api.post("/api/games", json={"set": 6, "players": ["ana", "Ben"], "first_starter": "Ben"}).status_code == 201


def test_adding_and_renaming_a_look_alike_player_asks_first(app, api):
    assert api.post("/api/players", json={"name": "Ana"}).status_code == 201
    message = _warning(api.post("/api/players", json={"name": FAKE_ANA}), "name")
    assert "Ana" in message.replace(FAKE_ANA, "")
    assert _roster(api) == ["Ana"]
    ben = api.post("/api/players", json={"name": "Ben"}).get_json()["id"]
    _warning(api.patch(f"/api/players/{ben}", json={"name": FAKE_ANA}), "name")
    assert _roster(api) == ["Ana", "Ben"]
    assert api.patch(f"/api/players/{ben}", json={"name": FAKE_ANA, "confirm": True}).status_code == 200
    assert api.post("/api/players", json={"name": "B" + "\u0435" + "n", "confirm": True}).status_code == 201
    assert _roster(api) == sorted(["Ana", FAKE_ANA, "B\u0435n"])


def test_the_pages_ask_with_a_tick_before_adding_or_renaming(app, api, client):
    api.post("/api/players", json={"name": "Ana"})
    token = csrf_token(client, "/players")
    r = client.post("/players", data={"csrf_token": token, "name": FAKE_ANA})
    assert r.status_code == 422
    page = r.get_data(as_text=True)
    assert 'name="confirm"' in page and "Ana" in page.replace(FAKE_ANA, "")
    assert _roster(api) == ["Ana"]
    r = client.post("/players", data={"csrf_token": token, "name": FAKE_ANA, "confirm": "1"})
    assert r.status_code == 302
    assert _roster(api) == ["Ana", FAKE_ANA]
    ben = api.post("/api/players", json={"name": "Ben"}).get_json()["id"]
    r = client.post(f"/players/{ben}/rename", data={"csrf_token": token, "name": "An\u0430"})
    assert r.status_code == 422 and 'name="confirm"' in r.get_data(as_text=True)
    assert "Ben" in _roster(api)
