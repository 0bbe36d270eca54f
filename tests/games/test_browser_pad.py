"""The pips keypad (issue 27, fewer touches), at 1024x768 where the eleven
touches of a round were counted: the tens, then the units, which end a hand
and move on by themselves; the hand left empty is Out by default; the
keypad never saves; nothing scrolls; wrong sums are refused as typed ones are.
The figure itself: benchmarks/touches.py."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.conftest import TOKEN, count_rows

pytestmark = pytest.mark.browser


def _open(browser, live, api, viewport=None):
    gid = api.post("/api/games", json={"set": 12, "players": ["Ana", "Ben", "Chen", "Dee"],
                                       "first_starter": "Ana"}).get_json()["id"]
    ctx = browser.new_context(viewport=viewport or {"width": 1024, "height": 768}, has_touch=True)
    page = ctx.new_page()
    page.goto(f"{live}/?token={TOKEN}")
    page.goto(f"{live}/games/{gid}")
    return ctx, page


def key(page, label: str) -> None:
    page.locator(f"#pips-pad button:text-is('{label}')").tap()


def boxes(page) -> list[str]:
    return [page.locator(f"#pips-{s}").input_value() for s in range(4)]


def test_a_round_is_five_keys_and_save_and_nothing_scrolls(live, browser, api, app):
    ctx, page = _open(browser, live, api)
    pad = page.locator("#pips-pad")
    assert pad.is_visible()
    save = page.locator("#round-form button.primary")
    # the keypad and Save both on the first screen: no finger has to scroll
    for el in (pad, save):
        box = el.bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= 768, box
    assert "pad-target" in page.locator("#pips-0").get_attribute("class")
    for label in ("10", "4"):  # 14 for Ana: the 4 ends her hand, Ben's box is next
        key(page, label)
    assert boxes(page) == ["14", "", "", ""]
    assert "pad-target" in page.locator("#pips-1").get_attribute("class")
    key(page, "8")  # Ben: one key
    for label in ("30", "1"):  # Chen 31
        key(page, label)
    assert boxes(page) == ["14", "8", "31", ""]
    # Dee's empty box is Out by default; nothing was saved by the keypad
    assert page.locator("input[name=out][value='3']").is_checked()
    assert count_rows(app)[1] == 0
    assert page.evaluate("window.scrollY") == 0
    save.tap()
    page.wait_for_url("**#entry")
    assert [page.locator(f"#total-{s}").inner_text() for s in range(4)] == ["14", "8", "31", "0"]
    # round 2: the keypad starts again at Ana's box, without a tap
    assert "pad-target" in page.locator("#pips-0").get_attribute("class")
    ctx.close()


def test_hundreds_the_clear_key_and_a_box_chosen_by_a_finger(live, browser, api):
    ctx, page = _open(browser, live, api)
    for label in ("100", "100", "40", "0"):  # 240 for Ana
        key(page, label)
    page.locator("#pips-2").tap()  # a finger on Chen's box: the keypad types there
    for label in ("20", "⌫", "5"):  # 20, emptied, then 5
        key(page, label)
    assert boxes(page) == ["240", "", "5", ""]
    # a number typed on the keyboard stays as typed; the keys then start afresh
    page.locator("#pips-1").tap()
    page.keyboard.type("7")
    key(page, "3")
    assert boxes(page) == ["240", "3", "5", ""]
    ctx.close()


def test_a_sum_no_hand_can_hold_is_refused_and_kept(live, browser, api, app):
    ctx, page = _open(browser, live, api)
    for _ in range(9):
        key(page, "100")
    for label in ("90", "9", "4", "8"):  # Ana 999, Ben 4, Chen 8; Dee Out by default
        key(page, label)
    page.locator("#round-form button.primary").tap()
    # the refusal comes back as a new page: wait for it, not just for the old one's load
    expect(page.locator("#pips-0")).to_have_attribute("aria-invalid", "true")
    assert count_rows(app)[1] == 0
    assert page.locator("#pips-0").input_value() == "999"
    ctx.close()


def test_no_keypad_on_a_phone(live, browser, api):
    ctx, page = _open(browser, live, api, {"width": 390, "height": 844})
    assert not page.locator("#pips-pad").is_visible()
    ctx.close()
