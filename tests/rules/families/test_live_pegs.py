"""The peg board while a hand is being played (the score pad's live board):
the plays tapped so far pegged as the saved hand will peg them, worked out by
hand from rules-families.md sections 2 and 3 (Five Up counted in fives to 61
exact, pagat; Fives and Threes' count table to 61 exact, F3-2's overshoot,
the Teesdale league's no win on the down)."""

from __future__ import annotations

import pytest

from companion.rules import RecordError
from companion.rules.families import all_fives as af
from companion.rules.families import fives_threes as f3
from companion.rules.families.pegging import Struck
from companion.rules.family_counts import live_board

FIVE_UP = {"spinners": "all", "score_unit": "fives", "target_score": 61, "exact_target": True}


def five_up_on_55_20():
    """Ann 55, Bob 20 after a blocked hand of equal pips (no bonus)."""
    return af.read_game({"kind": "all_fives", "players": ["Ann", "Bob"], "rules": FIVE_UP, "rounds": [
        {"leader": "Ann", "in_play": {"Ann": 55, "Bob": 20}, "ended": "blocked",
         "hands": {"Ann": {"pips": 10}, "Bob": {"pips": 10}}}]})


def pegs(board):
    return {p.side: (p.back, p.front) for p in board.pegs}


def test_five_up_plays_peg_in_fives_and_an_overshoot_of_61_is_struck():
    game = five_up_on_55_20()
    assert game.totals == {"Ann": 55, "Bob": 20}
    # Bob 10 = 2 fives (22); Ann 35 = 7 (62 > 61: struck, stays 55); Bob 15 = 3 (25)
    board = game.live_board({"leader": "Bob", "plays": [
        {"player": "Bob", "count": 10}, {"player": "Ann", "count": 35}, {"player": "Bob", "count": 15}]})
    assert pegs(board) == {"Ann": (0, 55), "Bob": (22, 25)}
    assert board.last is not None and (board.last.side, board.last.points) == ("Bob", 3)
    # the struck play is the board's last score after two plays
    board = game.live_board({"leader": "Bob", "plays": [
        {"player": "Bob", "count": 10}, {"player": "Ann", "count": 35}]})
    assert board.last is not None and board.last.struck is Struck.OVERSHOOT and board.last.points == 7
    assert pegs(board)["Ann"] == (0, 55)
    # Ann 30 = 6: exactly 61, pegged; the game is over, a play after it is refused
    board = game.live_board({"leader": "Bob", "plays": [
        {"player": "Bob", "count": 10}, {"player": "Ann", "count": 30}]})
    assert pegs(board)["Ann"] == (55, 61) and board.last.struck is None
    with pytest.raises(RecordError) as err:
        game.live_board({"leader": "Bob", "plays": [
            {"player": "Bob", "count": 10}, {"player": "Ann", "count": 30}, {"player": "Bob", "count": 10}]})
    assert err.value.errors[0].code == "game_finished"


def test_no_play_yet_leaves_the_board_as_saved():
    game = five_up_on_55_20()
    assert game.live_board({"leader": "Bob", "plays": []}) == game.peg_board()


def test_a_count_that_does_not_score_is_refused():
    with pytest.raises(RecordError) as err:
        five_up_on_55_20().live_board({"leader": "Bob", "plays": [{"player": "Bob", "count": 12}]})
    assert err.value.errors[0].code == "count_not_scoring"


def test_a_muggins_claim_pegs_for_the_claimer():
    game = af.read_game({"kind": "all_fives", "players": ["Ann", "Bob"],
                         "rules": {"spinners": "none", "muggins_claims": True}, "rounds": []})
    board = game.live_board({"leader": "Ann", "plays": [
        {"player": "Ann", "count": 10}, {"player": "Bob", "count": 15, "claimed_by": "Ann"}]})
    assert pegs(board) == {"Ann": (10, 25), "Bob": (0, 0)}  # points, not fives: 10 then 15 claimed


def f3_game(a_hands, **rules):
    rounds = [{"leader": "A", "in_play": {"A": n}, "ended": "blocked"} for n in a_hands]
    return f3.read_game({"kind": "fives_threes", "players": ["A", "B"], "rules": rules, "rounds": rounds})


def test_fives_and_threes_counts_peg_by_the_table_to_61_exact():
    game = f3_game([30, 28])  # A on 58 (F3-2)
    # A 6 → 2 (60); B 15 → 8; A 12 → 4 (64 > 61: struck); B 9 → 3 (11); A 5 → 1 (61)
    plays = [{"player": "A", "count": 6}, {"player": "B", "count": 15}, {"player": "A", "count": 12},
             {"player": "B", "count": 9}, {"player": "A", "count": 5}]
    board = game.live_board({"leader": "A", "plays": plays})
    assert pegs(board) == {"A": (60, 61), "B": (8, 11)}
    assert board.last is not None and (board.last.side, board.last.points, board.last.struck) == ("A", 1, None)
    three = game.live_board({"leader": "A", "plays": plays[:3]})
    assert three.last is not None and three.last.struck is Struck.OVERSHOOT and pegs(three)["A"] == (58, 60)


def test_no_win_on_the_down_strikes_a_winning_first_tile():
    game = f3_game([30, 27], no_win_on_down=True)  # A on 57; the 6-6 led counts 12 → 4: 61 on the down
    board = game.live_board({"leader": "A", "plays": [{"player": "A", "count": 12, "lead": True}]})
    assert board.last is not None and board.last.struck is Struck.ON_THE_DOWN and pegs(board)["A"] == (30, 57)


def test_the_stored_games_live_board_is_laid_out_with_the_sides_names():
    record = {"kind": "all_fives", "set": 6, "players": ["Ann", "Bob"], "rules": FIVE_UP, "rounds": [
        {"leader": "Ann", "in_play": {"Ann": 55, "Bob": 20}, "ended": "blocked",
         "hands": {"Ann": {"pips": 10}, "Bob": {"pips": 10}}}]}
    live = live_board(record, {"leader": "Bob", "plays": [{"player": "Bob", "count": 10},
                                                          {"player": "Ann", "count": 35}]})
    assert live is not None and live.board is not None
    layout = live.board
    assert [(t.side, t.front.score) for t in layout.tracks] == [("Ann", 55), ("Bob", 22)]
    assert live.sides == {"Ann": "Ann", "Bob": "Bob"} and layout.last_at == layout.tracks[0].front
    assert live.struck == (1,)  # Ann's 35: 7 fives, 62 would pass 61
    # All Fives to 250 in points: no board, the plays still pegged
    live = live_board({**record, "rules": {}, "rounds": []}, {"leader": "Ann", "plays": [{"player": "Ann", "count": 10}]})
    assert live is not None and live.board is None and live.struck == ()
    assert live_board({"kind": "texas42", "players": ["A", "B", "C", "D"]}, {}) is None  # 42 is bid
