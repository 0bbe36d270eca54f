"""Chicken Foot on a tablet (1024×768) and a phone (390×844): the game is
started from the start page (its own rules and deal table), three rounds are
entered through the round form (the brief's CF-1 and CF-2, then a blocked
7-7 round), the next-round card follows the centre double down (9-9, 8-8,
7-7, 6-6) and the scoreboard's totals are the hand-worked ones. Screenshots
``test-artifacts/chicken-foot-<size>.png``."""

from __future__ import annotations

import pytest

from tests.conftest import TOKEN, shot

pytestmark = pytest.mark.browser

PLAYERS = ["Ana", "Ben", "Chen", "Dee"]


def _start(page, live: str) -> None:
    page.goto(f"{live}/?token={TOKEN}")
    page.goto(f"{live}/")
    for i, name in enumerate(PLAYERS):
        page.fill(f"#player-{i}", name)
    page.select_option("#kind", "chicken_foot")
    assert page.locator("#set").input_value() == "9"  # Chicken Foot's usual set, chosen with it
    assert page.locator("#cf-deal-table").is_visible()
    assert page.locator("#dbp").is_hidden()  # Mexican Train's 0-0 field is not Chicken Foot's
    page.select_option("#cf-double_blank_points", "50")
    page.locator("#cf-deal-table").scroll_into_view_if_needed()
    # the deal table fits the screen, the phone's too
    box = page.locator("#cf-deal-table").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= page.viewport_size["width"] + 1
    shot(page, f"chicken-foot-start-{page.viewport_size['width']}x{page.viewport_size['height']}")
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_selector("#round-form")


def _round(page, pips: dict[int, str], out: int | None = None, blocked: bool = False) -> None:
    for seat, value in pips.items():
        page.fill(f"#pips-{seat}", value)
    if out is not None:
        page.locator(f".hand[data-seat='{out}'] .out-tap").click()
    if blocked:
        page.locator(".out-tap.blocked").click()
    page.locator("#round-form button[type=submit]").click()
    page.wait_for_load_state("load")


@pytest.mark.parametrize(("width", "height"), [(1024, 768), (390, 844)])
def test_three_rounds_of_chicken_foot(live, browser, width, height):
    ctx = browser.new_context(viewport={"width": width, "height": height}, has_touch=True)
    page = ctx.new_page()
    _start(page, live)
    assert page.locator("#centre-double").inner_text() == "9-9"
    assert "whoever holds the 9\u20119" in page.locator("section.next").inner_text()
    # CF-1: Ana out; Ben 30; Chen 5 with the 0-0 (5 + 50); Dee 8
    page.locator(".hand[data-seat='2'] .dbl-tap").click()
    _round(page, {1: "30", 2: "5", 3: "8"}, out=0)
    assert page.locator("#centre-double").inner_text() == "8-8"
    # CF-2: Ben out; Ana 12, Chen 9, Dee 4
    _round(page, {0: "12", 2: "9", 3: "4"}, out=1)
    assert page.locator("#centre-double").inner_text() == "7-7"
    # round 3, blocked: Ana 3, Ben 10, Chen 2, Dee 7
    _round(page, {0: "3", 1: "10", 2: "2", 3: "7"}, blocked=True)
    assert page.locator("#centre-double").inner_text() == "6-6"
    # totals: Ana 0+12+3, Ben 30+0+10, Chen 55+9+2, Dee 8+4+7
    totals = [page.locator(f"#total-{i}").inner_text() for i in range(4)]
    assert totals == ["15", "40", "66", "19"]
    assert page.locator("#round-3 .eng").inner_text() == "7-7"
    # no sideways scrolling of the page itself on either screen
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
    shot(page, f"chicken-foot-{width}x{height}")
    ctx.close()
