"""All Fives through the JSON API (rules-families.md section 2): the worked
examples AF-1 … AF-7 played as a table would, every refusal code with its
path, a correction, the last hand deleted, the game won at the target, and
the game kept by a backup's export. The numbers are the brief's (worked by
hand there: AF-1's table, pagat's rounding, Foster's Muggins)."""

from __future__ import annotations

from typing import Any

import pytest

TWO = ["Ann", "Bob"]
FOUR = ["Ann", "Bob", "Cy", "Dee"]


def p(player: str, count: int, **extra: Any) -> dict[str, Any]:
    return {"player": player, "count": count, **extra}


# AF-1: the scoring plays of the brief's table (rows 1, 2, 7, 8, 10, 14);
# Ann out, Bob left holding 6-2 (8 pips → 10)
AF1 = {"leader": "Ann", "dealt": 9,
       "plays": [p("Ann", 10), p("Bob", 10), p("Ann", 10), p("Bob", 15), p("Bob", 25), p("Bob", 10)],
       "ended": "domino", "out": "Ann",
       "hands": {"Ann": {"pips": 0, "tiles_left": 0}, "Bob": {"tiles": ["6-2"]}}}


def new_game(api, players: list[str] = TWO, teams: list[list[str]] | None = None, **rules: Any) -> int:
    body: dict[str, Any] = {"kind": "all_fives", "set": 6, "players": players, "rules": rules}
    if teams:
        body["teams"] = teams
    r = api.post("/api/games", json=body)
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


def test_af1_ann_30_bob_60_with_the_bonus_derived(api):
    gid = new_game(api, spinners="first", score_unit="pips", target_score=250)
    nxt = game(api, gid)["next_round"]
    assert (nxt["number"], nxt["dealt"], nxt["starter"]) == (1, 9, None)  # 9 each to two; the lead by lot
    rnd = play(api, gid, AF1)
    assert rnd["scores"] == {"Ann": 30, "Bob": 60}
    data = game(api, gid)
    assert data["rounds"][0]["bonus"] == {"sides": ["Ann"], "pips": 8, "rounded": 10, "points": 10}
    assert [m["points"] for m in data["rounds"][0]["pegs"]] == [10, 10, 10, 15, 25, 10, 10]
    assert data["standings"] == [{"player": "Bob", "total": 60, "rank": 1},
                                 {"player": "Ann", "total": 30, "rank": 2}]
    assert data["next_round"]["starter"] == "Ann"  # whoever went out leads


def test_af1_in_fives_ann_6_bob_12(api):
    gid = new_game(api, score_unit="fives")
    assert play(api, gid, AF1)["scores"] == {"Ann": 6, "Bob": 12}


@pytest.mark.parametrize(("tiles", "bonus"), [(["1-2"], 5), (["1-1"], 0), (["6-6"], 10), (["6-6", "1-0"], 15)])
def test_af2_rounding_of_the_losers_pips(api, tiles, bonus):
    # 3 → 5, 2 → 0, 12 → 10, 13 → 15 (pagat: 1 or 2 down, 3 or 4 up)
    gid = new_game(api)
    hand = {**AF1, "plays": [], "hands": {"Bob": {"tiles": tiles}}}
    assert play(api, gid, hand)["scores"] == {"Ann": bonus, "Bob": 0}


@pytest.mark.parametrize(("rule", "bonus"), [("opponents_rounded", 25), ("each_hand_rounded", 30)])
def test_af3_a_pairs_bonus_from_13_and_13(api, rule, bonus):
    gid = new_game(api, FOUR, [["Ann", "Cy"], ["Bob", "Dee"]], hand_bonus=rule)
    hand = {"leader": "Ann", "plays": [], "ended": "domino", "out": "Ann",
            "hands": {"Bob": {"pips": 13}, "Dee": {"pips": 13}}}
    rnd = play(api, gid, hand)
    assert rnd["team_scores"] == {"Ann+Cy": bonus, "Bob+Dee": 0}
    data = game(api, gid)
    assert data["team_standings"][0] == {"team": ["Ann", "Cy"], "name": "Ann+Cy", "total": bonus, "rank": 1}
    assert data["next_round"]["dealt"] == 5  # 5 each to four (pagat)


def test_af4_a_lone_spinner_then_6_3_scores_15(api):
    gid = new_game(api)
    hand = {"leader": "Ann", "plays": [p("Ann", 10, lead=False), p("Bob", 15)], "ended": "domino",
            "out": "Ann", "hands": {"Bob": {"pips": 0}}}
    assert play(api, gid, hand)["scores"] == {"Ann": 10, "Bob": 15}


def test_af5_blocked_three_players_the_tied_share(api):
    gid = new_game(api, ["Ann", "Bob", "Cy"])
    hand = {"leader": "Ann", "plays": [], "ended": "blocked",
            "hands": {"Ann": {"pips": 4}, "Bob": {"pips": 4}, "Cy": {"pips": 20}}}
    assert play(api, gid, hand)["scores"] == {"Ann": 10, "Bob": 10, "Cy": 0}
    assert game(api, gid)["next_round"]["starter"] is None  # after a block, by lot
    two = new_game(api)
    tied = {**hand, "hands": {"Ann": {"pips": 4}, "Bob": {"pips": 4}}}
    assert play(api, two, tied)["scores"] == {"Ann": 0, "Bob": 0}  # two tied: nobody scores


def test_af6_muggins_each_play_counts_10(api):
    gid = new_game(api, spinners="none", draw_counts={"2": 7, "3": 5, "4": 5})
    hand = {"leader": "Ann", "plays": [p("Ann", 10, lead=True, tile="5-5"), p("Bob", 10), p("Ann", 10),
                                       p("Bob", 20)],
            "ended": "domino", "out": "Ann", "hands": {"Bob": {"pips": 0}}}
    assert play(api, gid, hand)["scores"] == {"Ann": 20, "Bob": 30}
    assert game(api, gid)["next_round"]["dealt"] == 7
    assert refused(api, gid, {**hand, "plays": [p("Ann", 25)]}) == {"rounds[1].plays[0].count": "count_impossible"}


@pytest.mark.parametrize(("rules", "event", "code"), [
    ({}, p("Ann", 12), "count_not_scoring"),
    ({"spinners": "first"}, p("Ann", 40), "count_impossible"),
    ({}, p("Ann", 15, lead=True), "lead_count_mismatch"),
    ({"score_unit": "fives"}, p("Ann", 15, points=15), "points_mismatch"),
])
def test_af7_refusals_with_their_codes_and_paths(api, rules, event, code):
    gid = new_game(api, **rules)
    got = refused(api, gid, {**AF1, "plays": [event]})
    assert list(got.values()) == [code]
    assert next(iter(got)).startswith("rounds[0].plays[0]")
    assert game(api, gid)["rounds"] == []  # nothing was saved


@pytest.mark.parametrize(("change", "code"), [
    ({"out": None}, "nobody_out"),
    ({"out": ["Ann", "Bob"]}, "several_out"),
    ({"ended": "blocked"}, "out_but_blocked"),
    ({"hands": {"Ann": {"pips": 0}}}, "missing_hand"),
    ({"bonuses": [{"kind": "hand", "player": "Ann", "points": 15}]}, "points_mismatch"),
    ({"bonuses": [{"kind": "doubles", "player": "Ann", "points": 15}]}, "bonus_not_allowed"),
])
def test_the_hands_end_refusals(api, change, code):
    gid = new_game(api)
    hand = {k: v for k, v in {**AF1, **change}.items() if v is not None}
    assert code in refused(api, gid, hand).values()


def test_a_game_of_unknown_rules_or_seats_is_refused(api):
    def codes(body: dict[str, Any]) -> list[str]:
        r = api.post("/api/games", json={"kind": "all_fives", "set": 6, "players": TWO, **body})
        assert r.status_code == 422, r.get_json()
        return [e["code"] for e in r.get_json()["errors"]]

    assert codes({"rules": {"house": 1}}) == ["unknown_rule"]
    assert codes({"rules": {"spinners": "two"}}) == ["bad_value"]
    assert codes({"players": ["Ann"]}) == ["too_few_players"]
    assert codes({"set": 9}) == ["unknown_set"]


def test_a_hand_corrected_and_the_last_hand_deleted(api):
    gid = new_game(api)
    play(api, gid, AF1)
    second = {"plays": [p("Ann", 5)], "ended": "domino", "out": "Ann", "hands": {"Bob": {"pips": 3}}}
    assert play(api, gid, second)["leader"] == "Ann"  # stored as derived: Ann went out first
    fixed = {**AF1, "hands": {"Bob": {"tiles": ["6-6", "1-0"]}}}  # 13 pips → 15
    r = api.put(f"/api/games/{gid}/rounds/1", json={**fixed, "version": 1})
    assert r.status_code == 200, r.get_json()
    data = game(api, gid)
    assert data["rounds"][0]["scores"] == {"Ann": 35, "Bob": 60}
    assert data["rounds"][1]["totals"] == {"Ann": 45, "Bob": 60}  # 35 + 5 + 5 (3 pips → 5)
    assert api.delete(f"/api/games/{gid}/rounds/2").status_code == 204
    assert len(game(api, gid)["rounds"]) == 1


def test_the_play_that_reaches_61_wins_and_no_hand_follows(api):
    gid = new_game(api, spinners="all", score_unit="fives")  # Five Up: 61 in fives
    play(api, gid, {"leader": "Ann", "in_play": {"Ann": 55, "Bob": 0}, "ended": "domino", "out": "Ann",
                    "hands": {"Bob": {"pips": 0}}})
    play(api, gid, {"leader": "Ann", "plays": [p("Ann", 30)], "ended": "target"})
    data = game(api, gid)
    assert data["status"] == "finished" and data["winners"] == ["Ann"]
    assert data["standings"][0] == {"player": "Ann", "total": 61, "rank": 1}
    assert refused(api, gid, AF1) == {"rounds[2]": "game_finished"}


def test_a_read_back_game_can_be_sent_again(api):
    gid = new_game(api, FOUR, [["Ann", "Cy"], ["Bob", "Dee"]])
    play(api, gid, {"leader": "Ann", "plays": [p("Ann", 10)], "ended": "domino", "out": "Ann",
                    "hands": {"Bob": {"pips": 13}, "Dee": {"pips": 13}}})
    data = game(api, gid)
    again = {k: data[k] for k in ("kind", "set", "players", "teams", "rules", "rounds")}
    r = api.post("/api/games", json=again)
    assert r.status_code == 201, r.get_json()
    assert game(api, r.get_json()["id"])["rounds"][0]["team_scores"] == {"Ann+Cy": 35, "Bob+Dee": 0}


def test_the_table_ends_the_game_where_it_stands(api):
    gid = new_game(api)
    play(api, gid, AF1)  # Ann 30, Bob 60
    r = api.post(f"/api/games/{gid}/finish")
    assert r.status_code == 200, r.get_json()
    data = game(api, gid)
    assert data["status"] == "finished" and data["winners"] == ["Bob"] and "next_round" not in data
    assert refused(api, gid, AF1) == {"rounds[1]": "game_finished"}
