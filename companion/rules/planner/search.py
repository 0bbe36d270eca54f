"""The planner's search: the best train from the open end, proven when it can be.

How it is solved. Suits are vertices and non-double tiles are edges
(:mod:`.graph`); a train is a *trail* from the open end. The longest trail is
NP-hard in general, so the speed comes from the structure of real hands:

- doubles are never searched: a double joins the train, at no cost, the
  first time the train reaches its suit (with ``avoid_double_end``, a double
  whose suit only the last tile reaches stays in hand), so only non-double
  tiles matter and a train is fixed by *which* tiles it uses;
- Euler: a connected set of tiles is one train from the open end exactly
  when every suit but the open end and the final end has an even count in
  it. So a train is the open end's group less a set J of tiles left out
  whose odd suits are the group's odd suits, the open end and the final end
  (a *T-join*), and for a given J the best train is everything still joined
  to the open end (Hierholzer lays it out). The cheapest J (a minimum
  matching of those suits under shortest-path lengths, the end chosen
  freely, :mod:`.matching`) bounds every train; in dense hands it leaves one
  connected group and the answer is proven at once;
- otherwise a branch and bound lists the candidate J, each exactly once:
  take the lowest suit whose parity is still wrong and branch on it being
  the final end, or on which of its tiles is the first left out (the ones
  before it are kept). The bound is the exact cheapest completion (a
  matching, or for many odd suits half the sum of nearest-suit distances),
  plus the doubles of suits left with no tile. Every train is reached this
  way and no set of tiles is visited twice.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from companion.rules.planner.graph import TileGraph
from companion.rules.planner.matching import FAR, cheapest_matchings, matching_bound
from companion.rules.planner.plan import PlacedTile, TrainPlan, make_plan
from companion.rules.planner.request import DEFAULT_TIME_BUDGET, Objective, checked_tiles
from companion.rules.tiles import Tile

MAX_MATCHED_ROOT = 13
"""Exact matchings (2**k table entries) for at most this many odd suits at the open end."""
MAX_MATCHED = 9
"""... and at each step of the search (a cheaper bound above that)."""


class OutOfTime(Exception):
    """The search's time budget ran out."""


def plan_train(
    set_n: int,
    open_end: int,
    hand: Sequence[Tile | str],
    objective: Objective = "tiles",
    avoid_double_end: bool = False,
    time_budget: float = DEFAULT_TIME_BUDGET,
    *,
    from_engine: bool = True,
) -> TrainPlan:
    """The best personal train ``hand`` can make from ``open_end``.

    Rules: docs/sources.md and the module docstring (tiles end to end from
    the open end; doubles continue the chain and do not branch, [RU];
    the first-turn train of [RU] and the train-building advice of seeds
    000, 002, 004). Method and targets: issue 4.

    :param set_n: N of the double-N set (0..18; the app uses 6, 9, 12, 15, 18).
    :param open_end: the suit the train starts from (the engine's suit or the
        end of the player's train), 0..N.
    :param hand: the tiles in hand, as :class:`Tile` or ``"a-b"`` text (a
        single string ``"12-5 5-3 …"`` is read too).
    :param objective: ``"tiles"`` — most tiles, ties broken by most pips; or
        ``"pips"`` — most pips, ties broken by most tiles.
    :param avoid_double_end: when True the train may not end on a double.
    :param time_budget: seconds of search (wall clock) before the best train
        found so far is returned with ``optimal=False``.
    :param from_engine: True (the default) when the open end is the engine's
        suit, whose double sits in the hub; False when it is the far end of
        the player's train, where the double of that suit may be in the hand
        and is then laid first.
    :return: the plan: train in playing order, extras, tiles, pips played,
        pips left (all pips in pips), and whether it is proven optimal.
    :raises BadValue: set size, open end, objective, flag or budget out of
        range, or an unreadable tile (code ``bad_value``).
    :raises TilesNotInSet: tiles above the set's N (``tiles_not_in_set``).
    :raises TileRepeated: a tile given twice (``tile_repeated``).
    :raises EngineInHand: the open end's double in the hand while
        ``from_engine`` (``engine_in_hand``).
    """
    tiles = checked_tiles(set_n, open_end, hand, objective, avoid_double_end, time_budget,
                     from_engine)
    return TrainSearch(open_end, tiles, objective, avoid_double_end, time_budget).run()


class TrainSearch:
    """One planner run: the open end's group of tiles, the best train found.

    :ivar graph: the tiles of the open end's group (:class:`~.graph.TileGraph`).
    :ivar best: the value of the best train found (tiles and doubles).
    :ivar best_path: its non-double tiles as ``(tile index, suit laid from)``.
    :ivar nodes: search steps taken (a figure for the benchmarks).
    """

    def __init__(self, start: int, hand: list[Tile], objective: str, avoid: bool,
                 budget: float) -> None:
        self.start = start
        self.hand = hand
        self.objective = objective
        self.avoid = avoid
        self.deadline = time.perf_counter() + budget
        self.graph = TileGraph(start, hand, objective, avoid)
        self.best = -1
        self.best_path: list[tuple[int, int]] = []
        self.nodes = 0
        self.tiles_at: list[int] = []
        """Per suit, the bit mask of the tiles touching it (set by :meth:`join_search`)."""
        self.total = 0
        """The value of the whole group (set by :meth:`join_search`)."""

    def run(self) -> TrainPlan:
        """Search within the budget; the plan is proven unless it ran out."""
        g = self.graph
        s = self.start
        optimal = True
        try:
            # The empty train: the open end's own double, if any, alone.
            self.best = 0 if self.avoid else g.double_value[s]
            ub, gain, trail = self.leave_out(s, g.all_tiles, 1 << s, MAX_MATCHED_ROOT)
            if trail and g.double_value[s] + gain > self.best:
                self.best = g.double_value[s] + gain
                self.best_path = trail
            if g.double_value[s] + ub > self.best:
                self.join_search()
        except OutOfTime:
            optimal = False
        return make_plan(s, self.objective, self.hand, self._train(), optimal, self.nodes)

    # -- searching the sets of tiles to leave out ----------------------------

    def join_search(self) -> None:
        """Branch and bound over the tiles left out (exact).

        Every train from the open end is, up to pieces cut off from it, the
        open end's group less a T-join J (see :meth:`leave_out`), and the
        best train for a given J is simply everything still joined to the
        open end. So it is enough to list the T-joins that could still beat
        the best train found: take the lowest suit whose parity is still
        wrong and branch on it being the final end, or on which of its tiles
        is the first one left out (those before it are kept), cheapest tile
        first. Each set of tiles comes up at most once. The bound at each
        step is the cheapest completion over the tiles not yet decided: an
        exact matching of the suits still wrong, or for many of them the
        assignment relaxation.
        """
        g = self.graph
        s = self.start
        adj = g.adj
        m = len(g.value)
        width = len(adj)
        self.tiles_at = [0] * width
        odd = 0
        for i in range(m):
            a, b = g.high[i], g.low[i]
            self.tiles_at[a] |= 1 << i
            self.tiles_at[b] |= 1 << i
            odd ^= (1 << a) ^ (1 << b)
        self.total = sum(g.value) + sum(
            g.double_value[x] for x in range(width) if self.tiles_at[x] or x == s)
        self._branch(0, 0, odd ^ (1 << s), -1, 0, 0)

    def _branch(
        self, left_out: int, kept: int, odd_suits: int, end: int, value_out: int, doubles_lost: int
    ) -> None:
        """One step: tiles ``left_out`` left out, ``kept`` kept for sure, suits
        ``odd_suits`` of wrong parity (their count is odd), ``end`` the chosen
        final end or -1, ``value_out`` the weight left out, ``doubles_lost`` the doubles
        of suits left with no tile."""
        g = self.graph
        self.nodes += 1
        if time.perf_counter() > self.deadline:
            raise OutOfTime
        all_tiles = g.all_tiles
        if not odd_suits & (odd_suits - 1):
            self._leaf(all_tiles ^ left_out)
            return
        avail = all_tiles & ~left_out & ~kept
        if end >= 0 and not odd_suits >> end & 1:
            end = -1
        lb = self._join_bound(odd_suits, avail, left_out, end)
        if lb is None or self.total - value_out - doubles_lost - lb <= self.best:
            return
        # The lowest suit still wrong, other than the chosen end.
        rest = odd_suits & ~(1 << end) if end >= 0 else odd_suits
        u = (rest & -rest).bit_length() - 1
        if end < 0:
            self._branch(left_out, kept, odd_suits, u, value_out, doubles_lost)
        values = g.value
        s = self.start
        opts = sorted((values[i], i, y, b) for i, y, b in g.adj[u] if avail & b)
        for w, _i, y, b in opts:
            now_out = left_out | b
            now_lost = doubles_lost
            for x in (u, y):
                if x != s and not self.tiles_at[x] & ~now_out:
                    now_lost += g.double_value[x]
            self._branch(now_out, kept, odd_suits ^ (1 << u) ^ (1 << y), end, value_out + w, now_lost)
            kept |= b

    def _join_bound(self, odd_suits: int, avail: int, left_out: int, end: int) -> int | None:
        """Least weight still to leave out (tiles and doubles_lost doubles) so that
        only one suit of ``odd_suits`` stays odd (``end`` when chosen), using the
        tiles of ``avail``; None when impossible."""
        g = self.graph
        doubles = g.double_value
        s = self.start
        terms = []
        t = odd_suits
        while t:
            low = t & -t
            terms.append(low.bit_length() - 1)
            t ^= low
        k = len(terms)
        lone = []
        for u in terms:
            # Left out, a suit's last tile takes its double with it.
            rest = self.tiles_at[u] & ~left_out
            lone.append(doubles[u] if u != s and rest & (rest - 1) == 0 and rest & avail else 0)
        avoid = self.avoid
        end_cost = []
        for u in terms:
            if end >= 0 and u != end:
                end_cost.append(FAR)
                continue
            c = 0
            if avoid:
                # A final end with one tile may not keep its double.
                rest = self.tiles_at[u] & ~left_out
                if u != s and rest & (rest - 1) == 0:
                    c = doubles[u]
            end_cost.append(c)
        paths = [g.shortest_paths(u, avail) for u in terms]
        dist = [[paths[a][terms[b]][0] + lone[a] + lone[b] if terms[b] in paths[a]
                 else FAR for b in range(k)] for a in range(k)]
        if k <= MAX_MATCHED:
            cost, _pick = cheapest_matchings(dist)
            full = (1 << k) - 1
            best = min(cost[full ^ (1 << i)] + end_cost[i] for i in range(k))
        else:
            best = matching_bound(dist, end_cost)
        return None if best >= FAR else best

    def _leaf(self, keep: int) -> None:
        """Score the train made of every tile of ``keep`` joined to the open end."""
        g = self.graph
        s = self.start
        trail = g.euler_trail(s, keep)
        value = g.double_value[s] + g.gain(trail, 1 << s)
        if self.avoid and not trail:
            value -= g.double_value[s]
        if value > self.best:
            self.best = value
            self.best_path = trail

    def leave_out(
        self, v: int, avail: int, visited: int, limit: int
    ) -> tuple[int, int, list[tuple[int, int]] | None]:
        """Bound, and often settle, the rest of a train from ``v``.

        What the train still adds is a trail from ``v`` through the tiles of
        ``avail`` in ``v``'s group. Its tiles have an odd count only at ``v``
        and at the final end (Euler), so the tiles it leaves out must mend
        the parity of every other odd suit: they contain a T-join, and the
        cheapest T-join (a minimum matching of the odd suits under
        shortest-path lengths, the final end chosen freely) gives an exact
        upper bound. When the tiles that remain once a cheapest T-join is
        left out are one connected group, they form a train (Hierholzer)
        that meets the bound: the rest of the train is settled.

        :return: ``(bound, gain, trail)`` — the upper bound on the weight the
            train can still add, the best addition found and its tiles as
            ``(tile index, suit laid from)`` (``None`` when there are no
            tiles). When more than ``limit`` suits are odd the exact matching
            would cost too much: the bound is then the assignment relaxation
            (:func:`~.matching.matching_bound`) and the suits are paired greedily.
        """
        g = self.graph
        comp, odd, total = self._reachable(v, avail, visited)
        if not comp:
            return 0, 0, None
        p0 = odd ^ (1 << v)
        terms = [x for x in range(len(g.adj)) if p0 >> x & 1]
        k = len(terms)
        paths = [g.shortest_paths(u, comp) for u in terms]
        # A terminal with a single tile that is not the final end loses that
        # tile, and with it the double of its suit (when not yet counted).
        lone = []
        for u in terms:
            n_tiles = sum(1 for _i, _y, b in g.adj[u] if comp & b)
            lone.append(g.double_value[u] if n_tiles == 1 and not visited >> u & 1 else 0)
        # A lone-tile final end keeps its double only when doubles may end
        # the train.
        end_cost = lone if self.avoid else [0] * k
        # (All terminals are in one group, so every pair is joined.)
        dist = [[paths[a][terms[b]][0] + lone[a] + lone[b] for b in range(k)]
                for a in range(k)]
        if k > limit:
            # Too many odd suits for the exact matching: bound by the
            # assignment relaxation and pair them greedily, nearest pairs
            # first, the one left over being the final end.
            pairs = sorted((dist[a][b], a, b) for a in range(k) for b in range(a + 1, k))
            matched = 0
            join = 0
            for _d, a, b in pairs:
                if not matched >> a & 1 and not matched >> b & 1:
                    matched |= (1 << a) | (1 << b)
                    join ^= g.path_tiles(paths[a], terms[b])
            trail = g.euler_trail(v, comp ^ join)
            return total - matching_bound(dist, end_cost), g.gain(trail, visited), trail
        return self._best_matched_trail(v, comp, visited, total, (terms, paths, dist, end_cost))

    def _reachable(self, v: int, avail: int, visited: int) -> tuple[int, int, int]:
        """The tiles of ``avail`` in ``v``'s group (a bit mask), the suits with
        an odd count of them (a bit mask), and their value with the doubles of
        suits not yet ``visited``."""
        g = self.graph
        comp = 0
        verts = 1 << v
        stack = [v]
        odd = 0
        total = 0
        while stack:
            x = stack.pop()
            xb = 1 << x
            if not visited & xb:
                total += g.double_value[x]
            for i, y, b in g.adj[x]:
                if not avail & b:
                    continue
                odd ^= xb
                if not comp & b:
                    comp |= b
                    total += g.value[i]
                    yb = 1 << y
                    if not verts & yb:
                        verts |= yb
                        stack.append(y)
        return comp, odd, total

    def _best_matched_trail(
        self, v: int, comp: int, visited: int, total: int,
        matching: tuple[list[int], list[dict[int, tuple[int, int]]], list[list[int]], list[int]],
    ) -> tuple[int, int, list[tuple[int, int]] | None]:
        """:meth:`leave_out` with few odd suits: the exact bound, and the best
        trail left by a cheapest T-join for each choice of final end.

        :param matching: the odd suits, their shortest paths, the distances
            between them and the cost of ending at each.
        """
        g = self.graph
        terms, paths, dist, end_cost = matching
        k = len(terms)
        cost, pick = cheapest_matchings(dist)
        full = (1 << k) - 1
        ends = sorted(((total - cost[full ^ (1 << i)] - end_cost[i], i) for i in range(k)),
                      reverse=True)
        top = ends[0][0]
        best_gain = -1
        best_trail = None
        for ub, i in ends:
            if ub <= best_gain:
                break
            # The T-join: symmetric difference of the matched shortest paths.
            join = 0
            mask = full ^ (1 << i)
            while mask:
                low = (mask & -mask).bit_length() - 1
                j = pick[mask]
                join ^= g.path_tiles(paths[low], terms[j])
                mask ^= (1 << low) | (1 << j)
            trail = g.euler_trail(v, comp ^ join)
            gain = g.gain(trail, visited)
            if gain > best_gain:
                best_gain = gain
                best_trail = trail
        return top, best_gain, best_trail

    def _train(self) -> list[PlacedTile]:
        """Lay the best path out, each double at the first visit of its suit."""
        g = self.graph
        out: list[PlacedTile] = []
        s = self.start
        seen_suits = {s}
        if g.double_value[s] and not (self.avoid and not self.best_path):
            out.append(PlacedTile(s, s))
        last = len(self.best_path) - 1
        for k, (i, v) in enumerate(self.best_path):
            a, b = g.high[i], g.low[i]
            y = b if v == a else a
            out.append(PlacedTile(v, y))
            if y not in seen_suits:
                seen_suits.add(y)
                if g.double_value[y] and not (self.avoid and k == last):
                    out.append(PlacedTile(y, y))
        return out
