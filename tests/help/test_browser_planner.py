"""The train planner page with a finger on a tablet: tap the tiles, see the train."""

from __future__ import annotations

import pytest

from tests.conftest import TOKEN, shot

pytestmark = pytest.mark.browser


def test_plan_a_train_by_tapping_tiles(live, browser):
    ctx = browser.new_context(viewport={"width": 768, "height": 1024}, has_touch=True)
    page = ctx.new_page()
    page.goto(f"{live}/planner?token={TOKEN}")
    # the example: engine 12, most tiles 9 / 89 pips, most pips 8 / 99
    hand = "12-8 8-1 3-1 9-3 10-9 10-2 10-4 4-0 3-0 5-2 11-5 7-7".split()
    for tile in hand:
        page.locator(f"#pl-grid button[data-tile='{tile}']").tap()
    assert page.locator("#pl-sum").inner_text() == "12 tiles · 134 pips"
    # the engine 12-12 cannot be tapped: it is in the hub
    assert page.locator("#pl-grid button[data-tile='12-12']").is_disabled()
    page.locator("#planner-form button.primary").tap()
    page.wait_for_selector(".big-figures")
    assert "9 tiles" in page.locator(".big-figures").inner_text()
    assert "89 pips" in page.locator(".big-figures").inner_text()
    assert page.locator(".train li").count() == 10  # the open end and nine tiles
    shot(page, "tablet-planner")
    page.locator("input[value=pips]").check()
    page.locator("#planner-form button.primary").tap()
    page.wait_for_selector(".big-figures")
    assert "8 tiles" in page.locator(".big-figures").inner_text()
    assert "99 pips" in page.locator(".big-figures").inner_text()
    # a tile outside the set, typed: refused with the tile named, the hand kept
    page.fill("#pl-hand", "12-5 13-1")
    page.locator("#planner-form button.primary").tap()
    page.wait_for_selector(".form-error")
    assert "13-1" in page.locator(".form-error").inner_text()
    assert page.locator("#pl-hand").input_value() == "12-5 13-1"
    ctx.close()


def test_the_counter_adds_only_tiles_a_hand_may_hold(live, browser):
    """Issue 27 (planner): the counter under the hand added the pips of tiles
    that cannot be in it. Worked by hand, double-12 with the engine 12-12 in
    the hub: 12-5 (17) and 3-1 (4) count, 21 pips in 2 tiles; 13-1 is not in
    the set, 12-12 is the engine, 5-12 repeats 12-5, "5a-3" and "1-2-3" are no tiles."""
    ctx = browser.new_context(viewport={"width": 1024, "height": 768}, has_touch=True)
    page = ctx.new_page()
    page.goto(f"{live}/planner?token={TOKEN}")
    page.fill("#pl-hand", "12-5 13-1 12-12 5-12 5a-3 1-2-3 3-1")
    assert page.locator("#pl-sum").inner_text() == "2 tiles · 21 pips"
    # in a double-6 set (open end 6, its engine 6-6): only 3-1 of them, 4 pips
    page.select_option("#pl-set", "6")
    page.fill("#pl-hand", "12-5 6-6 3-1")
    assert page.locator("#pl-sum").inner_text() == "1 tile · 4 pips"
    ctx.close()
