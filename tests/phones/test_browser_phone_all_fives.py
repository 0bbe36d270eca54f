"""All Fives with a phone, in headless Chromium (rules-families.md section 2,
AF-1): the tablet (1024×768) taps the hand's scoring plays on the pad, Bob
(390×844) picks his 6-2 on his phone and sends it, the tablet fills the pad
from the phones (Bob's pips-left box 8), Ann goes out and the hand saves
with her bonus of 10 (8 rounded). Screenshots: ``test-artifacts/phones-all-fives-*.png``."""

from __future__ import annotations

import pytest

from tests.conftest import TOKEN, shot

pytestmark = pytest.mark.browser


def test_bobs_phone_fills_the_pad_and_ann_gets_her_bonus(live, browser, api):
    gid = api.post("/api/games", json={"kind": "all_fives", "set": 6, "players": ["Ann", "Bob"],
                                       "rules": {"spinners": "first"}}).get_json()["id"]
    tctx = browser.new_context(viewport={"width": 1024, "height": 768}, has_touch=True)
    tablet = tctx.new_page()
    tablet.goto(f"{live}/?token={TOKEN}")
    tablet.goto(f"{live}/games/{gid}")
    tablet.locator('.pad-player[data-player="Ann"]').click()
    # AF-1's scoring plays in turn: Ann 10, Bob 10, (4 no score), Ann 10, Bob 15, (no score), Bob 25, Bob 10
    for step in ("10", "10", "-", "-", "-", "-", "10", "15", "-", "25", "Bob", "10"):
        if step == "-":
            tablet.get_by_role("button", name="No score").click()
        elif step == "Bob":
            tablet.locator('.pad-player[data-player="Bob"]').click()
        else:
            tablet.locator(f'.pad-key[data-count="{step}"]').click()
    assert tablet.locator(".pad-plays li").count() == 6
    tablet.locator("#phones summary").click()
    tablet.locator("#phones .join-link").wait_for()
    join = tablet.locator("#phones .join-link").get_attribute("href")

    pctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    bob = pctx.new_page()
    bob.goto(join)
    bob.get_by_role("button", name="Bob", exact=True).tap()
    bob.wait_for_selector(".seat-card")
    bob.locator(".pick-tiles").tap()
    bob.locator("#picker button.tile[data-tile='6-2']").tap()
    bob.locator("#picker button[value=ok]").tap()
    # the picker fills the hand on its "close" event, just after the dialog shuts
    expect = pytest.importorskip("playwright.sync_api").expect
    expect(bob.locator("#pips-1")).to_have_value("8")
    bob.get_by_role("button", name="Send my hand").tap()
    bob.wait_for_selector("#sent")
    shot(bob, "phones-all-fives-seat")

    tablet.locator("[data-phone-seat='1'].entered").wait_for()  # within about a second
    tablet.locator("a.fill-from-phones").click()
    tablet.wait_for_url("**/from-phones*")
    expect(tablet.locator('.pad-pips input[data-player="Bob"]')).to_have_value("8")
    assert tablet.locator(".pad-plays li").count() == 6  # the plays tapped are kept
    tablet.get_by_role("button", name="Ann went out").click()
    shot(tablet, "phones-all-fives-pad")
    tablet.get_by_role("button", name="Save the hand").click()
    tablet.wait_for_selector(".pad-hands")
    rnd = api.get(f"/api/games/{gid}").get_json()["rounds"][0]
    assert rnd["scores"] == {"Ann": 30, "Bob": 60} and rnd["bonus"]["rounded"] == 10
    tctx.close()
    pctx.close()
