"""A player's phone after a round (issue 27): the round's points and the
standings, at 390×844. Screenshot ``test-artifacts/phone-scores-390x844.png``."""

from __future__ import annotations

import pytest

from tests.conftest import TOKEN, shot

pytestmark = pytest.mark.browser


def test_the_phone_shows_the_scores_after_a_round(live, browser, api):
    gid = api.post("/api/games", json={"set": 12, "players": ["Ana", "Ben", "Chen"], "first_starter": "Ana",
                                       "rounds": [{"ended": "domino", "hands": {
                                           "Ana": {"pips": 0}, "Ben": {"pips": 23}, "Chen": {"pips": 14}}}]}
                   ).get_json()["id"]
    tablet_ctx = browser.new_context(viewport={"width": 1024, "height": 768})
    tablet = tablet_ctx.new_page()
    tablet.goto(f"{live}/?token={TOKEN}")
    tablet.goto(f"{live}/games/{gid}")
    tablet.locator("#phones summary").click()
    join = tablet.locator("#phones .join-link").get_attribute("href")
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = ctx.new_page()
    page.goto(join)
    page.get_by_role("button", name="Ben", exact=True).tap()
    page.wait_for_selector(".seat-card")
    table = page.locator("table.phone-scores")
    assert table.is_visible()
    rows = [" ".join(r.split()) for r in table.locator("tbody tr").all_inner_texts()]
    assert rows == ["1 Ana 0 0", "2 Chen 14 14", "3 Ben 23 23"]
    # the whole table fits the phone's width
    assert table.evaluate("t => t.getBoundingClientRect().right") <= 390
    shot(page, "phone-scores-390x844")
    ctx.close()
    tablet_ctx.close()
