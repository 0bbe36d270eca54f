"""Texas 42 through the JSON API (rules-families.md section 4): the worked
example T42-1 played hand by hand (Ben and Dee win 7–1), every refusal of
T42-2 with its code and path, nello when the table allows it (T42-3), a
reshake, a correction and the last hand deleted. The marks are the brief's
(42-online and the Harper tournament rules)."""

from __future__ import annotations

import copy
from typing import Any

import pytest

AC, BD = "Ana+Chen", "Ben+Dee"


def bid(player: str, value: Any) -> dict[str, Any]:
    return {"player": player, "bid": value}


def marks(n: int) -> dict[str, int]:
    return {"marks": n}


T42_1 = [
    {"bids": [bid("Ana", "pass"), bid("Ben", 30), bid("Chen", 31), bid("Dee", "pass")],
     "contract": {"player": "Chen", "bid": 31, "trump": "fives", "type": "normal"},
     "result": "set", "points": {AC: 30, BD: 12}, "tricks": {AC: 5, BD: 2}},
    {"bids": [bid("Ben", marks(2)), bid("Chen", "pass"), bid("Dee", "pass"), bid("Ana", "pass")],
     "contract": {"player": "Ben", "bid": marks(2), "trump": "sixes"},
     "result": "made", "tricks": {AC: 0, BD: 7}},
    {"bids": [bid("Chen", marks(1)), bid("Dee", marks(2)), bid("Ana", marks(3)), bid("Ben", "pass")],
     "contract": {"player": "Ana", "bid": marks(3), "trump": "doubles"},
     "result": "set"},
    {"bids": [bid("Dee", 30), bid("Ana", "pass"), bid("Ben", "pass"), bid("Chen", 35)],
     "contract": {"player": "Chen", "bid": 35, "trump": "fours"},
     "result": "made", "points": {AC: 36, BD: 6}, "tricks": {AC: 6, BD: 1}},
    {"bids": [bid("Ana", "pass"), bid("Ben", 32), bid("Chen", "pass"), bid("Dee", "pass")],
     "contract": {"player": "Ben", "bid": 32, "trump": "threes"},
     "result": "made", "points": {AC: 9, BD: 33}},
]


def new_game(api, **rules: Any) -> int:
    r = api.post("/api/games", json={"kind": "texas42", "set": 6, "players": ["Ana", "Ben", "Chen", "Dee"],
                                     "teams": [["Ana", "Chen"], ["Ben", "Dee"]], "first_shaker": "Dee",
                                     "rules": rules})
    assert r.status_code == 201, r.get_json()
    return r.get_json()["id"]


def play(api, gid: int, hand: dict[str, Any]) -> dict[str, Any]:
    r = api.post(f"/api/games/{gid}/rounds", json=hand)
    assert r.status_code == 201, r.get_json()
    return r.get_json()["round"]


def refused(api, gid: int, hand: dict[str, Any]) -> dict[str, str]:
    r = api.post(f"/api/games/{gid}/rounds", json=hand)
    assert r.status_code == 422, r.get_json()
    return {e["path"]: e["code"] for e in r.get_json()["errors"]}


def game(api, gid: int) -> dict[str, Any]:
    return api.get(f"/api/games/{gid}").get_json()


def test_t42_1_ben_and_dee_win_7_to_1_after_5_hands(api):
    gid = new_game(api, target_marks=7, forced_bid=True)
    nxt = game(api, gid)["next_round"]
    assert (nxt["shaker"], nxt["starter"], nxt["dealt"], nxt["boneyard"]) == ("Dee", "Ana", 7, 0)
    running = []
    for hand in T42_1:
        rnd = play(api, gid, hand)
        running.append((rnd["team_totals"][AC], rnd["team_totals"][BD]))
    assert running == [(0, 1), (0, 3), (0, 6), (1, 6), (1, 7)]
    data = game(api, gid)
    assert [r["shaker"] for r in data["rounds"]] == ["Dee", "Ana", "Ben", "Chen", "Dee"]
    assert data["rounds"][0]["team_scores"] == {AC: 0, BD: 1}
    assert data["status"] == "finished" and data["winners"] == ["Ben", "Dee"]
    assert [(s["name"], s["total"], s["rank"]) for s in data["team_standings"]] == [(BD, 7, 1), (AC, 1, 2)]
    assert refused(api, gid, T42_1[0]) == {"rounds[5]": "game_finished"}


def hand1(**change: Any) -> dict[str, Any]:
    hand = copy.deepcopy(T42_1[0])
    hand.update(change)
    return {k: v for k, v in hand.items() if v is not None}


@pytest.mark.parametrize(("hand", "code", "path"), [
    (hand1(bids=[bid("Ana", 29), bid("Ben", 30), bid("Chen", 31), bid("Dee", "pass")]),
     "bid_too_low", "rounds[0].bids[0].bid"),
    (hand1(bids=[bid("Ana", "pass"), bid("Ben", 31), bid("Chen", 31), bid("Dee", "pass")]),
     "bid_not_higher", "rounds[0].bids[2].bid"),
    (hand1(bids=[bid("Ben", 30), bid("Ana", "pass"), bid("Chen", 31), bid("Dee", "pass")]),
     "bid_out_of_order", "rounds[0].bids[0].player"),
    (hand1(tricks={AC: 5, BD: 2}, points={AC: 30, BD: 11}), "trick_points_total", "rounds[0].points"),
    (hand1(result="made"), "result_inconsistent", "rounds[0].result"),
    ({"bids": [bid("Ana", marks(2)), bid("Ben", marks(4)), bid("Chen", "pass"), bid("Dee", "pass")],
      "contract": {"player": "Ben", "bid": marks(4), "trump": "sixes"}, "result": "made"},
     "bid_raise_too_large", None),
    ({"bids": [bid("Ana", "pass"), bid("Ben", "pass"), bid("Chen", marks(1)), bid("Dee", "pass")],
      "contract": {"player": "Chen", "bid": marks(1), "type": "nello"}, "result": "made"},
     "contract_not_allowed", None),
])
def test_t42_2_refusals_with_their_codes_and_paths(api, hand, code, path):
    gid = new_game(api)
    got = refused(api, gid, hand)
    assert list(got.values()) == [code]
    if path is not None:
        assert list(got) == [path]
    assert game(api, gid)["rounds"] == []


def test_t42_3_nello_when_the_table_allows_it(api):
    gid = new_game(api, nello=True)
    nello = {"bids": [bid("Ana", "pass"), bid("Ben", "pass"), bid("Chen", marks(1)), bid("Dee", "pass")],
             "contract": {"player": "Chen", "bid": marks(1), "type": "nello"},
             "result": "made", "tricks": {AC: 0, BD: 7}}
    assert play(api, gid, nello)["team_scores"] == {AC: 1, BD: 0}


def test_all_pass_reshake_scores_nobody_and_the_shake_moves_on(api):
    gid = new_game(api, forced_bid=False)
    passes = [bid("Ana", "pass"), bid("Ben", "pass"), bid("Chen", "pass"), bid("Dee", "pass")]
    assert play(api, gid, {"bids": passes, "result": "reshake"})["team_scores"] == {AC: 0, BD: 0}
    assert game(api, gid)["next_round"]["shaker"] == "Ana"
    forced = new_game(api)
    assert refused(api, forced, {"bids": passes, "result": "reshake"}) == {"rounds[0].bids[3].bid": "bid_too_low"}


def test_a_hand_corrected_and_the_last_hand_deleted(api):
    gid = new_game(api)
    play(api, gid, T42_1[0])
    play(api, gid, T42_1[1])
    made = hand1(result="made", points={AC: 35, BD: 7}, tricks={AC: 5, BD: 2})  # 5 tricks + 30 of count = 35 ≥ 31
    r = api.put(f"/api/games/{gid}/rounds/1", json={**made, "version": 1})
    assert r.status_code == 200, r.get_json()
    data = game(api, gid)
    assert data["rounds"][1]["team_totals"] == {AC: 1, BD: 2}
    assert api.delete(f"/api/games/{gid}/rounds/2").status_code == 204
    data = game(api, gid)
    assert len(data["rounds"]) == 1 and data["next_round"]["shaker"] == "Ana"
