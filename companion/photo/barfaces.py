"""Tile faces found by their centre bars (a step of :mod:`companion.photo.counter`).

Tiles that touch in a row or a block, or ivory tiles on a pale cloth, make
one shape with no edge between them: the face finder of
:mod:`companion.photo.faces` cannot cut it. Each face still has its bar: a
short dark line across its middle, with the face's own colour on both sides.
Each such bar not on a tile already read gives a face, as wide as the tiles
read elsewhere in the picture (or as the bar is long, when none was read),
twice as long, across the bar. Such a face is always read with a doubt
(its outline was not seen).
"""

from __future__ import annotations

import cv2
import numpy as np

BAR_OF_WIDTH = 0.85
"""A bar's length, as a share of its face's width (makers draw it from
about 0.75 to 0.95 of the width)."""


_LINES = [cv2.line(np.zeros((9, 9), np.uint8),
                   (int(round(4 - 4 * np.cos(t) / max(abs(np.cos(t)), abs(np.sin(t))))),
                    int(round(4 - 4 * np.sin(t) / max(abs(np.cos(t)), abs(np.sin(t)))))),
                   (int(round(4 + 4 * np.cos(t) / max(abs(np.cos(t)), abs(np.sin(t))))),
                    int(round(4 + 4 * np.sin(t) / max(abs(np.cos(t)), abs(np.sin(t)))))), 1)
          for t in np.linspace(0, np.pi, 12, endpoint=False)]
"""Straight strokes 9 pixels long at 12 angles: what survives opening with
one of them is part of a line at least that long (a round pip is not)."""


def _lines_only(mask: np.ndarray) -> np.ndarray:
    """The parts of ``mask`` (``uint8``, 0 or 1) that are straight strokes at
    least 9 pixels long, at any angle: a bar whose ends or sides touch pips
    (pips drawn close to it on a small tile) is parted from them."""
    out = np.zeros_like(mask)
    for line in _LINES:
        out |= cv2.morphologyEx(mask, cv2.MORPH_OPEN, line)
    return out


def _bar_candidates(lum: np.ndarray) -> list[tuple[np.ndarray, np.ndarray, float, float]]:
    """Thin dark lines on a light ground: ``(centre, unit vector along the
    line, length, mean lightness)`` each, in pixels of ``lum`` (``uint8``
    lightness); looked for at its scale and at half of it (a wide bar), and
    at its scale once more with round spots taken off (a bar touching pips)."""
    out = []
    disc = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (9, 9))
    for scale, strict in ((1, False), (2, False), (2, True), (1, True)):
        view = lum if scale == 1 else cv2.resize(lum, (lum.shape[1] // 2, lum.shape[0] // 2),
                                                   interpolation=cv2.INTER_AREA)
        hat = cv2.morphologyEx(view, cv2.MORPH_BLACKHAT, disc)
        mask = (hat > 35).astype(np.uint8)
        if strict and scale == 1:
            mask = _lines_only(mask)
        elif strict:
            # only the darkest: a bar that meets the seam between two tiles
            # (a lighter line) is parted from it
            mask &= (view < 0.3 * cv2.dilate(view, disc)).astype(np.uint8)
        n, labels, stats, _cents = cv2.connectedComponentsWithStats(mask, connectivity=8)
        for i in range(1, n):
            x, y, cw, ch, area = stats[i]
            if area < 12 or max(cw, ch) < 9:
                continue
            inside = labels[y:y + ch, x:x + cw] == i
            pts = np.column_stack(np.nonzero(inside))[:, ::-1].astype(np.float32)
            (cx, cy), (a, b), angle = cv2.minAreaRect(pts)
            length, width = max(a, b), max(1.0, min(a, b))
            if length / width < 4.0 or width > 7 or length > 0.25 * max(view.shape):
                continue
            t = np.deg2rad(angle)
            u = np.array([np.cos(t), np.sin(t)], np.float32)
            if b > a:
                u = np.array([-u[1], u[0]], np.float32)
            centre = np.array([cx + x, cy + y], np.float32) * scale
            if any(np.linalg.norm(centre - c) < 0.3 * length * scale for c, *_ in out):
                continue
            dark = float(np.mean(view[y:y + ch, x:x + cw][inside]))
            out.append((centre, u, float(length) * scale, dark))
    return out


def _face_around(lum: np.ndarray, centre: np.ndarray, u: np.ndarray, width: float, dark: float) -> bool:
    """Whether the bar at ``centre`` (along ``u``, of mean lightness ``dark``)
    has a light, even face on both sides: each half's middle at least twice
    as light as the bar (a seam between two tiles is not so dark) and close
    in lightness to the other half."""
    n = np.array([-u[1], u[0]], np.float32)
    h, w = lum.shape
    values = []
    for sign in (-1, 1):
        mid = centre + sign * n * width / 2
        r = max(2, int(width * 0.3))
        x, y = int(round(mid[0])), int(round(mid[1]))
        if not (r <= x < w - r and r <= y < h - r):
            return False
        patch = lum[y - r:y + r + 1, x - r:x + r + 1]
        values.append(float(np.percentile(patch, 75)))
    return min(values) > max(dark + 40, 2 * dark) and abs(values[0] - values[1]) < 40


def faces_by_bars(small: np.ndarray, known: list[np.ndarray], width: float | None) -> list[np.ndarray]:
    """Faces found by their bars, at the scale of ``small``.

    :param small: the picture at analysis scale, BGR ``uint8``.
    :param known: the corners (4 × 2) of the tiles already read there: a bar
        on one of them gives nothing.
    :param width: a face's width in pixels of ``small`` (the tiles read's), or
        ``None`` (then from each bar's length).
    :return: each face's corners (4 × 2 float32), ``box[0]→box[1]`` along the long side.
    """
    lum = cv2.cvtColor(small, cv2.COLOR_BGR2LAB)[..., 0]
    polys = [np.asarray(b, np.float32).reshape(-1, 1, 2) for b in known]
    faces: list[np.ndarray] = []
    # the darkest first: a bar is darker than a seam between two tiles
    for centre, u, length, dark in sorted(_bar_candidates(lum), key=lambda c: c[3]):
        w = width if width is not None else length / BAR_OF_WIDTH
        if 0.4 * w < length <= 0.55 * w:
            # a tile farther from the camera than those read (a photo at a
            # slant makes the far ones smaller, by half at most): as wide
            # as its own bar is long
            w = length / BAR_OF_WIDTH
        if not 0.55 * w < length < 1.1 * w:
            continue
        n = np.array([-u[1], u[0]], np.float32)
        # a bar lies half a face from the nearest side and a face from the
        # nearest end: one near a tile read (or on it) is that tile's bar,
        # or the seam along its edge
        points = [(centre, 0.3), (centre + n * w / 2, 0.15), (centre - n * w / 2, 0.15)]
        if any(cv2.pointPolygonTest(p, (float(q[0]), float(q[1])), True) > -room * w
               for p in polys for q, room in points):
            continue
        if not _face_around(lum, centre, u, w, dark):
            continue
        box = np.array([centre - n * w - u * w / 2, centre + n * w - u * w / 2,
                        centre + n * w + u * w / 2, centre - n * w + u * w / 2], np.float32)
        faces.append(box)
        polys.append(box.reshape(-1, 1, 2))
    return faces
