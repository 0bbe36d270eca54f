"""A league match night in headless Chromium on a tablet (1024x768): the
captain opens a Solihull & Warwickshire match of Fives and Threes from the
form with both teams, starts the first game by choosing a player of each team
with a finger, the games are played (through the API, as other tablets would),
and the page shows the score in games and the league points: the Lions win
5–4, 3 league points to 1 (rules-families.md section 3). Screenshots go to
``test-artifacts/``.
"""

from __future__ import annotations

import pytest

from tests.conftest import TOKEN, shot

from .test_browser_club import api_client, tablet  # noqa: F401  (the fixture)
from .test_club_counts import win

pytestmark = pytest.mark.browser

LIONS = ["Ana", "Ben", "Chen", "Dee", "Eve", "Fay"]
CROWN = ["Gus", "Hal", "Ian", "Jo", "Kit", "Lou"]


def test_a_match_night_from_the_form_to_the_league_points(live, browser, api_client):  # noqa: F811
    ctx, page = tablet(browser, live)
    page.goto(f"{live}/events")
    page.fill("#ev-name", "Red Lion v Crown")
    page.select_option("#ev-kind", "fives_threes")
    assert page.is_hidden("#ev-team-0") and page.is_visible("#ev-scoring")  # no match chosen yet
    page.check("#ev-match input[value=solihull]")
    assert page.is_hidden("#ev-scoring") and page.is_hidden("#ev-move")  # the ladder is not a match's
    assert page.is_visible("#ev-tables")  # the club's tables: the match's games take them in turn
    page.fill("#ev-tables", "3")
    page.fill("#ev-team-0", "Red Lion")
    page.fill("#ev-team-0-players", "\n".join(LIONS))
    page.fill("#ev-team-1", "Crown")
    page.fill("#ev-team-1-players", "\n".join(CROWN))
    assert page.is_hidden("#ev-preset")  # Mexican Train's rule sets are not offered
    shot(page, "club-match-1-form")
    page.click("text=Open the evening")
    page.wait_for_url("**/events/*")
    event_id = int(page.url.split("#")[0].rstrip("/").rsplit("/", 1)[1])

    # each game offered its own table (issue 27: all nine said Table 1): 1, 2, 3 in turn
    offered = [page.input_value(f"#match-{n} input[name=table]") for n in range(1, 10)]
    assert offered == ["1", "2", "3", "1", "2", "3", "1", "2", "3"]
    row = page.locator("#match-1")
    row.locator("select[name=home-0]").select_option("Ana")
    row.locator("select[name=away-0]").select_option("Gus")
    box = row.locator("button:has-text('Start game 1')").bounding_box()
    assert box is not None and box["height"] >= 44  # a finger's target
    row.locator("button:has-text('Start game 1')").tap()
    page.wait_for_selector("#match-1 >> text=Score pad of game 1")
    shot(page, "club-match-2-first-game")
    # game 1 plays at table 1: the next games take tables 2 and 3 first
    assert [page.input_value(f"#match-{n} input[name=table]") for n in range(2, 5)] == ["2", "3", "1"]

    lions_win = {1, 2, 3, 7, 9}
    for n in range(1, 10):
        if n <= 6:
            home, away = [LIONS[n - 1]], [CROWN[n - 1]]
        else:
            i = (n - 7) * 2
            home, away = LIONS[i:i + 2], CROWN[i:i + 2]
        if n > 1:
            r = api_client.post(f"/api/events/{event_id}/match/games", json={"game": n, "home": home, "away": away})
            assert r.status_code == 201, r.get_json()
        game = api_client.get(f"/api/events/{event_id}").get_json()["match"]["games"][n - 1]["game"]
        win(api_client, game, (home if n in lions_win else away)[0], 121 if n > 6 else 61)

    page.reload()
    assert page.inner_text("#match-h").split() == ["Red", "Lion", "5", "–", "4", "Crown"]
    assert "League points: Red Lion 3, Crown 1." in page.inner_text("#match")
    shot(page, "club-match-3-result")
    page.goto(f"{live}/events/{event_id}/screen")
    assert page.inner_text("#match-h").split() == ["Red", "Lion", "5", "–", "4", "Crown"]
    shot(page, "club-match-3b-screen")
    # the big screen shows the whole match of 9 games on a 4:3 screen
    assert page.evaluate("document.documentElement.scrollHeight") <= 768 + 40
    page.goto(f"{live}/events/{event_id}/standings")
    assert "League points: Red Lion 3, Crown 1." in page.inner_text("main")
    assert page.locator(".standings tbody tr, table tbody tr").count() >= 12
    shot(page, "club-match-4-standings")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 1024  # nothing wider than the tablet
    ctx.close()


def test_a_match_night_on_a_phone_and_a_tablet_upright(live, browser, api_client):  # noqa: F811
    r = api_client.post("/api/events", json={"name": "Red Lion v Crown", "kind": "fives_threes", "match": {
        "format": "solihull", "teams": [{"name": "Red Lion", "players": LIONS}, {"name": "Crown", "players": CROWN}]}})
    eid = r.get_json()["id"]
    api_client.post(f"/api/events/{eid}/match/games", json={"game": 7, "home": LIONS[:2], "away": CROWN[:2]})
    for name, size in (("phone", {"width": 390, "height": 844}), ("upright", {"width": 768, "height": 1024})):
        ctx = browser.new_context(viewport=size, has_touch=True)
        page = ctx.new_page()
        page.goto(f"{live}/?token={TOKEN}")
        page.goto(f"{live}/events/{eid}")
        assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
        box = page.locator("#match-1 select[name=home-0]").bounding_box()
        assert box is not None and box["height"] >= 44
        shot(page, f"club-match-{name}")
        ctx.close()
