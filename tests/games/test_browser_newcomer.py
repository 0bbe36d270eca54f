"""What a newcomer stumbled on (issue 14), in headless Chromium at a tablet's
sizes (1024×768, 768×1024) and a phone's (390×844): the chart's end labels,
the scoreboard with 8 players, the header, the round form's rows, the sign-in
page. Screenshots go to ``test-artifacts/newcomer-*.png`` for review.
"""

from __future__ import annotations

import random

import pytest

from tests.conftest import TOKEN, shot
from tests.games.test_browser_chart_text import chart_in_sight

pytestmark = pytest.mark.browser

TABLET = {"width": 1024, "height": 768}
PORTRAIT = {"width": 768, "height": 1024}
PHONE = {"width": 390, "height": 844}
SIZES = [(TABLET, "1024x768"), (PORTRAIT, "768x1024"), (PHONE, "390x844")]
LONG_EIGHT = ["Bartholomew", "Maximilian-Alexander", "Guinevere", "Александра",
              "Hyun-woo", "Fatima", "Zoë", "Wolfgang Amadeus"]


def rounds_for(players: list[str], count: int, seed: int = 14) -> list[dict]:
    """``count`` domino rounds: seat ``r % n`` goes out, the others hold 3-45 pips."""
    rng = random.Random(seed)
    n = len(players)
    return [{"ended": "domino",
             "hands": {p: {"pips": 0 if i == r % n else rng.randint(3, 45)} for i, p in enumerate(players)}}
            for r in range(count)]


def new_game(api, record: dict) -> int:
    r = api.post("/api/games", json=record)
    assert r.status_code == 201, r.get_json()
    return r.get_json()["id"]


def opened(browser, base, viewport, **kw):
    ctx = browser.new_context(viewport=viewport, has_touch=True, **kw)
    page = ctx.new_page()
    page.goto(f"{base}/?token={TOKEN}")
    return ctx, page


BOXES = """() => [...document.querySelectorAll('.chart .series text')].map(t => {
  const b = t.getBBox(); return [b.x, b.y, b.x + b.width, b.y + b.height, t.textContent]; })"""


@pytest.mark.parametrize("totals", ["knot", "spread"])
def test_chart_end_labels_never_overlap_or_clip(live, browser, api, totals):
    # every line ends in one knot (all totals within a few points), long names
    if totals == "knot":
        rounds = [{"ended": "domino", "hands": {p: {"pips": 0 if i == 0 else 10 + i % 3}
                                                for i, p in enumerate(LONG_EIGHT)}}]
    else:
        rounds = rounds_for(LONG_EIGHT, 13)
    gid = new_game(api, {"set": 12, "players": LONG_EIGHT, "first_starter": LONG_EIGHT[0], "rounds": rounds})
    for viewport, size in SIZES:
        ctx, page = opened(browser, live, viewport)
        page.goto(f"{live}/games/{gid}")
        chart_in_sight(page)
        view = page.evaluate("() => document.querySelector('.chart > svg').viewBox.baseVal.width")
        height = page.evaluate("() => document.querySelector('.chart > svg').viewBox.baseVal.height")
        if viewport is PHONE:
            # a legend under the chart instead of the names at the lines' ends
            assert page.locator(".chart .series text").first.is_hidden()
            legend = page.locator(".chart-legend li")
            assert legend.count() == 8
            for i in range(8):
                box = legend.nth(i).bounding_box()
                assert box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"], size
            svg = page.locator(".chart > svg").bounding_box()
            assert svg["x"] >= 0 and svg["x"] + svg["width"] <= viewport["width"]  # no sideways scroll
        else:
            boxes = page.evaluate(BOXES)
            assert len(boxes) == 8
            for x0, y0, x1, y1, text in boxes:
                assert x0 >= 0 and y0 >= 0 and x1 <= view and y1 <= height, (size, text, x1, view)
            for i, a in enumerate(boxes):
                for b in boxes[i + 1:]:
                    apart = a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]
                    assert apart, (size, a[4], b[4])
            labels = [b[4] for b in boxes]
            assert any(t.startswith("Bartholomew ") for t in labels)
        page.locator(".chart").scroll_into_view_if_needed()
        shot(page, f"newcomer-chart-{totals}-{size}")
        ctx.close()


def _overflows(page) -> dict:
    """What does not fit: the scoreboard box's hidden width, the page's own
    sideways scroll, and the header's height (one line is about 48 px)."""
    return page.evaluate("""() => {
      const w = document.querySelector('.board .table-wrap');
      const nav = document.querySelector('.top nav');
      return {hidden: w.scrollWidth - w.clientWidth, page: document.documentElement.scrollWidth - innerWidth,
              header: nav.getBoundingClientRect().height,
              cue: !!document.querySelector('.board .scroll-cue:not([hidden])')};
    }""")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_eight_players_fit_or_scroll_with_a_cue(live, browser, api, lang):
    gid = new_game(api, {"set": 12, "players": LONG_EIGHT, "first_starter": LONG_EIGHT[0],
                         "rounds": rounds_for(LONG_EIGHT, 12)})
    for viewport, size in SIZES:
        ctx, page = opened(browser, live, viewport, locale=lang)
        page.goto(f"{live}/lang/{lang}?next=/games/{gid}")
        page.goto(f"{live}/games/{gid}")
        seen = _overflows(page)
        assert seen["page"] <= 0, (size, seen)  # the page itself never scrolls sideways
        # the header is one line at 1024 and at 768 in every language (below
        # 900 px the planner, rules and devices go under "⋯"); a phone may take
        # two lines; the page never scrolls sideways
        one_line = viewport is TABLET or viewport is PORTRAIT
        assert seen["header"] <= (60 if one_line else 100), (size, lang, seen)
        # the scoreboard fits, or says it scrolls
        assert seen["hidden"] <= 0 or seen["cue"], (size, seen)
        # the pencil of every round is whole, or reachable with the cue
        pencil = page.locator(".row-actions .button").first.bounding_box()
        wrap = page.locator(".board .table-wrap").bounding_box()
        if seen["hidden"] <= 0:
            assert pencil["x"] + pencil["width"] <= wrap["x"] + wrap["width"] + 0.5, (size, pencil, wrap)
        # the sheet buttons: all on screen, none behind a sideways scroll
        links = page.locator(".game-links .button")
        for i in range(links.count()):
            box = links.nth(i).bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"], (size, i, box)
        if seen["hidden"] > 0:
            # the cue's button scrolls to the last columns: the last pencil comes into view
            page.locator(".scroll-cue button").click()
            page.wait_for_function("() => { const w = document.querySelector('.board .table-wrap');"
                                   " return w.scrollLeft + w.clientWidth >= w.scrollWidth - 2 || w.scrollLeft > 0; }")
        page.locator(".board").scroll_into_view_if_needed()
        shot(page, f"newcomer-board-{lang}-{size}")
        ctx.close()


def test_opening_more_keeps_the_row_in_line(live, browser, api):
    gid = new_game(api, {"set": 12, "players": ["Ana", "Maximilian-Alexander", "Chen", "Dee"],
                         "first_starter": "Ana"})
    for viewport, size in SIZES:
        ctx, page = opened(browser, live, viewport)
        page.goto(f"{live}/games/{gid}")

        def places(page=page):
            return [(round(page.locator(f"#pips-{s}").bounding_box()["x"]),
                     round(page.locator(".hand").nth(s).locator(".out-tap").bounding_box()["x"]))
                    for s in range(4)]

        before = places()
        assert len(set(before)) == 1, (size, before)  # every row's box and Out in one column
        page.locator(".hand").nth(1).locator(".extras summary").click()
        page.locator(".hand").nth(1).locator(".pick-tiles").wait_for()
        assert places() == before, size
        page.locator(".hand").nth(1).scroll_into_view_if_needed()
        shot(page, f"newcomer-more-open-{size}")
        ctx.close()


def test_sign_in_with_an_empty_token_says_what_to_do(live, browser):
    for viewport, size in SIZES:
        ctx = browser.new_context(viewport=viewport, has_touch=True)
        page = ctx.new_page()
        page.goto(f"{live}/login")
        page.click("button.primary")
        page.wait_for_selector("#token-error")
        assert "Type the access token first" in page.locator("#token-error").inner_text()
        assert page.locator("#token").get_attribute("aria-invalid") == "true"
        shot(page, f"newcomer-login-empty-{size}")
        ctx.close()


def test_the_scoreboard_marks_the_0_0_and_a_blocked_round(live, browser, api):
    # round 1: Ana out, Ben holds the 0-0 (7 pips + 50 = 57); round 2 blocked
    gid = new_game(api, {"set": 12, "players": ["Ana", "Ben", "Chen"], "first_starter": "Ana", "rounds": [
        {"ended": "domino", "hands": {"Ana": {"pips": 0}, "Ben": {"pips": 7, "double_blank": True},
                                      "Chen": {"pips": 20}}},
        {"ended": "blocked", "hands": {"Ana": {"pips": 5}, "Ben": {"pips": 9}, "Chen": {"pips": 30}}},
    ]})
    for viewport, size in SIZES:
        ctx, page = opened(browser, live, viewport)
        page.goto(f"{live}/games/{gid}")
        assert page.locator("#cell-1-1 .dbl").inner_text() == "0-0"
        assert page.locator("#cell-1-1 .pts").inner_text() == "57"
        assert page.locator("#cell-1-0 .dbl").count() == 0 and page.locator("#cell-1-2 .dbl").count() == 0
        assert page.locator("#round-2 th .ended").inner_text().lower() == "blocked"
        assert page.locator("#round-1 th .ended").count() == 0
        page.locator(".board").scroll_into_view_if_needed()
        shot(page, f"newcomer-marks-{size}")
        ctx.close()


def test_the_0_0_is_one_tap_per_row_and_out_never_wipes_a_number(live, browser, api):
    gid = new_game(api, {"set": 12, "players": ["Ana", "Maximilian-Alexander", "Chen", "Dee"],
                         "first_starter": "Ana"})
    for viewport, size in SIZES:
        ctx, page = opened(browser, live, viewport)
        page.goto(f"{live}/games/{gid}")
        for seat in range(4):
            box = page.locator(f"input[name=blank-{seat}]")
            assert box.is_visible(), (size, seat)  # no need to open "more"
            tap = page.locator(".hand").nth(seat).locator(".dbl-tap").bounding_box()
            assert tap["x"] + tap["width"] <= viewport["width"] and tap["height"] >= 44, (size, tap)
        # a number typed, then Out tapped on that row: set aside, back when Out moves on
        page.locator("#pips-1").fill("17")
        page.locator(".hand").nth(1).locator(".out-tap").tap()
        assert page.locator("#pips-1").is_disabled()
        page.locator(".hand").nth(2).locator(".out-tap").tap()
        assert page.locator("#pips-1").input_value() == "17" and page.locator("#pips-1").is_enabled()
        page.locator(".hand").nth(3).locator(".dbl-tap").tap()
        assert page.locator("input[name=blank-3]").is_checked()
        page.locator(".hands").scroll_into_view_if_needed()
        shot(page, f"newcomer-entry-{size}")
        ctx.close()


def test_a_new_game_with_these_players_from_the_winners_card(live, browser, api):
    # Mexican Train on a double-6 set: 7 rounds (engines 6-6 … 0-0), Ana starts
    # the first; after the last round Ben (one seat on) starts the new game.
    players = ["Ana", "Ben", "Chen"]
    gid = new_game(api, {"set": 6, "players": players, "first_starter": "Ana",
                         "rounds": rounds_for(players, 7)})
    for viewport, size in ((TABLET, "1024x768"), (PHONE, "390x844")):
        ctx, page = opened(browser, live, viewport)
        page.goto(f"{live}/games/{gid}")
        button = page.locator(".winner .rematch button")
        box = button.bounding_box()
        assert box["x"] + box["width"] <= viewport["width"]
        page.locator(".winner").scroll_into_view_if_needed()
        shot(page, f"newcomer-rematch-{size}")
        button.click()
        page.wait_for_selector("#round-form")
        assert page.url.rstrip("/") != f"{live}/games/{gid}"
        assert page.locator(".next .facts dd").first.inner_text() == "Ben"
        ctx.close()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_pages_used_less_often_are_under_more_on_a_tablet_held_upright(live, browser, lang):
    ctx, page = opened(browser, live, PORTRAIT, locale=lang)
    page.goto(f"{live}/lang/{lang}?next=/")
    assert page.locator(".top nav > a.nav-wide").first.is_hidden()
    page.locator(".top details.nav-more summary").click()
    page.locator(".top details.nav-more a[href='/rules']").click()
    page.wait_for_url("**/rules")
    assert page.evaluate("document.querySelector('.top nav').getBoundingClientRect().height") <= 60
    ctx.close()
    ctx, page = opened(browser, live, TABLET, locale=lang)
    page.goto(f"{live}/lang/{lang}?next=/")
    assert page.locator(".top nav > a.nav-wide[href='/rules']").is_visible()
    assert page.locator(".top details.nav-more").is_hidden()
    ctx.close()


@pytest.mark.parametrize("lang", ["en", "ru", "mn"])
def test_the_rules_page_never_scrolls_sideways_on_a_phone(live, browser, lang):
    """Wide tables scroll inside their own box; the prose wraps (a source's
    long address widened the Russian page to 449 px at 390)."""
    ctx, page = opened(browser, live, {"width": 390, "height": 844}, locale=lang)
    page.goto(f"{live}/lang/{lang}?next=/rules")
    page.wait_for_url("**/rules")
    assert page.evaluate("document.documentElement.scrollWidth - innerWidth") <= 0
    ctx.close()
