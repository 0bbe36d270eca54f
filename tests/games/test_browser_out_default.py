"""Out by default (issue 27, fewer touches): once every hand but one is typed,
none of them 0 and no Out chosen, the hand left empty shows as Out; typing
in its box takes that back; four numbers typed with Enter still go box by
box; the default is never kept in the draft. At 1024x768 (the tablet)."""

from __future__ import annotations

import pytest

from tests.conftest import TOKEN

pytestmark = pytest.mark.browser


def _open(browser, live, api):
    gid = api.post("/api/games", json={"set": 12, "players": ["Ana", "Ben", "Cy", "Dee"],
                                       "first_starter": "Ana"}).get_json()["id"]
    ctx = browser.new_context(viewport={"width": 1024, "height": 768}, has_touch=True)
    page = ctx.new_page()
    page.goto(f"{live}/?token={TOKEN}")
    page.goto(f"{live}/games/{gid}")
    return ctx, page


def test_the_hand_left_empty_is_out_by_default_and_typing_takes_it_back(live, browser, api):
    ctx, page = _open(browser, live, api)
    page.locator("#pips-0").tap()
    for value in ("14", "8"):
        page.keyboard.type(value)
        page.keyboard.press("Enter")
    assert page.locator(".hand.is-out").count() == 0  # two hands still empty: no default
    page.keyboard.type("31")
    assert page.locator(".hand[data-seat='3']").get_attribute("class").split().count("is-out") == 1
    assert page.locator("input[name=out][value='3']").is_checked()
    # not kept in the draft: a reload works it out again from the boxes
    drafted = page.evaluate("() => JSON.parse(Object.entries(localStorage).find(([k]) => k.includes('round-draft'))[1])")
    assert drafted["values"]["out"] == ""
    # Enter goes on to Dee's box, as it always did: typing there takes the default back
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.id") == "pips-3"
    page.keyboard.type("5")
    assert page.locator(".hand.is-out").count() == 0 and not page.locator("input[name=out][value='3']").is_checked()
    page.keyboard.press("Backspace")
    assert page.locator("input[name=out][value='3']").is_checked()
    # Save: Dee went out (0), the others' pips as typed (Mexican Train: pips are points)
    page.locator("#round-form button.primary").tap()
    page.wait_for_url("**#entry")
    assert [page.locator(f"#total-{s}").inner_text() for s in range(4)] == ["14", "8", "31", "0"]
    ctx.close()


def test_a_zero_typed_or_an_out_tapped_leaves_no_default(live, browser, api):
    ctx, page = _open(browser, live, api)
    for seat, value in enumerate(["14", "0", "8"]):
        page.fill(f"#pips-{seat}", value)
    assert page.locator("#round-form input[name=out]:checked").count() == 0  # Ben's 0 says who went out
    page.fill("#pips-1", "9")
    assert page.locator("input[name=out][value='3']").is_checked()
    page.locator(".hand").nth(1).locator(".out-tap").tap()  # the player's own choice wins
    assert page.locator("input[name=out][value='1']").is_checked()
    assert not page.locator("#pips-3").is_disabled()
    ctx.close()
