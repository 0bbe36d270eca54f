"""The round form's fields that only some rules ask for (issue 11): the
engine found, the boneyard's pips, the winner of a tied blocked round; and
the question "who holds the 0-0?" asked on the hands, what was typed kept."""

from __future__ import annotations

from tests.conftest import count_rows, csrf_token


def _game(api, **record) -> int:
    players = record.pop("players", ["Ana", "Ben", "Chen"])
    body = {"set": 12, "players": players, "first_starter": players[0], **record}
    r = api.post("/api/games", json=body)
    assert r.status_code == 201, r.get_json()
    return r.get_json()["id"]


def _post(client, gid, **fields):
    data = {"csrf_token": csrf_token(client, f"/games/{gid}"), "number": "1", **fields}
    return client.post(f"/games/{gid}/rounds", data=data)


def _round(api, gid):
    return api.get(f"/api/games/{gid}").get_json()["rounds"][0]


def test_who_holds_the_0_0_is_asked_on_both_hands(app, client, api):
    # double-12, engine 12-12: Ben and Chen each hold 2 tiles and 3 pips. Without the 0-0 two
    # tiles make 3 pips only with the 0-1 (0-1 + 0-2, 0-1 + 1-1), so one of them holds the 0-0
    # (0-0 + 0-3 or 0-0 + 1-2), worth 50 points: the form asks on both hands
    gid = _game(api)
    fields = {"out": "0", "pips-1": "3", "left-1": "2", "pips-2": "3", "left-2": "2"}
    r = _post(client, gid, **fields)
    assert r.status_code == 422
    html = r.get_data(as_text=True)
    assert html.count("Who holds the 0-0?") == 2
    assert 'id="err-1"' in html and 'id="err-2"' in html
    assert 'name="pips-1" value="3"' in html and 'name="left-2" value="2"' in html
    assert "cannot all be made" not in html
    assert count_rows(app)[1] == 0
    r = _post(client, gid, **fields, **{"blank-2": "1"})
    assert r.status_code == 302
    assert _round(api, gid)["scores"] == {"Ana": 0, "Ben": 3, "Chen": 53}


def test_the_boneyard_pips_field_of_the_draw_game(client, api):
    gid = _game(api, kind="draw", set=6, players=["Ana", "Ben"], rules={"boneyard_to_winner": "yes"})
    assert 'name="boneyard_pips"' in client.get(f"/games/{gid}").get_data(as_text=True)
    # Ben's one tile of 12 pips is the 6-6; the boneyard's 14 tiles (nobody drew) hold at most
    # the 14 heaviest of the other 27: 112 pips, at least the 14 lightest: 50
    hand = {"out": "0", "pips-1": "12", "left-1": "1", "drawn-0": "0", "drawn-1": "0"}
    r = _post(client, gid, **hand, boneyard_pips="113")
    assert r.status_code == 422
    html = r.get_data(as_text=True)
    assert 'id="boneyard-error"' in html and "The boneyard cannot hold 113 pips" in html
    assert 'name="boneyard_pips" inputmode="numeric" pattern="[0-9]*" autocomplete="off" value="113"' in html
    r = _post(client, gid, **hand, boneyard_pips="60")
    assert r.status_code == 302
    rnd = _round(api, gid)
    assert rnd["boneyard_pips"] == 60 and rnd["scores"] == {"Ana": 72, "Ben": 0}


def test_the_fields_are_shown_only_when_a_rule_asks(client, api):
    html = client.get(f"/games/{_game(api)}").get_data(as_text=True)
    assert 'name="boneyard_pips"' not in html and 'name="engine"' not in html
    assert 'class="tie-winner"' not in html
    html = client.get(f"/games/{_game(api, kind='draw', set=6)}").get_data(as_text=True)
    assert 'name="boneyard_pips"' not in html and 'class="tie-winner"' not in html


def test_the_winner_of_a_tied_blocked_classic_round(client, api):
    gid = _game(api, kind="block", set=6, rules={"blocked_tie": "lightest_tile"})
    assert 'class="tie-winner"' in client.get(f"/games/{gid}").get_data(as_text=True)
    hands = {"out": "blocked", "pips-0": "10", "pips-1": "10", "pips-2": "20"}
    r = _post(client, gid, **hands)
    assert r.status_code == 422
    assert "tie for the lowest hand" in r.get_data(as_text=True)
    # Ben holds the lightest tile: he wins the round and scores the others' 10 + 20 pips
    r = _post(client, gid, **hands, winner="1")
    assert r.status_code == 302
    assert _round(api, gid)["scores"] == {"Ana": 0, "Ben": 30, "Chen": 0}


def test_the_engine_found_when_the_highest_double_is_the_engine(client, api):
    gid = _game(api, rules={"engine_choice": "highest_double"})
    html = client.get(f"/games/{gid}").get_data(as_text=True)
    assert '<option value="12" selected>12-12</option>' in html
    # The next-round card does not name the schedule's 12-12 as the engine:
    # the table lays the highest double it finds.
    card = html.split('id="next-h"', 1)[1].split("</section>", 1)[0]
    assert "the highest double found in the hands" in card
    assert "12-12" not in card
    table = client.get(f"/games/{gid}/table").get_data(as_text=True)
    next_card = table.split('id="tv-next"', 1)[1].split("</section>", 1)[0]
    assert "the highest double found in the hands" in next_card and "12-12" not in next_card
    r = _post(client, gid, engine="10", out="0", **{"pips-1": "7", "pips-2": "9"})
    assert r.status_code == 302
    assert _round(api, gid)["engine"] == 10
