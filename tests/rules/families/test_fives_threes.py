"""Fives and Threes: the worked examples F3-1 … F3-6 of shared/rules-families.md
section 3, every refusal code, presets, keypad, properties."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.rules.errors import RecordError
from companion.rules.families import fives_threes as f3
from companion.rules.families.pegging import ScoreKind, Struck


def play(player: str, count: int, **extra: Any) -> dict[str, Any]:
    return {"player": player, "count": count, **extra}


def record(rounds: list[dict[str, Any]], players: tuple[str, ...] = ("A", "B"), **rules: Any) -> dict[str, Any]:
    return {"kind": "fives_threes", "set": 6, "rules": rules, "players": list(players), "rounds": rounds}


def refused(rec: dict[str, Any]) -> tuple[list[str], list[str]]:
    with pytest.raises(RecordError) as excinfo:
        f3.read_game(rec)
    return excinfo.value.codes, [p.path for p in excinfo.value.errors]


# F3-1: the scoring plays of the brief's table (rows 12 and 13 score nothing)
F3_1 = {
    "leader": "A",
    "plays": [play("A", 10, lead=True, tile="5-5"), play("B", 10, tile="5-0"), play("A", 6, tile="6-5"),
              play("B", 9, tile="3-0"), play("A", 15, tile="6-6"), play("B", 18, tile="3-3"),
              play("A", 10, tile="6-4"), play("B", 6, tile="3-2"), play("A", 10, tile="4-4"),
              play("B", 12, tile="2-2"), play("A", 5, tile="4-1")],
    "ended": "domino", "out": "A",
}
F3_1_POINTS = [2, 2, 2, 3, 8, 6, 2, 2, 2, 4, 1]


def test_f3_1_points_per_play_and_the_hand_a_18_b_17():
    game = f3.read_game(record([F3_1]))
    hand = game.hands[0]
    assert [p.points for p in hand.plays] == F3_1_POINTS
    assert hand.in_play == {"A": 17, "B": 17}
    assert hand.chip_out == 1
    assert hand.scores == {"A": 18, "B": 17}
    # running totals after each play, as in the brief's A and B columns
    running = [(m.side, m.after) for m in hand.pegs if m.kind is ScoreKind.PLAY]
    assert running == [("A", 2), ("B", 2), ("A", 4), ("B", 5), ("A", 12), ("B", 11), ("A", 14),
                       ("B", 13), ("A", 16), ("B", 17), ("A", 17)]
    assert game.next_leader == "B"  # the lead passes to the left


@pytest.mark.parametrize(("count", "points"), [
    (3, 1), (5, 1), (6, 2), (9, 3), (10, 2), (12, 4), (15, 8), (18, 6), (20, 4)])
def test_the_count_table(count, points):
    assert f3.count_points(count) == points


def test_keypad_lists_exactly_the_scoring_counts():
    pad = f3.keypad(f3.FivesThreesRules())
    assert [(k.count, k.points) for k in pad.keys] == [
        (3, 1), (5, 1), (6, 2), (9, 3), (10, 2), (12, 4), (15, 8), (18, 6), (20, 4)]


def hands_to(totals: list[int]) -> list[dict[str, Any]]:
    """Hands that bring A to the sum of ``totals`` (quick in_play entries,
    blocked, so no chip-out point)."""
    return [{"leader": "A", "in_play": {"A": t}, "ended": "blocked"} for t in totals]


def test_f3_2_exact_61_a_on_58_making_12_stays_on_58():
    hand = {"leader": "A", "plays": [play("A", 12)], "ended": "blocked"}
    game = f3.read_game(record([*hands_to([30, 28]), hand]))
    assert game.totals["A"] == 58
    move = game.hands[-1].pegs[0]
    assert (move.points, move.before, move.after, move.struck) == (4, 58, 58, Struck.OVERSHOOT)
    board = game.peg_board()
    assert board.last == move
    assert [(p.back, p.front) for p in board.pegs] == [(30, 58), (0, 0)]


def test_f3_3_chip_out_counted_with_the_last_tile_59_plus_3_is_not_pegged():
    hand = {"leader": "A", "plays": [play("A", 6, last_tile=True)], "ended": "domino", "out": "A"}
    game = f3.read_game(record([*hands_to([30, 29]), hand]))
    assert game.totals["A"] == 59
    (move,) = game.hands[-1].pegs
    assert (move.points, move.struck) == (3, Struck.OVERSHOOT)
    assert not game.finished


def test_chip_out_alone_is_pegged_after_the_plays():
    hand = {"leader": "A", "plays": [play("A", 6)], "ended": "domino", "out": "A"}
    game = f3.read_game(record([*hands_to([30, 28]), hand]))
    assert game.totals["A"] == 61  # 58 + 2 = 60, then the chip-out point 61
    assert game.finished and game.winners == ("A",)


@pytest.mark.parametrize(("rule", "total"), [(False, 61), (True, 59)])
def test_f3_4_no_win_on_the_down(rule, total):
    hand = {"leader": "A", "plays": [play("A", 6, lead=True, tile="5-1")], "ended": "blocked"}
    game = f3.read_game(record([*hands_to([30, 29]), hand], no_win_on_down=rule))
    assert game.totals["A"] == total
    assert game.finished is (not rule)


def test_f3_5_score_pips_variant():
    assert f3.count_points(15, score_pips_variant=True) == 30
    assert f3.count_points(12, score_pips_variant=True) == 12
    # a two-ended line never shows 30
    hand = {"leader": "A", "plays": [play("A", 30)], "ended": "blocked"}
    assert refused(record([hand], score_pips_variant=True))[0] == ["count_impossible"]


@pytest.mark.parametrize(("event", "code"), [
    (play("A", 21), "count_impossible"),
    (play("A", 15, points=5), "points_mismatch"),
    (play("A", 6, lead=True, tile="6-6"), "lead_count_mismatch"),
    (play("A", 7), "count_not_scoring"),
    (play("A", 0), "count_not_scoring"),
    (play("A", 23), "count_impossible"),
    (play("A", 15, lead=True), "lead_count_mismatch"),
])
def test_f3_6_refusals(event, code):
    hand = {"leader": "A", "plays": [event], "ended": "blocked"}
    got, paths = refused(record([hand]))
    assert got == [code]
    assert paths[0].startswith("rounds[0].plays[0]")


def test_a_player_scores_at_most_once_per_tile_held():
    hand = {"leader": "A", "plays": [play("A", 5)] * 8, "ended": "blocked"}  # 7 tiles each
    assert refused(record([hand]))[0] == ["count_impossible"]
    hand = {"leader": "A", "in_play": {"A": 57}, "ended": "blocked"}  # at most 8 a play
    assert refused(record([hand]))[0] == ["count_impossible"]


def test_chip_out_bonus_only_by_domino():
    typed = [{"kind": "chip_out", "player": "A", "points": 1}]
    blocked = {"leader": "A", "plays": [], "ended": "blocked", "bonuses": typed}
    assert refused(record([blocked]))[0] == ["bonus_not_allowed"]
    domino = dict(F3_1, bonuses=typed)
    assert f3.read_game(record([domino])).hands[0].scores["A"] == 18
    wrong = dict(F3_1, bonuses=[{"kind": "chip_out", "player": "A", "points": 2}])
    assert refused(record([wrong]))[0] == ["points_mismatch"]
    leek = dict(F3_1, bonuses=typed)
    assert refused(record([leek], chip_out_point=0))[0] == ["bonus_not_allowed"]
    assert f3.read_game(record([F3_1], chip_out_point=0)).hands[0].scores["A"] == 17


PAIRS = ("A", "B", "C", "D")


def pairs(rounds: list[dict[str, Any]], **rules: Any) -> dict[str, Any]:
    rec = record(rounds, PAIRS, **rules)
    rec["teams"] = [["A", "C"], ["B", "D"]]
    return rec


def test_pairs_chip_out_needs_both_partners_out():
    hand = {"leader": "A", "plays": [play("A", 10), play("B", 5)], "ended": "domino", "out": ["A", "C"]}
    game = f3.read_game(pairs([hand]))
    assert game.hands[0].scores == {"A+C": 3, "B+D": 1}
    one = dict(hand, out="A")
    assert refused(pairs([one]))[0] == ["bad_value"]
    typed = {"leader": "A", "plays": [], "ended": "blocked", "out": "A",
             "bonuses": [{"kind": "chip_out", "team": "A+C", "points": 1}]}
    assert refused(pairs([typed]))[0] == ["bonus_not_allowed"]
    assert refused(pairs([dict(hand, out=["A", "B"])]))[0] == ["several_out"]


def test_knock_bonus_only_when_the_table_plays_it():
    knock = [{"kind": "knock", "player": "B", "points": 1}]
    hand = {"leader": "A", "plays": [], "ended": "blocked", "bonuses": knock}
    assert refused(record([hand]))[0] == ["bonus_not_allowed"]
    assert f3.read_game(record([hand], knock_bonus=1)).hands[0].scores == {"A": 0, "B": 1}
    hand["bonuses"] = [{"kind": "knock", "player": "B", "points": 2}]
    assert refused(record([hand], knock_bonus=1))[0] == ["points_mismatch"]  # one knock, two players


@pytest.mark.parametrize(("change", "code"), [
    ({"out": None}, "nobody_out"),
    ({"out": ["A", "B"]}, "several_out"),
    ({"ended": "blocked"}, "out_but_blocked"),
])
def test_hand_end_refusals(change, code):
    hand = {k: v for k, v in {**F3_1, **change}.items() if v is not None}
    assert refused(record([hand]))[0] == [code]


def test_no_hand_after_the_game_and_no_play_after_61():
    hand = {"leader": "A", "plays": [play("A", 6), play("B", 5)], "ended": "domino", "out": "A"}
    got, paths = refused(record([*hands_to([30, 29]), hand]))
    assert got == ["game_finished"] and paths == ["rounds[2].plays[1]"]
    win = {"leader": "A", "plays": [play("A", 6)], "ended": "target"}
    game = f3.read_game(record([*hands_to([30, 29]), win]))
    assert game.finished and game.next_leader is None
    with pytest.raises(RecordError) as excinfo:
        game.add_hand({"leader": "B", "plays": [], "ended": "blocked"})
    assert excinfo.value.codes == ["game_finished"]


def test_presets():
    assert f3.read_game(record([], **f3.PRESETS["twice_round"].rules)).target == 121
    leek = f3.read_game(record([], **f3.PRESETS["leek"].rules)).rules
    assert leek.chip_out_point == 0 and leek.no_win_on_down
    assert f3.FivesThreesRules().deal() == {2: 7, 3: 5, 4: 5}
    assert f3.read_game(record([], **f3.PRESETS["teesdale"].rules)).rules.deal() == {2: 9, 3: 5, 4: 6}
    defaults = {k.key: k.default for k in f3.RULE_KEYS}
    assert defaults["target_score"] == 61 and defaults["exact_target"] is True
    assert defaults["chip_out_point"] == 1 and defaults["no_win_on_down"] is False


def test_ties_share_a_rank():
    game = f3.read_game(record([{"leader": "A", "in_play": {"A": 4, "B": 4}, "ended": "blocked"}]))
    assert [s.rank for s in game.standings()] == [1, 1]


@pytest.mark.parametrize(("fmt", "won", "points"), [
    ("solihull", {"Red": 5, "Blue": 4}, {"Red": 3, "Blue": 1}),
    ("solihull", {"Red": 6, "Blue": 3}, {"Red": 3, "Blue": 0}),
    ("leek", {"Red": 4, "Blue": 2}, {"Red": 6, "Blue": 2}),
])
def test_league_points_of_a_match(fmt, won, points):
    assert f3.league_points(f3.MATCH_FORMATS[fmt], won) == points


# ---------------------------------------------------------------- properties


@given(st.integers(min_value=0, max_value=22))
def test_points_are_the_thirds_plus_the_fifths(count):
    expected = (count // 3 if count % 3 == 0 else 0) + (count // 5 if count % 5 == 0 else 0)
    assert f3.count_points(count) == expected


@given(st.lists(st.sampled_from([3, 5, 6, 9, 10, 12, 15, 18, 20]), max_size=14))
def test_an_exact_total_never_passes_61(counts):
    plays = [play("A" if i % 2 == 0 else "B", c) for i, c in enumerate(counts)]
    hand = {"leader": "A", "plays": plays, "ended": "blocked"}
    try:
        game = f3.read_game(record([hand]))
    except RecordError as e:  # a play after 61 was reached
        assert e.codes == ["game_finished"]
        return
    assert all(t <= 61 for t in game.totals.values())
    for m in game.hands[0].pegs:
        assert m.after == (m.before if m.struck else m.before + m.points)
