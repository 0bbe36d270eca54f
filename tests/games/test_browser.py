"""A whole game played in headless Chromium on a tablet-sized window, the way
a person at the table does it: typing names, tapping Out, typing pips with
Enter between fields, a wrong entry and its message, a correction.

Needs Debian's ``chromium`` (``make test`` installs it where it can); skipped
with a message where it is missing. Screenshots go to ``test-artifacts/``.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.conftest import TOKEN, shot

pytestmark = pytest.mark.browser

def test_play_a_whole_game_on_a_tablet(live, browser, full_game):
    rec = full_game["record"]
    players = rec["players"]
    ctx = browser.new_context(viewport={"width": 1024, "height": 768}, has_touch=True)
    page = ctx.new_page()
    page.goto(f"{live}/?token={TOKEN}")
    assert "token=" not in page.url
    page.click("#add-player")  # a fifth row, then removed again
    page.locator("#seats li").nth(4).locator("[data-remove]").click()
    for seat, name in enumerate(players):
        page.fill(f"#player-{seat}", name)
    page.locator("#seats li").nth(players.index(rec["first_starter"])).locator("input[name=starter]").check()
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_selector("#round-form")
    assert page.locator(".next .facts dd").first.inner_text() == "Ben"
    shot(page, "tablet-game-start")

    for number, rnd in enumerate(rec["rounds"], start=1):
        assert page.locator("#entry-h").inner_text().startswith(f"End of round {number}")
        out_seat = None
        for seat, name in enumerate(players):
            hand = rnd["hands"][name]
            if rnd["ended"] == "domino" and hand["pips"] == 0 and not hand.get("double_blank"):
                out_seat = seat
        if out_seat is None:
            page.locator(".round-end .out-tap").click()
        else:
            page.locator(".hand").nth(out_seat).locator(".out-tap").click()
        for seat, name in enumerate(players):
            hand = rnd["hands"][name]
            if seat == out_seat:
                continue
            if hand.get("double_blank") or "tiles_left" in hand:
                row = page.locator(".hand").nth(seat)
                row.locator("summary").click()
                if hand.get("double_blank"):
                    row.locator(f"input[name=blank-{seat}]").check()
                if "tiles_left" in hand:
                    row.locator(f"input[name=left-{seat}]").fill(str(hand["tiles_left"]))
        first = True
        for seat, name in enumerate(players):
            if seat == out_seat:
                continue
            field = page.locator(f"#pips-{seat}")
            if first:
                field.click()
                first = False
            page.keyboard.type(str(rnd["hands"][name]["pips"]))
            page.keyboard.press("Enter")  # next field, or send the form from the last one
        # the last round lands on the winner's card, the others on the next round's form
        if number == len(rec["rounds"]):
            page.wait_for_url("**#winner")
        else:  # the address is at #entry from the round before: wait for the next round's form
            expect(page.locator("#entry-h")).to_contain_text(f"End of round {number + 1}")
            assert page.url.endswith("#entry")
        if number == 3:
            # a wrong entry: letters in a pip field, shown at the field and kept
            page.locator(".hand").nth(0).locator(".out-tap").click()
            page.fill("#pips-1", "1O")
            page.fill("#pips-2", "7")
            page.fill("#pips-3", "3")
            page.click("#round-form button.primary")
            page.wait_for_selector(".field-error")
            assert "“1O” is not a whole number." in page.locator("#err-1").inner_text()
            assert page.locator("#pips-1").input_value() == "1O"
            shot(page, "tablet-wrong-entry")
            page.goto(page.url.split("#")[0].replace("/rounds", ""))

    exp = full_game["expected"]
    for seat, name in enumerate(players):
        assert page.locator(f"#total-{seat}").inner_text() == str(exp["totals"][name])
    assert "Ana wins!" in page.locator(".winner h2").inner_text()
    shot(page, "tablet-game-finished")

    # correct round 13 (Chen had 20, not 30): totals follow at once
    page.click("a[aria-label='Correct round 13']")
    page.fill("#pips-2", "20")
    page.click("#round-form button.primary")
    page.wait_for_url("**#round-13")
    assert page.locator("#total-2").inner_text() == str(exp["totals"]["Chen"] - 10)
    ctx.close()


def test_starts_buttons_only_where_the_table_chooses_the_starter(live, browser, api):
    """Draw, Block and picture dominoes: the tiles dealt decide who starts, so
    the new-game form hides every "starts" button (a seat added later too) and
    says so; back on Mexican Train they return."""
    ctx = browser.new_context(viewport={"width": 1024, "height": 768}, has_touch=True)
    page = ctx.new_page()
    page.goto(f"{live}/?token={TOKEN}")
    starts = page.locator("#seats label.starter")
    classic = page.get_by_text("Draw and Block: whoever holds the highest double starts each round")
    picture = page.get_by_text("Picture dominoes: whoever holds a tile with the same picture")
    assert starts.count() == 4 and all(starts.nth(i).is_visible() for i in range(4))
    assert not classic.is_visible() and not picture.is_visible()

    # Draw and Block seat at most 4 ([RU]): the form has 4 rows, so no fifth
    add = page.locator("#add-player")
    limit = page.get_by_text("Draw and Block are played by 2 to 4 players.")
    page.select_option("#kind", "draw")
    assert add.is_disabled() and limit.is_visible()
    assert not any(starts.nth(i).is_visible() for i in range(4))
    assert classic.is_visible() and not picture.is_visible()
    shot(page, "new-game-draw-no-starter")
    page.select_option("#kind", "picture")
    assert add.is_enabled() and not limit.is_visible()
    page.click("#add-player")  # a fifth row while picture dominoes are chosen
    assert starts.count() == 5 and not any(starts.nth(i).is_visible() for i in range(5))
    assert picture.is_visible() and not classic.is_visible()
    page.select_option("#kind", "draw")  # five rows: the limit is shown, no sixth
    assert add.is_disabled() and limit.is_visible()
    page.select_option("#kind", "mexican_train")
    assert all(starts.nth(i).is_visible() for i in range(5)) and add.is_enabled()
    assert not classic.is_visible() and not picture.is_visible() and not limit.is_visible()

    # a Draw game started from the form: the card says the highest double starts
    page.select_option("#kind", "draw")
    for seat, name in enumerate(["Ana", "Ben", "Cy"]):
        page.fill(f"#player-{seat}", name)
    page.locator("#seats li").nth(4).locator("[data-remove]").click()
    page.locator("#seats li").nth(3).locator("[data-remove]").click()
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_selector("#round-form")
    assert page.locator(".next .facts dd").first.inner_text() == "highest double"
    gid = int(page.url.rstrip("/").split("/")[-1])
    assert api.get(f"/api/games/{gid}").get_json()["players"] == ["Ana", "Ben", "Cy"]
