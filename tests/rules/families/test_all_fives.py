"""All Fives family: the worked examples AF-1 … AF-7 of shared/rules-families.md
section 2, every refusal code, the presets and rule keys, the peg board data."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.rules.errors import RecordError
from companion.rules.families import all_fives as af
from companion.rules.families.counts import Ending, Rounding, Seating, round_to_five
from companion.rules.families.pegging import ScoreKind, Struck


def play(player: str, count: int, **extra: Any) -> dict[str, Any]:
    return {"player": player, "count": count, **extra}


def record(rounds: list[dict[str, Any]], players: tuple[str, ...] = ("Ann", "Bob"),
           **rules: Any) -> dict[str, Any]:
    return {"kind": "all_fives", "set": 6, "rules": rules, "players": list(players), "rounds": rounds}


# AF-1: the scoring plays of the brief's table (rows 1, 2, 7, 8, 10, 14)
AF1_HAND = {
    "leader": "Ann", "dealt": 9,
    "plays": [play("Ann", 10), play("Bob", 10), play("Ann", 10), play("Bob", 15),
              play("Bob", 25), play("Bob", 10)],
    "ended": "domino", "out": "Ann",
    "hands": {"Ann": {"pips": 0, "tiles_left": 0}, "Bob": {"tiles": ["6-2"]}},
}


def codes(excinfo: pytest.ExceptionInfo[RecordError]) -> list[str]:
    return excinfo.value.codes


def refused(rec: dict[str, Any]) -> tuple[list[str], list[str]]:
    with pytest.raises(RecordError) as excinfo:
        af.read_game(rec)
    return codes(excinfo), [p.path for p in excinfo.value.errors]


# ---------------------------------------------------------------- worked examples


def test_af1_hand_scores_ann_30_bob_60_in_points():
    game = af.read_game(record([AF1_HAND], spinners="first", score_unit="pips", target_score=250))
    hand = game.hands[0]
    assert hand.in_play == {"Ann": 20, "Bob": 60}
    assert hand.bonus is not None
    assert (hand.bonus.sides, hand.bonus.pips, hand.bonus.rounded, hand.bonus.points) == (("Ann",), 8, 10, 10)
    assert hand.scores == {"Ann": 30, "Bob": 60}
    assert game.totals == {"Ann": 30, "Bob": 60}
    assert not game.finished
    assert game.next_leader == "Ann"  # whoever went out leads the next hand


def test_af1_in_fives_ann_6_bob_12_and_the_game_goes_to_61():
    game = af.read_game(record([AF1_HAND], score_unit="fives"))
    assert game.hands[0].scores == {"Ann": 6, "Bob": 12}
    assert game.target == 61


def test_af1_typed_points_follow_the_count():
    hand = dict(AF1_HAND, plays=[play("Ann", 10, points=10, lead=True, tile="5-5"),
                                 play("Bob", 10, points=10)])
    game = af.read_game(record([hand]))
    assert game.hands[0].in_play == {"Ann": 10, "Bob": 10}


@pytest.mark.parametrize(("pips", "nearest", "down"), [
    (3, 5, 0), (2, 0, 0), (12, 10, 10), (13, 15, 10), (27, 25, 25), (28, 30, 25),
])
def test_af2_rounding(pips, nearest, down):
    assert round_to_five(pips, Rounding.NEAREST) == nearest
    assert round_to_five(pips, Rounding.DOWN) == down


@pytest.mark.parametrize(("tiles", "bonus"), [(["2-1"], 5), (["1-1"], 0)])
def test_af2_a_loser_holding_only_1_2_gives_5_and_only_1_1_gives_0(tiles, bonus):
    hand = dict(AF1_HAND, plays=[], hands={"Bob": {"tiles": tiles}})
    game = af.read_game(record([hand]))
    assert game.hands[0].scores["Ann"] == bonus


def test_af2_rounding_down_13_gives_10():
    hand = dict(AF1_HAND, plays=[], hands={"Bob": {"pips": 13}})
    assert af.read_game(record([hand], rounding="down")).hands[0].scores["Ann"] == 10
    assert af.read_game(record([hand])).hands[0].scores["Ann"] == 15


FOUR = ("Ann", "Bob", "Cy", "Dee")


def team_record(rounds: list[dict[str, Any]], **rules: Any) -> dict[str, Any]:
    rec = record(rounds, FOUR, **rules)
    rec["teams"] = [["Ann", "Cy"], ["Bob", "Dee"]]
    return rec


@pytest.mark.parametrize(("rule", "bonus"), [("opponents_rounded", 25), ("each_hand_rounded", 30)])
def test_af3_team_bonus_from_13_and_13(rule, bonus):
    hand = {"leader": "Ann", "plays": [], "ended": "domino", "out": "Ann",
            "hands": {"Bob": {"pips": 13}, "Dee": {"pips": 13}}}
    game = af.read_game(team_record([hand], hand_bonus=rule))
    assert game.hands[0].scores == {"Ann+Cy": bonus, "Bob+Dee": 0}
    assert [s.name for s in game.standings()] == ["Ann+Cy", "Bob+Dee"]


def test_af4_lone_spinner_then_6_3_counts_15_and_scores():
    hand = {"leader": "Ann", "plays": [play("Bob", 15)], "ended": "domino", "out": "Ann",
            "hands": {"Bob": {"pips": 0}}}
    assert af.read_game(record([hand])).hands[0].scores["Bob"] == 15


def test_af5_blocked_three_players_two_tied_share_the_thirds_20():
    hand = {"leader": "Ann", "plays": [], "ended": "blocked",
            "hands": {"Ann": {"pips": 4}, "Bob": {"pips": 4}, "Cy": {"pips": 20}}}
    game = af.read_game(record([hand], ("Ann", "Bob", "Cy")))
    assert game.hands[0].scores == {"Ann": 10, "Bob": 10, "Cy": 0}
    assert game.next_leader is None  # after a block the lead is by lot


def test_af5_blocked_two_players_tied_nobody_scores():
    hand = {"leader": "Ann", "plays": [], "ended": "blocked",
            "hands": {"Ann": {"pips": 4}, "Bob": {"pips": 4}}}
    game = af.read_game(record([hand]))
    assert game.hands[0].bonus is None
    assert game.hands[0].scores == {"Ann": 0, "Bob": 0}


def test_af6_muggins_5_5_then_5_0_then_0_0_each_count_10_best_play_20():
    hand = {"leader": "Ann", "plays": [play("Ann", 10, lead=True, tile="5-5"), play("Bob", 10),
                                       play("Ann", 10), play("Bob", 20)],
            "ended": "domino", "out": "Ann", "hands": {"Bob": {"pips": 0}}}
    game = af.read_game(record([hand], spinners="none"))
    assert game.hands[0].in_play == {"Ann": 20, "Bob": 30}
    assert af.keypad(game.rules).keys[-1].count == 20


@pytest.mark.parametrize(("rules", "event", "code"), [
    ({}, play("Ann", 12), "count_not_scoring"),
    ({"spinners": "first"}, play("Ann", 40), "count_impossible"),
    ({}, play("Ann", 15, lead=True), "lead_count_mismatch"),
    ({"score_unit": "fives"}, play("Ann", 15, points=15), "points_mismatch"),
])
def test_af7_refusals(rules, event, code):
    hand = dict(AF1_HAND, plays=[event])
    got, paths = refused(record([hand], **rules))
    assert got == [code]
    assert paths[0].startswith("rounds[0].plays[0]")


# ---------------------------------------------------------------- other checks


def test_muggins_count_25_is_impossible_and_22_scores_nothing():
    assert refused(record([dict(AF1_HAND, plays=[play("Ann", 25)])], spinners="none"))[0] == [
        "count_impossible"]
    assert refused(record([dict(AF1_HAND, plays=[play("Ann", 22)])], spinners="none"))[0] == [
        "count_not_scoring"]


def test_five_up_has_no_small_bound():
    game = af.read_game(record([dict(AF1_HAND, plays=[play("Bob", 45)])], spinners="all"))
    assert game.hands[0].in_play["Bob"] == 45
    pad = af.keypad(game.rules)
    assert pad.more


def test_a_lead_tile_must_show_its_count():
    hand = dict(AF1_HAND, plays=[play("Ann", 10, lead=True, tile="6-4")])
    assert af.read_game(record([hand])).hands[0].in_play["Ann"] == 10
    hand = dict(AF1_HAND, plays=[play("Ann", 5, lead=True, tile="6-4")])
    assert refused(record([hand]))[0] == ["lead_count_mismatch"]


def test_an_unmarked_first_play_is_not_held_to_the_lead():
    hand = dict(AF1_HAND, plays=[play("Ann", 15)])
    assert af.read_game(record([hand])).hands[0].in_play["Ann"] == 15


def test_more_scoring_plays_than_tiles_is_impossible():
    # four players, five tiles each, nothing drawn
    hand = {"leader": "Ann", "plays": [play("Ann", 5)] * 6, "ended": "domino", "out": "Ann",
            "hands": {"Bob": {"pips": 1, "drawn": 0}, "Cy": {"pips": 1}, "Dee": {"pips": 1},
                      "Ann": {"pips": 0, "drawn": 0}}}
    got, paths = refused(record([hand], FOUR))
    assert got == ["count_impossible"]
    assert paths == ["rounds[0].plays"]


def test_in_play_totals_in_points_are_multiples_of_five():
    hand = {"leader": "Ann", "in_play": {"Ann": 22, "Bob": 0}, "ended": "domino", "out": "Ann",
            "hands": {"Bob": {"pips": 8}}}
    assert refused(record([hand]))[0] == ["count_not_scoring"]
    hand["in_play"] = {"Ann": 20, "Bob": 60}
    assert af.read_game(record([hand])).hands[0].scores == {"Ann": 30, "Bob": 60}
    hand["in_play"] = {"Ann": 7, "Bob": 0}
    assert af.read_game(record([hand], score_unit="fives")).hands[0].scores == {"Ann": 9, "Bob": 0}


def test_the_bonus_is_derived_and_a_typed_one_must_match():
    hand = dict(AF1_HAND, bonuses=[{"kind": "hand", "player": "Ann", "points": 10}])
    assert af.read_game(record([hand])).hands[0].scores["Ann"] == 30
    hand = dict(AF1_HAND, bonuses=[{"kind": "hand", "player": "Ann", "points": 15}])
    assert refused(record([hand]))[0] == ["points_mismatch"]
    hand = dict(AF1_HAND, bonuses=[{"kind": "hand", "player": "Bob", "points": 10}])
    assert refused(record([hand]))[0] == ["bonus_not_allowed"]
    tie = {"leader": "Ann", "plays": [], "ended": "blocked", "hands": {"Ann": {"pips": 4}, "Bob": {"pips": 4}},
           "bonuses": [{"kind": "hand", "player": "Ann", "points": 0}]}
    assert refused(record([tie]))[0] == ["bonus_not_allowed"]


@pytest.mark.parametrize(("change", "code"), [
    ({"out": None}, "nobody_out"),
    ({"out": ["Ann", "Bob"]}, "several_out"),
    ({"ended": "blocked"}, "out_but_blocked"),
    ({"hands": {"Ann": {"pips": 0}}}, "missing_hand"),
    ({"out": "Zoe"}, "unknown_player"),
    ({"hands": {"Bob": {"pips": -1}}}, "pips_negative"),
    ({"hands": {"Bob": {"tiles": ["7-2"]}}}, "tiles_not_in_set"),
    ({"hands": {"Bob": {"tiles": ["6-2", "6-2"]}}}, "tile_repeated"),
])
def test_hand_end_refusals(change, code):
    hand = {k: v for k, v in {**AF1_HAND, **change}.items() if v is not None}
    assert code in refused(record([hand]))[0]


def test_muggins_claims_only_where_the_rule_is_on_and_the_claimer_scores():
    hand = dict(AF1_HAND, plays=[play("Ann", 10, claimed_by="Bob")])
    assert refused(record([hand]))[0] == ["bad_value"]
    game = af.read_game(record([hand], muggins_claims=True))
    assert game.hands[0].in_play == {"Ann": 0, "Bob": 10}
    own_side = dict(AF1_HAND, plays=[play("Ann", 10, claimed_by="Ann")])
    assert refused(record([own_side], muggins_claims=True))[0] == ["bad_value"]


def test_unknown_rules_and_values_are_refused():
    assert refused(record([], house="x"))[0] == ["unknown_rule"]
    assert refused(record([], spinners="two"))[0] == ["bad_value"]
    assert refused({**record([]), "kind": "draw"})[0] == ["unknown_kind"]
    assert refused({**record([]), "set": 9})[0] == ["unknown_set"]
    assert refused(record([], ("Ann",)))[0] == ["too_few_players"]
    assert refused(record([], ("A", "B", "C", "D", "E")))[0] == ["too_many_players"]


# ---------------------------------------------------------------- game level


def test_targets_by_players_and_unit():
    assert af.read_game(record([])).target == 250
    assert af.read_game(record([], ("A", "B", "C"))).target == 200
    assert af.read_game(record([], score_unit="fives")).target == 61


def in_play_hand(points: dict[str, int], out: str = "Ann", left: int = 0) -> dict[str, Any]:
    loser = next(p for p in ("Ann", "Bob") if p != out)
    return {"leader": out, "in_play": points, "ended": "domino", "out": out,
            "hands": {loser: {"pips": left}}}


def test_immediate_win_stops_the_game_and_later_plays_are_refused():
    rounds = [in_play_hand({"Ann": 55, "Bob": 0}, left=0)]
    win = {"leader": "Ann", "plays": [play("Ann", 30), play("Bob", 5)], "ended": "target"}
    rec = record([*rounds, win], score_unit="fives", target_score=61)
    got, paths = refused(rec)
    assert got == ["game_finished"]
    assert paths == ["rounds[1].plays[1]"]
    win = {"leader": "Ann", "plays": [play("Ann", 30)], "ended": "target"}
    game = af.read_game(record([*rounds, win], score_unit="fives"))
    assert game.finished and game.winners == ("Ann",)
    assert game.totals == {"Ann": 61, "Bob": 0}
    with pytest.raises(RecordError) as excinfo:
        game.add_hand(in_play_hand({"Ann": 0, "Bob": 0}))
    assert codes(excinfo) == ["game_finished"]


def test_a_hand_stopped_at_the_target_must_reach_it():
    hand = {"leader": "Ann", "plays": [play("Ann", 10)], "ended": "target"}
    assert refused(record([hand]))[0] == ["bad_value"]


def test_exact_target_strikes_an_overshoot():
    first = in_play_hand({"Ann": 55, "Bob": 0})
    second = {"leader": "Ann", "plays": [play("Ann", 35), play("Ann", 30)], "ended": "target"}
    game = af.read_game(record([first, second], score_unit="fives", exact_target=True))
    pegs = game.hands[1].pegs
    assert [(m.points, m.before, m.after, m.struck) for m in pegs] == [
        (7, 55, 55, Struck.OVERSHOOT), (6, 55, 61, None)]
    board = game.peg_board()
    assert board.holes == 61
    assert [(p.side, p.back, p.front) for p in board.pegs] == [("Ann", 55, 61), ("Bob", 0, 0)]
    assert board.last is not None and board.last.points == 6


def test_hand_end_win_check_lets_the_hand_finish_and_the_highest_wins():
    first = in_play_hand({"Ann": 240, "Bob": 0})
    second = {"leader": "Ann", "plays": [play("Ann", 10), play("Bob", 5)], "ended": "domino", "out": "Ann",
              "hands": {"Bob": {"pips": 3}}}
    game = af.read_game(record([first, second], win_check="hand_end", target_score=250))
    assert game.finished and game.winners == ("Ann",)
    assert game.totals == {"Ann": 255, "Bob": 5}


def test_entry_minimum_strikes_a_first_score_under_ten():
    hand = dict(AF1_HAND, plays=[play("Ann", 5), play("Ann", 10), play("Ann", 5)])
    game = af.read_game(record([hand], entry_minimum=10))
    struck = [m.struck for m in game.hands[0].pegs if m.kind is ScoreKind.PLAY]
    assert struck == [Struck.NOT_IN, None, None]
    assert game.hands[0].scores["Ann"] == 10 + 5 + 10


def test_subtract_own_takes_each_players_rounded_pips_off():
    hand = dict(AF1_HAND, hands={"Ann": {"pips": 0}, "Bob": {"pips": 13}})
    game = af.read_game(record([hand], subtract_own=True))
    assert game.hands[0].scores == {"Ann": 20 + 15, "Bob": 60 - 15}


def test_difference_rounded_blocked():
    hand = {"leader": "Ann", "plays": [], "ended": "blocked",
            "hands": {"Ann": {"pips": 4}, "Bob": {"pips": 17}}}
    assert af.read_game(record([hand], hand_bonus="difference_rounded")).hands[0].scores["Ann"] == 15


def test_standings_share_ranks():
    hand = in_play_hand({"Ann": 20, "Bob": 20}, left=0)
    ranks = [(s.name, s.rank) for s in af.read_game(record([hand])).standings()]
    assert ranks == [("Ann", 1), ("Bob", 1)]


def test_presets_and_rule_keys():
    assert set(af.PRESETS) == {"all_fives", "muggins", "sniff", "five_up"}
    assert af.read_game(record([], **af.PRESETS["muggins"].rules)).rules.spinners is af.Spinners.NONE
    five_up = af.read_game(record([], **af.PRESETS["five_up"].rules))
    assert five_up.rules.spinners is af.Spinners.ALL and five_up.target == 61
    defaults = {k.key: k.default for k in af.RULE_KEYS}
    assert defaults["spinners"] == "first" and defaults["score_unit"] == "pips"
    assert defaults["hand_bonus"] == "opponents_rounded" and defaults["win_check"] == "immediate"
    assert defaults["exact_target"] is False and defaults["muggins_claims"] is False


def test_keypad_all_fives_5_to_35_in_points_and_fives():
    pad = af.keypad(af.AllFivesRules())
    assert [(k.count, k.points) for k in pad.keys] == [(c, c) for c in range(5, 40, 5)]
    assert not pad.more
    fives = af.keypad(af.AllFivesRules(score_unit=af.ScoreUnit.FIVES))
    assert [k.points for k in fives.keys] == [1, 2, 3, 4, 5, 6, 7]


# ---------------------------------------------------------------- properties


@given(st.integers(min_value=0, max_value=168))
def test_rounding_moves_at_most_two_pips_and_lands_on_a_five(pips):
    r = round_to_five(pips)
    assert r % 5 == 0 and abs(r - pips) <= 2
    assert round_to_five(pips, Rounding.DOWN) <= pips


@given(st.lists(st.sampled_from([5, 10, 15, 20, 25, 30, 35]), max_size=9),
       st.integers(min_value=0, max_value=60))
def test_a_hands_scores_are_its_plays_plus_the_rounded_bonus(counts, left):
    hand = {"leader": "Ann", "plays": [play("Ann", c) for c in counts], "ended": "domino", "out": "Ann",
            "hands": {"Bob": {"pips": left}}}
    game = af.read_game(record([hand], target_score=10_000))
    assert game.hands[0].scores == {"Ann": sum(counts) + round_to_five(left), "Bob": 0}


@given(st.lists(st.integers(min_value=0, max_value=40), min_size=4, max_size=4))
def test_a_blocked_hand_goes_to_the_fewest_pips(pips):
    seating = Seating(FOUR)
    by_player = dict(zip(FOUR, pips, strict=True))
    bonus = af.hand_bonus(af.AllFivesRules(blocked_tie=af.BlockedTie.NOBODY), seating, Ending.BLOCKED,
                          None, by_player)
    least = min(pips)
    if pips.count(least) > 1:
        assert bonus is None
    else:
        assert bonus is not None and by_player[bonus.sides[0]] == least
        assert bonus.rounded == round_to_five(sum(pips) - least)
