"""The ground taken in at the corners of a face's box (companion.photo.pips.ground),
on faces drawn here, 192 × 96 pixels."""

from __future__ import annotations

import cv2
import numpy as np

from companion.photo.pips import difference, ground


def test_a_spot_inside_a_corner_that_does_not_reach_the_edge_is_no_ground():
    # a spot two pixels from the corner (rows and columns 1 to 2) and a strip
    # on the top edge away from the corners: no ground of the corner's colour
    # is on the edge (this once failed taking the colour of nothing)
    patch = np.full((96, 192, 3), 235, np.uint8)
    dist = np.zeros((96, 192), np.float32)
    dist[1:3, 1:3] = 100.0
    dist[0, 50:151] = 100.0
    assert not ground(patch, dist, 22.0).any()


def test_a_dark_wedge_in_a_corner_is_ground_and_a_pip_beside_it_is_not():
    # an ivory face with the black cloth in its top-left corner (the
    # triangle x + y < 12) and an orange pip of radius 9 at (13, 13), whose
    # edge comes within a pixel of the wedge's (x + y = 13.3 at the nearest):
    # one spot unlike the face; the wedge is ground, the pip is not
    patch = np.full((96, 192, 3), 235, np.uint8)
    yy, xx = np.mgrid[0:96, 0:192]
    wedge = xx + yy < 12
    patch[wedge] = (20, 20, 20)
    pip = (xx - 13) ** 2 + (yy - 13) ** 2 <= 81
    patch[pip] = (0, 165, 255)  # orange, BGR
    dist, level = difference(patch)
    _n, labels = cv2.connectedComponents((dist > level).astype(np.uint8), connectivity=8)
    assert labels[0, 0] == labels[13, 13]  # joined in one spot
    found = ground(patch, dist, level)
    assert found[0, 0] and found[5, 5]
    assert not found[pip].any()
