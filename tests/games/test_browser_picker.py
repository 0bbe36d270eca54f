"""The tile picker with a finger: tiles for two hands in one round."""

from __future__ import annotations

import pytest

from tests.conftest import TOKEN, shot

pytestmark = pytest.mark.browser


def test_pick_tiles_for_two_hands(live, browser):
    ctx = browser.new_context(viewport={"width": 1024, "height": 768}, has_touch=True)
    page = ctx.new_page()
    page.goto(f"{live}/?token={TOKEN}")
    for seat, name in enumerate(["Ana", "Ben", "Cy"]):
        page.fill(f"#player-{seat}", name)
    page.locator("#new-game-form button.primary").click()
    page.wait_for_selector("#round-form")

    def pick(seat, tiles):
        row = page.locator(".hand").nth(seat)
        if not row.locator("details.extras").evaluate("d => d.open"):
            row.locator("summary").tap()
        row.locator(".pick-tiles").tap()
        page.wait_for_selector("dialog#picker[open]")
        for t in tiles:
            page.locator(f"dialog button.tile[data-tile='{t}']").tap()
        page.locator("dialog button[value=ok]").tap()
        page.wait_for_selector("dialog#picker:not([open])", state="attached")

    pick(1, ["6-5", "12-11"])          # 11 + 23 = 34 pips
    pick(2, ["3-0"])                   # the second use of the picker: 3 pips
    assert page.locator("#pips-1").input_value() == "34"
    assert page.locator("#pips-2").input_value() == "3"
    # a tile already in Ben's hand is greyed out for Cy; the engine 12-12 too
    page.locator(".hand").nth(2).locator(".pick-tiles").tap()
    assert page.locator("dialog button.tile[data-tile='6-5']").is_disabled()
    assert page.locator("dialog button.tile[data-tile='12-12']").is_disabled()
    shot(page, "tablet-tile-picker")
    page.keyboard.press("Escape")
    # Escape shuts the picker, whose "close" event then restores the hand: let
    # it finish before the next taps, and let Ana's Out register before saving.
    page.wait_for_selector("dialog#picker:not([open])", state="attached")
    expect = pytest.importorskip("playwright.sync_api").expect
    expect(page.locator("#pips-2")).to_have_value("3")  # the hand as it was before the picker opened
    page.locator(".hand").nth(0).locator(".out-tap").tap()
    expect(page.locator("input[name=out][value='0']")).to_be_checked()
    page.locator("#round-form button.primary").click()
    # saved (the page opens at the new round), not refused (a message on the form)
    page.wait_for_selector("#cell-1-1 .run, .form-error", timeout=60_000)
    assert page.locator(".form-error").all_inner_texts() == []
    page.wait_for_url("**#entry", wait_until="commit")  # the page is there already (its cells were found)
    assert page.locator("#cell-1-1 .run").inner_text() == "34"
    assert page.locator("#cell-1-2 .run").inner_text() == "3"
    ctx.close()


def test_clear_empties_the_choice_and_keeps_the_picker_open(live, browser, api):
    """A tester tapped "Clear" to start a hand's tiles again and the picker
    shut: Clear empties the tiles chosen, the picker stays open for the right
    ones, and Done gives the hand what is chosen then (nothing: an empty hand)."""
    gid = api.post("/api/games", json={"set": 12, "players": ["Ana", "Ben", "Cy"],
                                       "first_starter": "Ana"}).get_json()["id"]
    ctx = browser.new_context(viewport={"width": 1024, "height": 768}, has_touch=True)
    page = ctx.new_page()
    page.goto(f"{live}/?token={TOKEN}")
    page.goto(f"{live}/games/{gid}")
    expect = pytest.importorskip("playwright.sync_api").expect
    picker = page.locator("dialog#picker")
    pressed = picker.locator("button.tile[aria-pressed=true]")
    row = page.locator(".hand").nth(1)
    row.locator("summary").tap()

    def open_picker():
        row.locator(".pick-tiles").tap()
        page.wait_for_selector("dialog#picker[open]")

    open_picker()
    for t in ["6-5", "12-11"]:
        picker.locator(f"button.tile[data-tile='{t}']").tap()
    expect(picker.locator(".picker-sum")).to_have_text("2 tiles · 34 pips")
    picker.locator("button", has_text="Clear").tap()
    assert picker.evaluate("d => d.open")  # still open: the tiles to tap are still there
    assert pressed.count() == 0
    expect(picker.locator(".picker-sum")).to_have_text("0 tiles · 0 pips")
    assert page.locator("#pips-1").input_value() == ""  # the hand is not touched before Done
    picker.locator("button.tile[data-tile='3-0']").tap()
    picker.locator("button[value=ok]").tap()
    page.wait_for_selector("dialog#picker:not([open])", state="attached")
    expect(page.locator("#pips-1")).to_have_value("3")
    assert page.locator("input[name='tiles-1']").input_value() == "3-0"
    # the hand's tiles again: Clear, then Done, empties the hand
    open_picker()
    assert pressed.count() == 1
    picker.locator("button", has_text="Clear").tap()
    assert picker.evaluate("d => d.open") and pressed.count() == 0
    picker.locator("button[value=ok]").tap()
    page.wait_for_selector("dialog#picker:not([open])", state="attached")
    expect(page.locator("#pips-1")).to_have_value("")
    assert page.locator("input[name='tiles-1']").input_value() == ""
    assert page.locator(".picked[data-for='1']").inner_text() == ""
    ctx.close()


def test_the_game_pages_picker_draws_the_pips_where_the_server_does(live, browser):
    """The game page sends no pip table (issue 27, page weight): static/app.js works
    the layouts out itself, and every tile of a double-12 set must show the pips of
    companion/games/pips.py (the left half 1 unit in, the right half 41, both 1 down)."""
    from companion.games.pips import layout

    ctx = browser.new_context(viewport={"width": 1024, "height": 768})
    page = ctx.new_page()
    page.goto(f"{live}/?token={TOKEN}")
    for seat, name in enumerate(["Ana", "Ben"]):
        page.fill(f"#player-{seat}", name)
    page.locator("#new-game-form button.primary").click()
    page.wait_for_selector("#round-form")
    assert page.locator("dialog#picker").get_attribute("data-pips") is None
    drawn = page.evaluate("""() => Object.fromEntries([...document.querySelectorAll('#picker button.tile')].map(
        b => [b.dataset.tile, [...b.querySelectorAll('circle')].map(
            c => ['cx', 'cy', 'r'].map(a => Number(c.getAttribute(a))))]))""")
    assert len(drawn) == 91  # 13 × 14 / 2 tiles in a double-12 set
    for hi in range(13):
        for lo in range(hi + 1):
            want = [[1 + x, 1 + y, r] for x, y, r in layout(hi)] + [[41 + x, 1 + y, r] for x, y, r in layout(lo)]
            assert drawn[f"{hi}-{lo}"] == want, f"{hi}-{lo}"
    # 12-11 by hand: 12 is 3 columns of 4 (x 10.5, 20, 29.5 in its half), 11 two columns of 5 and the centre
    assert len(drawn["12-11"]) == 23 and drawn["12-11"][0] == [11.5, 6.5, 2.4]
    ctx.close()
