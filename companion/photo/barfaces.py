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


def _lines_only(mask: np.ndarray) -> list[np.ndarray]:
    """The parts of ``mask`` (``uint8``, 0 or 1) that are straight strokes at
    least 9 pixels long: at any angle, then at each angle apart. A bar whose
    ends or sides touch pips (pips drawn close to it on a small tile) is
    parted from them; one that meets a line at another angle (the shadow
    along a tile standing up) is parted from it at its own angle."""
    each = [cv2.morphologyEx(mask, cv2.MORPH_OPEN, line) for line in _LINES]
    out = np.zeros_like(mask)
    for part in each:
        out |= part
    return [out, *each]


def _bar_candidates(lum: np.ndarray) -> list[tuple[np.ndarray, np.ndarray, float, float]]:
    """Thin dark lines on a light ground: ``(centre, unit vector along the
    line, length, mean lightness)`` each, in pixels of ``lum`` (``uint8``
    lightness); looked for at its scale and at half of it (a wide bar), and
    in the spots at its scale too thick to be lines, once more with round
    spots taken off (a bar touching pips, :func:`_lines_only`)."""
    out: list[tuple[np.ndarray, np.ndarray, float, float]] = []
    grid: dict[tuple[int, int], list[np.ndarray]] = {}
    drawn = np.zeros(lum.shape, np.uint8)  # the lines found, drawn 9 pixels wide (the widest bar, 7, and a blur)
    disc = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (9, 9))
    blobs = np.zeros(lum.shape, np.uint8)
    for scale, strict in ((1, False), (2, False), (2, True)):
        view = lum if scale == 1 else cv2.resize(lum, (lum.shape[1] // 2, lum.shape[0] // 2),
                                                   interpolation=cv2.INTER_AREA)
        hat = cv2.morphologyEx(view, cv2.MORPH_BLACKHAT, disc)
        mask = (hat > 35).astype(np.uint8)
        if strict:
            # only the darkest: a bar that meets the seam between two tiles
            # (a lighter line) is parted from it
            mask &= (view < 0.3 * cv2.dilate(view, disc)).astype(np.uint8)
        _lines_in(mask, view, scale, (out, grid, drawn), blobs if scale == 1 else None)
    ys, xs = np.nonzero(blobs)
    if len(xs):
        # only the part of the picture that holds such spots is looked at again
        x0, y0 = max(0, int(xs.min()) - 5), max(0, int(ys.min()) - 5)
        x1, y1 = int(xs.max()) + 6, int(ys.max()) + 6
        for lines in _lines_only(blobs[y0:y1, x0:x1]):
            _lines_in(lines, lum[y0:y1, x0:x1], 1, (out, grid, drawn), origin=(x0, y0), side=max(lum.shape))
    return out


_CELL = 16
"""Side, in pixels, of the squares in which the lines found are filed (to
find the lines near a new one without measuring against all of them)."""


def _lines_in(mask: np.ndarray, view: np.ndarray, scale: int,
              found: tuple[list[tuple[np.ndarray, np.ndarray, float, float]],
                           dict[tuple[int, int], list[np.ndarray]], np.ndarray],
              blobs: np.ndarray | None = None, origin: tuple[int, int] = (0, 0), side: int = 0) -> None:
    """Add to the lines ``found`` (the list :func:`_bar_candidates` gives,
    their centres filed by square of :data:`_CELL` pixels, and the lines
    drawn at ``lum``'s scale) the thin straight parts of ``mask`` (at least
    4 times as long as wide, at most 7 pixels wide) whose centre is neither
    near one already found nor on one (a piece of a bar found whole before;
    it would hide the bar's face behind its own, smaller one) (``view``: the
    lightness ``mask`` was taken from; ``scale``: ``lum``'s pixels per pixel
    of it); the parts too thick to be lines, but no larger than a bar, are
    drawn in ``blobs``. ``mask`` may be a part of the picture whose corner
    lies at ``origin``, and ``side`` the picture's longer side."""
    out, grid, drawn = found
    side = side or max(view.shape)
    n, labels, stats, _cents = cv2.connectedComponentsWithStats(mask, connectivity=8)
    for i in range(1, n):
        x, y, cw, ch, area = stats[i]
        if area < 12 or max(cw, ch) < 9 or max(cw, ch) > 0.25 * side:
            continue
        inside = labels[y:y + ch, x:x + cw] == i
        pts = np.column_stack(np.nonzero(inside))[:, ::-1].astype(np.float32)
        (cx, cy), (a, b), angle = cv2.minAreaRect(pts)
        length, width = max(a, b), max(1.0, min(a, b))
        if length / width < 4.0 or width > 7 or length > 0.25 * side:
            if blobs is not None:
                blobs[y:y + ch, x:x + cw][inside] = 1
            continue
        t = np.deg2rad(angle)
        u = np.array([np.cos(t), np.sin(t)], np.float32)
        if b > a:
            u = np.array([-u[1], u[0]], np.float32)
        centre = np.array([cx + x + origin[0], cy + y + origin[1]], np.float32) * scale
        reach = 0.3 * length * scale
        px, py = int(centre[0]), int(centre[1])
        if 0 <= py < drawn.shape[0] and 0 <= px < drawn.shape[1] and drawn[py, px]:
            continue
        gx, gy, k = int(centre[0] // _CELL), int(centre[1] // _CELL), int(reach // _CELL) + 1
        if any(np.linalg.norm(centre - c) < reach for i in range(gx - k, gx + k + 1)
               for j in range(gy - k, gy + k + 1) for c in grid.get((i, j), ())):
            continue
        dark = float(np.mean(view[y:y + ch, x:x + cw][inside]))
        out.append((centre, u, float(length) * scale, dark))
        grid.setdefault((gx, gy), []).append(centre)
        ends = [centre + sign * u * float(length) * scale / 2 for sign in (-1, 1)]
        cv2.line(drawn, (int(ends[0][0]), int(ends[0][1])), (int(ends[1][0]), int(ends[1][1])), 1, 9)


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
