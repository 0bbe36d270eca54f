"""Latin partnership dominoes through the JSON API (rules-families.md section
1): the worked examples LP-1 … LP-7 played as a table would, each preset's
target, the refusals with their codes and paths, a correction and the last
hand deleted. The numbers are the brief's."""

from __future__ import annotations

from typing import Any

import pytest

from companion.rules.families.partnership import PRESETS

PLAYERS = ["Ana", "Ben", "Chen", "Dee"]
TEAMS = [["Ana", "Chen"], ["Ben", "Dee"]]

# LP-1: Chen goes out; Ana 3-4 (7), Ben 5-4 and 2-1 (12), Dee 6-3 (9).
LP1 = {"leader": "Ana", "ended": "domino", "out": "Chen",
       "hands": {"Ana": {"tiles": ["3-4"]}, "Ben": {"tiles": ["5-4", "2-1"]},
                 "Chen": {"pips": 0, "tiles_left": 0}, "Dee": {"tiles": ["6-3"]}}}
# LP-2: a tranque; Ana 6-4 (10), Chen 3-1 (4), Ben 5-3 (8), Dee 6-5 (11).
LP2 = {"leader": "Ana", "ended": "blocked",
       "hands": {"Ana": {"tiles": ["6-4"]}, "Chen": {"tiles": ["3-1"]},
                 "Ben": {"tiles": ["5-3"]}, "Dee": {"tiles": ["6-5"]}}}
# LP-3: a tranque; Ana 1-0 (1), Chen 6-4 and 5-5 (20), Ben 4-4 (8), Dee 6-3 (9).
LP3 = {"leader": "Ana", "ended": "blocked",
       "hands": {"Ana": {"tiles": ["1-0"]}, "Chen": {"tiles": ["6-4", "5-5"]},
                 "Ben": {"tiles": ["4-4"]}, "Dee": {"tiles": ["6-3"]}}}
# LP-3 with equal pair totals, 17 and 17 (Chen 6-4 and 5-1 instead).
TIED = {"leader": "Ana", "ended": "blocked",
        "hands": {"Ana": {"tiles": ["1-0"]}, "Chen": {"tiles": ["6-4", "5-1"]},
                  "Ben": {"tiles": ["4-4"]}, "Dee": {"tiles": ["6-3"]}}}


def new_game(api, set_n: int = 6, **rules: Any) -> int:
    r = api.post("/api/games", json={"kind": "partnership", "set": set_n, "players": PLAYERS,
                                     "teams": TEAMS, "rules": rules})
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


def test_lp1_the_pair_out_scores_the_losing_pairs_pips(api):
    gid = new_game(api)
    data = game(api, gid)
    # the first hand: the 6-6 holder leads
    assert data["next_round"]["number"] == 1 and data["next_round"]["how"] == "six_six_holder"
    assert play(api, gid, LP1)["team_scores"] == {"Ana+Chen": 21, "Ben+Dee": 0}
    data = game(api, gid)
    assert data["rounds"][0]["team_scores"] == {"Ana+Chen": 21, "Ben+Dee": 0}
    assert data["team_standings"] == [
        {"team": ["Ana", "Chen"], "name": "Ana+Chen", "total": 21, "rank": 1},
        {"team": ["Ben", "Dee"], "name": "Ben+Dee", "total": 0, "rank": 2}]
    assert data["status"] == "in_progress"
    # the lead passes to the right: counter-clockwise, Ana's right is Dee
    assert data["next_round"]["number"] == 2 and data["next_round"]["starter"] == "Dee"


def test_lp1_all_hands_counts_the_partners_hand_too(api):
    gid = new_game(api, hand_points="all_hands")
    assert play(api, gid, LP1)["team_scores"] == {"Ana+Chen": 28, "Ben+Dee": 0}


@pytest.mark.parametrize(("hand_points", "points"), [("losing_team", 19), ("all_hands", 33), ("difference", 5)])
def test_lp2_a_tranque_won_on_pair_totals(api, hand_points, points):
    gid = new_game(api, hand_points=hand_points)
    assert play(api, gid, LP2)["team_scores"] == {"Ana+Chen": points, "Ben+Dee": 0}


def test_lp3_the_rules_disagree_on_the_tranques_winner(api):
    assert play(api, new_game(api), LP3)["team_scores"] == {"Ana+Chen": 0, "Ben+Dee": 21}
    lowest = new_game(api, blocked_winner="lowest_player")
    assert play(api, lowest, LP3)["team_scores"] == {"Ana+Chen": 17, "Ben+Dee": 0}
    assert play(api, new_game(api), TIED)["team_scores"] == {"Ana+Chen": 0, "Ben+Dee": 0}


def test_lp4_puerto_rico_500(api):
    gid = new_game(api, **PRESETS["puerto_rico_500"].rules.changed())
    # hand 1: Chen goes out with capicú, hands as in LP-1: 28 + 100 + 100
    assert play(api, gid, {**LP1, "bonuses": [{"kind": "capicua"}]})["team_scores"] == {
        "Ana+Chen": 228, "Ben+Dee": 0}
    # hand 2: Ben goes out, 30 pips left in the three other hands: 30 + 75
    hand2 = {"ended": "domino", "out": "Ben",
             "hands": {"Ana": {"pips": 12, "tiles_left": 2}, "Ben": {"pips": 0, "tiles_left": 0},
                       "Chen": {"pips": 10, "tiles_left": 2}, "Dee": {"pips": 8, "tiles_left": 1}}}
    assert play(api, gid, hand2)["team_scores"] == {"Ana+Chen": 0, "Ben+Dee": 105}
    small = {"ended": "domino", "out": "Ana",
             "hands": {"Ana": {"pips": 0}, "Ben": {"pips": 1, "tiles_left": 1},
                       "Chen": {"pips": 1, "tiles_left": 1}, "Dee": {"pips": 1, "tiles_left": 1}}}
    for _ in range(3):
        last = play(api, gid, small)
    # hand 5 of the match: no hand bonus, only the 3 pips
    assert last["number"] == 5 and last["team_scores"] == {"Ana+Chen": 3, "Ben+Dee": 0}


def test_lp5_dominican_pass_bonuses_and_capicua(api):
    gid = new_game(api, **PRESETS["dominican"].rules.changed())
    hand = {"leader": "Ana", "ended": "domino", "out": "Chen",
            "hands": {"Ana": {"tiles": ["1-0"]}, "Ben": {"tiles": ["4-2"]},
                      "Chen": {"tiles": []}, "Dee": {"tiles": ["5-3"]}},
            "bonuses": [{"kind": "lead_pass"}, {"kind": "pass", "player": "Chen"},
                        {"kind": "capicua", "player": "Chen"}]}
    # 25 (lead not answered) + 25 (three passes) + 25 (capicúa) + 6 + 8
    assert play(api, gid, hand)["team_scores"] == {"Ana+Chen": 89, "Ben+Dee": 0}


def test_lp6_cuban_double_nine_the_winners_lead_next(api):
    cuban = PRESETS["cuban"]
    gid = new_game(api, set_n=cuban.set_n, **cuban.rules.changed())
    hand = {"leader": "Ben", "ended": "domino", "out": "Dee",
            "hands": {"Ana": {"tiles": ["9-9", "9-8"]}, "Chen": {"tiles": ["7-6"]},
                      "Ben": {"tiles": ["2-1"]}, "Dee": {"pips": 0, "tiles_left": 0}}}
    assert play(api, gid, hand)["team_scores"] == {"Ana+Chen": 0, "Ben+Dee": 48}
    nxt = game(api, gid)["next_round"]
    assert (nxt["dealt"], nxt["how"], nxt["team"]) == (10, "team_chooses", "Ben+Dee")


def test_lp7_refusals_with_their_codes_and_paths(api, app):
    gid = new_game(api, capicua_points=25)
    assert refused(api, gid, {**LP1, "last_tile": "4-4", "bonuses": [{"kind": "capicua"}]}) == {
        "rounds[0].bonuses[0]": "bonus_not_allowed"}
    assert refused(api, gid, {**LP1, "hands": {**LP1["hands"], "Ben": {"tiles": ["6-6", "2-1"]}}}) == {
        "rounds[0].hands.Ben.tiles[0]": "tile_repeated"}
    assert refused(api, gid, {**LP2, "hands": {**LP2["hands"], "Chen": {"tiles": []}}}) == {
        "rounds[0].hands.Chen": "out_but_blocked"}
    assert game(api, gid)["rounds"] == []  # nothing was saved


def test_teams_are_checked_and_partners_side_by_side_need_confirming(api):
    r = api.post("/api/games", json={"kind": "partnership", "players": PLAYERS,
                                     "teams": [["Ana", "Ben", "Chen"], ["Dee"]]})
    assert r.status_code == 422 and r.get_json()["errors"][0]["code"] == "team_shape"
    side = {"kind": "partnership", "players": PLAYERS, "teams": [["Ana", "Ben"], ["Chen", "Dee"]]}
    r = api.post("/api/games", json=side)
    assert r.status_code == 422 and r.get_json()["warnings"][0]["code"] == "partners_side_by_side"
    assert api.post("/api/games", json={**side, "confirm": True}).status_code == 201
    r = api.post("/api/games", json={"kind": "partnership", "players": PLAYERS[:3]})
    assert r.status_code == 422 and r.get_json()["errors"][0]["code"] == "too_few_players"


def big_hand(out: str, each: int) -> dict[str, Any]:
    """``out`` goes out; the other pair holds ``each`` pips in each hand (the partner 5)."""
    partner = {"Ana": "Chen", "Chen": "Ana", "Ben": "Dee", "Dee": "Ben"}[out]
    return {"ended": "domino", "out": out,
            "hands": {p: {"pips": 0 if p == out else 5 if p == partner else each} for p in PLAYERS}}


@pytest.mark.parametrize(("name", "target"), [
    ("common", 100), ("cuban", 100), ("dominican", 200), ("puerto_rico_500", 500)])
def test_each_preset_ends_at_its_target(api, name, target):
    preset = PRESETS[name]
    gid = new_game(api, set_n=preset.set_n, **preset.rules.changed())
    total = 0
    while total < target:
        hand = {**big_hand("Chen", 20), "leader": "Ana"}
        total = play(api, gid, hand)["team_totals"]["Ana+Chen"]
        data = game(api, gid)
        assert data["status"] == ("finished" if total >= target else "in_progress")
    assert data["team_standings"][0]["name"] == "Ana+Chen" and data["winners"] == ["Ana", "Chen"]
    assert "next_round" not in data
    assert refused(api, gid, {**big_hand("Chen", 20), "leader": "Ana"}) == {
        f"rounds[{len(data['rounds'])}]": "game_finished"}


def test_a_hand_corrected_and_the_last_hand_deleted(api):
    gid = new_game(api)
    play(api, gid, LP1)
    play(api, gid, big_hand("Ben", 10))  # led by Dee: Ben and Dee score 20
    r = api.put(f"/api/games/{gid}/rounds/1", json={**LP2, "version": 1})
    assert r.status_code == 200, r.get_json()
    data = game(api, gid)
    assert [h["team_scores"] for h in data["rounds"]] == [
        {"Ana+Chen": 19, "Ben+Dee": 0}, {"Ana+Chen": 0, "Ben+Dee": 20}]
    assert data["team_standings"] == [
        {"team": ["Ben", "Dee"], "name": "Ben+Dee", "total": 20, "rank": 1},
        {"team": ["Ana", "Chen"], "name": "Ana+Chen", "total": 19, "rank": 2}]
    assert api.delete(f"/api/games/{gid}/rounds/1").status_code == 422  # only the last
    assert api.delete(f"/api/games/{gid}/rounds/2").status_code == 204
    data = game(api, gid)
    assert len(data["rounds"]) == 1
    assert [(s["name"], s["total"]) for s in data["team_standings"]] == [("Ana+Chen", 19), ("Ben+Dee", 0)]
    assert data["next_round"]["starter"] == "Dee"


def test_the_pages_show_games_in_pairs(api):
    """The game page, the table view, a hand's edit page and the sheet show a
    game kept through the API; the start form offers the kind."""
    gid = new_game(api)
    play(api, gid, LP1)
    for path in ("", "/table", "/rounds/1/edit", "/sheet.pdf"):
        assert api.get(f"/games/{gid}{path}").status_code == 200, path
    assert 'value="partnership"' in api.get("/").get_data(as_text=True)
