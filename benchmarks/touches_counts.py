"""How many taps it takes to score a hand of All Fives on the score pad.

Serves the app from a fresh temporary database (as ``benchmarks/touches.py``
does, whose server and counter it uses), opens the score pad in headless
Chromium at tablet size (1024 x 768, touch screen) and enters the first hand
of the brief's worked example AF-1 (rules-families.md section 2: six scoring
plays; Ann goes out, Bob holds 8 pips) in two ways: tapping every turn ("No
score" for a turn that scores nothing), or tapping only the scoring plays (a
name first when the play is out of the lit player's turn). Each way is
checked: the hand must be saved as Ann 30, Bob 60. Prints the taps per
scoring play and per hand.

    .venv/bin/python benchmarks/touches_counts.py [--chromium /usr/bin/chromium]
"""

from __future__ import annotations

import argparse
import shutil
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.touches import ARGS, TOKEN, Counter, serve  # noqa: E402

# AF-1: (turn, player, count) of the six scoring plays; 17 tiles were laid
PLAYS = [(1, "Ann", 10), (2, "Bob", 10), (7, "Ann", 10), (8, "Bob", 15), (10, "Bob", 25), (14, "Bob", 10)]
TURNS = 17


def key(count: int) -> str:
    return f'.pad-key[data-count="{count}"]'


def every_turn(c: Counter) -> int:
    """Every turn tapped: the count, or "No score"; returns the taps of the scoring plays."""
    c.tap('.pad-player[data-player="Ann"]')
    scoring = {turn: count for turn, _, count in PLAYS}
    taps = 0
    for turn in range(1, TURNS + 1):
        if turn in scoring:
            c.tap(key(scoring[turn]))
            taps += 1
        else:
            c.tap(".pad-pass")
    return taps


def scoring_only(c: Counter) -> int:
    """Only the scoring plays: the count when the scorer is lit, else the name then the count."""
    c.tap('.pad-player[data-player="Ann"]')
    lit, taps = "Ann", 0
    for _, player, count in PLAYS:
        if player != lit:
            c.tap(f'.pad-player[data-player="{player}"]')
            taps += 1
        c.tap(key(count))
        taps += 1
        lit = "Bob" if player == "Ann" else "Ann"
    return taps


WAYS: dict[str, Callable[[Counter], int]] = {
    "every turn tapped": every_turn,
    "only the scoring plays": scoring_only,
}


def end_of_hand(c: Counter) -> None:
    """Ann went out; Bob's 8 pips typed; save."""
    c.tap('.pad-out[data-out="Ann"]')
    c.tap('.pad-pips input[data-player="Bob"]')
    c.type("8")
    c.tap('.pad-end button[type="submit"]')


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--chromium", default=shutil.which("chromium") or "/usr/bin/chromium")
    opts = parser.parse_args()
    from playwright.sync_api import sync_playwright

    base, server, app = serve()
    api = app.test_client()
    api.environ_base["HTTP_AUTHORIZATION"] = f"Bearer {TOKEN}"
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=opts.chromium, args=ARGS)
        for label, way in WAYS.items():
            gid = api.post("/api/games", json={"kind": "all_fives", "set": 6, "players": ["Ann", "Bob"]}
                           ).get_json()["id"]
            ctx = browser.new_context(viewport={"width": 1024, "height": 768}, has_touch=True)
            page = ctx.new_page()
            page.goto(f"{base}/?token={TOKEN}")
            page.goto(f"{base}/games/{gid}")
            c = Counter(page)
            scoring_taps = way(c)
            end_of_hand(c)
            page.wait_for_selector(".pad-hands")
            scores = api.get(f"/api/games/{gid}").get_json()["rounds"][0]["scores"]
            if scores != {"Ann": 30, "Bob": 60}:
                print(f"{label}: NOT SAVED RIGHT ({scores})")
                return 1
            print(f"{label:24s} taps per scoring play {scoring_taps / len(PLAYS):.2f}"
                  f"  per hand {c.taps} taps + {c.keys} key press")
            ctx.close()
        browser.close()
    server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
