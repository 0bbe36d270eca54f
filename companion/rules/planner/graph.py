"""The tiles a train can use, as a graph: suits are vertices, tiles edges.

A train is a *trail* from the open end. Doubles are never searched: a double
joins the train, at no cost, the first time the train reaches its suit, so
only non-double tiles are edges. Tiles are numbered and sets of them are bit
masks (bit ``i`` for tile ``i``).
"""

from __future__ import annotations

from heapq import heappop, heappush

from companion.rules.planner.plan import tile_value
from companion.rules.tiles import Tile


class TileGraph:
    """The open end's group of tiles in a hand.

    :ivar start: the open end's suit.
    :ivar avoid_double_end: the train may not end on a double.
    :ivar high: for each tile (a non-double of the open end's group), its higher suit.
    :ivar low: its lower suit.
    :ivar value: its value (:func:`~.plan.tile_value`).
    :ivar double_value: per suit, the value of that suit's double in hand
        (0 when the hand has none or it is out of the group).
    :ivar adj: per suit, the tiles touching it as ``(tile index, other suit, tile bit)``.
    :ivar all_tiles: the bit mask of every tile.
    """

    def __init__(self, start: int, hand: list[Tile], objective: str, avoid_double_end: bool) -> None:
        self.start = start
        self.avoid_double_end = avoid_double_end
        # Only tiles in the connected group of the open end can ever join.
        reach = {start}
        grow = True
        plain = [t for t in hand if not t.is_double]
        while grow:
            grow = False
            for t in plain:
                if (t.high in reach) != (t.low in reach):
                    reach.update((t.high, t.low))
                    grow = True
        edges = [t for t in plain if t.high in reach]
        self.high = [t.high for t in edges]
        self.low = [t.low for t in edges]
        self.value = [tile_value(t.pips, objective) for t in edges]
        width = max([start] + [t.high for t in hand]) + 1
        self.double_value = [0] * width
        for t in hand:
            if t.is_double and t.high in reach:
                self.double_value[t.high] = tile_value(t.pips, objective)
        self.adj: list[list[tuple[int, int, int]]] = [[] for _ in range(width)]
        for i, t in enumerate(edges):
            self.adj[t.high].append((i, t.low, 1 << i))
            self.adj[t.low].append((i, t.high, 1 << i))
        self.all_tiles = (1 << len(edges)) - 1

    def other_end(self, tile: int, suit: int) -> int:
        """The suit of ``tile`` that is not ``suit``."""
        return self.low[tile] if self.high[tile] == suit else self.high[tile]

    def shortest_paths(self, u: int, avail: int) -> dict[int, tuple[int, int]]:
        """Shortest paths from ``u`` over the tiles in ``avail``:
        suit -> (length, last tile index or -1)."""
        adj = self.adj
        value = self.value
        done: dict[int, tuple[int, int]] = {}
        heap = [(0, u, -1)]
        while heap:
            d, x, via = heappop(heap)
            if x in done:
                continue
            done[x] = (d, via)
            for i, y, b in adj[x]:
                if avail & b and y not in done:
                    heappush(heap, (d + value[i], y, i))
        return done

    def path_tiles(self, tree: dict[int, tuple[int, int]], x: int) -> int:
        """The tiles (a bit mask) of the shortest path in ``tree`` to ``x``."""
        bits = 0
        while True:
            via = tree[x][1]
            if via < 0:
                return bits
            bits |= 1 << via
            x = self.high[via] if self.low[via] == x else self.low[via]

    def euler_trail(self, v: int, keep: int) -> list[tuple[int, int]]:
        """A trail from ``v`` through every tile of ``keep`` connected to ``v``
        (Hierholzer), as ``(tile index, suit laid from)``. The parity must be
        right: every suit but ``v`` and one end even."""
        adj = self.adj
        left = keep
        stack: list[tuple[int, int]] = [(v, -1)]
        out: list[int] = []
        pos = [0] * len(adj)
        while stack:
            x, via = stack[-1]
            nbrs = adj[x]
            p = pos[x]
            while p < len(nbrs) and not left & nbrs[p][2]:
                p += 1
            pos[x] = p
            if p < len(nbrs):
                i, y, b = nbrs[p]
                left ^= b
                stack.append((y, i))
            else:
                stack.pop()
                if via >= 0:
                    out.append(via)
        # Tiles cut off from v (left over) are simply not in this train.
        out.reverse()
        trail = []
        cur = v
        for i in out:
            trail.append((i, cur))
            cur = self.low[i] if self.high[i] == cur else self.high[i]
        return trail

    def gain(self, trail: list[tuple[int, int]], visited: int) -> int:
        """What ``trail`` adds to a train whose suits ``visited`` were reached:
        its tiles and the doubles of newly reached suits, less the double at
        its end when the train may not end on a double."""
        dbl = self.double_value
        gain = 0
        first = False
        cur = -1
        for i, v in trail:
            cur = self.low[i] if self.high[i] == v else self.high[i]
            gain += self.value[i]
            cb = 1 << cur
            first = not visited & cb
            if first:
                visited |= cb
                gain += dbl[cur]
        if self.avoid_double_end and first:
            gain -= dbl[cur]
        return gain
