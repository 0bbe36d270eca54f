"""The quick witness of the joint decision: deal every pips-only hand tiles
near its pips per tile, then move single pips along chains of swaps until
every hand adds up.

A swap gives one party a tile one pip heavier than the one it hands over; a
chain of swaps from a hand short of pips to a hand (or the unused tiles) with
pips to spare moves one pip and changes nothing else (tile counts and blank
halves stay; a hand whose blank halves are known only swaps a blank half for
a blank half). Finding the chain is a breadth-first search over the parties.
When no chain exists, a hand whose count may change takes or gives one tile,
or swaps one tile for two (two for one). Every witness found is checked tile
by tile (:func:`valid_witness`); when none is found the exact search
(:mod:`.joint_search`) decides.

Rule sources: a double-N set holds each tile once (docs/sources.md); tiles
beyond the deal come from the boneyard (all the documents).
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.rules.joint.needs import BIG, HandNeed
from companion.rules.joint.pip_classes import PipClasses
from companion.rules.tiles import Tile

REPAIR_ATTEMPTS = 6
"""Quick witness searches tried (each deals the hands in another order)
before the exact search."""

Witness = tuple[tuple[Tile, ...], ...]
"""The tiles of each hand, in the order of the needs."""


def quick_witness(cl: PipClasses, needs: Sequence[HandNeed], windows: list[tuple[int, int]],
                  caps: list[int], boneyard: int) -> Witness | None:
    """A witness found quickly and checked tile by tile, or ``None``.

    :param cl: the free tiles as classes.
    :param needs: the pips-only hands.
    :param windows: each hand's tile-count window (:func:`.joint_bounds.count_bounds`).
    :param caps: tiles each hand may hold before drawing (:func:`.joint_bounds.draw_caps`).
    :param boneyard: tiles the boneyard can give to hands above their deal.
    """
    everything = {t for ts in cl.tiles for t in ts}
    for attempt in range(REPAIR_ATTEMPTS):
        for counts in counts_to_try(cl, needs, windows, caps):
            found = _Repair(cl, needs, windows, caps, boneyard).run(counts, attempt)
            if found is not None and valid_witness(everything, needs, found, boneyard):
                return found
    return None


def counts_to_try(cl: PipClasses, needs: Sequence[HandNeed], windows: list[tuple[int, int]],
                  caps: list[int]) -> list[list[int]]:
    """Tile counts to try for the hands whose count is not known: as dealt;
    as many as tiles of an average weight need; as few as possible."""
    mean = (cl.prefix[-1] / cl.size) if cl.size else 1.0
    out: list[list[int]] = []
    for rule in ("dealt", "average", "fewest"):
        ks = []
        for need, (lo, hi), cap in zip(needs, windows, caps):
            if rule == "dealt" and cap < BIG:
                k = cap
            elif rule == "fewest":
                k = lo
            else:
                k = round(need.pips / max(mean, 1.0))
            ks.append(min(hi, max(lo, k)))
        if ks not in out:
            out.append(ks)
    return out


def valid_witness(pool: set[Tile], needs: Sequence[HandNeed], witness: Sequence[Sequence[Tile]],
                  boneyard: int) -> bool:
    """Check a witness tile by tile: distinct tiles of the pool, every hand's
    pips, count and blank halves, and the draws."""
    seen: set[Tile] = set()
    draws = 0
    for need, tiles in zip(needs, witness):
        if not need.least <= len(tiles) <= need.most or sum(t.pips for t in tiles) != need.pips:
            return False
        if need.blanks is not None and sum(1 for t in tiles if t.low == 0 and t.high != 0) != need.blanks:
            return False
        for t in tiles:
            if t in seen or t not in pool:
                return False
            seen.add(t)
        if need.dealt is not None:
            draws += max(0, len(tiles) + need.held - need.dealt)
    return draws <= boneyard


class _Repair:
    """One quick witness search. The parties are the hands ``0 … h-1`` and the
    unused tiles ``h``; ``plain[x][v]`` and ``blank[x][v]`` count the tiles of
    ``v`` pips party ``x`` holds, without and with a blank half."""

    def __init__(self, cl: PipClasses, needs: Sequence[HandNeed], windows: list[tuple[int, int]],
                 caps: list[int], boneyard: int):
        self.cl, self.needs, self.windows, self.caps, self.boneyard = cl, needs, windows, caps, boneyard
        self.h = h = len(needs)
        self.top = max(cl.values) + 2 if cl.values else 2
        self.plain = [[0] * self.top for _ in range(h + 1)]
        self.blank = [[0] * self.top for _ in range(h + 1)]
        for v, c, b in zip(cl.values, cl.counts, cl.blank):
            (self.blank if b else self.plain)[h][v] += c
        self.fixed = [need.blanks is not None for need in needs] + [False]
        self.deficit: list[int] = []
        self.over = 0

    def run(self, counts: list[int], attempt: int) -> Witness | None:
        """Deal ``counts`` tiles to the hands (in the order of ``attempt``) and
        balance the pips; the tiles of each hand, or ``None`` when stuck."""
        self.over = sum(max(0, k - cap) for k, cap in zip(counts, self.caps) if cap < BIG)
        if self.over > self.boneyard or sum(counts) > self.cl.size:
            return None
        if not self._deal(counts, attempt):
            return None
        self.deficit = [need.pips - sum(v * (self.plain[j][v] + self.blank[j][v]) for v in range(self.top))
                        for j, need in enumerate(self.needs)]
        if not self._balance():
            return None
        return self._tiles()

    def _deal(self, ks: list[int], attempt: int) -> bool:
        """Deal each hand ``ks[j]`` tiles nearest its pips per tile. Who is
        dealt first: the hands furthest from an average tile, then (on later
        attempts) the heaviest first, the lightest first, a fixed shuffle."""
        cl, h, needs = self.cl, self.h, self.needs
        mean = (cl.prefix[-1] / cl.size) if cl.size else 1.0
        averages = [needs[j].pips / max(ks[j], 1) for j in range(h)]
        if attempt == 0:
            order = sorted(range(h), key=lambda j: -abs(averages[j] - mean))
        elif attempt == 1:
            order = sorted(range(h), key=lambda j: -averages[j])
        elif attempt == 2:
            order = sorted(range(h), key=lambda j: averages[j])
        else:
            order = sorted(range(h), key=lambda j: (j * 7919 + attempt * 104729) % 65537)
        for j in order:
            need, k = needs[j], ks[j]
            avg = need.pips / max(k, 1)
            if need.blanks is not None:
                if (need.blanks > k or not self._take(j, self.blank, need.blanks, avg)
                        or not self._take(j, self.plain, k - need.blanks, avg)):
                    return False
            elif not self._take_any(j, k, avg):
                return False
        return True

    def _nearest(self, avg: float) -> list[int]:
        """The pip values 1 .. top - 1, nearest ``avg`` first (of two as
        near, the lower)."""
        return sorted(range(1, self.top), key=lambda v: (abs(v - avg), v))

    def _take(self, party: int, arr: list[list[int]], n: int, avg: float) -> bool:
        """Move ``n`` unused tiles of ``arr`` nearest ``avg`` pips to ``party``."""
        unused, order = arr[self.h], self._nearest(avg)
        for _ in range(n):
            best = next((v for v in order if unused[v]), None)
            if best is None:
                return False
            unused[best] -= 1
            arr[party][best] += 1
        return True

    def _take_any(self, j: int, k: int, avg: float) -> bool:
        """As :meth:`_take`, plain and blank-half tiles alike (of the same
        value, a plain one first)."""
        h, plain, blank, order = self.h, self.plain, self.blank, self._nearest(avg)
        for _ in range(k):
            found = next(((v, a) for v in order for a in (plain, blank) if a[h][v]), None)
            if found is None:
                return False
            best, arr = found
            arr[h][best] -= 1
            arr[j][best] += 1
        return True

    def _balance(self) -> bool:
        """Move pips until no hand misses or has any to spare (a bounded number of moves)."""
        deficit = self.deficit
        banned: set[tuple[int, int]] = set()
        for _ in range(4 * sum(abs(d) for d in deficit) + 8):
            if all(d == 0 for d in deficit):
                break
            start = max(range(self.h), key=lambda j: abs(deficit[j]))
            sign = 1 if deficit[start] > 0 else -1
            goal, path = self._chain(start, sign, banned)
            if goal < 0:
                if not (self._move_one() or self._split_or_merge()):
                    return False
                continue
            if not (self._apply(list(reversed(path)), sign) or self._apply(path, sign)):
                banned.add((path[0][0], path[0][1]))
                continue
            deficit[start] -= sign
            if goal < self.h:
                deficit[goal] += sign
        return not any(deficit)

    def _chain(self, start: int, sign: int,
               banned: set[tuple[int, int]]) -> tuple[int, list[tuple[int, int, int]]]:
        """Breadth-first search from ``start`` (short of pips when ``sign`` is 1)
        to a party with pips to spare (or missing some) or the unused tiles:
        ``(goal, path)``, ``goal`` -1 when there is none."""
        h, top, plain, blank, fixed = self.h, self.top, self.plain, self.blank, self.fixed
        prev: dict[int, tuple[int, int]] = {start: (-1, -1)}
        # the values each party holds, as bit masks (bit v: a tile of v pips)
        pm = [sum(1 << v for v in range(top) if plain[x][v]) for x in range(h + 1)]
        bm = [sum(1 << v for v in range(top) if blank[x][v]) for x in range(h + 1)]

        def edge(x: int, y: int) -> bool:
            return _hands_over(pm, bm, fixed, x, y)

        queue = [start]
        goal = -1
        while queue and goal < 0:
            nxt = []
            for x in queue:
                for y in range(h + 1):
                    if y in prev or (x, y) in banned:
                        continue
                    if edge(x, y) if sign > 0 else edge(y, x):
                        prev[y] = (x, 0)
                        if y == h or self.deficit[y] * sign < 0:
                            goal = y
                            break
                        nxt.append(y)
                if goal >= 0:
                    break
            queue = nxt
        return goal, _path_back(prev, start, goal)

    def _swap_ok(self, x: int, y: int, u: int) -> tuple[list[list[int]], list[list[int]]] | None:
        """The arrays for ``x`` handing over a tile of ``u`` pips and taking one of
        ``u + 1`` from ``y``, or ``None``."""
        for ax in (self.plain, self.blank):
            if not ax[x][u]:
                continue
            for ay in (self.plain, self.blank):
                if not ay[y][u + 1]:
                    continue
                if ax is not ay and (self.fixed[x] or self.fixed[y]):
                    continue
                return ax, ay
        return None

    def _apply(self, path: list[tuple[int, int, int]], sign: int) -> bool:
        """Make the chain's swaps (any one-pip swap between two neighbours will
        do); the chain is applied whole, or not at all."""
        plain, blank = self.plain, self.blank
        saved = ([row[:] for row in plain], [row[:] for row in blank])
        for x, y, _u in path:
            for u in range(1, self.top - 1):
                pair = self._swap_ok(x, y, u) if sign > 0 else self._swap_ok(y, x, u)
                if pair is not None:
                    break
            else:
                for row, old in zip(plain, saved[0]):
                    row[:] = old
                for row, old in zip(blank, saved[1]):
                    row[:] = old
                return False
            if sign > 0:
                ax, ay = pair
                ax[x][u] -= 1
                ay[x][u + 1] += 1
                ay[y][u + 1] -= 1
                ax[y][u] += 1
            else:
                ay, ax = pair
                ay[y][u] -= 1
                ax[y][u + 1] += 1
                ax[x][u + 1] -= 1
                ay[x][u] += 1
        return True

    def _move_one(self) -> bool:
        """A hand whose count may change takes or gives one tile of exactly the
        pips it misses (or has to spare)."""
        h, top, deficit = self.h, self.top, self.deficit
        for j in range(h):
            d = deficit[j]
            lo, hi = self.windows[j]
            k = sum(self.plain[j]) + sum(self.blank[j])
            cap = self.caps[j]
            if d > 0 and k < hi and d < top and not self.fixed[j]:
                extra = cap < BIG and k + 1 > cap
                if extra and self.over + 1 > self.boneyard:
                    continue
                for a in (self.plain, self.blank):
                    if a[h][d]:
                        a[h][d] -= 1
                        a[j][d] += 1
                        deficit[j] = 0
                        self.over += 1 if extra else 0
                        return True
            elif d < 0 and k > lo and -d < top and not self.fixed[j]:
                for a in (self.plain, self.blank):
                    if a[j][-d]:
                        a[j][-d] -= 1
                        a[h][-d] += 1
                        if cap < BIG and k > cap:
                            self.over -= 1
                        deficit[j] = 0
                        return True
        return False

    def _move(self, src: int, dst: int, v: int) -> None:
        """One tile of ``v`` pips from ``src`` to ``dst``, a blank half staying a blank half."""
        for arr in (self.plain, self.blank):
            if arr[src][v]:
                arr[src][v] -= 1
                arr[dst][v] += 1
                return

    def _has(self, party: int, v: int, n: int = 1) -> bool:
        return 0 < v < self.top and self.plain[party][v] + self.blank[party][v] >= n

    def _split_or_merge(self) -> bool:
        """A hand whose count may change swaps one tile for two unused ones (or
        two for one) holding exactly the pips it misses."""
        h = self.h
        for j in range(h):
            d = self.deficit[j]
            if not d or self.fixed[j]:
                continue
            lo, hi = self.windows[j]
            k = sum(self.plain[j]) + sum(self.blank[j])
            values = [v for v in range(1, self.top) if self.plain[j][v] + self.blank[j][v]]
            cap = self.caps[j]
            extra = cap < BIG and k + 1 > cap
            if k < hi and not (extra and self.over + 1 > self.boneyard) and self._split(j, d, values):
                self.over += 1 if extra else 0
                return True
            if k > lo and self._merge(j, d, values):
                self.over -= 1 if cap < BIG and k > cap else 0
                return True
        return False

    def _split(self, j: int, d: int, values: list[int]) -> bool:
        """Hand ``j`` gives one of its tiles (of one of ``values`` pips) for two
        unused ones holding ``d`` pips more; ``False`` when no pair fits."""
        h, has, move = self.h, self._has, self._move
        for u in values:
            target = u + d
            for a in range(1, target // 2 + 1):
                b = target - a
                if has(h, a, 2 if a == b else 1) and has(h, b):
                    move(h, j, a)
                    move(h, j, b)
                    move(j, h, u)
                    self.deficit[j] = 0
                    return True
        return False

    def _merge(self, j: int, d: int, values: list[int]) -> bool:
        """Hand ``j`` gives two of its tiles for one unused tile holding ``d``
        pips more; ``False`` when no such tile is left."""
        h, has, move = self.h, self._has, self._move
        for a in values:
            for b in values:
                if b < a or (a == b and self.plain[j][a] + self.blank[j][a] < 2):
                    continue
                if has(h, a + b + d):
                    move(h, j, a + b + d)
                    move(j, h, a)
                    move(j, h, b)
                    self.deficit[j] = 0
                    return True
        return False

    def _tiles(self) -> Witness:
        """Real tiles for the counts of each hand."""
        pools: dict[tuple[int, bool], list[Tile]] = {}
        for tiles, v, b in zip(self.cl.tiles, self.cl.values, self.cl.blank):
            pools[(v, b)] = list(tiles)
        out = []
        for j in range(self.h):
            hand: list[Tile] = []
            for v in range(self.top):
                for arr, is_blank in ((self.plain, False), (self.blank, True)):
                    for _ in range(arr[j][v]):
                        hand.append(pools[(v, is_blank)].pop())
            out.append(tuple(hand))
        return tuple(out)


def _hands_over(pm: list[int], bm: list[int], fixed: Sequence[bool], x: int, y: int) -> bool:
    """Party ``x`` can hand over a tile of ``u`` pips and take one of ``u + 1``
    from ``y``, for some ``u``: ``pm``/``bm`` are the values each party holds
    as plain and blank-half tiles, as bit masks (bit v: a tile of v pips); a
    ``fixed`` party swaps only plain for plain and blank half for blank half."""
    if (pm[x] << 1) & pm[y] or (bm[x] << 1) & bm[y]:
        return True
    if fixed[x] or fixed[y]:
        return False
    return bool(((pm[x] | bm[x]) << 1) & (pm[y] | bm[y]))


def _path_back(prev: dict[int, tuple[int, int]], start: int,
               goal: int) -> list[tuple[int, int, int]]:
    """The chain from ``start`` to ``goal`` as ``(x, y, u)`` steps, read back
    through the search's ``prev`` links; empty when ``goal`` is -1."""
    path: list[tuple[int, int, int]] = []
    y = goal
    while goal >= 0 and y != start:
        x, u = prev[y]
        path.append((x, y, u))
        y = x
    return path
