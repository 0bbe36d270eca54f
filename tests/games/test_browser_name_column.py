"""Long names in the round form's name column (issue 14): a one-word name such
as "Bartholomew" stays on one line, never broken before its last letter (seen
in a walk-through at 1024×768 and 768×1024 with eight players): a smaller size
on a landscape tablet, a line of its own above the box where the form is narrow
(a tablet held upright, a phone)."""

from __future__ import annotations

import pytest

from tests.conftest import TOKEN

pytestmark = pytest.mark.browser

EIGHT = ["Bartholomew", "Maximilian-Alexander", "Guinevere", "Александра", "Hyun-woo", "Fatima", "Zoë",
         "Wolfgang"]
ONE_LINE = """el => { const cs = getComputedStyle(el);
  return el.getBoundingClientRect().height <= parseFloat(cs.lineHeight || 0) * 1.5 + 1
         || el.getClientRects().length === 1 && el.getBoundingClientRect().height < parseFloat(cs.fontSize) * 1.9; }"""


FITS = """el => { const w = el.getBoundingClientRect().width; el.style.width = "max-content";
  const whole = el.getBoundingClientRect().width; el.style.width = ""; return w + 1 >= whole; }"""
"""The element is at least as wide as its content wants (nothing squeezed)."""


@pytest.mark.parametrize(("viewport", "language"), [
    ({"width": 1024, "height": 768}, "en"), ({"width": 768, "height": 1024}, "en"),
    ({"width": 390, "height": 844}, "en"),
    # Russian buttons are wider ("Вышел", "Фото"): the name column must still hold the name
    ({"width": 1024, "height": 768}, "ru"), ({"width": 768, "height": 1024}, "ru"),
    ({"width": 390, "height": 844}, "ru"),
])
def test_one_word_names_stay_whole_in_the_round_form(live, browser, api, viewport, language):
    gid = api.post("/api/games", json={"set": 12, "players": EIGHT, "first_starter": EIGHT[1]}).get_json()["id"]
    ctx = browser.new_context(viewport=viewport)
    page = ctx.new_page()
    page.goto(f"{live}/?token={TOKEN}")
    page.goto(f"{live}/lang/{language}")
    page.goto(f"{live}/games/{gid}")
    for seat, name in enumerate(EIGHT):
        if "-" in name or " " in name:
            continue  # may wrap at its hyphen
        who = page.locator(".hand .who").nth(seat)
        assert who.inner_text() == name
        assert who.evaluate(ONE_LINE), (viewport, name, who.bounding_box())
    # nothing pushed out of the form: every row's box and Out button inside it,
    # the box wide enough for three digits, and no sideways scrolling
    form = page.locator("#round-form").bounding_box()
    for seat in range(len(EIGHT)):
        row = page.locator(".hand").nth(seat)
        pips, out = row.locator(".pips").bounding_box(), row.locator(".out-tap").bounding_box()
        assert pips["width"] >= 48, (viewport, seat, pips)
        assert out["x"] + out["width"] <= form["x"] + form["width"] + 1, (viewport, seat, out, form)
        # the Out pill holds its word whole (not squeezed narrower than "Out")
        assert row.locator(".out-tap").evaluate(FITS), (viewport, seat)
        assert row.locator(".dbl-tap").evaluate(FITS), (viewport, seat)  # "0-0" never split
        assert row.locator(".photo-tap").bounding_box()["width"] >= 40, (viewport, seat)
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    # the next round's card: every value inside the card (a long starter, "18 костяшек")
    card = page.locator(".next").bounding_box()
    for dd in page.locator(".next .facts dd").all():
        box = dd.bounding_box()
        assert box["x"] + box["width"] <= card["x"] + card["width"] + 1, (viewport, dd.inner_text(), box, card)
    # the next round's engine ("12-12") on one line beside its tile
    assert page.locator(".next .engine strong").evaluate(ONE_LINE), viewport
    assert page.locator(".next .engine .domino").bounding_box()["width"] >= 120, viewport  # the tile not shrunk
    ctx.close()


WHOLE = "el => el.scrollWidth <= el.clientWidth"
"""The element shows all its text (nothing cut off with an ellipsis)."""


def _after_one_round(live, browser, api, viewport, pips: dict[str, int], starter: str, page_of: str = ""):
    """A game of ``pips``' players (in that order) with one round played
    (``pips`` left in each hand, a 0 went out), opened in a new browser at
    ``viewport`` on the game's page, or its ``page_of`` (``"table"``)."""
    players = list(pips)
    gid = api.post("/api/games", json={"set": 12, "players": players, "first_starter": starter}).get_json()["id"]
    r = api.post(f"/api/games/{gid}/rounds", json={"ended": "domino", "confirm": True,  # 349: unusual, possible
                                                    "hands": {n: {"pips": p} for n, p in pips.items()}})
    assert r.status_code == 201, r.get_json()
    ctx = browser.new_context(viewport=viewport)
    page = ctx.new_page()
    page.goto(f"{live}/?token={TOKEN}")
    page.goto(f"{live}/games/{gid}" + (f"/{page_of}" if page_of else ""))
    return ctx, page


@pytest.mark.parametrize("viewport", [{"width": 1024, "height": 768}, {"width": 1280, "height": 800}])
def test_four_players_long_names_show_whole_in_the_scoreboard_head(live, browser, api, viewport):
    """A walk found "Bartholomew" cut to "Bartholo…" above a scoreboard column
    with room to spare: with four players on a tablet the names show whole,
    the leader's crown beside his."""
    players = ["Bartholomew", "Guinevere", "Александра", "Ben"]
    ctx, page = _after_one_round(live, browser, api, viewport, dict(zip(players, [0, 12, 7, 3])), "Ben")
    heads = page.locator(".scores thead .name")
    assert [heads.nth(i).inner_text() for i in range(4)] == players
    for i in range(4):
        assert heads.nth(i).evaluate(WHOLE), (viewport, players[i])
    assert page.locator(".scores thead th").nth(2).locator(".crown").count() == 1  # Bartholomew leads
    ctx.close()


@pytest.mark.parametrize("viewport", [{"width": 1024, "height": 768}, {"width": 1280, "height": 800}])
def test_the_table_view_shows_long_names_whole_with_room_to_spare(live, browser, api, viewport):
    """A walk found "Bartholomew" cut to "Bartholo…" in the table view's
    standings at 1024×768, with empty space beside the last round's points:
    the name now takes all the row the rank, the points and the total leave.
    The rank, the points and the total stay lined up from row to row."""
    players = ["Bartholomew", "Guinevere", "Александра", "Ben"]
    ctx, page = _after_one_round(live, browser, api, viewport, dict(zip(players, [130, 12, 0, 3])), "Ben", "table")
    who = page.locator(".tv-list .who")
    # standings: Александра 0, Ben 3, Guinevere 12, Bartholomew 130
    assert [who.nth(i).inner_text() for i in range(4)] == ["Александра", "Ben", "Guinevere", "Bartholomew"]
    for i in range(4):
        assert who.nth(i).evaluate(WHOLE), (viewport, who.nth(i).inner_text())
    for part in (".rank", ".last", ".total"):
        edges = {round(page.locator(f".tv-list {part}").nth(i).bounding_box()["x"]
                       + page.locator(f".tv-list {part}").nth(i).bounding_box()["width"] * (part == ".total"))
                 for i in range(4)}
        assert len(edges) == 1, (viewport, part, edges)  # one column: the same edge on every row
    ctx.close()


def test_the_table_view_fits_a_phone_with_a_long_starter(live, browser, api):
    """A fresh tester saw the totals cut at a phone's right edge ("349" as
    "34") when the next starter's name held a long word, and every name cut
    to one letter: the page now fits the phone's width, the totals whole,
    the short names whole."""
    long = "Wilhelmina-Konstantina Featherstonehaugh"
    ctx, page = _after_one_round(live, browser, api, {"width": 390, "height": 844},
                                 {long: 349, "Ann": 12, "Bo": 0, "Eve": 95}, "Eve", "table")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    totals = page.locator(".tv-list .total")
    assert [totals.nth(i).inner_text() for i in range(4)] == ["0", "12", "95", "349"]
    for i in range(4):
        box = totals.nth(i).bounding_box()
        assert box["x"] + box["width"] <= 390, box
    who = page.locator(".tv-list .who")
    for i in range(3):  # Bo, Ann, Eve
        assert who.nth(i).evaluate(WHOLE), who.nth(i).inner_text()
    ctx.close()
