"""The games list on a phone (390×844): below the new-game form, so a change
made from it (a filter, the From/To dates, taking a game out of the archive)
or told in it (a game archived or deleted) opens the page on the list, not at
its top with the list below the fold (a tester's walk: every such tap seemed
to do nothing until they scrolled down)."""

from __future__ import annotations

import pytest

from tests.conftest import TOKEN, shot

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
IN_SIGHT = "el => { const r = el.getBoundingClientRect(); return r.top >= 0 && r.bottom <= window.innerHeight; }"
UNCOVERED = """el => { const r = el.getBoundingClientRect();
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return r.top >= 0 && r.bottom <= window.innerHeight && !!hit && el.contains(hit); }"""


def _game(api, players: list[str]) -> int:
    r = api.post("/api/games", json={"set": 12, "players": players, "first_starter": players[0]})
    assert r.status_code == 201, r.get_json()
    return r.get_json()["id"]


def _phone(browser, live):
    ctx = browser.new_context(viewport=PHONE, has_touch=True)
    page = ctx.new_page()
    page.goto(f"{live}/?token={TOKEN}")
    return ctx, page


def _on_the_list(page) -> None:
    """The page opened on the games list: scrolled down to it, its heading in sight."""
    assert page.url.endswith("#games"), page.url
    assert page.evaluate("window.scrollY") > 0
    assert page.locator("#games-heading").evaluate(IN_SIGHT)


def _out_of_the_archive_said_above_the_list(page) -> None:
    """The page says the game is out of the archive, in sight, above the list's heading."""
    said = page.locator("main > .flash")
    assert said.inner_text().startswith("The game is out of the archive")
    assert said.evaluate(IN_SIGHT)
    assert page.locator("#games-heading").evaluate("el => el.getBoundingClientRect().top") >= said.evaluate(
        "el => el.getBoundingClientRect().bottom")


def test_filters_and_dates_open_the_page_on_the_list(live, browser, api):
    for players in (["Ana", "Ben"], ["Cy", "Dee"], ["Ana", "Eve"]):
        _game(api, players)
    ctx, page = _phone(browser, live)
    page.fill("#q", "ana")
    page.locator(".game-filters button[type=submit]").click()
    page.wait_for_url("**q=ana**")
    _on_the_list(page)
    assert page.locator(".game-list li").count() == 2
    assert page.locator(".game-list li").first.evaluate(IN_SIGHT)
    # From after To: the message at the dates, in sight
    page.fill("#since", "2026-12-05")
    page.fill("#until", "2026-12-01")
    page.locator(".game-filters button[type=submit]").click()
    page.wait_for_url("**until=2026-12-01**")
    _on_the_list(page)
    assert page.locator("#dates-error").evaluate(IN_SIGHT)
    shot(page, "phone-list-dates")
    # the shelves under the list: the archived games open on their list too
    page.locator(".shelves a").nth(0).click()
    page.wait_for_url("**shelf=archive**")
    _on_the_list(page)
    ctx.close()


def test_taking_a_game_out_of_the_archive_opens_the_page_on_the_list(live, browser, api):
    first = _game(api, ["Ana", "Ben"])
    _game(api, ["Cy", "Dee"])
    api.post(f"/api/games/{first}/archive")
    ctx, page = _phone(browser, live)
    page.goto(f"{live}/?shelf=archive")
    page.locator(".unarchive-game button").click()
    page.wait_for_url("**/?shelf=archive#games")
    _on_the_list(page)
    _out_of_the_archive_said_above_the_list(page)
    assert page.locator(".unarchive-game").count() == 0
    ctx.close()


def test_archiving_a_game_says_so_on_the_list_with_the_way_back(live, browser, api):
    """Archiving a game gave no word at all: the list, opened on it, says the
    game was moved to the archive and takes it out again in a tap."""
    _game(api, ["Ana", "Ben"])
    _game(api, ["Cy", "Dee"])
    gid = _game(api, ["Eve", "Fay"])
    ctx, page = _phone(browser, live)
    page.goto(f"{live}/games/{gid}")
    page.locator(".archive-game button").click()
    page.wait_for_url("**#games")
    _on_the_list(page)
    notice = page.locator("#games .flash")
    assert notice.inner_text().startswith("The game was moved to the archive.")
    assert notice.evaluate(IN_SIGHT)
    assert page.locator(f"#games a[href='/games/{gid}']").count() == 0  # gone from the list
    shot(page, "phone-list-archived")
    take_out = notice.get_by_role("button", name="Take out of the archive")
    assert take_out.evaluate(UNCOVERED)
    take_out.click()
    page.wait_for_url(f"{live}/#games")
    _on_the_list(page)
    _out_of_the_archive_said_above_the_list(page)
    assert page.locator(f"#games a[href='/games/{gid}']").evaluate(IN_SIGHT)
    ctx.close()
