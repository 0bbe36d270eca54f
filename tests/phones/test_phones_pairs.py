"""Players' own phones in a game in pairs (partnership dominoes): every seat
sends its hand, the engine checks it alone by the pairs' rules, the hand is
saved from the four phones (who went out, who led), and each seat's page
shows the pairs' points and totals.

Numbers: the brief's LP-1 (rules-families.md section 1): Ana led the 6-6,
Chen goes out; Ana holds 7, Ben 12, Dee 9: Ana+Chen score 12 + 9 = 21.
"""

from __future__ import annotations

import re

import pytest

from companion.games import services
from companion.phones import links

PLAYERS = ["Ana", "Ben", "Chen", "Dee"]


def _csrf(client, url: str) -> str:
    m = re.search(r'name="csrf_token" value="([^"]+)"', client.get(url).get_data(as_text=True))
    assert m, url
    return m.group(1)


def _game(api) -> int:
    r = api.post("/api/games", json={"kind": "partnership", "set": 6, "players": PLAYERS,
                                     "teams": [["Ana", "Chen"], ["Ben", "Dee"]], "rules": {"target_score": 100}})
    assert r.status_code == 201, r.get_json()
    return r.get_json()["id"]


def _seats(app, gid) -> list[tuple[object, str]]:
    """Four phones, one per seat (the join address as the tablet's panel
    shows it: the game page is not offered for pairs yet)."""
    with app.app_context():
        settings, _ = links.tablet_view(services.get_game(gid))
    join = f"/j/{gid}/{settings.join_key}"
    out = []
    for seat in range(4):
        phone = app.test_client()
        r = phone.post(join, data={"seat": str(seat), "csrf_token": _csrf(phone, join)})
        assert r.status_code == 302, r.get_data(as_text=True)[:300]
        out.append((phone, r.headers["Location"].split("?")[0]))
    return out


def _send(phone, url, **fields):
    return phone.post(url, data={"csrf_token": _csrf(phone, url), **fields})


@pytest.mark.db
def test_a_hand_in_pairs_sent_from_four_phones(app, api, client):
    gid = _game(api)
    (ana, ana_url), (ben, ben_url), (chen, chen_url), (dee, dee_url) = _seats(app, gid)
    page = ben.get(ben_url).get_data(as_text=True)
    assert "I led this hand" in page  # the first hand: the 6-6 holder leads, the card cannot say who
    # the engine checks each hand alone by the pairs' rules
    r = _send(ben, ben_url, number="1", **{"tiles-1": "6-6 2-1"})
    assert r.status_code == 422 and "The 6-6 was led this hand" in r.get_data(as_text=True)
    r = _send(ben, ben_url, number="1", **{"pips-1": "30", "left-1": "2"})  # two tiles hold 21 at most (6-5, 6-4)
    assert r.status_code == 422
    r = _send(ben, ben_url, number="1", **{"pips-1": "2", "left-1": "9"})  # 7 dealt each
    assert r.status_code == 422
    assert _send(ana, ana_url, number="1", led="0", **{"pips-0": "7", "left-0": "1"}).status_code == 302
    assert _send(ben, ben_url, number="1", **{"pips-1": "12", "left-1": "2"}).status_code == 302
    assert _send(dee, dee_url, number="1", **{"tiles-3": "6-3"}).status_code == 302
    with app.app_context():
        game = services.get_game(gid)
        data = links.round_from_phones(game, links.entries(gid, 1))
    assert data["leader"] == "Ana" and "out" not in data and "ended" not in data  # Chen has not sent yet
    with app.app_context():
        links.set_autosave(gid, True)
    assert _send(chen, chen_url, number="1", out="2").status_code == 302  # the fourth hand saves it
    saved = api.get(f"/api/games/{gid}").get_json()
    assert len(saved["rounds"]) == 1, saved
    assert (saved["rounds"][0]["leader"], saved["rounds"][0]["out"], saved["rounds"][0]["ended"]) == (
        "Ana", "Chen", "domino")
    assert saved["rounds"][0]["team_scores"] == {"Ana+Chen": 21, "Ben+Dee": 0}
    # every seat's page shows the pairs' points and totals, its own pair marked
    page = ben.get(ben_url).get_data(as_text=True)
    table = page[page.index("pair-scores"):]
    table = table[:table.index("</table>")]
    assert '<td>1</td><th scope="row">Ana + Chen</th><td>21</td><td>21</td>' in table
    assert '<tr class="me"><td>2</td><th scope="row">Ben + Dee</th><td>0</td><td>0</td>' in table
    # hand 2: the lead passes to the right (Dee, counter-clockwise): the card says so, no "I led"
    assert "I led this hand" not in page
    assert saved["next_round"]["starter"] == "Dee"


@pytest.mark.db
def test_a_blocked_hand_from_the_phones_fills_the_tablets_hand_form(app, api, client):
    gid = _game(api)
    phones = _seats(app, gid)
    # LP-2, a tranque: Ana 6-4, Chen 3-1, Ben 5-3, Dee 6-5; Ana led
    hands = ["6-4", "5-3", "3-1", "6-5"]
    for seat, ((phone, url), tiles) in enumerate(zip(phones, hands)):
        extra = {"led": "0"} if seat == 0 else {}
        assert _send(phone, url, number="1", **{f"tiles-{seat}": tiles}, **extra).status_code == 302
    with app.app_context():
        data = links.round_from_phones(services.get_game(gid), links.entries(gid, 1))
    assert (data["ended"], data["leader"]) == ("blocked", "Ana") and "out" not in data
    # the tablet's hand form filled from the phones: Ana (seat 0) led, blocked, each seat's tiles
    html = client.get(f"/games/{gid}/from-phones").get_data(as_text=True)
    for seat, tiles in enumerate(hands):
        assert f'name="tiles-{seat}"' in html and f'value="{tiles}"' in html
    r = api.post(f"/api/games/{gid}/rounds", json=data)
    assert r.status_code == 201, r.get_json()
    # team totals 14 and 19: Ana+Chen win the tranque and score 19 (losing_team)
    assert r.get_json()["round"]["team_scores"] == {"Ana+Chen": 19, "Ben+Dee": 0}
