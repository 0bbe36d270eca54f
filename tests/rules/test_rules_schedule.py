"""The round schedule: engines, starters, the deal (rules-brief.md §2)."""

import pytest

from companion.rules.schedule import engines, plan_round, rule_deal, standard_deal, starter


def test_double_12_has_13_rounds_from_12_down_to_0():
    assert engines(12) == [12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0]


def test_double_9_has_10_rounds_and_ascending_order():
    assert engines(9) == [9, 8, 7, 6, 5, 4, 3, 2, 1, 0]
    assert engines(9, "ascending") == [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]
    assert len(engines(18)) == 19


@pytest.mark.parametrize(
    "players, tiles", [(2, 16), (3, 16), (4, 15), (5, 14), (6, 12), (7, 10), (8, 9)]
)
def test_double_12_deal_from_the_seeds(players, tiles):
    assert rule_deal(12, players) == tiles


@pytest.mark.parametrize("players, tiles", [(2, 15), (3, 13), (4, 10)])
def test_double_9_deal_from_the_seeds(players, tiles):
    assert rule_deal(9, players) == tiles


def test_double_12_with_nine_or_ten_players_takes_eight():
    assert rule_deal(12, 9) == 8
    assert rule_deal(12, 10) == 8


@pytest.mark.parametrize(
    "n, players, tiles",
    [
        # the double-12 count, capped at two thirds of the tiles after the engine
        (6, 2, 9),  # 27 tiles left: 2*27 // (3*2) = 9 < 16
        (6, 4, 4),  # 54 // 12 = 4
        (9, 5, 7),  # 54 tiles left: 108 // 15 = 7 < 14
        (15, 4, 15),  # 135 left: 270 // 12 = 22, so the double-12 count 15
        (15, 12, 7),  # 270 // 36 = 7, the double-12 extension is 7 too
        (18, 8, 9),
    ],
)
def test_our_rule_for_what_the_seeds_leave_open(n, players, tiles):
    assert rule_deal(n, players) == tiles


def test_every_default_deal_fits_in_its_set():
    sizes = {6: 28, 9: 55, 12: 91, 15: 136, 18: 190}
    for n, size in sizes.items():
        for p in range(2, 13):
            assert p * rule_deal(n, p) <= size - 1, (n, p)


def test_house_draw_counts_replace_the_table():
    assert standard_deal(12, 4, {4: 12}) == 12
    assert standard_deal(12, 5, {4: 12}) == 14


def test_starter_moves_one_seat_clockwise():
    seats = ["Ana", "Ben", "Chen"]
    assert [starter(seats, "Ben", n) for n in range(1, 6)] == ["Ben", "Chen", "Ana", "Ben", "Chen"]


def test_plan_round():
    plan = plan_round(12, ["Ana", "Ben", "Chen", "Dee"], "Ana", 6)
    assert (plan.number, plan.engine, plan.starter, plan.dealt) == (6, 7, "Ben", 15)
    # 91 tiles - the engine - 4 hands of 15 = 30 in the boneyard
    assert plan.boneyard == 30
    with pytest.raises(IndexError):
        plan_round(12, ["Ana", "Ben"], "Ana", 14)
