"""Matchings of suits, for the planner's bounds.

The tiles a train leaves out must mend the parity of every odd suit but the
two ends (Euler); the cheapest such set is a minimum perfect matching of the
odd suits under shortest-path lengths. :func:`cheapest_matchings` gives it
exactly for few suits; :func:`matching_bound` bounds it for many (the
assignment relaxation, :func:`cheapest_assignment`).
"""

from __future__ import annotations

FAR = 1 << 60
""""No path" in the matching tables."""


def cheapest_matchings(dist: list[list[int]]) -> tuple[list[int], list[int]]:
    """Cheapest perfect matchings of every even subset of k points.

    :param dist: k x k symmetric lengths (``FAR`` for no path).
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
        best_c = FAR
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


def cheapest_assignment(cost: list[list[int]]) -> int:
    """Cheapest assignment (rows to distinct columns) of a square matrix:
    the Hungarian method with potentials, O(n^3).

    A perfect matching of points, read both ways, is an assignment with no
    point on itself costing twice as much, so half the cheapest assignment
    (with ``FAR`` on the diagonal) bounds the cheapest perfect matching.
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
            delta, j1 = _scan(cost[i0 - 1], u[i0], v, used, minv, way, j0)
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


def _scan(row: list[int], ui0: float, v: list[float], used: list[bool], minv: list[float],
          way: list[int], j0: int) -> tuple[float, int]:
    """One step of :func:`cheapest_assignment`'s search from column ``j0``:
    lowers ``minv`` (and notes the ``way`` back) for the columns not ``used``
    yet through ``row``; returns the smallest reduced cost and its column."""
    delta = float("inf")
    j1 = 0
    for j in range(1, len(v)):
        if not used[j]:
            cur = row[j - 1] - ui0 - v[j]
            if cur < minv[j]:
                minv[j] = cur
                way[j] = j0
            if minv[j] < delta:
                delta = minv[j]
                j1 = j
    return delta, j1


def matching_bound(dist: list[list[int]], end_cost: list[int]) -> int:
    """Lower bound on ``min over t of (perfect matching of the points but t)
    + end_cost[t]``, by the assignment relaxation (a dummy point stands for
    the final end). ``FAR`` when impossible."""
    k = len(dist)
    matrix = [[*row, end_cost[a]] for a, row in enumerate(dist)]
    matrix.append([*end_cost, FAR])
    for a in range(k):
        matrix[a][a] = FAR
    total = cheapest_assignment(matrix)
    return FAR if total >= FAR else (total + 1) // 2
