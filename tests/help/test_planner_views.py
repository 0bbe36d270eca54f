"""The planner's API and page (issue 4): known answers from the issue's public examples."""

from __future__ import annotations

import re

from tests.conftest import csrf_token


def legal(train, start, hand):
    """The train joins end to end from ``start`` and uses tiles of the hand once each."""
    end, used = start, set()
    for t in train:
        a, b = (int(x) for x in t.split("-"))
        assert a == end, (t, end)
        key = (max(a, b), min(a, b))
        assert key not in used
        used.add(key)
        end = b
    hand_keys = {(max(x, y), min(x, y)) for x, y in ((int(p) for p in h.split("-")) for h in hand)}
    assert used <= hand_keys


def test_api_known_answer_engine_12(api):
    hand = "12-8 1-8 3-1 3-9 9-10 10-2 10-4 4-0 0-3 5-2 11-5 7-7".split()
    r = api.post("/api/planner", json={"set": 12, "open_end": 12, "hand": hand, "objective": "tiles"})
    assert r.status_code == 200
    body = r.get_json()
    assert (body["tiles"], body["pips"], body["optimal"]) == (9, 89, True)
    legal(body["train"], 12, hand)
    assert len(body["extras"]) == 3
    r = api.post("/api/planner", json={"set": 12, "open_end": 12, "hand": hand, "objective": "pips"})
    assert (r.get_json()["tiles"], r.get_json()["pips"]) == (8, 99)


def test_api_no_train(api):
    hand = "4-8 5-1 3-1 3-9 7-10 4-3 3-10 4-7 4-5 5-2 11-12 7-12".split()
    body = api.post("/api/planner", json={"set": 12, "open_end": 0, "hand": hand}).get_json()
    assert body["train"] == [] and body["tiles"] == 0 and len(body["extras"]) == 12


def test_api_refusals(api):
    r = api.post("/api/planner", json={"set": 12, "open_end": 12, "hand": ["13-1", "12-12", "5-4", "4-5"]})
    assert r.status_code == 422
    codes = {e["code"] for e in r.get_json()["errors"]}
    assert codes == {"tiles_not_in_set", "tile_repeated", "engine_in_hand"}
    r = api.post("/api/planner", json={"set": 12, "open_end": 12, "hand": ["1-2"], "objective": "fun"})
    assert r.status_code == 422 and r.get_json()["errors"][0]["code"] == "bad_value"
    assert api.post("/api/planner", data="x").status_code == 415


def test_planner_page(client):
    html = client.get("/planner").get_data(as_text=True)
    assert 'id="planner-form"' in html
    token = csrf_token(client, "/planner")
    r = client.post("/planner", data={"csrf_token": token, "set": "12", "open_end": "12", "from_engine": "1",
                                      "hand": "12-8 1-8 3-1 3-9 9-10 10-2 10-4 4-0 0-3 5-2 11-5 7-7",
                                      "objective": "tiles"})
    html = r.get_data(as_text=True)
    assert r.status_code == 200
    assert "9 tiles" in html and "89 pips" in html and "proven best" in html
    assert re.search(r"12-8 → 8-1", html)
    r = client.post("/planner", data={"csrf_token": token, "set": "12", "open_end": "12", "from_engine": "1",
                                      "hand": "12-12 13-2", "objective": "tiles"})
    assert r.status_code == 422
    html = r.get_data(as_text=True)
    assert "13-2" in html and "12-12" in html
    assert 'value="12-12 13-2"' in html or ">12-12 13-2<" in html
