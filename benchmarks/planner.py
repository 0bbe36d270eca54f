"""Benchmark of the train planner (issue 4).

Random hands with fixed seeds: 16, 25 and 30 tiles from double-12, double-15
and double-18 sets, the open end a random engine suit (its double kept out of
the hand), both objectives. For each group it prints the planner's median
and worst time and how many answers were proven optimal, then the same hands
through the plain depth-first search (``plan_train_exhaustive``) with a time
cap, and the speed-up (the plain search's median over the planner's; ``>=``
when the cap cut the plain search short, so the true ratio is larger).

Run from the repository root::

    python benchmarks/planner.py                # full run
    python benchmarks/planner.py --hands 20 --baseline-hands 5 --cap 0.5

Target (issue 4): every 30-tile hand proven optimal, median <= 20 ms,
worst <= 200 ms.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from companion.rules.planner import plan_train, plan_train_exhaustive  # noqa: E402
from companion.rules.tiles import DominoSet, Tile  # noqa: E402

SETS = (12, 15, 18)
SIZES = (16, 25, 30)
OBJECTIVES = ("tiles", "pips")


def hands(n: int, size: int, count: int, seed: int) -> list[tuple[int, list[Tile]]]:
    """``count`` (open end, hand) pairs for a double-``n`` set, reproducibly."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        engine = rng.randrange(n + 1)
        pool = [t for t in DominoSet(n).tiles if t != Tile(engine, engine)]
        out.append((engine, rng.sample(pool, size)))
    return out


def timed(fn, *args, **kwargs):
    started = time.perf_counter()
    result = fn(*args, **kwargs)
    return time.perf_counter() - started, result


def ms(seconds: float) -> str:
    return f"{seconds * 1000:8.1f}"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--hands", type=int, default=50, help="hands per group (default 50)")
    ap.add_argument("--baseline-hands", type=int, default=8,
                    help="of those, how many also go through the plain search (default 8)")
    ap.add_argument("--cap", type=float, default=1.0,
                    help="plain search time cap per hand, seconds (default 1.0)")
    ap.add_argument("--budget", type=float, default=0.5,
                    help="planner time budget per hand, seconds (default 0.5, the default)")
    ap.add_argument("--seed", type=int, default=2024)
    args = ap.parse_args()

    print(f"Python {platform.python_version()} on {platform.machine()}, "
          f"{os.cpu_count()} CPUs; {args.hands} hands per group, seed {args.seed}; "
          f"planner budget {args.budget:g} s; plain DFS on {args.baseline_hands} of them, "
          f"cap {args.cap:g} s")
    head = (f"{'set':>4} {'tiles':>5} {'objective':>9} | {'median ms':>9} {'worst ms':>9} "
            f"{'optimal':>8} | {'DFS med':>9} {'DFS worst':>9} {'DFS opt':>7} | {'speed-up':>9}")
    print(head)
    print("-" * len(head))
    all_times: dict[int, list[float]] = {s: [] for s in SIZES}
    all_opt: dict[int, list[bool]] = {s: [] for s in SIZES}
    mismatches = 0
    for n in SETS:
        for size in SIZES:
            group = hands(n, size, args.hands, seed=args.seed * 1000 + n * 100 + size)
            for objective in OBJECTIVES:
                times: list[float] = []
                plans = []
                for engine, hand in group:
                    dt, plan = timed(plan_train, n, engine, hand, objective,
                                     time_budget=args.budget)
                    times.append(dt)
                    plans.append(plan)
                all_times[size].extend(times)
                all_opt[size].extend(p.optimal for p in plans)
                base_times: list[float] = []
                base_opt = 0
                for (engine, hand), plan in list(zip(group, plans))[: args.baseline_hands]:
                    dt, ref = timed(plan_train_exhaustive, n, engine, hand, objective,
                                    time_budget=args.cap)
                    base_times.append(dt)
                    base_opt += ref.optimal
                    if ref.optimal and plan.optimal and (ref.tiles, ref.pips) != (
                            plan.tiles, plan.pips):
                        mismatches += 1
                    if ref.optimal is False and plan.optimal and (
                            (ref.tiles, ref.pips) > (plan.tiles, plan.pips)
                            if objective == "tiles" else
                            (ref.pips, ref.tiles) > (plan.pips, plan.tiles)):
                        mismatches += 1
                k = len(base_times)
                same = times[:k]
                ratio = statistics.median(base_times) / statistics.median(same) if k else 0.0
                capped = base_opt < k
                print(f"{n:>4} {size:>5} {objective:>9} | {ms(statistics.median(times)):>9} "
                      f"{ms(max(times)):>9} {sum(p.optimal for p in plans):>4}/{len(plans):<3} | "
                      f"{ms(statistics.median(base_times)) if k else '':>9} "
                      f"{ms(max(base_times)) if k else '':>9} {base_opt:>3}/{k:<3} | "
                      f"{('>=' if capped else '  ') + format(ratio, ',.1f' if ratio < 10 else ',.0f') if k else '-':>9}x",
                      flush=True)
    print()
    for size in SIZES:
        t = all_times[size]
        print(f"all {size:>2}-tile hands: median {ms(statistics.median(t)).strip()} ms, "
              f"worst {ms(max(t)).strip()} ms, proven optimal {sum(all_opt[size])}/{len(t)}")
    print(f"planner and plain search disagreed on {mismatches} proven answers")
    return 1 if mismatches else 0


if __name__ == "__main__":
    raise SystemExit(main())
