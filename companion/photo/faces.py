"""Finding the tile faces in a picture (step 1 of :mod:`companion.photo.counter`).

A face is a bright (ivory) or dark (black) patch of little colour, brighter
or darker than the mat around it, about twice as long as it is wide. Light
falling off across the picture is taken out first (each pixel against the
brightness of its neighbourhood). A shape the size of two to four tiles is
cut into tiles when it is a row of them; a tile with something light laid
against it is carved out; a tile-sized shape that is none of these is said
(``odd_shape``), never guessed.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import cv2
import numpy as np


@dataclass
class Face:
    """A tile face found at analysis scale.

    :ivar box: its 4 × 2 corners, ordered around, ``box[0]→box[1]`` along the long side.
    :ivar touching: how many tiles the shape it was cut from holds (1 when alone).
    :ivar at_edge: the shape touches the picture's edge.
    :ivar group: two tiles side by side make a square: it is cut both ways,
        each face of a cut numbered by ``group`` (``-1``: not such a square)...
    :ivar option: ...and by the way it was cut (0 or 1); the way whose tiles
        read better is kept.
    """

    box: np.ndarray
    touching: int
    at_edge: bool
    group: int = -1
    option: int = 0


def _order(box: np.ndarray) -> np.ndarray:
    """Corners so that box[0]→box[1] runs along the long side."""
    box = np.asarray(box, np.float32)
    if np.linalg.norm(box[1] - box[0]) < np.linalg.norm(box[2] - box[1]):
        box = np.roll(box, -1, axis=0)
    return box


def _face_masks(small: np.ndarray) -> tuple[list[np.ndarray], int]:
    """Candidate face masks: bright faces and dark faces, each of little colour
    and standing out from the neighbourhood's brightness; then masks cast
    wider (see :func:`_contrast_masks`), and all of them again with small
    gaps closed. Returns the masks (``uint8``, 0 or 255) and how many come
    before the wide ones."""
    lab = cv2.cvtColor(small, cv2.COLOR_BGR2LAB)
    lum = lab[..., 0].astype(np.float32)
    a = lab[..., 1].astype(np.float32) - 128
    b = lab[..., 2].astype(np.float32) - 128
    chroma = cv2.magnitude(a, b)
    side = max(small.shape[:2])
    # the neighbourhood's brightness: blurred at an eighth of the size (fast)
    h, w = lum.shape
    tiny = cv2.resize(lum, (max(1, w // 8), max(1, h // 8)), interpolation=cv2.INTER_AREA)
    tiny = cv2.GaussianBlur(tiny, (0, 0), side / 80)
    illum = cv2.resize(tiny, (w, h), interpolation=cv2.INTER_LINEAR)
    ratio = lum / (illum + 8.0)
    grey = chroma < 22
    typical = float(np.median(ratio[::4, ::4]))
    # Bright faces: well above the neighbourhood, and bright outright.
    thr_r = max(1.08, typical * 1.12)
    bright = ((ratio > thr_r) & grey & (lum > 60)).astype(np.uint8) * 255
    # Dark faces: well below it, and dark outright.
    thr_d = min(0.8, typical * 0.7)
    dark = ((ratio < thr_d) & (chroma < 14) & (lum < 90)).astype(np.uint8) * 255
    masks = [bright, dark]
    # A pale cloth (grey checks, a light stripe) passes as bright too: the
    # brightest of the bright, split off by Otsu's threshold, is tried as well.
    values = lum[bright > 0]
    if values.size > 100:
        cut, _ = cv2.threshold(values.astype(np.uint8).reshape(-1, 1), 0, 255,
                               cv2.THRESH_BINARY + cv2.THRESH_OTSU)
        brightest = ((bright > 0) & (lum > cut)).astype(np.uint8) * 255
        kept = int(np.count_nonzero(brightest))
        if 0.2 * values.size < kept < 0.85 * values.size:
            masks.append(brightest)
    narrow = len(masks)
    masks += _contrast_masks(lum.astype(np.uint8))
    # a small face's bar (a pixel or two wide here) cuts it in two squares:
    # closed over
    disc = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (5, 5))
    return masks + [cv2.morphologyEx(m, cv2.MORPH_CLOSE, disc) for m in masks], narrow


def _contrast_masks(lum: np.ndarray) -> list[np.ndarray]:
    """Masks of faces that stand out from the surface whatever their colour
    (ivory, white, pink, pale blue): pixels well above the surface's lightness
    around them (the median over a square of a tenth and of a third of the
    picture, so that a few small tiles and a large block of tiles are both
    seen), and the light side of Otsu's split of the whole picture (tiles
    filling much of it on a dark cloth).

    :param lum: lightness, ``uint8`` (height, width).
    :return: ``uint8`` masks (0 or 255) of the same size.
    """
    h, w = lum.shape
    q = cv2.resize(lum, (max(8, w // 4), max(8, h // 4)), interpolation=cv2.INTER_AREA)
    masks: list[np.ndarray] = []
    for part in (10, 3):
        k = max(3, (max(q.shape) // part) | 1)
        surface = q
        # the median over a large square, as two passes of a smaller one
        # (OpenCV's median of uint8 pictures is fast for any size)
        surface = cv2.medianBlur(surface, min(k, 255))
        surface = cv2.resize(surface, (w, h), interpolation=cv2.INTER_LINEAR)
        lifted = cv2.subtract(lum, surface)
        masks.append(((lifted > 28) & (lum > 70)).astype(np.uint8) * 255)
    cut, otsu = cv2.threshold(lum, 0, 255, cv2.THRESH_BINARY + cv2.THRESH_OTSU)
    if 0.02 * lum.size < np.count_nonzero(otsu) < 0.6 * lum.size:
        masks.append(otsu)
    return masks


@dataclass
class _Shape:
    """A candidate patch of a face mask, measured."""

    contour: np.ndarray
    area: float  # pixels² at analysis scale
    edge: bool  # touches the picture's edge
    holes: int  # holes in it (pips show as holes)
    rect: tuple[Any, ...] = ()  # cv2.minAreaRect
    aspect: float = 0.0  # long side / short side of rect
    solidity: float = 0.0  # area / rect's area
    wide: bool = False  # from a mask cast wide (contrast, Otsu, closed): a leftover is no doubt


def _shapes(small: np.ndarray) -> list[_Shape]:
    """The outer shapes of every face mask that are large enough to be a tile."""
    h, w = small.shape[:2]
    shapes: list[_Shape] = []
    min_area = max(150.0, (w * h) * 0.0004)
    masks, narrow = _face_masks(small)
    for index, mask in enumerate(masks):
        mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
        contours, tree = cv2.findContours(mask, cv2.RETR_CCOMP, cv2.CHAIN_APPROX_SIMPLE)
        holes: dict[int, int] = {}
        for i, c in enumerate(contours):
            parent = int(tree[0][i][3])
            if parent >= 0 and cv2.contourArea(c) > 4:
                holes[parent] = holes.get(parent, 0) + 1
        for i, c in enumerate(contours):
            if int(tree[0][i][3]) >= 0:
                continue
            x, y, cw, ch = cv2.boundingRect(c)
            if cw * ch < min_area:
                continue  # a speck: its hull is smaller than its box
            # pips on the rim of a small face cut into its outline: the
            # face is its convex hull
            area = cv2.contourArea(cv2.convexHull(c))
            if area < min_area:
                continue
            edge = x <= 1 or y <= 1 or x + cw >= w - 1 or y + ch >= h - 1
            shapes.append(_Shape(c, area, edge, holes.get(i, 0), wide=index >= narrow))
    return shapes


def find_faces(small: np.ndarray) -> tuple[list[Face], list[str]]:
    """Tile faces at analysis scale, and problems about the picture
    (``odd_shape``: a tile-sized shape that is not clearly a tile)."""
    h, w = small.shape[:2]
    problems: list[str] = []
    described: list[_Shape] = []
    singles = []
    for shape in _shapes(small):
        rect = cv2.minAreaRect(shape.contour)
        (rw, rh) = rect[1]
        if rw < 2 or rh < 2:
            continue
        long_, short = max(rw, rh), min(rw, rh)
        shape.rect, shape.aspect, shape.solidity = rect, long_ / short, shape.area / (rw * rh)
        described.append(shape)
        if _single(shape.aspect, shape.solidity):
            singles.append(shape.area)
    # specks of cloth may pass as small singles: a tile is at least a fifth
    # of the largest single
    singles = [a for a in singles if a >= 0.2 * max(singles)]
    unit = float(np.median(singles)) if singles else None
    faces: list[Face] = []
    for shape in described:
        found = _faces_in(shape, unit, (h, w), group=len(faces))
        if found is None:
            if not shape.wide:
                problems.append("odd_shape")
        else:
            faces.extend(found)
    return _unrepeated(faces), problems


def _unrepeated(faces: list[Face]) -> list[Face]:
    """The faces, each once: the same face found in several masks (its
    corners within half a pixel of another's, in any order around) is
    read once. Faces of a square of two tiles cut two ways are kept."""
    kept: list[Face] = []
    # the same box has the same centre: only faces whose centres lie within
    # half a pixel are compared corner by corner (hundreds of faces found
    # in the masks of a busy photo)
    centres: dict[tuple[int, int], list[Face]] = {}
    for face in faces:
        if face.group < 0:
            cx, cy = (float(v) for v in face.box.mean(axis=0))
            near = [k for dx in (-1, 0, 1) for dy in (-1, 0, 1)
                    for k in centres.get((int(cx // 1) + dx, int(cy // 1) + dy), [])]
            if any(_same_box(face.box, k.box) for k in near):
                continue
            centres.setdefault((int(cx // 1), int(cy // 1)), []).append(face)
        kept.append(face)
    return kept


def _same_box(a: np.ndarray, b: np.ndarray, tol: float = 0.5) -> bool:
    """Whether two 4 × 2 boxes have the same corners (within ``tol`` pixels),
    whichever corner each starts from."""
    return any(float(np.abs(np.roll(b, k, axis=0) - a).max()) <= tol for k in range(4))


def _faces_in(shape: _Shape, unit: float | None, size: tuple[int, int], group: int) -> list[Face] | None:
    """The tile faces one shape holds: itself, what is left when thin parts
    are cut off, or a row of touching tiles cut apart; ``[]`` when it is no
    tile, ``None`` when it looks like one but cannot be read as tiles (an
    odd shape). ``unit`` is a single face's area (``None``: none seen);
    ``group`` numbers the two ways of cutting a square of two tiles."""
    c, area, edge, rect = shape.contour, shape.area, shape.edge, shape.rect
    box = _order(_quad(c, rect))
    if _single(shape.aspect, shape.solidity) and (unit is None or area < 1.6 * unit):
        return [Face(box, 1, edge)]
    if unit is None or area < 0.5 * unit:
        return []
    # A tile with something light laid against it (a stripe of the cloth,
    # a coin): thin parts cut off, is what is left a tile?
    x, y, cw, ch = cv2.boundingRect(c)
    small_enough = max(cw, ch) < 0.5 * max(size) and 0.5 * unit < area < 3 * unit
    carved = _carve(c, unit, size) if small_enough else []
    if carved and len(carved) * unit > 0.5 * area:
        return [Face(b, 1, edge) for b in carved]
    count = int(round(area / unit))
    # a row of 2-4 touching tiles: side by side (k·w × l) or end to end (l × k·2w)
    aspect = shape.aspect
    row = 2 <= count <= 4 and (abs(aspect - 2 * count) < 0.6 * count
                               or abs(aspect - max(2 / count, count / 2)) < 0.35)
    if not row or shape.solidity < 0.75:
        # pips show as holes: a shape with holes likely hides a tile
        if (shape.solidity > 0.7 and 0.6 * unit < area < 1.6 * unit) or shape.holes >= 1:
            return None
        return []
    # Touching tiles: cut the shape into tiles along its long side when it
    # is a row of them (long sides together, or ends together).
    long_, short = max(rect[1]), min(rect[1])
    if count == 2 and long_ / short < 1.35:
        return [Face(part, count, edge, group, option)
                for option, way in enumerate((box, np.roll(box, 1, axis=0)))
                for part in _split(way, count, long_, short)]
    return [Face(part, count, edge) for part in _split(box, count, long_, short)]


def _single(aspect: float, solidity: float) -> bool:
    """A shape that is one tile face: about twice as long as wide (from 1.25
    to 3.6 times: a photo taken at a slant shortens or lengthens it), and
    filling its rectangle."""
    return 1.25 <= aspect <= 3.6 and solidity > 0.8


def _carve(contour: np.ndarray, unit: float, shape: tuple[int, int]) -> list[np.ndarray]:
    """Tile faces left when the thin parts of a shape are cut away (opening
    with a disc a third of a tile's width); ``[]`` when none is left whole."""
    short = math.sqrt(unit / 2)
    k = max(3, int(short / 3) | 1)
    x, y, cw, ch = cv2.boundingRect(contour)
    pad = k + 2
    mask: np.ndarray = np.zeros((ch + 2 * pad, cw + 2 * pad), np.uint8)
    cv2.drawContours(mask, [contour - [x - pad, y - pad]], -1, 255, -1)
    mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k)))
    parts, _ = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    out = []
    for part in parts:
        area = cv2.contourArea(part)
        if not 0.6 * unit < area < 1.4 * unit:
            continue
        rect = cv2.minAreaRect(part)
        rw, rh = rect[1]
        if min(rw, rh) < 2 or not _single(max(rw, rh) / min(rw, rh), area / (rw * rh)):
            continue
        part = part + [x - pad, y - pad]
        out.append(_order(_quad(part, cv2.minAreaRect(part))))
    return out


def _quad(contour: np.ndarray, rect: tuple[Any, ...]) -> np.ndarray:
    """The face's four corners: the contour simplified to four points when it
    is a convex quadrilateral (a tile seen at a slant), else its smallest
    enclosing rectangle."""
    peri = cv2.arcLength(contour, True)
    hull = cv2.convexHull(contour)
    for eps in (0.02, 0.035, 0.05):
        approx = cv2.approxPolyDP(hull, eps * peri, True)
        if len(approx) == 4:
            quad = approx.reshape(4, 2).astype(np.float32)
            if cv2.isContourConvex(approx) and cv2.contourArea(approx) > 0.85 * cv2.contourArea(hull):
                return quad
            break
    return cv2.boxPoints(rect)


def _split(box: np.ndarray, count: int, long_: float, short: float) -> list[np.ndarray]:
    """Cut a box holding ``count`` touching tiles into tile boxes (a row of
    tiles side by side, or end to end)."""
    p0, p1, p2, p3 = box  # p0→p1 long side
    parts = []
    if long_ / short > 2.5 * 1.3:  # end to end: cut across the long side
        for i in range(count):
            a = p0 + (p1 - p0) * i / count
            b = p0 + (p1 - p0) * (i + 1) / count
            d = p3 - p0
            parts.append(np.array([a, b, b + d, a + d], np.float32))
    else:  # side by side: cut along the long side
        for i in range(count):
            a = p0 + (p3 - p0) * i / count
            d = (p3 - p0) / count
            parts.append(_order(np.array([a, a + (p1 - p0), a + (p1 - p0) + d, a + d], np.float32)))
    return parts
