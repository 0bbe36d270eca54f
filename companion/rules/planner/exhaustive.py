"""The plain reference planner: every legal train, no bound, no memory.

Exponential: the reference the tests compare :func:`~.search.plan_train`
with, and the baseline of ``benchmarks/planner.py``; not for the app.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from companion.rules.planner.plan import PlacedTile, TrainPlan, make_plan
from companion.rules.planner.request import Objective, checked_tiles
from companion.rules.planner.search import OutOfTime
from companion.rules.tiles import Tile


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
    tiles = checked_tiles(set_n, open_end, hand, objective, avoid_double_end, time_budget,
                     from_engine)
    deadline = time.perf_counter() + time_budget
    n = len(tiles)
    used = [False] * n
    path: list[PlacedTile] = []
    best: list[Any] = [(-1, -1), []]
    nodes = [0]

    def walk(end: int, pips: int) -> None:
        nodes[0] += 1
        if not nodes[0] & 1023 and time.perf_counter() > deadline:
            raise OutOfTime
        legal = not (avoid_double_end and path and path[-1].is_double)
        if legal:
            k = _plan_key(objective, len(path), pips)
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
    except OutOfTime:
        optimal = False
    return make_plan(open_end, objective, tiles, best[1], optimal, nodes[0])


def _plan_key(objective: Objective, train_tiles: int, train_pips: int) -> tuple[int, int]:
    """What makes one train better than another: tiles then pips, or pips
    then tiles, as the ``objective`` says."""
    if objective == "tiles":
        return (train_tiles, train_pips)
    return (train_pips, train_tiles)
