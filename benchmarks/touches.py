"""How many touches and key presses it takes to record a 4-player round.

Serves the app from a fresh temporary database, opens the game page in
headless Chromium at tablet size (1024 x 768, touch screen) and records the
same round in the ways a person at the table would, counting every tap on the
screen and every key press separately. Each way is checked: the round must be
saved with the right totals. Prints one line per way and the best figure.

    .venv/bin/python benchmarks/touches.py [--chromium /usr/bin/chromium]

The target (issue 5): no more than the four numbers and one tap.
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
ROUND = {"Ana": 14, "Ben": 0, "Chen": 8, "Dee": 31}  # Ben went out
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


def out_tap_then_numbers(c: Counter) -> None:
    """Tap *Out* for the player who went out; the first open field takes the
    focus; type the other three hands, Enter after each (the last one saves)."""
    out = PLAYERS.index("Ben")
    c.tap(f'.hand[data-seat="{out}"] .out-tap')
    for name in PLAYERS:
        if name != "Ben":
            c.type(str(ROUND[name]))
            c.enter()


def four_numbers(c: Counter) -> None:
    """Tap the first field, type all four hands (0 for the one who went out)."""
    c.tap("#pips-0")
    for name in PLAYERS:
        c.type(str(ROUND[name]))
        c.enter()


def numbers_then_save_button(c: Counter) -> None:
    """Tap the first field, type the four hands, then tap *Save* instead of Enter."""
    c.tap("#pips-0")
    for i, name in enumerate(PLAYERS):
        c.type(str(ROUND[name]))
        if i < len(PLAYERS) - 1:
            c.enter()
    c.tap("#round-form button.primary")


WAYS = {
    "tap Out, then three numbers": out_tap_then_numbers,
    "four numbers (0 for the one out)": four_numbers,
    "four numbers, then tap Save": numbers_then_save_button,
}


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
    expected = [str(ROUND[n]) for n in PLAYERS]
    results = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=opts.chromium, args=ARGS)
        for label, way in WAYS.items():
            gid = api.post("/api/games", json={"set": 12, "players": PLAYERS,
                                               "first_starter": "Ana"}).get_json()["id"]
            ctx = browser.new_context(viewport={"width": 1024, "height": 768}, has_touch=True)
            page = ctx.new_page()
            page.goto(f"{base}/?token={TOKEN}")
            page.goto(f"{base}/games/{gid}")
            counter = Counter(page)
            way(counter)
            page.wait_for_url("**#entry", timeout=5000)
            totals = [page.locator(f"#total-{s}").inner_text() for s in range(len(PLAYERS))]
            if totals != expected:
                print(f"{label}: NOT SAVED RIGHT ({totals} != {expected})")
                return 1
            results.append((counter.taps + counter.keys, label, counter))
            print(f"{label:36s} taps {counter.taps}  key presses {counter.keys:2d}"
                  f"  together {counter.taps + counter.keys:2d}")
            ctx.close()
        browser.close()
    server.shutdown()
    best = min(results, key=lambda r: (r[2].taps, r[0]))
    c = best[2]
    print(f"\nA 4-player round ({', '.join(f'{n} {ROUND[n]}' for n in PLAYERS)}) takes "
          f"{c.taps} tap and {c.keys} key presses ({best[1]}): three numbers with Enter "
          f"after each and one tap; the target is four numbers and one tap.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
