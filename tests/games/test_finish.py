"""Ending a game now (design.md, "Ending a game now"; issue 27, major 3):
``POST /api/games/<id>/finish`` ends any kind where it stands, ranked by the
kind's own order, and the ending is stored: it reads back after a reload, on
the score sheet and in the players' records."""

from __future__ import annotations

import io

import pypdf
import pytest

from companion.rules import read_game
from companion.rules.game import end_now
from tests.conftest import csrf_token

MT = {"set": 12, "players": ["Ana", "Ben", "Chen"], "first_starter": "Ana",
      "rounds": [{"ended": "domino", "hands": {"Ana": {"pips": 0}, "Ben": {"pips": 23}, "Chen": {"pips": 14}}},
                 {"ended": "domino", "hands": {"Ana": {"pips": 10}, "Ben": {"pips": 0}, "Chen": {"pips": 5}}}]}
"""Mexican Train, 2 of 13 rounds: Ana 0+10 = 10, Ben 23+0 = 23, Chen 14+5 = 19; lowest wins."""
DRAW = {"kind": "draw", "set": 6, "players": ["Ana", "Ben", "Cy"], "first_starter": "Ana",
        "rounds": [{"ended": "domino", "hands": {"Ana": {"pips": 0}, "Ben": {"pips": 12}, "Cy": {"pips": 9}}},
                   {"ended": "domino", "hands": {"Ana": {"pips": 5}, "Ben": {"pips": 0}, "Cy": {"pips": 8}}}]}
"""Draw to 100: Ana out scores 12+9 = 21, then Ben out scores 5+8 = 13; Cy 0; highest wins."""
PICTURE = {"kind": "picture", "players": ["Mia", "Leo", "Ivy"], "first_starter": "Mia",
           "rounds": [{"winner": "Leo"}, {"winner": "Mia"}, {"winner": "Leo"}]}
"""Picture dominoes, "Wins to finish 0" (no end of its own): Leo 2 wins, Mia 1, Ivy 0."""


def _places(game: dict) -> list[tuple[str, int, int]]:
    return [(s["player"], s["total"], s["rank"]) for s in game["standings"]]


@pytest.mark.parametrize(("record", "places", "winners"), [
    (MT, [("Ana", 10, 1), ("Chen", 19, 2), ("Ben", 23, 3)], ["Ana"]),
    (DRAW, [("Ana", 21, 1), ("Ben", 13, 2), ("Cy", 0, 3)], ["Ana"]),
    (PICTURE, [("Leo", 2, 1), ("Mia", 1, 2), ("Ivy", 0, 3)], ["Leo"]),
], ids=["mexican_train", "draw", "picture"])
def test_every_kind_ends_now_ranked_by_its_own_order(api, record, places, winners):
    gid = api.post("/api/games", json=record).get_json()["id"]
    assert api.get(f"/api/games/{gid}").get_json()["status"] == "in_progress"
    r = api.post(f"/api/games/{gid}/finish")
    assert r.status_code == 200, r.get_json()
    body = r.get_json()
    assert (body["status"], body["winners"], _places(body)) == ("finished", winners, places)
    assert "next_round" not in body
    # read again (a reload): still finished, the same places; the record says why
    again = api.get(f"/api/games/{gid}").get_json()
    assert (again["status"], again["winners"], _places(again)) == ("finished", winners, places)
    assert again["ended_by_players"] is True
    # no round can follow; ending twice is refused
    assert api.post(f"/api/games/{gid}/finish").get_json()["errors"][0]["code"] == "game_finished"
    listed = api.get("/api/games?status=finished").get_json()["games"]
    assert [g["id"] for g in listed] == [gid]


def test_a_game_ended_now_takes_no_more_rounds(api):
    gid = api.post("/api/games", json=MT).get_json()["id"]
    api.post(f"/api/games/{gid}/finish")
    r = api.post(f"/api/games/{gid}/rounds", json={"ended": "domino", "hands": {
        "Ana": {"pips": 0}, "Ben": {"pips": 4}, "Chen": {"pips": 6}}})
    assert r.status_code == 422 and r.get_json()["errors"][0]["code"] == "game_finished"


def test_a_game_ended_now_keeps_its_end_when_a_round_is_corrected(api):
    gid = api.post("/api/games", json=DRAW).get_json()["id"]
    api.post(f"/api/games/{gid}/finish")
    # round 1 corrected: Ben held 2 (not 12): Ana 2+9 = 11, Ben 13, Cy 0
    r = api.put(f"/api/games/{gid}/rounds/1", json={"ended": "domino", "hands": {
        "Ana": {"pips": 0}, "Ben": {"pips": 2}, "Cy": {"pips": 9}}})
    assert r.status_code == 200, r.get_json()
    body = api.get(f"/api/games/{gid}").get_json()
    assert (body["status"], _places(body)) == ("finished", [("Ben", 13, 1), ("Ana", 11, 2), ("Cy", 0, 3)])


def test_no_round_yet_nothing_to_end(api):
    gid = api.post("/api/games", json={**MT, "rounds": []}).get_json()["id"]
    r = api.post(f"/api/games/{gid}/finish")
    assert r.status_code == 422
    assert r.get_json()["errors"][0]["code"] == "nothing_played"
    assert api.get(f"/api/games/{gid}").get_json()["status"] == "in_progress"
    assert api.post("/api/games/999/finish").status_code == 404


def test_the_sheet_and_the_players_records_follow_the_end(api):
    gid = api.post("/api/games", json=DRAW).get_json()["id"]
    ids = {p["name"]: p["id"] for p in api.get("/api/players").get_json()["players"]}
    assert api.get(f"/api/players/{ids['Ana']}").get_json()["stats"]["games"] == 0  # in play: no line yet
    api.post(f"/api/games/{gid}/finish")
    text = "\n".join(p.extract_text() for p in pypdf.PdfReader(io.BytesIO(
        api.get(f"/games/{gid}/sheet.pdf").data)).pages)
    assert "Winner: Ana with 21 points." in text
    ana = api.get(f"/api/players/{ids['Ana']}").get_json()["stats"]
    assert (ana["games"], ana["wins"], ana["places"]) == (1, 1, {"1": 1})
    cy = api.get(f"/api/players/{ids['Cy']}").get_json()["stats"]
    assert (cy["games"], cy["wins"], cy["places"]) == (1, 0, {"3": 1})


def test_the_engine_ends_a_game_where_it_stands():
    game = end_now(read_game(PICTURE))
    assert game.finished and game.winners() == ["Leo"] and game.next_round() is None
    assert game.as_record()["ended_by_players"] is True
    assert read_game(game.as_record()).finished  # the record read back is ended too


def test_the_game_page_offers_to_end_it_and_then_shows_the_winners_card(client, api):
    gid = api.post("/api/games", json=PICTURE).get_json()["id"]
    html = client.get(f"/games/{gid}").get_data(as_text=True)
    assert "End the game now" in html and 'class="end-game" data-confirm="End the game now?' in html
    assert 'id="winner"' not in html
    r = client.post(f"/games/{gid}/finish", data={"csrf_token": csrf_token(client, f"/games/{gid}")})
    assert r.status_code == 302 and r.headers["Location"].endswith(f"/games/{gid}#winner")
    html = client.get(f"/games/{gid}").get_data(as_text=True)
    assert '<h2 id="winner-h">Leo wins!</h2>' in html
    assert "End the game now" not in html and 'id="round-form"' not in html
    # the card says the table ended it, after the 3 rounds played
    assert "The table ended this game early, after 3 rounds." in html


def test_a_game_that_reached_its_own_end_says_nothing_of_an_early_end(client, api):
    """Picture dominoes to 2 wins: Leo's second win ends it by the game's own rule."""
    gid = api.post("/api/games", json={**PICTURE, "rules": {"target_wins": 2}}).get_json()["id"]
    html = client.get(f"/games/{gid}").get_data(as_text=True)
    assert '<h2 id="winner-h">Leo wins!</h2>' in html
    assert "ended this game early" not in html


def test_the_game_page_offers_no_end_before_the_first_round(client, api):
    gid = api.post("/api/games", json={**MT, "rounds": []}).get_json()["id"]
    assert "End the game now" not in client.get(f"/games/{gid}").get_data(as_text=True)
