"""Latin partnership dominoes (kind ``partnership``): the worked examples LP-1
… LP-7 of the rules brief (section 1), each preset's numbers, each refusal,
and properties of real deals. Every expected number is the brief's."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.rules.errors import RecordError
from companion.rules.families import partnership as P
from companion.rules.tiles import DominoSet, Tile

PLAYERS = ["Ana", "Ben", "Chen", "Dee"]
TEAMS = [["Ana", "Chen"], ["Ben", "Dee"]]
SETTINGS = settings(max_examples=80, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow])


def record(*rounds: dict[str, Any], set_n: int = 6, **rules: Any) -> dict[str, Any]:
    return {"kind": "partnership", "set": set_n, "players": PLAYERS, "teams": TEAMS,
            "rules": {"direction": "counterclockwise", **rules}, "rounds": list(rounds)}


def codes(rec: dict[str, Any], confirm: bool = False) -> list[str]:
    with pytest.raises(RecordError) as caught:
        P.read_game(rec, confirm=confirm)
    return caught.value.codes


def paths(rec: dict[str, Any]) -> dict[str, str]:
    with pytest.raises(RecordError) as caught:
        P.read_game(rec)
    return {p.path: p.code for p in caught.value.errors}


# LP-1: Chen goes out; Ana 3-4 (7), Ben 5-4 and 2-1 (12), Dee 6-3 (9).
LP1 = {"leader": "Ana", "ended": "domino", "out": "Chen",
       "hands": {"Ana": {"tiles": ["3-4"]}, "Ben": {"tiles": ["5-4", "2-1"]},
                 "Chen": {"pips": 0, "tiles_left": 0}, "Dee": {"tiles": ["6-3"]}}}
# LP-2: a tranque; Ana 6-4 (10), Chen 3-1 (4), Ben 5-3 (8), Dee 6-5 (11); no hand holds a 2.
LP2 = {"leader": "Ana", "ended": "blocked",
       "hands": {"Ana": {"tiles": ["6-4"]}, "Chen": {"tiles": ["3-1"]},
                 "Ben": {"tiles": ["5-3"]}, "Dee": {"tiles": ["6-5"]}}}
# LP-3: a tranque; Ana 1-0 (1), Chen 6-4 and 5-5 (20), Ben 4-4 (8), Dee 6-3 (9).
LP3 = {"leader": "Ana", "ended": "blocked",
       "hands": {"Ana": {"tiles": ["1-0"]}, "Chen": {"tiles": ["6-4", "5-5"]},
                 "Ben": {"tiles": ["4-4"]}, "Dee": {"tiles": ["6-3"]}}}
# LP-3's tie: both pairs 17 (Ana 1-0 and Chen 6-4, 5-1; Ben 4-4, Dee 6-3); no hand holds a 2.
TIED = {"leader": "Ana", "ended": "blocked",
        "hands": {"Ana": {"tiles": ["1-0"]}, "Chen": {"tiles": ["6-4", "5-1"]},
                  "Ben": {"tiles": ["4-4"]}, "Dee": {"tiles": ["6-3"]}}}


# ---------------------------------------------------------------- LP-1 … LP-3


def test_lp1_the_pair_out_scores_the_losing_pairs_pips():
    game = P.read_game(record(LP1))
    assert game.results[0].points == (21, 0)
    assert game.derived()["rounds"][0]["team_scores"] == {"Ana+Chen": 21, "Ben+Dee": 0}
    assert game.team_standings()[0].as_dict() == {"team": ["Ana", "Chen"], "name": "Ana+Chen",
                                                  "total": 21, "rank": 1}


def test_lp1_all_hands_counts_the_partners_hand_too():
    assert P.read_game(record(LP1, hand_points="all_hands")).results[0].points == (28, 0)


@pytest.mark.parametrize(("hand_points", "points"), [("losing_team", 19), ("all_hands", 33), ("difference", 5)])
def test_lp2_a_tranque_won_on_pair_totals(hand_points, points):
    game = P.read_game(record(LP2, hand_points=hand_points))
    assert game.results[0].team_pips == (14, 19)
    assert game.results[0].winner == 0  # Ana and Chen
    assert game.results[0].points == (points, 0)


def test_lp2_a_tranque_where_every_number_is_still_held_is_refused():
    hands = {**LP2["hands"], "Dee": {"tiles": ["2-0"]}}  # now 0 to 6 are all in hands
    assert paths(record({**LP2, "hands": hands})) == {"rounds[0].hands": "hands_infeasible"}


def test_lp3_team_total_gives_the_tranque_to_ben_and_dee():
    game = P.read_game(record(LP3))
    assert game.results[0].team_pips == (21, 17)
    assert game.results[0].points == (0, 21)


def test_lp3_lowest_player_gives_it_to_ana_and_chen():
    game = P.read_game(record(LP3, blocked_winner="lowest_player"))
    assert game.results[0].points == (17, 0)


def test_lp3_equal_totals_score_nobody_and_the_next_player_leads():
    game = P.read_game(record(TIED))
    assert game.results[0].team_pips == (17, 17)
    assert game.results[0].winner is None
    assert game.results[0].points == (0, 0)
    plan = game.next_lead()
    assert plan is not None and plan.how is P.LeadHow.PLAYER and plan.leader == "Dee"


def test_a_tied_tranque_goes_to_the_leaders_pair_with_leader_team():
    game = P.read_game(record({**TIED, "leader": "Ben"}, blocked_tie="leader_team"))
    assert game.results[0].points == (0, 17)


def test_a_tied_tranque_is_replayed_by_the_same_leader_with_replay():
    game = P.read_game(record(TIED, blocked_tie="replay"))
    assert game.results[0].replay and game.results[0].points == (0, 0)
    plan = game.next_lead()
    assert plan is not None and plan.how is P.LeadHow.REPLAY and plan.leader == "Ana"
    assert game.derived()["rounds"][0]["replay"] is True


def test_locker_vs_next_compares_the_locker_with_the_next_player():
    # Ben made the last play; counter-clockwise the next player is Ana: Ben 8 < Ana 10
    game = P.read_game(record({**LP2, "locked_by": "Ben"}, blocked_winner="locker_vs_next"))
    assert game.results[0].points == (0, 14)
    # a tie goes to the locker: Dee (11) against Chen, who plays after Dee, with 11 too
    hands = {"Ana": {"pips": 10, "tiles_left": 1}, "Ben": {"pips": 8, "tiles_left": 1},
             "Chen": {"pips": 11, "tiles_left": 2}, "Dee": {"pips": 11, "tiles_left": 1}}
    game = P.read_game(record({"leader": "Ana", "ended": "blocked", "locked_by": "Dee", "hands": hands},
                              blocked_winner="locker_vs_next"))
    assert game.results[0].winner == 1 and game.results[0].points == (0, 21)


def test_locker_vs_next_needs_the_locker():
    assert paths(record(LP2, blocked_winner="locker_vs_next")) == {"rounds[0].locked_by": "bad_value"}


def test_blocked_points_all_hands_counts_both_pairs_in_a_tranque_only():
    game = P.read_game(record(LP2, LP1 | {"leader": None}, blocked_points="all_hands"))
    assert [r.points for r in game.results] == [(33, 0), (21, 0)]


# ---------------------------------------------------------------- LP-4 Puerto Rico 500


def test_lp4_puerto_rico_500():
    rules = P.preset("puerto_rico_500").rules.changed()
    hand1 = {**LP1, "bonuses": [{"kind": "capicua"}]}
    # hand 2: Ben goes out; 30 pips in the three other hands (Dee's counted too)
    hand2 = {"ended": "domino", "out": "Ben",
             "hands": {"Ana": {"pips": 12, "tiles_left": 2}, "Ben": {"pips": 0, "tiles_left": 0},
                       "Chen": {"pips": 10, "tiles_left": 2}, "Dee": {"pips": 8, "tiles_left": 1}}}
    small = {"ended": "domino",
             "hands": {"Ana": {"pips": 0}, "Ben": {"pips": 1, "tiles_left": 1},
                       "Chen": {"pips": 1, "tiles_left": 1}, "Dee": {"pips": 1, "tiles_left": 1}}}
    game = P.read_game(record(hand1, hand2, small, small, small, **rules))
    assert game.results[0].points == (228, 0)  # 28 + 100 (first hand) + 100 (capicú)
    assert game.results[1].points == (0, 105)  # 30 + 75
    assert [i.kind for i in game.results[4].items] == [P.ItemKind.PIPS]  # hand 5: no hand bonus
    assert game.results[4].points == (3, 0)
    assert [P.hand_bonus(P.preset("puerto_rico_500").rules, n) for n in range(1, 6)] == [100, 75, 50, 25, 0]


def test_lp4_a_chuchazo_is_100_and_needs_the_0_0_last():
    rules = P.preset("puerto_rico_500").rules.changed()
    hand = {**LP1, "last_tile": "0-0", "bonuses": [{"kind": "chuchazo", "team": "Ana+Chen"}]}
    assert P.read_game(record(hand, **rules)).results[0].points == (228, 0)
    wrong = {**LP1, "last_tile": "5-0", "bonuses": [{"kind": "chuchazo"}]}
    assert paths(record(wrong, **rules)) == {"rounds[0].bonuses[0]": "bonus_not_allowed"}
    held = {**LP1, "hands": {**LP1["hands"], "Ana": {"tiles": ["0-0", "3-4"]}},
            "bonuses": [{"kind": "chuchazo"}]}
    assert paths(record(held, **rules)) == {"rounds[0].bonuses[0]": "bonus_not_allowed"}
    both = {**LP1, "bonuses": [{"kind": "chuchazo"}, {"kind": "capicua"}]}
    assert paths(record(both, **rules)) == {"rounds[0].bonuses[1]": "bonus_not_allowed"}


# ---------------------------------------------------------------- LP-5 Dominican 200


def test_lp5_dominican_pass_bonuses_and_capicua():
    table = P.read_game(record()).table
    assert table.play_order("Ana") == ("Ana", "Dee", "Chen", "Ben")
    hand = {"leader": "Ana", "ended": "domino", "out": "Chen",
            "hands": {"Ana": {"tiles": ["1-0"]}, "Ben": {"tiles": ["4-2"]},
                      "Chen": {"tiles": []}, "Dee": {"tiles": ["5-3"]}},
            "bonuses": [{"kind": "lead_pass"},  # Ana led 6-6, Dee could not answer: 25
                        {"kind": "pass", "player": "Chen"},  # Ben, Ana and Dee all passed: 25
                        {"kind": "capicua", "player": "Chen"}]}  # 25
    game = P.read_game(record(hand, **P.preset("dominican").rules.changed()))
    result = game.results[0]
    assert [(i.kind, i.points) for i in result.items] == [
        (P.ItemKind.PIPS, 14), (P.ItemKind.LEAD_PASS, 25), (P.ItemKind.PASS, 25), (P.ItemKind.CAPICUA, 25)]
    assert result.points == (89, 0)


def test_dominican_lead_pass_is_50_for_a_lead_that_is_not_a_double():
    rules = P.preset("dominican").rules.changed()
    second = {"ended": "domino", "out": "Ben",
              "hands": {"Ana": {"pips": 3, "tiles_left": 1}, "Ben": {"pips": 0},
                        "Chen": {"pips": 4, "tiles_left": 1}, "Dee": {"pips": 2, "tiles_left": 1}},
              "bonuses": [{"kind": "lead_pass", "double": False}, {"kind": "pass", "player": "Ana", "count": 2}]}
    game = P.read_game(record(LP1, second, **rules))
    # hand 2 is led by Dee (to the right of Ana): Ben and Dee get 7 pips + 50; Ana's pair 2 × 25
    assert game.hands[1].leader == "Dee"
    assert game.results[1].points == (50, 57)


def test_a_lead_pass_needs_to_know_whether_the_lead_was_a_double_after_the_first_hand():
    rules = P.preset("dominican").rules.changed()
    second = {"ended": "domino", "out": "Ben",
              "hands": {"Ana": {"pips": 3, "tiles_left": 1}, "Ben": {"pips": 0},
                        "Chen": {"pips": 4, "tiles_left": 1}, "Dee": {"pips": 2, "tiles_left": 1}},
              "bonuses": [{"kind": "lead_pass"}]}
    assert paths(record(LP1, second, **rules)) == {"rounds[1].bonuses[0].double": "bad_value"}


# ---------------------------------------------------------------- LP-6 Cuban double-nine


def test_lp6_cuban_double_nine():
    cuban = P.preset("cuban")
    hand = {"leader": "Ben", "ended": "domino", "out": "Dee",
            "hands": {"Ana": {"tiles": ["9-9", "9-8"]}, "Chen": {"tiles": ["7-6"]},
                      "Ben": {"tiles": ["2-1"]}, "Dee": {"pips": 0, "tiles_left": 0}}}
    game = P.read_game(record(hand, set_n=cuban.set_n, **cuban.rules.changed()))
    assert game.table.dealt == 10
    assert game.results[0].points == (0, 48)
    plan = game.next_lead()
    assert plan is not None and plan.how is P.LeadHow.TEAM_CHOOSES and plan.team == 1
    assert game.derived()["next_hand"] == {"number": 2, "how": "team_chooses", "leader": None, "team": "Ben+Dee"}


def test_cuban_first_hand_is_drawn_for_so_the_leader_must_be_given():
    cuban = P.preset("cuban")
    game = P.read_game(record(set_n=9, **cuban.rules.changed()))
    plan = game.next_lead()
    assert plan is not None and plan.how is P.LeadHow.DRAW
    hand = {"ended": "domino", "hands": {"Ana": {"pips": 35, "tiles_left": 2}, "Chen": {"pips": 13},
                                         "Ben": {"pips": 3}, "Dee": {"pips": 0}}}
    assert paths(record(hand, set_n=9, **cuban.rules.changed())) == {"rounds[0].leader": "bad_value"}


# ---------------------------------------------------------------- LP-7 refusals


def test_lp7_capicua_with_a_double_is_refused():
    hand = {**LP1, "last_tile": "4-4", "bonuses": [{"kind": "capicua"}]}
    assert paths(record(hand, capicua_points=25)) == {"rounds[0].bonuses[0]": "bonus_not_allowed"}


def test_lp7_the_6_6_in_a_hand_of_the_first_hand_is_refused():
    hand = {**LP1, "hands": {**LP1["hands"], "Ben": {"tiles": ["6-6", "2-1"]}}}
    assert paths(record(hand)) == {"rounds[0].hands.Ben.tiles[0]": "tile_repeated"}


def test_the_6_6_may_be_held_at_the_end_of_later_hands_unless_it_leads_every_hand():
    later = {"ended": "domino", "out": "Chen",
             "hands": {"Ana": {"tiles": ["6-6"]}, "Ben": {"tiles": ["2-1"]},
                       "Chen": {"tiles": []}, "Dee": {"tiles": ["6-3"]}}}
    assert P.read_game(record(LP1, later)).results[1].points == (12, 0)
    assert paths(record(LP1, {**later, "leader": "Ben"}, first_lead="six_six_every_hand")) == {
        "rounds[1].hands.Ana.tiles[0]": "tile_repeated"}


def test_lp7_a_blocked_hand_with_an_empty_hand_is_refused():
    hand = {**LP2, "hands": {**LP2["hands"], "Chen": {"tiles": []}}}
    assert paths(record(hand)) == {"rounds[0].hands.Chen": "out_but_blocked"}


# ---------------------------------------------------------------- presets and rules


def test_presets_carry_the_briefs_numbers():
    common, cuban = P.preset("common"), P.preset("cuban")
    dominican, pr = P.preset("dominican"), P.preset("puerto_rico_500")
    assert (common.set_n, common.rules.target_score, common.rules.hand_points) == (6, 100, "losing_team")
    assert common.rules.next_leader == "right" and common.rules.first_lead == "six_six"
    assert (cuban.set_n, cuban.rules.target_score, cuban.rules.next_leader) == (9, 100, "winning_team")
    assert (dominican.rules.target_score, dominican.rules.capicua_points, dominican.rules.pass_bonus) == (
        200, 25, "dominican")
    assert (pr.rules.target_score, pr.rules.hand_points, pr.rules.blocked_points) == (500, "all_hands", "all_hands")
    assert pr.rules.hand_bonuses == (100, 75, 50, 25)
    assert (pr.rules.capicua_points, pr.rules.chuchazo_points) == (100, 100)
    assert set(P.PRESETS) == {"common", "cuban", "dominican", "puerto_rico_500"}


def test_every_rule_key_of_the_brief_has_its_default():
    defaults = P.PartnershipRules().as_dict()
    assert defaults == {
        "direction": "counterclockwise", "first_lead": "six_six", "next_leader": "right",
        "hand_points": "losing_team", "blocked_winner": "team_total", "blocked_points": "same",
        "blocked_tie": "nobody", "target_score": 100, "hand_bonuses": [], "capicua_points": 0,
        "chuchazo_points": 0, "pass_bonus": "none", "blocked_bonus": 0}


def test_a_preset_read_back_from_its_record_is_the_same_rules():
    for p in P.PRESETS.values():
        game = P.read_game(record(set_n=p.set_n, **p.rules.changed()))
        assert game.table.rules == p.rules


def test_blocked_bonus_goes_to_the_winners_of_a_tranque():
    game = P.read_game(record(LP2, blocked_bonus=100))
    assert game.results[0].points == (119, 0)


@pytest.mark.parametrize(("rules", "path", "code"), [
    ({"capicua": 25}, "rules.capicua", "unknown_rule"),
    ({"hand_points": "everything"}, "rules.hand_points", "bad_value"),
    ({"target_score": 0}, "rules.target_score", "bad_value"),
    ({"hand_bonuses": [100, -5]}, "rules.hand_bonuses", "bad_value"),
])
def test_rules_are_refused_by_key(rules, path, code):
    rec = record()
    rec["rules"] = rules
    assert paths(rec) == {path: code}


# ---------------------------------------------------------------- table and hand refusals


@pytest.mark.parametrize("teams", [
    [["Ana", "Chen", "Ben"], ["Dee"]],
    [["Ana", "Chen"], ["Ana", "Dee"]],
    [["Ana", "Chen"]],
    "Ana+Chen",
])
def test_teams_must_be_two_pairs_of_the_four_players(teams):
    assert codes({**record(), "teams": teams}) == ["team_shape"]


def test_partners_side_by_side_is_a_warning_accepted_when_confirmed():
    rec = {**record(LP1), "teams": [["Ana", "Ben"], ["Chen", "Dee"]]}
    assert codes(rec) == ["partners_side_by_side", "partners_side_by_side"]
    # Chen goes out with Dee as partner: they score Ana's 7 and Ben's 12
    assert P.read_game(rec, confirm=True).results[0].points == (0, 19)


def test_a_name_in_teams_must_be_seated():
    assert codes({**record(), "teams": [["Ana", "Chen"], ["Ben", "Eve"]]}) == ["unknown_player"]


@pytest.mark.parametrize(("change", "code"), [
    ({"set": 12}, "unknown_set"),
    ({"players": ["Ana", "Ben", "Chen"]}, "too_few_players"),
    ({"players": PLAYERS + ["Eve"]}, "too_many_players"),
    ({"players": ["Ana", "Ben", "Chen", "ana"]}, "duplicate_player"),
    ({"kind": "block"}, "unknown_kind"),
])
def test_the_table_is_refused(change, code):
    assert code in codes({**record(), **change})


@pytest.mark.parametrize(("hands", "where", "code"), [
    ({"Chen": {"pips": 3, "tiles_left": 1}}, "rounds[0].hands", "nobody_out"),
    ({"Ana": {"tiles": []}}, "rounds[0].hands", "several_out"),
    ({"Ben": {"pips": 40, "tiles_left": 2}}, "rounds[0].hands.Ben.pips", "pips_infeasible"),
    ({"Ben": {"pips": 5, "tiles_left": 8}}, "rounds[0].hands.Ben.tiles_left", "deal_exceeds_set"),
    ({"Ben": {"pips": -1}}, "rounds[0].hands.Ben.pips", "pips_negative"),
    ({"Ben": {"tiles": ["6-3", "2-1"]}}, "rounds[0].hands.Dee.tiles[0]", "tile_repeated"),
    ({"Ben": {"tiles": ["7-1"]}}, "rounds[0].hands.Ben.tiles[0]", "tiles_not_in_set"),
    ({"Ben": {"tiles": ["2-1"], "pips": 4}}, "rounds[0].hands.Ben.pips", "pips_mismatch"),
    ({"Eve": {"pips": 3}}, "rounds[0].hands.Eve", "unknown_player"),
])
def test_a_hand_is_refused_with_its_code_and_path(hands, where, code):
    rnd = {**LP1, "hands": {**LP1["hands"], **hands}}
    assert paths(record(rnd)) == {where: code}


def test_a_missing_hand_is_refused():
    hands = dict(LP1["hands"])
    del hands["Dee"]
    assert paths(record({**LP1, "hands": hands})) == {"rounds[0].hands.Dee": "missing_hand"}


def test_hands_that_cannot_be_held_together_are_refused():
    # three hands of 7 tiles, all among the heaviest: together more than the set holds
    heavy = {"pips": 60, "tiles_left": 7}  # each alone can be held (at most 65)
    rnd = {"leader": "Chen", "ended": "domino", "out": "Chen",
           "hands": {"Ana": heavy, "Ben": heavy, "Dee": heavy, "Chen": {"pips": 0}}}
    assert paths(record(rnd)) == {"rounds[0].hands": "hands_infeasible"}


def test_the_leader_played_a_tile():
    rnd = {**LP1, "hands": {**LP1["hands"], "Ana": {"pips": 20, "tiles_left": 7}}}
    assert paths(record(rnd)) == {"rounds[0].hands.Ana": "deal_exceeds_set"}


def test_the_out_field_must_agree_with_the_empty_hand():
    assert paths(record({**LP1, "out": "Ben"})) == {"rounds[0].out": "bad_value"}


@pytest.mark.parametrize(("bonus", "rules"), [
    ({"kind": "capicua"}, {}),  # not played at this table
    ({"kind": "chuchazo"}, {}),
    ({"kind": "pass", "player": "Chen"}, {}),
    ({"kind": "capicua", "team": "Ben+Dee"}, {"capicua_points": 25}),  # goes to the pair out
    ({"kind": "hand_bonus"}, {}),  # no bonus for this hand
])
def test_bonuses_the_rules_do_not_allow_are_refused(bonus, rules):
    assert codes(record({**LP1, "bonuses": [bonus]}, **rules)) == ["bonus_not_allowed"]


def test_capicua_is_only_for_going_out():
    assert codes(record({**LP2, "bonuses": [{"kind": "capicua"}]}, capicua_points=25)) == ["bonus_not_allowed"]


def test_a_hand_bonus_in_the_record_is_checked_and_never_added_twice():
    rules = P.preset("puerto_rico_500").rules.changed()
    hand = {**LP1, "bonuses": [{"kind": "hand_bonus", "team": "Ana+Chen", "points": 100}]}
    assert P.read_game(record(hand, **rules)).results[0].points == (128, 0)
    wrong = {**LP1, "bonuses": [{"kind": "hand_bonus", "team": "Ben+Dee"}]}
    assert codes(record(wrong, **rules)) == ["bonus_not_allowed"]


def test_a_bonus_with_the_wrong_points_is_refused():
    hand = {**LP1, "bonuses": [{"kind": "capicua", "points": 30}]}
    assert paths(record(hand, capicua_points=25)) == {"rounds[0].bonuses[0].points": "bad_value"}


def test_messages_speak_to_players():
    rnd = {**LP1, "last_tile": "4-4", "bonuses": [{"kind": "capicua"}]}
    with pytest.raises(RecordError) as caught:
        P.read_game(record(rnd, capicua_points=25))
    message = caught.value.errors[0].message
    assert message == "A capicúa never counts with a double; 4-4 was the last tile."
    assert "_" not in message


# ---------------------------------------------------------------- the game


def _win(out: str, pips: int) -> dict[str, Any]:
    """A hand ``out`` goes out of, the other pair holding ``pips`` pips
    (one of them 2 pips in one tile); ``out``'s partner holds 3 pips."""
    partner = next(n for pair in TEAMS if out in pair for n in pair if n != out)
    opponents = next(pair for pair in TEAMS if out not in pair)
    return {"ended": "domino",
            "hands": {out: {"pips": 0}, partner: {"pips": 3, "tiles_left": 1},
                      opponents[0]: {"pips": 2, "tiles_left": 1}, opponents[1]: {"pips": pips - 2}}}


def test_the_game_ends_when_a_pair_reaches_the_target_and_no_hand_may_follow():
    first = {**_win("Chen", 30), "leader": "Ana"}
    game = P.read_game(record(first, _win("Ana", 30), _win("Ben", 20), _win("Chen", 40)))
    assert game.totals() == (100, 20)
    assert game.finished and game.status == "finished"
    assert game.winners() == [0] and game.derived()["winners"] == ["Ana+Chen"]
    assert game.next_lead() is None and "next_hand" not in game.derived()
    late = record(first, _win("Ana", 30), _win("Ben", 20), _win("Chen", 40), _win("Ben", 10))
    assert paths(late) == {"rounds[4]": "game_finished"}


def test_equal_totals_share_rank_one():
    assert [(s.name, s.rank) for s in P.rank_teams(P.read_game(record()).table.teams, (40, 40))] == [
        ("Ana+Chen", 1), ("Ben+Dee", 1)]
    assert [(s.name, s.total, s.rank) for s in P.rank_teams(P.read_game(record()).table.teams, (40, 60))] == [
        ("Ben+Dee", 60, 1), ("Ana+Chen", 40, 2)]


def test_the_lead_passes_to_the_right_and_is_derived():
    game = P.read_game(record(LP1, _win("Ben", 10), _win("Ana", 10)))
    assert [h.leader for h in game.hands] == ["Ana", "Dee", "Chen"]
    plan = game.next_lead()
    assert plan is not None and plan.leader == "Ben"
    clockwise = P.read_game(record(LP1, _win("Ben", 10), direction="clockwise"))
    assert [h.leader for h in clockwise.hands] == ["Ana", "Ben"]


def test_the_first_hand_is_led_by_the_6_6_holder_whom_the_table_names():
    plan = P.read_game(record()).next_lead()
    assert plan == P.LeadPlan(1, P.LeadHow.SIX_SIX_HOLDER, six_six_led=True)
    assert paths(record({**LP1, "leader": None})) == {"rounds[0].leader": "bad_value"}


def test_check_hand_adds_and_replaces():
    game = P.read_game(record(LP1))
    hand = P.check_hand(game, _win("Ben", 10), 2)
    assert hand.leader == "Dee" and hand.number == 2
    fixed = P.check_hand(game, {**LP1, "hands": {**LP1["hands"], "Dee": {"tiles": ["6-2"]}}}, 1)
    assert P.score_hand(game.table, fixed).points == (20, 0)
    with pytest.raises(RecordError) as caught:
        P.check_hand(game, _win("Ben", 10), 4)
    assert caught.value.codes == ["bad_value"]


def test_check_hand_refuses_a_correction_that_ends_the_game_early():
    game = P.read_game(record({**_win("Chen", 30), "leader": "Ana"}, _win("Ben", 10), target_score=40))
    with pytest.raises(RecordError) as caught:
        P.check_hand(game, {**_win("Chen", 45), "leader": "Ana"}, 1)
    assert caught.value.codes == ["game_finished"]


def test_derived_record_round_trips():
    game = P.read_game(record(LP1, _win("Ben", 10)))
    derived = game.derived()
    again = P.read_game(derived)
    assert again.hands == game.hands and again.totals() == game.totals()
    assert derived["team_standings"][0] == {"team": ["Ana", "Chen"], "name": "Ana+Chen", "total": 21, "rank": 1}
    assert derived["rounds"][1]["team_totals"] == {"Ana+Chen": 21, "Ben+Dee": 10}


# ---------------------------------------------------------------- properties of real deals


def _real_hand(seed: int, ended: str, pips_only: bool) -> tuple[dict[str, Any], dict[str, list[Tile]]] | None:
    """A consistent first hand of a double-six table: 7 tiles dealt to each,
    the 6-6 holder led it; a domino (one player out, the others keep some of
    their tiles) or a tranque (one number all on the table, every player keeps
    some tiles without it). ``None`` when the deal cannot end so."""
    rng = random.Random(seed)
    tiles = list(DominoSet(6).tiles)
    rng.shuffle(tiles)
    dealt = {n: tiles[7 * i: 7 * i + 7] for i, n in enumerate(PLAYERS)}
    leader = next(n for n, h in dealt.items() if Tile(6, 6) in h)
    kept = {n: [t for t in h if t != Tile(6, 6)] for n, h in dealt.items()}
    if ended == "blocked":
        suit = rng.randrange(7)
        kept = {n: [t for t in h if not t.has(suit)] for n, h in kept.items()}
        if not all(kept.values()):
            return None
        left = {n: rng.sample(h, rng.randrange(1, len(h) + 1)) for n, h in kept.items()}
    else:
        out = rng.choice(PLAYERS)
        left = {n: [] if n == out else rng.sample(h, rng.randrange(1, len(h) + 1)) for n, h in kept.items()}
    hands = {n: ({"pips": sum(t.pips for t in h), "tiles_left": len(h)} if pips_only else
                 {"tiles": [str(t) for t in h]}) for n, h in left.items()}
    return {"leader": leader, "ended": ended, "hands": hands}, left


@SETTINGS
@given(seed=st.integers(0, 10**6), pips_only=st.booleans(),
       hand_points=st.sampled_from(list(P.HandPoints)))
def test_a_real_domino_is_accepted_and_scored_by_its_rule(seed, pips_only, hand_points):
    made = _real_hand(seed, "domino", pips_only)
    assert made is not None
    rnd, left = made
    out = next(n for n, h in left.items() if not h)
    game = P.read_game(record(rnd, hand_points=hand_points.value))
    team = 0 if out in TEAMS[0] else 1
    pips = [sum(sum(t.pips for t in left[n]) for n in pair) for pair in TEAMS]
    expected = {"losing_team": pips[1 - team], "all_hands": pips[0] + pips[1],
                "difference": max(pips[1 - team] - pips[team], 0)}[hand_points.value]
    points = game.results[0].points
    assert points[team] == expected and points[1 - team] == 0


@SETTINGS
@given(seed=st.integers(0, 10**6), pips_only=st.booleans())
def test_a_real_tranque_is_accepted_and_won_by_the_lighter_pair(seed, pips_only):
    made = _real_hand(seed, "blocked", pips_only)
    if made is None:
        return
    rnd, left = made
    game = P.read_game(record(rnd))
    pips = [sum(sum(t.pips for t in left[n]) for n in pair) for pair in TEAMS]
    result = game.results[0]
    if pips[0] == pips[1]:
        assert result.winner is None and result.points == (0, 0)
    else:
        winner = 0 if pips[0] < pips[1] else 1
        assert result.winner == winner and result.points[winner] == pips[1 - winner]


@SETTINGS
@given(a=st.integers(0, 600), b=st.integers(0, 600))
def test_team_ranks_follow_the_totals(a, b):
    teams = P.read_game(record()).table.teams
    ranks = {s.team: s.rank for s in P.rank_teams(teams, (a, b))}
    assert ranks == ({0: 1, 1: 1} if a == b else {0: 1, 1: 2} if a > b else {0: 2, 1: 1})


# ---------------------------------------------------------------- passes bounded by the deal

def test_passes_beyond_the_tiles_dealt_are_refused():
    # issue 28: Chen "made the others pass" 40 times in one hand. A player plays at
    # most the 7 tiles dealt with double-six (rules-families.md section 1), so 8 is
    # impossible and 7 is the most; two entries for Chen add up (4 + 4 = 8).
    rules = P.preset("dominican").rules.changed()
    for count in (40, 8):
        hand = {**LP1, "bonuses": [{"kind": "pass", "player": "Chen", "count": count}]}
        assert paths(record(hand, **rules)) == {"rounds[0].bonuses[0].count": "count_impossible"}
    split = {**LP1, "bonuses": [{"kind": "pass", "player": "Chen", "count": 4},
                                {"kind": "pass", "player": "Chen", "count": 4}]}
    assert paths(record(split, **rules)) == {"rounds[0].bonuses[1].count": "count_impossible"}
    most = {**LP1, "bonuses": [{"kind": "pass", "player": "Chen", "count": 7}]}
    # 7 passes × 25 = 175, plus the losing pair's pips of LP-1 (Ben 12 + Dee 9 = 21)
    assert P.read_game(record(most, **rules)).results[0].points == (196, 0)


def test_double_nine_allows_ten_passes_not_eleven():
    # double-nine deals 10 tiles each (rules-families.md section 1)
    rules = {**P.preset("dominican").rules.changed()}
    hand = {"leader": "Ana", "ended": "domino", "out": "Chen",
            "hands": {"Ana": {"tiles": ["3-4"]}, "Ben": {"tiles": ["5-4"]},
                      "Chen": {"pips": 0, "tiles_left": 0}, "Dee": {"tiles": ["6-3"]}},
            "bonuses": [{"kind": "pass", "player": "Ben", "count": 11}]}
    assert paths(record(hand, set_n=9, **rules)) == {"rounds[0].bonuses[0].count": "count_impossible"}
    hand["bonuses"] = [{"kind": "pass", "player": "Ben", "count": 10}]
    assert P.read_game(record(hand, set_n=9, **rules)).hands[0].bonuses[0].count == 10
