"""Seeded drawings of dominoes, for the reader's tests and the benchmark
(the photo-like renders are :mod:`companion.photo.synth.scene`).

No photo of a real set is kept in this repository (the few public ones carry
no licence), so the pip counter is measured on pictures drawn here: tiles laid
face up on a mat, drawn with the pip layouts the app itself draws
(:mod:`companion.pips`), then put through what a phone camera does to them —
rotation, scale, a mild perspective, blur, noise, uneven light, JPEG.

Everything is decided by one seed, so a failing picture can be drawn again.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import cv2
import numpy as np

from companion.games import pips as layouts

SETS: tuple[int, ...] = (6, 9, 12, 15, 18)
"""The sets drawn: double-6 to double-18."""

STYLES: tuple[str, ...] = ("ivory", "black", "coloured")
"""Tile styles: black pips on ivory, white pips on black, pips coloured by suit
on ivory (as double-12 and larger sets print them)."""

DIFFICULTIES: tuple[str, ...] = (
    "apart",
    "rotated",
    "perspective",
    "busy",
    "uneven_light",
    "touching",
    "lifelike",
)
"""The kinds of photo the benchmark draws: ``apart`` is tiles lying apart on a
plain mat, shot from above in even light (near square to the frame); each of
the others changes one thing from there (any rotation; a mild perspective; a
busy background; light falling off across the picture; tiles touching).
``lifelike`` puts them all together as a phone photo of a real table shows
them: wood grain or a patterned cloth, rows of touching tiles beside tiles
apart at any angle, a slant, light from one side with a shadow, and a glare
spot on the glossy faces."""

# Suit colours for coloured sets (RGB), after the usual double-12..18 sets.
_SUIT_RGB: dict[int, tuple[int, int, int]] = {
    1: (40, 150, 230),
    2: (30, 150, 60),
    3: (210, 40, 40),
    4: (120, 70, 30),
    5: (30, 50, 170),
    6: (215, 170, 0),
    7: (140, 50, 160),
    8: (20, 90, 50),
    9: (150, 20, 40),
    10: (0, 140, 140),
    11: (230, 110, 20),
    12: (80, 80, 80),
    13: (200, 50, 130),
    14: (60, 60, 200),
    15: (15, 15, 15),
    16: (170, 120, 40),
    17: (40, 110, 160),
    18: (100, 30, 100),
}

_PLAIN_MATS_RGB: tuple[tuple[int, int, int], ...] = (
    (40, 110, 60),  # green felt
    (30, 70, 130),  # blue felt
    (120, 80, 50),  # brown table
    (110, 40, 45),  # red cloth
    (90, 100, 110),  # grey-blue table
)


def _bgr(rgb: tuple[int, int, int]) -> tuple[int, int, int]:
    return (rgb[2], rgb[1], rgb[0])


@dataclass(frozen=True)
class Placed:
    """One tile in a synthetic photo.

    :ivar tile: the tile as ``"a-b"`` (higher suit first).
    :ivar left: pips on the left half as drawn (before rotation).
    :ivar right: pips on the right half.
    :ivar centre: centre in pixels of the final picture (before perspective).
    :ivar angle: rotation in degrees.
    :ivar length: the tile's long side in pixels.
    """

    tile: str
    left: int
    right: int
    centre: tuple[float, float]
    angle: float
    length: float


@dataclass
class Photo:
    """A synthetic photo and what is in it.

    :ivar image: the picture, BGR ``uint8`` of shape (height, width, 3).
    :ivar tiles: the tiles in the picture, ``"a-b"``.
    :ivar set_n: the set (double-``set_n``).
    :ivar style: one of :data:`STYLES`.
    :ivar difficulty: one of :data:`DIFFICULTIES`.
    :ivar placed: where each tile was drawn.
    :ivar surface: what the tiles lie on (``"mat"`` or ``"pattern"`` for
        these drawings; one of :data:`~companion.photo.synth.surfaces.SURFACES`
        for the photo-like renders).
    :ivar layout: how the tiles lie: one of
        :data:`~companion.photo.synth.layout.LAYOUTS` (``"apart"`` or
        ``"rows"`` for these drawings).
    :ivar hidden: tiles in the picture whose faces do not show (standing on
        an edge, face down): not counted, so not in :attr:`tiles`.
    """

    image: np.ndarray
    tiles: list[str]
    set_n: int
    style: str
    difficulty: str
    placed: list[Placed] = field(default_factory=list)
    surface: str = "mat"
    layout: str = "apart"
    hidden: list[Placed] = field(default_factory=list)

    @property
    def pips(self) -> int:
        """The pips of the hand (both halves of every tile), in pips."""
        return sum(int(a) + int(b) for a, b in (t.split("-") for t in self.tiles))

    def jpeg(self, quality: int = 90) -> bytes:
        """The picture as JPEG bytes (as a phone sends it)."""
        ok, buf = cv2.imencode(".jpg", self.image, [cv2.IMWRITE_JPEG_QUALITY, quality])
        assert ok
        return buf.tobytes()


def styles_for(set_n: int) -> tuple[str, ...]:
    """The tile styles drawn for a double-``set_n`` set (coloured pips from 12)."""
    return STYLES if set_n >= 12 else STYLES[:2]


def tile_sprite(
    left: int, right: int, length: int, style: str
) -> tuple[np.ndarray, np.ndarray]:
    """Draw one tile face up, square to the frame.

    :param left: pips on the left half, 0..18.
    :param right: pips on the right half, 0..18.
    :param length: the long side in pixels (the tile is 80 × 40 units:
        :mod:`companion.pips` gives the pips of each 40 × 40 half).
    :param style: one of :data:`STYLES`.
    :return: ``(bgr, alpha)``: the picture (``uint8``, length × length/2 plus a
        margin of a tenth of the height on each side) and its coverage (``float32``
        0..1).
    """
    ss = 3  # drawn 3× larger, then shrunk: smooth edges
    unit = length * ss / 80.0
    margin = int(round(4 * unit))
    w = int(round(80 * unit)) + 2 * margin
    h = int(round(40 * unit)) + 2 * margin
    if style == "black":
        face, rim, pip_col, bar = (28, 26, 24), (8, 8, 8), (232, 236, 238), (170, 190, 200)
    else:
        face, rim, pip_col, bar = (222, 240, 248), (150, 165, 175), (25, 25, 25), (95, 100, 105)
    img = np.zeros((h, w, 3), np.uint8)
    alpha = np.zeros((h, w), np.uint8)
    x0, y0, x1, y1 = margin, margin, w - margin - 1, h - margin - 1
    radius = int(round(5 * unit))

    def rounded(target: np.ndarray, colour, inset: int) -> None:
        r = max(1, radius - inset)
        a, b, c, d = x0 + inset, y0 + inset, x1 - inset, y1 - inset
        cv2.rectangle(target, (a + r, b), (c - r, d), colour, -1)
        cv2.rectangle(target, (a, b + r), (c, d - r), colour, -1)
        for cx, cy in ((a + r, b + r), (c - r, b + r), (a + r, d - r), (c - r, d - r)):
            cv2.circle(target, (cx, cy), r, colour, -1, cv2.LINE_AA)

    rounded(alpha, 255, 0)
    rounded(img, rim, 0)
    rounded(img, face, max(1, int(round(1.2 * unit))))
    bar_w = max(1, int(round(1.0 * unit)))
    mid = (x0 + x1) // 2
    cv2.line(img, (mid, int(y0 + 4 * unit)), (mid, int(y1 - 4 * unit)), bar, bar_w, cv2.LINE_AA)
    for n, ox in ((left, 0.0), (right, 40.0)):
        colour = pip_col
        if style == "coloured" and n > 0:
            colour = _bgr(_SUIT_RGB[n])
        for cx, cy, r in layouts.layout(n):
            px = x0 + (ox + cx) * unit
            py = y0 + cy * unit
            cv2.circle(
                img, (int(px * 16), int(py * 16)), int(r * unit * 16), colour, -1, cv2.LINE_AA, 4
            )
    small = (w // ss, h // ss)
    img = cv2.resize(img, small, interpolation=cv2.INTER_AREA)
    a = cv2.resize(alpha, small, interpolation=cv2.INTER_AREA).astype(np.float32) / 255.0
    return img, a


def _background(rng: np.random.Generator, w: int, h: int, busy: bool, style: str) -> np.ndarray:
    """A mat: a plain colour with a fine felt texture, or a busy pattern."""
    small_w, small_h = max(8, w // 4), max(8, h // 4)
    if not busy:
        mats = list(_PLAIN_MATS_RGB)
        base = np.array(_bgr(mats[int(rng.integers(len(mats)))]), np.float32)
        base *= rng.uniform(0.85, 1.15)
        tex = rng.normal(0, 6, (small_h, small_w, 1)).astype(np.float32)
        img = base[None, None, :] + tex
    else:
        ys, xs = np.mgrid[0:small_h, 0:small_w].astype(np.float32)
        kind = int(rng.integers(3))
        if kind == 0:  # wood grain
            freq = rng.uniform(0.02, 0.06)
            warp = 12 * np.sin(xs * rng.uniform(0.005, 0.02) + rng.uniform(0, 6))
            grain = 0.5 + 0.5 * np.sin((ys + warp) * freq + 3 * np.sin(xs * 0.01))
            light = np.array((60, 110, 170), np.float32)
            dark = np.array((25, 55, 95), np.float32)
            img = dark + (light - dark) * grain[..., None]
        elif kind == 1:  # checked cloth
            cell = rng.uniform(15, 40)
            a = (np.floor(xs / cell) + np.floor(ys / cell)) % 2
            c1 = rng.uniform(40, 200, 3).astype(np.float32)
            c2 = rng.uniform(40, 200, 3).astype(np.float32)
            img = c1 + (c2 - c1) * a[..., None]
        else:  # patterned cloth: a colour field with shapes
            img = np.empty((small_h, small_w, 3), np.float32)
            img[:] = rng.uniform(50, 170, 3)
        img = np.ascontiguousarray(img, dtype=np.float32)
        for _ in range(int(rng.integers(15, 40))):
            colour = tuple(float(c) for c in rng.uniform(20, 235, 3))
            cx, cy = int(rng.integers(small_w)), int(rng.integers(small_h))
            size = int(rng.integers(3, max(4, small_w // 12)))
            if rng.random() < 0.5:
                cv2.circle(img, (cx, cy), size, colour, -1, cv2.LINE_AA)
            else:
                ex, ey = cx + int(rng.integers(-80, 80)), cy + int(rng.integers(-80, 80))
                cv2.line(img, (cx, cy), (ex, ey), colour, max(1, size // 3), cv2.LINE_AA)
        img += rng.normal(0, 8, (small_h, small_w, 1)).astype(np.float32)
    img = cv2.resize(img, (w, h), interpolation=cv2.INTER_LINEAR)
    return img


def _hand(rng: np.random.Generator, set_n: int, count: int) -> list[tuple[int, int]]:
    """``count`` different tiles of a double-``set_n`` set, each as drawn (left, right)."""
    all_tiles = [(a, b) for a in range(set_n + 1) for b in range(a + 1)]
    picks = rng.choice(len(all_tiles), size=count, replace=False)
    out = []
    for i in picks:
        a, b = all_tiles[int(i)]
        out.append((a, b) if rng.random() < 0.5 else (b, a))
    return out


def _paste(canvas: np.ndarray, sprite: np.ndarray, alpha: np.ndarray, centre, angle: float,
           shadow: bool) -> None:
    """Rotate ``sprite`` by ``angle`` degrees about its centre and lay it on
    ``canvas`` (float32 BGR) at ``centre``, with a soft shadow."""
    sh, sw = alpha.shape
    diag = int(math.ceil(math.hypot(sw, sh))) + 4
    m = cv2.getRotationMatrix2D((sw / 2, sh / 2), angle, 1.0)
    m[0, 2] += diag / 2 - sw / 2
    m[1, 2] += diag / 2 - sh / 2
    rot = cv2.warpAffine(sprite, m, (diag, diag), flags=cv2.INTER_LINEAR).astype(np.float32)
    a = cv2.warpAffine(alpha, m, (diag, diag), flags=cv2.INTER_LINEAR)
    x0 = int(round(centre[0] - diag / 2))
    y0 = int(round(centre[1] - diag / 2))
    H, W = canvas.shape[:2]
    cx0, cy0 = max(0, x0), max(0, y0)
    cx1, cy1 = min(W, x0 + diag), min(H, y0 + diag)
    if cx1 <= cx0 or cy1 <= cy0:
        return
    sx0, sy0 = cx0 - x0, cy0 - y0
    region = canvas[cy0:cy1, cx0:cx1]
    if shadow:
        off = max(1, sh // 14)
        sa = cv2.GaussianBlur(a, (0, 0), max(1.0, sh / 16))
        sa = np.roll(np.roll(sa, off, axis=0), off, axis=1)[sy0:sy0 + cy1 - cy0, sx0:sx0 + cx1 - cx0]
        region *= (1 - 0.45 * sa)[..., None]
    aa = a[sy0:sy0 + cy1 - cy0, sx0:sx0 + cx1 - cx0][..., None]
    region[:] = region * (1 - aa) + rot[sy0:sy0 + cy1 - cy0, sx0:sx0 + cx1 - cx0] * aa


def render(
    seed: int,
    set_n: int,
    difficulty: str = "apart",
    style: str | None = None,
    size: tuple[int, int] = (1600, 1200),
    count: int | None = None,
) -> Photo:
    """Draw one seeded synthetic photo of a hand.

    :param seed: the seed; the same arguments give the same picture.
    :param set_n: the set, double-6 to double-18.
    :param difficulty: one of :data:`DIFFICULTIES`.
    :param style: one of :data:`STYLES` (default: drawn from the seed among
        :func:`styles_for`).
    :param size: ``(width, height)`` in pixels (a 12-megapixel phone photo is
        4000 × 3000).
    :param count: tiles in the hand (default: 1 to 10 from the seed).
    :return: the photo and what is in it.
    :raises ValueError: for an unknown difficulty or style.
    """
    if difficulty not in DIFFICULTIES:
        raise ValueError(f"unknown difficulty {difficulty!r}")
    rng = np.random.default_rng([seed, set_n, DIFFICULTIES.index(difficulty)])
    if style is None:
        options = styles_for(set_n)
        style = options[int(rng.integers(len(options)))]
    if style not in STYLES:
        raise ValueError(f"unknown style {style!r}")
    w, h = size
    if count is None:
        count = int(rng.integers(1, 11))
    hand = _hand(rng, set_n, count)
    busy = difficulty in ("busy", "lifelike")
    canvas = _background(rng, w, h, busy, style)

    rows = difficulty == "touching" or (difficulty == "lifelike" and len(hand) > 1 and rng.random() < 0.5)
    if rows:
        placed = _place_rows(rng, hand, w, h)
    else:
        placed = _place_apart(rng, hand, w, h, free_angle=difficulty != "apart")
    for p in placed:
        sprite, alpha = tile_sprite(p.left, p.right, int(round(p.length)), style)
        _paste(canvas, sprite, alpha, p.centre, p.angle, shadow=True)
    image = _camera(rng, canvas, difficulty)
    return Photo(image, [p.tile for p in placed], set_n, style, difficulty, placed,
                 surface="pattern" if busy else "mat", layout="rows" if rows else "apart")


def _place_rows(rng: np.random.Generator, hand: list[tuple[int, int]], w: int, h: int) -> list[Placed]:
    """Rows of two to four tiles, long sides touching, each row turned as one
    (the difficulty ``touching``), one row per cell of a grid."""
    groups: list[list[tuple[int, int]]] = []
    i = 0
    while i < len(hand):
        k = min(len(hand) - i, int(rng.integers(2, 5)))
        groups.append(hand[i:i + k])
        i += k
    cols = math.ceil(math.sqrt(len(groups) * w / h))
    rows = math.ceil(len(groups) / cols)
    cell = min(w / cols, h / rows)
    biggest = max(len(g) for g in groups)
    # A row of k tiles is about length × (k/2) square; keep it in its cell.
    length = cell / (math.hypot(1.0, biggest / 2) * 1.15) * rng.uniform(0.8, 1.0)
    placed: list[Placed] = []
    for gi, group in enumerate(groups):
        r, c = divmod(gi, cols)
        gx = (c + 0.5) * w / cols
        gy = (r + 0.5) * h / rows
        angle = float(rng.uniform(-180, 180))
        step = length / 2  # tile height
        theta = math.radians(-angle)
        for j, (a, b) in enumerate(group):
            off = (j - (len(group) - 1) / 2) * step
            # offset along the tile's short axis (perpendicular to its long side)
            dx, dy = -math.sin(theta) * off, math.cos(theta) * off
            placed.append(Placed(_name(a, b), a, b, (gx + dx, gy + dy), angle, length))
    return placed


def _place_apart(rng: np.random.Generator, hand: list[tuple[int, int]], w: int, h: int,
                 free_angle: bool) -> list[Placed]:
    """Tiles apart, one per cell of a grid, shifted a little in it; square to
    the frame (give or take 6°) unless ``free_angle``."""
    count = len(hand)
    cols = math.ceil(math.sqrt(count * w / h))
    rows = math.ceil(count / cols)
    cell = min(w / cols, h / rows)
    diag = math.hypot(1.0, 0.5) if free_angle else 1.05
    length = cell / (diag * 1.25) * rng.uniform(0.75, 1.0)
    slots = rng.permutation(cols * rows)[:count]
    placed: list[Placed] = []
    for (a, b), slot in zip(hand, slots):
        r, c = divmod(int(slot), cols)
        slack_x = max(0.0, (w / cols - length * diag * 1.1) / 2)
        slack_y = max(0.0, (h / rows - length * diag * 1.1) / 2)
        x = (c + 0.5) * w / cols + rng.uniform(-slack_x, slack_x)
        y = (r + 0.5) * h / rows + rng.uniform(-slack_y, slack_y)
        angle = float(rng.uniform(-180, 180) if free_angle else rng.choice((0, 90, 180, 270))
                      + rng.uniform(-6, 6))
        placed.append(Placed(_name(a, b), a, b, (x, y), angle, length))
    return placed


def _camera(rng: np.random.Generator, canvas: np.ndarray, difficulty: str) -> np.ndarray:
    """What the phone's camera adds to the drawn table: a slant
    (``perspective``), light falling off (strongly for ``uneven_light``, with a
    soft shadow), blur and sensor noise. The picture as ``uint8``."""
    h, w = canvas.shape[:2]
    if difficulty in ("perspective", "lifelike"):
        k = 0.07
        src = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
        dst = src + np.float32(rng.uniform(-k, k, (4, 2)) * [w, h])
        m = cv2.getPerspectiveTransform(src, dst)
        canvas = cv2.warpPerspective(canvas, m, (w, h), borderMode=cv2.BORDER_REFLECT)
    light_strength = 0.5 if difficulty in ("uneven_light", "lifelike") else 0.12
    ys, xs = np.mgrid[0:h:8, 0:w:8].astype(np.float32)
    ang = rng.uniform(0, 2 * math.pi)
    grad = (np.cos(ang) * (xs / w - 0.5) + np.sin(ang) * (ys / h - 0.5)) * 2  # -1.4 .. 1.4
    field_ = 1.0 - light_strength * (grad + 1) / 2
    if difficulty in ("uneven_light", "lifelike"):
        # and a soft shadow (a hand, a lamp arm) across part of the picture
        sx, sy = rng.uniform(0, w), rng.uniform(0, h)
        d2 = ((xs - sx) ** 2 + (ys - sy) ** 2) / (0.3 * w) ** 2
        field_ *= 1 - 0.3 * np.exp(-d2)
    field_ = cv2.resize(field_, (w, h), interpolation=cv2.INTER_LINEAR)
    canvas *= field_[..., None]
    if difficulty == "lifelike":
        # glare: a lamp's bright spot, a little bluish, over part of the table
        gx, gy = rng.uniform(0.2 * w, 0.8 * w), rng.uniform(0.2 * h, 0.8 * h)
        gys, gxs = np.mgrid[0:h:8, 0:w:8].astype(np.float32)
        d2 = ((gxs - gx) ** 2 + (gys - gy) ** 2) / (rng.uniform(0.04, 0.1) * w) ** 2
        glare = cv2.resize(np.exp(-d2).astype(np.float32), (w, h), interpolation=cv2.INTER_LINEAR)
        canvas += glare[..., None] * np.float32(rng.uniform(60, 140)) * np.float32([1.0, 0.97, 0.93])
    blur = float(rng.uniform(0.4, 1.2)) * max(w, h) / 1600
    canvas = cv2.GaussianBlur(canvas, (0, 0), blur)
    canvas += rng.normal(0, rng.uniform(2, 6), canvas.shape[:2])[..., None].astype(np.float32)
    return np.clip(canvas, 0, 255).astype(np.uint8)


def _name(a: int, b: int) -> str:
    return f"{max(a, b)}-{min(a, b)}"


__all__ = ["DIFFICULTIES", "SETS", "STYLES", "Photo", "Placed", "render", "styles_for", "tile_sprite"]
