"""Where the tiles of a photo-like render lie: apart at any angle, in rows
of touching tiles, in a heap with small overlaps, or one tile alone; with
now and then a tile standing on its edge or lying face down beside them.

Positions are checked on a map of the table at a quarter of the picture's
size: tiles apart never touch; in a heap a tile may cover a little of the
tiles under it (at most :data:`HEAP_COVER` of one), never one of their pips,
so every pip counted in the truth can be seen.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

from companion.games import pips as layouts
from companion.photo.synth.drawn import Placed

LAYOUTS: tuple[str, ...] = ("apart", "rows", "heap", "single")
"""How the tiles lie: apart; rows of touching tiles (long sides together,
or end to end); a heap with small overlaps; one tile alone."""

HEAP_COVER = 0.15
"""The most of a tile's face the tiles above it cover in a heap (a share)."""

Q = 0.25
"""The scale of the map of the table (a quarter of the picture)."""


def corners(p: Placed, length: float | None = None, width: float | None = None) -> np.ndarray:
    """The four corners of a tile (``float32`` (4, 2), picture pixels), or of
    a box ``length`` × ``width`` turned and centred like it."""
    lx = (p.length if length is None else length) / 2
    ly = (p.length / 2 if width is None else width) / 2
    r = cv2.getRotationMatrix2D((0, 0), p.angle, 1.0)[:, :2]
    box = np.float32([[-lx, -ly], [lx, -ly], [lx, ly], [-lx, ly]])
    return (box @ r.T + np.float32(p.centre)).astype(np.float32)


def to_picture(p: Placed, x: float, y: float) -> tuple[float, float]:
    """Where the point (``x``, ``y``) of the tile's face (80 × 40 units, origin
    at its top-left corner, as drawn) falls in the picture."""
    r = cv2.getRotationMatrix2D((0, 0), p.angle, 1.0)[:, :2]
    u = p.length / 80.0
    dx, dy = (x - 40) * u, (y - 20) * u
    return (float(p.centre[0] + r[0, 0] * dx + r[0, 1] * dy), float(p.centre[1] + r[1, 0] * dx + r[1, 1] * dy))


def _mask(shape: tuple[int, int], pts: np.ndarray) -> np.ndarray:
    m = np.zeros(shape, np.uint8)
    cv2.fillConvexPoly(m, np.round(pts * Q).astype(np.int32), 1)
    return m


def _pip_mask(shape: tuple[int, int], p: Placed) -> np.ndarray:
    """The pips of a tile (each a little enlarged) on the map."""
    m = np.zeros(shape, np.uint8)
    u = p.length / 80.0
    for n, ox in ((p.left, 0.0), (p.right, 40.0)):
        for cx, cy, r in layouts.layout(n):
            x, y = to_picture(p, ox + cx, cy)
            cv2.circle(m, (int(x * Q), int(y * Q)), max(1, int(math.ceil((r + 1.5) * u * Q))), 1, -1)
    return m


class Table:
    """The map of the table: what is taken, and the pips that must stay seen.

    :param w: the picture's width in pixels.
    :param h: its height.
    :param margin: pixels kept free along each edge.
    """

    def __init__(self, w: int, h: int, margin: float) -> None:
        self.w, self.h, self.margin = w, h, margin
        self.shape = (int(h * Q) + 1, int(w * Q) + 1)
        self.taken = np.zeros(self.shape, np.uint8)
        self.pips = np.zeros(self.shape, np.uint8)

    def inside(self, pts: np.ndarray) -> bool:
        """True when all of ``pts`` lie within the margins."""
        m = self.margin
        return bool((pts[:, 0] >= m).all() and (pts[:, 0] <= self.w - m).all()
                    and (pts[:, 1] >= m).all() and (pts[:, 1] <= self.h - m).all())

    def free(self, boxes: list[np.ndarray]) -> bool:
        """True when none of ``boxes`` (corner arrays) touches what is taken."""
        return all(self.inside(b) and not (self.taken & _mask(self.shape, b)).any() for b in boxes)

    def take(self, p: Placed, gap: float) -> None:
        """Mark a tile (with ``gap`` pixels around it) as taken, and its pips."""
        self.taken |= _mask(self.shape, corners(p, p.length + 2 * gap, p.length / 2 + 2 * gap))
        self.pips |= _pip_mask(self.shape, p)


def _random_pose(rng: np.random.Generator, table: Table) -> tuple[tuple[float, float], float]:
    m = table.margin
    return ((float(rng.uniform(m, table.w - m)), float(rng.uniform(m, table.h - m))),
            float(rng.uniform(-180, 180)))


def apart(rng: np.random.Generator, hand: list[tuple[int, int]], table: Table, length: float,
          name) -> list[Placed]:
    """Tiles apart at any angle, a gap of at least a tenth of a tile between
    them. Tiles that find no room are left out (so not in the truth)."""
    out = []
    gap = 0.1 * length
    for a, b in hand:
        for _ in range(80):
            centre, angle = _random_pose(rng, table)
            p = Placed(name(a, b), a, b, centre, angle, length)
            if table.free([corners(p, length + 2 * gap, length / 2 + 2 * gap)]):
                table.take(p, gap)
                out.append(p)
                break
    return out


def rows(rng: np.random.Generator, hand: list[tuple[int, int]], table: Table, length: float,
         name, size: tuple[int, int] = (3, 7)) -> list[Placed]:
    """Rows of touching tiles: long sides together (most often) or end to
    end, each row turned as one, each tile a little askew in it."""
    out: list[Placed] = []
    i = 0
    while i < len(hand):
        k = min(len(hand) - i, int(rng.integers(size[0], size[1] + 1)))
        group, i = hand[i:i + k], i + k
        sideways = rng.random() < 0.75
        step = (length / 2 if sideways else length) + float(rng.uniform(0, 0.01)) * length
        for _ in range(80):
            centre, angle = _random_pose(rng, table)
            r = cv2.getRotationMatrix2D((0, 0), angle, 1.0)[:, :2]
            axis = r @ np.float32((0, 1) if sideways else (1, 0))
            row = []
            for j, (a, b) in enumerate(group):
                off = (j - (k - 1) / 2) * step
                slide = float(rng.uniform(-0.04, 0.04)) * length if sideways else 0.0
                along = r @ np.float32((1, 0) if sideways else (0, 1)) * slide
                c = (centre[0] + axis[0] * off + along[0], centre[1] + axis[1] * off + along[1])
                row.append(Placed(name(a, b), a, b, c, angle + float(rng.uniform(-1.5, 1.5)), length))
            gap = 0.1 * length
            if table.free([corners(p, length + 2 * gap, length / 2 + 2 * gap) for p in row]):
                for p in row:
                    table.take(p, gap)
                out += row
                break
    return out


def heap(rng: np.random.Generator, hand: list[tuple[int, int]], table: Table, length: float,
         name) -> list[Placed]:
    """A heap: each tile laid beside or a little over the ones before, never
    over a pip, covering at most :data:`HEAP_COVER` of the tiles under it."""
    out: list[Placed] = []
    area = length * length / 2 * Q * Q
    under = np.zeros(table.shape, np.uint8)
    for a, b in hand:
        for _ in range(120):
            if out:
                base = out[int(rng.integers(len(out)))]
                t = rng.uniform(0, 2 * math.pi)
                d = rng.uniform(0.35, 0.75) * length
                centre = (base.centre[0] + d * math.cos(t), base.centre[1] + d * math.sin(t))
                angle = float(rng.uniform(-180, 180))
            else:
                centre, angle = (table.w / 2, table.h / 2), float(rng.uniform(-180, 180))
            p = Placed(name(a, b), a, b, centre, angle, length)
            box = corners(p)
            if not table.inside(box):
                continue
            m = _mask(table.shape, box)
            if (m & table.pips).any() or (m & table.taken).any():
                continue
            if (m & under).sum() > HEAP_COVER * area:
                continue
            under |= m
            table.pips |= _pip_mask(table.shape, p)
            out.append(p)
            break
    table.taken |= cv2.dilate(under, np.ones((5, 5), np.uint8))
    return out


__all__ = ["HEAP_COVER", "LAYOUTS", "Table", "apart", "corners", "heap", "rows", "to_picture"]
