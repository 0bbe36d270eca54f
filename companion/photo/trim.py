"""A face's own colour, and a face found by its bar cut down to its own
colour (steps of :mod:`companion.photo.counter`).

A face found by its centre bar (:mod:`companion.photo.barfaces`) is first a
guess: as wide as the bar is long, twice as long. A tile standing on its
edge and seen from above at a slant shows a shorter face than that, with the
tile's top (lit, white) above it and its shadow below; a tile in a row shows
its neighbours' faces. The guess is cut down to the part of the face's own
colour around the bar, the same on each side of it (every maker draws the
bar across the middle).
"""

from __future__ import annotations

import cv2
import numpy as np

_S = 48
"""A half of the face is looked at as a _S × _S square when cutting it down."""

_WIDER = 1.0
"""The guessed face is looked at this many times larger, then cut down."""


def face_colour(lab: np.ndarray) -> np.ndarray:
    """The face's own colour: the commonest colour of its pixels (``lab``: N × 3
    Lab values, float), not their median, which twelve coloured pips or a
    corner of the cloth would pull towards them.

    :return: the colour, 3 Lab values (float).
    """
    q = (lab // 12).astype(np.int32)
    codes = (q[:, 0] * 32 + q[:, 1]) * 32 + q[:, 2]
    top = int(np.argmax(np.bincount(codes.ravel())))
    near = np.abs(q - np.array([top // 1024, (top // 32) % 32, top % 32])).max(axis=1) <= 1
    colour: np.ndarray = np.median(lab[near], axis=0)
    return colour


def _run(profile: np.ndarray, start: int, step: int) -> int:
    """How many places from ``start`` (in the direction ``step``) the
    ``profile`` stays true, a single false place (a pip's row) passed over."""
    n = 0
    i = start
    misses = 0
    while 0 <= i < len(profile):
        if profile[i]:
            misses = 0
        else:
            misses += 1
            if misses > 1:
                break
        n += 1
        i += step
    return n - misses


_TURNS = (0.0, -5.0, 5.0, -10.0, 10.0)
"""Degrees the guessed face is turned about its centre when cut down: a short
bar's slant is measured a few degrees wrong on a small face."""


def trimmed_box(image: np.ndarray, box: np.ndarray) -> np.ndarray | None:
    """The face around a bar cut down to its own colour: the guess as given,
    and turned a little each way (:data:`_TURNS`), the one whose face is
    widest (the most rows of the face's own colour across) kept.

    :param image: the picture, BGR ``uint8``.
    :param box: the guessed face (4 × 2 corners in pixels of ``image``,
        ``box[0]→box[1]`` along the long side, the bar across its middle).
    :return: the corners of the face cut down (same order), or ``None`` when
        what is left is not shaped like a face (less than a third as long as
        looked at, or not 1.2 to 3.6 times as long as wide: a photo at a slant
        shortens a face standing up, as :func:`companion.photo.faces._single`).
    """
    centre = box.mean(axis=0)
    best: tuple[int, np.ndarray] | None = None
    colour = None  # the face's colour, beside the bar: the same however it is turned
    for degrees in _TURNS:
        t = np.deg2rad(degrees)
        turn = np.array([[np.cos(t), -np.sin(t)], [np.sin(t), np.cos(t)]], np.float32)
        cut, colour = _trimmed_once(image, (centre + (box - centre) @ turn.T).astype(np.float32), colour)
        if cut is not None and (best is None or cut[0] > best[0]):
            best = cut
    return None if best is None else best[1]


def _trimmed_once(image: np.ndarray, box: np.ndarray,
                  colour: np.ndarray | None) -> tuple[tuple[int, np.ndarray] | None, np.ndarray]:
    """:func:`trimmed_box` for one guess: how many rows of the face's own
    colour it has across (of _S), and its corners, or ``None`` when what is
    left is not shaped like a face; and the face's colour (Lab), found beside
    the bar when ``colour`` is ``None``."""
    S = _S
    # looked at wider than guessed: the face may be larger than the guess
    centre = box.mean(axis=0)
    box = centre + (box - centre) * _WIDER
    dst = np.array([[0, 0], [2 * S, 0], [2 * S, S], [0, S]], np.float32)
    m = cv2.getPerspectiveTransform(box.astype(np.float32), dst)
    patch = cv2.warpPerspective(image, m, (2 * S, S), flags=cv2.INTER_AREA, borderMode=cv2.BORDER_REPLICATE)
    lab = cv2.cvtColor(patch, cv2.COLOR_BGR2LAB).astype(np.float32)
    # beside the bar lies the face for sure
    beside = np.concatenate([lab[S // 4:3 * S // 4, S // 2:S - 3], lab[S // 4:3 * S // 4, S + 3:3 * S // 2]])
    if colour is None:
        colour = face_colour(beside.reshape(-1, 3))
    diff = lab - colour
    dist = np.sqrt(diff[..., 0] ** 2 + 2.5 * (diff[..., 1] ** 2 + diff[..., 2] ** 2))
    near = (dist < 30).astype(np.uint8)
    # pips and the bar filled in
    k = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (S // 4 | 1, S // 4 | 1))
    near = cv2.morphologyEx(near, cv2.MORPH_CLOSE, k)
    # the bar: near the middle, the column most of whose pixels are far from
    # the face's colour (a pip covers a part of a column, the bar all of it)
    middle = (dist[S // 5:4 * S // 5, 3 * S // 4:5 * S // 4] > 30).mean(axis=0)
    bar = 3 * S // 4 + int(np.argmax(middle))
    cols = near[S // 5:4 * S // 5].mean(axis=0) > 0.6
    cols[bar - 2:bar + 3] = True
    along = min(_run(cols, bar, 1), _run(cols, bar - 1, -1)) + 1
    if along < S // 2:
        return None, colour
    rows = near[:, max(0, bar - along):bar + along].mean(axis=1) > 0.8
    top = S // 2 - _run(rows, S // 2 - 1, -1)
    across = _run(rows, S // 2, 1) + S // 2 - top
    ratio = 2 * along / max(1, across)
    if not 1.2 <= ratio <= 3.6:
        return None, colour
    # the tile's rounded rim, darker than its face, left out
    top, across = top + 1, across - 2
    corners = np.array([[bar - along, top], [bar + along, top], [bar + along, top + across],
                        [bar - along, top + across]], np.float32)
    back = cv2.perspectiveTransform(corners.reshape(-1, 1, 2), np.linalg.inv(m)).reshape(4, 2)
    return (across, back.astype(np.float32)), colour
