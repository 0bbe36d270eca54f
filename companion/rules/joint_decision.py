"""The joint decision: can every hand of a round be made at once from one set?

Each hand left at the end of a round is checked alone elsewhere (its pips
against the lightest and heaviest tiles it could hold). Hands also share the
set: two hands cannot both hold the only 23-pip tile, eight hands of 20 tiles
do not fit in a double-12 set, and tiles held above the deal were drawn from
one boneyard. This module decides that joint question *exactly*, or says
plainly that it could not decide within its budget; it never answers
"possible" without a reason.

The question. A pool of distinct tiles (the set, less the engine, less the
tiles listed in hands, less the 0-0, which is handled on its own) and, per
pips-only hand, a :class:`HandNeed`: its pips, how many tiles it may hold, how
many of them have one blank half, how many it was dealt. Is there one tile
assignment that gives every hand its pips, its count and its blank halves,
uses every tile at most once, and draws no more from the boneyard than it
held?

The method, cheapest first:

1. *Necessary conditions* that explain themselves: the tiles asked for
   against the tiles left (``"tiles"``); tiles held above the deal against
   the boneyard (``"draws"``); for every pip value ``v``, the tiles of ``v``
   pips or more (or of ``v`` or fewer) that the hands cannot do without
   against those the set has left (``"heavy"``/``"light"``); and, for every
   group of hands, their pips against the heaviest and lightest tiles left for
   that many tiles (``"pips"``, a knapsack over the hands).
2. *An exact search* over pip-value classes. Tiles of equal pips are
   interchangeable for a hand known only by its pips, so the search gives each
   hand a number of tiles of each value (the tiles with a blank half form
   classes of their own), heaviest values first. Before each class it bounds
   every hand by the lightest and heaviest tiles still to come, so a hand
   that cannot do without tiles of this value gets them first; states that
   failed once are remembered (hands with equal needs are interchangeable, so
   the memory ignores their order). The search stops with a witness (one
   tile assignment, checked tile by tile) or, having tried every
   distribution, with a proof of impossibility (``"search"``). When it runs
   out of its step budget it answers :data:`UNDECIDED` (``"budget"``).

Rule sources: a double-N set holds each tile once (docs/sources.md); the
engine is out of play in Mexican Train ([MT-BE] [MT-HR] [MT-MN] [MT-KO]); tiles beyond
the deal come from the boneyard (all the documents; [RU] for the draw game).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from .tiles import Tile

POSSIBLE = "possible"
"""Verdict: the hands can all be made at once (a witness was found)."""
IMPOSSIBLE = "impossible"
"""Verdict: proven that no assignment of real tiles makes all the hands."""
UNDECIDED = "undecided"
"""Verdict: the search ran out of its budget before deciding."""

DEFAULT_BUDGET = 500
"""Search steps allowed per decision (one step: one class visited, or one way
of sharing a class among the hands). About 0.2 s of plain Python."""

_BIG = 10**6

REPAIR_ATTEMPTS = 6
"""Quick witness searches tried (each deals the hands in another order)
before the exact search."""


@dataclass(frozen=True)
class HandNeed:
    """What one pips-only hand asks of the pool.

    :ivar pips: pips its tiles from the pool add up to (pips).
    :ivar least: fewest tiles it may take from the pool (tiles, ≥ 0).
    :ivar most: most tiles it may take from the pool (tiles, ≥ ``least``).
    :ivar blanks: how many of those tiles have one blank half (0-1 … 0-N), or
        ``None`` when not known.
    :ivar held: tiles the hand holds besides those (the 0-0 when it has it),
        counted for its draws (tiles).
    :ivar dealt: tiles dealt to the player, so tiles held above it were drawn
        from the boneyard; ``None`` when the player's draws were typed (they
        are then counted by the caller and bound ``most``).
    """

    pips: int
    least: int
    most: int
    blanks: int | None = None
    held: int = 0
    dealt: int | None = None


@dataclass(frozen=True)
class Verdict:
    """The answer of :func:`decide`.

    :ivar status: :data:`POSSIBLE`, :data:`IMPOSSIBLE` or :data:`UNDECIDED`.
    :ivar reason: which test decided: ``"witness"`` (possible); ``"tiles"``,
        ``"draws"``, ``"heavy"``, ``"light"``, ``"pips"``, ``"search"``
        (impossible); ``"budget"`` (undecided).
    :ivar hands: indexes of the hands the proof involves (all when not narrower).
    :ivar detail: numbers for a message: ``asked``/``left`` tiles,
        ``over``/``boneyard`` draws, ``value``/``need``/``have`` for the
        heavy/light test.
    :ivar witness: possible: the tiles of each hand, in the order of the needs.
    :ivar steps: search steps used.
    """

    status: str
    reason: str
    hands: tuple[int, ...] = ()
    detail: dict[str, int] = field(default_factory=dict)
    witness: tuple[tuple[Tile, ...], ...] | None = None
    steps: int = 0

    @property
    def possible(self) -> bool:
        """True when a witness was found."""
        return self.status == POSSIBLE


class _Budget(Exception):
    pass


@dataclass
class _Classes:
    """The pool as pip-value classes, heaviest first, with prefix sums."""

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
    def of(cls, pool: Iterable[Tile]) -> _Classes:
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
        return len(self.prefix) - 1

    def heaviest(self, s: int, m: int) -> int:
        """Pips of the ``m`` heaviest tiles from flat position ``s`` on."""
        return self.prefix[s + m] - self.prefix[s]

    def lightest(self, s: int, m: int) -> int:
        """Pips of the ``m`` lightest tiles from flat position ``s`` on."""
        n = self.size
        return self.prefix[n] - self.prefix[n - m]


def _window(cl: _Classes, i: int, p: int, kmin: int, kmax: int, b: int, cap: int) -> tuple[int, int] | None:
    """The tile counts ``m`` with which a hand needing ``p`` pips can still be
    finished from class ``i`` on: ``(lo, hi)`` or ``None``. A hand that may
    take no more blank halves (``b == 0``) is bounded by the other tiles only."""
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


def _knapsack_violation(cl: _Classes, needs: Sequence[HandNeed], windows: list[tuple[int, int]]) -> tuple[int, ...] | None:
    """A group of hands whose pips cannot fit the heaviest (or lightest) tiles
    left for that many tiles, or ``None``.

    For the upper side each hand is given its largest tile count (more tiles
    can only hold more pips), for the lower side its smallest; a dynamic
    programme over the hands finds, for every total tile count, the group with
    the most (fewest) pips.
    """
    n = cl.size
    for side in ("heavy", "light"):
        best: dict[int, tuple[int, tuple[int, ...]]] = {0: (0, ())}
        for j, (need, (lo, hi)) in enumerate(zip(needs, windows)):
            m = hi if side == "heavy" else lo
            p = need.pips if side == "heavy" else -need.pips
            for total, (pips, group) in list(best.items()):
                t = total + m
                if t > n and side == "light":
                    continue
                cand = (pips + p, group + (j,))
                if t not in best or best[t][0] < cand[0]:
                    best[t] = cand
        for total, (pips, group) in best.items():
            if not group:
                continue
            if side == "heavy":
                if pips > cl.heaviest(0, min(total, n)):
                    return group
            elif total > n or -pips < cl.lightest(0, total):
                return group
    return None


def _value_counts(cl: _Classes, needs: Sequence[HandNeed], windows: list[tuple[int, int]]) -> tuple[str, int, int, int, tuple[int, ...]] | None:
    """Tiles the hands cannot do without, by pip value, against the tiles left.

    For each threshold ``v``: a hand of at most ``m`` tiles and ``p`` pips needs
    at least ``t`` tiles of ``v`` pips or more when the ``t`` heaviest tiles and
    the ``m - t`` heaviest tiles lighter than ``v`` hold fewer than ``p`` pips
    for any smaller ``t``; summed over the hands it may not exceed the tiles of
    ``v`` pips or more that are left. The same for light tiles, with the
    fewest tiles each hand may hold. Returns ``(side, v, need, have, hands)``
    of the first violation, or ``None``.
    """
    flat: list[int] = []
    for v, c in zip(cl.values, cl.counts):
        flat.extend([v] * c)  # heaviest first
    n = len(flat)
    pre = cl.prefix  # pre[a] = pips of the a heaviest tiles
    rev = [0]
    for x in reversed(flat):
        rev.append(rev[-1] + x)  # rev[b] = pips of the b lightest tiles
    a = 0
    for v in sorted(set(flat), reverse=True):
        # heavy side: tiles of v pips or more are flat[:a]
        while a < n and flat[a] >= v:
            a += 1
        need_total, group = 0, []
        for j, (need, (_lo, hi)) in enumerate(zip(needs, windows)):
            t = 0
            while t <= min(hi, a):
                rest = min(hi - t, n - a)  # fewer tiles when the lighter ones run out
                if pre[t] + (pre[a + rest] - pre[a]) >= need.pips:
                    break
                t += 1
            if t > min(hi, a):
                t = _BIG
            if t:
                need_total += t
                group.append(j)
        if need_total > a:
            return ("heavy", v, need_total, a, tuple(group))
    b = 0
    for v in sorted(set(flat)):
        # light side: tiles of v pips or fewer are the b lightest
        while b < n and flat[n - 1 - b] <= v:
            b += 1
        need_total, group = 0, []
        for j, (need, (lo, _hi)) in enumerate(zip(needs, windows)):
            t = 0
            while t <= min(lo, b):
                rest = lo - t
                if rest <= n - b and rev[t] + (rev[b + rest] - rev[b]) <= need.pips:
                    break
                t += 1
            if t > min(lo, b):
                t = _BIG
            if t:
                need_total += t
                group.append(j)
        if need_total > b:
            return ("light", v, need_total, b, tuple(group))
    return None


def _light_hands(cl: _Classes, needs: Sequence[HandNeed], windows: list[tuple[int, int]]) -> tuple[int, ...] | None:
    """Two more tests of light hands, or ``None`` when both pass.

    A hand of ``p`` pips holds only tiles of ``p`` pips or fewer, so for every
    ``v`` the hands of at most ``v`` pips need, between them, no more pips
    and no more tiles than the tiles of at most ``v`` pips hold; and hands of
    exactly one tile and ``p`` pips need as many tiles of exactly ``p`` pips.
    Returns the hands of the first violation.
    """
    by_value: dict[int, int] = {}
    plain_by_value: dict[int, int] = {}
    blank_by_value: dict[int, int] = {}
    for v, c, is_blank in zip(cl.values, cl.counts, cl.blank):
        by_value[v] = by_value.get(v, 0) + c
        side = blank_by_value if is_blank else plain_by_value
        side[v] = side.get(v, 0) + c
    for v in sorted(by_value):
        group = [j for j, n in enumerate(needs) if n.pips <= v]
        if not group:
            continue
        tiles = sum(c for w, c in by_value.items() if w <= v)
        pips = sum(w * c for w, c in by_value.items() if w <= v)
        if sum(needs[j].pips for j in group) > pips or sum(windows[j][0] for j in group) > tiles:
            return tuple(group)
    singles: dict[tuple[int, int], list[int]] = {}
    for j, (n, (lo, hi)) in enumerate(zip(needs, windows)):
        if lo == hi == 1:
            singles.setdefault((n.pips, -1 if n.blanks is None else n.blanks), []).append(j)
    for (p, b), same in singles.items():
        have = plain_by_value.get(p, 0) if b == 0 else blank_by_value.get(p, 0) if b == 1 else by_value.get(p, 0)
        if b < 0:
            # hands that must take a plain (or a blank-half) tile of p pips compete with these
            same = same + singles.get((p, 0), []) + singles.get((p, 1), [])
        if len(same) > have:
            return tuple(sorted(same))
    return None


def decide(
    pool: Iterable[Tile],
    needs: Sequence[HandNeed],
    boneyard: int = _BIG,
    budget: int | None = None,
) -> Verdict:
    """Can every hand of ``needs`` be made at once from ``pool``?

    :param pool: the tiles free for the pips-only hands (each once; the 0-0
        should be left out and given to a hand as ``held`` by the caller, see
        :func:`decide_with_double_blank`).
    :param needs: one :class:`HandNeed` per pips-only hand.
    :param boneyard: tiles the boneyard can still give to hands with a
        ``dealt`` (the boneyard less the draws already counted).
    :param budget: search steps allowed (``None``: :data:`DEFAULT_BUDGET`).
    :return: a :class:`Verdict`; :data:`POSSIBLE` carries a witness.
    """
    budget = DEFAULT_BUDGET if budget is None else budget
    cl = _Classes.of(pool)
    needs = list(needs)
    if not needs:
        return Verdict(POSSIBLE, "witness", witness=())
    # implied draws: tiles held above the deal, with the fewest tiles each hand may hold
    caps = []
    for need in needs:
        caps.append(_BIG if need.dealt is None else max(0, need.dealt - need.held))
    over = sum(max(0, need.least - cap) for need, cap in zip(needs, caps) if cap < _BIG)
    if over > boneyard:
        group = tuple(j for j, (need, cap) in enumerate(zip(needs, caps)) if need.least > cap)
        return Verdict(IMPOSSIBLE, "draws", group, {"over": over, "boneyard": boneyard})
    asked = sum(need.least for need in needs)
    if asked > cl.size:
        return Verdict(IMPOSSIBLE, "tiles", tuple(range(len(needs))), {"asked": asked, "left": cl.size})
    windows: list[tuple[int, int]] = []
    for j, (need, cap) in enumerate(zip(needs, caps)):
        room = boneyard - (over - max(0, need.least - cap)) if cap < _BIG else _BIG
        w = _window(cl, 0, need.pips, need.least, need.most, -1 if need.blanks is None else need.blanks,
                    cap + room if cap < _BIG else _BIG)
        if w is None:
            return Verdict(IMPOSSIBLE, "pips", (j,))
        windows.append(w)
    vc = _value_counts(cl, needs, windows)
    if vc is not None:
        side, v, need_total, have, group = vc
        return Verdict(IMPOSSIBLE, side, group, {"value": v, "need": need_total, "have": have})
    violation = _light_hands(cl, needs, windows) or _knapsack_violation(cl, needs, windows)
    if violation is not None:
        return Verdict(IMPOSSIBLE, "pips", violation)
    everything = {t for ts in cl.tiles for t in ts}
    for attempt in range(REPAIR_ATTEMPTS):
        for counts in _counts_to_try(cl, needs, windows, caps):
            quick = _repair(cl, needs, windows, caps, boneyard, counts, attempt)
            if quick is not None and _valid(everything, needs, quick, boneyard):
                return Verdict(POSSIBLE, "witness", tuple(range(len(needs))), witness=quick)
    search = _Search(cl, needs, caps, budget)
    try:
        found = search.run(boneyard)
    except _Budget:
        return Verdict(UNDECIDED, "budget", tuple(range(len(needs))), steps=search.steps)
    if found is None:
        return Verdict(IMPOSSIBLE, "search", tuple(range(len(needs))), steps=search.steps)
    return Verdict(POSSIBLE, "witness", tuple(range(len(needs))), witness=found, steps=search.steps)


def _counts_to_try(cl: _Classes, needs: Sequence[HandNeed], windows: list[tuple[int, int]],
                   caps: list[int]) -> list[list[int]]:
    """Tile counts to try for the hands whose count is not known: as dealt;
    as many as tiles of an average weight need; as few as possible."""
    mean = (cl.prefix[-1] / cl.size) if cl.size else 1.0
    out: list[list[int]] = []
    for rule in ("dealt", "average", "fewest"):
        ks = []
        for need, (lo, hi), cap in zip(needs, windows, caps):
            if rule == "dealt" and cap < _BIG:
                k = cap
            elif rule == "fewest":
                k = lo
            else:
                k = round(need.pips / max(mean, 1.0))
            ks.append(min(hi, max(lo, k)))
        if ks not in out:
            out.append(ks)
    return out


def _repair(cl: _Classes, needs: Sequence[HandNeed], windows: list[tuple[int, int]],
            caps: list[int], boneyard: int, counts: list[int],
            attempt: int = 0) -> tuple[tuple[Tile, ...], ...] | None:
    """Look for a witness quickly: deal every hand tiles near its pips per
    tile, then move single pips along chains of swaps until every hand adds up.

    A swap gives one party a tile one pip heavier than the one it hands over;
    a chain of swaps from a hand short of pips to a hand (or the unused tiles)
    with pips to spare moves one pip and changes nothing else (tile counts and
    blank halves stay; a hand whose blank halves are known only swaps a blank
    half for a blank half). Finding the chain is a breadth-first search over
    the parties. Returns the tiles of each hand, or ``None`` when it gets
    stuck (the exact search then decides).
    """
    h = len(needs)
    top = max(cl.values) + 2 if cl.values else 2
    # class counts per party: [plain, blank] arrays by value; party h: the unused tiles
    plain = [[0] * top for _ in range(h + 1)]
    blank = [[0] * top for _ in range(h + 1)]
    for v, c, b in zip(cl.values, cl.counts, cl.blank):
        (blank if b else plain)[h][v] += c
    mean = (cl.prefix[-1] / cl.size) if cl.size else 1.0
    ks = list(counts)
    over = sum(max(0, k - cap) for k, cap in zip(ks, caps) if cap < _BIG)
    if over > boneyard:
        return None
    if sum(ks) > cl.size:
        return None
    # who is dealt first: the hands furthest from an average tile, then (on
    # later attempts) the heaviest first, the lightest first, a fixed shuffle
    averages = [needs[j].pips / max(ks[j], 1) for j in range(h)]
    if attempt == 0:
        order = sorted(range(h), key=lambda j: -abs(averages[j] - mean))
    elif attempt == 1:
        order = sorted(range(h), key=lambda j: -averages[j])
    elif attempt == 2:
        order = sorted(range(h), key=lambda j: averages[j])
    else:
        order = sorted(range(h), key=lambda j: (j * 7919 + attempt * 104729) % 65537)

    def take(party: int, arr: list[list[int]], n: int, avg: float) -> bool:
        for _ in range(n):
            best = None
            for v in range(1, top):
                if arr[h][v] and (best is None or abs(v - avg) < abs(best - avg)):
                    best = v
            if best is None:
                return False
            arr[h][best] -= 1
            arr[party][best] += 1
        return True

    for j in order:
        need, k = needs[j], ks[j]
        avg = need.pips / max(k, 1)
        want_blanks = need.blanks
        if want_blanks is not None:
            if (want_blanks > k or not take(j, blank, want_blanks, avg)
                    or not take(j, plain, k - want_blanks, avg)):
                return None
        else:
            # plain and blank-half tiles alike
            for _ in range(k):
                best, arr = None, plain
                for v in range(1, top):
                    for a in (plain, blank):
                        if a[h][v] and (best is None or abs(v - avg) < abs(best - avg)):
                            best, arr = v, a
                if best is None:
                    return None
                arr[h][best] -= 1
                arr[j][best] += 1
    deficit = [need.pips - sum(v * (plain[j][v] + blank[j][v]) for v in range(top))
               for j, need in enumerate(needs)]
    fixed = [need.blanks is not None for need in needs] + [False]

    def swap_ok(x: int, y: int, u: int) -> tuple[list[list[int]], list[list[int]]] | None:
        # x hands over a tile of u pips and takes one of u+1 from y
        for ax in (plain, blank):
            if not ax[x][u]:
                continue
            for ay in (plain, blank):
                if not ay[y][u + 1]:
                    continue
                if ax is not ay and (fixed[x] or fixed[y]):
                    continue
                return ax, ay
        return None

    banned: set[tuple[int, int]] = set()

    def apply(path: list[tuple[int, int, int]], sign: int) -> bool:
        # any one-pip swap between two neighbours of the chain will do; the
        # chain is applied whole, or not at all
        saved = ([row[:] for row in plain], [row[:] for row in blank])
        for x, y, _u in path:
            for u in range(1, top - 1):
                pair = swap_ok(x, y, u) if sign > 0 else swap_ok(y, x, u)
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

    for _ in range(4 * sum(abs(d) for d in deficit) + 8):
        short = [j for j in range(h) if deficit[j] > 0]
        if not short and all(d == 0 for d in deficit):
            break
        start = max(range(h), key=lambda j: abs(deficit[j]))
        sign = 1 if deficit[start] > 0 else -1
        # BFS from the hand short of pips (sign 1) to one with pips to spare or the unused tiles
        prev: dict[int, tuple[int, int]] = {start: (-1, -1)}
        # the values each party holds, as bit masks (bit v: a tile of v pips)
        pm = [sum(1 << v for v in range(top) if plain[x][v]) for x in range(h + 1)]
        bm = [sum(1 << v for v in range(top) if blank[x][v]) for x in range(h + 1)]

        def edge(x: int, y: int, pm: list[int] = pm, bm: list[int] = bm) -> bool:
            # x hands over u and takes u+1 from y, for some u
            if (pm[x] << 1) & pm[y] or (bm[x] << 1) & bm[y]:
                return True
            if fixed[x] or fixed[y]:
                return False
            return bool(((pm[x] | bm[x]) << 1) & (pm[y] | bm[y]))

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
                        if y == h or deficit[y] * sign < 0:
                            goal = y
                            break
                        nxt.append(y)
                if goal >= 0:
                    break
            queue = nxt
        if goal < 0:
            # a hand whose count may change takes or gives one tile of exactly the pips missing
            moved = False
            for j in range(h):
                d = deficit[j]
                lo, hi = windows[j]
                k = sum(plain[j]) + sum(blank[j])
                if d > 0 and k < hi and d < top and not fixed[j]:
                    extra = caps[j] < _BIG and k + 1 > caps[j]
                    if extra and over + 1 > boneyard:
                        continue
                    for a in (plain, blank):
                        if a[h][d]:
                            a[h][d] -= 1
                            a[j][d] += 1
                            deficit[j] = 0
                            over += 1 if extra else 0
                            moved = True
                            break
                elif d < 0 and k > lo and -d < top and not fixed[j]:
                    for a in (plain, blank):
                        if a[j][-d]:
                            a[j][-d] -= 1
                            a[h][-d] += 1
                            if caps[j] < _BIG and k > caps[j]:
                                over -= 1
                            deficit[j] = 0
                            moved = True
                            break
                if moved:
                    break
            if not moved:
                moved, over = _split_or_merge(plain, blank, deficit, fixed, windows, caps, over,
                                              boneyard, h, top)
            if not moved:
                return None
            continue
        path = []
        y = goal
        while y != start:
            x, u = prev[y]
            path.append((x, y, u))
            y = x
        if not (apply(list(reversed(path)), sign) or apply(path, sign)):
            banned.add((path[0][0], path[0][1]))
            continue
        deficit[start] -= sign
        if goal < h:
            deficit[goal] += sign
    if any(deficit):
        return None
    # real tiles for the counts
    pools: dict[tuple[int, bool], list[Tile]] = {}
    for tiles, v, b in zip(cl.tiles, cl.values, cl.blank):
        pools[(v, b)] = list(tiles)
    out = []
    for j in range(h):
        hand: list[Tile] = []
        for v in range(top):
            for arr, is_blank in ((plain, False), (blank, True)):
                for _ in range(arr[j][v]):
                    hand.append(pools[(v, is_blank)].pop())
        out.append(tuple(hand))
    return tuple(out)


def _split_or_merge(plain: list[list[int]], blank: list[list[int]], deficit: list[int],
                    fixed: list[bool], windows: list[tuple[int, int]], caps: list[int], over: int,
                    boneyard: int, h: int, top: int) -> tuple[bool, int]:
    """For :func:`_repair`: a hand whose count may change swaps one tile for two
    unused ones (or two for one) holding exactly the pips it misses. Returns
    whether a swap was made, and the draws above the deal after it."""

    def move(src: int, dst: int, v: int) -> None:
        # one tile of v pips from src to dst, a blank half staying a blank half
        for arr in (plain, blank):
            if arr[src][v]:
                arr[src][v] -= 1
                arr[dst][v] += 1
                return

    def has(party: int, v: int, n: int = 1) -> bool:
        return 0 < v < top and plain[party][v] + blank[party][v] >= n

    for j in range(h):
        d = deficit[j]
        if not d or fixed[j]:
            continue
        lo, hi = windows[j]
        k = sum(plain[j]) + sum(blank[j])
        values = [v for v in range(1, top) if plain[j][v] + blank[j][v]]
        extra = caps[j] < _BIG and k + 1 > caps[j]
        if k < hi and not (extra and over + 1 > boneyard):
            for u in values:
                target = u + d
                for a in range(1, target // 2 + 1):
                    b = target - a
                    if has(h, a, 2 if a == b else 1) and has(h, b):
                        move(h, j, a)
                        move(h, j, b)
                        move(j, h, u)
                        deficit[j] = 0
                        return True, over + (1 if extra else 0)
        if k > lo:
            for a in values:
                for b in values:
                    if b < a or (a == b and plain[j][a] + blank[j][a] < 2):
                        continue
                    target = a + b + d
                    if has(h, target):
                        move(h, j, target)
                        move(j, h, a)
                        move(j, h, b)
                        deficit[j] = 0
                        less = 1 if caps[j] < _BIG and k > caps[j] else 0
                        return True, over - less
    return False, over


def _valid(pool: set[Tile], needs: Sequence[HandNeed], witness: Sequence[Sequence[Tile]], boneyard: int) -> bool:
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


class _Search:
    """Depth-first search over the pool's classes, heaviest first."""

    def __init__(self, cl: _Classes, needs: list[HandNeed], caps: list[int], budget: int):
        self.cl = cl
        self.needs = needs
        self.caps = caps
        self.budget = budget
        self.steps = 0
        self.failed: set[tuple[int, int, tuple[tuple[int, int, int, int, int], ...]]] = set()

    def _tick(self) -> None:
        self.steps += 1
        if self.steps > self.budget:
            raise _Budget

    def run(self, boneyard: int) -> tuple[tuple[Tile, ...], ...] | None:
        # a hand's state: (pips, least, most, blanks or -1, spare before drawing)
        states = [
            (n.pips, n.least, n.most, -1 if n.blanks is None else n.blanks, cap)
            for n, cap in zip(self.needs, self.caps)
        ]
        taken: list[list[int]] = [[0] * len(self.cl.values) for _ in self.needs]
        if not self._walk(0, states, boneyard, taken):
            return None
        out = []
        used = [0] * len(self.cl.values)
        for row in taken:
            tiles: list[Tile] = []
            for i, t in enumerate(row):
                tiles.extend(self.cl.tiles[i][used[i]: used[i] + t])
                used[i] += t
            out.append(tuple(tiles))
        return tuple(out)

    def _walk(self, i: int, states: list[tuple[int, int, int, int, int]], bone: int, taken: list[list[int]]) -> bool:
        self._tick()
        cl = self.cl
        if i == len(cl.values):
            return all(p == 0 and lo == 0 and b <= 0 for p, lo, _hi, b, _c in states)
        s = cl.start[i]
        key = (i, bone, tuple(sorted(states)))
        if key in self.failed:
            return False
        # bounds of every hand from here on
        lows = 0
        draws = 0
        windows = []
        for p, lo, hi, b, cap in states:
            if b > cl.blanks_after[i]:
                self.failed.add(key)
                return False
            w = _window(cl, i, p, lo, hi, b, cap + bone if cap < _BIG else _BIG)
            if w is None:
                self.failed.add(key)
                return False
            windows.append(w)
            lows += w[0]
            if cap < _BIG:
                draws += max(0, w[0] - cap)
        if lows > cl.size - s or draws > bone:
            self.failed.add(key)
            return False
        v, c, is_blank = cl.values[i], cl.counts[i], cl.blank[i]
        # the counts of this class each hand may take and stay finishable
        options: list[list[int]] = []
        for p, lo, hi, b, cap in states:
            if p == 0:
                options.append([0])
                continue
            top = min(c, hi, p // v)
            if is_blank and b >= 0:
                top = min(top, b)
            opts = []
            for t in range(top + 1):
                nb = b - t if (is_blank and b >= 0) else b
                if nb > cl.blanks_after[i + 1]:
                    continue
                if cap < _BIG:
                    extra = max(0, t - cap)
                    if extra > bone:
                        break
                    room = max(0, cap - t) + bone - extra
                else:
                    room = _BIG
                if _window(cl, i + 1, p - t * v, max(0, lo - t), hi - t, nb, room) is not None:
                    opts.append(t)
            if not opts:
                self.failed.add(key)
                return False
            options.append(opts)
        if sum(o[0] for o in options) > c:
            self.failed.add(key)
            return False
        # the greedy share first: forced minima, then one tile at a time to the
        # hand with the most pips per tile still needed, if it is that heavy
        greedy = [o[0] for o in options]
        left = c - sum(greedy)
        while left > 0:
            best, best_avg = -1, -1.0
            for j, (p, _lo, _hi, _b, _cap) in enumerate(states):
                t = greedy[j]
                if t + 1 not in options[j]:
                    continue
                mid = (windows[j][0] + windows[j][1]) / 2
                avg = (p - t * v) / max(1.0, mid - t)
                if avg > best_avg:
                    best, best_avg = j, avg
            if best < 0 or best_avg < v:
                break
            greedy[best] += 1
            left -= 1
        order = sorted(range(len(states)), key=lambda j: len(options[j]))
        prefs: dict[int, list[int]] = {}
        for j in order:
            g = greedy[j]

            def closeness(t: int, g: int = g) -> tuple[int, int]:
                return (abs(t - g), -t)

            prefs[j] = sorted(options[j], key=closeness)
        choice = [0] * len(states)

        def share(k: int, left: int, bone_left: int) -> bool:
            if k == len(order):
                self._tick()
                new_states = []
                for j, (p, lo, hi, b, cap) in enumerate(states):
                    t = choice[j]
                    nb = b - t if (is_blank and b >= 0) else b
                    ncap = max(0, cap - t) if cap < _BIG else _BIG
                    new_states.append((p - t * v, max(0, lo - t), hi - t, nb, ncap))
                    taken[j][i] = t
                if self._walk(i + 1, new_states, bone_left, taken):
                    return True
                for j in range(len(states)):
                    taken[j][i] = 0
                return False
            j = order[k]
            cap = states[j][4]
            for t in prefs[j]:
                if t > left:
                    continue
                extra = 0
                if cap < _BIG:
                    extra = max(0, t - cap)
                    if extra > bone_left:
                        continue
                choice[j] = t
                if share(k + 1, left - t, bone_left - extra):
                    return True
            choice[j] = 0
            return False

        if share(0, c, bone):
            return True
        self.failed.add(key)
        return False


def decide_with_double_blank(
    pool: Iterable[Tile],
    needs: Sequence[HandNeed],
    double_blank_free: bool,
    boneyard: int = _BIG,
    budget: int | None = None,
) -> tuple[Verdict, int | None, tuple[int, ...]]:
    """As :func:`decide`, with the 0-0 free for a hand that has not said it holds it.

    The 0-0 is the only tile without pips, so a hand that needs one more tile
    than its pips allow holds it. When the hands cannot all be made without
    it, each hand in turn is given the 0-0; the hands with which the round is
    possible are the candidates.

    :param pool: the free tiles, without the 0-0.
    :param double_blank_free: the 0-0 is neither the engine, nor listed, nor
        declared in a hand.
    :return: ``(verdict, holder, candidates)``: ``holder`` is the index of the
        hand that must hold the 0-0 (``None`` when no hand needs it, or when
        several could: then ``candidates`` names them and the table must say
        which one has it).
    """
    pool = tuple(pool)
    budget = DEFAULT_BUDGET if budget is None else budget
    spent = [0]

    def run(ns: Sequence[HandNeed]) -> Verdict:
        v = decide(pool, ns, boneyard, max(1, budget - spent[0]))
        spent[0] += v.steps
        return v

    first = run(needs)
    if first.status != IMPOSSIBLE or not double_blank_free:
        return first, None, ()
    holders: list[int] = []
    verdicts: list[Verdict] = []
    undecided: Verdict | None = None
    for j, need in enumerate(needs):
        if need.most < 1:
            continue
        given = list(needs)
        given[j] = HandNeed(need.pips, max(0, need.least - 1), need.most - 1, need.blanks, need.held + 1,
                            need.dealt)
        v = run(given)
        if v.status == POSSIBLE:
            holders.append(j)
            verdicts.append(v)
        elif v.status == UNDECIDED:
            undecided = v
    if holders:
        # a witness with the 0-0 in the first hand that can hold it
        v, j = verdicts[0], holders[0]
        if v.witness is not None:
            witness = list(v.witness)
            witness[j] = witness[j] + (Tile(0, 0),)
            v = Verdict(v.status, v.reason, v.hands, v.detail, tuple(witness), v.steps)
        if len(holders) == 1 and undecided is None:
            return v, j, (j,)
        return v, None, tuple(holders) + ((-1,) if undecided is not None else ())
    if undecided is not None:
        return undecided, None, ()
    return first, None, ()


__all__ = [
    "DEFAULT_BUDGET", "IMPOSSIBLE", "POSSIBLE", "UNDECIDED", "HandNeed", "Verdict", "decide",
    "decide_with_double_blank",
]
