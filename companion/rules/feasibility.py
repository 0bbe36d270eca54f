"""Which pip counts a hand can really hold.

A hand left at the end of a round is a set of distinct tiles drawn from the
tiles still possible for it (the set, less the engine, less tiles known to be
elsewhere). This module answers exactly whether ``k`` such tiles can add up to
``p`` pips.

When the tiles' pip values, sorted, never jump by more than one (true for a
whole double-N set with one tile removed: every value 0..2N occurs, and the
inner values occur at least twice), the sums of ``k`` tiles fill the whole
range between the ``k`` lightest and the ``k`` heaviest: swapping one tile for
the next heavier one raises the sum by 0 or 1. Otherwise a subset-sum table
(bit sets by tile count) is built.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from dataclasses import dataclass
from functools import cached_property
from typing import Iterable

from .tiles import Tile


@dataclass(frozen=True)
class Pool:
    """The tiles a hand may be made of.

    :ivar values: the pip values of the pool's tiles, sorted (pips).
    """

    values: tuple[int, ...]

    @classmethod
    def of(cls, tiles: Iterable[Tile]) -> "Pool":
        """The pool of ``tiles`` (each counted once)."""
        return cls(tuple(sorted(t.pips for t in tiles)))

    @cached_property
    def _prefix(self) -> list[int]:
        out = [0]
        for v in self.values:
            out.append(out[-1] + v)
        return out

    @cached_property
    def _contiguous(self) -> bool:
        v = self.values
        return all(b - a <= 1 for a, b in zip(v, v[1:]))

    def lightest(self, k: int) -> int:
        """Pips of the ``k`` lightest tiles of the pool (0 ≤ k ≤ len)."""
        return self._prefix[k]

    def heaviest(self, k: int) -> int:
        """Pips of the ``k`` heaviest tiles of the pool (0 ≤ k ≤ len)."""
        return self._prefix[-1] - self._prefix[len(self.values) - k]

    @cached_property
    def _table(self) -> list[int]:
        # reach[k] has bit s set when some k tiles sum to s pips.
        reach = [1] + [0] * len(self.values)
        for n, v in enumerate(self.values, start=1):
            for k in range(n, 0, -1):
                reach[k] |= reach[k - 1] << v
        return reach

    def can_make(self, pips: int, count: int) -> bool:
        """True when exactly ``count`` distinct tiles of the pool hold ``pips`` pips.

        :param pips: pip sum, in pips.
        :param count: number of tiles.
        """
        if count < 0 or count > len(self.values) or pips < 0:
            return False
        if not (self.lightest(count) <= pips <= self.heaviest(count)):
            return False
        if self._contiguous:
            return True
        return bool(self._table[count] >> pips & 1)

    def counts_for(self, pips: int, most: int, least: int = 1) -> list[int]:
        """Every tile count from ``least`` to ``most`` that can hold ``pips`` pips."""
        most = min(most, len(self.values))
        return [k for k in range(least, most + 1) if self.can_make(pips, k)]

    def max_pips(self, most: int) -> int:
        """The most pips ``most`` tiles (or fewer) of the pool can hold."""
        return self.heaviest(min(most, len(self.values)))


class _OutOfBudget(Exception):
    pass


def _pick(pips: int, k: int, avail: dict[int, int], order: list[int], nodes: list[int], budget: int):
    """Yield multisets ``{value: n}`` of ``k`` values from ``avail`` summing ``pips``,
    values tried centre-out (around ``pips / k``) so scarce extremes are kept.

    The values not yet tried are always the lowest and the highest ones, so the
    least and most that ``r`` more tiles can add come from prefix sums in O(1).
    """
    if k == 0:
        if pips == 0:
            yield {}
        return
    centre = pips / k
    cand = sorted((v for v in order if avail.get(v, 0) > 0), key=lambda v: (abs(v - centre), -v))
    flat: list[int] = []
    for v in sorted(cand):
        flat.extend([v] * avail[v])
    pre = [0]
    for v in flat:
        pre.append(pre[-1] + v)
    n = len(flat)
    # for each j: the untried values are flat[:a[j]] (low side) and flat[b[j]:] (high side)
    a_of = [0] * (len(cand) + 1)
    b_of = [n] * (len(cand) + 1)
    low_max, high_min = None, None
    for j in range(len(cand) - 1, -1, -1):
        v = cand[j]
        if v <= centre:
            low_max = v if low_max is None else max(low_max, v)
        else:
            high_min = v if high_min is None else min(high_min, v)
        a_of[j] = bisect_right(flat, low_max) if low_max is not None else 0
        b_of[j] = bisect_left(flat, high_min) if high_min is not None else n

    def bounds(j: int, r: int) -> tuple[int, int]:
        a, b = a_of[j], b_of[j]
        size = a + (n - b)
        if size < r:
            return 1, 0
        if r <= a:
            least = pre[r]
        else:
            least = pre[a] + pre[b + r - a] - pre[b]
        top = n - b
        if r <= top:
            most = pre[n] - pre[n - r]
        else:
            most = pre[n] - pre[b] + pre[a] - pre[a - (r - top)]
        return least, most

    chosen: dict[int, int] = {}

    def walk(j: int, r: int, left: int):
        nodes[0] += 1
        if nodes[0] > budget:
            raise _OutOfBudget
        if r == 0:
            if left == 0:
                yield dict(chosen)
            return
        if j >= len(cand):
            return
        lo, hi = bounds(j, r)
        if not lo <= left <= hi:
            return
        v = cand[j]
        for m in range(min(avail[v], r, left // v if v else r), -1, -1):
            if m:
                chosen[v] = m
            else:
                chosen.pop(v, None)
            yield from walk(j + 1, r - m, left - m * v)
        chosen.pop(v, None)

    yield from walk(0, k, pips)


def _balanced(pips: int, counts: list[int], avail: dict[int, int]) -> bool:
    """Try to take ``k`` tiles (``k`` from ``counts``, in order) summing ``pips``
    from ``avail``, all of about the same weight: ``pips // k`` and one more.
    Where a value runs short, two of it become one lighter and one heavier tile
    (the sum stays). On success the tiles are taken out of ``avail``.

    :return: True when such tiles were found and taken.
    """
    for k in counts:
        if k == 0:
            if pips == 0:
                return True
            continue
        q, r = divmod(pips, k)
        want: dict[int, int] = {}
        if k - r:
            want[q] = k - r
        if r:
            want[q + 1] = want.get(q + 1, 0) + r
        for _ in range(4 * k + 8):
            short = next((v for v, n in want.items() if n > avail.get(v, 0)), None)
            if short is None or short < 1:
                break
            if want[short] >= 2:
                # two of a scarce weight become one lighter and one heavier
                want[short] -= 2
                want[short - 1] = want.get(short - 1, 0) + 1
                want[short + 1] = want.get(short + 1, 0) + 1
                continue
            partner = max((v for v, n in want.items() if n and v != short), default=None)
            if partner is None:
                break
            # one of it and one other tile: the scarce one a pip lighter, the other a pip heavier
            want[short] -= 1
            want[partner] -= 1
            want[short - 1] = want.get(short - 1, 0) + 1
            want[partner + 1] = want.get(partner + 1, 0) + 1
        want = {v: n for v, n in want.items() if n}
        if all(n <= avail.get(v, 0) for v, n in want.items()) and \
                sum(n * v for v, n in want.items()) == pips and sum(want.values()) == k:
            for v, n in want.items():
                avail[v] -= n
            return True
    return False


def hands_fit(values: Iterable[int], needs: list[tuple[int, tuple[int, ...]]], budget: int = 4000):
    """Can all hands be made at once from one pool of distinct tiles?

    :param values: pip values of the tiles in the pool (one entry per tile).
    :param needs: per hand, ``(pips, allowed tile counts)``.
    :param budget: search steps allowed before giving up.
    :return: ``True`` (an assignment exists), ``False`` (proven impossible: two
        hands would need the same tile), or ``None`` (not decided in budget; the
        caller accepts the entry, never refusing what may be possible).
    """
    avail: dict[int, int] = {}
    for v in values:
        avail[v] = avail.get(v, 0) + 1
    order = sorted(avail)
    # the tightest hands first: fewest allowed counts, then most pips per tile
    needs = sorted(needs, key=lambda n: (len(n[1]), -(n[0] / max(1, min(n[1])))))
    nodes = [0]

    mean = sum(order) / len(order) if order else 1

    def natural(pips: int, counts) -> list[int]:
        # the most natural count first: tiles of an average weight
        return sorted(counts, key=lambda k: abs(k - pips / max(mean, 1)))

    # Most real entries fit at once: give every hand tiles of about equal
    # weight (a quick, exact construction); search only when that fails.
    left = dict(avail)
    fewest_first = sorted(needs, key=lambda n: (min(n[1]), len(n[1])))
    if all(_balanced(pips, natural(pips, counts)[:8], left) for pips, counts in fewest_first):
        return True

    def solve(i: int) -> bool:
        if i == len(needs):
            return True
        pips, counts = needs[i]
        for k in natural(pips, counts):
            for used in _pick(pips, k, avail, order, nodes, budget):
                for v, n in used.items():
                    avail[v] -= n
                ok = solve(i + 1)
                for v, n in used.items():
                    avail[v] += n
                if ok:
                    return True
        return False

    try:
        return solve(0)
    except _OutOfBudget:
        return None
