"""The start page of the games scored during play and of 42 driven as a
person would, on a tablet (1024×768) and a phone (390×844): every named rule
set readable whole, nothing wider than the screen; All Fives started for Ann
and Bob opens its score pad (first to 250 for two players, pagat All Fives);
Fives and Threes for A and B to 61 (pagat). Screenshots in ``test-artifacts/``."""

from __future__ import annotations

import pytest

from tests.conftest import TOKEN, shot

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("size", [(1024, 768), (390, 844)])
def test_the_start_page_then_the_pad(live, browser, api, size):
    ctx = browser.new_context(viewport={"width": size[0], "height": size[1]}, has_touch=True)
    page = ctx.new_page()
    page.goto(f"{live}/?token={TOKEN}")
    page.goto(f"{live}/counts/start")
    shot(page, f"counts-start-{size[0]}x{size[1]}")
    assert page.evaluate("document.documentElement.scrollWidth") <= size[0]
    cut = page.evaluate("""() => [...document.querySelectorAll('.counts-start label')]
        .filter(e => e.scrollWidth > e.clientWidth + 1).map(e => e.textContent.trim())""")
    assert cut == []
    names = [t.strip() for t in page.locator(".counts-start label.choice").all_inner_texts()]
    for preset in ("All Fives", "Muggins", "Sniff", "Five Up", "Fives and Threes (61)", "Texas 42"):
        assert preset in names
    page.get_by_label("All Fives", exact=True).check()
    page.locator('input[name="player-0"]').fill("Ann")
    page.locator('input[name="player-1"]').fill("Bob")
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_selector("#pad")
    assert "first to 250" in page.locator(".game-head .meta").inner_text()
    assert page.locator(".pad-player").all_inner_texts() == ["Ann", "Bob"]
    page.goto(f"{live}/counts/start")
    page.get_by_label("Fives and Threes (61)", exact=True).check()
    page.locator('input[name="player-0"]').fill("A")
    page.locator('input[name="player-1"]').fill("B")
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_selector("#pad")
    assert "first to 61" in page.locator(".game-head .meta").inner_text()
    assert "Rules in play: Fives and Threes (61) · 61 points" in page.locator(".rules-in-play summary").inner_text()
    ctx.close()
