"""How long the rules engine takes to check a whole game.

Builds 13-round, 8-player double-12 games from real shuffled deals (fixed
seeds) in three styles (pips only; pips with tiles left, the strictest joint
check; tiles one by one) and times ``read_game`` on each, printing the median
and worst time per game. Not run by the tests.

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
from companion.rules.simulate import random_game  # noqa: E402


def main(games: int = 30, repeat: int = 5) -> None:
    print(f"read_game on 13-round, 8-player double-12 games ({games} games x {repeat} runs)")
    for style in ("pips", "counted", "tiles", "mixed"):
        records = [random_game(random.Random(seed), 12, 8, style=style) for seed in range(games)]
        times = []
        for record in records:
            best = float("inf")
            for _ in range(repeat):
                t0 = time.perf_counter()
                read_game(record, confirm=True)
                best = min(best, time.perf_counter() - t0)
            times.append(best * 1000)
        print(f"  {style:8s} median {statistics.median(times):6.2f} ms   worst {max(times):6.2f} ms")


if __name__ == "__main__":
    main()
