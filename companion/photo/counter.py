"""Count the pips of a hand from a photo: classic image processing, no model.

The steps, on a picture of tiles lying face up:

1. Find the tile faces. A face is a bright (ivory) or dark (black) patch of
   little colour, brighter or darker than the mat around it, about twice as
   long as it is wide. Light falling off across the picture is taken out
   first (each pixel against the brightness of its neighbourhood).
2. Turn each face square to the frame (a fixed size, whatever its size and
   angle in the picture) and find its centre bar.
3. Find the pips of each half: spots that differ from the face's own colour
   (black on ivory, white on black, or coloured by suit). Two pips run
   together by blur count as two by their area.
4. Say how sure it is. A face without a centre bar, pips that are not
   round, a half beyond the set's largest suit, a shape the size of two tiles
   (tiles touching), a tile cut by the edge of the picture: each is a
   *problem* and makes the reading *uncertain*. Nothing is guessed silently.

Everything here works on ``numpy`` arrays; :mod:`companion.photo.intake` reads
the uploaded file and :mod:`companion.photo.overlay` draws the result.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import cv2
import numpy as np

ANALYSIS_SIDE = 1000
"""The long side, in pixels, at which tile faces are looked for."""

HALF_PX = 96
"""A half of a tile is read as a HALF_PX × HALF_PX square."""


@dataclass(frozen=True)
class Spot:
    """A pip found on a tile, in pixels of the picture that was read.

    :ivar x: centre, from the left.
    :ivar y: centre, from the top.
    :ivar r: radius.
    """

    x: float
    y: float
    r: float


@dataclass
class TileReading:
    """One tile read from the picture.

    :ivar halves: pips on each half (``(a, b)``, in the order found).
    :ivar corners: the face's four corners in pixels of the picture, a 4 × 2
        list of ``[x, y]``.
    :ivar spots: the pips found, in pixels of the picture.
    :ivar problems: codes of what makes this tile uncertain (see
        :data:`PROBLEM_CODES`); empty when it was read cleanly.
    """

    halves: tuple[int, int]
    corners: list[list[float]]
    spots: list[Spot] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    @property
    def name(self) -> str:
        """The tile as ``"a-b"``, higher suit first."""
        a, b = self.halves
        return f"{max(a, b)}-{min(a, b)}"

    @property
    def pips(self) -> int:
        """Pips on the tile, in pips."""
        return self.halves[0] + self.halves[1]

    @property
    def sure(self) -> bool:
        """True when nothing about this tile was in doubt."""
        return not self.problems


@dataclass
class Reading:
    """What was read from one picture.

    :ivar tiles: the tiles found, each a :class:`TileReading`.
    :ivar problems: codes about the picture as a whole (see
        :data:`PROBLEM_CODES`).
    :ivar width: width of the picture read, in pixels.
    :ivar height: height of the picture read, in pixels.
    """

    tiles: list[TileReading]
    problems: list[str]
    width: int
    height: int

    @property
    def uncertain(self) -> bool:
        """True when the picture or any tile has a problem."""
        return bool(self.problems) or any(t.problems for t in self.tiles)

    @property
    def pips(self) -> int:
        """Pips of all tiles read, in pips."""
        return sum(t.pips for t in self.tiles)

    def all_problems(self) -> list[str]:
        """The picture's problem codes and each tile's, each code once, in order."""
        seen: list[str] = []
        for code in [*self.problems, *(p for t in self.tiles for p in t.problems)]:
            if code not in seen:
                seen.append(code)
        return seen


PROBLEM_CODES: tuple[str, ...] = (
    "no_tiles",
    "no_bar",
    "touching",
    "at_edge",
    "pips_unclear",
    "beyond_set",
    "odd_shape",
)
"""What can make a reading uncertain: no tile found; a face without a centre
bar; tiles touching (one shape the size of two or more); a tile cut by the
picture's edge; pips run together or not round; a half beyond the set's
largest suit; a tile-sized shape that is not clearly a tile."""


# ------------------------------------------------------------------ faces


@dataclass
class _Face:
    box: np.ndarray  # 4 × 2 corners at analysis scale, ordered around
    touching: int  # how many tiles this shape holds (1 when alone)
    at_edge: bool
    group: int = -1  # two tiles side by side make a square: cut both ways,
    option: int = 0  # the way whose tiles read better is kept


def _order(box: np.ndarray) -> np.ndarray:
    """Corners so that box[0]→box[1] runs along the long side."""
    box = np.asarray(box, np.float32)
    if np.linalg.norm(box[1] - box[0]) < np.linalg.norm(box[2] - box[1]):
        box = np.roll(box, -1, axis=0)
    return box


def _face_masks(small: np.ndarray) -> list[np.ndarray]:
    """Candidate face masks: bright faces and dark faces, each of little colour
    and standing out from the neighbourhood's brightness."""
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
    return masks


def _find_faces(small: np.ndarray) -> tuple[list[_Face], list[str]]:
    """Tile faces at analysis scale, and problems about the picture."""
    h, w = small.shape[:2]
    problems: list[str] = []
    shapes: list[tuple[np.ndarray, float, bool, int]] = []  # (contour, area, at_edge, holes)
    min_area = (w * h) * 0.0015
    for mask in _face_masks(small):
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
            area = cv2.contourArea(c)
            if area < min_area:
                continue
            x, y, cw, ch = cv2.boundingRect(c)
            edge = x <= 1 or y <= 1 or x + cw >= w - 1 or y + ch >= h - 1
            shapes.append((c, area, edge, holes.get(i, 0)))
    faces: list[_Face] = []
    singles = []
    described = []
    for c, area, edge, n_holes in shapes:
        rect = cv2.minAreaRect(c)
        (rw, rh) = rect[1]
        if rw < 2 or rh < 2:
            continue
        long_, short = max(rw, rh), min(rw, rh)
        solidity = area / (rw * rh)
        described.append((c, area, edge, rect, long_ / short, solidity, n_holes))
        if _single(long_ / short, solidity):
            singles.append(area)
    unit = float(np.median(singles)) if singles else None
    for c, area, edge, rect, aspect, solidity, n_holes in described:
        box = _order(_quad(c, rect))
        if _single(aspect, solidity) and (unit is None or area < 1.6 * unit):
            faces.append(_Face(box, 1, edge))
            continue
        if unit is None or area < 0.5 * unit:
            continue
        # A tile with something light laid against it (a stripe of the cloth,
        # a coin): thin parts cut off, is what is left a tile?
        carved = _carve(c, unit, (h, w)) if area < 3 * unit else []
        if carved and len(carved) * unit > 0.5 * area:
            faces.extend(_Face(b, 1, edge) for b in carved)
            continue
        count = int(round(area / unit))
        # a row of 2-4 touching tiles: side by side (k·w × l) or end to end (l × k·2w)
        row = 2 <= count <= 4 and (abs(aspect - 2 * count) < 0.6 * count
                                   or abs(aspect - max(2 / count, count / 2)) < 0.35)
        if not row or solidity < 0.75:
            # pips show as holes: a shape with holes likely hides a tile
            if (solidity > 0.7 and 0.6 * unit < area < 1.6 * unit) or n_holes >= 1:
                problems.append("odd_shape")
            continue
        # Touching tiles: cut the shape into tiles along its long side when it
        # is a row of them (long sides together, or ends together).
        long_, short = max(rect[1]), min(rect[1])
        if count == 2 and long_ / short < 1.35:
            group = len(faces)
            for option, way in enumerate((box, np.roll(box, 1, axis=0))):
                for part in _split(way, count, long_, short):
                    faces.append(_Face(part, count, edge, group, option))
            continue
        for part in _split(box, count, long_, short):
            faces.append(_Face(part, count, edge))
    return faces, problems


def _single(aspect: float, solidity: float) -> bool:
    """A shape that is one tile face: about twice as long as wide, and filling
    its rectangle."""
    return 1.6 <= aspect <= 2.5 and solidity > 0.82


def _carve(contour: np.ndarray, unit: float, shape: tuple[int, int]) -> list[np.ndarray]:
    """Tile faces left when the thin parts of a shape are cut away (opening
    with a disc a third of a tile's width); ``[]`` when none is left whole."""
    short = math.sqrt(unit / 2)
    k = max(3, int(short / 3) | 1)
    x, y, cw, ch = cv2.boundingRect(contour)
    pad = k + 2
    mask = np.zeros((ch + 2 * pad, cw + 2 * pad), np.uint8)
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


def _quad(contour: np.ndarray, rect) -> np.ndarray:
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


# ------------------------------------------------------------------ pips


def _canonical(image: np.ndarray, box: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The face turned square to the frame: 2·HALF_PX × HALF_PX pixels, and the
    transform from the picture to it."""
    dst = np.float32([[0, 0], [2 * HALF_PX, 0], [2 * HALF_PX, HALF_PX], [0, HALF_PX]])
    m = cv2.getPerspectiveTransform(np.float32(box), dst)
    patch = cv2.warpPerspective(image, m, (2 * HALF_PX, HALF_PX), flags=cv2.INTER_LINEAR,
                                borderMode=cv2.BORDER_REPLICATE)
    return patch, m


def _read_face(image: np.ndarray, box: np.ndarray, max_suit: int | None) -> TileReading:
    """Read one face: find its bar and count the pips of each half."""
    patch, m = _canonical(image, box)
    lab = cv2.cvtColor(patch, cv2.COLOR_BGR2LAB).astype(np.float32)
    S = HALF_PX
    inner = lab[int(0.1 * S):int(0.9 * S):2, int(0.1 * S):int(1.9 * S):2].reshape(-1, 3)
    face = np.median(inner, axis=0)
    diff = lab - face
    dist = np.sqrt(diff[..., 0] ** 2 + 2.5 * (diff[..., 1] ** 2 + diff[..., 2] ** 2))
    dist = cv2.GaussianBlur(dist, (0, 0), 1.0)
    hi = float(np.percentile(dist[int(0.06 * S):int(0.94 * S):2, int(0.06 * S):int(1.94 * S):2], 99.5))
    thr = max(28.0, 0.45 * hi)
    mask = (dist > thr).astype(np.uint8)
    problems: list[str] = []

    # The centre bar: a line across the face, near the middle (slanted a
    # little when the face's corners were not found exactly).
    rim = max(2, int(0.028 * S))
    mask[:rim, :] = 0
    mask[-rim:, :] = 0
    mask[:, :rim] = 0
    mask[:, -rim:] = 0
    # The bar is thin and often lighter than the pips: looked for with a lower
    # threshold than they are.
    low = (dist > max(18.0, 0.2 * hi)).astype(np.uint8)
    low[:rim, :] = 0
    low[-rim:, :] = 0
    n, labels, stats, cents = cv2.connectedComponentsWithStats(low, connectivity=8)
    bar = None
    best = 0.0
    for i in range(1, n):
        x, y, cw, ch, area = stats[i]
        # thin (a pip column run together is as tall, but far wider), the
        # nearest to the middle
        if ch > 0.45 * S and area / ch < 0.075 * S and 0.75 * S < cents[i][0] < 1.25 * S:
            closeness = -abs(cents[i][0] - S)
            if bar is None or closeness > best:
                bar, best = i, closeness
    if bar is None:
        problems.append("no_bar")
        line = (0.0, float(S))
    else:
        ys, xs = np.nonzero(labels == bar)
        line = tuple(float(v) for v in np.polyfit(ys, xs, 1)) if len(set(ys.tolist())) > 2 else (0.0, float(S))
        grow = cv2.dilate((labels == bar).astype(np.uint8), np.ones((5, 5), np.uint8))
        mask[grow > 0] = 0
    yy = np.arange(S, dtype=np.float32)
    bar_x = line[0] * yy + line[1]
    left_of_bar = np.arange(2 * S, dtype=np.float32)[None, :] < bar_x[:, None]
    inv = np.linalg.inv(m)
    spots: list[Spot] = []
    halves = []
    scale_px = float(np.linalg.norm(box[1] - box[0])) / (2 * S)
    for side in (left_of_bar, ~left_of_bar):
        x0 = 0
        sub = mask * side
        n, _labels, stats, cents = cv2.connectedComponentsWithStats(sub, connectivity=8)
        comps = []
        for i in range(1, n):
            x, y, cw, ch, area = stats[i]
            if area < 0.004 * S * S:
                continue
            elong = max(cw, ch) / max(1, min(cw, ch))
            fill = area / float(cw * ch)
            if elong > 4 and min(cw, ch) < 0.06 * S:
                continue  # a sliver of rim or shadow
            comps.append((area, elong, fill, cents[i], cw, ch))
        round_areas = [c[0] for c in comps if c[1] < 1.35 and c[2] > 0.6]
        count = 0
        unclear = False
        if comps:
            one = float(np.median(round_areas)) if round_areas else None
            for area, elong, fill, (cx, cy), _cw, _ch in comps:
                if one is None or (elong < 1.35 and fill > 0.6 and area < 1.5 * one):
                    k = 1
                    if one is None and (elong >= 1.35 or fill <= 0.6):
                        unclear = True
                else:
                    ratio = area / one
                    k = max(1, int(round(ratio)))
                    if abs(ratio - k) > 0.3:
                        unclear = True
                count += k
                r = math.sqrt(area / max(1, k) / math.pi)
                pt = inv @ np.array([cx + x0, cy, 1.0])
                spots.append(Spot(float(pt[0] / pt[2]), float(pt[1] / pt[2]), r * scale_px))
        if unclear:
            problems.append("pips_unclear")
        halves.append(count)
    if max_suit is not None and max(halves) > max_suit:
        problems.append("beyond_set")
    corners = [[float(x), float(y)] for x, y in box]
    return TileReading((halves[0], halves[1]), corners, spots, sorted(set(problems), key=problems.index))


# ------------------------------------------------------------------ whole picture


def _distinct(tiles: list[TileReading]) -> list[TileReading]:
    """One reading per tile: a face found in two masks is kept once, the
    reading with fewer problems."""
    def centre(t: TileReading) -> np.ndarray:
        return np.mean(np.array(t.corners), axis=0)

    def short(t: TileReading) -> float:
        c = np.array(t.corners)
        return float(min(np.linalg.norm(c[1] - c[0]), np.linalg.norm(c[2] - c[1])))

    kept: list[TileReading] = []
    for t in sorted(tiles, key=lambda t: len(t.problems)):
        if all(np.linalg.norm(centre(t) - centre(k)) > 0.4 * min(short(t), short(k)) for k in kept):
            kept.append(t)
    order = {id(t): i for i, t in enumerate(tiles)}
    return sorted(kept, key=lambda t: order[id(t)])


def read_hand(image: np.ndarray, max_suit: int | None = None) -> Reading:
    """Read the tiles of a hand from a picture.

    :param image: the picture, BGR ``uint8`` of shape (height, width, 3), as
        decoded (any size; 1,500 to 4,000 pixels on the long side reads best).
    :param max_suit: the set's largest suit (12 for a double-12 set), when
        known: a half showing more is a problem (``beyond_set``).
    :return: the :class:`Reading`: the tiles found with their pips and
        corners, and what made it uncertain.
    :raises ValueError: when ``image`` is not a 3-channel ``uint8`` picture.
    """
    if image.ndim != 3 or image.shape[2] != 3 or image.dtype != np.uint8:
        raise ValueError("expected a BGR uint8 picture")
    h, w = image.shape[:2]
    f = ANALYSIS_SIDE / max(h, w)
    small = cv2.resize(image, (max(1, round(w * f)), max(1, round(h * f))),
                       interpolation=cv2.INTER_AREA) if f < 1 else image
    f = small.shape[1] / w
    faces, problems = _find_faces(small)
    tiles: list[TileReading] = []
    read = [(face, _read_face(image, face.box / f, max_suit)) for face in faces]
    # a square of two tiles: keep the way of cutting it whose halves show bars
    doubt: dict[tuple[int, int], int] = {}
    for face, tile in read:
        if face.group >= 0:
            key = (face.group, face.option)
            doubt[key] = doubt.get(key, 0) + len(tile.problems) + 2 * ("no_bar" in tile.problems)
    for face, tile in read:
        if face.group >= 0 and doubt[(face.group, face.option)] > doubt[(face.group, 1 - face.option)]:
            continue
        if face.group >= 0 and face.option == 1 and doubt[(face.group, 1)] == doubt[(face.group, 0)]:
            continue
        if "no_bar" in tile.problems and tile.pips == 0:
            # no bar and no pip: not a tile face up (a face-down tile, a pale
            # patch of the cloth); said, never counted
            if face.touching == 1:
                problems.append("odd_shape")
            continue
        if face.touching > 1:
            tile.problems.append("touching")
        if face.at_edge:
            tile.problems.append("at_edge")
        tiles.append(tile)
    tiles = _distinct(tiles)
    if not tiles:
        problems.append("no_tiles")
    return Reading(tiles, sorted(set(problems), key=problems.index), w, h)


__all__ = ["ANALYSIS_SIDE", "HALF_PX", "PROBLEM_CODES", "Reading", "Spot", "TileReading", "read_hand"]
