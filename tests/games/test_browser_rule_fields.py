"""The round form's rule fields in headless Chromium on a 1024x768 tablet
(issue 11): the boneyard's pips of the draw game, refused then saved with
what was typed kept; the question "who holds the 0-0?" answered by ticking
the box; the engine found and a tied round's winner, in English and
Mongolian (the longest labels), on one screen width without sideways scroll.

Needs Debian's ``chromium``; screenshots go to ``test-artifacts/``."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.conftest import TOKEN, shot

pytestmark = pytest.mark.browser


def _game(api, **record) -> int:
    players = record.pop("players", ["Ana", "Ben", "Chen"])
    r = api.post("/api/games", json={"set": 12, "players": players, "first_starter": players[0], **record})
    return r.get_json()["id"]


def _tablet(browser, live, gid, lang="en"):
    ctx = browser.new_context(viewport={"width": 1024, "height": 768}, has_touch=True,
                              extra_http_headers={"Accept-Language": lang})
    page = ctx.new_page()
    page.goto(f"{live}/games/{gid}?token={TOKEN}")
    page.wait_for_selector("#round-form")
    return page


def _no_sideways_scroll(page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= 1024


def test_the_boneyard_pips_refused_then_saved(live, browser, api):
    gid = _game(api, kind="draw", set=6, players=["Ana", "Ben"], rules={"boneyard_to_winner": "yes"})
    page = _tablet(browser, live, gid)
    page.locator(".hand").nth(0).locator(".out-tap").click()
    ben = page.locator(".hand").nth(1)
    page.fill("#pips-1", "12")
    ben.locator("summary").click()
    ben.locator("input[name=left-1]").fill("1")
    ben.locator("input[name=drawn-1]").fill("0")
    page.locator(".hand").nth(0).locator("summary").click()
    page.locator("input[name=drawn-0]").fill("0")
    # Ben's 6-6 aside, the boneyard's 14 tiles hold at most 112 pips
    page.fill("input[name=boneyard_pips]", "113")
    page.click("text=Save round 1")
    expect(page.locator("#boneyard-error")).to_contain_text("The boneyard cannot hold 113 pips")
    expect(page.locator("input[name=boneyard_pips]")).to_have_value("113")
    expect(page.locator("#pips-1")).to_have_value("12")
    _no_sideways_scroll(page)
    shot(page, "rule-fields-boneyard-refused")
    page.fill("input[name=boneyard_pips]", "60")
    page.click("text=Save round 1")
    expect(page.locator("#cell-1-0 .pts")).to_have_text("72")  # Ben's 12 and the boneyard's 60


def test_who_holds_the_0_0_asked_and_answered(live, browser, api):
    gid = _game(api)
    page = _tablet(browser, live, gid)
    page.locator(".hand").nth(0).locator(".out-tap").click()
    for seat in (1, 2):
        row = page.locator(".hand").nth(seat)
        page.fill(f"#pips-{seat}", "3")
        row.locator("summary").click()
        row.locator(f"input[name=left-{seat}]").fill("2")
    page.click("text=Save round 1")
    for seat in (1, 2):
        expect(page.locator(f"#err-{seat}")).to_contain_text("Who holds the 0-0?")
        expect(page.locator(f"#pips-{seat}")).to_have_value("3")
    _no_sideways_scroll(page)
    shot(page, "rule-fields-double-blank-question")
    page.locator("input[name=blank-2]").check()
    page.click("text=Save round 1")
    expect(page.locator("#cell-1-2 .pts")).to_have_text("53")
    expect(page.locator("#cell-1-1 .pts")).to_have_text("3")


@pytest.mark.parametrize("lang", ["en", "mn"])
def test_the_engine_found_and_the_tie_winner_fit_the_tablet(live, browser, api, lang):
    gid = _game(api, rules={"engine_choice": "highest_double"})
    page = _tablet(browser, live, gid, lang)
    expect(page.locator("select.engine-found")).to_have_value("12")
    page.locator("select.engine-found").select_option("10")
    _no_sideways_scroll(page)
    shot(page, f"rule-fields-engine-{lang}")
    page.locator(".hand").nth(0).locator(".out-tap").click()
    page.fill("#pips-1", "7")
    page.fill("#pips-2", "9")
    page.locator("#round-form button.primary").click()
    expect(page.locator("#round-1 .eng")).to_have_text("10-10")
    gid = _game(api, kind="block", set=6, rules={"blocked_tie": "lightest_tile"})
    page.goto(f"{live}/games/{gid}")
    page.locator(".round-end .out-tap").click()
    for seat, pips in enumerate(("10", "10", "20")):
        page.fill(f"#pips-{seat}", pips)
    page.locator("select.tie-winner").select_option("1")
    _no_sideways_scroll(page)
    shot(page, f"rule-fields-tie-{lang}")
    page.locator("#round-form button.primary").click()
    expect(page.locator("#cell-1-1 .pts")).to_have_text("30")
