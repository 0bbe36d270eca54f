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
