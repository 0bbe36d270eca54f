"""A face found shorter than it is (its box cut short at the ends) is
lengthened as far as the face's own colour goes and read again, with a
doubt. The face is drawn here: 200 × 100 pixels of ivory on a dark ground,
its bar in the middle, three pips on the left half and two on the right."""

from __future__ import annotations

import cv2
import numpy as np

from companion.photo.counter import TileReading, _lengthened, _read_face, _read_longer


def _drawn_face() -> np.ndarray:
    image = np.full((300, 400, 3), 40, np.uint8)
    cv2.rectangle(image, (100, 100), (299, 199), (235, 235, 235), -1)
    cv2.rectangle(image, (198, 110), (201, 189), (20, 20, 20), -1)
    for x, y in [(125, 125), (150, 150), (175, 175), (225, 125), (275, 175)]:
        cv2.circle(image, (x, y), 8, (20, 20, 20), -1)
    return image


def _box(x0: float, x1: float) -> np.ndarray:
    return np.array([[x0, 100], [x1, 100], [x1, 200], [x0, 200]], np.float32)


def test_a_whole_face_is_not_lengthened():
    box = _box(100, 300)
    assert _lengthened(_drawn_face(), box) is box


def test_a_face_cut_short_is_lengthened_to_its_ends():
    # the face covers pixels 100 to 299 (from 99.5 to 299.5); the box runs
    # from x 135 to 265, 130 long, so the face goes on 35.5 and 34.5 pixels
    # past its ends (27.3% and 26.5%). Strips of 4% (5.2 pixels) from 3%:
    # the first six (3.9 to 35.1 pixels out) are face, the seventh (35.1 to
    # 40.3) ground: 6 steps, and the face ends within the seventh: 6 × 4% +
    # 3% = 27% of 130 = 35.1 pixels at each end, x from 99.9 to 300.1
    longer = _lengthened(_drawn_face(), _box(135, 265))
    assert longer is not None
    assert np.allclose(longer[:, 0], [99.9, 300.1, 300.1, 99.9], atol=0.5)
    assert np.allclose(longer[:, 1], [100, 100, 200, 200], atol=0.5)


def test_a_face_cut_short_is_read_again_with_a_doubt():
    # the first pip (x 117 to 133) and the last (x 267 to 283) lie beyond
    # the short box's ends: read on it, 2-1; read whole, 3-2
    short_box = _box(135, 265)
    assert _read_face(_drawn_face(), short_box, 6).name == "2-1"
    short = TileReading((2, 1), short_box.tolist())
    tile = _read_longer(_drawn_face(), short, 6)
    assert tile.name == "3-2"
    assert "odd_shape" in tile.problems


def test_tiles_touching_end_to_end_are_not_read_as_one():
    # a second face drawn end to end with the first (x 300 to 499): the
    # face's colour goes on past the box's right end up to the picture's
    # edge, too far for one face (over 2.6 times as long as wide)
    image = np.full((300, 600, 3), 40, np.uint8)
    image[:, :400] = _drawn_face()
    cv2.rectangle(image, (300, 100), (499, 199), (235, 235, 235), -1)
    assert _lengthened(image, _box(100, 300)) is None
