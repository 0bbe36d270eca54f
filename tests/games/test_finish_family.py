"""Ending a game now for the kinds read by their own rules module
(design.md, "Ending a game now"; ``POST /api/games/<id>/finish``): a
partnership game and a Chicken Foot game end where they stand, ranked as
their own rules rank them, and the end is kept when a hand is corrected.
The numbers are the worked examples' (rules-families.md sections 1 and 5)."""

from __future__ import annotations

import pytest

from companion.rules import RecordError, read_game
from companion.rules.family_game import end_family_now
from tests.games.test_api_chicken_foot import CF1, CF2
from tests.games.test_api_chicken_foot import new_game as new_cf_game
from tests.games.test_api_partnership import LP1, LP3
from tests.games.test_api_partnership import new_game as new_lp_game


def _finish(api, gid: int) -> dict:
    r = api.post(f"/api/games/{gid}/finish")
    assert r.status_code == 200, r.get_json()
    return r.get_json()


def test_a_partnership_game_ends_now_with_the_pair_ahead_winning(api):
    gid = new_lp_game(api)
    # LP-1: Chen goes out, the pair Ana+Chen scores the other pair's 12 + 9 = 21
    assert api.post(f"/api/games/{gid}/rounds", json=LP1).status_code == 201
    body = _finish(api, gid)
    assert body["status"] == "finished" and "next_round" not in body
    assert body["winners"] == ["Ana", "Chen"]
    assert [(s["name"], s["total"], s["rank"]) for s in body["team_standings"]] == [
        ("Ana+Chen", 21, 1), ("Ben+Dee", 0, 2)]
    again = api.get(f"/api/games/{gid}").get_json()
    assert (again["status"], again["ended_by_players"], again["winners"]) == ("finished", True, ["Ana", "Chen"])
    html = api.get(f"/games/{gid}").get_data(as_text=True)
    assert "The table ended this game early, after 1 hand." in html
    # no hand follows; ending twice is refused
    r = api.post(f"/api/games/{gid}/rounds", json=LP1)
    assert r.status_code == 422 and r.get_json()["errors"][0]["code"] == "game_finished"
    assert api.post(f"/api/games/{gid}/finish").get_json()["errors"][0]["code"] == "game_finished"


def test_a_partnership_game_ended_now_keeps_its_end_when_its_hand_is_corrected(api):
    gid = new_lp_game(api)
    api.post(f"/api/games/{gid}/rounds", json=LP1)
    _finish(api, gid)
    # hand 1 corrected to LP-3: a blocked hand the pair Ben+Dee wins with 21
    # (their 8 + 9 = 17 pips against Ana+Chen's 1 + 20 = 21: the lower pair scores the other's 21)
    r = api.put(f"/api/games/{gid}/rounds/1", json=LP3)
    assert r.status_code == 200, r.get_json()
    body = api.get(f"/api/games/{gid}").get_json()
    assert body["status"] == "finished" and body["winners"] == ["Ben", "Dee"]
    assert [(s["name"], s["total"]) for s in body["team_standings"]] == [("Ben+Dee", 21), ("Ana+Chen", 0)]


def test_a_chicken_foot_game_ends_now_lowest_total_first(api):
    gid = new_cf_game(api)
    for rnd in (CF1, CF2):
        assert api.post(f"/api/games/{gid}/rounds", json=rnd).status_code == 201
    # after CF-1 and CF-2: Ana 0 + 12 = 12, Dee 8 + 4 = 12, Ben 30 + 0 = 30, Chen 55 + 9 = 64
    body = _finish(api, gid)
    assert body["status"] == "finished" and body["winners"] == ["Ana", "Dee"]
    assert [(s["player"], s["total"], s["rank"]) for s in body["standings"]] == [
        ("Ana", 12, 1), ("Dee", 12, 1), ("Ben", 30, 3), ("Chen", 64, 4)]
    assert "next_round" not in body
    html = api.get(f"/games/{gid}").get_data(as_text=True)
    assert "The table ended this game early, after 2 rounds." in html
    r = api.post(f"/api/games/{gid}/rounds", json={**CF2, "engine": 7})
    assert r.status_code == 422 and r.get_json()["errors"][0]["code"] == "game_finished"


def test_nothing_played_nothing_to_end(api):
    gid = new_cf_game(api)
    r = api.post(f"/api/games/{gid}/finish")
    assert r.status_code == 422 and r.get_json()["errors"][0]["code"] == "nothing_played"


def test_the_engine_ends_a_family_game_and_reads_the_end_back():
    record = {"kind": "chicken_foot", "set": 9, "players": ["Ana", "Ben", "Chen", "Dee"], "rounds": [CF1]}
    game = read_game(record)
    assert not game.finished
    ended = end_family_now(game)
    derived = ended.derived()
    # after CF-1 alone: Ana 0, Dee 8, Ben 30, Chen 55
    assert ended.finished and derived["winners"] == ["Ana"] and "next_round" not in derived
    assert derived["ended_by_players"] is True and derived["status"] == "finished"
    again = read_game({**record, "ended_by_players": True})
    assert again.finished and again.state.winners() == ["Ana"]
    with pytest.raises(RecordError) as err:
        read_game({**record, "ended_by_players": "yes"})
    assert [(p.path, p.code) for p in err.value.problems] == [("ended_by_players", "bad_value")]


def test_an_all_fives_game_ended_now_says_so_on_its_pad(api):
    from tests.games.test_api_all_fives import AF1
    from tests.games.test_api_all_fives import new_game as new_af_game
    from tests.games.test_api_all_fives import play as play_af

    gid = new_af_game(api)
    play_af(api, gid, AF1)
    # AF-1: Ann 10 + 10 + 10 (bonus of Bob's 8 pips rounded to 10) = 30, Bob 10 + 15 + 25 + 10 = 60
    body = _finish(api, gid)
    assert body["winners"] == ["Bob"]
    html = api.get(f"/games/{gid}").get_data(as_text=True)
    assert "Bob wins!" in html and "The table ended this game early, after 1 hand." in html
    assert "Save the hand" not in html  # no next hand is offered once it is ended


def test_a_texas42_game_ended_now_offers_no_next_hand(api):
    from tests.games.test_api_texas42 import T42_1
    from tests.games.test_api_texas42 import new_game as new_42_game
    from tests.games.test_api_texas42 import play as play_42

    gid = new_42_game(api)
    play_42(api, gid, T42_1[0])
    # T42-1, hand 1: Chen's 31 is set, so Ben & Dee take 1 mark, Ana & Chen none
    body = _finish(api, gid)
    assert sorted(body["winners"]) == ["Ben", "Dee"]
    html = api.get(f"/games/{gid}").get_data(as_text=True)
    assert 'id="winner"' in html and "The table ended this game early, after 1 hand." in html
