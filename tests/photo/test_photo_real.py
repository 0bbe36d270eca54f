"""The pip counter on a handful of real photos (``tests/fixtures/photos``,
licences beside them). The expected totals are the hand-checked ground truth
of the development set, worked out from each photo's tiles, never what the
reader returned."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.photo import intake
from companion.photo.counter import read_hand

PHOTOS = Path(__file__).parents[1] / "fixtures" / "photos"

# photo: (set, tiles seen face up, each as its two halves)
TRUTH: dict[str, tuple[int, list[tuple[int, int]]]] = {
    "jr_test_11.jpg": (6, [(3, 4)]),  # 3 + 4 = 7
    "jr_T-3-NC-S.jpg": (6, [(0, 4), (2, 3), (2, 6)]),  # 4 + 5 + 8 = 17
    "jr_P-7-NC.jpg": (6, [(0, 5), (3, 6), (0, 4), (2, 3), (2, 6), (2, 4), (1, 3)]),  # 5+9+4+5+8+6+4 = 41
    "jr_G-7-NC-F.jpg": (6, []),  # face down: 0
    "jes_IMG_0648.JPG": (12, [(7, 12)]),  # 19
    "jr_P-3-NC-S.jpg": (6, [(6, 3), (3, 1)]),  # 9 + 4 = 13 (the 6-3 stands on its edge)
    "evw_dominoes.png": (12, [(0, 1), (2, 3), (4, 5), (6, 7), (8, 9), (10, 11), (12, 12)]),  # 1+5+9+13+17+21+24 = 90
    "jr_G-3-NC.jpg": (6, [(3, 6), (0, 4), (2, 6)]),  # 9 + 4 + 8 = 21
    "jr_P-3-NC.jpg": (6, [(3, 6), (2, 3), (1, 3)]),  # 9 + 5 + 4 = 18 (all three stand on their edges)
}
TOTALS = {"jr_test_11.jpg": 7, "jr_T-3-NC-S.jpg": 17, "jr_P-7-NC.jpg": 41, "jr_G-7-NC-F.jpg": 0,
          "jes_IMG_0648.JPG": 19, "jr_P-3-NC-S.jpg": 13, "evw_dominoes.png": 90, "jr_G-3-NC.jpg": 21,
          "jr_P-3-NC.jpg": 18}


def _read(name: str):
    photo = intake.read_photo((PHOTOS / name).read_bytes())
    return read_hand(photo.image, TRUTH[name][0])


def test_the_totals_written_here_are_the_tiles_sums():
    for name, (_set, tiles) in TRUTH.items():
        assert sum(a + b for a, b in tiles) == TOTALS[name]


@pytest.mark.parametrize("name", ["jr_test_11.jpg", "jr_T-3-NC-S.jpg", "jr_P-7-NC.jpg"])
def test_real_photos_of_flat_tiles_are_counted_exactly(name):
    reading = _read(name)
    assert reading.pips == TOTALS[name]
    assert len(reading.tiles) == len(TRUTH[name][1])


def test_a_single_tile_close_up_is_read_tile_by_tile():
    reading = _read("jr_test_11.jpg")
    assert [t.name for t in reading.tiles] == ["4-3"]


def test_tiles_face_down_count_nothing():
    reading = _read("jr_G-7-NC-F.jpg")
    assert reading.pips == 0
    assert reading.tiles == []
    assert reading.uncertain


@pytest.mark.parametrize("name", sorted(TRUTH))
def test_a_wrong_total_on_a_real_photo_is_never_given_as_sure(name):
    reading = _read(name)
    names = sorted(t.name for t in reading.tiles)
    truth = sorted(f"{max(a, b)}-{min(a, b)}" for a, b in TRUTH[name][1])
    if reading.pips != TOTALS[name] or names != truth:
        assert reading.uncertain, (name, names, reading.pips)


def test_a_double_12_tile_with_large_coloured_pips_is_read():
    # twelve red pips in three rows of four, touching each other and the
    # bar; seven yellow ones: 12 + 7 = 19
    reading = _read("jes_IMG_0648.JPG")
    assert [t.name for t in reading.tiles] == ["12-7"]
    assert reading.pips == 19


def test_a_tile_standing_on_its_edge_is_read_and_flagged():
    # the 6-3 stands facing the camera (its lit top above it, its shadow
    # below), the 3-1 lies flat, the third tile is face down: 9 + 4 = 13
    reading = _read("jr_P-3-NC-S.jpg")
    assert sorted(t.name for t in reading.tiles) == ["3-1", "6-3"]
    assert reading.pips == 13
    standing = next(t for t in reading.tiles if t.name == "6-3")
    assert "odd_shape" in standing.problems  # found by its bar: its outline was not seen


def test_standing_tiles_are_found_by_bars_touching_their_pips():
    # three tiles standing on their edges facing the camera, each in the
    # shade of its own lit top: only their bars show them; the middle
    # one's bar touches a pip of its 2 (it was missed): 9 + 5 + 4 = 18
    reading = _read("jr_P-3-NC.jpg")
    assert sorted(t.name for t in reading.tiles) == ["3-1", "3-2", "6-3"]
    assert reading.pips == 18
    assert reading.uncertain  # found by their bars: their outlines were not seen


def test_a_pip_in_a_rounded_corner_is_not_counted_with_the_ground_beside_it():
    # seven double-12 tiles on a black ground; the 11-10's orange pip in its
    # corner touches the black ground inside the face's box, and the pair
    # used to be counted as two pips (11-11, not flagged): 1+5+9+13+17+21+24
    reading = _read("evw_dominoes.png")
    assert sorted(t.name for t in reading.tiles) == ["1-0", "11-10", "12-12", "3-2", "5-4", "7-6", "9-8"]
    assert reading.pips == 90


def test_small_tiles_on_a_green_sheet_are_read_tile_by_tile():
    # the 6-2 was read as 5-2 before the ground in the corners of its box was told from its pips
    reading = _read("jr_G-3-NC.jpg")
    assert sorted(t.name for t in reading.tiles) == ["4-0", "6-2", "6-3"]
    assert reading.pips == 21
