"""A start form refused for bad rules (a new user's walk): it came back at
the address ``/games``, where a reload sent the form again (or asked the
browser's "resubmit?"). Now the refused form is kept as a draft in the tab
and the address is the start page's own: a reload shows what was typed,
sends nothing, and the next "Start the game" starts it and forgets the
draft. Driven on a tablet (1024×768)."""

from __future__ import annotations

import re

import pytest

from tests.conftest import TOKEN

pytestmark = pytest.mark.browser


def _names(page) -> list[str]:
    return page.eval_on_selector_all("#seats input[name=player]", "els => els.map(e => e.value)")


def test_a_refused_start_survives_a_reload_and_is_not_sent_again(live, browser, api):
    ctx = browser.new_context(viewport={"width": 1024, "height": 768}, has_touch=True)
    page = ctx.new_page()
    page.goto(f"{live}/?token={TOKEN}")
    players = ["Ana", "Ben", "Cy", "Dee", "Eve"]
    page.locator("#add-player").tap()  # a fifth seat
    for i, name in enumerate(players):
        page.locator(f"#player-{i}").fill(name)
    page.locator("#dbp").fill("-5")  # a 0-0 worth less than nothing: refused
    posts = []
    page.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)
    page.get_by_role("button", name="Start the game").tap()
    page.wait_for_selector("#dbp-error")
    assert len(posts) == 1
    assert page.url == f"{live}/#new-game"  # the start page's own address, not /games
    assert _names(page) == players and page.input_value("#dbp") == "-5"
    page.reload()
    assert len(posts) == 1  # nothing sent again
    assert _names(page) == players and page.input_value("#dbp") == "-5"  # what was typed, kept
    assert api.get("/api/games").get_json()["games"] == []
    page.locator("#dbp").fill("50")
    page.get_by_role("button", name="Start the game").tap()
    page.wait_for_url(re.compile(r"/games/\d+$"))
    gid = int(page.url.rsplit("/", 1)[1])
    assert api.get(f"/api/games/{gid}").get_json()["players"] == players
    page.goto(f"{live}/")  # started: the draft is gone, the form empty again
    assert _names(page) == ["", "", "", ""]
    ctx.close()
