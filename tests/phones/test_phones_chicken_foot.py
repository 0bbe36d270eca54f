"""Chicken Foot on the players' own phones: each seat sends its hand, checked
as the tablet checks it (the round's centre double in no hand, a hand the
tiles of the set can make, no tile in two hands), and the tablet fills the
round from the phones. Numbers from the brief's CF-1 (rules-families.md
section 5)."""

from __future__ import annotations

from tests.games.test_api_chicken_foot import new_game
from tests.phones.test_phones import _join_url, _seat, _send, _status


def test_phones_send_cf1_and_the_tablet_saves_it(app, client, api):
    gid = new_game(api)
    join = _join_url(client, gid)
    phones = [app.test_client() for _ in range(4)]
    urls = [_seat(p, join, i) for i, p in enumerate(phones)]
    html = phones[1].get(urls[1]).get_data(as_text=True)
    assert "Round 1 · centre double 9-9" in html
    # round 1 (centre 9-9): Ben's two tiles cannot make 34 pips (9-8 and 9-7 are 33)
    r = _send(phones[1], urls[1], number="1", **{"pips-1": "34", "left-1": "2"})
    assert r.status_code == 422 and 'value="34"' in r.get_data(as_text=True)
    # the centre double is in no hand
    r = _send(phones[1], urls[1], number="1", **{"tiles-1": "9-9 7-6"})
    assert r.status_code == 422 and "9-9" in r.get_data(as_text=True)
    assert _send(phones[0], urls[0], number="1", out="0").status_code == 302
    assert _send(phones[1], urls[1], number="1", **{"tiles-1": "9-8 7-6"}).status_code == 302
    # Chen's 9-8 is in Ben's hand already
    r = _send(phones[2], urls[2], number="1", **{"tiles-2": "9-8 0-0"})
    assert r.status_code == 422
    assert _send(phones[2], urls[2], number="1", **{"tiles-2": "0-0 3-2"}).status_code == 302
    assert _send(phones[3], urls[3], number="1", **{"pips-3": "8"}).status_code == 302
    assert [s["entered"] for s in _status(client, gid)["seats"]] == [True] * 4
    html = client.get(f"/games/{gid}/from-phones").get_data(as_text=True)
    assert 'value="0-0 3-2"' in html and 'name="pips-3" value="8"' in html
