"""The pip counter on seeded synthetic photos drawn in the test
(``companion.photo.synth``: the tiles drawn are the truth)."""

from __future__ import annotations

import numpy as np
import pytest

from companion.photo import synth
from companion.photo.counter import read_hand

SIZE = (1600, 1200)


@pytest.mark.parametrize("set_n", [6, 9, 12, 15, 18])
@pytest.mark.parametrize("seed", [0, 1])
def test_tiles_apart_on_a_plain_mat_are_read_exactly(set_n, seed):
    photo = synth.render(seed, set_n, "apart", size=SIZE, count=5)
    reading = read_hand(photo.image, set_n)
    assert sorted(t.name for t in reading.tiles) == sorted(photo.tiles)
    assert reading.pips == photo.pips
    assert not reading.uncertain


@pytest.mark.parametrize("style", ["ivory", "black", "coloured"])
def test_each_tile_style_is_read(style):
    photo = synth.render(3, 12, "apart", style=style, size=SIZE, count=4)
    reading = read_hand(photo.image, 12)
    assert sorted(t.name for t in reading.tiles) == sorted(photo.tiles)


def test_the_double_blank_is_a_tile_with_no_pips():
    # seed chosen so that the hand holds 0-0 (checked below, from the drawing)
    for seed in range(40):
        photo = synth.render(seed, 6, "apart", size=SIZE, count=6)
        if "0-0" in photo.tiles:
            break
    assert "0-0" in photo.tiles
    reading = read_hand(photo.image, 6)
    names = [t.name for t in reading.tiles]
    assert "0-0" in names
    assert sorted(names) == sorted(photo.tiles)


@pytest.mark.parametrize("difficulty", ["rotated", "perspective", "busy", "uneven_light"])
@pytest.mark.parametrize("set_n", [6, 12])
def test_harder_photos_are_mostly_right_and_never_silently_far_off(difficulty, set_n):
    exact = 0
    for seed in range(6):
        photo = synth.render(seed, set_n, difficulty, size=SIZE)
        reading = read_hand(photo.image, set_n)
        if reading.pips == photo.pips:
            exact += 1
        elif not reading.uncertain:
            # a wrong total that is not flagged must at least be close
            assert abs(reading.pips - photo.pips) <= set_n
    assert exact >= 4


def test_touching_tiles_are_flagged_when_not_read_right():
    flagged_touching = 0
    for seed in range(8):
        photo = synth.render(seed, 9, "touching", size=SIZE)
        reading = read_hand(photo.image, 9)
        right = sorted(t.name for t in reading.tiles) == sorted(photo.tiles)
        assert right or reading.uncertain, (seed, photo.tiles)
        flagged_touching += "touching" in reading.all_problems()
    assert flagged_touching >= 1


def test_a_half_beyond_the_set_is_a_problem():
    photo = synth.render(2, 12, "apart", style="ivory", size=SIZE, count=3)
    assert max(max(int(s) for s in t.split("-")) for t in photo.tiles) > 9
    reading = read_hand(photo.image, 9)
    assert "beyond_set" in reading.all_problems()
    assert reading.uncertain


def test_a_bare_mat_has_no_tiles():
    image = np.full((900, 1200, 3), (60, 110, 40), np.uint8)
    reading = read_hand(image, 6)
    assert reading.tiles == []
    assert reading.all_problems() == ["no_tiles"]
    assert reading.uncertain


def test_pips_are_found_where_they_were_drawn():
    photo = synth.render(5, 6, "apart", size=SIZE, count=3)
    reading = read_hand(photo.image, 6)
    for tile in reading.tiles:
        placed = min(photo.placed, key=lambda p: np.hypot(
            p.centre[0] - np.mean([c[0] for c in tile.corners]),
            p.centre[1] - np.mean([c[1] for c in tile.corners])))
        assert tile.name == placed.tile
        assert len(tile.spots) == placed.left + placed.right
        for s in tile.spots:
            # every pip lies on the tile: within half its length of its centre
            assert np.hypot(s.x - placed.centre[0], s.y - placed.centre[1]) < placed.length / 2


def test_not_a_picture_is_refused():
    with pytest.raises(ValueError):
        read_hand(np.zeros((10, 10), np.uint8))
