"""A tile already in a hand can always be taken out of it in the picker. A
new user's walk: a photo put the engine 12-12 into Ben's hand; the picker
showed it counted but pale and disabled, so only Clear (the whole hand)
could take it out. The same for a tile listed in another hand too."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.conftest import TOKEN

pytestmark = pytest.mark.browser


def _open(live, browser, api):
    """A double-12 game of Ana, Ben and Cy, its page on a tablet: (context, page)."""
    gid = api.post("/api/games", json={"set": 12, "players": ["Ana", "Ben", "Cy"],
                                       "first_starter": "Ana"}).get_json()["id"]
    ctx = browser.new_context(viewport={"width": 1024, "height": 768}, has_touch=True)
    page = ctx.new_page()
    page.goto(f"{live}/?token={TOKEN}")
    page.goto(f"{live}/games/{gid}")
    return ctx, page


def test_the_engine_and_a_tile_of_another_hand_come_out_with_one_tap(live, browser, api):
    ctx, page = _open(live, browser, api)
    # as a photo leaves them: Ben holds the engine 12-12, 6-5 and 3-0; Cy holds 3-0 too
    page.evaluate("""() => {
      document.querySelector("input[name='tiles-1']").value = "12-12 6-5 3-0";
      document.querySelector("input[name='tiles-2']").value = "3-0";
    }""")
    row = page.locator(".hand").nth(1)
    row.locator("summary").tap()
    row.locator(".pick-tiles").tap()
    page.wait_for_selector("dialog#picker[open]")
    picker = page.locator("dialog#picker")
    for t in ["12-12", "3-0"]:
        tile = picker.locator(f"button.tile[data-tile='{t}']")
        expect(tile).to_have_attribute("aria-pressed", "true")
        expect(tile).to_be_enabled()
        tile.tap()
        expect(tile).to_have_attribute("aria-pressed", "false")
        # once out, it is not offered again: the engine, a tile of Cy's hand
        expect(tile).to_be_disabled()
    expect(picker.locator(".picker-sum")).to_have_text("1 tile · 11 pips")  # 6-5 alone
    # a tile of no hand and not the engine is offered as before
    expect(picker.locator("button.tile[data-tile='4-4']")).to_be_enabled()
    picker.locator("button[value=ok]").tap()
    expect(page.locator("#pips-1")).to_have_value("11")
    expect(page.locator("input[name='tiles-1']")).to_have_value("6-5")
    ctx.close()


def test_a_refused_round_shows_the_pips_of_the_tiles_on_the_page(live, browser, api):
    # as a photo leaves it: Ben holds the engine 12-12 and 6-5 (24 + 11 = 35 pips);
    # Ana went out, Cy typed 20: refused (the engine in a hand), the 35 still shown
    ctx, page = _open(live, browser, api)
    page.evaluate("""() => { document.querySelector("input[name='tiles-1']").value = "12-12 6-5"; }""")
    page.locator(".hand").nth(0).locator(".out-tap").tap()
    page.fill("#pips-2", "20")
    page.locator("#round-form button.primary").click()
    page.wait_for_selector(".field-error, .form-error")
    expect(page.locator("#pips-1")).to_have_value("35")
    expect(page.locator(".picked[data-for='1']")).to_have_text("12-12 6-5")
    expect(page.locator("#pips-2")).to_have_value("20")
    ctx.close()
