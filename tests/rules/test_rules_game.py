"""Reading, checking and scoring games: values worked out by hand."""

from __future__ import annotations

import copy

import pytest

from companion.rules import RecordError, read_game
from companion.rules.game import check_round
from companion.rules.scoring import rank_lowest_first

PLAYERS = ["Ana", "Ben", "Chen", "Dee"]


def record(rounds=(), **head):
    base = {"kind": "mexican_train", "set": 12, "players": list(PLAYERS), "first_starter": "Ana"}
    base.update(head)
    base["rounds"] = list(rounds)
    return base


def rnd(hands, ended="domino", **extra):
    return {"ended": ended, "hands": hands, **extra}


def four(ana, ben, chen, dee):
    return {"Ana": ana, "Ben": ben, "Chen": chen, "Dee": dee}


OK_ROUND = rnd(four({"pips": 0}, {"pips": 10}, {"pips": 20}, {"pips": 30}))


def codes(exc: RecordError) -> list[str]:
    return [p.code for p in exc.errors]


def refused(rec, confirm=False) -> RecordError:
    with pytest.raises(RecordError) as info:
        read_game(rec, confirm=confirm)
    return info.value


# ------------------------------------------------------------------ scoring


def test_design_md_example_scores():
    game = read_game(
        record(
            [
                {
                    "engine": 12,
                    "dealt": 15,
                    "ended": "domino",
                    "hands": four(
                        {"pips": 0, "tiles_left": 0},
                        {"pips": 23, "tiles_left": 3},
                        {"tiles": ["6-5", "2-1"]},  # 11 + 3 = 14
                        {"pips": 7, "double_blank": True},  # 7 + 50
                    ),
                }
            ]
        )
    )
    assert game.scores()[0] == {"Ana": 0, "Ben": 23, "Chen": 14, "Dee": 57}


def test_double_blank_at_face_value_and_at_25():
    hands = four({"pips": 0}, {"pips": 4, "double_blank": True}, {"pips": 9}, {"pips": 1})
    g0 = read_game(record([rnd(hands)], rules={"double_blank_points": 0}))
    g25 = read_game(record([rnd(hands)], rules={"double_blank_points": 25}))
    assert g0.scores()[0]["Ben"] == 4
    assert g25.scores()[0]["Ben"] == 29


def test_full_game_totals_ranks_and_winner(full_game):
    game = read_game(full_game["record"])
    exp = full_game["expected"]
    assert game.finished
    assert game.totals() == exp["totals"]
    assert [s.as_dict() for s in game.standings()] == exp["standings"]
    assert game.winners() == exp["winners"]
    assert game.scores()[0] == exp["scores_round_1"]
    assert game.scores()[2] == exp["scores_round_3"]
    assert game.scores()[7] == exp["scores_round_8"]
    assert game.running_totals()[4] == exp["totals_after_round_5"]
    derived = game.derived()
    assert [r["starter"] for r in derived["rounds"]] == exp["starters"]
    assert derived["status"] == "finished"
    assert "next_round" not in derived


def test_ties_share_a_rank():
    st = rank_lowest_first({"A": 143, "B": 143, "C": 201}, ["A", "B", "C"])
    assert [(s.player, s.rank) for s in st] == [("A", 1), ("B", 1), ("C", 3)]
    st = rank_lowest_first({"A": 50, "B": 10, "C": 10, "D": 10}, ["A", "B", "C", "D"])
    assert [(s.player, s.rank) for s in st] == [("B", 1), ("C", 1), ("D", 1), ("A", 4)]


def test_next_round_card_in_progress():
    game = read_game(record([OK_ROUND, OK_ROUND]))
    d = game.derived()
    assert d["status"] == "in_progress"
    assert d["next_round"] == {"number": 3, "engine": 10, "starter": "Chen", "dealt": 15, "boneyard": 30}


def test_game_finished_after_the_0_0_round():
    rounds = [copy.deepcopy(OK_ROUND) for _ in range(13)]
    game = read_game(record(rounds))
    assert game.finished and game.next_round() is None
    exc = refused(record(rounds + [copy.deepcopy(OK_ROUND)]))
    assert codes(exc) == ["game_finished"]
    with pytest.raises(RecordError) as info:
        check_round(game, OK_ROUND, 14)
    assert codes(info.value) == ["game_finished"]


# ------------------------------------------------------------------ the table


@pytest.mark.parametrize(
    "head, code",
    [
        ({"kind": "poker"}, "unknown_kind"),
        ({"set": 10}, "unknown_set"),
        ({"set": "12"}, "unknown_set"),
        ({"rules": {"double_blank": 50}}, "unknown_rule"),
        ({"rules": {"double_blank_points": -5}}, "bad_value"),
        ({"rules": {"engine_order": "sideways"}}, "bad_value"),
        ({"players": ["Ana"]}, "too_few_players"),
        ({"players": [f"P{i}" for i in range(13)]}, "too_many_players"),
        ({"players": ["Ana", "Ben", "ana"]}, "duplicate_player"),
        ({"players": ["Ana", ""]}, "bad_value"),
        ({"first_starter": "Zed"}, "unknown_player"),
        ({"rules": {"draw_counts": {"4": 23}}}, "deal_exceeds_set"),
    ],
)
def test_table_refusals(head, code):
    exc = refused(record(**head))
    assert code in codes(exc)


def test_unusual_player_count_is_a_warning_that_confirm_accepts():
    rec = record(set=9, players=["A", "B", "C", "D", "E"], first_starter="A")
    exc = refused(rec)
    assert exc.errors == [] and [w.code for w in exc.warnings] == ["players_outside_range"]
    game = read_game(rec, confirm=True)
    assert game.table.standard_deal() == 7


# ------------------------------------------------------------------ rounds


@pytest.mark.parametrize(
    "round_data, code, path",
    [
        (rnd(four({"pips": 0}, {"pips": 1}, {"pips": 2}, {"pips": 3}), engine=11),
         "engine_out_of_sequence", "rounds[0].engine"),
        (rnd({"Ana": {"pips": 0}, "Ben": {"pips": 1}, "Chen": {"pips": 2}}), "missing_hand",
         "rounds[0].hands.Dee"),
        (rnd({**four({"pips": 0}, {"pips": 1}, {"pips": 2}, {"pips": 3}), "Eve": {"pips": 4}}),
         "unknown_player", "rounds[0].hands.Eve"),
        (rnd(four({"pips": 5}, {"pips": 1}, {"pips": 2}, {"pips": 3})), "nobody_out",
         "rounds[0].hands"),
        (rnd(four({"pips": 0}, {"pips": 0}, {"pips": 2}, {"pips": 3})), "several_out",
         "rounds[0].hands.Ben"),
        (rnd(four({"pips": 0}, {"pips": 1}, {"pips": 2}, {"pips": 3}), ended="blocked"),
         "out_but_blocked", "rounds[0].hands.Ana"),
        (rnd(four({"pips": 0}, {"pips": -3}, {"pips": 2}, {"pips": 3})), "pips_negative",
         "rounds[0].hands.Ben.pips"),
        (rnd(four({"pips": 0}, {"pips": 2.5}, {"pips": 2}, {"pips": 3})), "bad_value",
         "rounds[0].hands.Ben.pips"),
        (rnd(four({"pips": 0}, {"pips": "7"}, {"pips": 2}, {"pips": 3})), "bad_value",
         "rounds[0].hands.Ben.pips"),
        (rnd(four({"pips": 0}, {"pips": 24, "tiles_left": 1}, {"pips": 2}, {"pips": 3})),
         "pips_infeasible", "rounds[0].hands.Ben.pips"),
        (rnd(four({"pips": 0}, {"pips": 46, "tiles_left": 2}, {"pips": 2}, {"pips": 3})),
         "pips_infeasible", "rounds[0].hands.Ben.pips"),
        (rnd(four({"pips": 0}, {"pips": 1069}, {"pips": 2}, {"pips": 3})),
         "pips_infeasible", "rounds[0].hands.Ben.pips"),
        (rnd(four({"pips": 0}, {"pips": 5, "tiles_left": 0}, {"pips": 2}, {"pips": 3})),
         "pips_infeasible", "rounds[0].hands.Ben.pips"),
        (rnd(four({"pips": 0}, {"pips": 2, "tiles_left": 3}, {"pips": 2}, {"pips": 3})),
         "pips_infeasible", "rounds[0].hands.Ben.pips"),
        (rnd(four({"pips": 0}, {"tiles": ["13-1"]}, {"pips": 2}, {"pips": 3})),
         "tiles_not_in_set", "rounds[0].hands.Ben.tiles[0]"),
        (rnd(four({"pips": 0}, {"tiles": ["6-5", "5-6"]}, {"pips": 2}, {"pips": 3})),
         "tile_repeated", "rounds[0].hands.Ben.tiles[1]"),
        (rnd(four({"pips": 0}, {"tiles": ["6-5"]}, {"tiles": ["5-6"]}, {"pips": 3})),
         "tile_repeated", "rounds[0].hands.Chen.tiles[0]"),
        (rnd(four({"pips": 0}, {"tiles": ["12-12"]}, {"pips": 2}, {"pips": 3})),
         "engine_in_hand", "rounds[0].hands.Ben.tiles[0]"),
        (rnd(four({"pips": 0}, {"pips": 1, "double_blank": True}, {"pips": 2, "double_blank": True},
                  {"pips": 3})), "double_blank_twice", "rounds[0].hands.Chen.double_blank"),
        (rnd(four({"pips": 0}, {"pips": 1}, {"pips": 2}, {"pips": 3}), dealt=23),
         "deal_exceeds_set", "rounds[0].dealt"),
        (rnd(four({"pips": 0}, {"pips": 1}, {"pips": 2}, {"pips": 3}), dealt=0),
         "bad_value", "rounds[0].dealt"),
        (rnd(four({"pips": 0}, {"pips": 1, "tiles_left": 46}, {"pips": 2}, {"pips": 3})),
         "too_many_tiles", "rounds[0].hands.Ben.tiles_left"),
        (rnd(four({"pips": 0}, {"pips": 9, "tiles": ["6-5"]}, {"pips": 2}, {"pips": 3})),
         "pips_mismatch", "rounds[0].hands.Ben.pips"),
        (rnd(four({"pips": 0}, {"pips": 1}, {"pips": 2}, {"pips": 3}), ended="walked away"),
         "bad_value", "rounds[0].ended"),
        (rnd(four({"pips": 0}, {"pips": 1, "pip": 2}, {"pips": 2}, {"pips": 3})),
         "bad_value", "rounds[0].hands.Ben.pip"),
    ],
)
def test_round_refusals(round_data, code, path):
    exc = refused(record([round_data]))
    assert (code, path) in [(p.code, p.path) for p in exc.errors]


def test_one_tile_holds_at_most_23_pips_in_the_12_12_round():
    ok = rnd(four({"pips": 0}, {"pips": 23, "tiles_left": 1}, {"pips": 44, "tiles_left": 2}, {"pips": 3}))
    game = read_game(record([ok]))
    assert game.scores()[0]["Ben"] == 23
    # two tiles hold at most 45 (12-11 and 11-11): alone, Chen's 45 is possible
    alone = rnd(four({"pips": 0}, {"pips": 20}, {"pips": 45, "tiles_left": 2}, {"pips": 3}))
    assert read_game(record([alone])).scores()[0]["Chen"] == 45
    # in the 11-11 round the 12-12 is back in play: one tile can hold 24
    ok11 = rnd(four({"pips": 1}, {"pips": 24, "tiles_left": 1}, {"pips": 0}, {"pips": 3}))
    assert read_game(record([ok, ok11])).totals()["Ben"] == 47


def test_double_blank_is_inferred_when_only_it_can_make_the_hand():
    # 0 pips with one tile left can only be the 0-0: 50 points.
    game = read_game(record([rnd(four({"pips": 0}, {"pips": 0, "tiles_left": 1}, {"pips": 2}, {"pips": 3}))]))
    assert game.scores()[0]["Ben"] == 50
    # 3 tiles with 3 pips: 0-0 + 0-1 + 0-2 (without the 0-0 three tiles hold at least 5)
    game = read_game(record([rnd(four({"pips": 0}, {"pips": 3, "tiles_left": 3}, {"pips": 2}, {"pips": 3}))]))
    assert game.rounds[0].hands["Ben"].double_blank
    assert game.scores()[0]["Ben"] == 53


def test_the_0_0_round_has_no_double_blank_in_any_hand():
    rounds = [copy.deepcopy(OK_ROUND) for _ in range(12)]
    last = rnd(four({"pips": 0}, {"pips": 4, "double_blank": True}, {"pips": 2}, {"pips": 3}))
    assert "engine_in_hand" in codes(refused(record(rounds + [last])))
    # and 0 pips with one tile cannot be a hand then: the lightest tile is 0-1
    last = rnd(four({"pips": 0}, {"pips": 0, "tiles_left": 1}, {"pips": 2}, {"pips": 3}))
    assert "pips_infeasible" in codes(refused(record(rounds + [last])))


def test_a_house_deal_is_a_warning_and_confirm_saves_it():
    data = rnd(four({"pips": 0}, {"pips": 1}, {"pips": 2}, {"pips": 3}), dealt=12)
    exc = refused(record([data]))
    assert exc.errors == [] and [w.code for w in exc.warnings] == ["deal_off_table"]
    game = read_game(record([data]), confirm=True)
    assert game.rounds[0].dealt == dict.fromkeys(PLAYERS, 12)
    assert game.rounds[0].as_dict()["dealt"] == 12


def test_deal_by_player_and_limits():
    data = rnd(four({"pips": 0}, {"pips": 1}, {"pips": 2}, {"pips": 3}), dealt={"Ana": 16})
    game = read_game(record([data]), confirm=True)
    assert game.rounds[0].dealt == {"Ana": 16, "Ben": 15, "Chen": 15, "Dee": 15}
    # 4 x 22 = 88 fits in the 90 tiles left with the engine out; 4 x 23 = 92 does not
    assert read_game(record([dict(data, dealt=22)]), confirm=True)
    assert "deal_exceeds_set" in codes(refused(record([dict(data, dealt=23)]), confirm=True))


def test_with_few_dealt_a_hand_cannot_hold_more_than_dealt_plus_boneyard():
    # double-6, 2 players, 7 dealt each: 27 - 14 = 13 in the boneyard, so 20 at most;
    # 20 tiles of the 6-6 round hold 156 - 15 = 141 pips at most (the 7 lightest hold 15)
    base = {"set": 6, "players": ["A", "B"], "first_starter": "A"}
    ok = {"ended": "domino", "dealt": 7, "hands": {"A": {"pips": 0}, "B": {"pips": 120, "tiles_left": 20}}}
    assert read_game({**base, "rounds": [ok]}, confirm=True)
    bad = copy.deepcopy(ok)
    bad["hands"]["B"]["tiles_left"] = 21
    exc = refused({**base, "rounds": [bad]}, confirm=True)
    assert codes(exc) == ["too_many_tiles"]


def test_every_problem_is_reported_at_once():
    bad = rnd(four({"pips": -1}, {"pips": "x"}, {"tiles": ["99-1"]}, {"pips": 3}), engine=3)
    exc = refused(record([bad]))
    assert set(codes(exc)) >= {"engine_out_of_sequence", "pips_negative", "bad_value", "tiles_not_in_set"}


def test_round_record_round_trips():
    game = read_game(record([OK_ROUND]))
    again = read_game(game.as_record())
    assert again.derived() == game.derived()


def test_two_hands_cannot_both_need_the_only_23_pip_tile():
    # In the 12-12 round only 12-11 holds 23 pips; 45 pips in two tiles also needs it.
    both = rnd(four({"pips": 0}, {"pips": 23, "tiles_left": 1}, {"pips": 45, "tiles_left": 2}, {"pips": 3}))
    exc = refused(record([both]))
    assert codes(exc) == ["hands_infeasible"]
    # three hands of one 21-pip tile: only 12-9 and 11-10 hold 21
    three = rnd(four({"pips": 0}, {"pips": 21, "tiles_left": 1}, {"pips": 21, "tiles_left": 1},
                     {"pips": 21, "tiles_left": 1}))
    assert codes(refused(record([three]))) == ["hands_infeasible"]
    two = rnd(four({"pips": 0}, {"pips": 21, "tiles_left": 1}, {"pips": 21, "tiles_left": 1},
                   {"pips": 20, "tiles_left": 1}))
    assert read_game(record([two]))
    # a listed tile is taken out of what the others can hold
    listed = rnd(four({"pips": 0}, {"tiles": ["12-11"]}, {"pips": 23, "tiles_left": 1}, {"pips": 3}))
    assert codes(refused(record([listed]))) == ["pips_infeasible"]


def test_joint_decision_directly():
    from companion.rules.joint.decision import IMPOSSIBLE, POSSIBLE, HandNeed, decide
    from companion.rules.tiles import Tile

    # tiles of 1, 2, 2 and 3 pips: 1-0, 2-0, 1-1, 2-1
    pool = [Tile(1, 0), Tile(2, 0), Tile(1, 1), Tile(2, 1)]
    # two hands of 2 tiles each, 3 and 5 pips: {1,2} and {2,3}
    assert decide(pool, [HandNeed(3, 2, 2), HandNeed(5, 2, 2)]).status == POSSIBLE
    # 4 and 4 in two tiles each: {1,3} and {2,2}
    assert decide(pool, [HandNeed(4, 2, 2), HandNeed(4, 2, 2)]).status == POSSIBLE
    # 3 and 3: {1,2} twice needs two tiles of 1 pip: impossible
    assert decide(pool, [HandNeed(3, 2, 2), HandNeed(3, 2, 2)]).status == IMPOSSIBLE
    # any count: 6 as {1,2,3}, with a 2 left for the other hand
    assert decide(pool, [HandNeed(6, 1, 3), HandNeed(2, 1, 2)]).status == POSSIBLE
