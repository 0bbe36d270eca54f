"""The first problem of a form sent back is in sight and has the focus
(issue 27: an error under "More rules" on the start page was left below the
screen, its section scrolled away). Any form: the field itself takes the
focus where there is one, else the message."""

from __future__ import annotations

import pytest

from tests.conftest import TOKEN, shot

pytestmark = pytest.mark.browser

IN_SIGHT = "el => { const r = el.getBoundingClientRect(); return r.top >= 0 && r.bottom <= window.innerHeight; }"
SIZES = [{"width": 1024, "height": 768}, {"width": 390, "height": 844}]


def _page(browser, live, viewport):
    ctx = browser.new_context(viewport=viewport, has_touch=True)
    page = ctx.new_page()
    page.goto(f"{live}/?token={TOKEN}")
    return ctx, page


@pytest.mark.parametrize("viewport", SIZES)
def test_an_error_under_more_rules_is_scrolled_into_view_and_focused(live, browser, viewport):
    ctx, page = _page(browser, live, viewport)
    for seat, name in enumerate(["Ana", "Ben", "Cy", "Dee"]):
        page.fill(f"#player-{seat}", name)
    page.locator(".more-rules[data-kinds] summary").click()
    rule = page.locator(".more-rules[data-kinds] .rule:not([hidden]) input[name^=rule-]:not([type=radio])").first
    name = rule.get_attribute("name")
    rule.fill("lots")  # not a number
    page.locator(".more-rules[data-kinds] summary").click()  # closed again, as a player leaves it
    page.locator("#new-game-form button[type=submit]").last.click()
    page.wait_for_function("n => document.activeElement.name === n", arg=name, timeout=5000)
    field = page.locator(f"[name='{name}']")
    assert field.get_attribute("aria-invalid") == "true"
    assert page.locator(".more-rules[data-kinds]").evaluate("d => d.open")
    assert page.evaluate("document.activeElement.name") == name
    assert field.evaluate(IN_SIGHT), viewport
    assert page.locator(f"#{name}-error").evaluate(IN_SIGHT), viewport
    assert field.input_value() == "lots"  # what was typed stays
    shot(page, f"first-error-more-rules-{viewport['width']}x{viewport['height']}")
    ctx.close()


@pytest.mark.parametrize("viewport", SIZES)
def test_a_refused_round_focuses_its_wrong_box_in_sight(live, browser, api, viewport):
    gid = api.post("/api/games", json={"set": 12, "players": ["Ana", "Ben", "Cy", "Dee", "Eve", "Fay"],
                                       "first_starter": "Ana"}).get_json()["id"]
    ctx, page = _page(browser, live, viewport)
    page.goto(f"{live}/games/{gid}")
    page.locator(".hand").nth(0).locator(".out-tap").click()
    for seat, pips in enumerate(["5", "6", "7", "8", "9999"], start=1):
        page.fill(f"#pips-{seat}", pips)
    page.locator("#round-form button.primary").click()
    page.wait_for_function("() => document.activeElement.id === 'pips-5'", timeout=5000)
    assert page.locator("#pips-5").evaluate(IN_SIGHT) and page.locator("#err-5").evaluate(IN_SIGHT), viewport
    ctx.close()
