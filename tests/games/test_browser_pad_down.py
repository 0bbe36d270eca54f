"""The down tapped on the score pad (issue 29; rules-families.md section 3,
``no_win_on_down``, Teesdale league). Values by hand from the count table:
A stands on 57 (30 + 27); A leads 6-6, a count of 12, 4 points: 61 on the
first tile of the hand, so Teesdale does not peg it and A stays on 57. When
A's first tile scored nothing ("No score", then B's "No score"), A's 12
later is no down and wins on 61. Tablet 1024x768 and phone 390x844;
screenshots in ``test-artifacts/``."""

from __future__ import annotations

import pytest

from tests.conftest import TOKEN, shot

pytestmark = pytest.mark.browser

DOWN_MSG = "not pegged: the first tile of a hand cannot win the game"


def teesdale_on_57(api) -> int:
    return api.post("/api/games", json={
        "kind": "fives_threes", "set": 6, "players": ["A", "B"],
        "rules": {"no_win_on_down": True, "draw_counts": {"2": 9, "4": 6}},
        "rounds": [{"leader": "A", "in_play": {"A": 30}, "ended": "blocked"},
                   {"leader": "B", "in_play": {"A": 27}, "ended": "blocked"}]}).get_json()["id"]


def open_pad(browser, live, gid: int, size: tuple[int, int]):
    ctx = browser.new_context(viewport={"width": size[0], "height": size[1]}, has_touch=True)
    page = ctx.new_page()
    page.goto(f"{live}/?token={TOKEN}")
    page.goto(f"{live}/games/{gid}")
    return ctx, page


def legend(page) -> str:
    return page.locator("figure.pegboard .pegboard-legend").inner_text()


@pytest.mark.parametrize("size", [(1024, 768), (390, 844)])
def test_the_down_that_would_win_is_held(live, browser, api, size):
    gid = teesdale_on_57(api)
    ctx, page = open_pad(browser, live, gid, size)
    assert page.locator(".pad-player.lit").inner_text() == "A"
    toggle = page.locator(".pad-down")
    assert toggle.is_hidden()  # no play yet
    page.locator('.pad-key[data-count="12"]').click()
    first = page.locator(".pad-plays li").first
    assert "first tile of the hand" in first.inner_text()
    page.wait_for_selector(".pad-plays li.struck")
    assert DOWN_MSG in first.inner_text()
    assert toggle.is_visible() and toggle.get_attribute("aria-pressed") == "true"
    assert "A: 57" in legend(page)
    assert "first tile of a hand cannot win the game." in page.locator("figure.pegboard .pegboard-last").inner_text()
    shot(page, f"pad-down-{size[0]}x{size[1]}")
    # the toggle unmarks it: then the 12 wins on 61 (the board moves), and marks it again
    toggle.click()
    assert toggle.get_attribute("aria-pressed") == "false"
    page.wait_for_function("!document.querySelector('.pad-plays li.struck')")
    assert "A: 61" in legend(page) and "first tile of the hand" not in first.inner_text()
    toggle.click()
    page.wait_for_selector(".pad-plays li.struck")
    page.get_by_role("button", name="Blocked").click()
    page.get_by_role("button", name="Save the hand").click()
    page.wait_for_selector(".pad-hands")
    data = api.get(f"/api/games/{gid}").get_json()
    assert (data["rounds"][-1]["totals"]["A"], data["status"]) == (57, "in_progress")
    assert DOWN_MSG in page.locator(".pad-hands li").first.inner_text()
    ctx.close()


def test_a_first_tile_that_scored_nothing_makes_no_down(live, browser, api):
    gid = teesdale_on_57(api)
    ctx, page = open_pad(browser, live, gid, (1024, 768))
    page.locator('.pad-key[data-count="12"]').click()
    page.get_by_role("button", name="Undo last play").click()  # a slip: back to the hand's start
    page.get_by_role("button", name="No score").click()  # A's first tile: nothing
    page.get_by_role("button", name="No score").click()  # B: nothing
    page.locator('.pad-key[data-count="12"]').click()  # A: 12, 4 points, 61
    assert page.locator(".pad-down").is_hidden() is False
    assert page.locator(".pad-down").get_attribute("aria-pressed") == "false"
    page.get_by_role("button", name="Blocked").click()
    page.get_by_role("button", name="Save the hand").click()
    page.wait_for_selector("#winner")
    data = api.get(f"/api/games/{gid}").get_json()
    assert (data["rounds"][-1]["totals"]["A"], data["status"]) == (61, "finished")
    ctx.close()
