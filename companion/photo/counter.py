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

from companion.photo.barfaces import faces_by_bars
from companion.photo.bars import centred_box, dark_bar, find_bar
from companion.photo.faces import Face, find_faces
from companion.photo.trim import face_colour, trimmed_box

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


# ------------------------------------------------------------------ pips

_Component = tuple[int, float, float, tuple[float, float]]
"""A spot of a face's mask that may be a pip: ``(area, elongation, fill,
centre)``, in pixels of the face turned square (:func:`_components`)."""


def _canonical(image: np.ndarray, box: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The face turned square to the frame: 2·HALF_PX × HALF_PX pixels, and the
    transform from the picture to it."""
    dst = np.array([[0, 0], [2 * HALF_PX, 0], [2 * HALF_PX, HALF_PX], [0, HALF_PX]], np.float32)
    m = cv2.getPerspectiveTransform(box.astype(np.float32), dst)
    patch = cv2.warpPerspective(image, m, (2 * HALF_PX, HALF_PX), flags=cv2.INTER_LINEAR,
                                borderMode=cv2.BORDER_REPLICATE)
    return patch, m


def _read_face(image: np.ndarray, box: np.ndarray, max_suit: int | None, again: bool = True,
               dark: bool = True) -> TileReading:
    """Read one face: find its bar and count the pips of each half.

    :param image: the picture, BGR ``uint8``.
    :param box: the face's corners in pixels of ``image``, a 4 × 2 array,
        ``box[0]→box[1]`` along the long side.
    :param max_suit: the set's largest suit, or ``None``.
    :param again: when the bar lies off the face's middle, read the face
        again cut the same distance on each side of its bar
        (:func:`companion.photo.bars.centred_box`).
    :param dark: a face apart: when no bar stands out from the face's
        colour, look for it by its darkness alone
        (:func:`companion.photo.bars.dark_bar`), and take a wider one (a
        small face blurred); not on a face cut from a shape of touching
        tiles, where the dark seam between two tiles would pass for a bar.
    :return: the tile read, with a problem code for each doubt.
    """
    patch, m = _canonical(image, box)
    dist, level = _difference(patch)
    S = HALF_PX
    problems: list[str] = []
    rim = max(2, int(0.05 * S))
    inside = np.zeros(dist.shape, np.uint8)
    inside[rim:-rim, rim:-rim] = 1
    mask = ((dist > level) & (inside > 0)).astype(np.uint8)
    bar = find_bar(dist, level, rim, S, widest=0.2 if dark else 0.16)
    if bar is None and dark:
        bar = dark_bar(patch, rim, S)
    if bar is not None and again:
        centred = centred_box(bar, np.linalg.inv(m), S)
        if centred is not None:
            second = _read_face(image, centred, max_suit, again=False, dark=dark)
            if "no_bar" not in second.problems:
                return second
    if bar is None:
        problems.append("no_bar")
    else:
        grow = cv2.dilate(bar.astype(np.uint8), np.ones((5, 5), np.uint8))
        mask[grow > 0] = 0
    left_of_bar = _left_of(bar)
    inv = np.linalg.inv(m)
    spots: list[Spot] = []
    halves = []
    scale_px = float(np.linalg.norm(box[1] - box[0])) / (2 * S)
    comps = _components(mask)
    one = _one_pip(comps)
    for side in (left_of_bar, ~left_of_bar):
        mine = [c for c in comps if side[int(round(c[3][1])), int(round(c[3][0]))]]
        own = _one_pip(mine)
        count, unclear = _count_pips(mine, own or one, inv, scale_px, spots, chains=own is None)
        if unclear:
            problems.append("pips_unclear")
        halves.append(count)
    if max(halves) > (max_suit if max_suit is not None else 18):
        problems.append("beyond_set")
    corners = [[float(x), float(y)] for x, y in box]
    return TileReading((halves[0], halves[1]), corners, spots, sorted(set(problems), key=problems.index))


def _left_of(bar: np.ndarray | None) -> np.ndarray:
    """Which pixels of a face turned square lie on the first half: left of
    the line fitted through the bar's pixels (``bar``: its mask, or ``None``:
    the middle); a boolean array shaped like the face (HALF_PX × 2·HALF_PX)."""
    S = HALF_PX
    line: tuple[float, ...] = (0.0, float(S))
    if bar is not None:
        ys, xs = np.nonzero(bar)
        line = tuple(float(v) for v in np.polyfit(ys, xs, 1)) if len(set(ys.tolist())) > 2 else (0.0, float(S))
        if abs(line[0]) > 0.75:
            line = (0.0, float(np.mean(xs)))
    yy = np.arange(S, dtype=np.float32)
    bar_x = line[0] * yy + line[1]
    left: np.ndarray = np.arange(2 * S, dtype=np.float32)[None, :] < bar_x[:, None]
    return left


def _difference(patch: np.ndarray) -> tuple[np.ndarray, float]:
    """How far each pixel of a face (turned square) is from the face's own
    colour (colour weighed 2.5 times lightness, blurred a little), and the
    level above which a pixel is a pip or the bar: well above the face's own
    spread (grain, glare, shading), at least 22."""
    S = HALF_PX
    lab = cv2.cvtColor(patch, cv2.COLOR_BGR2LAB).astype(np.float32)
    inner = lab[int(0.1 * S):int(0.9 * S):2, int(0.1 * S):int(1.9 * S):2].reshape(-1, 3)
    diff = lab - face_colour(inner)
    dist = np.sqrt(diff[..., 0] ** 2 + 2.5 * (diff[..., 1] ** 2 + diff[..., 2] ** 2))
    dist = cv2.GaussianBlur(dist, (0, 0), 1.0)
    sample = dist[int(0.08 * S):int(0.92 * S):2, int(0.08 * S):int(1.92 * S):2]
    # the face's own spread, from its quieter part (pips may cover half of
    # a half of twelve)
    quiet = float(np.percentile(sample, 35))
    hi = float(np.percentile(sample, 99.5))
    level = max(22.0, 3.0 * quiet + 6.0)
    # pips far from the face: a part of the way up to the darkest pips, so
    # that the blur between two pips does not join them
    level = min(max(level, 0.25 * hi), 45.0) if level < 45.0 else level
    return dist, level


def _components(mask: np.ndarray) -> list[_Component]:
    """Spots of a face's mask that may be pips: ``(area, elongation, fill,
    centre)`` each, in pixels of the face turned square; slivers of the rim
    or of a shadow and specks left out."""
    S = HALF_PX
    n, _labels, stats, cents = cv2.connectedComponentsWithStats(mask, connectivity=8)
    comps = []
    for i in range(1, n):
        _x, _y, cw, ch, area = stats[i]
        if area < 0.004 * S * S:
            continue
        elong = max(cw, ch) / max(1, min(cw, ch))
        fill = area / float(cw * ch)
        if elong > 3.2 and min(cw, ch) < 0.08 * S:
            continue  # a sliver of rim or shadow
        comps.append((int(area), float(elong), float(fill), (float(cents[i][0]), float(cents[i][1]))))
    return comps


def _one_pip(comps: list[_Component]) -> float | None:
    """The area of one pip: the median of the round spots given (a half's
    own first: pips of a half of twelve are smaller than those of a half of
    three; the whole face's when a half has no round spot), or ``None``."""
    round_areas = [c[0] for c in comps if c[1] < 1.35 and c[2] > 0.6]
    return float(np.median(round_areas)) if round_areas else None


def _count_pips(comps: list[_Component], one: float | None, inv: np.ndarray, scale_px: float,
                spots: list[Spot], chains: bool = False) -> tuple[int, bool]:
    """Count the pips of one half (``comps``: its spots, see
    :func:`_components`; ``one``: one pip's area). Two pips run together by
    blur count as two by their area. Each pip found is added to ``spots`` in
    pixels of the picture (``inv``: the transform back to it; ``scale_px``:
    picture pixels per face pixel). ``chains``: the half shows no pip of its
    own alone (``one`` is the other half's, whose pips may be larger): a
    long spot is a chain of touching round pips, counted by its shape (a
    chain of k is k times as long as wide and fills π/4 of its rectangle),
    always unclear.

    :return: the count, and whether it is unclear (pips not round, or an area
        between whole numbers of pips, or a spot far smaller than a pip).
    """
    count = 0
    unclear = False
    S = HALF_PX
    for area, elong, fill, (cx, cy) in comps:
        margin = min(cx, 2 * S - cx, cy, S - cy) / S
        neat = elong < 1.8 and fill > 0.5
        if margin < 0.07 or (margin < 0.13 and not neat):
            # no maker sets a pip so near the face's edge, and only a neat
            # round one near it: a shadow, a corner of the cloth, or the
            # face's corners found badly
            unclear = True
            continue
        if one is not None and area < 0.35 * one:
            unclear = True  # a speck, a flaw or a faint pip: not counted
            continue
        if one is None or (elong < 1.35 and fill > 0.6 and area < 1.5 * one) or (
                fill > 0.6 and 0.45 * one <= area < 1.4 * one):
            k = 1  # a pip (one clipped by the bar is narrower)
            if one is None and (elong >= 1.35 or fill <= 0.6):
                unclear = True
        elif chains and elong >= 2.5 and fill > 0.6:
            k = max(1, int(round(elong * fill / (math.pi / 4))))
            unclear = True
        else:
            ratio = area / one
            k = max(1, int(round(ratio)))
            if abs(ratio - k) > 0.3:
                unclear = True
        count += k
        r = math.sqrt(area / max(1, k) / math.pi)
        pt = inv @ np.array([cx, cy, 1.0])
        spots.append(Spot(float(pt[0] / pt[2]), float(pt[1] / pt[2]), r * scale_px))
    return count, unclear


# ------------------------------------------------------------------ whole picture


def _distinct(tiles: list[TileReading]) -> list[TileReading]:
    """One reading per tile: of readings that overlap (the centre of one
    inside the other, as a face found in two masks, or a half of a face
    found alone), the one with fewer problems is kept, then the larger."""
    def area(t: TileReading) -> float:
        return float(cv2.contourArea(np.array(t.corners, np.float32)))

    def inside(point: np.ndarray, t: TileReading) -> bool:
        box = np.array(t.corners, np.float32).reshape(-1, 1, 2)
        return cv2.pointPolygonTest(box, (float(point[0]), float(point[1])), False) >= 0

    kept: list[TileReading] = []
    for t in sorted(tiles, key=lambda t: (len(t.problems), -area(t))):
        c = np.mean(np.array(t.corners), axis=0)
        if all(not inside(c, k) and not inside(np.mean(np.array(k.corners), axis=0), t) for k in kept):
            kept.append(t)
    order = {id(t): i for i, t in enumerate(tiles)}
    return sorted(kept, key=lambda t: order[id(t)])


def _inside(point: np.ndarray, t: TileReading) -> bool:
    """Whether ``point`` (x, y in pixels) lies on tile ``t``."""
    box = np.array(t.corners, np.float32).reshape(-1, 1, 2)
    return cv2.pointPolygonTest(box, (float(point[0]), float(point[1])), False) >= 0


def _unexplained(barless: list[TileReading], tiles: list[TileReading]) -> bool:
    """True when a shape with pips but no bar lies apart from every tile read
    and is as large as one: a tile whose bar was not seen (said, never
    guessed). A half of a tile read whole, or a speck, is no doubt."""
    def area(t: TileReading) -> float:
        return float(cv2.contourArea(np.array(t.corners, np.float32)))

    big = max((area(t) for t in tiles), default=0.0)
    for b in barless:
        if area(b) < big / 3:
            continue
        points = [np.mean(np.array(b.corners), axis=0), *np.array(b.corners)]
        if not any(_inside(p, t) or _inside(np.mean(np.array(t.corners), axis=0), b)
                   for t in tiles for p in points):
            return True
    return False


def _small_dropped(tiles: list[TileReading]) -> list[TileReading]:
    """The tiles of one set are all of a size (a photo at a slant makes the
    far ones smaller, by half at most): a 'tile' under a third of the size
    of the largest clean one is a speck of the cloth; when none was read
    cleanly, one a third or three times the median size (a marker's print
    read by its bar) is none."""
    def area(t: TileReading) -> float:
        return float(cv2.contourArea(np.array(t.corners, np.float32)))

    clean, typical = [area(t) for t in tiles if not t.problems], float(np.median([area(t) for t in tiles] or [0]))
    low, high = (max(clean) / 3, math.inf) if clean else (typical / 3, 3 * typical)
    return [t for t in tiles if low <= area(t) <= high]


def _cut_doubts(read: list[tuple[Face, TileReading]]) -> dict[tuple[int, int], int]:
    """A square of two tiles is cut both ways (:attr:`Face.group`,
    :attr:`Face.option`): the doubts of each way, ``(group, option)`` → its
    tiles' problems, a missing bar counting three."""
    doubt: dict[tuple[int, int], int] = {}
    for face, tile in read:
        if face.group >= 0:
            key = (face.group, face.option)
            doubt[key] = doubt.get(key, 0) + len(tile.problems) + 2 * ("no_bar" in tile.problems)
    return doubt


def _cut_dropped(face: Face, doubt: dict[tuple[int, int], int]) -> bool:
    """True when ``face`` is of the way of cutting a square of two tiles that
    is not kept: the one with more doubts, or the second of two equal ways."""
    if face.group >= 0 and doubt[(face.group, face.option)] > doubt[(face.group, 1 - face.option)]:
        return True
    if face.group >= 0 and face.option == 1 and doubt[(face.group, 1)] == doubt[(face.group, 0)]:
        return True
    return False


def _faces_kept(read: list[tuple[Face, TileReading]]) -> tuple[list[TileReading], list[TileReading]]:
    """The tiles read face up (``touching`` and ``at_edge`` added to their
    problems), and the shapes with pips but no bar (``barless``), from each
    face found and its reading."""
    tiles: list[TileReading] = []
    barless: list[TileReading] = []
    # a square of two tiles: keep the way of cutting it whose halves show bars
    doubt = _cut_doubts(read)
    for face, tile in read:
        if _cut_dropped(face, doubt):
            continue
        if "no_bar" in tile.problems:
            # no bar: not a tile face up (a face-down tile, a pale patch of
            # the cloth, a sheet of paper); never counted, and said when it
            # showed pips (a tile whose bar was not seen)
            if tile.pips > 0 and not face.at_edge:
                barless.append(tile)
            continue
        if face.touching > 1:
            tile.problems.append("touching")
        if face.at_edge:
            tile.problems.append("at_edge")
        tiles.append(tile)
    return tiles, barless


def _by_bars(image: np.ndarray, small: np.ndarray, f: float, tiles: list[TileReading],
             max_suit: int | None) -> list[TileReading]:
    """Tiles found by their centre bars where no tile was read
    (:func:`companion.photo.barfaces.faces_by_bars`; ``f``: ``small``'s scale
    to ``image``), each with the doubt ``odd_shape`` (its outline was not
    seen); a face whose bar is not found again when read is left out."""
    widths = sorted(min(np.linalg.norm(np.subtract(t.corners[1], t.corners[0])),
                        np.linalg.norm(np.subtract(t.corners[2], t.corners[1]))) * f
                    for t in tiles if not t.problems)
    width = float(np.median(widths)) if widths else None
    known = [np.array(t.corners, np.float32) * f for t in tiles]
    found = []
    for box in faces_by_bars(small, known, width):
        cut = trimmed_box(image, box / f)
        if cut is None:
            continue
        tile = _read_face(image, cut, max_suit)
        if "no_bar" not in tile.problems and "beyond_set" not in tile.problems and tile.pips > 0:
            tile.problems.append("odd_shape")
            found.append(tile)
    return found


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
    faces, problems = find_faces(small)
    # a face cut from a row of touching tiles is not cut again around its
    # bar: the seam between two tiles may pass for one
    read = [(face, _read_face(image, face.box / f, max_suit, again=face.touching == 1, dark=face.touching == 1))
            for face in faces]
    tiles, barless = _faces_kept(read)
    tiles = _small_dropped(_distinct(tiles))
    tiles = _small_dropped(_distinct(tiles + _by_bars(image, small, f, tiles, max_suit)))
    if _unexplained(barless, tiles):
        problems.append("odd_shape")
    if not tiles:
        problems.append("no_tiles")
    return Reading(tiles, sorted(set(problems), key=problems.index), w, h)


__all__ = ["ANALYSIS_SIDE", "HALF_PX", "PROBLEM_CODES", "Reading", "Spot", "TileReading", "read_hand"]
