"""A hand picked on a player's phone and not yet sent survives a reload (a
phone often reloads the tab after the camera app), as the tablet's round form
keeps its draft; once sent, the draft is forgotten."""

from __future__ import annotations

import pytest

from tests.conftest import TOKEN

pytestmark = pytest.mark.browser

DRAFTS = "domino-companion:round-draft:"


def test_a_picked_hand_not_sent_is_kept_through_a_reload(live, browser, api):
    gid = api.post("/api/games", json={"set": 12, "players": ["Ana", "Ben", "Chen"],
                                       "first_starter": "Ana"}).get_json()["id"]
    tablet_ctx = browser.new_context(viewport={"width": 1024, "height": 768}, has_touch=True)
    tablet = tablet_ctx.new_page()
    tablet.goto(f"{live}/?token={TOKEN}")
    tablet.goto(f"{live}/games/{gid}")
    tablet.locator("#phones summary").click()
    tablet.locator("#phones svg.qr").wait_for()
    join = tablet.locator("#phones .join-link").get_attribute("href")
    tablet_ctx.close()

    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = ctx.new_page()
    page.goto(join)
    page.get_by_role("button", name="Ana", exact=True).tap()
    page.wait_for_selector(".seat-card")
    expect = pytest.importorskip("playwright.sync_api").expect
    # Ana holds 6-5 and 2-1: 11 + 3 = 14 pips in 2 tiles
    page.locator(".pick-tiles").tap()
    for tile in ("6-5", "2-1"):
        page.locator(f"#picker button.tile[data-tile='{tile}']").tap()
    page.locator("#picker button[value=ok]").tap()
    expect(page.locator("#pips-0")).to_have_value("14")

    page.reload()
    page.wait_for_selector(".seat-card")
    expect(page.locator("input[name='tiles-0']")).to_have_value("6-5 2-1")
    expect(page.locator(".picked[data-for='0']")).to_have_text("6-5 2-1")
    expect(page.locator("#pips-0")).to_have_value("14")
    expect(page.locator("input[name=left-0]")).to_have_value("2")
    expect(page.locator("#pips-0")).to_be_disabled()  # the tiles give the pips, as before the reload

    page.locator("button.primary[type=submit]").tap()
    page.wait_for_selector("#sent")
    # sent: no draft of this hand is left in the phone
    kept = page.evaluate(f"() => Object.keys(localStorage).filter(k => k.startsWith('{DRAFTS}'))")
    assert kept == []
    page.reload()
    page.wait_for_selector("#sent")
    expect(page.locator("#pips-0")).to_have_value("14")
    ctx.close()
