"""A refused round keeps a hand given by its tiles: its pips box shows the
pips on the tiles. The box of a picked hand is not sent (the page shuts it
while tiles give the pips), and before, the page sent back after a refusal
showed the hand's tiles under "more" with its pips box empty (a new user's
walk: a photo put the engine 12-12 into Ben's hand)."""

from __future__ import annotations

from tests.conftest import csrf_token


def test_a_refused_round_shows_the_pips_of_a_hand_given_by_its_tiles(client, api):
    gid = api.post("/api/games", json={"set": 12, "players": ["Ana", "Ben", "Chen"],
                                       "first_starter": "Ana"}).get_json()["id"]
    # round 1 of a double-12 game: the engine is 12-12, so Ben's hand is refused;
    # 12-12 and 6-5: 24 + 11 = 35 pips in 2 tiles; Chen typed 20
    data = {"csrf_token": csrf_token(client, f"/games/{gid}"), "number": "1", "out": "0",
            "tiles-1": "12-12 6-5", "left-1": "2", "pips-2": "20"}
    r = client.post(f"/games/{gid}/rounds", data=data)
    assert r.status_code == 422
    html = r.get_data(as_text=True)
    assert 'name="pips-1" value="35"' in html
    assert 'name="tiles-1" value="12-12 6-5"' in html
    assert 'name="pips-2" value="20"' in html


def test_a_typed_pips_box_is_kept_as_typed():
    from companion.games.forms import typed_with_tiles

    # Ben's tiles give 35 pips; Chen typed 20 beside the tiles 3-0 (a box typed wins)
    values = typed_with_tiles({"tiles-1": "12-12 6-5", "pips-1": "", "tiles-2": "3-0", "pips-2": "20"})
    assert (values["pips-1"], values["pips-2"]) == ("35", "20")
