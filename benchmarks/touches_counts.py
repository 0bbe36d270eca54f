"""How many taps it takes to score a hand of All Fives, of Fives and Threes
and of Texas 42 on their pages.

Serves the app from a fresh temporary database (as ``benchmarks/touches.py``
does, whose server and counter it uses) and drives the real pages in
headless Chromium at tablet size (1024 x 768, touch screen):

* the score pad, with the first hand of the brief's worked example AF-1
  (rules-families.md section 2: six scoring plays in 17 turns; Ann goes out,
  Bob holds 8 pips) and the hand of F3-1 (section 3: eleven scoring plays in
  13 turns; A chips out), each in two ways: tapping every turn ("No score"
  for a turn that scores nothing), or tapping only the scoring plays (a name
  first when the play is out of the lit player's turn). Each hand must be
  saved as the example says (Ann 30, Bob 60; A 18, B 17).
* 42's hand form, with the five hands of T42-1 (section 4: a tap per bid
  made, none for a pass; trumps; made or set; the points where the example
  gives them). The game must end 7 marks to 1.

Prints the taps per scoring play and per hand (taps on the screen, and key
presses typed separately).

    .venv/bin/python benchmarks/touches_counts.py [--chromium /usr/bin/chromium]
"""

from __future__ import annotations

import argparse
import shutil
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.touches import ARGS, TOKEN, Counter, serve  # noqa: E402


@dataclass(frozen=True)
class PadHand:
    """A worked example's hand on the score pad.

    :ivar plays: (turn, player, count) of each scoring play.
    :ivar pips: pips typed at the end, by player (the bonus is derived).
    """

    name: str
    kind: str
    players: tuple[str, str]
    leader: str
    plays: tuple[tuple[int, str, int], ...]
    turns: int
    out: str
    pips: dict[str, str]
    scores: dict[str, int]


PAD_HANDS = (
    PadHand("All Fives, AF-1", "all_fives", ("Ann", "Bob"), "Ann",
            ((1, "Ann", 10), (2, "Bob", 10), (7, "Ann", 10), (8, "Bob", 15), (10, "Bob", 25), (14, "Bob", 10)),
            17, "Ann", {"Bob": "8"}, {"Ann": 30, "Bob": 60}),
    # F3-1: plays 12 (count 7) and 13 (count 8) score nothing; A chips out: +1
    PadHand("Fives and Threes, F3-1", "fives_threes", ("A", "B"), "A",
            ((1, "A", 10), (2, "B", 10), (3, "A", 6), (4, "B", 9), (5, "A", 15), (6, "B", 18), (7, "A", 10),
             (8, "B", 6), (9, "A", 10), (10, "B", 12), (11, "A", 5)),
            13, "A", {}, {"A": 18, "B": 17}),
)


def key(count: int) -> str:
    return f'.pad-key[data-count="{count}"]'


def every_turn(c: Counter, hand: PadHand) -> int:
    """Every turn tapped: the count, or "No score"; returns the taps of the scoring plays."""
    c.tap(f'.pad-player[data-player="{hand.leader}"]')
    scoring = {turn: count for turn, _, count in hand.plays}
    taps = 0
    for turn in range(1, hand.turns + 1):
        if turn in scoring:
            c.tap(key(scoring[turn]))
            taps += 1
        else:
            c.tap(".pad-pass")
    return taps


def scoring_only(c: Counter, hand: PadHand) -> int:
    """Only the scoring plays: the count when the scorer is lit, else the name then the count."""
    c.tap(f'.pad-player[data-player="{hand.leader}"]')
    lit, taps = hand.leader, 0
    a, b = hand.players
    for _, player, count in hand.plays:
        if player != lit:
            c.tap(f'.pad-player[data-player="{player}"]')
            taps += 1
        c.tap(key(count))
        taps += 1
        lit = b if player == a else a
    return taps


WAYS: dict[str, Callable[[Counter, PadHand], int]] = {
    "every turn tapped": every_turn,
    "only the scoring plays": scoring_only,
}


def end_of_hand(c: Counter, hand: PadHand) -> None:
    """Who went out; the pips typed where the bonus needs them; save."""
    c.tap(f'.pad-out[data-out="{hand.out}"]')
    for player, pips in hand.pips.items():
        c.tap(f'.pad-pips input[data-player="{player}"]')
        c.type(pips)
    c.tap('.pad-end button[type="submit"]')


def pad_hands(browser: Any, base: str, api: Any) -> int:
    for hand in PAD_HANDS:
        for label, way in WAYS.items():
            gid = api.post("/api/games", json={"kind": hand.kind, "set": 6, "players": list(hand.players)}
                           ).get_json()["id"]
            ctx = browser.new_context(viewport={"width": 1024, "height": 768}, has_touch=True)
            page = ctx.new_page()
            page.goto(f"{base}/?token={TOKEN}")
            page.goto(f"{base}/games/{gid}")
            c = Counter(page)
            scoring_taps = way(c, hand)
            end_of_hand(c, hand)
            page.wait_for_selector(".pad-hands")
            scores = api.get(f"/api/games/{gid}").get_json()["rounds"][0]["scores"]
            if scores != hand.scores:
                print(f"{hand.name}, {label}: NOT SAVED RIGHT ({scores} != {hand.scores})")
                return 1
            print(f"{hand.name:24s} {label:24s} taps per scoring play {scoring_taps / len(hand.plays):.2f}"
                  f"  per hand {c.taps} taps + {c.keys} key presses ({len(hand.plays)} scoring plays)")
            ctx.close()
    return 0


# T42-1 (Dee shakes first; seats Ana, Ben, Chen, Dee): per hand the bidders
# in order with the bids made (passes are not tapped), trumps, made or set,
# the points each pair took where the example gives them
T42_HANDS: tuple[tuple[list[str], dict[str, str], str, str, dict[str, int]], ...] = (
    (["Ana", "Ben", "Chen", "Dee"], {"Ben": "30", "Chen": "31"}, "fives", "set", {"Ana+Chen": 30, "Ben+Dee": 12}),
    (["Ben", "Chen", "Dee", "Ana"], {"Ben": "m2"}, "sixes", "made", {}),
    (["Chen", "Dee", "Ana", "Ben"], {"Chen": "m1", "Dee": "m2", "Ana": "m3"}, "doubles", "set", {}),
    (["Dee", "Ana", "Ben", "Chen"], {"Dee": "30", "Chen": "35"}, "fours", "made", {"Ana+Chen": 36, "Ben+Dee": 6}),
    (["Ana", "Ben", "Chen", "Dee"], {"Ben": "32"}, "threes", "made", {"Ana+Chen": 9, "Ben+Dee": 33}),
)


def chip(name: str, value: str) -> str:
    return f'#bids label.bid-chip:has(input[name="{name}"][value="{value}"])'


def texas42_game(browser: Any, base: str, api: Any) -> int:
    gid = api.post("/api/games", json={"kind": "texas42", "set": 6, "players": ["Ana", "Ben", "Chen", "Dee"],
                                       "teams": [["Ana", "Chen"], ["Ben", "Dee"]], "first_shaker": "Dee"}
                   ).get_json()["id"]
    ctx = browser.new_context(viewport={"width": 1024, "height": 768}, has_touch=True)
    page = ctx.new_page()
    page.goto(f"{base}/?token={TOKEN}")
    page.goto(f"{base}/games/{gid}")
    taps, keys = [], []
    for number, (order, bids, trump, result, points) in enumerate(T42_HANDS, start=1):
        c = Counter(page)
        for i, player in enumerate(order):
            if player in bids:
                c.tap(chip(f"bid-{i}", bids[player]))
        c.tap(chip("trump", trump))
        c.tap(chip("result", result))
        for team, pts in points.items():
            c.tap(f'input[name="points-{team}"]')
            c.type(str(pts))
        c.tap('#bids button[type="submit"]')
        page.wait_for_selector(f"#round-{number}")
        taps.append(c.taps)
        keys.append(c.keys)
    data = api.get(f"/api/games/{gid}").get_json()
    totals = data["rounds"][-1]["team_totals"]
    if totals != {"Ana+Chen": 1, "Ben+Dee": 7}:
        print(f"Texas 42, T42-1: NOT SAVED RIGHT ({totals})")
        return 1
    for number, (t, k) in enumerate(zip(taps, keys, strict=True), start=1):
        print(f"{'Texas 42, T42-1':24s} hand {number}: {t} taps + {k} key presses")
    print(f"{'Texas 42, T42-1':24s} per hand {sum(taps) / len(taps):.1f} taps + {sum(keys) / len(keys):.1f} key "
          f"presses on average (a whole game of {len(taps)} hands: {sum(taps)} taps, {sum(keys)} key presses)")
    ctx.close()
    return 0


def run(chromium: str) -> int:
    """Serve the app, drive the pages, print the lines; 1 when a hand was saved wrong."""
    from playwright.sync_api import sync_playwright

    base, server, app = serve()
    api = app.test_client()
    api.environ_base["HTTP_AUTHORIZATION"] = f"Bearer {TOKEN}"
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium, args=ARGS)
            failed = pad_hands(browser, base, api) or texas42_game(browser, base, api)
            browser.close()
    finally:
        server.shutdown()
    return failed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--chromium", default=shutil.which("chromium") or "/usr/bin/chromium")
    return run(parser.parse_args().chromium)


if __name__ == "__main__":
    sys.exit(main())
