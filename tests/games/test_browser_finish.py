"""Ending a game now on the tablet (issue 27, major 3): picture dominoes with
"Wins to finish 0" had no way to end. The page asks first, then shows the
same winner's card as a game that reached its target. 1024×768; screenshot
``test-artifacts/finish-picture-1024x768.png``."""

from __future__ import annotations

import pytest

from tests.conftest import TOKEN, shot

pytestmark = pytest.mark.browser


def test_picture_dominoes_end_now_after_the_table_agrees(live, browser, api):
    # Leo, Mia, Leo won the three rounds: Leo 2 wins, Mia 1, Ivy 0
    gid = api.post("/api/games", json={"kind": "picture", "players": ["Mia", "Leo", "Ivy"],
                                       "first_starter": "Mia",
                                       "rounds": [{"winner": "Leo"}, {"winner": "Mia"}, {"winner": "Leo"}]}
                   ).get_json()["id"]
    ctx = browser.new_context(viewport={"width": 1024, "height": 768}, has_touch=True)
    page = ctx.new_page()
    page.goto(f"{live}/?token={TOKEN}")
    page.goto(f"{live}/games/{gid}")
    asked = []

    def answer(dialog):
        asked.append(dialog.message)
        if len(asked) == 1:
            dialog.dismiss()  # the first time: not now
        else:
            dialog.accept()

    page.on("dialog", answer)
    button = page.get_by_role("button", name="End the game now")
    button.click()
    assert asked and asked[0].startswith("End the game now?")
    assert page.locator("#winner").count() == 0 and page.locator("#round-form").count() == 1
    button.click()
    page.wait_for_selector("#winner")
    assert page.locator("#winner-h").inner_text() == "Leo wins!"
    rows = [" ".join(t.split()) for t in page.locator("#winner ol.final li").all_inner_texts()]
    assert rows == ["1 Leo 2", "2 Mia 1", "3 Ivy 0"]
    assert page.locator("#round-form").count() == 0
    shot(page, "finish-picture-1024x768")
    page.reload()
    assert page.locator("#winner-h").inner_text() == "Leo wins!"
    ctx.close()
