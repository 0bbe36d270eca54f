"""Tables and cloths under the tiles of the photo-like renders.

Each surface is drawn at a quarter of the picture's size (its pattern) and
enlarged, then given a fine texture at full size (wood fibres, the weave of
a cloth, the grain of leather), as a phone photo shows them.
"""

from __future__ import annotations

import cv2
import numpy as np

SURFACES: tuple[str, ...] = ("wood", "felt", "leather", "check", "stripes", "flowers", "grey")
"""Surfaces: a wooden table of planks; felt or cloth in a plain colour (green,
blue, red, dark); black leather; tablecloths checked, striped or with
flowers; a plain grey table."""

_FELT_BGR = ((60, 110, 40), (130, 70, 30), (45, 40, 110), (28, 26, 26), (40, 40, 45), (90, 100, 110))
_WOOD_BGR = (((70, 120, 170), (35, 70, 115)), ((90, 150, 200), (55, 105, 150)),
             ((40, 65, 95), (20, 35, 55)), ((60, 100, 140), (30, 55, 85)))


def surface(rng: np.random.Generator, kind: str, w: int, h: int) -> np.ndarray:
    """A ``w`` × ``h`` picture of the surface ``kind`` (one of
    :data:`SURFACES`), BGR ``float32`` 0..255.

    :raises ValueError: for an unknown surface.
    """
    sw, sh = max(16, w // 4), max(16, h // 4)
    ys, xs = np.mgrid[0:sh, 0:sw].astype(np.float32)
    if kind == "wood":
        img = _wood(rng, xs, ys)
        fine = 7.0
    elif kind == "felt":
        base = np.float32(_FELT_BGR[int(rng.integers(len(_FELT_BGR)))]) * rng.uniform(0.85, 1.15)
        img = np.broadcast_to(base, (sh, sw, 3)).copy()
        img += _noise(rng, sw, sh, 6.0, 4.0)
        fine = 9.0
    elif kind == "leather":
        base = np.float32((22, 22, 26)) * rng.uniform(0.8, 1.4)
        pebble = _noise(rng, sw, sh, 0.8, 1.0)
        img = base + 10 * np.clip(pebble, -1.5, 1.5)
        fine = 5.0
    elif kind in ("check", "stripes"):
        img = _woven(rng, xs, ys, check=kind == "check")
        fine = 8.0
    elif kind == "flowers":
        img = _flowers(rng, sw, sh)
        fine = 8.0
    elif kind == "grey":
        base = np.float32((rng.uniform(150, 205),) * 3) + np.float32((4, 2, 0))
        img = base + _noise(rng, sw, sh, 40.0, 5.0)
        fine = 3.0
    else:
        raise ValueError(f"unknown surface {kind!r}")
    img = cv2.resize(np.ascontiguousarray(img, np.float32), (w, h), interpolation=cv2.INTER_LINEAR)
    grain = rng.normal(0, fine, (h // 2 + 1, w // 2 + 1)).astype(np.float32)
    grain = cv2.resize(grain, (w, h), interpolation=cv2.INTER_LINEAR)
    img += grain[..., None]
    return img


def _noise(rng: np.random.Generator, sw: int, sh: int, scale: float, amount: float) -> np.ndarray:
    """Smooth noise of features about ``scale`` pixels (of the small picture), ×``amount``."""
    n = rng.normal(0, 1, (sh, sw)).astype(np.float32)
    n = cv2.GaussianBlur(n, (0, 0), scale)
    n /= max(1e-6, float(n.std()))
    return (n * amount)[..., None]


def _wood(rng: np.random.Generator, xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
    """Planks side by side, each with its own shade and grain streaking
    along it, dark seams between."""
    light, dark = (np.float32(c) for c in _WOOD_BGR[int(rng.integers(len(_WOOD_BGR)))])
    across = rng.random() < 0.5  # planks lying across the picture (else up and down)
    sh, sw = xs.shape
    n = rng.normal(0, 1, (sh, sw)).astype(np.float32)
    long_ = float(rng.uniform(15, 40))
    n = cv2.GaussianBlur(n, (0, 0), long_ if across else 0.9, sigmaY=0.9 if across else long_)
    n /= max(1e-6, float(n.std()))
    u = ys if across else xs  # across the planks
    plank = rng.uniform(60, 160)
    index = np.floor(u / plank)
    tone = (np.sin(index * 12.9898 + rng.uniform(0, 6)) * 43758.5453) % 1.0  # a shade per plank
    grain = 0.5 + 0.5 * np.tanh(n * 1.2)
    img = dark + (light - dark) * (0.6 * grain + 0.4 * tone)[..., None]
    seam = np.abs(u - (index + 0.5) * plank) > plank / 2 - 1.0
    img[seam] *= 0.45
    return img


def _woven(rng: np.random.Generator, xs: np.ndarray, ys: np.ndarray, check: bool) -> np.ndarray:
    """A gingham check (two crossing stripes, darker where they cross) or stripes."""
    cell = rng.uniform(10, 30)
    c0 = np.float32(rng.uniform(200, 245, 3))  # the cloth, pale
    c1 = np.float32(rng.uniform(30, 200, 3))  # the print
    ang = rng.uniform(-0.4, 0.4)
    u = xs * np.cos(ang) + ys * np.sin(ang)
    v = -xs * np.sin(ang) + ys * np.cos(ang)
    a = ((u / cell) % 2 < 1).astype(np.float32)
    if check:
        b = ((v / cell) % 2 < 1).astype(np.float32)
        k = (a + b) / 2
    else:
        k = a * rng.uniform(0.6, 1.0)
    k = cv2.GaussianBlur(k, (0, 0), 0.7)
    return c0 + (c1 - c0) * k[..., None]


def _flowers(rng: np.random.Generator, sw: int, sh: int) -> np.ndarray:
    """A cloth with flowers: petals around a heart, leaves, in a few colours."""
    img = np.empty((sh, sw, 3), np.float32)
    img[:] = rng.uniform(120, 235, 3)
    palette = [tuple(float(c) for c in rng.uniform(20, 230, 3)) for _ in range(4)]
    for _ in range(int(sw * sh / 2500)):
        cx, cy = float(rng.uniform(0, sw)), float(rng.uniform(0, sh))
        size = float(rng.uniform(4, 14))
        petal = palette[int(rng.integers(len(palette)))]
        for k in range(5):
            t = k * 2 * np.pi / 5 + rng.uniform(0, 1)
            cv2.circle(img, (int(cx + size * np.cos(t)), int(cy + size * np.sin(t))),
                       int(size * 0.6), petal, -1, cv2.LINE_AA)
        cv2.circle(img, (int(cx), int(cy)), int(size * 0.4), palette[0], -1, cv2.LINE_AA)
    return img


__all__ = ["SURFACES", "surface"]
