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

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)  # run as a script from anywhere

SETS = (12, 15, 18)
SIZES = (16, 25, 30)
OBJECTIVES = ("tiles", "pips")


def hands(n: int, size: int, count: int, seed: int) -> list[tuple[int, list]]:
    """``count`` (open end, hand) pairs for a double-``n`` set, reproducibly."""
    from companion.rules.tiles import DominoSet, Tile

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


def value(plan, objective: str) -> tuple[int, int]:
    """A plan's value as compared by ``objective``."""
    return (plan.tiles, plan.pips) if objective == "tiles" else (plan.pips, plan.tiles)


def ms(seconds: float) -> str:
    return f"{seconds * 1000:8.1f}"


def main() -> int:
    from companion.rules.planner import plan_train, plan_train_exhaustive

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
                for (engine, hand), plan in list(zip(group, plans, strict=True))[
                        : args.baseline_hands]:
                    dt, ref = timed(plan_train_exhaustive, n, engine, hand, objective,
                                    time_budget=args.cap)
                    base_times.append(dt)
                    base_opt += ref.optimal
                    # A proven plan must equal a finished plain search and
                    # never lose to an unfinished one.
                    if plan.optimal and (
                        value(ref, objective) > value(plan, objective)
                        or (ref.optimal and value(ref, objective) != value(plan, objective))
                    ):
                        mismatches += 1
                k = len(base_times)
                if k:
                    ratio = statistics.median(base_times) / statistics.median(times[:k])
                    speed = (">=" if base_opt < k else "") + (
                        f"{ratio:,.1f}x" if ratio < 10 else f"{ratio:,.0f}x")
                    base = (f"{ms(statistics.median(base_times)):>9} {ms(max(base_times)):>9} "
                            f"{base_opt:>3}/{k:<3}")
                else:
                    speed, base = "-", ""
                print(f"{n:>4} {size:>5} {objective:>9} | {ms(statistics.median(times)):>9} "
                      f"{ms(max(times)):>9} {sum(p.optimal for p in plans):>4}/{len(plans):<3} | "
                      f"{base:>27} | {speed:>9}", flush=True)
    print()
    for size in SIZES:
        t = all_times[size]
        print(f"all {size:>2}-tile hands: median {ms(statistics.median(t)).strip()} ms, "
              f"worst {ms(max(t)).strip()} ms, proven optimal {sum(all_opt[size])}/{len(t)}")
    print(f"planner and plain search disagreed on {mismatches} proven answers")
    return 1 if mismatches else 0


if __name__ == "__main__":
    raise SystemExit(main())
