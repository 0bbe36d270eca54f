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

from dataclasses import dataclass, field

import cv2
import numpy as np

from companion.photo.barfaces import faces_by_bars
from companion.photo.bars import centred_box, dark_bar, find_bar
from companion.photo.faces import Face, find_faces
from companion.photo.pips import HALF_PX, Spot, count_pips, difference, ground, one_pip, spots_of
from companion.photo.trim import face_colour, trimmed_box

ANALYSIS_SIDE = 1000
"""The long side, in pixels, at which tile faces are looked for."""

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
    dist, level = difference(patch)
    S = HALF_PX
    problems: list[str] = []
    rim = max(2, int(0.05 * S))
    outside = ground(patch, dist, level)
    mask = np.zeros(dist.shape, np.uint8)
    mask[rim:-rim, rim:-rim] = ((dist > level) & ~outside)[rim:-rim, rim:-rim]
    near_ground = cv2.dilate(outside.astype(np.uint8), np.ones((5, 5), np.uint8)) > 0
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
    mask, comps, one = spots_of(mask)
    for side in (left_of_bar, ~left_of_bar):
        mine = [c for c in comps if side[int(round(c[3][1])), int(round(c[3][0]))]]
        own = one_pip(mine)
        count, unclear = count_pips(mine, own or one, inv, scale_px, spots, chains=own is None)
        if np.any(near_ground & side & (mask > 0)):
            unclear = True  # a spot ran into the ground at a corner: a part of it may be lost
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


def _outline_seen(t: TileReading) -> bool:
    """Whether a tile's outline was seen whole (its size can be trusted): no
    doubt about its shape (a doubt about its pips is none about its size)."""
    return not set(t.problems) - {"pips_unclear", "beyond_set"}


def _small_dropped(tiles: list[TileReading]) -> list[TileReading]:
    """The tiles of one set are all of a size (a photo at a slant makes the
    far ones smaller, by half at most): a 'tile' under a third of the size
    of the largest whose outline was seen is a speck of the cloth; when no
    outline was seen, one under a third or over three times the median size
    (a marker's print read by its bar) is none."""
    def area(t: TileReading) -> float:
        return float(cv2.contourArea(np.array(t.corners, np.float32)))

    clean, typical = [area(t) for t in tiles if _outline_seen(t)], float(np.median([area(t) for t in tiles] or [0]))
    low, high = (max(clean) / 3, float("inf")) if clean else (typical / 3, 3 * typical)
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


def _face_beyond(image: np.ndarray, box: np.ndarray, face: np.ndarray, end: int, near: float,
                 far: float) -> bool | None:
    """Whether a strip beyond one end of a face's box (``end`` 1: past
    ``box[1]``-``box[2]``, -1: past ``box[0]``-``box[3]``), from ``near`` to
    ``far`` times the face's length beyond it over the middle half of its
    width, is mostly (over half) within 22 of the face's colour ``face``
    (Lab); ``None`` when the strip leaves the picture."""
    along = box[1] - box[0]
    a, b = (box[1], box[2]) if end == 1 else (box[0], box[3])
    quad = np.array([a + end * near * along, a + end * far * along, b + end * far * along,
                     b + end * near * along], np.float32)
    across = (quad[2] - quad[1]) * 0.25
    strip = np.array([quad[0] + across, quad[1] + across, quad[2] - across, quad[3] - across], np.float32)
    h, w = image.shape[:2]
    if strip.min() < 0 or strip[:, 0].max() >= w or strip[:, 1].max() >= h:
        return None
    dst = np.array([[0, 0], [8, 0], [8, 16], [0, 16]], np.float32)
    piece = cv2.warpPerspective(image, cv2.getPerspectiveTransform(strip, dst), (8, 16))
    diff = cv2.cvtColor(piece, cv2.COLOR_BGR2LAB).astype(np.float32) - face
    dist = np.sqrt(diff[..., 0] ** 2 + 2.5 * (diff[..., 1] ** 2 + diff[..., 2] ** 2))
    return bool(np.mean(dist < 22) > 0.5)


def _lengthened(image: np.ndarray, box: np.ndarray) -> np.ndarray | None:
    """The box of a face whose own colour goes on past an end of it (it was
    cut short, and pips beyond it were not read), lengthened at each end as
    far as the face's colour goes, by steps of 4% of its length (up to
    43%); ``box`` itself when the face does not go on, ``None`` when it
    goes on too far for one face (over 2.6 times as long as wide: tiles
    touching end to end) or it is not known. Corners as ``box`` (4 × 2, in
    pixels of ``image``, ``box[0]→box[1]`` along the long side)."""
    patch, _m = _canonical(image, box)
    S = HALF_PX
    lab = cv2.cvtColor(patch, cv2.COLOR_BGR2LAB).astype(np.float32)
    face = face_colour(lab[int(0.1 * S):int(0.9 * S):2, int(0.1 * S):int(1.9 * S):2].reshape(-1, 3))
    grow = {}
    for end in (1, -1):
        steps = 0
        while steps < 10 and _face_beyond(image, box, face, end, 0.03 + 0.04 * steps, 0.07 + 0.04 * steps):
            steps += 1
        # the face ends within the first strip that is not mostly face
        grow[end] = 0.04 * steps + 0.03 if steps else 0.0
    if not grow[1] and not grow[-1]:
        return box
    along = box[1] - box[0]
    width = float(np.linalg.norm(box[3] - box[0]))
    out = np.array([box[0] - grow[-1] * along, box[1] + grow[1] * along,
                    box[2] + grow[1] * along, box[3] - grow[-1] * along], np.float32)
    if float(np.linalg.norm(out[1] - out[0])) > 2.6 * width or max(grow.values()) > 0.4:
        return None
    return out


def _read_longer(image: np.ndarray, t: TileReading, max_suit: int | None) -> TileReading:
    """A tile whose box was cut short (:func:`_lengthened`) read again on the
    face lengthened, with the doubt ``odd_shape``; the tile as read, with
    that doubt, when the longer face reads no better (no bar found on it,
    or more doubts about its pips)."""
    box = np.array(t.corners, np.float32)
    longer = _lengthened(image, box)
    if longer is box:
        return t
    if longer is not None:
        again = _read_face(image, longer, max_suit)
        if "no_bar" not in again.problems and len(again.problems) <= len(t.problems):
            t = again
    if "odd_shape" not in t.problems:
        t.problems.append("odd_shape")
    return t


def _by_bars(image: np.ndarray, small: np.ndarray, f: float, tiles: list[TileReading],
             max_suit: int | None) -> list[TileReading]:
    """Tiles found by their centre bars where no tile was read
    (:func:`companion.photo.barfaces.faces_by_bars`; ``f``: ``small``'s scale
    to ``image``), each with the doubt ``odd_shape`` (its outline was not
    seen); a face whose bar is not found again when read is left out."""
    widths = sorted(min(np.linalg.norm(np.subtract(t.corners[1], t.corners[0])),
                        np.linalg.norm(np.subtract(t.corners[2], t.corners[1]))) * f
                    for t in tiles if _outline_seen(t))
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
    tiles = [_read_longer(image, t, max_suit) for t in tiles]
    if _unexplained(barless, tiles):
        problems.append("odd_shape")
    if not tiles:
        problems.append("no_tiles")
    return Reading(tiles, sorted(set(problems), key=problems.index), w, h)


__all__ = ["ANALYSIS_SIDE", "HALF_PX", "PROBLEM_CODES", "Reading", "Spot", "TileReading", "read_hand"]
