"""Train planner: the best personal train a hand can make from an open end.

The Mexican Train rule pages advise every player to arrange their hand into a
train running from the engine and to keep the rest as *extras* for the
Mexican train and the open trains (seeds 000, 002, 004); seed 003's
first-turn variant even lets a player lay that whole train at once
(rules-brief.md §2, "First turn"). This module finds that train.

Rules of a train (rules-brief.md §2):

- tiles are joined end to end, starting from the open end (the engine
  double's suit, or the far end of the player's train), each tile matching
  the suit it is laid against;
- a double is one tile whose two halves show the same suit: in a personal
  train it simply continues the chain, it never branches (seed 003: "doubles
  do not branch", that is Chicken Foot);
- the train's value is compared by the chosen objective: ``"tiles"`` (most
  tiles, ties broken by most pips) or ``"pips"`` (most pips, ties broken by
  most tiles);
- with ``avoid_double_end`` the train may not end on a double (an open double
  at the end of a train must be satisfied at once — seeds 000, 002, 004 — so
  a player planning a first-turn train may want to keep it in hand).

How it is solved (issue 4). Suits are vertices and non-double tiles are
edges; a train is a *trail* from the open end. The longest trail is NP-hard
in general, so the speed comes from the structure of real hands:

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
  freely) bounds every train; in dense hands it leaves one connected group
  and the answer is proven at once;
- otherwise a branch and bound lists the candidate J, each exactly once:
  take the lowest suit whose parity is still wrong and branch on it being
  the final end, or on which of its tiles is the first left out (the ones
  before it are kept). The bound is the exact cheapest completion (a
  matching, or for many odd suits half the sum of nearest-suit distances),
  plus the doubles of suits left with no tile. Every train is reached this
  way and no set of tiles is visited twice.

Values are compared as one integer per tile (see ``_weight``), so the
objective and its tie-breaker are optimised together.

:func:`plan_train` is the planner; :func:`plan_train_exhaustive` is the plain
depth-first search over every trail, kept as the reference for the tests and
as the baseline of ``benchmarks/planner.py``.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from heapq import heappop, heappush
from typing import Any, Literal

from .errors import tr
from .tiles import Tile, TileError

__all__ = [
    "MAX_SET",
    "OBJECTIVES",
    "BadValue",
    "EngineInHand",
    "PlacedTile",
    "PlannerError",
    "TileRepeated",
    "TilesNotInSet",
    "TrainPlan",
    "check_request",
    "plan_train",
    "plan_train_exhaustive",
]

Objective = Literal["tiles", "pips"]

OBJECTIVES: tuple[str, ...] = ("tiles", "pips")
"""The objectives :func:`plan_train` accepts."""

MAX_SET = 18
"""The largest double-N set the planner accepts (double-18, rules-brief.md §1)."""

DEFAULT_TIME_BUDGET = 0.5
"""Seconds :func:`plan_train` may search before it answers unproven."""

# A train's value is one integer: the objective's figure times _SCALE plus
# the tie-breaker. _SCALE exceeds every tie-breaker (at most 190 tiles or
# 3420 pips in a double-18 set), so comparing the integers compares
# (objective, tie-breaker) pairs.
_SCALE = 4096

# Exact matchings (2**k table entries) for at most this many odd suits: at
# the open end, and at each step of the search (a cheaper bound above that).
_MAX_MATCHED_ROOT = 13
_MAX_MATCHED = 9


# --------------------------------------------------------------------------
# Errors


class PlannerError(ValueError):
    """A planner request that cannot be answered.

    :ivar code: a stable error code from design.md (``tiles_not_in_set``,
        ``tile_repeated``, ``engine_in_hand``, ``bad_value``).
    :ivar tiles: every offending tile as written ``"a-b"`` (the raw text for
        a tile that could not be read); empty when the problem is not a tile.
    :ivar field: the request field at fault: ``"hand"``, ``"set"``,
        ``"open_end"``, ``"objective"``, ``"avoid_double_end"`` or
        ``"time_budget"``.
    """

    code = "bad_value"

    def __init__(self, message: str, tiles: Sequence[str] = (), field: str = "hand") -> None:
        super().__init__(message)
        self.message = message
        self.tiles: list[str] = list(tiles)
        self.field = field

    def as_dict(self) -> dict[str, object]:
        """One entry of design.md's 422 ``errors`` list (``path`` is the
        request field), plus the offending ``tiles``."""
        return {"path": self.field, "code": self.code, "message": self.message,
                "tiles": list(self.tiles)}


class TilesNotInSet(PlannerError):
    """Tiles carrying a suit above the set's N (code ``tiles_not_in_set``)."""

    code = "tiles_not_in_set"


class TileRepeated(PlannerError):
    """A tile given more than once: a set holds each tile once (code ``tile_repeated``)."""

    code = "tile_repeated"


class EngineInHand(PlannerError):
    """The double of the open end in the hand (code ``engine_in_hand``).

    The engine double sits in the hub, so it cannot also be in a hand
    (seeds 000, 001, 002, 004: it is taken out of the set before dealing).
    """

    code = "engine_in_hand"


class BadValue(PlannerError):
    """A set size, open end, objective or budget out of range, or an unreadable
    tile (code ``bad_value``)."""

    code = "bad_value"


# --------------------------------------------------------------------------
# Results


@dataclass(frozen=True)
class PlacedTile:
    """A tile as laid in a train, turned the right way.

    ``str(PlacedTile(12, 5))`` is ``"12-5"``: the 12 touches the train, the 5
    is the new open end.
    """

    near: int
    """The suit laid against the train (matches the previous open end)."""
    far: int
    """The suit left open for the next tile."""

    @property
    def tile(self) -> Tile:
        """The unoriented tile (higher suit first)."""
        return Tile(self.near, self.far)

    @property
    def pips(self) -> int:
        """Pips on the tile, in pips."""
        return self.near + self.far

    @property
    def is_double(self) -> bool:
        """True for a double."""
        return self.near == self.far

    def __str__(self) -> str:
        return f"{self.near}-{self.far}"


@dataclass(frozen=True)
class TrainPlan:
    """The planner's answer.

    Only the values (``tiles`` and ``pips``) are unique: when several trains
    tie, ``train`` is one of them.
    """

    open_end: int
    """The suit the train starts from."""
    objective: str
    """``"tiles"`` or ``"pips"``."""
    train: tuple[PlacedTile, ...]
    """The train in playing order, each tile turned the right way."""
    extras: tuple[Tile, ...]
    """The hand's tiles left out of the train, in hand order."""
    tiles: int
    """Tiles in the train."""
    pips: int
    """Pips played in the train, in pips."""
    pips_left: int
    """Pips of the extras (what stays in hand), in pips."""
    optimal: bool
    """True when the train is proven best within the time budget; False when
    the budget ran out first (the train is then the best one found)."""
    nodes: int = field(default=0, compare=False)
    """Search states expanded (a figure for benchmarks, not part of the answer)."""

    @property
    def end(self) -> int:
        """The open end after the train (``open_end`` for an empty train)."""
        return self.train[-1].far if self.train else self.open_end

    def train_text(self) -> list[str]:
        """The train as ``["12-5", "5-3", …]`` (the JSON form of issue 4)."""
        return [str(p) for p in self.train]

    def extras_text(self) -> list[str]:
        """The extras as ``["a-b", …]``."""
        return [str(t) for t in self.extras]

    def as_dict(self) -> dict[str, object]:
        """The plan in the JSON shape of issue 4's ``POST /api/planner``
        answer (plus ``open_end``, ``end``, ``objective`` and ``pips_left``)."""
        return {
            "open_end": self.open_end,
            "objective": self.objective,
            "train": self.train_text(),
            "extras": self.extras_text(),
            "tiles": self.tiles,
            "pips": self.pips,
            "pips_left": self.pips_left,
            "end": self.end,
            "optimal": self.optimal,
        }


# --------------------------------------------------------------------------
# Checking a request


def check_request(
    set_n: object,
    open_end: object,
    hand: Sequence[Tile | str],
    objective: object = "tiles",
    avoid_double_end: object = False,
    time_budget: object = DEFAULT_TIME_BUDGET,
    from_engine: bool = True,
) -> tuple[list[Tile], list[PlannerError]]:
    """Read a planner request and list every problem in it.

    One error per kind, each carrying all of its offending tiles, in this
    order: ``bad_value`` (set, open end, objective, flag, budget, unreadable
    tiles), ``tiles_not_in_set``, ``tile_repeated``, ``engine_in_hand``.

    :param set_n: N of the double-N set, an int from 0 to 18 (the app's sets
        are 6, 9, 12, 15 and 18; smaller ones are accepted for teaching).
    :param open_end: the suit to build from, 0..N.
    :param hand: the tiles, as :class:`Tile` or ``"a-b"`` text.
    :param objective: ``"tiles"`` or ``"pips"``.
    :param avoid_double_end: a bool.
    :param time_budget: seconds, a number > 0.
    :param from_engine: True when the open end is the engine's suit: its
        double is then in the hub and may not be in the hand.
    :return: the hand read as tiles (unreadable ones left out) and the list
        of problems (empty when the request is sound).
    """
    problems: list[PlannerError] = []

    def is_int(x: object) -> bool:
        return isinstance(x, int) and not isinstance(x, bool)

    n_ok = is_int(set_n) and 0 <= set_n <= MAX_SET  # type: ignore[operator]
    if not n_ok:
        problems.append(
            BadValue(tr("the set must be double-0 to double-{most}, not {value!r}", most=MAX_SET,
                        value=set_n), field="set")
        )
    if not is_int(open_end) or open_end < 0 or (n_ok and open_end > set_n):  # type: ignore[operator]
        top = set_n if n_ok else MAX_SET
        problems.append(
            BadValue(tr("the open end must be a suit from 0 to {top}, not {value!r}", top=top,
                        value=open_end),
                     field="open_end")
        )
    if objective not in OBJECTIVES:
        problems.append(
            BadValue(tr("the objective must be 'tiles' or 'pips', not {value!r}", value=objective),
                     field="objective")
        )
    if not isinstance(avoid_double_end, bool):
        problems.append(
            BadValue(tr("avoid_double_end must be true or false, not {value!r}", value=avoid_double_end),
                     field="avoid_double_end")
        )
    if (not isinstance(time_budget, (int, float)) or isinstance(time_budget, bool)
            or not time_budget > 0):
        problems.append(
            BadValue(tr("the time budget must be a positive number of seconds, not {value!r}",
                        value=time_budget),
                     field="time_budget")
        )

    tiles: list[Tile] = []
    unreadable: list[str] = []
    if isinstance(hand, (str, bytes)):
        # A whole hand typed as one string: "12-5 5-3 …".
        hand = str(hand).replace(",", " ").split()
    for item in hand:
        if isinstance(item, Tile):
            tiles.append(item)
            continue
        try:
            tiles.append(Tile.parse(item))
        except (TileError, TypeError):
            unreadable.append(str(item))
    if unreadable:
        problems.append(
            BadValue(tr("not tiles (write them as 12-5): {tiles}", tiles=", ".join(unreadable)), unreadable)
        )

    top = set_n if n_ok else MAX_SET
    outside = [str(t) for t in tiles if t.high > top]  # type: ignore[operator]
    if outside:
        problems.append(
            TilesNotInSet(tr("not in a double-{top} set: {tiles}", top=top, tiles=", ".join(outside)),
                          outside)
        )

    seen: set[Tile] = set()
    repeated: list[str] = []
    for t in tiles:
        if t in seen and str(t) not in repeated:
            repeated.append(str(t))
        seen.add(t)
    if repeated:
        problems.append(
            TileRepeated(tr("given more than once: {tiles}", tiles=", ".join(repeated)), repeated)
        )

    if from_engine and isinstance(open_end, int) and is_int(open_end) and open_end >= 0 \
            and Tile(open_end, open_end) in seen:
        e = f"{open_end}-{open_end}"
        problems.append(
            EngineInHand(tr("{engine} is the engine: it is in the hub, not in the hand", engine=e), [e])
        )
    return tiles, problems


def _checked(set_n: object, open_end: object, hand: Sequence[Tile | str], objective: object,
             avoid_double_end: object, time_budget: object, from_engine: bool) -> list[Tile]:
    tiles, problems = check_request(
        set_n, open_end, hand, objective, avoid_double_end, time_budget, from_engine
    )
    if problems:
        raise problems[0]
    return tiles


def _make_plan(
    open_end: int,
    objective: str,
    hand: list[Tile],
    train: list[PlacedTile],
    optimal: bool,
    nodes: int,
) -> TrainPlan:
    used = {p.tile for p in train}
    extras = tuple(t for t in hand if t not in used)
    return TrainPlan(
        open_end=open_end,
        objective=objective,
        train=tuple(train),
        extras=extras,
        tiles=len(train),
        pips=sum(p.pips for p in train),
        pips_left=sum(t.pips for t in extras),
        optimal=optimal,
        nodes=nodes,
    )


def _weight(tile_pips: int, objective: str) -> int:
    """A tile's worth as one integer: objective figure x _SCALE + tie-breaker."""
    if objective == "tiles":
        return _SCALE + tile_pips
    return tile_pips * _SCALE + 1


_FAR = 1 << 60  # "no path" in the matching tables


def _matchings(dist: list[list[int]]) -> tuple[list[int], list[int]]:
    """Cheapest perfect matchings of every even subset of k points.

    :param dist: k x k symmetric lengths (``_FAR`` for no path).
    :return: ``(cost, pick)`` indexed by subset bit mask: the cheapest
        matching's length, and the partner of the subset's lowest point.
    """
    k = len(dist)
    full = (1 << k) - 1
    cost = [0] * (full + 1)
    pick = [0] * (full + 1)
    for mask in range(3, full + 1):
        if mask.bit_count() & 1:
            continue
        low = (mask & -mask).bit_length() - 1
        rest = mask ^ (1 << low)
        row = dist[low]
        best_c = _FAR
        best_j = 0
        r = rest
        while r:
            jb = r & -r
            r ^= jb
            j = jb.bit_length() - 1
            c = row[j] + cost[rest ^ jb]
            if c < best_c:
                best_c = c
                best_j = j
        cost[mask] = best_c
        pick[mask] = best_j
    return cost, pick


def _assignment(cost: list[list[int]]) -> int:
    """Cheapest assignment (rows to distinct columns) of a square matrix:
    the Hungarian method with potentials, O(n^3).

    A perfect matching of points, read both ways, is an assignment with no
    point on itself costing twice as much, so half the cheapest assignment
    (with ``_FAR`` on the diagonal) bounds the cheapest perfect matching.
    """
    n = len(cost)
    inf = float("inf")
    u: list[float] = [0] * (n + 1)
    v: list[float] = [0] * (n + 1)
    p = [0] * (n + 1)
    way = [0] * (n + 1)
    for i in range(1, n + 1):
        p[0] = i
        j0 = 0
        minv = [inf] * (n + 1)
        used = [False] * (n + 1)
        while True:
            used[j0] = True
            i0 = p[j0]
            row = cost[i0 - 1]
            ui0 = u[i0]
            delta = inf
            j1 = 0
            for j in range(1, n + 1):
                if not used[j]:
                    cur = row[j - 1] - ui0 - v[j]
                    if cur < minv[j]:
                        minv[j] = cur
                        way[j] = j0
                    if minv[j] < delta:
                        delta = minv[j]
                        j1 = j
            for j in range(n + 1):
                if used[j]:
                    u[p[j]] += delta
                    v[j] -= delta
                else:
                    minv[j] -= delta
            j0 = j1
            if p[j0] == 0:
                break
        while j0:
            j1 = way[j0]
            p[j0] = p[j1]
            j0 = j1
    return int(-v[0])


def _matching_bound(dist: list[list[int]], end_cost: list[int]) -> int:
    """Lower bound on ``min over t of (perfect matching of the points but t)
    + end_cost[t]``, by the assignment relaxation (a dummy point stands for
    the final end). ``_FAR`` when impossible."""
    k = len(dist)
    matrix = [[*row, end_cost[a]] for a, row in enumerate(dist)]
    matrix.append([*end_cost, _FAR])
    for a in range(k):
        matrix[a][a] = _FAR
    total = _assignment(matrix)
    return _FAR if total >= _FAR else (total + 1) // 2


class _OutOfTime(Exception):
    pass


# --------------------------------------------------------------------------
# The planner


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

    Rules: rules-brief.md §2 and the module docstring (tiles end to end from
    the open end; doubles continue the chain and do not branch, seed 003;
    the first-turn train of seed 003 and the train-building advice of seeds
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
    tiles = _checked(set_n, open_end, hand, objective, avoid_double_end, time_budget,
                     from_engine)
    return _Search(open_end, tiles, objective, avoid_double_end, time_budget).run()


class _Search:
    """One planner run: the open end's group of tiles, the best train found.

    Tiles are numbered (non-doubles of the open end's group only) and sets of
    them are bit masks; ``dbl[suit]`` is the weight of the double of that
    suit in hand (0 when absent); ``adj[suit]`` lists ``(tile index, other
    suit, tile bit)``.
    """

    def __init__(self, start: int, hand: list[Tile], objective: str, avoid: bool,
                 budget: float) -> None:
        self.start = start
        self.hand = hand
        self.objective = objective
        self.avoid = avoid
        self.deadline = time.perf_counter() + budget

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
        self.ea = [t.high for t in edges]
        self.eb = [t.low for t in edges]
        self.ew = [_weight(t.pips, objective) for t in edges]
        width = max([start] + [t.high for t in hand]) + 1
        self.dbl = [0] * width
        for t in hand:
            if t.is_double and t.high in reach:
                self.dbl[t.high] = _weight(t.pips, objective)
        self.adj: list[list[tuple[int, int, int]]] = [[] for _ in range(width)]
        for i, t in enumerate(edges):
            self.adj[t.high].append((i, t.low, 1 << i))
            self.adj[t.low].append((i, t.high, 1 << i))

        self.all_tiles = (1 << len(edges)) - 1
        self.best = -1
        """Value of the best train found (see ``_weight``), doubles included."""
        self.best_path: list[tuple[int, int]] = []
        """Its non-double tiles as ``(tile index, suit laid from)``."""
        self.nodes = 0

    # -- the search -------------------------------------------------------

    def run(self) -> TrainPlan:
        """Search within the budget; the plan is proven unless it ran out."""
        s = self.start
        optimal = True
        try:
            # The empty train: the open end's own double, if any, alone.
            self.best = 0 if self.avoid else self.dbl[s]
            ub, gain, trail = self.leave_out(s, self.all_tiles, 1 << s, _MAX_MATCHED_ROOT)
            if trail and self.dbl[s] + gain > self.best:
                self.best = self.dbl[s] + gain
                self.best_path = trail
            if self.dbl[s] + ub > self.best:
                self.join_search()
        except _OutOfTime:
            optimal = False
        return _make_plan(s, self.objective, self.hand, self._train(), optimal, self.nodes)

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
        s = self.start
        adj = self.adj
        m = len(self.ew)
        width = len(adj)
        self.inc = [0] * width
        odd = 0
        for i in range(m):
            a, b = self.ea[i], self.eb[i]
            self.inc[a] |= 1 << i
            self.inc[b] |= 1 << i
            odd ^= (1 << a) ^ (1 << b)
        self.total = sum(self.ew) + sum(
            self.dbl[x] for x in range(width) if self.inc[x] or x == s)
        self.jnode(0, 0, odd ^ (1 << s), -1, 0, 0)

    def jnode(self, inc: int, exc: int, need: int, end: int, w_out: int, lost: int) -> None:
        """One step: tiles ``inc`` left out, ``exc`` kept for sure, suits
        ``need`` of wrong parity (their count is odd), ``end`` the chosen
        final end or -1, ``w_out`` the weight left out, ``lost`` the doubles
        of suits left with no tile."""
        self.nodes += 1
        if time.perf_counter() > self.deadline:
            raise _OutOfTime
        all_tiles = self.all_tiles
        if not need & (need - 1):
            self._leaf(all_tiles ^ inc)
            return
        avail = all_tiles & ~inc & ~exc
        if end >= 0 and not need >> end & 1:
            end = -1
        lb = self._join_bound(need, avail, inc, end)
        if lb is None or self.total - w_out - lost - lb <= self.best:
            return
        # The lowest suit still wrong, other than the chosen end.
        rest = need & ~(1 << end) if end >= 0 else need
        u = (rest & -rest).bit_length() - 1
        if end < 0:
            self.jnode(inc, exc, need, u, w_out, lost)
        ew = self.ew
        s = self.start
        opts = sorted((ew[i], i, y, b) for i, y, b in self.adj[u] if avail & b)
        for w, _i, y, b in opts:
            ninc = inc | b
            nlost = lost
            for x in (u, y):
                if x != s and not self.inc[x] & ~ninc:
                    nlost += self.dbl[x]
            self.jnode(ninc, exc, need ^ (1 << u) ^ (1 << y), end, w_out + w, nlost)
            exc |= b

    def _join_bound(self, need: int, avail: int, inc: int, end: int) -> int | None:
        """Least weight still to leave out (tiles and lost doubles) so that
        only one suit of ``need`` stays odd (``end`` when chosen), using the
        tiles of ``avail``; None when impossible."""
        dbl = self.dbl
        s = self.start
        terms = []
        t = need
        while t:
            low = t & -t
            terms.append(low.bit_length() - 1)
            t ^= low
        k = len(terms)
        lone = []
        for u in terms:
            # Left out, a suit's last tile takes its double with it.
            rest = self.inc[u] & ~inc
            lone.append(dbl[u] if u != s and rest & (rest - 1) == 0 and rest & avail else 0)
        avoid = self.avoid
        end_cost = []
        for u in terms:
            if end >= 0 and u != end:
                end_cost.append(_FAR)
                continue
            c = 0
            if avoid:
                # A final end with one tile may not keep its double.
                rest = self.inc[u] & ~inc
                if u != s and rest & (rest - 1) == 0:
                    c = dbl[u]
            end_cost.append(c)
        paths = [self._dijkstra(u, avail) for u in terms]
        dist = [[paths[a][terms[b]][0] + lone[a] + lone[b] if terms[b] in paths[a]
                 else _FAR for b in range(k)] for a in range(k)]
        if k <= _MAX_MATCHED:
            cost, _pick = _matchings(dist)
            full = (1 << k) - 1
            best = min(cost[full ^ (1 << i)] + end_cost[i] for i in range(k))
        else:
            best = _matching_bound(dist, end_cost)
        return None if best >= _FAR else best

    def _leaf(self, keep: int) -> None:
        """Score the train made of every tile of ``keep`` joined to the open end."""
        s = self.start
        trail = self._euler(s, keep)
        value = self.dbl[s] + self._gain(trail, 1 << s)
        if self.avoid and not trail:
            value -= self.dbl[s]
        if value > self.best:
            self.best = value
            self.best_path = trail

    # -- choosing the tiles to leave out ------------------------------------

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
            (:func:`_matching_bound`) and the suits are paired greedily.
        """
        adj = self.adj
        ew = self.ew
        dbl = self.dbl
        comp = 0
        verts = 1 << v
        stack = [v]
        odd = 0
        total = 0
        while stack:
            x = stack.pop()
            xb = 1 << x
            if not visited & xb:
                total += dbl[x]
            for i, y, b in adj[x]:
                if not avail & b:
                    continue
                odd ^= xb
                if not comp & b:
                    comp |= b
                    total += ew[i]
                    yb = 1 << y
                    if not verts & yb:
                        verts |= yb
                        stack.append(y)
        if not comp:
            return 0, 0, None
        p0 = odd ^ (1 << v)
        terms = [x for x in range(len(adj)) if p0 >> x & 1]
        k = len(terms)
        paths = [self._dijkstra(u, comp) for u in terms]
        # A terminal with a single tile that is not the final end loses that
        # tile, and with it the double of its suit (when not yet counted).
        lone = []
        for u in terms:
            n_tiles = 0
            for _i, _y, b in adj[u]:
                if comp & b:
                    n_tiles += 1
            lone.append(dbl[u] if n_tiles == 1 and not visited >> u & 1 else 0)
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
                    join ^= self._path_edges(paths[a], terms[b])
            trail = self._euler(v, comp ^ join)
            return total - _matching_bound(dist, end_cost), self._gain(trail, visited), trail
        cost, pick = _matchings(dist)
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
                join ^= self._path_edges(paths[low], terms[j])
                mask ^= (1 << low) | (1 << j)
            trail = self._euler(v, comp ^ join)
            gain = self._gain(trail, visited)
            if gain > best_gain:
                best_gain = gain
                best_trail = trail
        return top, best_gain, best_trail

    def _dijkstra(self, u: int, avail: int) -> dict[int, tuple[int, int]]:
        """Shortest paths from ``u`` over the tiles in ``avail``:
        suit -> (length, last tile index or -1)."""
        adj = self.adj
        ew = self.ew
        done: dict[int, tuple[int, int]] = {}
        heap = [(0, u, -1)]
        while heap:
            d, x, via = heappop(heap)
            if x in done:
                continue
            done[x] = (d, via)
            for i, y, b in adj[x]:
                if avail & b and y not in done:
                    heappush(heap, (d + ew[i], y, i))
        return done

    def _path_edges(self, tree: dict[int, tuple[int, int]], x: int) -> int:
        """The tiles (a bit mask) of the shortest path in ``tree`` to ``x``."""
        bits = 0
        while True:
            via = tree[x][1]
            if via < 0:
                return bits
            bits |= 1 << via
            x = self.ea[via] if self.eb[via] == x else self.eb[via]

    def _euler(self, v: int, keep: int) -> list[tuple[int, int]]:
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
            cur = self.eb[i] if self.ea[i] == cur else self.ea[i]
        return trail

    def _gain(self, trail: list[tuple[int, int]], visited: int) -> int:
        """What ``trail`` adds to a train whose suits ``visited`` were reached:
        its tiles and the doubles of newly reached suits, less the double at
        its end when the train may not end on a double."""
        dbl = self.dbl
        gain = 0
        first = False
        cur = -1
        for i, v in trail:
            cur = self.eb[i] if self.ea[i] == v else self.ea[i]
            gain += self.ew[i]
            cb = 1 << cur
            first = not visited & cb
            if first:
                visited |= cb
                gain += dbl[cur]
        if self.avoid and first:
            gain -= dbl[cur]
        return gain

    def _train(self) -> list[PlacedTile]:
        """Lay the best path out, each double at the first visit of its suit."""
        out: list[PlacedTile] = []
        s = self.start
        seen_suits = {s}
        if self.dbl[s] and not (self.avoid and not self.best_path):
            out.append(PlacedTile(s, s))
        last = len(self.best_path) - 1
        for k, (i, v) in enumerate(self.best_path):
            a, b = self.ea[i], self.eb[i]
            y = b if v == a else a
            out.append(PlacedTile(v, y))
            if y not in seen_suits:
                seen_suits.add(y)
                if self.dbl[y] and not (self.avoid and k == last):
                    out.append(PlacedTile(y, y))
        return out


# --------------------------------------------------------------------------
# The plain reference


def plan_train_exhaustive(
    set_n: int,
    open_end: int,
    hand: Sequence[Tile | str],
    objective: Objective = "tiles",
    avoid_double_end: bool = False,
    time_budget: float = 10.0,
    *,
    from_engine: bool = True,
) -> TrainPlan:
    """The best train by plain depth-first search over every legal train.

    Every tile, doubles included, is tried at every step; no bound, no
    memory. Exponential: the reference for the tests and the baseline of
    ``benchmarks/planner.py``, not for the app. Same rules, parameters,
    return value and errors as :func:`plan_train` (``time_budget`` defaults
    to 10 seconds; when it runs out the answer has ``optimal=False``).
    """
    tiles = _checked(set_n, open_end, hand, objective, avoid_double_end, time_budget,
                     from_engine)
    deadline = time.perf_counter() + time_budget
    n = len(tiles)
    used = [False] * n
    path: list[PlacedTile] = []
    best: list[Any] = [(-1, -1), []]
    nodes = [0]

    def key(train_tiles: int, train_pips: int) -> tuple[int, int]:
        if objective == "tiles":
            return (train_tiles, train_pips)
        return (train_pips, train_tiles)

    def walk(end: int, pips: int) -> None:
        nodes[0] += 1
        if not nodes[0] & 1023 and time.perf_counter() > deadline:
            raise _OutOfTime
        legal = not (avoid_double_end and path and path[-1].is_double)
        if legal:
            k = key(len(path), pips)
            if k > best[0]:
                best[0] = k
                best[1] = list(path)
        for j in range(n):
            if used[j]:
                continue
            t = tiles[j]
            if t.high == end or t.low == end:
                far = t.low if t.high == end else t.high
                used[j] = True
                path.append(PlacedTile(end, far))
                walk(far, pips + t.pips)
                path.pop()
                used[j] = False

    optimal = True
    try:
        walk(open_end, 0)
    except _OutOfTime:
        optimal = False
    return _make_plan(open_end, objective, tiles, best[1], optimal, nodes[0])
