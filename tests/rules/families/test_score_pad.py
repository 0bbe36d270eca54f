"""The score pad and the peg board's layout (rules-families.md sections 2 and
3): the keypads the brief lists, the order of turns, the hand the pad sends,
the holes and pegs of a 61-hole board with a struck overshoot (F3-2)."""

from __future__ import annotations

import json

from companion.rules.errors import RecordError
from companion.rules.families import all_fives as af
from companion.rules.families import fives_threes as f3
from companion.rules.families.pegging import Struck
from companion.rules.families.score_pad import (
    PER_ROW,
    board_layout,
    pad_field_errors,
    pad_of,
    read_pad_hand,
)


def af_game(players=("Ann", "Bob"), **rules):
    return af.read_game({"kind": "all_fives", "players": list(players), "rules": rules, "rounds": []})


def test_all_fives_pad_offers_5_to_35_and_asks_the_pips():
    pad = pad_of(af_game(), af.keypad(af_game().rules))
    assert [k.count for k in pad.keys] == [5, 10, 15, 20, 25, 30, 35]  # one spinner: 35 at most
    assert [k.points for k in pad.keys] == [5, 10, 15, 20, 25, 30, 35]
    assert pad.pips and not pad.muggins and pad.leader is None and pad.order == ("Ann", "Bob")
    fives = af_game(score_unit="fives", muggins_claims=True)
    pad = pad_of(fives, af.keypad(fives.rules))
    assert [k.points for k in pad.keys] == [1, 2, 3, 4, 5, 6, 7] and pad.muggins and pad.unit_fives


def test_fives_and_threes_pad_offers_the_nine_counts_with_their_points():
    game = f3.read_game({"kind": "fives_threes", "players": ["A", "B", "C", "D"],
                         "teams": [["A", "C"], ["B", "D"]], "rules": {"direction": "counterclockwise"},
                         "rounds": []})
    pad = pad_of(game, f3.keypad(game.rules))
    # the brief's table: 3→1, 5→1, 6→2, 9→3, 10→2, 12→4, 15→8, 18→6, 20→4
    assert [(k.count, k.points) for k in pad.keys] == [
        (3, 1), (5, 1), (6, 2), (9, 3), (10, 2), (12, 4), (15, 8), (18, 6), (20, 4)]
    assert not pad.pips and pad.several_out
    assert pad.order == ("A", "D", "C", "B")  # the other way round the table


def test_the_pads_hand_is_read_as_a_round():
    text = json.dumps({"leader": "Ann", "plays": [{"player": "Ann", "count": 10, "x": 1}],
                       "ended": "domino", "out": ["Ann"], "hands": {"Bob": {"pips": 8}, "Ann": {"pips": ""},
                                                                    "Zed": {"pips": 3}}})
    hand, problems = read_pad_hand(text, ["Ann", "Bob"])
    assert not problems.errors
    assert hand == {"leader": "Ann", "plays": [{"player": "Ann", "count": 10}], "ended": "domino",
                    "out": "Ann", "hands": {"Bob": {"pips": 8}}}
    assert [p.code for p in read_pad_hand("{", ["Ann"])[1].errors] == ["bad_value"]


def test_a_61_board_places_pegs_and_keeps_the_struck_score():
    # F3-2: A on 58 makes 12 (4 points): 62 would pass 61, A stays on 58
    rounds = [{"leader": "A", "in_play": {"A": 30}, "ended": "blocked"},
              {"leader": "A", "in_play": {"A": 28}, "ended": "blocked"},
              {"leader": "A", "plays": [{"player": "A", "count": 12}], "ended": "blocked"}]
    game = f3.read_game({"kind": "fives_threes", "players": ["A", "B"], "rules": {}, "rounds": rounds})
    layout = board_layout(game.peg_board())
    assert layout is not None and layout.target == 61
    a, b = layout.tracks
    assert len(a.holes) == 62 and (a.back.score, a.front.score) == (30, 58)
    assert (b.back.score, b.front.score) == (0, 0)
    # hole 31 starts the second row, right under hole 1; 61 the third
    assert a.holes[31].x == a.holes[1].x and a.holes[31].y > a.holes[1].y
    assert a.holes[61].y > a.holes[31].y and PER_ROW == 30
    assert layout.last is not None and layout.last.struck is Struck.OVERSHOOT and layout.last_at == a.front
    assert b.holes[1].y > a.holes[61].y  # B's track below A's


def test_no_board_for_a_game_to_250():
    game = af_game()
    assert board_layout(game.peg_board()) is None


# ---------------------------------------------------------------- Texas 42's hand form


def t42_game(rounds=(), **rules):
    from companion.rules.families import texas42 as t42
    return t42.read_game({"kind": "texas42", "players": ["Ana", "Ben", "Chen", "Dee"],
                          "teams": [["Ana", "Chen"], ["Ben", "Dee"]], "first_shaker": "Dee",
                          "rules": rules, "rounds": list(rounds)})


def test_the_42_form_bids_from_the_shakers_left_and_the_contract_is_the_highest_bid():
    from companion.rules.families.bid_pad import bid_pad, read_bid_form
    pad = bid_pad(t42_game())
    assert pad is not None and pad.shaker == "Dee" and pad.order == ("Ana", "Ben", "Chen", "Dee")
    assert pad.bids[:3] == ("pass", "30", "31") and "41" in pad.bids and "m2" in pad.bids
    assert pad.types == ("normal",)  # special contracts only when the table turns them on
    assert bid_pad(t42_game(nello=True)).types == ("normal", "nello")
    # T42-1, hand 1: Ana pass, Ben 30, Chen 31, Dee pass; Chen 31 in fives, set, 30 and 12
    form = {"bid-0": "pass", "bid-1": "30", "bid-2": "31", "bid-3": "pass", "trump": "fives",
            "result": "set", "points-Ana+Chen": "30", "points-Ben+Dee": "12"}
    hand, problems = read_bid_form(form, pad)
    assert not problems.errors
    assert hand["contract"] == {"player": "Chen", "bid": 31, "trump": "fives", "type": "normal"}
    game = t42_game([hand])
    assert game.hands[0].marks == {"Ana+Chen": 0, "Ben+Dee": 1}
    # hand 2: Ben 2 marks, then all pass: Ben's contract in marks
    hand2, _ = read_bid_form({"bid-0": "m2", "trump": "sixes", "result": "made"}, bid_pad(game))
    assert hand2["contract"]["player"] == "Ben" and hand2["contract"]["bid"] == {"marks": 2}
    assert [(b["player"], b["bid"]) for b in hand2["bids"]][1:] == [("Chen", "pass"), ("Dee", "pass"),
                                                                    ("Ana", "pass")]


def test_marks_drawn_as_the_strokes_of_all():
    from companion.rules.families.bid_pad import tally_strokes
    assert tally_strokes(1) == (("A", 1), ("L", 0), ("L", 0))
    assert tally_strokes(5) == (("A", 3), ("L", 2), ("L", 0))
    assert tally_strokes(7) == (("A", 3), ("L", 2), ("L", 2))


def test_past_seven_marks_another_all_is_started():
    from companion.rules.families.bid_pad import tally_words
    empty, whole = (("A", 0), ("L", 0), ("L", 0)), (("A", 3), ("L", 2), ("L", 2))
    assert tally_words(0) == (empty,)
    assert tally_words(7) == (whole,)
    # 10 marks (a table playing to 14): one ALL and the three strokes of the next A
    assert tally_words(10) == (whole, (("A", 3), ("L", 0), ("L", 0)))
    assert tally_words(14) == (whole, whole)


def test_a_saved_42_hand_read_back_into_its_form():
    from companion.rules.families.bid_pad import bid_pad, form_of_hand, read_bid_form
    # T42-1, hands 1 and 2 saved; hand 2 read back as Ana shook it: Ben bids first
    hand1 = {"bids": [{"player": "Ana", "bid": "pass"}, {"player": "Ben", "bid": 30},
                      {"player": "Chen", "bid": 31}, {"player": "Dee", "bid": "pass"}],
             "contract": {"player": "Chen", "bid": 31, "trump": "fives", "type": "normal"},
             "result": "set", "points": {"Ana+Chen": 30, "Ben+Dee": 12}}
    # hand 2 kept with only the winning bid (the brief allows it): the others passed
    hand2 = {"contract": {"player": "Ben", "bid": {"marks": 2}, "trump": "sixes", "type": "normal"},
             "result": "made"}
    game = t42_game([hand1, hand2])
    pad = bid_pad(game, 2)
    assert pad is not None and pad.shaker == "Ana" and pad.order == ("Ben", "Chen", "Dee", "Ana")
    assert form_of_hand(hand2, pad) == {"bid-0": "m2", "bid-1": "pass", "bid-2": "pass", "bid-3": "pass",
                                        "trump": "sixes", "type": "normal", "result": "made"}
    pad1 = bid_pad(game, 1)
    form = form_of_hand(hand1, pad1)
    assert form["bid-1"] == "30" and form["points-Ben+Dee"] == "12"
    again, problems = read_bid_form(form, pad1)  # the form read back gives the hand saved
    assert not problems.errors and again == hand1


def test_the_42_form_refuses_digits_that_are_not_0_to_9():
    from companion.rules.families.bid_pad import bid_pad, read_bid_form
    pad = bid_pad(t42_game())
    _, problems = read_bid_form({"bid-0": "²", "bid-1": "m²", "points-Ana+Chen": "³", "result": "set"}, pad)
    assert [(p.path, p.code) for p in problems.errors] == [
        ("bids[0].bid", "bad_value"), ("bids[1].bid", "bad_value"), ("points.Ana+Chen", "bad_value")]


def _refusals(players, hand):
    try:
        af.read_game({"kind": "all_fives", "players": list(players), "rules": {}, "rounds": [hand]})
    except RecordError as e:
        return e.errors
    raise AssertionError("the hand was accepted")


def test_the_refusals_go_beside_their_boxes():
    players = ("Dr. Lee", "Bob")  # a name with a dot in it is still one box
    # 7 made during play is no multiple of five (AF-7's rule), and both pips are missing in a block
    errors = _refusals(players, {"leader": "Bob", "in_play": {"Dr. Lee": 7, "Bob": 0}, "ended": "blocked"})
    fields, rest = pad_field_errors(errors, players)
    missing = "A blocked hand is won by the fewest pips: give the pips of Dr. Lee, Bob."
    assert fields == {"in_play:Dr. Lee": ["Scores made during play are multiples of five: 7 is not."],
                      "pips:Dr. Lee": [missing], "pips:Bob": [missing]}
    assert rest == []
    # -5 pips go to that player's box
    out = {"leader": "Bob", "plays": [{"player": "Bob", "count": 10}], "ended": "domino", "out": "Bob"}
    errors = _refusals(players, out | {"hands": {"Dr. Lee": {"pips": -5}}})
    assert pad_field_errors(errors, players) == ({"pips:Dr. Lee": ["Pips cannot be negative."]}, [])
    # a count of 40 with one spinner (AF-7) is about the plays: above the pad
    errors = _refusals(players, out | {"plays": [{"player": "Bob", "count": 40}], "hands": {"Dr. Lee": {"pips": 5}}})
    fields, rest = pad_field_errors(errors, players)
    assert fields == {} and len(rest) == 1 and "40" in rest[0]
