"""Texas 42: the worked examples T42-1 … T42-3 of shared/rules-families.md
section 4, every refusal code, presets, the ALL tally, properties."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.rules.errors import RecordError
from companion.rules.families import texas42 as t42
from companion.rules.families.counts import partners_opposite


def bid(player: str, value: Any) -> dict[str, Any]:
    return {"player": player, "bid": value}


def marks(n: int) -> dict[str, int]:
    return {"marks": n}


def record(rounds: list[dict[str, Any]], **rules: Any) -> dict[str, Any]:
    return {"kind": "texas42", "set": 6, "rules": rules, "players": ["Ana", "Ben", "Chen", "Dee"],
            "teams": [["Ana", "Chen"], ["Ben", "Dee"]], "first_shaker": "Dee", "rounds": rounds}


AC, BD = "Ana+Chen", "Ben+Dee"

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


def refused(rec: dict[str, Any]) -> tuple[list[str], list[str]]:
    with pytest.raises(RecordError) as excinfo:
        t42.read_game(rec)
    return excinfo.value.codes, [p.path for p in excinfo.value.errors]


def test_t42_1_ben_and_dee_win_7_to_1_after_5_hands():
    game = t42.read_game(record(T42_1, target_marks=7, forced_bid=True))
    assert [h.shaker for h in game.hands] == ["Dee", "Ana", "Ben", "Chen", "Dee"]
    running = []
    tally = {AC: 0, BD: 0}
    for h in game.hands:
        for team, m in h.marks.items():
            tally[team] += m
        running.append((tally[AC], tally[BD]))
    assert running == [(0, 1), (0, 3), (0, 6), (1, 6), (1, 7)]
    assert game.finished and game.winners == (BD,)
    assert [(s.name, s.total, s.rank) for s in game.standings()] == [(BD, 7, 1), (AC, 1, 2)]
    assert game.next_shaker is None
    with pytest.raises(RecordError) as excinfo:
        game.add_hand(T42_1[0])
    assert excinfo.value.codes == ["game_finished"]


def test_the_shake_passes_clockwise_and_bidding_starts_at_its_left():
    game = t42.read_game(record(T42_1[:1]))
    assert game.next_shaker == "Ana" and game.next_bidder == "Ben"


def hand1(**change: Any) -> dict[str, Any]:
    hand = copy.deepcopy(T42_1[0])
    hand.update(change)
    return hand


@pytest.mark.parametrize(("hand", "code", "path"), [
    (hand1(bids=[bid("Ana", 29), bid("Ben", 30), bid("Chen", 31), bid("Dee", "pass")]),
     "bid_too_low", "rounds[0].bids[0].bid"),
    (hand1(bids=[bid("Ana", "pass"), bid("Ben", 31), bid("Chen", 31), bid("Dee", "pass")]),
     "bid_not_higher", "rounds[0].bids[2].bid"),
    (hand1(tricks={AC: 5, BD: 2}, points={AC: 30, BD: 11}), "trick_points_total", "rounds[0].points"),
    (hand1(bids=[bid("Ben", 30), bid("Ana", "pass"), bid("Chen", 31), bid("Dee", "pass")]),
     "bid_out_of_order", "rounds[0].bids[0].player"),
    (hand1(bids=[bid("Ana", "pass"), bid("Ben", 30), bid("Chen", 31)]),
     "bid_out_of_order", "rounds[0].bids"),
    (hand1(points={AC: 43, BD: 0}, tricks=None), "trick_points_total", "rounds[0].points.Ana+Chen"),
    (hand1(result="made"), "result_inconsistent", "rounds[0].result"),
])
def test_t42_2_refusals(hand, code, path):
    hand = {k: v for k, v in hand.items() if v is not None}
    got, paths = refused(record([hand]))
    assert got == [code]
    assert paths == [path]


def test_t42_2_four_marks_after_two_without_plunge_is_too_large():
    hand = {"bids": [bid("Ana", marks(2)), bid("Ben", marks(4)), bid("Chen", "pass"), bid("Dee", "pass")],
            "contract": {"player": "Ben", "bid": marks(4), "trump": "sixes"}, "result": "made"}
    assert refused(record([hand]))[0] == ["bid_raise_too_large"]
    plunge = copy.deepcopy(hand)
    plunge["contract"]["type"] = "plunge"
    assert refused(record([plunge]))[0] == ["contract_not_allowed"]
    game = t42.read_game(record([plunge], plunge=True))
    assert game.hands[0].marks == {AC: 0, BD: 4}


def test_t42_2_bid_35_points_36_result_set_is_inconsistent():
    hand = {"bids": [bid("Ana", 35), bid("Ben", "pass"), bid("Chen", "pass"), bid("Dee", "pass")],
            "contract": {"player": "Ana", "bid": 35, "trump": "blanks"}, "result": "set",
            "points": {AC: 36, BD: 6}}
    assert refused(record([hand]))[0] == ["result_inconsistent"]


def test_the_opening_mark_bid_is_at_most_2_and_later_ones_one_more():
    three = {"bids": [bid("Ana", marks(3)), bid("Ben", "pass"), bid("Chen", "pass"), bid("Dee", "pass")],
             "contract": {"player": "Ana", "bid": marks(3), "trump": "sixes"}, "result": "set"}
    assert refused(record([three]))[0] == ["bid_raise_too_large"]
    assert t42.read_game(record([three], opening_mark_limit=3)).hands[0].marks == {AC: 0, BD: 3}
    jump = {"bids": [bid("Ana", marks(1)), bid("Ben", marks(3)), bid("Chen", "pass"), bid("Dee", "pass")],
            "contract": {"player": "Ben", "bid": marks(3), "trump": "sixes"}, "result": "made"}
    assert refused(record([jump]))[0] == ["bid_raise_too_large"]
    assert t42.read_game(record([jump], mark_raise_limit=2)).hands[0].marks == {AC: 0, BD: 3}


def test_t42_3_nello_when_allowed():
    nello = {"bids": [bid("Ana", "pass"), bid("Ben", "pass"), bid("Chen", marks(1)), bid("Dee", "pass")],
             "contract": {"player": "Chen", "bid": marks(1), "type": "nello"},
             "result": "made", "tricks": {AC: 0, BD: 7}}
    assert refused(record([nello]))[0] == ["contract_not_allowed"]
    assert t42.read_game(record([nello], nello=True)).hands[0].marks == {AC: 1, BD: 0}
    caught = dict(nello, result="set", tricks={AC: 1, BD: 2})
    assert t42.read_game(record([caught], nello=True)).hands[0].marks == {AC: 0, BD: 1}
    wrong = dict(nello, result="made", tricks={AC: 1, BD: 2})
    assert refused(record([wrong], nello=True))[0] == ["result_inconsistent"]
    low = copy.deepcopy(nello)
    low["bids"][2]["bid"] = 35
    low["contract"]["bid"] = 35
    assert refused(record([low], nello=True))[0] == ["bid_too_low"]


def test_all_pass_forced_bid_or_reshake():
    passes = [bid("Ana", "pass"), bid("Ben", "pass"), bid("Chen", "pass"), bid("Dee", "pass")]
    reshake = {"bids": passes, "result": "reshake"}
    got, paths = refused(record([reshake]))
    assert got == ["bid_too_low"] and paths == ["rounds[0].bids[3].bid"]
    game = t42.read_game(record([reshake], forced_bid=False))
    assert game.hands[0].marks == {AC: 0, BD: 0} and game.hands[0].contract is None
    forced = {"bids": [*passes[:3], bid("Dee", 30)], "contract": {"player": "Dee", "bid": 30, "trump": "ones"},
              "result": "made", "points": {AC: 10, BD: 32}}
    assert t42.read_game(record([forced])).hands[0].marks == {AC: 0, BD: 1}
    made_reshake = dict(T42_1[0], result="reshake")
    assert refused(record([made_reshake]))[0] == ["result_inconsistent"]


def test_a_mark_bid_is_made_only_with_all_seven_tricks():
    hand = copy.deepcopy(T42_1[1])
    hand["tricks"] = {AC: 1, BD: 6}
    got, paths = refused(record([T42_1[0], hand]))
    assert got == ["result_inconsistent"] and paths == ["rounds[1].result"]
    hand["points"] = {AC: 0, BD: 42}
    del hand["tricks"]
    assert t42.read_game(record([T42_1[0], hand])).hands[1].marks == {AC: 0, BD: 2}


def test_the_contract_is_the_winning_bid_and_names_trumps():
    wrong = hand1(contract={"player": "Ben", "bid": 30, "trump": "fives"})
    assert refused(record([wrong]))[0] == ["bad_value"]
    no_trump = hand1(contract={"player": "Chen", "bid": 31})
    assert refused(record([no_trump]))[0] == ["bad_value"]
    only_contract = {"contract": {"player": "Chen", "bid": 31, "trump": "follow_me"}, "result": "made"}
    assert t42.read_game(record([only_contract])).hands[0].marks == {AC: 1, BD: 0}


def test_tricks_and_points_must_fit_the_count_tiles():
    # play stopped after 6 tricks: 31 - 5 = 26 is no sum of count tiles (5, 10, … 35)
    hand = hand1(points={AC: 31, BD: 1}, tricks={AC: 5, BD: 1}, result="made")
    got, paths = refused(record([hand]))
    assert got == ["trick_points_total"] and paths == ["rounds[0].points.Ana+Chen"]


def test_teams_and_shaker_are_required():
    rec = record([])
    del rec["teams"]
    assert refused(rec)[0] == ["bad_value"]
    rec = record([])
    rec["players"] = ["Ana", "Ben", "Chen"]
    assert refused(rec)[0] == ["too_few_players"]
    rec = record([])
    rec["first_shaker"] = "Zoe"
    assert refused(rec)[0] == ["unknown_player"]
    rec = record([])
    rec["teams"] = [["Ana", "Ben"], ["Ana", "Dee"]]
    assert refused(rec)[0] == ["bad_value"]
    rec = record([])
    rec["teams"] = [["Ana", "Ben"], ["Chen", "Dee"]]  # side by side: a warning elsewhere, not an error
    game = t42.read_game(rec)
    assert not partners_opposite(game.seating)
    assert partners_opposite(t42.read_game(record([])).seating)


def test_presets_and_defaults():
    defaults = {k.key: k.default for k in t42.RULE_KEYS}
    assert defaults["target_marks"] == 7 and defaults["forced_bid"] is True
    assert not any(defaults[k] for k in ("nello", "plunge", "splash", "sevens"))
    lechner = t42.read_game(record([], **t42.PRESETS["lechner_hall"].rules)).rules
    assert lechner.nello and lechner.plunge and lechner.splash and lechner.sevens
    assert lechner.mark_raise_limit == 2
    assert t42.read_game(record([], **t42.PRESETS["hearne"].rules)).rules.forced_bid is False


@pytest.mark.parametrize(("n", "strokes"), [(0, (0, 0, 0)), (1, (1, 0, 0)), (3, (3, 0, 0)),
                                            (5, (3, 2, 0)), (7, (3, 2, 2)), (9, (3, 2, 2))])
def test_all_tally(n, strokes):
    assert t42.all_tally(n) == strokes


# ---------------------------------------------------------------- properties


@given(st.integers(min_value=30, max_value=41), st.integers(min_value=0, max_value=42),
       st.sampled_from(["made", "set"]))
def test_a_point_bid_is_made_exactly_when_the_bidders_take_the_bid(value, taken, result):
    hand = {"bids": [bid("Ana", value), bid("Ben", "pass"), bid("Chen", "pass"), bid("Dee", "pass")],
            "contract": {"player": "Ana", "bid": value, "trump": "sixes"}, "result": result,
            "points": {AC: taken, BD: 42 - taken}}
    if (taken >= value) == (result == "made"):
        game = t42.read_game(record([hand]))
        winner = AC if result == "made" else BD
        assert game.hands[0].marks[winner] == 1 and sum(game.hands[0].marks.values()) == 1
    else:
        assert refused(record([hand]))[0] == ["result_inconsistent"]
