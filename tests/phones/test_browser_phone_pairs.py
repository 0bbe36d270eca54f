"""A player's phone in a game in pairs at 390×844: the seat page shows the
pairs' points and totals after a hand, this player's pair marked, and fits
the phone's width; the player's page at 390×844 shows "With each partner".
Screenshots ``test-artifacts/phone-pairs-390x844.png`` and
``player-partners-390x844.png``. Numbers: the brief's LP-1 (Ana+Chen 21)."""

from __future__ import annotations

import pytest

from companion.games import services
from companion.phones import links
from tests.conftest import TOKEN, shot

pytestmark = pytest.mark.browser

LP1 = {"leader": "Ana", "ended": "domino", "out": "Chen",
       "hands": {"Ana": {"tiles": ["3-4"]}, "Ben": {"tiles": ["5-4", "2-1"]},
                 "Chen": {"pips": 0, "tiles_left": 0}, "Dee": {"tiles": ["6-3"]}}}


def test_the_phone_in_pairs_shows_the_pairs_totals(app, live, browser, api):
    gid = api.post("/api/games", json={"kind": "partnership", "set": 6, "players": ["Ana", "Ben", "Chen", "Dee"],
                                       "teams": [["Ana", "Chen"], ["Ben", "Dee"]], "rounds": [LP1]}).get_json()["id"]
    with app.app_context():
        settings, _ = links.tablet_view(services.get_game(gid))
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = ctx.new_page()
    page.goto(f"{live}/j/{gid}/{settings.join_key}")
    page.get_by_role("button", name="Ben", exact=True).tap()
    page.wait_for_selector(".seat-card")
    table = page.locator("table.pair-scores")
    rows = [" ".join(r.split()) for r in table.locator("tbody tr").all_inner_texts()]
    assert rows == ["1 Ana + Chen 21 21", "2 Ben + Dee 0 0"]
    assert table.locator("tr.me").inner_text().split()[1:4] == ["Ben", "+", "Dee"]
    assert table.evaluate("t => t.getBoundingClientRect().right") <= 390
    # hand 2: Dee leads (the lead passes to the right), so no "I led" box
    assert page.locator("input[name=led]").count() == 0
    page.locator("input[name=pips-1]").fill("12")
    page.get_by_role("button", name="Send my hand").tap()
    page.wait_for_selector("#sent")
    shot(page, "phone-pairs-390x844")
    ctx.close()


def test_the_players_page_with_each_partner_on_a_phone(live, browser, api):
    r = api.post("/api/games", json={"kind": "partnership", "set": 6, "players": ["Ana", "Ben", "Chen", "Dee"],
                                     "teams": [["Ana", "Chen"], ["Ben", "Dee"]], "rules": {"target_score": 20},
                                     "rounds": [LP1]})
    assert r.status_code == 201
    ana = [p for p in api.get("/api/players").get_json()["players"] if p["name"] == "Ana"][0]["id"]
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = ctx.new_page()
    page.goto(f"{live}/?token={TOKEN}")
    page.goto(f"{live}/players/{ana}")
    table = page.locator("table.partners")
    assert [" ".join(r.split()) for r in table.locator("tbody tr").all_inner_texts()] == ["Chen 1 1 · 100 % 21"]
    assert page.locator("#partners-h").is_visible()
    shot(page, "player-partners-390x844")
    ctx.close()
