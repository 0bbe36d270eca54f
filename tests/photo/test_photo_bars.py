"""Tile faces found and set straight by their centre bars (issue 26):
companion/photo/bars.py and companion/photo/barfaces.py. The pictures are
drawn here, so every expected value is worked out by hand from the drawing."""

from __future__ import annotations

import cv2
import numpy as np

from companion.photo.bars import centred_box
from companion.photo.counter import read_hand

# a half's pips as offsets (in steps of 55 pixels) from the half's middle
SPOTS = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
         4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
         6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}


def _touching_row(tiles: list[tuple[int, int]]) -> np.ndarray:
    """Ivory tiles 200 × 400 pixels standing in a row, long sides touching
    (only a faint grey seam between them), on a pale grey table; black bars
    and pips."""
    img = np.full((1200, 1600, 3), (205, 210, 212), np.uint8)
    x0 = 500
    for top, bottom in tiles:
        cv2.rectangle(img, (x0, 200), (x0 + 200, 600), (240, 244, 246), -1)
        cv2.line(img, (x0, 200), (x0, 600), (150, 150, 150), 2)
        cv2.rectangle(img, (x0 + 15, 396), (x0 + 185, 404), (20, 20, 20), -1)
        for half, cy in ((top, 300), (bottom, 500)):
            for dx, dy in SPOTS[half]:
                cv2.circle(img, (x0 + 100 + dx * 55, cy + dy * 55), 16, (25, 25, 25), -1, cv2.LINE_AA)
        x0 += 200
    return img


def test_a_tile_between_two_touching_tiles_is_found_by_its_bar():
    reading = read_hand(_touching_row([(3, 5), (6, 2), (4, 1)]), 6)
    # 3 + 5 + 6 + 2 + 4 + 1 = 21, worked out from the drawing
    assert sorted(t.name for t in reading.tiles) == ["4-1", "5-3", "6-2"]
    assert reading.pips == 21


def test_a_tile_found_by_its_bar_alone_is_never_given_as_sure():
    reading = read_hand(_touching_row([(3, 5), (6, 2), (4, 1)]), 6)
    middle = [t for t in reading.tiles if t.name == "6-2"]
    assert middle and "odd_shape" in middle[0].problems
    assert reading.uncertain


def test_a_face_with_its_bar_off_the_middle_is_cut_again_around_it():
    half = 96
    bar = np.zeros((half, 2 * half), bool)
    bar[10:87, 118:123] = True  # a bar 5 pixels wide centred on x = 120, rows 10..86
    box = centred_box(bar, np.eye(3), half)
    assert box is not None
    # 120 from the left end, 72 from the right: cut 72 each side of the bar
    # (x from 48 to 192); rows 10..86 are centred on 48: the full height
    assert np.allclose(box, [[48, 0], [192, 0], [192, 96], [48, 96]], atol=0.01)


def test_a_face_with_its_bar_in_the_middle_is_left_as_it_is():
    half = 96
    bar = np.zeros((half, 2 * half), bool)
    bar[10:87, 94:99] = True  # centred on x = 96: the middle
    assert centred_box(bar, np.eye(3), half) is None


def test_a_bar_touching_a_pip_and_a_shadow_is_still_a_line():
    from companion.photo.barfaces import _bar_candidates

    # a white face on a mid-grey ground, its bar 3 pixels wide running
    # down from (200, 90) to (200, 130): 41 pixels long, centred on
    # (200, 110); a round pip of radius 4 touches its side at (205, 100)
    # and the dark line of a shadow along the face's bottom meets its
    # lower end (row 131, from x = 150 to 250)
    lum = np.full((300, 800), 120, np.uint8)
    cv2.rectangle(lum, (150, 80), (250, 131), 230, -1)
    cv2.rectangle(lum, (199, 90), (201, 130), 20, -1)
    cv2.circle(lum, (205, 100), 4, 20, -1)
    cv2.line(lum, (150, 131), (250, 131), 20, 2)
    bars = [(c, u, length) for c, u, length, _dark in _bar_candidates(lum)
            if abs(c[0] - 200) < 3 and abs(c[1] - 110) < 4]
    assert bars, "the bar was not found apart from the pip and the shadow"
    _c, u, length = bars[0]
    assert abs(u[0]) < 0.1  # up and down the picture
    assert 37 <= length <= 43  # 41 pixels, give or take its rounded ends
