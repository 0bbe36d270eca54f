"""Chicken Foot through the JSON API (rules-families.md section 5): the
worked examples CF-1 … CF-4 played as a table would, the next-round card
(the centre double and the deal), the refusals with their codes and paths, a
correction, the last round deleted, and the game's end after the 0-0 round.
The numbers are the brief's."""

from __future__ import annotations

from typing import Any

PLAYERS = ["Ana", "Ben", "Chen", "Dee"]

# CF-1: centre 9-9; Ana out; Ben 9-8 and 7-6 (30); Chen 0-0 and 3-2 (5 + 50); Dee 4-4 (8).
CF1 = {"engine": 9, "ended": "domino",
       "hands": {"Ana": {"pips": 0, "tiles_left": 0}, "Ben": {"tiles": ["9-8", "7-6"]},
                 "Chen": {"tiles": ["0-0", "3-2"]}, "Dee": {"tiles": ["4-4"]}}}
# CF-2: centre 8-8; Ben out; Ana 6-6 (12); Chen 9-0 (9); Dee 1-0 and 2-1 (4).
CF2 = {"engine": 8, "ended": "domino",
       "hands": {"Ana": {"tiles": ["6-6"]}, "Ben": {"pips": 0, "tiles_left": 0},
                 "Chen": {"tiles": ["9-0"]}, "Dee": {"tiles": ["1-0", "2-1"]}}}


def new_game(api, **rules: Any) -> int:
    r = api.post("/api/games", json={"kind": "chicken_foot", "set": 9, "players": PLAYERS, "rules": rules})
    assert r.status_code == 201, r.get_json()
    return r.get_json()["id"]


def play(api, gid: int, rnd: dict[str, Any]) -> dict[str, Any]:
    r = api.post(f"/api/games/{gid}/rounds", json=rnd)
    assert r.status_code == 201, r.get_json()
    return r.get_json()["round"]


def refused(api, gid: int, rnd: dict[str, Any]) -> dict[str, str]:
    r = api.post(f"/api/games/{gid}/rounds", json=rnd)
    assert r.status_code == 422, r.get_json()
    return {e["path"]: e["code"] for e in r.get_json()["errors"]}


def game(api, gid: int) -> dict[str, Any]:
    return api.get(f"/api/games/{gid}").get_json()


def test_cf1_and_cf2_scores_standings_and_the_next_round(api):
    gid = new_game(api)
    # the first round: the set's highest double in the centre, 11 each to four (gamerules.com)
    nxt = game(api, gid)["next_round"]
    assert (nxt["number"], nxt["engine"], nxt["dealt"], nxt["boneyard"]) == (1, 9, 11, 10)
    assert play(api, gid, CF1)["scores"] == {"Ana": 0, "Ben": 30, "Chen": 55, "Dee": 8}
    nxt = game(api, gid)["next_round"]
    assert (nxt["number"], nxt["engine"], nxt["dealt"], nxt["unheld_double"]) == (2, 8, 11, "draw")
    play(api, gid, CF2)
    data = game(api, gid)
    assert data["rounds"][1]["scores"] == {"Ana": 12, "Ben": 0, "Chen": 9, "Dee": 4}
    assert data["standings"] == [
        {"player": "Ana", "total": 12, "rank": 1}, {"player": "Dee", "total": 12, "rank": 1},
        {"player": "Ben", "total": 30, "rank": 3}, {"player": "Chen", "total": 64, "rank": 4}]
    assert data["status"] == "in_progress" and data["next_round"]["engine"] == 7


def test_cf3_the_double_blank_and_going_out_on_a_double(api):
    assert play(api, new_game(api, double_blank_points=25), CF1)["scores"]["Chen"] == 30
    assert play(api, new_game(api, double_blank_points=0), CF1)["scores"]["Chen"] == 5
    gid = new_game(api, end_on_double_points=50)
    assert play(api, gid, {**CF1, "ended_on_double": True})["scores"]["Ana"] == 50


def test_cf4_refusals_with_their_codes_and_paths(api):
    gid = new_game(api)
    # round 1 (centre 9-9): two tiles hold at most 9-8 and 9-7, 33 pips
    two = {**CF1, "hands": {**CF1["hands"], "Ben": {"pips": 34, "tiles_left": 2}}}
    assert refused(api, gid, two) == {"rounds[0].hands.Ben.pips": "pips_infeasible"}
    play(api, gid, CF1)
    # round 2 (centre 8-8): nobody can hold the 8-8
    held = {**CF2, "hands": {**CF2["hands"], "Ana": {"tiles": ["8-8"]}}}
    assert set(refused(api, gid, held).values()) == {"engine_in_hand"}
    assert refused(api, gid, {**CF2, "engine": 7}) == {"rounds[1].engine": "engine_out_of_sequence"}
    assert len(game(api, gid)["rounds"]) == 1  # nothing was saved


def test_cf4_burnt_doubles_and_the_double_blank_round(api):
    gid = new_game(api, unheld_double="burn")
    play(api, gid, CF1)
    seven = {"engine": 7, "ended": "domino",
             "hands": {"Ana": {"pips": 12}, "Ben": {"pips": 0, "tiles_left": 0},
                       "Chen": {"pips": 9}, "Dee": {"pips": 4}}}
    play(api, gid, seven)  # 7-7 after 9-9: the 8-8 was burnt
    assert [r.get("burnt") for r in game(api, gid)["rounds"]] == [None, [8]]  # said with the round (issue 28)
    assert refused(api, gid, {**seven, "engine": 8}) == {"rounds[2].engine": "engine_out_of_sequence"}
    blank = {**seven, "engine": 0, "hands": {**seven["hands"], "Dee": {"pips": 4, "double_blank": True}}}
    assert set(refused(api, gid, blank).values()) == {"engine_in_hand"}
    # the 0-0 round ends the game: lowest total wins
    play(api, gid, {**seven, "engine": 0})
    data = game(api, gid)
    assert data["status"] == "finished" and "next_round" not in data
    # totals: Ana 0 + 12 + 12, Ben 30 + 0 + 0, Chen 55 + 9 + 9, Dee 8 + 4 + 4
    assert [(s["player"], s["total"]) for s in data["standings"]] == [
        ("Dee", 16), ("Ana", 24), ("Ben", 30), ("Chen", 73)]
    assert data["winners"] == ["Dee"]
    assert refused(api, gid, {**seven, "engine": 0}) == {"rounds[3]": "game_finished"}


def test_a_round_corrected_and_the_last_round_deleted(api):
    gid = new_game(api)
    play(api, gid, CF1)
    play(api, gid, CF2)
    fixed = {**CF1, "hands": {**CF1["hands"], "Chen": {"tiles": ["3-2"]}}}  # the 0-0 was not Chen's
    r = api.put(f"/api/games/{gid}/rounds/1", json={**fixed, "version": 1})
    assert r.status_code == 200, r.get_json()
    data = game(api, gid)
    assert data["rounds"][0]["scores"]["Chen"] == 5
    assert data["rounds"][1]["totals"] == {"Ana": 12, "Ben": 30, "Chen": 14, "Dee": 12}
    r = api.put(f"/api/games/{gid}/rounds/1", json={**fixed, "engine": 8})
    assert r.status_code == 422  # the next round was played on 8-8
    assert api.delete(f"/api/games/{gid}/rounds/2").status_code == 204
    data = game(api, gid)
    assert len(data["rounds"]) == 1 and data["next_round"]["engine"] == 8


def test_a_deal_table_keyed_in_other_digits_is_refused_at_its_key(api):
    # "²" is a digit to Python's isdigit but no number of players: refused, never a 500
    r = api.post("/api/games", json={"kind": "chicken_foot", "set": 9, "players": PLAYERS,
                                     "rules": {"draw_counts": {"²": 5}}})
    assert r.status_code == 422
    assert [(e["path"], e["code"]) for e in r.get_json()["errors"]] == [("rules.draw_counts.²", "bad_value")]
