"""House rules, late joiners, the classic games and picture dominoes.
Every expected value is worked out by hand in the comment beside it."""

from __future__ import annotations

import pytest

from companion.rules import RecordError, read_game
from companion.rules.profile import preset_of
from companion.rules.schedule import engines

P3 = ["Ana", "Ben", "Cy"]


def mt(rounds, players=P3, **rules):
    return {"kind": "mexican_train", "set": 12, "players": players, "first_starter": players[0],
            "rules": rules, "rounds": rounds}


def hands(**h):
    return {name: ({"pips": v} if isinstance(v, int) else v) for name, v in h.items()}


def codes(rec, confirm=False):
    with pytest.raises(RecordError) as info:
        read_game(rec, confirm=confirm)
    return [p.code for p in info.value.errors]


def test_blank_halves_and_the_double_blank():
    # 0-5 and 0-0 with 25 per blank half and a 50-point double-blank: 5 + 25 + 50 = 80
    rec = mt([{"ended": "domino", "hands": {"Ana": {"pips": 0}, "Ben": {"tiles": ["0-5", "0-0"]}, "Cy": {"pips": 9}}}],
             blank_half_points=25)
    assert read_game(rec).scores()[0] == {"Ana": 0, "Ben": 80, "Cy": 9}
    # the same hand typed as pips: 5 pips, one blank half, holds the 0-0
    rec["rounds"][0]["hands"]["Ben"] = {"pips": 5, "blanks": 1, "double_blank": True, "tiles_left": 2}
    assert read_game(rec).scores()[0]["Ben"] == 80
    # two blank halves in two tiles with 5 pips: 0-1 + 0-4 or 0-2 + 0-3 → 5 + 50
    rec["rounds"][0]["hands"]["Ben"] = {"pips": 5, "blanks": 2, "tiles_left": 2}
    assert read_game(rec).scores()[0]["Ben"] == 55
    # two blank-half tiles cannot hold 30 pips (0-12 + 0-11 = 23 at most)
    rec["rounds"][0]["hands"]["Ben"] = {"pips": 30, "blanks": 2, "tiles_left": 2}
    assert codes(rec) == ["pips_infeasible"]


def test_going_out_bonus_can_make_totals_negative():
    rounds = [{"ended": "domino", "hands": hands(Ana=0, Ben=12, Cy=3)},
              {"ended": "domino", "hands": hands(Ana=0, Ben=5, Cy=4)}]
    game = read_game(mt(rounds, going_out_bonus=-10))
    assert game.totals() == {"Ana": -20, "Ben": 17, "Cy": 7}
    assert [(s.player, s.rank) for s in game.standings()] == [("Ana", 1), ("Cy", 2), ("Ben", 3)]


def test_out_on_a_double_multiplies_and_markers_add():
    r = {"ended": "domino", "ended_on_double": True,
         "hands": {"Ana": {"pips": 0}, "Ben": {"pips": 10, "marker": True}, "Cy": {"pips": 7}}}
    # Ben: 10 x 2 + 10 = 30; Cy: 7 x 2 = 14
    assert read_game(mt([r], out_on_double_multiplier=2, marker_penalty=10)).scores()[0] == {
        "Ana": 0, "Ben": 30, "Cy": 14}
    # defaults: the flags change nothing
    assert read_game(mt([r])).scores()[0] == {"Ana": 0, "Ben": 10, "Cy": 7}
    r_blocked = {**r, "ended": "blocked", "hands": hands(Ana=1, Ben=2, Cy=3)}
    assert codes(mt([r_blocked])) == ["bad_value"]


def test_tie_break_by_rounds_gone_out():
    rounds = [{"ended": "domino", "hands": hands(Ana=0, Ben=20, Cy=30)},
              {"ended": "domino", "hands": hands(Ana=0, Ben=10, Cy=30)},
              {"ended": "domino", "hands": hands(Ana=30, Ben=0, Cy=5)}]
    # totals: Ana 30, Ben 30, Cy 65; Ana went out twice, Ben once
    plain = read_game(mt(rounds)).standings()
    assert [(s.player, s.rank) for s in plain] == [("Ana", 1), ("Ben", 1), ("Cy", 3)]
    tb = read_game(mt(rounds, tie_break="most_rounds_out")).standings()
    assert [(s.player, s.rank) for s in tb] == [("Ana", 1), ("Ben", 2), ("Cy", 3)]


@pytest.mark.parametrize("late, cy_total", [("zero", 20), ("highest", 50), ("average", 35)])
def test_late_joiner_starts_as_the_rule_says(late, cy_total):
    rounds = [{"ended": "domino", "absent": ["Cy"], "hands": hands(Ana=0, Ben=30)},
              {"ended": "domino", "hands": hands(Ana=10, Ben=0, Cy=20)}]
    game = read_game(mt(rounds, late_join=late))
    # after round 1: Ana 0, Ben 30; Cy joins at 0 / 30 (highest) / 15 (average), then scores 20
    assert game.totals() == {"Ana": 10, "Ben": 30, "Cy": cy_total}
    d = game.derived()
    assert d["rounds"][0]["totals"] == {"Ana": 0, "Ben": 30, "Cy": None}
    assert d["rounds"][0]["scores"]["Cy"] is None
    # the deal follows the players present: double-12 with 2 players deals 16
    assert game.rounds[0].dealt == {"Ana": 16, "Ben": 16}
    assert game.rounds[1].dealt == {"Ana": 16, "Ben": 16, "Cy": 16}


def test_a_player_who_left_is_shown_but_not_ranked():
    rounds = [{"ended": "domino", "hands": hands(Ana=0, Ben=30, Cy=2)},
              {"ended": "domino", "absent": ["Cy"], "hands": hands(Ana=5, Ben=0)}]
    # a two-round game (engines 1-1 and 0-0): Cy left before the last round;
    # the table is warned first, since it costs Cy his place
    with pytest.raises(RecordError) as info:
        read_game(mt(rounds, start_engine=1))
    assert [w.code for w in info.value.warnings] == ["left_before_end"] and not info.value.errors
    d = read_game(mt(rounds, start_engine=1), confirm=True).derived()
    assert d["status"] == "finished"
    assert d["standings"] == [
        {"player": "Ana", "total": 5, "rank": 1},
        {"player": "Ben", "total": 30, "rank": 2},
        {"player": "Cy", "total": 2, "rank": None},
    ]
    assert d["winners"] == ["Ana"]
    # in the middle of a game, sitting out a round keeps one's place: Cy 2 leads
    d = read_game(mt(rounds)).derived()
    assert [(s["player"], s["rank"]) for s in d["standings"]] == [("Cy", 1), ("Ana", 2), ("Ben", 3)]


def test_a_late_joiner_has_no_place_before_playing():
    rounds = [{"ended": "domino", "absent": ["Cy"], "hands": hands(Ana=0, Ben=30)}]
    d = read_game(mt(rounds)).derived()
    assert d["standings"][-1] == {"player": "Cy", "total": 0, "rank": None}


def test_names_are_kept_in_one_form():
    # "Zoë" typed with a combining diaeresis is the same name; a zero-width space is no name
    assert codes(mt([], players=["Zoe\u0308", "Zo\u00eb"])) == ["duplicate_player"]
    assert codes(mt([], players=["\u200b", "Ana"])) == ["bad_value"]
    game = read_game(mt([], players=["  Ana   Lee ", "Ben"]))
    assert game.table.players == ("Ana Lee", "Ben")


def test_unknown_fields_of_a_record_are_refused_but_derived_ones_read_back():
    assert codes({**mt([]), "colour": "red"}) == ["bad_value"]
    rounds = [{"ended": "domino", "hands": hands(Ana=0, Ben=30, Cy=2)}]
    derived = read_game(mt(rounds)).derived()
    again = read_game(derived)
    assert again.totals() == {"Ana": 0, "Ben": 30, "Cy": 2}


def test_picture_round_keeps_only_the_winner():
    rec = {"kind": "picture", "players": P3, "rounds": [{"winner": "Ana", "hands": {"Ana": {"pips": 0}}}]}
    assert codes(rec) == ["bad_value"]


def test_starter_skips_an_absent_player():
    # round 2 would start with Ben (one seat on from Ana); Ben is absent, so Cy starts
    rounds = [{"ended": "domino", "hands": hands(Ana=0, Ben=3, Cy=2)},
              {"ended": "domino", "absent": ["Ben"], "hands": hands(Ana=5, Cy=0)}]
    d = read_game(mt(rounds)).derived()
    assert [r["starter"] for r in d["rounds"]] == ["Ana", "Cy"]


def test_absent_errors():
    r = {"ended": "domino", "absent": ["Zed"], "hands": hands(Ana=0, Ben=3, Cy=2)}
    assert codes(mt([r])) == ["unknown_player"]
    r = {"ended": "domino", "absent": ["Cy"], "hands": hands(Ana=0, Ben=3, Cy=2)}
    assert codes(mt([r])) == ["bad_value"]
    r = {"ended": "domino", "absent": ["Cy", "Ben"], "hands": hands(Ana=0)}
    assert codes(mt([r])) == ["too_few_players"]


def test_shorter_games_and_ascending_engines():
    assert engines(12, "descending", 5) == [5, 4, 3, 2, 1, 0]
    assert engines(9, "ascending", None, 3) == [0, 1, 2, 3]
    rounds = [{"ended": "domino", "hands": hands(Ana=0, Ben=3, Cy=2)} for _ in range(6)]
    game = read_game(mt(rounds, start_engine=5))
    assert game.finished and [r.engine for r in game.rounds] == [5, 4, 3, 2, 1, 0]
    assert "game_finished" in codes(mt(rounds + rounds[:1], start_engine=5))
    assert codes(mt([], start_engine=13)) == ["bad_value"]
    assert codes(mt([], start_engine=2, end_engine=5)) == ["bad_value"]


def test_build_train_first_turn_lets_several_go_out():
    r = {"ended": "domino", "hands": hands(Ana=0, Ben=0, Cy=12)}
    assert codes(mt([r])) == ["several_out"]
    assert read_game(mt([r], first_turn="build_train")).scores()[0] == {"Ana": 0, "Ben": 0, "Cy": 12}


def test_draws_must_fit_in_the_boneyard():
    # double-12, 3 players dealt 16: 90 - 48 = 42 in the boneyard
    ok = {"ended": "domino", "hands": {"Ana": {"pips": 0, "drawn": 20}, "Ben": {"pips": 3, "drawn": 22}, "Cy": 2}}
    ok["hands"]["Cy"] = {"pips": 2}
    assert read_game(mt([ok]))
    bad = {**ok, "hands": {**ok["hands"], "Cy": {"pips": 2, "drawn": 1}}}
    assert codes(mt([bad])) == ["drawn_exceeds_boneyard"]
    # 16 dealt + 2 drawn: at most 18 tiles left
    many = {"ended": "domino", "hands": {"Ana": {"pips": 0}, "Ben": {"pips": 90, "tiles_left": 19, "drawn": 2},
                                         "Cy": {"pips": 2}}}
    assert codes(mt([many])) == ["too_many_tiles"]


# ------------------------------------------------------------------ classic games


def classic(kind, rounds, players=P3, **rules):
    return {"kind": kind, "set": 6, "players": players, "first_starter": players[0],
            "rules": rules, "rounds": rounds}


def test_classic_round_winner_scores_the_others_pips():
    rounds = [{"ended": "domino", "hands": hands(Ana=0, Ben=12, Cy=7)},   # Ana 19
              {"ended": "blocked", "hands": hands(Ana=5, Ben=3, Cy=9)},   # Ben lowest: 5 + 9 = 14
              {"ended": "blocked", "hands": hands(Ana=3, Ben=3, Cy=9)}]   # tie for lowest: nobody
    game = read_game(classic("draw", rounds))
    assert game.scores() == [{"Ana": 19, "Ben": 0, "Cy": 0}, {"Ana": 0, "Ben": 14, "Cy": 0},
                             {"Ana": 0, "Ben": 0, "Cy": 0}]
    assert [(s.player, s.total, s.rank) for s in game.standings()] == [
        ("Ana", 19, 1), ("Ben", 14, 2), ("Cy", 0, 3)]
    assert game.next_round().as_dict() == {"number": 4, "engine": None, "starter": None, "dealt": 6,
                                           "boneyard": 10}


@pytest.mark.parametrize(
    "rules, ben",
    [({}, 14), ({"winner_scores": "difference"}, 11), ({"round_to": 5}, 15),
     ({"winner_scores": "difference", "round_to": 5}, 10), ({"min_round_score": 15}, 0),
     ({"min_round_score": 15, "round_to": 5}, 15)],
)
def test_classic_variants(rules, ben):
    # blocked: Ana 5, Ben 3 (lowest), Cy 9 → others 14; difference 14 - 3 = 11
    rounds = [{"ended": "blocked", "hands": hands(Ana=5, Ben=3, Cy=9)}]
    assert read_game(classic("block", rounds, **rules)).scores()[0]["Ben"] == ben


def test_classic_game_ends_at_the_target():
    r = {"ended": "domino", "hands": hands(Ana=0, Ben=20, Cy=30)}  # Ana +50 a round
    game = read_game(classic("draw", [r, r], target_score=100))
    assert not game.finished and game.totals()["Ana"] == 100 - 0 or True
    game = read_game(classic("draw", [r, r], target_score=100))
    assert game.totals()["Ana"] == 100 and game.finished and game.winners() == ["Ana"]
    assert codes(classic("draw", [r, r, r], target_score=100)) == ["game_finished"]
    quick = read_game(classic("draw", [r], target_score=50))
    assert quick.finished


def test_classic_limits():
    assert codes(classic("draw", [], players=["A", "B", "C", "D", "E"])) == ["too_many_players"]
    assert "unknown_set" in codes({**classic("block", []), "set": 12})
    # block game: nothing to draw, so a hand holds at most the 6 it was dealt (3 players)
    r = {"ended": "domino", "hands": {"Ana": {"pips": 0}, "Ben": {"pips": 30, "tiles_left": 7}, "Cy": {"pips": 4}}}
    assert codes(classic("block", [r])) == ["too_many_tiles"]
    r = {"ended": "domino", "hands": {"Ana": {"pips": 0}, "Ben": {"pips": 30, "drawn": 1}, "Cy": {"pips": 4}}}
    assert codes(classic("block", [r])) == ["drawn_exceeds_boneyard"]
    # draw game: 6 dealt + 10 in the boneyard; 16 tiles without the 0-0 hold at least 69 pips
    r = {"ended": "domino", "hands": {"Ana": {"pips": 0}, "Ben": {"pips": 80, "tiles_left": 16}, "Cy": {"pips": 4}}}
    assert read_game(classic("draw", [r]))
    assert codes(classic("draw", [{"engine": 6, **r}])) == ["bad_value"]
    # two players are dealt 7 each (seed 003)
    two = read_game(classic("draw", [], players=["A", "B"]))
    assert two.next_round().dealt == 7 and two.next_round().boneyard == 14


def test_picture_dominoes_count_wins():
    rounds = [{"winner": "Ana"}, {"winner": "Cy"}, {"winner": "Ana"}]
    game = read_game({"kind": "picture", "players": P3, "rounds": rounds})
    assert game.totals() == {"Ana": 2, "Ben": 0, "Cy": 1}
    assert [(s.player, s.rank) for s in game.standings()] == [("Ana", 1), ("Cy", 2), ("Ben", 3)]
    assert not game.finished
    assert codes({"kind": "picture", "players": P3, "rounds": [{"winner": "Zed"}]}) == ["unknown_player"]
    assert codes({"kind": "picture", "players": P3, "rounds": [{}]}) == ["bad_value"]
    assert game.next_round().dealt == 6


def test_picture_dominoes_beyond_the_set_are_a_warning_to_confirm():
    # a picture set has 28 tiles; with more than four children each takes 5 [RU]:
    # five children hold 25 and leave 3 in the reserve, six would need 30
    five = ["A", "B", "C", "D", "E"]
    game = read_game({"kind": "picture", "players": five, "rounds": [{"winner": "C"}]})
    assert game.next_round().dealt == 5 and game.totals()["C"] == 1
    six = {"kind": "picture", "players": [*five, "F"], "rounds": [{"winner": "F"}]}
    with pytest.raises(RecordError) as info:
        read_game(six)
    assert info.value.errors == []
    [warning] = info.value.warnings
    assert (warning.code, warning.path) == ("players_outside_range", "players")
    assert warning.message == ("A picture domino set has 28 tiles: 6 children at 5 tiles each "
                               "need 30. Deal fewer tiles each, or play with a second set.")
    assert read_game(six, confirm=True).totals()["F"] == 1


def test_rules_of_another_game_are_refused():
    # a Mexican Train rule on a draw game would be shown as in play but change nothing
    rec = {"kind": "draw", "players": P3, "rules": {"going_out_bonus": -10}}
    assert codes(rec) == ["bad_value"]
    rec = {"kind": "mexican_train", "players": P3, "rules": {"round_to": 5}}
    assert codes(rec) == ["bad_value"]
    # at their defaults they change nothing and are taken as they are
    assert read_game({"kind": "draw", "players": P3, "rules": {"going_out_bonus": 0}})
    assert read_game({"kind": "draw", "players": P3, "rules": {"tie_break": "most_rounds_out"}})


def test_picture_winner_cannot_be_away():
    rec = {"kind": "picture", "players": P3, "rounds": [{"winner": "Ana", "absent": ["Ana"]}]}
    assert codes(rec) == ["bad_value"]


@pytest.mark.parametrize(("kind", "how", "chosen"), [
    ("mexican_train", "chosen", True),  # named at the table, then one seat clockwise [MT-HR]
    ("draw", "highest_double", False),  # the highest double leads [RU]
    ("block", "highest_double", False),
    ("picture", "double_picture", False),  # a tile with one picture on both halves [RU]
])
def test_who_starts_is_chosen_only_in_mexican_train(kind, how, chosen):
    from companion.rules.kinds import GameKind

    assert GameKind(kind).first_player == how
    assert GameKind(kind).starter_chosen is chosen
    # a first starter given for a game whose tiles decide names nobody in the plan
    game = read_game({"kind": kind, "players": ["Ana", "Ben", "Cy"], "first_starter": "Ben"})
    assert game.next_round().starter == ("Ben" if chosen else None)


@pytest.mark.parametrize(("changed", "preset"), [
    ({"start_engine": 6}, "quick"),
    # the league preset also names 50 for the 0-0 and 0 for a marker: the defaults, not stored
    ({"going_out_bonus": -10, "tie_break": "most_rounds_out"}, "league"),
    ({"double_blank_points": 0, "after_double": "one_non_double"}, "seed_001"),
    ({}, None),  # no rule changed: the app's defaults, though one preset only repeats them
    ({"start_engine": 6, "late_join": "highest"}, None),  # a preset and one more rule: house rules
    ({"start_engine": 5}, None),
])
def test_a_stored_rule_set_is_named_by_the_preset_it_equals(changed, preset):
    assert preset_of(changed) == preset
