"""The games scored during play found among the games of the start page (a
new user's walk: only a small grey link led to them). All Fives (Muggins,
Sniff, Five Up), Fives and Threes and Texas 42 are in the start page's choice
of game; choosing one and tapping "Start the game" opens their own start
form with the players already typed in its seats, where one more tap starts
the game. Driven on a tablet (1024×768) and a phone (390×844); screenshots
``test-artifacts/start-counts-*.png``."""

from __future__ import annotations

import re

import pytest

from tests.conftest import TOKEN, shot

pytestmark = pytest.mark.browser

# the kind, its label in the choice, the players typed, what its game page says
# (targets from docs/sources.md, pagat: All Fives 250 for two players, Fives
# and Threes 61, Texas 42 seven marks)
KINDS = [
    ("all_fives", "All Fives, Muggins", ["Ann", "Bob"], "first to 250"),
    ("fives_threes", "Fives and Threes", ["Ann", "Bob", "Cy"], "first to 61"),
    ("texas42", "Texas 42", ["Ann", "Bob", "Cy", "Dee"], None),
]


@pytest.mark.parametrize("size", [(1024, 768), (390, 844)])
@pytest.mark.parametrize("kind, label, players, meta", KINDS)
def test_each_game_scored_during_play_starts_from_the_start_page(live, browser, api, size, kind, label,
                                                                players, meta):
    ctx = browser.new_context(viewport={"width": size[0], "height": size[1]}, has_touch=True)
    page = ctx.new_page()
    page.goto(f"{live}/?token={TOKEN}")
    for i, name in enumerate(players):
        page.locator(f"#player-{i}").fill(name)
    page.get_by_label("Game", exact=True).first.select_option(label=label)
    hint = page.get_by_text("Scored as you play")
    assert hint.is_visible()
    assert page.locator("details.more-rules:visible").count() == 0  # its rules are chosen on its own form
    assert not page.locator("#set").is_visible() and not page.locator("#preset").is_visible()
    if kind == "all_fives" and size == (390, 844):
        shot(page, f"start-counts-choice-{size[0]}x{size[1]}")
    page.get_by_role("button", name="Start the game").tap()
    page.wait_for_url(re.compile(r"/counts/start\?"))
    # its own form: the game chosen, the players in their seats
    assert page.locator(f'input[name=choice][value^="{kind}:"]').first.is_checked()
    assert [page.input_value(f'input[name="player-{i}"]') for i in range(4)] == (players + ["", "", ""])[:4]
    shot(page, f"start-counts-{kind}-{size[0]}x{size[1]}")
    page.get_by_role("button", name="Start the game").tap()
    page.wait_for_url(re.compile(r"/games/\d+"))
    gid = int(re.search(r"/games/(\d+)", page.url).group(1))
    game = api.get(f"/api/games/{gid}").get_json()
    assert game["kind"] == kind and game["players"] == players
    if meta:
        assert meta in page.locator(".game-head .meta").inner_text()
    ctx.close()
