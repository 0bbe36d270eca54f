"""At the table, in headless Chromium: the table view following another device,
the page weight, the scoreboard on one tablet screen, the fewest touches for a
round, themes, language, the PDF, and screenshots at tablet and phone sizes
(``test-artifacts/``) for review.

Needs Debian's ``chromium``; skipped with a message where it is missing.
"""

from __future__ import annotations

import random
import re

import pytest
from playwright.sync_api import expect

from tests.conftest import ARTIFACTS, TOKEN, shot

pytestmark = pytest.mark.browser

TABLET = {"width": 1024, "height": 768}
TABLET_PORTRAIT = {"width": 768, "height": 1024}
TABLET_WIDE = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
EIGHT = ["Ana", "Ben", "Chen", "Dee", "Eli", "Fatima", "Gus", "Hyun-woo"]


@pytest.fixture
def api_client(app):
    c = app.test_client()
    c.environ_base["HTTP_AUTHORIZATION"] = f"Bearer {TOKEN}"
    return c


def eight_player_rounds(count: int, seed: int = 4) -> list[dict]:
    rng = random.Random(seed)
    return [
        {"ended": "domino",
         "hands": {n: {"pips": 0 if i == r % 8 else rng.randint(3, 45)} for i, n in enumerate(EIGHT)}}
        for r in range(count)
    ]


def new_game(api_client, record: dict) -> int:
    r = api_client.post("/api/games", json=record)
    assert r.status_code == 201, r.get_json()
    return r.get_json()["id"]


def tablet(browser, base, viewport=TABLET, **kw):
    ctx = browser.new_context(viewport=viewport, has_touch=True, **kw)
    page = ctx.new_page()
    page.goto(f"{base}/?token={TOKEN}")
    return ctx, page


def test_the_table_view_follows_a_round_saved_on_another_device(live, browser, api_client, app):
    gid = new_game(api_client, {"set": 12, "players": ["Ana", "Ben", "Chen", "Dee"], "first_starter": "Ana"})
    from companion.games.models import GameRow
    from companion.store.db import db

    with app.app_context():
        key = db.session.get(GameRow, gid).view_key
    # the TV: a spectator link, no token, in its own browser context
    tv_ctx = browser.new_context(viewport=TABLET)
    tv = tv_ctx.new_page()
    tv.goto(f"{live}/games/{gid}/table?view={key}")
    assert "login" not in tv.url
    assert tv.locator("#tv-next").inner_text() == "Round 1 of 13"
    # a second tablet with the token, also on the table view
    other_ctx, other = tablet(browser, live, TABLET_PORTRAIT)
    other.goto(f"{live}/games/{gid}/table")
    # the scoring tablet records round 1: Dee went out
    ctx, page = tablet(browser, live)
    page.goto(f"{live}/games/{gid}")
    page.locator(".hand").nth(3).locator(".out-tap").click()
    for value in ("12", "7", "23"):
        page.keyboard.type(value)
        page.keyboard.press("Enter")
    page.wait_for_url("**#entry")
    # both table views follow the new round by themselves (how fast: benchmarks/)
    for screen in (tv, other):
        screen.wait_for_function(
            "() => document.querySelector('#tv-next').textContent.trim() === 'Round 2 of 13'"
        )
    first = tv.locator(".tv-list li").first
    assert "Dee" in first.inner_text() and "0" in first.locator(".total").inner_text()
    assert tv.locator(".tv-status .text").inner_text().startswith("Live")
    shot(tv, "tv-spectator-1024x768")
    shot(other, "tv-tablet-portrait-768x1024")
    for c in (tv_ctx, other_ctx, ctx):
        c.close()


def test_the_game_page_weighs_at_most_80_kb_unpacked_and_asks_only_this_server(live, browser, api_client):
    record = {"set": 12, "players": EIGHT, "first_starter": "Ana", "rounds": eight_player_rounds(12)}
    gid = new_game(api_client, record)
    ctx = browser.new_context(viewport=TABLET, service_workers="block")
    page = ctx.new_page()
    page.goto(f"{live}/?token={TOKEN}")
    ctx.new_cdp_session(page).send("Network.clearBrowserCache")  # a first visit
    responses = []
    page.on("requestfinished", lambda req: responses.append(req))
    page.goto(f"{live}/games/{gid}", wait_until="networkidle")
    sizes = {}
    for req in responses:
        assert req.url.startswith(live), f"a request left the machine: {req.url}"
        if req.url.endswith("/phones.json"):
            # the phones panel's status check, asked once a second from a second after
            # the page runs (static/phones.js): not the page's load, though on a busy
            # machine it sometimes lands before the page counts as settled
            continue
        s = req.sizes()
        sizes[req.url] = s["responseBodySize"] + s["responseHeadersSize"]
    total = sum(sizes.values())
    unpacked = sum(len(page.request.get(url).body()) for url in sizes)
    print(f"\ngame page, 8 players, 12 rounds: {total} bytes transferred in {len(sizes)} requests"
          f" ({unpacked} bytes unpacked)")
    for url, n in sorted(sizes.items(), key=lambda kv: -kv[1]):
        print(f"  {n:7d}  {url.replace(live, '')}")
    assert any(u.endswith("/static/app.css") for u in sizes) and any(u.endswith("/static/app.js") for u in sizes)
    # Over the wire the page stays under 100 KB (38 KB on 2 December). Unpacked
    # it grew from 87 KB to about 126 KB (the phones panel with its QR code, the
    # photo button's script and style, the 0-0 taps), then to 135 KB (the
    # players panel, the narrow form's layout in every language, the header's
    # "⋯" menu, sixteen chart styles): bounded at 140 KB. The draft of the
    # round being typed took it to 145 KB (3 December); the photo icon drawn
    # once (<svg><use>) and the score table's cells written without blank
    # lines brought it back to 137 KB. The third round's work took it to 144 KB
    # (ending a game now and its dialog, the note of a round saved on another
    # device, the photo's budget and unread-photo messages, the phones' take-over
    # words): bounded at 150 KB; 153 KB on 7 December with the round entry's
    # own work. Issue 27 (80 KB asked, 60 the goal): the scripts and styles
    # served without comments and spaces (companion/web/assets.py: app.css 52
    # to 39 KB, the scripts 38 to 24 KB) and the game page without its
    # templates' indentation (companion/web/html.py tight(): 60 to 54 KB) made
    # it 120 KB: bounded at 124 KB. Then the other pages' styles moved to
    # static/pages.css (app.css 40 to 33 KB), the start forms' script to
    # static/start.js and the photo's script fetched when a photo is chosen
    # (app.js 18 to 15 KB, photo.js 4.6 KB gone), the chart's numbers written
    # short ("290" for 290.0), while the pips keypad came (about 2 KB): 106 KB;
    # the chart fetched when its card nears the screen (its own page,
    # /games/<id>/chart: 9 KB) with its styles (static/chart.css, 3 KB): 96 KB;
    # the phones panel's QR code and seats fetched when the closed panel opens
    # (/games/<id>/phones/panel: 6 KB): 90 KB. Each hand's photo button and
    # "Pick tiles" written once and copied by the script, the keypad's keys
    # and the picker's pip table worked out by the script, the scoreboard's
    # pencil drawn by app.css (the page 40 to 32 KB, app.js 16 to 18 KB): 85 KB;
    # the start form's seats and the rules page's styles to pages.css (app.css
    # 30 to 28.6 KB): 84 KB, bounded at 86 KB. The 80 KB is this
    # unpacked figure (28 KB go over the wire). The "someone joins or leaves"
    # panel's forms fetched when it opens (/games/<id>/seats/panel: 2 KB), the
    # two closed panels' styles with their bodies (static/panels.css: app.css
    # 28.6 to 27.1 KB), the round form's empty values left out: 80.2 KB,
    # bounded at 81 KB. The photo dialog's styles fetched with photo.js
    # (static/photo-dialog.css): 79.8 KB, at most 80 KB as the issue asks.
    # Still to slim: the scoreboard's cells (11 KB), the
    # photo dialog's messages (0.6 KB, only photo.js reads them), app.css
    # (27 KB: Chromium's coverage over the page's states leaves about 7 KB
    # unused, nearly all of it other themes, other kinds' round forms, errors
    # and notices).
    assert total < 100 * 1024 and unpacked <= 80 * 1024
    ctx.close()


def test_eight_players_and_thirteen_rounds_fit_one_tablet_screen(live, browser, api_client):
    gid = new_game(api_client, {"set": 12, "players": EIGHT, "first_starter": "Ana",
                                "rounds": eight_player_rounds(12)})
    for viewport, name in ((TABLET, "1024x768"), (TABLET_PORTRAIT, "768x1024"), (TABLET_WIDE, "1280x800")):
        ctx, page = tablet(browser, live, viewport)
        page.goto(f"{live}/games/{gid}")
        page.locator("#board-h").scroll_into_view_if_needed()
        page.evaluate("document.querySelector('.board').scrollIntoView({block: 'start'})")
        box = page.locator(".board").bounding_box()
        wrap = page.evaluate(
            "(() => { const w = document.querySelector('.board .table-wrap');"
            " return [w.scrollWidth, w.clientWidth, w.scrollHeight, w.clientHeight]; })()"
        )
        assert box["height"] <= viewport["height"], (name, box)
        assert wrap[0] <= wrap[1] and wrap[2] <= wrap[3], (name, wrap)  # nothing hidden
        assert page.locator(".scores tbody tr").count() == 13
        page.screenshot(path=str(ARTIFACTS / f"board-8x13-{name}.png"))
        ctx.close()


def test_a_four_player_round_is_three_numbers_and_one_tap(live, browser, api_client):
    gid = new_game(api_client, {"set": 12, "players": ["Ana", "Ben", "Chen", "Dee"], "first_starter": "Ana"})
    ctx, page = tablet(browser, live)
    page.goto(f"{live}/games/{gid}")
    taps = keys = 0
    page.locator(".hand").nth(1).locator(".out-tap").tap()  # Ben went out
    taps += 1
    assert page.evaluate("document.activeElement.id") == "pips-0"
    for value in ("14", "8", "31"):
        for ch in value:
            page.keyboard.press(ch)
            keys += 1
        page.keyboard.press("Enter")
        keys += 1
    page.wait_for_url("**#entry")
    assert [page.locator(f"#total-{s}").inner_text() for s in range(4)] == ["14", "0", "8", "31"]
    assert taps == 1 and keys == 8  # 5 digits and 3 Enter
    ctx.close()


def test_a_wrong_entry_is_shown_at_its_field_on_a_phone(live, browser, api_client):
    gid = new_game(api_client, {"set": 12, "players": ["Ana", "Ben", "Chen", "Dee"], "first_starter": "Ana"})
    ctx, page = tablet(browser, live, PHONE)
    page.goto(f"{live}/games/{gid}")
    shot(page, "phone-game-start")
    # 9999 pips: more than the whole set holds; refused at the field, what was typed stays
    page.locator(".hand").nth(0).locator(".out-tap").tap()
    for value in ("9999", "5", "9"):
        page.keyboard.type(value)
        page.keyboard.press("Enter")
    page.wait_for_selector("#err-1")
    assert page.locator("#pips-1").input_value() == "9999"
    assert page.locator("#pips-1").get_attribute("aria-invalid") == "true"
    assert page.locator("#pips-2").input_value() == "5"
    shot(page, "phone-wrong-entry")
    page.locator("#pips-1").fill("20")
    page.locator("#pips-1").press("Enter")  # to Chen
    page.locator("#pips-2").press("Enter")  # to Dee
    with page.expect_navigation():  # the refused page's address is the game's #entry already
        page.locator("#pips-3").press("Enter")  # saves
    page.wait_for_url("**#entry")
    assert page.locator("#total-1").inner_text() == "20"
    # edit a past round on the phone
    page.goto(f"{live}/games/{gid}/rounds/1/edit")
    page.locator("#pips-2").fill("15")
    page.locator("#pips-2").press("Enter")  # moves on to Dee
    page.locator("#pips-3").press("Enter")  # the last field saves
    page.wait_for_url("**#round-1")
    assert page.locator("#total-2").inner_text() == "15"
    shot(page, "phone-after-correction")
    ctx.close()


def test_themes_per_device_and_the_system_setting(live, browser, api_client):
    gid = new_game(api_client, {"set": 15, "players": ["Ana", "Ben", "Chen", "Dee"], "first_starter": "Ana",
                                "rounds": [{"ended": "domino", "hands": {"Ana": {"pips": 0}, "Ben": {"pips": 33},
                                                                         "Chen": {"pips": 12}, "Dee": {"pips": 41}}}]})
    ctx, page = tablet(browser, live)
    page.goto(f"{live}/games/{gid}")
    light = page.evaluate("getComputedStyle(document.body).backgroundColor")
    page.locator("details.theme summary").click()
    page.locator("details.theme a", has_text="Dark").click()
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")
    dark = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert dark != light
    shot(page, "tablet-theme-dark")
    page.locator("details.theme summary").click()
    page.locator("details.theme a", has_text="High contrast").click()
    expect(page.locator("html")).to_have_attribute("data-theme", "contrast")
    assert page.evaluate("getComputedStyle(document.body).backgroundColor") == "rgb(255, 255, 255)"
    assert page.evaluate("getComputedStyle(document.body).color") == "rgb(0, 0, 0)"
    shot(page, "tablet-theme-contrast")
    # the engine card draws 14-14 with pips, not a numeral
    assert page.locator(".next .domino circle").count() == 28
    ctx.close()
    # no choice made on this device: the system's dark mode is followed
    ctx2 = browser.new_context(viewport=TABLET, color_scheme="dark")
    page2 = ctx2.new_page()
    page2.goto(f"{live}/games/{gid}?token={TOKEN}")
    assert page2.evaluate("getComputedStyle(document.body).backgroundColor") == dark
    ctx2.close()


def test_screen_reader_landmarks_labels_and_focus_order(live, browser, api_client):
    gid = new_game(api_client, {"set": 12, "players": ["Ana", "Ben", "Chen", "Dee"], "first_starter": "Ana"})
    ctx, page = tablet(browser, live)
    for path in ("/", f"/games/{gid}", "/rules", f"/games/{gid}/table"):
        page.goto(live + path)
        assert page.locator("main#main").count() == 1, path
        assert page.locator("h1").count() >= 1, path
        unlabeled = page.evaluate(
            """() => Array.from(document.querySelectorAll('input:not([type=hidden]), select, textarea'))
                 .filter(el => !el.labels.length && !el.getAttribute('aria-label')
                               && !el.getAttribute('aria-labelledby') && !el.closest('label'))
                 .map(el => el.name || el.id)"""
        )
        assert unlabeled == [], (path, unlabeled)
        small = page.evaluate(
            """() => Array.from(document.querySelectorAll('main a, main button, main summary, main .out-tap, header a, header summary'))
                 .filter(el => el.offsetParent !== null && !el.closest('.visually-hidden, .skip, p, dd, li.seat, .hint'))
                 .map(el => [el.textContent.trim().slice(0, 20), el.getBoundingClientRect().height])
                 .filter(([t, h]) => h < 44)"""
        )
        assert small == [], (path, small)
    page.goto(f"{live}/games/{gid}")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.className") == "skip"
    order = []
    for _ in range(40):
        page.keyboard.press("Tab")
        order.append(page.evaluate("document.activeElement.id || document.activeElement.name || ''"))
    seats = [o for o in order if re.fullmatch(r"pips-\d", o)][:4]
    assert seats == ["pips-0", "pips-1", "pips-2", "pips-3"]  # seat order
    ctx.close()


def test_language_switch_and_korean_screens(live, browser, api_client):
    gid = new_game(api_client, {"set": 12, "players": ["민준", "서연", "Ana", "Ben"], "first_starter": "민준",
                                "rounds": [{"ended": "domino", "hands": {"민준": {"pips": 0}, "서연": {"pips": 17},
                                                                         "Ana": {"pips": 9}, "Ben": {"pips": 30}}}]})
    ctx, page = tablet(browser, live)
    page.goto(f"{live}/games/{gid}")
    assert page.locator("html").get_attribute("lang") == "en"
    if page.locator("details.lang").count():
        page.locator("details.lang summary").click()
        page.locator("details.lang a[hreflang=ko]").click()
        expect(page.locator("html")).to_have_attribute("lang", "ko")
    else:  # the switch is not there yet: the device's choice is a cookie
        ctx.add_cookies([{"name": "lang", "value": "ko", "url": live}])
        page.reload()
    assert page.locator("html").get_attribute("lang") == "ko"
    shot(page, "tablet-korean-game")
    page.goto(f"{live}/games/{gid}/table")
    shot(page, "tablet-korean-table-view")
    phone = ctx.new_page()
    phone.set_viewport_size(PHONE)
    phone.goto(f"{live}/games/{gid}")
    assert phone.locator("html").get_attribute("lang") == "ko"
    shot(phone, "phone-korean-game")
    ctx.close()


def test_the_score_sheet_downloads_as_pdf(live, browser, api_client, full_game):
    gid = new_game(api_client, full_game["record"])
    ctx, page = tablet(browser, live)
    page.goto(f"{live}/games/{gid}")
    for link in page.locator(".game-links a[href*='sheet.pdf']").all():
        r = page.request.get(live + link.get_attribute("href"))
        assert r.status == 200 and r.headers["content-type"] == "application/pdf"
        assert r.body().startswith(b"%PDF")
    shot(page, "tablet-game-finished-with-chart")
    ctx.close()
