"""A partnership game played to 100 on the pages (issue 28), on a tablet
(1024×768) and a phone (390×844): the start page's rule set and pairs, the
next-hand card naming who leads, the hand form with its live pairs' points,
a refusal at its field, the winners' card, and the score sheet printed.
Screenshots ``test-artifacts/partnership-*.png``.

The numbers are worked out by hand with the common rules (pagat
*Partnership Dominoes*: the pair that went out scores the pips left in the
losing pair's hands, game 100): hand 1, Chen goes out, Ben 30 and Dee 25 →
Ana & Chen 55; hand 2, Ben goes out, Ana 12 and Chen 8 → Ben & Dee 20;
hand 3, Ana goes out, Ben 26 and Dee 24 → Ana & Chen 50, 105 in all: the game is won.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.conftest import TOKEN, shot

pytestmark = pytest.mark.browser


def _hand(page, pips: dict[int, str], out: int) -> None:
    for seat, value in pips.items():
        page.fill(f"#pips-{seat}", value)
    page.locator(f".hand[data-seat='{out}'] .out-tap").click()


@pytest.mark.parametrize(("width", "height"), [(1024, 768), (390, 844)])
def test_a_partnership_game_to_100_on_the_pages(live, browser, width, height):
    ctx = browser.new_context(viewport={"width": width, "height": height}, has_touch=True)
    page = ctx.new_page()
    page.goto(f"{live}/?token={TOKEN}")
    page.select_option("#kind", "partnership")
    for i, name in enumerate(["Ana", "Ben", "Chen", "Dee"]):
        page.fill(f"#player-{i}", name)
    # the table drawn with the names typed: Ana opposite Chen, Ben opposite Dee
    assert page.locator(".lp-chair-2 .lp-chair-name").inner_text() == "Chen"
    assert page.locator("#lp-preset").input_value() == "common"
    page.select_option("#lp-preset", "dominican")
    assert page.locator("#lp-target_score").input_value() == "200"
    page.select_option("#lp-preset", "common")
    assert page.locator("#lp-target_score").input_value() == "100"
    assert page.locator("#set").input_value() == "6"
    shot(page, f"partnership-start-{width}x{height}")
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_selector("#round-form")
    # the first hand is led by whoever holds the 6-6
    # (its hyphen does not break the line: a non-breaking one)
    assert page.locator(".lp-leads").inner_text() == "whoever holds the 6\u20116"

    # a refusal shown at its field, what was typed kept
    page.select_option("#leader", "0")
    _hand(page, {0: "10", 1: "30", 3: "x"}, out=2)
    page.get_by_role("button", name="Save hand 1").click()
    assert "is not a whole number" in page.locator(".hand[data-seat='3'] .field-error").inner_text()
    assert page.locator("#pips-1").input_value() == "30"

    page.fill("#pips-3", "25")
    expect(page.locator(".lp-live")).to_contain_text("Ana & Chen 55")
    assert page.locator(".lp-bar[data-pair='Ana+Chen'] .lp-plus").inner_text() == "+55"
    shot(page, f"partnership-hand-{width}x{height}")
    page.get_by_role("button", name="Save hand 1").click()
    page.wait_for_selector("#round-1")
    # the lead passes to the right: counter-clockwise, Ana's right is Dee
    assert page.locator(".lp-leads").inner_text() == "Dee"
    assert page.locator("#leader").input_value() == "3"
    _hand(page, {0: "12", 2: "8", 3: "5"}, out=1)
    page.get_by_role("button", name="Save hand 2").click()
    page.wait_for_selector("#round-2")
    _hand(page, {1: "26", 2: "9", 3: "24"}, out=0)
    page.get_by_role("button", name="Save hand 3").click()
    page.wait_for_selector("#winner")
    assert page.locator("#winner-h").inner_text() == "Ana & Chen win!"
    assert [t.split() for t in page.locator("#winner ol.final li").all_inner_texts()] == [
        ["1", "Ana", "&", "Chen", "105"], ["2", "Ben", "&", "Dee", "20"]]
    assert page.locator("#round-form").count() == 0
    shot(page, f"partnership-won-{width}x{height}")

    # the table view: the pairs, their totals and bars
    page.get_by_role("link", name="Table view").first.click()
    expect(page.locator(".tv-list li").first).to_contain_text("Ana & Chen")
    shot(page, f"partnership-table-{width}x{height}")
    page.go_back()

    # the score sheet prints: a PDF with both pairs' names
    answer = page.request.get(page.get_by_role("link", name="Score sheet (A4)").get_attribute("href")
                              .replace("/games", f"{live}/games", 1))
    assert answer.status == 200 and answer.body().startswith(b"%PDF")
    ctx.close()
