"""All Fives on the players' own phones: the winner's bonus is worked out
from the pips left in the other hands (rules-families.md section 2), so each
seat sends its own pips left (or tiles), checked as the pad checks them, and
the pad's pips-left boxes are filled from the phones. Texas 42 asks no pips:
its page says nothing of phones. Numbers from the brief's AF-1 (Bob left
holding 6-2, 8 pips, rounded to 10 for Ann)."""

from __future__ import annotations

import re

from tests.games.test_api_all_fives import new_game
from tests.games.test_api_texas42 import new_game as texas42_game
from tests.games.test_pages_counts import send as send_pad
from tests.phones.test_phones import _join_url, _seat, _send, _status

AF1_PLAYS = [{"player": "Ann", "count": 10}, {"player": "Bob", "count": 10}, {"player": "Ann", "count": 10},
             {"player": "Bob", "count": 15}, {"player": "Bob", "count": 25}, {"player": "Bob", "count": 10}]


def _pips_box(page: str, player: str) -> str:
    m = re.search(r'<input id="pips-\d+"[^>]*data-player="' + player + r'"[^>]*>', page)
    assert m, f"no pips box for {player}"
    return m.group(0)


def test_bobs_phone_fills_his_pips_box_and_ann_gets_the_bonus(app, client, api):
    gid = new_game(api, spinners="first", score_unit="pips", target_score=250)
    page = client.get(f"/games/{gid}").get_data(as_text=True)
    assert 'id="phones"' in page  # the pad asks the pips left: the phones' panel is there
    join = _join_url(client, gid)
    bob = app.test_client()  # Bob's phone: no access token
    url = _seat(bob, join, 1)
    html = bob.get(url).get_data(as_text=True)
    assert "Pips left" in html and "Round 1" in html
    # a double-six set holds 168 pips: 999 is refused at the phone, as typed
    r = _send(bob, url, number="1", **{"pips-1": "999"})
    assert r.status_code == 422 and 'value="999"' in r.get_data(as_text=True)
    assert "168" in r.get_data(as_text=True)
    # AF-1: Bob still holds 6-2 (8 pips)
    assert _send(bob, url, number="1", **{"tiles-1": "6-2"}).status_code == 302
    seats = _status(client, gid)["seats"]
    assert [(s["entered"], s["pips"]) for s in seats] == [(False, None), (True, 8)]
    page = client.get(f"/games/{gid}").get_data(as_text=True)
    assert 'value="8"' in _pips_box(page, "Bob") and "value=" not in _pips_box(page, "Ann")
    # the tablet's "fill from the phones" shows the pad with the same box filled
    page = client.get(f"/games/{gid}/from-phones").get_data(as_text=True)
    assert 'value="8"' in _pips_box(page, "Bob")
    # the scorekeeper saves the hand with the pips the box holds: 8 → 10 for Ann (pagat rounding)
    hand = {"leader": "Ann", "plays": AF1_PLAYS, "ended": "domino", "out": ["Ann"],
            "hands": {"Ann": {"pips": 0}, "Bob": {"pips": 8}}}
    assert send_pad(client, gid, hand, 1).status_code == 302
    rnd = api.get(f"/api/games/{gid}").get_json()["rounds"][0]
    assert rnd["bonus"]["rounded"] == 10 and rnd["scores"] == {"Ann": 30, "Bob": 60}
    # hand 2: nothing sent yet, the boxes are empty again
    page = client.get(f"/games/{gid}").get_data(as_text=True)
    assert "value=" not in _pips_box(page, "Bob")
    # Bob's phone shows the scores so far (Ann 30, Bob 60) and asks the next hand
    html = bob.get(url).get_data(as_text=True)
    assert "Round 2" in html
    assert re.search(r"<th scope=\"row\">Bob</th><td>60</td><td>60</td>", html)
    assert re.search(r"<th scope=\"row\">Ann</th><td>30</td><td>30</td>", html)


def test_no_phones_on_a_texas_42_page_nor_on_fives_and_threes(client, api):
    # 42 is bids and tricks, Fives and Threes counts only the plays: no pips left asked, no phones
    gid = texas42_game(api)
    page = client.get(f"/games/{gid}").get_data(as_text=True)
    assert "Bid" in page and 'id="phones"' not in page and "phones" not in page.lower()
    r = api.post("/api/games", json={"kind": "fives_threes", "set": 6, "players": ["Ann", "Bob"], "rules": {}})
    assert r.status_code == 201, r.get_json()
    page = client.get(f"/games/{r.get_json()['id']}").get_data(as_text=True)
    assert "pad-key" in page and 'id="phones"' not in page and "phones" not in page.lower()


def test_the_phones_never_save_a_hand_of_the_pad_by_themselves(app, client, api):
    # the hand's scoring plays are on the pad: even with "save when everyone has entered"
    # on, the hand waits for the scorekeeper
    gid = new_game(api, spinners="first", score_unit="pips", target_score=250)
    join = _join_url(client, gid)
    page = client.get(f"/games/{gid}/phones/panel").get_data(as_text=True)
    assert "Save when everyone has entered" not in page and "#pad" in page
    from tests.phones.test_phones import _csrf
    client.post(f"/games/{gid}/phones/autosave", data={"autosave": "1", "csrf_token": _csrf(client, f"/games/{gid}")})
    ann, bob = app.test_client(), app.test_client()
    a, b = _seat(ann, join, 0), _seat(bob, join, 1)
    assert _send(ann, a, number="1", out="0").status_code == 302
    assert _send(bob, b, number="1", **{"pips-1": "8"}).status_code == 302
    assert api.get(f"/api/games/{gid}").get_json()["rounds"] == []
    page = client.get(f"/games/{gid}").get_data(as_text=True)
    assert 'value="0"' in _pips_box(page, "Ann") and 'value="8"' in _pips_box(page, "Bob")


def test_a_tile_in_two_hands_is_refused_at_the_second_phone(app, client, api):
    gid = new_game(api, spinners="first", score_unit="pips", target_score=250)
    join = _join_url(client, gid)
    ann, bob = app.test_client(), app.test_client()
    a, b = _seat(ann, join, 0), _seat(bob, join, 1)
    assert _send(bob, b, number="1", **{"tiles-1": "6-2"}).status_code == 302
    r = _send(ann, a, number="1", **{"tiles-0": "6-2 1-0"})
    assert r.status_code == 422 and "6-2 is counted twice." in r.get_data(as_text=True)
    # 2 tiles cannot carry 30 pips (6-6 and 6-5 are 23)
    r = _send(ann, a, number="1", **{"pips-0": "30", "left-0": "2"})
    assert r.status_code == 422 and 'value="30"' in r.get_data(as_text=True)
    assert _send(ann, a, number="1", **{"tiles-0": "1-0"}).status_code == 302
    assert [s["pips"] for s in _status(client, gid)["seats"]] == [1, 8]
