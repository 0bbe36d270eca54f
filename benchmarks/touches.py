"""How many touches and key presses it takes to record a 4-player round.

Serves the app from a fresh temporary database, opens the game page in
headless Chromium at tablet size (1024 x 768, touch screen) and records a
round in the ways a person at the table would, counting every tap on the
screen and every key press separately (typing "14" is 2 key presses; on
the pips keypad, 10 and 4 are 2 taps). Each
way is measured twice: on round 1 of a game just opened, and on round 2,
right after round 1 was saved on that page (the form then has the focus).
Each way is checked: the round must be saved with the right totals. Prints
one line per way and round, and the best figure.

    .venv/bin/python benchmarks/touches.py [--chromium /usr/bin/chromium]

Then the taps per scoring play and per hand of All Fives, Fives and Threes
and Texas 42 (:mod:`benchmarks.touches_counts`, which drives their pages).

Targets: issue 5, no more than the numbers and one tap; issue 27, at most 6
touches and keys for a 4-player round.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
import threading
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

TOKEN = "bench-touches"
PLAYERS = ["Ana", "Ben", "Chen", "Dee"]
BEN_OUT = {"Ana": 14, "Ben": 0, "Chen": 8, "Dee": 31}  # Ben went out
DEE_OUT = {"Ana": 14, "Ben": 8, "Chen": 31, "Dee": 0}  # Dee, the last seat, went out
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--no-first-run", "--disable-sync"]


@dataclass
class Counter:
    """Taps and key presses sent to the page."""

    page: object
    taps: int = 0
    keys: int = 0

    def tap(self, selector: str) -> None:
        self.page.locator(selector).tap()
        self.taps += 1

    def type(self, text: str) -> None:
        for ch in text:
            self.page.keyboard.press(ch)
            self.keys += 1

    def enter(self) -> None:
        self.page.keyboard.press("Enter")
        self.keys += 1


def _first_box(c: Counter) -> None:
    """Round 1: a finger on the first box; round 2: it has the focus already."""
    if c.page.evaluate("document.activeElement.id") != "pips-0":
        c.tap("#pips-0")


def out_tap_then_numbers(c: Counter, rnd: dict) -> None:
    """Tap *Out* for the player who went out; the first open field takes the
    focus; type the other three hands, Enter after each (the last one saves)."""
    out = next(n for n in PLAYERS if rnd[n] == 0)
    c.tap(f'.hand[data-seat="{PLAYERS.index(out)}"] .out-tap')
    for name in PLAYERS:
        if name != out:
            c.type(str(rnd[name]))
            c.enter()


def four_numbers(c: Counter, rnd: dict) -> None:
    """Type all four hands (0 for the one who went out), Enter after each."""
    _first_box(c)
    for name in PLAYERS:
        c.type(str(rnd[name]))
        c.enter()


def numbers_then_save_button(c: Counter, rnd: dict) -> None:
    """Type the four hands, then tap *Save* instead of the last Enter."""
    _first_box(c)
    for i, name in enumerate(PLAYERS):
        c.type(str(rnd[name]))
        if i < len(PLAYERS) - 1:
            c.enter()
    c.tap("#round-form button.primary")


def three_numbers_out_by_default(c: Counter, rnd: dict) -> None:
    """Type the three hands left, Enter between them (and past the empty box
    of the one who went out, when it comes before the last), then tap *Save*:
    the box left empty is Out by default."""
    _first_box(c)
    typed = [n for n in PLAYERS if rnd[n] != 0]
    for name in PLAYERS:
        if rnd[name] == 0:
            if PLAYERS.index(name) < PLAYERS.index(typed[-1]):
                c.enter()  # past the empty box
            continue
        c.type(str(rnd[name]))
        if name != typed[-1]:
            c.enter()
    c.tap("#round-form button.primary")


def pad_number(c: Counter, number: int) -> None:
    """One hand on the pips keypad: 100 once a hundred, its tens key, then its
    units key, which ends the hand (14: 10 and 4; 8: 8; 31: 30 and 1; 240:
    100, 100, 40, 0)."""
    hundreds, rest = divmod(number, 100)
    for _ in range(hundreds):
        c.tap('#pips-pad button[data-add="100"]')
    if rest // 10:
        c.tap(f'#pips-pad button[data-add="{rest // 10 * 10}"]')
    c.tap(f'#pips-pad button[data-unit="{rest % 10}"]')


def keypad_out_by_default(c: Counter, rnd: dict) -> None:
    """On the pips keypad: the three hands left, each ending on its units key,
    which moves on to the next player; a tap on *Out* of the one who went out
    when that box comes before the last hand (Out by default otherwise); then
    tap *Save*. The keypad types into the first empty box without a tap."""
    typed = [n for n in PLAYERS if rnd[n] != 0]
    for seat, name in enumerate(PLAYERS):
        if rnd[name] == 0:
            if seat < PLAYERS.index(typed[-1]):
                c.tap(f'.hand[data-seat="{seat}"] .out-tap')
            continue
        pad_number(c, rnd[name])
    c.tap("#round-form button.primary")


WAYS = {
    "tap Out, then three numbers": out_tap_then_numbers,
    "four numbers (0 for the one out)": four_numbers,
    "four numbers, then tap Save": numbers_then_save_button,
    "three numbers, Save, Out by default": three_numbers_out_by_default,
    "keypad, Save, Out by default": keypad_out_by_default,
}
ROUNDS = {"Ben out": BEN_OUT, "Dee out": DEE_OUT}


def serve():
    """Start the app on a free port; return (base URL, server, app)."""
    from werkzeug.serving import make_server

    from companion import create_app
    from tests.conftest import _reset_database

    instance = tempfile.mkdtemp(prefix="touches-")
    app = create_app({"TESTING": True, "INSTANCE_PATH": instance, "COMPANION_TOKEN": TOKEN,
                      "SECRET_KEY": "bench"})
    _reset_database(app)
    import logging

    logging.getLogger("werkzeug").setLevel(logging.ERROR)
    server = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_port}", server, app


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--chromium", default=shutil.which("chromium") or "/usr/bin/chromium")
    opts = parser.parse_args()
    from playwright.sync_api import sync_playwright

    base, server, app = serve()
    api = app.test_client()
    api.environ_base["HTTP_AUTHORIZATION"] = f"Bearer {TOKEN}"
    results = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=opts.chromium, args=ARGS)
        for label, way in WAYS.items():
            for who, rnd in ROUNDS.items():
                gid = api.post("/api/games", json={"set": 12, "players": PLAYERS,
                                                   "first_starter": "Ana"}).get_json()["id"]
                ctx = browser.new_context(viewport={"width": 1024, "height": 768}, has_touch=True)
                page = ctx.new_page()
                page.goto(f"{base}/?token={TOKEN}")
                page.goto(f"{base}/games/{gid}")
                for number in (1, 2):
                    counter = Counter(page)
                    way(counter, rnd)
                    page.wait_for_function(
                        "n => (document.querySelector('#entry-h') || {}).textContent.includes('round ' + n)",
                        arg=number + 1, timeout=5000)
                    page.wait_for_function("() => document.activeElement.id === 'pips-0'", timeout=5000)
                    totals = [int(page.locator(f"#total-{s}").inner_text()) for s in range(len(PLAYERS))]
                    expected = [rnd[n] * number for n in PLAYERS]
                    if totals != expected:
                        print(f"{label}, {who}, round {number}: NOT SAVED RIGHT ({totals} != {expected})")
                        return 1
                    together = counter.taps + counter.keys
                    results.append((together, f"{label}, {who}, round {number}"))
                    print(f"{label:36s} {who}  round {number}:  taps {counter.taps}  key presses "
                          f"{counter.keys:2d}  together {together:2d}")
                ctx.close()
        browser.close()
    server.shutdown()
    best = min(results)
    print(f"\nFewest touches and keys for a 4-player round: {best[0]} ({best[1]}).")
    # the games scored during play and 42 (issue 29): taps per scoring play and per hand
    from benchmarks.touches_counts import run

    print("\nAll Fives, Fives and Threes, Texas 42 (benchmarks/touches_counts.py):")
    return run(opts.chromium)


if __name__ == "__main__":
    sys.exit(main())
