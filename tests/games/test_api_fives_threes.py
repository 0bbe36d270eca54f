"""Fives and Threes through the JSON API (rules-families.md section 3): the
worked examples F3-1 … F3-6 played as a table would, every refusal code with
its path, exact 61 with the struck score kept for the board, a game in pairs,
a correction and the last hand deleted. The numbers are the brief's (F3-1's
table of counts and points; pagat's exact 61)."""

from __future__ import annotations

from typing import Any

import pytest


def p(player: str, count: int, **extra: Any) -> dict[str, Any]:
    return {"player": player, "count": count, **extra}


# F3-1: the scoring plays of the brief's table (rows 12 and 13 score nothing); A chips out
F3_1 = {"leader": "A",
        "plays": [p("A", 10, lead=True, tile="5-5"), p("B", 10), p("A", 6), p("B", 9), p("A", 15), p("B", 18),
                  p("A", 10), p("B", 6), p("A", 10), p("B", 12), p("A", 5)],
        "ended": "domino", "out": "A"}


def quick(points: int) -> dict[str, Any]:
    """A blocked hand (no chip-out point) in which A made ``points``."""
    return {"leader": "A", "in_play": {"A": points}, "ended": "blocked"}


def new_game(api, players: list[str] | None = None, teams: list[list[str]] | None = None, **rules: Any) -> int:
    body: dict[str, Any] = {"kind": "fives_threes", "set": 6, "players": players or ["A", "B"], "rules": rules}
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


def test_f3_1_a_18_b_17_and_the_lead_passes_left(api):
    gid = new_game(api)
    assert game(api, gid)["next_round"]["dealt"] == 7  # 7 each to two, no drawing (pagat)
    rnd = play(api, gid, F3_1)
    assert rnd["scores"] == {"A": 18, "B": 17} and rnd["chip_out"] == 1
    pegs = [(m["side"], m["after"]) for m in game(api, gid)["rounds"][0]["pegs"]]
    assert pegs == [("A", 2), ("B", 2), ("A", 4), ("B", 5), ("A", 12), ("B", 11), ("A", 14),
                    ("B", 13), ("A", 16), ("B", 17), ("A", 17), ("A", 18)]
    assert game(api, gid)["next_round"]["starter"] == "B"


def test_f3_2_exact_61_on_58_a_12_is_struck(api):
    gid = new_game(api)
    play(api, gid, quick(30))
    play(api, gid, quick(28))
    rnd = play(api, gid, {"leader": "A", "plays": [p("A", 12)], "ended": "blocked"})
    assert rnd["totals"]["A"] == 58
    assert rnd["pegs"] == [{"side": "A", "points": 4, "before": 58, "after": 58, "kind": "play",
                            "struck": "overshoot", "player": "A", "play": 0}]


def test_f3_3_the_chip_out_counted_with_the_last_tile(api):
    gid = new_game(api)
    play(api, gid, quick(30))
    play(api, gid, quick(29))
    rnd = play(api, gid, {"leader": "A", "plays": [p("A", 6, last_tile=True)], "ended": "domino", "out": "A"})
    assert rnd["totals"]["A"] == 59 and game(api, gid)["status"] == "in_progress"


@pytest.mark.parametrize(("rule", "total", "status"), [(False, 61, "finished"), (True, 59, "in_progress")])
def test_f3_4_no_win_on_the_down(api, rule, total, status):
    gid = new_game(api, no_win_on_down=rule)
    play(api, gid, quick(30))
    play(api, gid, quick(29))
    play(api, gid, {"leader": "A", "plays": [p("A", 6, lead=True, tile="5-1")], "ended": "blocked"})
    data = game(api, gid)
    assert (data["rounds"][-1]["totals"]["A"], data["status"]) == (total, status)


def test_f3_5_the_pips_variant_scores_the_count(api):
    gid = new_game(api, score_pips_variant=True)
    rnd = play(api, gid, {"leader": "A", "plays": [p("A", 15), p("B", 12)], "ended": "blocked"})
    assert rnd["scores"] == {"A": 30, "B": 12}


@pytest.mark.parametrize(("event", "code"), [
    (p("A", 21), "count_impossible"),
    (p("A", 15, points=5), "points_mismatch"),
    (p("A", 6, lead=True, tile="6-6"), "lead_count_mismatch"),
    (p("A", 7), "count_not_scoring"),
])
def test_f3_6_refusals_with_their_codes_and_paths(api, event, code):
    gid = new_game(api)
    assert refused(api, gid, {"leader": "A", "plays": [event], "ended": "blocked"}) == {
        f"rounds[0].plays[0].{'points' if code == 'points_mismatch' else 'count'}": code}
    assert game(api, gid)["rounds"] == []


def test_the_hands_end_and_bonus_refusals(api):
    gid = new_game(api)
    assert "nobody_out" in refused(api, gid, {**F3_1, "out": None}).values()
    assert "several_out" in refused(api, gid, {**F3_1, "out": ["A", "B"]}).values()
    assert "out_but_blocked" in refused(api, gid, {**F3_1, "ended": "blocked"}).values()
    chip = [{"kind": "chip_out", "player": "A", "points": 1}]
    assert "bonus_not_allowed" in refused(api, gid, {"leader": "A", "plays": [], "ended": "blocked",
                                                     "bonuses": chip}).values()
    many = {"leader": "A", "plays": [p("A", 5)] * 8, "ended": "blocked"}  # 7 tiles each
    assert "count_impossible" in refused(api, gid, many).values()


def test_pairs_chip_out_when_both_partners_are_out(api):
    gid = new_game(api, ["A", "B", "C", "D"], [["A", "C"], ["B", "D"]], target_score=121)
    rnd = play(api, gid, {"leader": "A", "plays": [p("A", 10), p("B", 5)], "ended": "domino", "out": ["A", "C"]})
    assert rnd["team_scores"] == {"A+C": 3, "B+D": 1}
    data = game(api, gid)
    assert [s["name"] for s in data["team_standings"]] == ["A+C", "B+D"]
    assert data["next_round"]["dealt"] == 5


def test_the_play_reaching_61_wins_a_correction_and_a_deletion(api):
    gid = new_game(api)
    play(api, gid, quick(30))
    play(api, gid, quick(29))
    play(api, gid, {"leader": "A", "plays": [p("A", 6)], "ended": "target"})
    data = game(api, gid)
    assert data["status"] == "finished" and data["winners"] == ["A"]
    assert refused(api, gid, quick(5)) == {"rounds[3]": "game_finished"}
    r = api.put(f"/api/games/{gid}/rounds/2", json={**quick(20), "version": 1})
    assert r.status_code == 422  # with 50 the last hand no longer reaches 61
    assert api.delete(f"/api/games/{gid}/rounds/3").status_code == 204
    r = api.put(f"/api/games/{gid}/rounds/2", json={**quick(20), "version": 1})
    assert r.status_code == 200, r.get_json()
    assert game(api, gid)["standings"][0] == {"player": "A", "total": 50, "rank": 1}
