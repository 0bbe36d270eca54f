"""The round being typed is kept as a draft in the browser (static/app.js):
a tester typed a round's pips on a tablet, the browser reloaded the tab in
the background, and the pips were gone. The draft is keyed by the game, the
round and the game's revision, goes back only into a new round's form as the
server made it, and is forgotten once the round is saved; the next round's
form stays empty, after Back too (tests/test_browser_notice.py)."""

from __future__ import annotations

import pytest

from tests.conftest import TOKEN

pytestmark = pytest.mark.browser

DRAFTS = "domino-companion:round-draft:"


def _game(api, players=("Ana", "Ben", "Cy")) -> int:
    return api.post("/api/games", json={"set": 12, "players": list(players),
                                        "first_starter": players[0]}).get_json()["id"]


def _open(browser, live, gid):
    ctx = browser.new_context(viewport={"width": 1024, "height": 768})
    page = ctx.new_page()
    page.goto(f"{live}/?token={TOKEN}")
    page.goto(f"{live}/games/{gid}")
    return ctx, page


def _pips(page, seats=3) -> list[str]:
    return [page.input_value(f"#pips-{seat}") for seat in range(seats)]


def _drafts(page) -> list[str]:
    return page.evaluate(f"() => Object.keys(localStorage).filter(k => k.startsWith('{DRAFTS}'))")


def _plant(page, values: dict) -> None:
    """A draft under the key of the form on the page, as if typed earlier."""
    key = DRAFTS + page.get_attribute("#round-form", "data-draft")
    page.evaluate("([k, v]) => localStorage.setItem(k, JSON.stringify({saved: Date.now(), values: v}))",
                  [key, values])


def test_typed_pips_come_back_after_a_reload_and_go_once_the_round_is_saved(live, browser, api):
    gid = _game(api)
    ctx, page = _open(browser, live, gid)
    page.locator(".hand").nth(0).locator(".out-tap").click()
    page.fill("#pips-1", "23")
    page.fill("#pips-2", "7")
    page.locator("input[name='blank-2']").check()
    page.reload()
    assert "Save round 1" in page.locator("#round-form button.primary").inner_text()
    assert _pips(page) == ["", "23", "7"]
    assert page.locator("input[name=out][value='0']").is_checked()
    assert page.locator("#pips-0").is_disabled()  # Out still sets Ana's box aside
    assert page.locator("input[name='blank-2']").is_checked()
    # the draft is the form as it was: the round saves with those values
    page.locator("#round-form button.primary").click()
    page.wait_for_url("**#entry")
    assert page.locator("#cell-1-2 .pts").inner_text() == "57"  # 7 + 50 for the 0-0
    assert "Save round 2" in page.locator("#round-form button.primary").inner_text()
    assert _pips(page) == ["", "", ""]
    assert _drafts(page) == []
    page.reload()
    assert _pips(page) == ["", "", ""] and page.locator("#round-form input:checked").count() == 0
    page.go_back()
    page.wait_for_load_state()
    assert "Save round 2" in page.locator("#round-form button.primary").inner_text()
    assert _pips(page) == ["", "", ""] and page.locator("#round-form input:checked").count() == 0
    ctx.close()


def test_a_draft_stays_in_its_own_game_and_round(live, browser, api):
    first, other = _game(api), _game(api, ("Dee", "Eve", "Fay"))
    ctx, page = _open(browser, live, first)
    page.fill("#pips-1", "12")
    page.goto(f"{live}/games/{other}")
    assert _pips(page) == ["", "", ""]
    page.goto(f"{live}/games/{first}")
    assert _pips(page) == ["", "12", ""]
    # the game changed meanwhile (round 1 saved on another device): the draft is gone
    api.post(f"/api/games/{first}/rounds", json={"number": 1, "ended": "domino", "hands": {
        "Ana": {"pips": 0}, "Ben": {"pips": 5}, "Cy": {"pips": 6}}})
    page.reload()
    assert "Save round 2" in page.locator("#round-form button.primary").inner_text()
    assert _pips(page) == ["", "", ""]
    assert _drafts(page) == []
    ctx.close()


def test_a_draft_never_replaces_what_the_server_put_in_the_form(live, browser, api):
    gid = _game(api)
    ctx, page = _open(browser, live, gid)
    # a refused round: the page shows the values as sent, whatever the draft says
    for seat, pips in enumerate(["4", "23", "7"]):
        page.fill(f"#pips-{seat}", pips)
    page.evaluate("() => document.activeElement.blur()")
    _plant(page, {"pips-0": "99", "pips-1": "98", "pips-2": "97"})
    page.locator("#round-form button.primary").click()
    page.wait_for_selector(".form-error")
    assert _pips(page) == ["4", "23", "7"]
    # a round taken back with Undo: its values, not the draft's
    page.locator("input[name=out][value='0']").check()
    page.fill("#pips-1", "10")
    with page.expect_navigation():  # the refused page's address is the game's #entry already
        page.locator("#round-form button.primary").click()
    page.wait_for_url("**#entry")
    with page.expect_navigation():
        page.locator(".undo-notice button[type=submit]").click()
    assert page.locator("#round-form input[name=number]").input_value() == "1"
    assert _pips(page)[1:] == ["10", "7"]
    _plant(page, {"pips-1": "98", "pips-2": "97", "out": ""})
    page.reload()
    assert _pips(page)[1:] == ["10", "7"]
    assert page.locator("input[name=out][value='0']").is_checked()
    ctx.close()
