"""A partnership hand typed on a tablet (1024×768) survives a reload of the
game page (issue 28): the hand form keeps a draft in the browser and the
new hand's own form takes it back (static/app.js, data-draft-restore), as
the common game page does."""

from __future__ import annotations

import pytest

from tests.conftest import TOKEN

pytestmark = pytest.mark.browser


def test_a_typed_hand_comes_back_after_a_reload(live, browser):
    ctx = browser.new_context(viewport={"width": 1024, "height": 768}, has_touch=True)
    page = ctx.new_page()
    page.goto(f"{live}/?token={TOKEN}")
    page.select_option("#kind", "partnership")
    for i, name in enumerate(["Ana", "Ben", "Chen", "Dee"]):
        page.fill(f"#player-{i}", name)
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_selector("#round-form")
    page.select_option("#leader", "0")
    page.fill("#pips-0", "10")
    page.fill("#pips-1", "30")
    page.locator(".hand[data-seat='2'] .out-tap").click()
    page.reload()
    page.wait_for_selector("#round-form")
    assert page.locator("#pips-0").input_value() == "10"
    assert page.locator("#pips-1").input_value() == "30"
    assert page.locator("#leader").input_value() == "0"
    assert page.locator(".hand[data-seat='2'] input[name=out]").is_checked()
    ctx.close()
