"""The engine's check of tiles read from a photo (companion.rules.photo_check)."""

from __future__ import annotations

from companion.rules.photo_check import check_photo_tiles


def _codes(problems):
    return [(p.path, p.code) for p in problems]


def test_a_good_hand_has_no_problem():
    assert check_photo_tiles(["12-5", "3-0", "0-0"], 12, engine=11, others={"Ben": ["6-6"]}) == []


def test_a_half_beyond_the_set():
    # a double-9 set stops at 9-9: 10-2 is no tile of it
    assert _codes(check_photo_tiles(["9-9", "10-2"], 9)) == [("tiles[1]", "tiles_not_in_set")]


def test_the_engine_double_is_in_nobody_s_hand():
    assert _codes(check_photo_tiles(["5-4", "12-12"], 12, engine=12)) == [("tiles[1]", "engine_in_hand")]


def test_a_tile_read_twice_or_held_by_another_player():
    problems = check_photo_tiles(["6-5", "5-6", "3-1"], 6, others={"Ben": ["1-3"]})
    assert _codes(problems) == [("tiles[1]", "tile_repeated"), ("tiles[2]", "tile_repeated")]
    assert "Ben" in problems[1].message


def test_tiles_on_the_page_whose_hand_is_not_named():
    problems = check_photo_tiles(["2-2"], 6, others={"": ["2-2"]})
    assert _codes(problems) == [("tiles[0]", "tile_repeated")]


def test_not_a_tile():
    assert _codes(check_photo_tiles(["five"], 6)) == [("tiles[0]", "tiles_not_in_set")]
