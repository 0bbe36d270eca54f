"""What a phone adds to a table it photographs (the photo-like renders):
light from one side with vignetting, glare on glossy faces, a slant, a
colour cast, blur, sensor noise and JPEG compression."""

from __future__ import annotations

import math

import cv2
import numpy as np

SLANT_LOSS = 0.11
"""The most of the picture's smaller side :func:`slant` cuts off at an edge
(a share): tiles are laid further in than this."""


def light_field(rng: np.random.Generator, w: int, h: int, toward: tuple[float, float]) -> np.ndarray:
    """The light falling on the table, ``float32`` (h, w), about 0.45..1.1:
    brighter towards ``toward`` (a unit vector, picture axes), darker in the
    corners (vignetting), now and then a soft shadow (a hand, a lamp's arm)."""
    ys, xs = np.mgrid[0:h:8, 0:w:8].astype(np.float32)
    u, v = xs / w - 0.5, ys / h - 0.5
    side = 1.0 + rng.uniform(0.1, 0.45) * (u * toward[0] + v * toward[1]) * 2
    vignette = 1.0 - rng.uniform(0.15, 0.4) * (u * u + v * v) * 2
    field_ = side * vignette
    if rng.random() < 0.3:
        sx, sy = rng.uniform(0, w), rng.uniform(0, h)
        d2 = ((xs - sx) ** 2 + (ys - sy) ** 2) / (rng.uniform(0.15, 0.35) * w) ** 2
        field_ *= 1 - rng.uniform(0.2, 0.45) * np.exp(-d2)
    return cv2.resize(field_.astype(np.float32), (w, h), interpolation=cv2.INTER_LINEAR)


def glare(rng: np.random.Generator, canvas: np.ndarray, glossy: np.ndarray) -> None:
    """A lamp's reflection: a bright streak across the picture, strong on
    the glossy faces (``glossy``: ``float32`` (h, w), 0..1 per pixel), faint
    on the table. Changes ``canvas`` in place."""
    h, w = glossy.shape
    ys, xs = np.mgrid[0:h:4, 0:w:4].astype(np.float32)
    ang = rng.uniform(0, math.pi)
    px, py = rng.uniform(0.2, 0.8) * w, rng.uniform(0.2, 0.8) * h
    across = (xs - px) * -math.sin(ang) + (ys - py) * math.cos(ang)
    along = (xs - px) * math.cos(ang) + (ys - py) * math.sin(ang)
    width = rng.uniform(0.02, 0.07) * w
    streak = np.exp(-(across / width) ** 2) * np.exp(-(along / (rng.uniform(0.2, 0.6) * w)) ** 2)
    streak = cv2.resize(streak.astype(np.float32), (w, h), interpolation=cv2.INTER_LINEAR)
    strength = rng.uniform(70, 170)
    lift = streak * (glossy * strength + 0.15 * strength)
    canvas += lift[..., None] * np.float32((1.0, 0.98, 0.95))


def slant(rng: np.random.Generator, canvas: np.ndarray) -> np.ndarray:
    """The phone held at an angle: one edge of the table nearer (larger) than
    the opposite one (a keystone), the corners moved a little. Only the
    inside of the drawn table is shown (so no mirrored borders): up to
    :data:`SLANT_LOSS` of the picture's smaller side is lost at an edge."""
    h, w = canvas.shape[:2]
    k = rng.uniform(0.0, 0.08) * min(w, h)
    rect = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
    inner = rect.copy()
    near = int(rng.integers(4))  # the edge nearest the phone, its corners (near, near + 1)
    a, b = near, (near + 1) % 4
    along = (rect[b] - rect[a]) / np.linalg.norm(rect[b] - rect[a])
    inner[a] += along * k
    inner[b] -= along * k
    inner += (np.float32((w / 2, h / 2)) - rect) * np.float32(rng.uniform(0, 0.03, (4, 1)))
    m = cv2.getPerspectiveTransform(inner, rect)
    return cv2.warpPerspective(canvas, m, (w, h), borderMode=cv2.BORDER_REPLICATE)


def develop(rng: np.random.Generator, canvas: np.ndarray) -> np.ndarray:
    """What the camera does last: a colour cast (warm indoor light mostly),
    a little blur, sensor noise, JPEG. The picture as BGR ``uint8``."""
    h, w = canvas.shape[:2]
    if rng.random() < 0.7:
        cast = np.float32((rng.uniform(0.78, 0.92), rng.uniform(0.93, 1.0), rng.uniform(1.02, 1.1)))
    else:
        cast = np.float32((rng.uniform(1.0, 1.08), 1.0, rng.uniform(0.92, 1.0)))
    canvas *= cast * np.float32(rng.uniform(0.85, 1.1))
    blur = float(rng.uniform(0.5, 1.6)) * max(w, h) / 2000
    canvas = cv2.GaussianBlur(canvas, (0, 0), blur)
    sigma = rng.uniform(2, 7)
    noise = rng.normal(0, sigma, (h // 2 + 1, w // 2 + 1)).astype(np.float32)
    canvas += cv2.resize(noise, (w, h), interpolation=cv2.INTER_NEAREST)[..., None]
    canvas += rng.normal(0, sigma / 2, (h, w, 1)).astype(np.float32)
    img = np.clip(canvas, 0, 255).astype(np.uint8)
    ok, buf = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, int(rng.integers(55, 92))])
    assert ok
    out = cv2.imdecode(buf, cv2.IMREAD_COLOR)
    assert out is not None
    return out


__all__ = ["develop", "glare", "light_field", "slant"]
