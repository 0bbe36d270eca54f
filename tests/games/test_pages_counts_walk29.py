"""A new user's walk of the games scored during play (issue 29, second walk):
the score pad and 42's page carry the game's own buttons (end it now, a new
game with these players, archive, delete), a pair's win is worded for a
pair, and a 42 hand is corrected from its page. Values worked out by hand
from rules-families.md (AF-1 in section 2, the pairs chip-out of section 3,
T42-1 in section 4)."""

from __future__ import annotations

import html as htmllib
import re

from tests.conftest import csrf_token
from tests.games.test_api_texas42 import AC, BD, T42_1
from tests.games.test_api_texas42 import new_game as new_42
from tests.games.test_pages_pad_walk import AF1
from tests.games.test_pages_pad_walk import new_game as new_all_fives

SHELF = ("New game with these players", "End the game now", "Archive this game", "Delete this game")


def page(client, gid: int) -> str:
    r = client.get(f"/games/{gid}")
    assert r.status_code == 200
    return r.get_data(as_text=True)


def heading(html: str, section: str) -> str:
    m = re.search(rf'id="{section}"[^>]*>\s*<h2[^>]*>(.*?)</h2>', html, re.S)
    assert m, f"no {section} card"
    return htmllib.unescape(re.sub(r"<[^>]+>|\s+", " ", m.group(1))).strip()


def test_the_score_pad_ends_an_all_fives_game_now_from_its_own_button(client, api):
    gid = new_all_fives(api, {}, [AF1])
    html = page(client, gid)
    for label in SHELF:
        assert label in html
    assert f'action="/games/{gid}/finish"' in html and f'action="/games/{gid}/rematch"' in html
    r = client.post(f"/games/{gid}/finish", data={"csrf_token": csrf_token(client, f"/games/{gid}")})
    assert r.status_code == 302
    data = api.get(f"/api/games/{gid}").get_json()
    # AF-1: Ann 20 + 10 bonus (Bob's 8 pips rounded) = 30, Bob 60: Bob leads when the table stops
    assert data["status"] == "finished" and data["winners"] == ["Bob"]
    html = page(client, gid)
    assert heading(html, "winner") == "Bob wins!"
    assert "End the game now" not in html and "Save the hand" not in html
    assert "Archive this game" in html and "Delete this game" in html


def test_no_end_button_before_the_first_hand(client, api):
    html = page(client, new_all_fives(api, {}))
    assert "End the game now" not in html and "New game with these players" in html


def test_a_fives_and_threes_pair_win_is_worded_for_a_pair(client, api):
    r = api.post("/api/games", json={"kind": "fives_threes", "set": 6, "players": ["Ann", "Ben", "Cy", "Di"],
                                     "teams": [["Ann", "Cy"], ["Ben", "Di"]], "rules": {}})
    gid = r.get_json()["id"]
    # Ann's 10 = 2 points, Ben's 5 = 1, Ann and Cy both out: the chip-out point (section 3): 3 to 1
    hand = {"leader": "Ann", "plays": [{"player": "Ann", "count": 10}, {"player": "Ben", "count": 5}],
            "ended": "domino", "out": ["Ann", "Cy"]}
    assert api.post(f"/api/games/{gid}/rounds", json=hand).status_code == 201
    client.post(f"/games/{gid}/finish", data={"csrf_token": csrf_token(client, f"/games/{gid}")})
    assert heading(page(client, gid), "winner") == "Ann & Cy win!"


def test_42_ends_now_and_its_rematch_keeps_the_kind_rules_and_pairs(client, api):
    gid = new_42(api, target_marks=7, forced_bid=True)
    html = page(client, gid)
    assert "End the game now" not in html and "New game with these players" in html
    assert api.post(f"/api/games/{gid}/rounds", json=T42_1[0]).status_code == 201
    html = page(client, gid)
    for label in SHELF:
        assert label in html
    r = client.post(f"/games/{gid}/rematch", data={"csrf_token": csrf_token(client, f"/games/{gid}")})
    assert r.status_code == 302
    new = int(r.headers["Location"].rstrip("/").rsplit("/", 1)[1])
    data = api.get(f"/api/games/{new}").get_json()
    assert data["kind"] == "texas42" and data["rounds"] == []
    assert data["rules"]["target_marks"] == 7 and data["rules"]["forced_bid"] is True
    assert data["teams"] == [["Ana", "Chen"], ["Ben", "Dee"]]
    assert data["first_shaker"] == "Ana"  # Dee shook first last game: the shake moves one seat on
    # hand 1 of T42-1 set Chen's 31: Ben and Dee 1 mark; the table stops there
    client.post(f"/games/{gid}/finish", data={"csrf_token": csrf_token(client, f"/games/{gid}")})
    data = api.get(f"/api/games/{gid}").get_json()
    assert data["status"] == "finished" and data["winners"] == ["Ben", "Dee"]
    assert heading(page(client, gid), "winner") == "Ben & Dee win!"
    assert [(s["name"], s["total"]) for s in data["team_standings"]] == [(BD, 1), (AC, 0)]
