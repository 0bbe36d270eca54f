"""The centre bar of a tile face, and the face set straight around it
(a step of :mod:`companion.photo.counter`).

Every maker draws the bar across the middle of the face: as far from one end
as from the other, and its middle as far from one long side as from the
other. A face found with a strip of the tile's side or of its shadow along
it (a photo at a slant shows the tile's thickness), or cut a little wrong
from a row of touching tiles, has its bar off the middle: the face is then
cut again, the same distance on each side of the bar.
"""

from __future__ import annotations

import cv2
import numpy as np


def find_bar(dist: np.ndarray, level: float, rim: int, half: int, widest: float = 0.16) -> np.ndarray | None:
    """The centre bar's pixels in a face turned square, or ``None`` when there is
    none: a thin line across the face (at least 3.5 times as long as wide,
    as long as a third of the face's width, slanted by at most 35° when the
    face's corners were found at a slant), the nearest to the middle. The
    bar is often lighter than the pips: looked for with a lower level.

    :param dist: each pixel's distance from the face's colour, float (half, 2·half).
    :param level: the distance above which a pixel is a pip.
    :param rim: rows left out at the top and bottom, in pixels.
    :param half: a half's side, in pixels (the face is half × 2·half).
    :param widest: the widest bar, as a share of ``half`` (a small face
        blurred shows its bar wider; the seam between two touching tiles is
        wide too).
    :return: a boolean mask of the bar, shaped like ``dist``.
    """
    S = half
    low = (dist > 0.7 * level).astype(np.uint8)
    low[:rim, :] = 0
    low[-rim:, :] = 0
    n, labels, stats, cents = cv2.connectedComponentsWithStats(low, connectivity=8)
    bar = None
    best = 0.0
    for i in range(1, n):
        x, y, cw, ch, area = stats[i]
        if ch < 0.3 * S or not 0.65 * S < cents[i][0] < 1.35 * S or area < 0.01 * S * S:
            continue
        pts = np.column_stack(np.nonzero(labels[y:y + ch, x:x + cw] == i)).astype(np.float32)
        (_, _), (a, b), _angle = cv2.minAreaRect(pts[:, ::-1])
        length, width = max(a, b), max(1.0, min(a, b))
        if length < 0.35 * S or width > widest * S or length / width < 3.5:
            continue
        if ch < 0.8 * length:  # more across than along: slanted beyond 35°
            continue
        closeness = -abs(cents[i][0] - S)
        if bar is None or closeness > best:
            bar, best = i, closeness
    return None if bar is None else labels == bar


def dark_bar(patch: np.ndarray, rim: int, half: int) -> np.ndarray | None:
    """The centre bar found by its darkness alone, for a face whose bar
    touches its pips in the colour distance (large coloured pips drawn close
    to the bar, a double-12): the bar is near black, red or blue pips are
    only darker than the face, yellow ones hardly.

    :param patch: the face turned square, BGR ``uint8`` (half × 2·half).
    :param rim: rows left out at the top and bottom, in pixels.
    :param half: a half's side, in pixels.
    :return: a boolean mask of the bar shaped like the face, or ``None``.
    """
    lum = cv2.cvtColor(patch, cv2.COLOR_BGR2LAB)[..., 0].astype(np.float32)
    face = float(np.percentile(lum[rim:-rim:2, ::2], 60))
    if face < 100:
        return None  # a dark face: its bar is light
    darkness = cv2.GaussianBlur(face - lum, (0, 0), 1.0)
    # a pixel of the bar: darker than two thirds of the face's lightness
    # below it (find_bar takes 0.7 of the level given)
    return find_bar(darkness, (0.65 * face) / 0.7, rim, half)


def centred_box(bar: np.ndarray, inv: np.ndarray, half: int) -> np.ndarray | None:
    """The face cut again around its bar, in pixels of the picture, when the
    bar lies clearly off the middle; ``None`` when it lies in the middle (or
    too near an end for the face to be one).

    :param bar: the bar's mask in the face turned square (half × 2·half).
    :param inv: the transform from the face turned square back to the picture (3 × 3).
    :param half: a half's side, in pixels.
    :return: the four corners (4 × 2 float32), ``box[0]→box[1]`` along the long side.
    """
    S = float(half)
    ys, xs = np.nonzero(bar)
    x_mid = float(np.mean(xs))
    top, bottom = float(ys.min()), float(ys.max())
    # the bar stops short of the long sides by the same amount each side;
    # a bar cut by the rim (rows left out) tells nothing about the width
    y_mid = (top + bottom) / 2 if top > 0.08 * S and bottom < 0.92 * S else S / 2
    along = min(x_mid, 2 * S - x_mid)
    across = min(y_mid, S - y_mid)
    if along < 0.6 * S or across < 0.35 * S:
        return None
    if along > 0.93 * S and across > 0.44 * S:
        return None
    corners = np.array([[x_mid - along, y_mid - across], [x_mid + along, y_mid - across],
                        [x_mid + along, y_mid + across], [x_mid - along, y_mid + across]], np.float32)
    back = cv2.perspectiveTransform(corners.reshape(-1, 1, 2), inv).reshape(4, 2)
    return back.astype(np.float32)
