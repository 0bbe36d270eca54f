"""Photo-like renders: a hand of tiles on a real-looking table, as a phone
photographs it (issue 26).

The development photos (``photos-dev``) lack what players' photos show most:
ivory tiles with black pips, wooden tables and patterned cloths, glare,
hands of 12 to 20 tiles from above, tiles touching in rows. These renders
supply them: thick tiles with bevelled edges and drilled pips
(:mod:`.tiles`), on wood, felt, leather, cloths or a grey table
(:mod:`.surfaces`), laid apart, in rows, in a heap or alone (:mod:`.layout`),
lit from one side with soft shadows, glare, vignetting, a slant, a colour
cast, blur, noise and JPEG (:mod:`.camera`).

The truth follows the development set's rule: the tiles whose faces can be
seen. A tile standing on its edge or lying face down is drawn but not
counted (:attr:`Photo.hidden`). Everything is decided by the seed.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

from companion.photo.synth import camera, layout
from companion.photo.synth.drawn import SETS, Photo, Placed, _name
from companion.photo.synth.surfaces import SURFACES, surface
from companion.photo.synth.tiles import TILE_COLOURS, Look, edge_sprite, face_sprite, look

SCENES: dict[str, dict[str, object]] = {
    "ivory on wood": {"tiles": "ivory", "surface_kind": "wood", "set_n": 6},
    "pink on black leather": {"tiles": "pink", "surface_kind": "leather", "set_n": 6},
    "coloured double-12": {"tiles": "coloured", "set_n": 12},
    "single tile on dark cloth": {"surface_kind": "felt", "arrangement": "single", "dark": True},
    "twelve ivory touching on wood": {"tiles": "ivory", "surface_kind": "wood", "arrangement": "rows",
                                      "count": 12, "set_n": 6},
}
"""Scenes like the ones the product owner checks the reader on, as keyword
arguments of :func:`render_photo`."""

THICKNESS = 0.16
"""A tile's thickness as a share of its length (a 48 mm tile is 7.5 mm thick)."""


def render_photo(seed: int, set_n: int | None = None, *, tiles: str | None = None,
                 surface_kind: str | None = None, arrangement: str | None = None,
                 count: int | None = None, size: tuple[int, int] = (2000, 1500),
                 dark: bool = False) -> Photo:
    """Draw one seeded photo-like picture of a hand.

    :param seed: the seed; the same arguments give the same picture.
    :param set_n: the set (default: one of :data:`SETS` from the seed).
    :param tiles: the tiles' colour, one of :data:`TILE_COLOURS` (default:
        from the seed; ivory most often).
    :param surface_kind: one of :data:`SURFACES` (default: from the seed).
    :param arrangement: one of :data:`layout.LAYOUTS` (default: from the seed).
    :param count: tiles face up wanted (default: 12 to 20 most often, else
        2 to 11; 1 for ``single``); fewer are drawn when the table has no room.
    :param size: ``(width, height)`` in pixels.
    :param dark: a dark cloth (for ``felt``).
    :return: the photo; :attr:`Photo.tiles` is the truth.
    :raises ValueError: for an unknown colour, surface or layout.
    """
    rng = np.random.default_rng([seed, 26, set_n or 0])
    set_n = set_n if set_n is not None else int(rng.choice(SETS))
    tiles = tiles or str(rng.choice(TILE_COLOURS, p=(0.35, 0.15, 0.15, 0.1, 0.25)))
    surface_kind = surface_kind or str(rng.choice(SURFACES))
    arrangement = arrangement or str(rng.choice(layout.LAYOUTS, p=(0.35, 0.3, 0.2, 0.15)))
    if tiles not in TILE_COLOURS or surface_kind not in SURFACES or arrangement not in layout.LAYOUTS:
        raise ValueError(f"unknown tiles, surface or layout: {tiles!r}, {surface_kind!r}, {arrangement!r}")
    if count is None:
        count = 1 if arrangement == "single" else int(
            rng.integers(12, 21) if rng.random() < 0.6 else rng.integers(2, 12))
    hand, spare = _hand(rng, set_n, count)
    placed, table, length = _arrange(rng, arrangement, hand, size)
    extra = int(rng.integers(1, 4)) if spare and rng.random() < (0.15 if arrangement == "single" else 0.35) else 0
    hidden = layout.apart(rng, spare[:extra], table, length, _name)
    standing = [rng.random() < 0.6 for _ in hidden]

    w, h = size
    canvas = surface(rng, surface_kind, w, h)
    if dark:
        canvas *= np.float32(0.25)
    toward = rng.uniform(0, 2 * math.pi)
    light = (math.cos(toward), math.sin(toward))
    tl = look(tiles, rng)
    spinner = rng.random() < 0.4
    glossy = np.zeros((h, w), np.float32)
    order = [(p, "face") for p in placed] + [(p, "edge" if s else "back") for p, s in zip(hidden, standing)]
    if arrangement != "heap":  # a heap is laid in order: later tiles over earlier ones
        order = [order[int(i)] for i in rng.permutation(len(order))]
    for p, kind in order:
        _lay(canvas, glossy, p, kind, tl, light, spinner, rng)
    canvas *= camera.light_field(rng, w, h, light)[..., None]
    if rng.random() < 0.65:
        camera.glare(rng, canvas, glossy)
    if rng.random() < 0.75:
        canvas = camera.slant(rng, canvas)
    image = camera.develop(rng, canvas)
    return Photo(image, [p.tile for p in placed], set_n, tiles, "photo-like", placed,
                 surface=surface_kind, layout=arrangement, hidden=hidden)


def _hand(rng: np.random.Generator, set_n: int, count: int) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """``count`` different tiles of the set (each as drawn: left, right), and
    up to three more for the tiles standing or face down beside them."""
    everything = [(a, b) for a in range(set_n + 1) for b in range(a + 1)]
    picks = rng.permutation(len(everything))
    hand = [everything[int(i)] if rng.random() < 0.5 else everything[int(i)][::-1]
            for i in picks[:min(count, len(everything))]]
    return hand, [everything[int(i)] for i in picks[len(hand):len(hand) + 3]]


def _arrange(rng: np.random.Generator, arrangement: str, hand: list[tuple[int, int]],
             size: tuple[int, int]) -> tuple[list[Placed], layout.Table, float]:
    """Lay out the hand: the tiles placed, the map of the table, the tiles' length."""
    w, h = size
    if arrangement == "single":
        length = float(rng.uniform(0.3, 0.55)) * min(w, h)
    else:
        spread = {"apart": 4.0, "rows": 2.2, "heap": 1.8}[arrangement]
        length = math.sqrt(0.55 * w * h / (len(hand) * 0.5 * spread)) * float(rng.uniform(0.75, 1.0))
        length = min(length, 0.3 * min(w, h))
    shape = (6, 6) if len(hand) == 12 and rng.random() < 0.5 else (3, 7)
    for _ in range(6):  # smaller tiles until the hand fits (the last try keeps what fits)
        table = layout.Table(w, h, margin=(camera.SLANT_LOSS + 0.02) * min(w, h) + 0.1 * length)
        if arrangement == "rows":
            placed = layout.rows(rng, hand, table, length, _name, size=shape)
        elif arrangement == "heap":
            placed = layout.heap(rng, hand, table, length, _name)
        else:
            placed = layout.apart(rng, hand, table, length, _name)
        if len(placed) == len(hand):
            break
        length *= 0.88
    return placed, table, length


def _lay(canvas: np.ndarray, glossy: np.ndarray, p: Placed, kind: str, tl: Look,
         light: tuple[float, float], spinner: bool, rng: np.random.Generator) -> None:
    """Lay one tile on the table: its shadow, its side (the thickness the
    phone sees: more of it towards the picture's edges), then its face."""
    h, w = glossy.shape
    r = cv2.getRotationMatrix2D((0, 0), p.angle, 1.0)[:, :2]
    if kind == "edge":
        sprite, alpha = edge_sprite(p.length, tl, THICKNESS * p.length)
    else:
        own = tuple(float(v) for v in r.T @ np.float32(light))
        sprite, alpha = face_sprite(p.left, p.right, p.length, tl, (own[0], own[1]), spinner,
                                    face_down=kind == "back")
    # the side seen: outwards from the picture's centre, more near the edges
    out = np.float32((p.centre[0] - w / 2, p.centre[1] - h / 2)) / (0.5 * math.hypot(w, h))
    high = THICKNESS * p.length * (2.5 if kind == "edge" else 1.0)
    side = out * high * 0.8 + np.float32((0.0, 0.15 * high))
    shade = -np.float32(light) * THICKNESS * p.length * float(rng.uniform(0.5, 1.2)) + side
    sh, sw = alpha.shape
    pad = int(math.ceil(np.abs(side).max() + np.abs(shade).max() + 0.15 * p.length)) + 2
    d = int(math.ceil(math.hypot(sw, sh))) + 2 * pad
    m = cv2.getRotationMatrix2D((sw / 2, sh / 2), p.angle, 1.0)
    m[:, 2] += (d / 2 - sw / 2, d / 2 - sh / 2)
    rot = cv2.warpAffine(sprite, m, (d, d), flags=cv2.INTER_LINEAR)
    a = cv2.warpAffine(alpha, m, (d, d), flags=cv2.INTER_LINEAR)
    x0, y0 = int(round(p.centre[0] - d / 2)), int(round(p.centre[1] - d / 2))
    cx0, cy0, cx1, cy1 = max(0, x0), max(0, y0), min(w, x0 + d), min(h, y0 + d)
    if cx1 <= cx0 or cy1 <= cy0:
        return
    cut = (slice(cy0 - y0, cy1 - y0), slice(cx0 - x0, cx1 - x0))
    region = canvas[cy0:cy1, cx0:cx1]

    def moved(img: np.ndarray, v: np.ndarray) -> np.ndarray:
        t = np.float32([[1, 0, v[0]], [0, 1, v[1]]])
        return cv2.warpAffine(img, t, (d, d), flags=cv2.INTER_LINEAR)[cut]

    sa = _soft(moved(a, shade), 0.06 * p.length)
    region *= (1 - float(rng.uniform(0.35, 0.6)) * sa)[..., None]
    steps = max(2, min(6, int(math.ceil(float(np.abs(side).max()) / 1.5))))
    cover = np.zeros_like(sa)  # the side's coverage
    tone = np.zeros_like(sa)  # its shade times its coverage (darker away from the face)
    for k in range(steps, 0, -1):
        sk = moved(a, side * (k / steps))
        tone = tone * (1 - sk) + (0.95 - 0.25 * k / steps) * sk
        cover = np.maximum(cover, sk)
    af = a[cut]
    keep = (1 - cover) * (1 - af)
    region *= keep[..., None]
    region += np.float32(tl.side) * (tone * (1 - af))[..., None] + rot[cut] * af[..., None]
    g = glossy[cy0:cy1, cx0:cx1]
    g[:] = g * (1 - np.maximum(cover, af)) + af * tl.gloss


def _soft(a: np.ndarray, sigma: float) -> np.ndarray:
    """``a`` blurred by ``sigma`` pixels (worked out at a quarter size: a
    shadow has no fine detail)."""
    h, w = a.shape
    if sigma < 4 or min(h, w) < 16:
        return cv2.GaussianBlur(a, (0, 0), max(1.0, sigma))
    small = cv2.resize(a, (w // 4, h // 4), interpolation=cv2.INTER_AREA)
    return cv2.resize(cv2.GaussianBlur(small, (0, 0), sigma / 4), (w, h), interpolation=cv2.INTER_LINEAR)


__all__ = ["SCENES", "THICKNESS", "render_photo"]
