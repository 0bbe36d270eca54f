"""Chicken Foot (kind ``chicken_foot``): the worked examples CF-1 … CF-4 of
the rules brief (section 5), the deal table, the defaults, each refusal, and
properties of real rounds. Every expected number is the brief's."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.rules.errors import RecordError
from companion.rules.families import chicken_foot as C
from companion.rules.tiles import DominoSet, Tile, double

PLAYERS = ["Ana", "Ben", "Chen", "Dee"]
SETTINGS = settings(max_examples=80, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow])


def record(*rounds: dict[str, Any], set_n: int = 9, players: list[str] = PLAYERS, **rules: Any) -> dict[str, Any]:
    return {"kind": "chicken_foot", "set": set_n, "players": players, "rules": rules, "rounds": list(rounds)}


def paths(rec: dict[str, Any]) -> dict[str, str]:
    with pytest.raises(RecordError) as caught:
        C.read_game(rec)
    return {p.path: p.code for p in caught.value.errors}


# CF-1: double-nine, 4 players, 11 each; centre 9-9; Ana out; Ben 9-8 and 7-6
# (30); Chen 0-0 and 3-2 (5 pips and the 0-0); Dee 4-4 (8).
CF1 = {"engine": 9, "dealt": 11, "ended": "domino",
       "hands": {"Ana": {"pips": 0, "tiles_left": 0}, "Ben": {"tiles": ["9-8", "7-6"]},
                 "Chen": {"tiles": ["0-0", "3-2"]}, "Dee": {"tiles": ["4-4"]}}}
# CF-2: centre 8-8; Ben out; Ana 6-6 (12); Chen 9-0 (9); Dee 1-0 and 2-1 (4).
CF2 = {"engine": 8, "ended": "domino",
       "hands": {"Ana": {"tiles": ["6-6"]}, "Ben": {"pips": 0}, "Chen": {"tiles": ["9-0"]},
                 "Dee": {"tiles": ["1-0", "2-1"]}}}


def plain(engine: int) -> dict[str, Any]:
    """A round on ``engine`` that Ana goes out of, the others holding a few pips."""
    return {"engine": engine, "ended": "domino",
            "hands": {"Ana": {"pips": 0}, "Ben": {"pips": 5, "tiles_left": 2},
                      "Chen": {"pips": 3, "tiles_left": 1}, "Dee": {"pips": 7, "tiles_left": 2}}}


# ---------------------------------------------------------------- CF-1 … CF-3


def test_cf1_round_scores():
    game = C.read_game(record(CF1))
    assert game.scores[0] == {"Ana": 0, "Ben": 30, "Chen": 55, "Dee": 8}


def test_cf1_with_pips_only_and_the_0_0_ticked():
    rnd = {**CF1, "hands": {"Ana": {"pips": 0}, "Ben": {"pips": 30, "tiles_left": 2},
                            "Chen": {"pips": 5, "tiles_left": 2, "double_blank": True},
                            "Dee": {"pips": 8, "tiles_left": 1}}}
    assert C.read_game(record(rnd)).scores[0] == {"Ana": 0, "Ben": 30, "Chen": 55, "Dee": 8}


def test_cf2_totals_and_shared_ranks():
    game = C.read_game(record(CF1, CF2))
    assert game.totals() == {"Ana": 12, "Ben": 30, "Chen": 64, "Dee": 12}
    assert [(s.player, s.rank) for s in game.standings()] == [("Ana", 1), ("Dee", 1), ("Ben", 3), ("Chen", 4)]
    derived = game.derived()
    assert derived["standings"][0] == {"player": "Ana", "total": 12, "rank": 1}
    assert derived["rounds"][1]["scores"] == {"Ana": 12, "Ben": 0, "Chen": 9, "Dee": 4}
    assert derived["rounds"][1]["totals"] == {"Ana": 12, "Ben": 30, "Chen": 64, "Dee": 12}


@pytest.mark.parametrize(("points", "chen"), [(50, 55), (25, 30), (0, 5)])
def test_cf3_the_0_0_is_worth_what_the_table_says(points, chen):
    assert C.read_game(record(CF1, double_blank_points=points)).scores[0]["Chen"] == chen


def test_cf3_going_out_on_a_double_scores_the_house_points():
    game = C.read_game(record({**CF1, "ended_on_double": True}, end_on_double_points=50))
    assert game.scores[0]["Ana"] == 50
    assert C.read_game(record({**CF1, "ended_on_double": True})).scores[0]["Ana"] == 0


def test_blank_halves_score_extra_with_the_old_variant():
    # Chen's 0-0 (50) and 3-2; Dee's 1-0 and 2-1 in CF-2: one blank half, 25
    game = C.read_game(record(CF1, CF2, blank_half_points=25))
    assert game.scores[0]["Chen"] == 55
    assert game.scores[1]["Dee"] == 4 + 25 and game.scores[1]["Chen"] == 9 + 25
    pips_only = {**CF2, "hands": {**CF2["hands"], "Dee": {"pips": 4, "tiles_left": 2}}}
    assert paths(record(CF1, pips_only, blank_half_points=25)) == {"rounds[1].hands.Dee.blanks": "bad_value"}


# ---------------------------------------------------------------- CF-4 refusals


def test_cf4_the_0_0_round_refuses_a_double_blank_in_hand():
    rounds = [plain(e) for e in range(9, 0, -1)]
    last = {**plain(0), "hands": {**plain(0)["hands"], "Ben": {"pips": 5, "tiles_left": 2, "double_blank": True}}}
    assert paths(record(*rounds, last)) == {"rounds[9].hands.Ben.double_blank": "engine_in_hand"}


def test_cf4_the_centre_double_in_a_hand_is_refused():
    rnd = {**CF2, "hands": {**CF2["hands"], "Ben": {"tiles": ["8-8"]}}}
    assert paths(record(CF1, rnd)) == {"rounds[1].hands.Ben.tiles[0]": "engine_in_hand"}


def test_cf4_with_burn_a_lower_centre_is_fine_a_higher_one_out_of_sequence():
    game = C.read_game(record(CF1, plain(7), unheld_double="burn"))
    assert [r.engine for r in game.rounds] == [9, 7]
    assert paths(record(CF1, plain(7), plain(8), unheld_double="burn")) == {
        "rounds[2].engine": "engine_out_of_sequence"}


def test_cf4_two_tiles_cannot_hold_34_pips_with_9_9_in_the_centre():
    rnd = {**CF1, "hands": {**CF1["hands"], "Ben": {"pips": 34, "tiles_left": 2}}}
    assert paths(record(rnd)) == {"rounds[0].hands.Ben.pips": "pips_infeasible"}
    rnd = {**CF1, "hands": {**CF1["hands"], "Ben": {"pips": 33, "tiles_left": 2}}}  # 9-8 and 9-7
    assert C.read_game(record(rnd)).scores[0]["Ben"] == 33


def test_without_burn_each_round_is_one_lower():
    assert paths(record(CF1, plain(7))) == {"rounds[1].engine": "engine_out_of_sequence"}


# ---------------------------------------------------------------- schedule, deal, end


def test_the_centre_doubles_run_from_the_highest_to_0_0():
    assert C.centre_doubles(9) == [9, 8, 7, 6, 5, 4, 3, 2, 1, 0]
    assert len(C.centre_doubles(12)) == 13


def test_the_double_nine_deal_table():
    assert [C.deal(9, n) for n in range(2, 9)] == [21, 14, 11, 8, 7, 6, 5]
    assert [C.deal(9, n, C.DrawTable.SEVEN_EACH) for n in (2, 4, 6)] == [7, 7, 7]
    assert [C.deal(9, n, C.DrawTable.NO_DRAW) for n in range(2, 7)] == [14, 10, 7, 6, 5]
    assert C.deal(9, 4, ((4, 9),)) == 9


@SETTINGS
@given(set_n=st.sampled_from(C.SETS), players=st.integers(2, 12))
def test_every_42_shared_deal_fits_the_set_with_the_centre_double_out(set_n, players):
    dealt = C.deal(set_n, players)
    assert dealt >= 1 and players * dealt + 1 <= DominoSet(set_n).size


def test_the_next_round_card():
    game = C.read_game(record(CF1))
    plan = game.next_round()
    assert plan is not None
    assert plan.as_dict() == {"number": 2, "engine": 8, "starter": None, "dealt": 11, "boneyard": 10,
                              "unheld_double": "draw", "centre_sides": 4}
    burn = C.read_game(record(CF1, unheld_double="burn", centre_sides=6)).next_round()
    assert burn is not None and (burn.unheld_double, burn.centre_sides) == ("burn", 6)


def test_the_game_ends_after_the_0_0_round():
    rounds = [plain(e) for e in range(9, -1, -1)]
    game = C.read_game(record(*rounds))
    assert game.finished and game.status == "finished"
    assert game.totals() == {"Ana": 0, "Ben": 50, "Chen": 30, "Dee": 70}
    assert game.winners() == ["Ana"] and game.next_round() is None
    assert paths(record(*rounds, plain(0))) == {"rounds[10]": "game_finished"}


def test_with_burn_the_game_still_ends_with_the_0_0_round():
    game = C.read_game(record(plain(9), plain(5), plain(0), unheld_double="burn"))
    assert game.finished and len(game.rounds) == 3


def test_defaults_and_the_preset():
    assert C.ChickenFootRules().as_dict() == {
        "double_blank_points": 50, "blank_half_points": 0, "draw_counts": "forty_two", "centre_sides": 4,
        "unheld_double": "draw", "end_on_double_points": 0, "round_end": "blocked"}
    standard = C.PRESETS["standard"]
    assert standard.set_n == 9 and standard.rules == C.ChickenFootRules()
    table = C.read_game(record()).table
    assert table.set_n == 9 and table.dealt == 11


def test_a_custom_deal_is_read_and_written_back():
    game = C.read_game(record(draw_counts={"4": 9}))
    assert game.table.dealt == 9
    assert game.as_record()["rules"] == {"draw_counts": {"4": 9}}


def test_check_round_adds_and_replaces():
    game = C.read_game(record(CF1, CF2))
    assert C.check_round(game, plain(7), 3).engine == 7
    fixed = C.check_round(game, {**CF2, "hands": {**CF2["hands"], "Chen": {"tiles": ["9-1"]}}}, 2)
    assert C.round_scores(game.table, fixed)["Chen"] == 10
    with pytest.raises(RecordError) as caught:
        C.check_round(C.read_game(record(CF1, plain(7), unheld_double="burn")), plain(6), 1)
    assert caught.value.codes == ["engine_out_of_sequence"]


def test_derived_record_round_trips():
    game = C.read_game(record(CF1, CF2))
    again = C.read_game(game.derived())
    assert again.rounds == game.rounds and again.totals() == game.totals()


# ---------------------------------------------------------------- refusals


@pytest.mark.parametrize(("change", "where", "code"), [
    ({"dealt": 14}, "rounds[0].dealt", "deal_exceeds_set"),
    ({"hands": {**CF1["hands"], "Dee": {"pips": 8, "tiles_left": 1, "double_blank": True}}},
     "rounds[0].hands", "double_blank_twice"),
    ({"hands": {**CF1["hands"], "Dee": {"pips": 8, "tiles_left": 1, "drawn": 11}}},
     "rounds[0].hands", "drawn_exceeds_boneyard"),
    ({"hands": {**CF1["hands"], "Ana": {"pips": 3, "tiles_left": 1}}}, "rounds[0].hands", "nobody_out"),
    ({"hands": {**CF1["hands"], "Dee": {"pips": 0}}}, "rounds[0].hands", "several_out"),
    ({"ended": "blocked"}, "rounds[0].hands.Ana", "out_but_blocked"),
    ({"hands": {**CF1["hands"], "Dee": {"tiles": ["9-8"]}}}, "rounds[0].hands.Dee.tiles[0]", "tile_repeated"),
    ({"hands": {**CF1["hands"], "Dee": {"tiles": ["10-1"]}}}, "rounds[0].hands.Dee.tiles[0]", "tiles_not_in_set"),
    ({"hands": {**CF1["hands"], "Dee": {"pips": -2}}}, "rounds[0].hands.Dee.pips", "pips_negative"),
    ({"hands": {**CF1["hands"], "Dee": {"tiles": ["4-4"], "pips": 9}}}, "rounds[0].hands.Dee.pips",
     "pips_mismatch"),
    ({"hands": {**CF1["hands"], "Dee": {"pips": 8, "tiles_left": 14, "drawn": 2}}},
     "rounds[0].hands.Dee.tiles_left", "too_many_tiles"),  # dealt 11, drew 2
    ({"hands": {k: v for k, v in CF1["hands"].items() if k != "Dee"}}, "rounds[0].hands.Dee", "missing_hand"),
    ({"engine": 10}, "rounds[0].engine", "bad_value"),
    ({"ended": "finished"}, "rounds[0].ended", "bad_value"),
])
def test_a_round_is_refused_with_its_code_and_path(change, where, code):
    assert paths(record({**CF1, **change})) == {where: code}


def test_hands_that_cannot_be_held_together_are_refused():
    # each alone can hold 100 pips in 7 tiles; four such hands need more heavy tiles than the set has
    heavy = {"pips": 100, "tiles_left": 7}
    rnd = {"engine": 9, "dealt": 11, "ended": "blocked",
           "hands": {"Ana": heavy, "Ben": heavy, "Chen": heavy, "Dee": heavy}}
    assert paths(record(rnd)) == {"rounds[0].hands": "hands_infeasible"}


def test_a_hand_only_the_0_0_can_make_is_taken_to_hold_it():
    rnd = {**CF1, "hands": {**CF1["hands"], "Chen": {"pips": 0, "tiles_left": 1}}}
    assert C.read_game(record(rnd)).scores[0]["Chen"] == 50


@pytest.mark.parametrize(("change", "code"), [
    ({"set": 10}, "unknown_set"),
    ({"players": ["Ana"]}, "too_few_players"),
    ({"players": [f"P{i}" for i in range(13)]}, "too_many_players"),
    ({"players": ["Ana", "ANA"]}, "duplicate_player"),
    ({"kind": "mexican_train"}, "unknown_kind"),
    ({"rules": {"double_blank": 50}}, "unknown_rule"),
    ({"rules": {"unheld_double": "ignore"}}, "bad_value"),
    ({"rules": {"centre_sides": 5}}, "bad_value"),
    ({"rules": {"draw_counts": {"4": 0}}}, "bad_value"),
    ({"set": 6, "players": [f"P{i}" for i in range(4)], "rules": {"draw_counts": "seven_each"}},
     "deal_exceeds_set"),  # 4 × 7 + the centre double: 29 tiles, a double-six set has 28
    ({"rules": {"draw_counts": {"4": 14}}}, "deal_exceeds_set"),  # 4 × 14 + 1 = 57 > 55
])
def test_the_table_is_refused(change, code):
    with pytest.raises(RecordError) as caught:
        C.read_game({**record(), **change})
    assert code in caught.value.codes


def test_messages_speak_to_players():
    rnd = {**CF1, "hands": {**CF1["hands"], "Ben": {"pips": 34, "tiles_left": 2}}}
    with pytest.raises(RecordError) as caught:
        C.read_game(record(rnd))
    assert caught.value.errors[0].message == "No 2 tiles of this set, the centre double aside, add up to 34 pips."


# ---------------------------------------------------------------- properties of real rounds


def _real_round(seed: int, players: int, pips_only: bool) -> tuple[dict[str, Any], dict[str, list[Tile]]]:
    """Round 1 of a real double-nine game: 9-9 in the centre, the deal of the
    table, each player left with some of their tiles (and some drawn), one
    player out."""
    rng = random.Random(seed)
    names = [f"P{i + 1}" for i in range(players)]
    tiles = [t for t in DominoSet(9).tiles if t != double(9)]
    rng.shuffle(tiles)
    dealt = C.deal(9, players)
    hands = {n: tiles[dealt * i: dealt * (i + 1)] for i, n in enumerate(names)}
    boneyard = tiles[dealt * players:]
    for n in names:  # some players drew a tile or two
        for _ in range(rng.randrange(3)):
            if boneyard:
                hands[n].append(boneyard.pop())
    out = rng.choice(names)
    left = {n: [] if n == out else rng.sample(h, rng.randrange(1, len(h) + 1)) for n, h in hands.items()}
    shown = {n: ({"pips": sum(t.pips for t in h), "tiles_left": len(h), "double_blank": double(0) in h}
                 if pips_only else {"tiles": [str(t) for t in h]}) for n, h in left.items()}
    return {"engine": 9, "dealt": dealt, "ended": "domino", "hands": shown}, left


@SETTINGS
@given(seed=st.integers(0, 10**6), players=st.integers(2, 8), pips_only=st.booleans(),
       blank=st.sampled_from([50, 25, 0]))
def test_a_real_round_is_accepted_and_each_scores_pips_and_the_0_0(seed, players, pips_only, blank):
    rnd, left = _real_round(seed, players, pips_only)
    game = C.read_game(record(rnd, players=list(left), double_blank_points=blank))
    for name, tiles in left.items():
        assert game.scores[0][name] == sum(t.pips for t in tiles) + (blank if double(0) in tiles else 0)


@SETTINGS
@given(totals=st.lists(st.integers(0, 300), min_size=2, max_size=8))
def test_standings_rank_lowest_first_and_ties_share(totals):
    names = [f"P{i}" for i in range(len(totals))]
    standings = C.rank_lowest_first(dict(zip(names, totals)), names)
    for s in standings:
        assert s.rank == 1 + sum(1 for t in totals if t < s.total)


def test_the_derived_record_says_which_doubles_were_burnt():
    # double-nine, burn: 9-9, then 7-7 (nobody held the 8-8), then 4-4 (the 6-6 and
    # 5-5 burnt); each round's list is what was skipped since the last one (issue 28)
    game = C.read_game(record(plain(9), plain(7), plain(4), unheld_double="burn"))
    assert game.burnt() == [[], [8], [6, 5]]
    rounds = game.derived()["rounds"]
    assert ["burnt" in r for r in rounds] == [False, True, True]
    assert (rounds[1]["burnt"], rounds[2]["burnt"]) == ([8], [6, 5])
    # read back from the API with its derived fields: still the same game
    assert C.read_game({**game.as_record(), "rounds": rounds}).burnt() == [[], [8], [6, 5]]
