"""A player whose only games are still being played (issue 27): the roster
said "0 games" and the player's page "No finished game counts". The roster
now adds "1 game in play" and the player's page lists the games in play,
each a link to its page; once the game is ended it leaves that list (the
page is kept by what it shows, so it cannot stay stale).

Games: Mexican Train on a double-12 set, Ana Ben Chen, one round played
(Ana out, Ben 10, Chen 20): in play, 12 rounds to go, so "round 2 of 13".
A Draw game (to 100) Ana Dee, one round (Ana out, Dee 12: Ana 12): in play,
"round 2". Dee's game is ended by the table afterwards.
"""

from __future__ import annotations

import re


def _start(api, record):
    r = api.post("/api/games", json=record)
    assert r.status_code == 201, r.get_data(as_text=True)
    return r.get_json()["id"]


def _ids(api):
    return {p["name"]: p for p in api.get("/api/players").get_json()["players"]}


def test_roster_and_player_page_show_the_games_in_play(api, client):
    train = _start(api, {"kind": "mexican_train", "set": 12, "players": ["Ana", "Ben", "Chen"],
                         "first_starter": "Ana",
                         "rounds": [{"ended": "domino", "hands": {"Ana": {"pips": 0}, "Ben": {"pips": 10},
                                                                  "Chen": {"pips": 20}}}]})
    draw = _start(api, {"kind": "draw", "set": 6, "players": ["Ana", "Dee"], "first_starter": "Ana",
                        "rounds": [{"ended": "domino", "hands": {"Ana": {"pips": 0}, "Dee": {"pips": 12}}}]})
    players = _ids(api)
    # nobody has a finished game; Ana sits at both games, the others at one
    assert {n: (p["games"], p["in_play"]) for n, p in players.items()} == {
        "Ana": (0, 2), "Ben": (0, 1), "Chen": (0, 1), "Dee": (0, 1)}

    roster = client.get("/players").get_data(as_text=True)
    assert "0 games · 0 wins · 2 games in play" in roster
    assert "0 games · 0 wins · 1 game in play" in roster

    ana = client.get(f"/players/{players['Ana']['id']}").get_data(as_text=True)
    section = ana[ana.index('id="in-play"'):ana.index("</section>", ana.index('id="in-play"'))]
    links = re.findall(r'<a href="/games/(\d+)"><strong>([^<]+)</strong>', section)
    assert links == [(str(draw), "Ana, Dee"), (str(train), "Ana, Ben, Chen")]  # newest first
    text = " ".join(re.sub(r"<[^>]+>", " ", section).split())
    assert "Draw game · round 2" in text
    assert "Mexican Train · round 2 of 13" in text

    # the table ends Dee's game: it leaves the list at once (the page is not kept stale)
    assert api.post(f"/api/games/{draw}/finish").status_code == 200
    dee = client.get(f"/players/{players['Dee']['id']}").get_data(as_text=True)
    assert 'id="in-play"' not in dee
    ana = client.get(f"/players/{players['Ana']['id']}").get_data(as_text=True)
    assert f'href="/games/{draw}"><strong>' not in ana and f'href="/games/{train}"><strong>' in ana
    assert _ids(api)["Dee"]["in_play"] == 0


def test_a_game_in_the_archive_is_not_in_play(api, client):
    gid = _start(api, {"kind": "draw", "set": 6, "players": ["Eve", "Fay"], "first_starter": "Eve"})
    from tests.conftest import csrf_token

    token = csrf_token(client, f"/games/{gid}")
    r = client.post(f"/games/{gid}/archive", data={"csrf_token": token, "archived": "1"})
    assert r.status_code in (302, 303)
    assert _ids(api)["Eve"]["in_play"] == 0
    page = client.get(f"/players/{_ids(api)['Eve']['id']}").get_data(as_text=True)
    assert 'id="in-play"' not in page


def test_a_game_in_play_whose_rounds_are_hands_says_hand(api, client):
    # partnership dominoes, one hand played (Chen out, to 100): "hand 2", not "round 2" (issue 28)
    _start(api, {"kind": "partnership", "set": 6, "players": ["Ana", "Ben", "Chen", "Dee"],
                 "teams": [["Ana", "Chen"], ["Ben", "Dee"]],
                 "rounds": [{"leader": "Ana", "ended": "domino", "out": "Chen",
                             "hands": {"Ana": {"tiles": ["3-4"]}, "Ben": {"tiles": ["5-4", "2-1"]},
                                       "Chen": {"pips": 0, "tiles_left": 0}, "Dee": {"tiles": ["6-3"]}}}]})
    ana = client.get(f"/players/{_ids(api)['Ana']['id']}").get_data(as_text=True)
    section = ana[ana.index('id="in-play"'):ana.index("</section>", ana.index('id="in-play"'))]
    text = " ".join(re.sub(r"<[^>]+>", " ", section).split())
    assert "Partnership dominoes · hand 2" in text and "round 2" not in text
