"""How long the rules engine takes to check rounds and whole games.

Three measurements, all with fixed seeds (not run by the tests):

1. *Real rounds*: one round each, dealt from a shuffled set and played out by
   ``companion.rules.simulate`` (double-9 to double-18, 2 to 12 players,
   hands written as pips, pips and tiles left, or tile by tile). Prints the
   median, p99 and worst time per round (target: p99 <= 20 ms).
2. *Adversarial rounds*: 8 hands of a double-12 holding 88 or 89 of the 89
   tiles left (the 12-12 is the engine, the 0-0 counted apart), cut from
   sorted, interleaved or shuffled tiles so the pips sit at the limits, with
   counts typed or not, the pips exact or one or two off (possible and
   impossible rounds). Prints the worst time (target: <= 200 ms) and how many
   were decided (possible / impossible) or left undecided.
3. *Whole games*: 13-round, 8-player double-12 games, as before.

The machine is shared and noisy, so every figure is also printed as a ratio
to a bare baseline measured in the same run: reading the same round with the
joint check of the hands switched off (the per-hand checks only).

    .venv/bin/python benchmarks/validate.py
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from companion.rules import read_game  # noqa: E402
from companion.rules.joint import hands as joint_module  # noqa: E402
from companion.rules.joint.decision import HandNeed, decide_with_double_blank  # noqa: E402
from companion.rules.simulate import random_game, random_round  # noqa: E402
from companion.rules.tiles import DominoSet, Tile  # noqa: E402

TABLES = [(9, 2), (9, 4), (12, 2), (12, 4), (12, 6), (12, 8), (15, 8), (15, 12), (18, 12)]


def _best_of(fn, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best * 1000


def _p(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def real_rounds(count: int = 400, repeat: int = 3) -> None:
    records = []
    for seed in range(count):
        rng = random.Random(seed)
        set_n, players = rng.choice(TABLES)
        names = [f"P{i + 1}" for i in range(players)]
        style = rng.choice(["pips", "counted", "tiles", "mixed"])
        rnd = random_round(rng, set_n, names, set_n, style=style)
        records.append({"kind": "mexican_train", "set": set_n, "players": names,
                        "first_starter": names[0], "rounds": [rnd]})
    times = [_best_of(lambda r=r: read_game(r, confirm=True), repeat) for r in records]
    unverified = sum(read_game(r, confirm=True).rounds[0].unverified for r in records)
    # the bare baseline: the same rounds with the joint check of the hands left out
    real = joint_module.decide_with_double_blank
    joint_module.decide_with_double_blank = _always_possible  # type: ignore[assignment]
    try:
        bare = [_best_of(lambda r=r: read_game(r, confirm=True), repeat) for r in records]
    finally:
        joint_module.decide_with_double_blank = real
    print(f"real rounds ({count}, double-9 to double-18, 2-12 players, best of {repeat}):")
    print(f"  median {statistics.median(times):6.2f} ms   p99 {_p(times, 0.99):6.2f} ms   "
          f"worst {max(times):6.2f} ms   unverified {unverified}")
    print(f"  bare   {statistics.median(bare):6.2f} ms   p99 {_p(bare, 0.99):6.2f} ms   "
          f"(ratio of medians {statistics.median(times) / statistics.median(bare):.1f}, "
          f"of p99 {_p(times, 0.99) / _p(bare, 0.99):.1f})")


def _always_possible(pool, needs, double_blank_free, boneyard=0, budget=None):
    from companion.rules.joint.decision import POSSIBLE, Verdict

    return Verdict(POSSIBLE, "witness", witness=tuple(() for _ in needs)), None, ()


def adversarial(count: int = 60) -> None:
    base = [t for t in DominoSet(12).tiles if t not in (Tile(12, 12), Tile(0, 0))]
    times, outcome = [], {}
    worst_case = None
    for seed in range(count):
        rng = random.Random(seed)
        tiles = list(base)
        mode = ("sorted", "interleaved", "shuffled")[seed % 3]
        rng.shuffle(tiles)
        if mode == "sorted":
            tiles.sort(key=lambda t: t.pips)
        elif mode == "interleaved":
            tiles.sort(key=lambda t: t.pips)
            tiles = tiles[::2] + tiles[1::2]
        for whole, shift, moved, typed in [(w, s, m, t) for w in (False, True) for s in (0, 1, -1, 2)
                                           for m in (0, 3) for t in (True, False)]:
            # 8 hands of 11 tiles (88 of 89), or the last one with 12 (all 89); ``shift``
            # pips more in the first hand, ``moved`` pips moved from the second to the third
            needs = []
            for j in range(8):
                k = 12 if whole and j == 7 else 11
                hand = tiles[j * 11:j * 11 + k]
                pips = sum(t.pips for t in hand) + (shift if j == 0 else 0)
                pips += -moved if j == 1 else moved if j == 2 else 0
                needs.append(HandNeed(pips, k if typed else 1, k if typed else k + 2, None, 0, 11))
            if True:  # one round
                t0 = time.perf_counter()
                verdict, _holder, _c = decide_with_double_blank(base, needs, True, 90 - 88)
                ms = (time.perf_counter() - t0) * 1000
                times.append(ms)
                outcome[verdict.status] = outcome.get(verdict.status, 0) + 1
                if worst_case is None or ms > worst_case[0]:
                    worst_case = (ms, mode, shift, typed, verdict.status, verdict.reason, whole, moved)
    # baseline: a plain pass over the same 8 hands' numbers (sum of pips and counts)
    t0 = time.perf_counter()
    for _ in range(len(times)):
        sum(sum(t.pips for t in tiles[j * 11:(j + 1) * 11]) for j in range(8))
    bare = (time.perf_counter() - t0) * 1000 / len(times)
    print(f"adversarial rounds ({len(times)}: 8 hands holding 88 or all 89 double-12 tiles left):")
    print(f"  median {statistics.median(times):6.2f} ms   worst {max(times):6.2f} ms   {outcome}")
    print(f"  worst case: {worst_case[1]} tiles, {89 if worst_case[6] else 88} used, pips "
          f"{worst_case[2]:+d}, {worst_case[7]} moved, counts "
          f"{'typed' if worst_case[3] else 'not typed'} -> {worst_case[4]} ({worst_case[5]})")
    print(f"  bare pass over the hands {bare * 1000:6.2f} us (ratio of the worst "
          f"{max(times) / bare:.0f})")


def games(count: int = 20, repeat: int = 3) -> None:
    print(f"read_game on 13-round, 8-player double-12 games ({count} games, best of {repeat})")
    for style in ("pips", "counted", "tiles", "mixed"):
        records = [random_game(random.Random(seed), 12, 8, style=style) for seed in range(count)]
        times = [_best_of(lambda r=r: read_game(r, confirm=True), repeat) for r in records]
        print(f"  {style:8s} median {statistics.median(times):6.2f} ms   worst {max(times):6.2f} ms")


def main() -> None:
    real_rounds()
    adversarial()
    games()


if __name__ == "__main__":
    main()
