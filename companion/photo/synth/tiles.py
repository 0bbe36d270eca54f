"""Tiles drawn the way a phone sees them (the photo-like renders of
:mod:`companion.photo.synth.scene`).

A real tile is a thick block with rounded, bevelled edges; its pips are
drilled into the face and filled with paint, so each shows a dark rim on the
side the light comes from and often a small highlight; the bar across the
middle is engraved, and many sets have a brass pin (the *spinner*) at its
centre. Faces are glossy. Here each face is drawn square to the frame, larger
than needed and shrunk (smooth edges), with its bevel, pips and bar shaded for
light coming from a given direction.

Tile colours (:data:`TILE_COLOURS`) follow the sets sold today: ivory with
black pips (the most common), white with black pips, black with white pips,
pink or red with yellow pips, and white faces with pips coloured by suit
(double-12 and larger sets; some double-6 sets too).
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from companion.games import pips as layouts

TILE_COLOURS: tuple[str, ...] = ("ivory", "white", "black", "pink", "coloured")
"""Tile colours of the photo-like renders (face / pips): ivory / black,
white / black, black / white, pink / yellow, white / coloured by suit."""


@dataclass(frozen=True)
class Look:
    """How a set of tiles looks (all colours BGR floats 0..255).

    :ivar face: the face colour.
    :ivar pip: the pip colour (``None``: by suit, :data:`SUIT_BGR`).
    :ivar bar: the bar's colour.
    :ivar side: the colour of the tile's sides (its thickness).
    :ivar gloss: how strongly the face reflects a lamp, 0..1.
    """

    face: tuple[float, float, float]
    pip: tuple[float, float, float] | None
    bar: tuple[float, float, float]
    side: tuple[float, float, float]
    gloss: float


SUIT_BGR: dict[int, tuple[float, float, float]] = {
    n: (float(b), float(g), float(r)) for n, (r, g, b) in {
        1: (40, 150, 230), 2: (30, 150, 60), 3: (210, 40, 40), 4: (120, 70, 30), 5: (30, 50, 170),
        6: (215, 170, 0), 7: (140, 50, 160), 8: (20, 90, 50), 9: (150, 20, 40), 10: (0, 140, 140),
        11: (230, 110, 20), 12: (80, 80, 80), 13: (200, 50, 130), 14: (60, 60, 200),
        15: (15, 15, 15), 16: (170, 120, 40), 17: (40, 110, 160), 18: (100, 30, 100),
    }.items()
}
"""Pip colours by suit on coloured sets (as the usual double-12..18 sets)."""


def look(colour: str, rng: np.random.Generator) -> Look:
    """The look of a set of ``colour`` (one of :data:`TILE_COLOURS`), with a
    little variation from ``rng`` (no two sets are quite the same shade).

    :raises ValueError: for an unknown colour.
    """
    j = rng.uniform(-1, 1, 3)
    if colour == "ivory":  # cream, slightly yellow
        face = (196 + 14 * j[0], 228 + 8 * j[1], 240 + 6 * j[2])
        return Look(face, (28.0, 26.0, 24.0), (35.0, 35.0, 38.0), _shade(face, 0.78), 0.7)
    if colour == "white":
        face = (238 + 8 * j[0], 240 + 8 * j[0], 240 + 8 * j[0])
        return Look(face, (22.0, 22.0, 22.0), (30.0, 30.0, 30.0), _shade(face, 0.8), 0.8)
    if colour == "black":
        face = (30 + 6 * j[0], 28 + 6 * j[0], 26 + 6 * j[0])
        return Look(face, (228.0, 232.0, 234.0), (200.0, 205.0, 210.0), (18.0, 18.0, 18.0), 0.9)
    if colour == "pink":  # pink to red, yellow pips
        face = (150 + 40 * j[0], 110 + 50 * j[0], 235 + 15 * j[1])
        return Look(face, (40.0, 205.0, 245.0), (60.0, 60.0, 90.0), _shade(face, 0.75), 0.8)
    if colour == "coloured":
        face = (232 + 10 * j[0], 238 + 8 * j[1], 240 + 6 * j[2])
        return Look(face, None, (25.0, 25.0, 25.0), _shade(face, 0.8), 0.8)
    raise ValueError(f"unknown tile colour {colour!r}")


def _shade(c: tuple[float, float, float], k: float) -> tuple[float, float, float]:
    return (c[0] * k, c[1] * k, c[2] * k)


def _rounded(target: np.ndarray, box: tuple[float, float, float, float], radius: float,
             value: float | tuple[float, ...]) -> None:
    """Fill a rounded rectangle ``box`` = (x0, y0, x1, y1) on ``target``."""
    x0, y0, x1, y1 = (int(round(v)) for v in box)
    r = max(1, int(round(radius)))
    cv2.rectangle(target, (x0 + r, y0), (x1 - r, y1), value, -1)
    cv2.rectangle(target, (x0, y0 + r), (x1, y1 - r), value, -1)
    for cx, cy in ((x0 + r, y0 + r), (x1 - r, y0 + r), (x0 + r, y1 - r), (x1 - r, y1 - r)):
        cv2.circle(target, (cx, cy), r, value, -1, cv2.LINE_AA)


def _grad(a: np.ndarray, sigma: float) -> tuple[np.ndarray, np.ndarray]:
    """The gradient of ``a`` blurred by ``sigma`` pixels (per pixel, 0..~1)."""
    b = cv2.GaussianBlur(a, (0, 0), max(0.5, sigma))
    return cv2.Sobel(b, cv2.CV_32F, 1, 0, ksize=3) / 8.0, cv2.Sobel(b, cv2.CV_32F, 0, 1, ksize=3) / 8.0


def face_sprite(left: int, right: int, length: float, tl: Look, light: tuple[float, float],
                spinner: bool = False, face_down: bool = False) -> tuple[np.ndarray, np.ndarray]:
    """Draw the top face of one tile, square to the frame.

    :param left: pips on the left half, 0..18.
    :param right: pips on the right half, 0..18.
    :param length: the tile's long side in pixels (the face is 80 × 40 units,
        each half a 40 × 40 square of :mod:`companion.games.pips`).
    :param tl: the set's :class:`Look`.
    :param light: unit vector towards the light, in the sprite's own axes.
    :param spinner: draw a brass pin at the centre of the bar.
    :param face_down: draw the back (no pips, no bar).
    :return: ``(bgr, alpha)``: ``float32`` pictures of shape (h, w, 3) and
        (h, w), ``h`` × ``w`` = (length/2 + 2·margin) × (length + 2·margin),
        margin = length/20; alpha is the face's coverage 0..1.
    """
    ss = 2 if length < 320 else 1  # drawn larger and shrunk: smooth edges
    unit = length * ss / 80.0
    margin = 4 * unit
    w, h = int(round(80 * unit + 2 * margin)), int(round(40 * unit + 2 * margin))
    box = (margin, margin, w - margin - 1, h - margin - 1)
    alpha = np.zeros((h, w), np.float32)
    _rounded(alpha, box, 4.5 * unit, 1.0)
    lx, ly = light
    img = np.empty((h, w, 3), np.float32)
    img[:] = tl.face
    # the face: a little brighter towards the light, the bevel lit or shaded
    xs = np.linspace(-0.5, 0.5, w, dtype=np.float32)[None, :]
    ys = np.linspace(-0.5, 0.5, h, dtype=np.float32)[:, None]
    img *= (1.0 + 0.06 * (xs * lx + ys * ly))[..., None]
    gx, gy = _grad(alpha, 1.6 * unit)
    bevel = -(gx * lx + gy * ly) * 2.2 * unit  # outward normal towards the light: brighter
    edge = cv2.GaussianBlur(alpha, (0, 0), 1.2 * unit)
    img *= (0.72 + 0.28 * np.clip((edge - 0.5) * 2, 0, 1))[..., None]
    img += (np.clip(bevel, -1, 1) * 70)[..., None]
    if not face_down:
        _bar(img, box, unit, tl, spinner)
        _pips(img, left, right, box, unit, tl, light)
    small = (w // ss, h // ss)
    out = cv2.resize(img, small, interpolation=cv2.INTER_AREA)
    a = cv2.resize(alpha, small, interpolation=cv2.INTER_AREA)
    return np.clip(out, 0, 255), a


def _bar(img: np.ndarray, box: tuple[float, float, float, float], unit: float, tl: Look,
         spinner: bool) -> None:
    x0, y0, _, y1 = box
    mid = x0 + 40 * unit
    t = max(1, int(round(1.1 * unit)))
    cv2.line(img, (int(mid), int(y0 + 5 * unit)), (int(mid), int(y1 - 5 * unit)), tl.bar, t, cv2.LINE_AA)
    if spinner:
        cy = (y0 + y1) / 2
        r = 2.3 * unit
        cv2.circle(img, (int(mid), int(cy)), int(r + unit * 0.5), (20, 60, 90), -1, cv2.LINE_AA)
        cv2.circle(img, (int(mid), int(cy)), int(r), (60, 160, 205), -1, cv2.LINE_AA)
        cv2.circle(img, (int(mid - 0.6 * unit), int(cy - 0.6 * unit)), max(1, int(r * 0.4)),
                   (190, 235, 250), -1, cv2.LINE_AA)


def _pips(img: np.ndarray, left: int, right: int, box: tuple[float, float, float, float],
          unit: float, tl: Look, light: tuple[float, float]) -> None:
    """Pips drilled into the face: painted, with a dark rim shaded on the
    side of the light and a small highlight on the far side of the hollow."""
    x0, y0 = box[0], box[1]
    lx, ly = light
    for n, ox in ((left, 0.0), (right, 40.0)):
        if n == 0:
            continue
        colour = tl.pip if tl.pip is not None else SUIT_BGR[n]
        c0, c1 = int(x0 + ox * unit), int(x0 + (ox + 40) * unit) + 1  # this half's columns
        part = img[:, c0:c1]
        mask = np.zeros(part.shape[:2], np.float32)
        spots = [(x0 + (ox + cx) * unit - c0, y0 + cy * unit, r * unit) for cx, cy, r in layouts.layout(n)]
        for px, py, r in spots:
            cv2.circle(mask, (int(px * 16), int(py * 16)), int(r * 16), 1.0, -1, cv2.LINE_AA, 4)
        gx, gy = _grad(mask, 0.35 * spots[0][2])
        rim = np.clip(gx * lx + gy * ly, -1, 1) * spots[0][2] * 1.5  # recess: dark towards the light
        ring = cv2.GaussianBlur(mask, (0, 0), 0.25 * spots[0][2])
        ring = 4 * ring * (1 - ring)
        m = mask[..., None]
        part[:] = part * (1 - m) + np.float32(colour) * m
        part *= (1 - 0.35 * ring)[..., None]
        part += (rim * 60)[..., None]
        for px, py, r in spots:  # glossy paint: a small highlight away from the light
            cv2.circle(part, (int(px - 0.35 * r * lx), int(py - 0.35 * r * ly)), max(1, int(0.22 * r)),
                       (235, 240, 245), -1, cv2.LINE_AA)


def edge_sprite(length: float, tl: Look, thickness: float) -> tuple[np.ndarray, np.ndarray]:
    """A tile standing on its long edge, seen from above: only its side shows
    (no face, so no pips counted).

    :param length: the tile's long side in pixels.
    :param tl: the set's :class:`Look`.
    :param thickness: the tile's thickness in pixels.
    :return: ``(bgr, alpha)`` as :func:`face_sprite`.
    """
    ss = 2
    m = 0.05 * length * ss
    w, h = int(round(length * ss + 2 * m)), int(round(thickness * ss + 2 * m))
    alpha = np.zeros((h, w), np.float32)
    _rounded(alpha, (m, m, w - m - 1, h - m - 1), thickness * ss * 0.45, 1.0)
    img = np.empty((h, w, 3), np.float32)
    img[:] = tl.face
    ys = np.linspace(-1, 1, h, dtype=np.float32)[:, None]
    img *= (0.85 + 0.15 * (1 - ys ** 2))[..., None]
    small = (w // ss, h // ss)
    return (cv2.resize(img, small, interpolation=cv2.INTER_AREA),
            cv2.resize(alpha, small, interpolation=cv2.INTER_AREA))


__all__ = ["SUIT_BGR", "TILE_COLOURS", "Look", "edge_sprite", "face_sprite", "look"]
