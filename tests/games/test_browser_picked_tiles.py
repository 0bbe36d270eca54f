"""Issue 27, major 1: tiles picked for a hand must not look like *Out*.

After *Done* in the tile picker the pips box showed the Out green with its
number drawn in transparent text, on the tablet (1024×768) and on a player's
own phone (390×844). The number must show, on a plain box, and the row must
not take the Out colour. Screenshots: ``test-artifacts/picked-*.png``.
"""

from __future__ import annotations

import pytest

from tests.conftest import TOKEN, shot

pytestmark = pytest.mark.browser

TABLET = {"width": 1024, "height": 768}
PHONE = {"width": 390, "height": 844}
OUT_GREEN = "rgb(227, 244, 232)"   # --out in the light theme
WHITE = "rgb(255, 255, 255)"       # --field
INK = "rgb(20, 33, 61)"            # --ink


def _look(page, selector: str) -> dict:
    return page.locator(selector).evaluate(
        """el => { const s = getComputedStyle(el), row = getComputedStyle(el.closest('.hand'));
                   return {bg: s.backgroundColor, color: s.color, fill: s.webkitTextFillColor,
                           row: row.backgroundColor, out: el.closest('.hand').classList.contains('is-out')}; }""")


def _pick(page, tiles: list[str]) -> None:
    for t in tiles:
        page.locator(f"dialog#picker button.tile[data-tile='{t}']").tap()
    page.locator("dialog#picker button[value=ok]").tap()
    page.wait_for_selector("dialog#picker:not([open])", state="attached")


def _game(api) -> int:
    r = api.post("/api/games", json={"set": 12, "players": ["Ana", "Ben", "Cy"], "first_starter": "Ana"})
    assert r.status_code == 201, r.get_json()
    return r.get_json()["id"]


def test_picked_tiles_show_their_pips_plainly_on_the_tablet(live, browser, api):
    gid = _game(api)
    ctx = browser.new_context(viewport=TABLET, has_touch=True)
    page = ctx.new_page()
    page.goto(f"{live}/?token={TOKEN}")
    page.goto(f"{live}/games/{gid}")
    row = page.locator(".hand").nth(1)
    if not row.locator("details.extras").evaluate("d => d.open"):
        row.locator("summary").tap()
    row.locator(".pick-tiles").tap()
    page.wait_for_selector("dialog#picker[open]")
    _pick(page, ["6-5", "12-11"])  # 11 + 23 = 34 pips
    expect = pytest.importorskip("playwright.sync_api").expect
    expect(page.locator("#pips-1")).to_have_value("34")
    look = _look(page, "#pips-1")
    assert look == {"bg": WHITE, "color": INK, "fill": INK, "row": "rgba(0, 0, 0, 0)", "out": False}
    # a player who went out keeps the Out look
    page.locator(".hand").nth(0).locator(".out-tap").tap()
    assert _look(page, "#pips-0")["row"] == OUT_GREEN
    shot(page, "picked-tablet-1024x768")
    ctx.close()


def test_picked_tiles_show_their_pips_plainly_on_the_phone(live, browser, api):
    gid = _game(api)
    tablet_ctx = browser.new_context(viewport=TABLET, has_touch=True)
    tablet = tablet_ctx.new_page()
    tablet.goto(f"{live}/?token={TOKEN}")
    tablet.goto(f"{live}/games/{gid}")
    tablet.locator("#phones summary").click()
    join = tablet.locator("#phones .join-link").get_attribute("href")
    ctx = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page = ctx.new_page()
    page.goto(join)
    page.get_by_role("button", name="Ana", exact=True).tap()
    page.wait_for_selector(".seat-card")
    page.locator(".pick-tiles").tap()
    page.wait_for_selector("dialog#picker[open]")
    _pick(page, ["6-5", "2-1"])  # 11 + 3 = 14 pips
    expect = pytest.importorskip("playwright.sync_api").expect
    expect(page.locator("#pips-0")).to_have_value("14")
    look = _look(page, "#pips-0")
    assert look == {"bg": WHITE, "color": INK, "fill": INK, "row": "rgba(0, 0, 0, 0)", "out": False}
    shot(page, "picked-phone-390x844")
    ctx.close()
    tablet_ctx.close()


def test_clear_keeps_the_phones_picker_open(live, browser, api):
    """Issue 27: *Clear* in the phone's tile picker shut it; as on the tablet it
    empties the choice and leaves the picker open for the right tiles."""
    gid = _game(api)
    tablet_ctx = browser.new_context(viewport=TABLET, has_touch=True)
    tablet = tablet_ctx.new_page()
    tablet.goto(f"{live}/?token={TOKEN}")
    tablet.goto(f"{live}/games/{gid}")
    tablet.locator("#phones summary").click()
    join = tablet.locator("#phones .join-link").get_attribute("href")
    ctx = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page = ctx.new_page()
    page.goto(join)
    page.get_by_role("button", name="Ben", exact=True).tap()
    page.wait_for_selector(".seat-card")
    page.locator(".pick-tiles").tap()
    picker = page.locator("dialog#picker")
    page.wait_for_selector("dialog#picker[open]")
    for t in ("6-5", "12-11"):
        picker.locator(f"button.tile[data-tile='{t}']").tap()
    expect = pytest.importorskip("playwright.sync_api").expect
    expect(picker.locator(".picker-sum")).to_have_text("2 tiles · 34 pips")
    picker.get_by_role("button", name="Clear").tap()
    assert picker.evaluate("d => d.open")
    assert picker.locator("button.tile[aria-pressed=true]").count() == 0
    expect(picker.locator(".picker-sum")).to_have_text("0 tiles · 0 pips")
    picker.locator("button.tile[data-tile='1-0']").tap()
    expect(picker.locator(".picker-sum")).to_have_text("1 tile · 1 pip")  # each count its own plural
    picker.locator("button.tile[data-tile='1-0']").tap()
    picker.locator("button.tile[data-tile='3-0']").tap()
    picker.locator("button[value=ok]").tap()
    expect(page.locator("#pips-1")).to_have_value("3")
    ctx.close()
    tablet_ctx.close()
