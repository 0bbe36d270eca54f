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


def test_two_look_alike_names_typed_together_ask_first(app, api, client):
    """Issue 27: "Ana" and a Cyrillic "Аna" typed in one start form, neither on
    the roster yet, started two players without a word. The later name is
    warned of with its own message (not "already on the roster"), on the
    API and on the start page, and kept as two players when confirmed."""
    game = {"set": 6, "players": ["Ana", "Ben", FAKE_ANA], "first_starter": "Ana"}
    message = _warning(api.post("/api/games", json=game), "players[2]")
    assert message == (f"{FAKE_ANA} looks like Ana, also typed here, but is written with other letters. "
                       "Confirm to keep them as two players, or correct one of them.")
    assert _roster(api) == []
    token = csrf_token(client, "/")
    form = {"csrf_token": token, "player": ["Ana", "Ben", FAKE_ANA], "starter": "0", "set": "12"}
    r = client.post("/games", data=form)
    assert r.status_code == 422
    page = r.get_data(as_text=True)
    assert "also typed here" in page and "already on the roster" not in page and 'name="confirm"' in page
    assert _roster(api) == []
    assert client.post("/games", data={**form, "confirm": "1"}).status_code == 302
    assert _roster(api) == sorted(["Ana", "Ben", FAKE_ANA])
    # Names that only differ by case are one name, not look-alikes: refused as seated twice, no warning.
    r = api.post("/api/games", json={"set": 6, "players": ["Dee", "DEE"], "first_starter": "Dee"})
    assert "warnings" not in r.get_json() or not r.get_json()["warnings"]
