"""A late arrival and a player who leaves, at the table (issue 14), in headless
Chromium on a tablet (1024×768) and a phone (390×844): the players' panel
opens with a finger, a newcomer is seated between two players, one leaves and
the next round's card and form follow. Screenshots go to
``test-artifacts/joining-*.png`` for review.
"""

from __future__ import annotations

import pytest

from tests.conftest import TOKEN, shot

pytestmark = pytest.mark.browser

TABLET = {"width": 1024, "height": 768}
PHONE = {"width": 390, "height": 844}

# Ana 0, Ben 10, Cy 20, Dee 30, then Ana 5, Ben 0, Cy 15, Dee 20: totals 5, 10,
# 35, 50; a late joiner under "start at the average" starts from 100 / 4 = 25.
RECORD = {"set": 12, "players": ["Ana", "Ben", "Cy", "Dee"], "first_starter": "Ana",
          "rules": {"late_join": "average"},
          "rounds": [{"ended": "domino", "hands": {"Ana": {"pips": 0}, "Ben": {"pips": 10},
                                                   "Cy": {"pips": 20}, "Dee": {"pips": 30}}},
                     {"ended": "domino", "hands": {"Ana": {"pips": 5}, "Ben": {"pips": 0},
                                                   "Cy": {"pips": 15}, "Dee": {"pips": 20}}}]}


@pytest.mark.parametrize("viewport, size", [(TABLET, "1024x768"), (PHONE, "390x844")])
def test_a_newcomer_joins_and_a_player_leaves(live, browser, api, viewport, size):
    gid = api.post("/api/games", json=RECORD).get_json()["id"]
    ctx = browser.new_context(viewport=viewport, has_touch=True)
    page = ctx.new_page()
    script_errors = []
    page.on("pageerror", lambda exc: script_errors.append(str(exc)))
    page.goto(f"{live}/?token={TOKEN}")
    page.goto(f"{live}/games/{gid}")
    panel = page.locator("details#table-seats")
    panel.locator("summary").tap()
    assert panel.get_attribute("open") is not None
    # its forms are fetched as it opens (issue 27, page weight)
    panel.locator(".join-form").wait_for()
    assert "start with 25" in panel.inner_text()
    # a name already seated: refused, the panel stays open with the name kept
    panel.locator("input[name=name]").fill("Ben")
    with page.expect_navigation():
        panel.get_by_role("button", name="Add to the game").tap()
    panel = page.locator("details#table-seats")
    assert panel.get_attribute("open") is not None
    assert "Ben is already at the table." in panel.inner_text()
    assert panel.locator("input[name=name]").input_value() == "Ben"
    panel.locator("input[name=name]").fill("Eve")
    panel.locator("select[name=after]").select_option("Ana")
    with page.expect_navigation():
        panel.get_by_role("button", name="Add to the game").tap()
    assert "Eve joins the game: they play from round 3." in page.inner_text("main")
    heads = page.locator("table.scores thead th .name").all_inner_texts()
    assert heads == ["Ana", "Eve", "Ben", "Cy", "Dee"]
    # Eve sat out rounds 1 and 2: "away" in her cells, no total yet
    assert page.locator("#cell-1-1 .pts").inner_text() == "away"
    # five at the table: 14 tiles each, the start passes from Ben to Cy
    card = page.locator("section.next").inner_text()
    assert "Cy" in card and "14 tiles" in card and "20 tiles" in card
    # Dee leaves: four at the table, 15 tiles each, and Dee ticked as sitting the round out
    page.locator("details#table-seats summary").tap()
    with page.expect_navigation():
        page.locator(".seat-row", has_text="Dee").get_by_role("button", name="Leaves the table").tap()
    assert "Dee has left the table" in page.inner_text("main")
    card = page.locator("section.next").inner_text()
    assert "15 tiles" in card and "30 tiles" in card
    assert page.locator("input[name=absent-4].absent-box").is_checked()
    assert "Entered: 0 of 4" in page.locator("details.phones summary").inner_text()
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= viewport["width"], (size, width)  # nothing wider than the screen
    page.locator("details#table-seats summary").tap()
    page.locator("details#table-seats .join-form").wait_for()
    shot(page, f"joining-{size}")
    assert script_errors == []  # the page's script ran through (no clash with the panel's ids)
    ctx.close()
