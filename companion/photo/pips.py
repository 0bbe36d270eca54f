"""The pips of a tile's face turned square (a step of
:mod:`companion.photo.counter`): how far each pixel is from the face's own
colour, the ground taken in at the box's corners, the spots that may be
pips, and the count of a half's pips from their areas and shapes.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

from companion.photo.trim import face_colour

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


Component = tuple[int, float, float, tuple[float, float]]
"""A spot of a face's mask that may be a pip: ``(area, elongation, fill,
centre)``, in pixels of the face turned square (:func:`components`)."""


def ground(patch: np.ndarray, dist: np.ndarray, level: float) -> np.ndarray:
    """The ground around the face taken in by its box (a rounded corner, a
    strip beside the face): pixels unlike the face joined to a corner of the
    box (a pip cut by a side of a box found badly is no ground), nearer the
    ground's colour (the commonest of those on the edge) than half way from
    it to the face's, in pieces lying mostly along the box's edges. A
    boolean array shaped like ``dist``; none when the corners show no
    ground. A pip in a corner touching the ground keeps its own pixels (a
    coloured pip on a dark cloth)."""
    far = (dist > level).astype(np.uint8)
    none = np.zeros(dist.shape, bool)
    if not (far[:3, :3].any() or far[:3, -3:].any() or far[-3:, :3].any() or far[-3:, -3:].any()):
        return none
    n, labels = cv2.connectedComponents(far, connectivity=8)
    ring = np.concatenate([labels[0], labels[-1], labels[1:-1, 0], labels[1:-1, -1]])
    corners = np.concatenate([labels[:3, :3].ravel(), labels[:3, -3:].ravel(),
                              labels[-3:, :3].ravel(), labels[-3:, -3:].ravel()])
    edge_labels = np.unique(corners[corners > 0])
    if len(edge_labels) == 0 or np.count_nonzero(ring) < 0.03 * len(ring):
        return none
    joined = np.isin(labels, edge_labels)
    lab = cv2.cvtColor(patch, cv2.COLOR_BGR2LAB).astype(np.float32)
    border = np.zeros(dist.shape, bool)
    border[[0, -1], :] = True
    border[:, [0, -1]] = True
    if not np.any(border & joined):
        return none  # a spot within the corners' three pixels, not on the edge
    colour = face_colour(lab[border & joined])
    S = HALF_PX
    face = face_colour(lab[int(0.1 * S):int(0.9 * S):2, int(0.1 * S):int(1.9 * S):2].reshape(-1, 3))

    def apart(diff: np.ndarray) -> np.ndarray:
        out: np.ndarray = np.sqrt(diff[..., 0] ** 2 + 2.5 * (diff[..., 1] ** 2 + diff[..., 2] ** 2))
        return out

    gap = float(apart(colour - face))
    if gap < level:
        return none
    near = (joined & (apart(lab - colour) < 0.5 * gap)).astype(np.uint8)
    # ground lies along the box's edges (a rounded corner leaves a thin
    # wedge): a piece mostly away from them is pips of the ground's colour
    band = np.ones(dist.shape, bool)
    edge = max(2, int(0.08 * S))
    band[edge:-edge, edge:-edge] = False
    n, pieces = cv2.connectedComponents(near, connectivity=8)
    size = np.bincount(pieces.ravel(), minlength=n)
    on_band = np.bincount(pieces[band], minlength=n)
    keep = np.nonzero(on_band >= 0.6 * size)[0]
    found: np.ndarray = np.isin(pieces, keep[keep > 0])
    return found


def difference(patch: np.ndarray) -> tuple[np.ndarray, float]:
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


def components(mask: np.ndarray) -> list[Component]:
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


def spots_of(mask: np.ndarray) -> tuple[np.ndarray, list[Component], float | None]:
    """The spots of a face's mask (:func:`components`), the strips cut off
    the ragged ones (:func:`strips_cut`): the mask so cut, its spots and
    one pip's area (:func:`one_pip`, ``None`` when no spot is round)."""
    comps = components(mask)
    one = one_pip(comps)
    if one is not None and any(c[2] < 0.5 and c[0] > 0.35 * one for c in comps):
        mask = strips_cut(mask, one)
        comps = components(mask)
    return mask, comps, one


def strips_cut(mask: np.ndarray, one: float) -> np.ndarray:
    """The mask with the strips cut off its ragged spots (those filling less
    than half their box: a pip with a strip of the bar or of a shadow joined
    to it): such a spot is opened by a disk under half a pip wide, which a
    round pip passes whole (``one``: a pip's area, in pixels)."""
    n, labels, stats, _c = cv2.connectedComponentsWithStats(mask, connectivity=8)
    d = max(3, int(round(0.45 * 2 * math.sqrt(one / math.pi))))
    opened = cv2.morphologyEx(mask, cv2.MORPH_OPEN, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (d, d)))
    out = mask.copy()
    for i in range(1, n):
        _x, _y, cw, ch, area = stats[i]
        if area > 0.35 * one and area < 0.5 * cw * ch:
            spot = labels == i
            out[spot] = opened[spot]
    return out


def one_pip(comps: list[Component]) -> float | None:
    """The area of one pip: the median of the round spots given (a half's
    own first: pips of a half of twelve are smaller than those of a half of
    three; the whole face's when a half has no round spot), or ``None``."""
    round_areas = [c[0] for c in comps if c[1] < 1.35 and c[2] > 0.6]
    return float(np.median(round_areas)) if round_areas else None


def count_pips(comps: list[Component], one: float | None, inv: np.ndarray, scale_px: float,
                spots: list[Spot], chains: bool = False) -> tuple[int, bool]:
    """Count the pips of one half (``comps``: its spots, see
    :func:`components`; ``one``: one pip's area). Two pips run together by
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
        if fill < 0.3:
            unclear = True  # a thin arc or ring (the edge of a corner, a shadow), not pips
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


__all__ = ["HALF_PX", "Component", "Spot", "components", "count_pips", "difference", "ground",
           "one_pip", "spots_of", "strips_cut"]
