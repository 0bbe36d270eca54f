"""The free tiles of a round as pip-value classes, and the tile counts a hand
can still be finished with.

Tiles of equal pips are interchangeable for a hand known only by its pips, so
the joint decision (:mod:`.joint_decision`) works on classes of tiles rather
than on tiles. Used by its bounds (:mod:`.joint_bounds`), its quick witness
(:mod:`.joint_repair`) and its exact search (:mod:`.joint_search`).

Rule source: a double-N set holds each tile once (docs/sources.md).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from companion.rules.tiles import Tile


@dataclass
class PipClasses:
    """The free tiles as pip-value classes, heaviest first, with prefix sums.

    A class is the tiles of one pip value, the tiles with one blank half
    (0-1 … 0-N) apart from the others, since a hand may say how many of those
    it holds. Positions in the flat list (every tile once, heaviest first)
    let a bound be read off in constant time.

    :ivar values: each class's pips per tile (pips), heaviest first.
    :ivar counts: tiles in each class.
    :ivar blank: whether each class is of tiles with one blank half.
    :ivar tiles: the real tiles of each class (sorted).
    """

    values: list[int]
    counts: list[int]
    blank: list[bool]
    tiles: list[list[Tile]]
    start: list[int]  # position of each class in the flat list (heaviest first)
    prefix: list[int]  # prefix sums of the flat list
    blanks_after: list[int]  # blank-half tiles from class i on
    pstart: list[int]  # the same for the tiles without a blank half only
    pprefix: list[int]

    @classmethod
    def of(cls, pool: Iterable[Tile]) -> PipClasses:
        """The classes of ``pool`` (distinct tiles; the 0-0 left out by the caller)."""
        groups: dict[tuple[int, bool], list[Tile]] = {}
        for t in pool:
            groups.setdefault((t.pips, t.low == 0 and t.high != 0), []).append(t)
        keys = sorted(groups, key=lambda k: (-k[0], k[1]))
        values = [k[0] for k in keys]
        counts = [len(groups[k]) for k in keys]
        blank = [k[1] for k in keys]
        start, prefix = [], [0]
        for v, c in zip(values, counts):
            start.append(len(prefix) - 1)
            for _ in range(c):
                prefix.append(prefix[-1] + v)
        start.append(len(prefix) - 1)
        blanks_after = [0] * (len(keys) + 1)
        for i in range(len(keys) - 1, -1, -1):
            blanks_after[i] = blanks_after[i + 1] + (counts[i] if blank[i] else 0)
        pstart, pprefix = [], [0]
        for v, c, b in zip(values, counts, blank):
            pstart.append(len(pprefix) - 1)
            if not b:
                for _ in range(c):
                    pprefix.append(pprefix[-1] + v)
        pstart.append(len(pprefix) - 1)
        return cls(values, counts, blank, [sorted(groups[k]) for k in keys], start, prefix, blanks_after,
                   pstart, pprefix)

    @property
    def size(self) -> int:
        """Tiles in all the classes."""
        return len(self.prefix) - 1

    def heaviest(self, s: int, m: int) -> int:
        """Pips of the ``m`` heaviest tiles from flat position ``s`` on."""
        return self.prefix[s + m] - self.prefix[s]

    def lightest(self, s: int, m: int) -> int:
        """Pips of the ``m`` lightest tiles from flat position ``s`` on."""
        n = self.size
        return self.prefix[n] - self.prefix[n - m]


def window(cl: PipClasses, i: int, p: int, kmin: int, kmax: int, b: int, cap: int) -> tuple[int, int] | None:
    """The tile counts ``m`` with which a hand needing ``p`` pips can still be
    finished from class ``i`` on: ``(lo, hi)`` or ``None``.

    The hand may take ``kmin`` to ``kmax`` tiles, and no more than ``cap``
    (its room before the boneyard runs out); ``m`` tiles fit when the ``m``
    heaviest tiles left hold at least ``p`` pips and the ``m`` lightest at
    most ``p``. A hand that may take no more blank halves (``b == 0``) is
    bounded by the other tiles only; ``b > 0`` blank halves it still needs
    are at least that many tiles."""
    if b == 0:
        pre, s = cl.pprefix, cl.pstart[i]
    else:
        pre, s = cl.prefix, cl.start[i]
    n = len(pre) - 1
    lo = max(kmin, b if b > 0 else 0)
    hi = min(kmax, n - s, cap)
    if lo > hi:
        return None
    if p == 0:
        return (0, 0) if lo == 0 else None
    while lo <= hi and pre[s + lo] - pre[s] < p:
        lo += 1
    while hi >= lo and pre[n] - pre[n - hi] > p:
        hi -= 1
    if lo > hi:
        return None
    return lo, hi

