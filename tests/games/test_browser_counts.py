"""A whole All Fives hand entered by taps on the score pad (rules-families.md
section 2, AF-1): the lit player passes on by itself, one tap per scoring
play in turn, two for a play out of turn, "No score" for a turn that scores
nothing, "Undo last play"; at the end Ann goes out and Bob's 8 pips give her
the bonus of 10, derived. Then the peg board of a Five Up game on the table
view. Tablet 1024×768 and phone 390×844; screenshots in ``test-artifacts/``."""

from __future__ import annotations

import pytest

from tests.conftest import TOKEN, shot

pytestmark = pytest.mark.browser


def lit(page) -> str:
    return page.locator(".pad-player.lit").inner_text()


class Taps:
    """Taps on the pad, counted."""

    def __init__(self, page) -> None:
        self.page, self.n = page, 0

    def tap(self, locator) -> None:
        locator.click()
        self.n += 1

    def count(self, count: int) -> None:
        self.tap(self.page.locator(f'.pad-key[data-count="{count}"]'))

    def button(self, name: str) -> None:
        self.tap(self.page.get_by_role("button", name=name))

    def player(self, name: str) -> None:
        self.tap(self.page.locator(f'.pad-player[data-player="{name}"]'))


@pytest.mark.parametrize("size", [(1024, 768), (390, 844)])
def test_a_whole_all_fives_hand_by_taps(live, browser, api, size):
    gid = api.post("/api/games", json={"kind": "all_fives", "set": 6, "players": ["Ann", "Bob"],
                                       "rules": {"spinners": "first"}}).get_json()["id"]
    ctx = browser.new_context(viewport={"width": size[0], "height": size[1]}, has_touch=True)
    page = ctx.new_page()
    page.goto(f"{live}/?token={TOKEN}")
    page.goto(f"{live}/games/{gid}")
    assert page.locator(".pad-player.lit").count() == 0  # the first lead is by lot: tap who leads
    t = Taps(page)
    t.player("Ann")
    # AF-1's plays: 1 Ann 5-5 10, 2 Bob 5-0 10, 3-6 score nothing, 7 Ann 5-1 10, 8 Bob 6-1 15
    t.count(10)
    assert lit(page) == "Bob"
    t.count(10)
    for _ in range(4):
        t.button("No score")
    assert lit(page) == "Ann"
    t.count(10)
    t.count(15)
    page.locator('.pad-key[data-count="20"]').click()  # a slip: 9 Ann 6-6 counts 21, no score
    page.get_by_role("button", name="Undo last play").click()
    assert lit(page) == "Ann"
    t.button("No score")  # 9
    t.count(25)  # 10 Bob 4-4: 25
    t.player("Bob")  # 14 Bob 3-4: 10, out of turn (11-13 score nothing and are not tapped)
    t.count(10)
    assert page.locator(".pad-plays li").count() == 6
    t.button("Ann went out")
    page.locator('.pad-pips input[data-player="Bob"]').fill("8")
    t.n += 1
    shot(page, f"pad-all-fives-{size[0]}x{size[1]}")
    t.button("Save the hand")
    page.wait_for_selector(".pad-hands")
    rnd = api.get(f"/api/games/{gid}").get_json()["rounds"][0]
    assert rnd["scores"] == {"Ann": 30, "Bob": 60}  # the brief: in play Ann 20, Bob 60; bonus 8 → 10
    assert rnd["bonus"]["rounded"] == 10
    assert page.locator(".pad-hands li").first.inner_text().startswith("Hand 1")
    assert lit(page) == "Ann"  # whoever went out leads the next hand
    # who leads 1; six scoring plays 7 (one out of turn, two taps); five "No score" 5; the end 3
    assert t.n == 16
    ctx.close()


def test_the_peg_board_on_the_table_view(live, browser, api):
    gid = api.post("/api/games", json={
        "kind": "all_fives", "set": 6, "players": ["Ann", "Bob"],
        "rules": {"spinners": "all", "score_unit": "fives", "target_score": 61, "exact_target": True},
        "rounds": [{"leader": "Ann", "in_play": {"Ann": 55, "Bob": 20}, "ended": "blocked",
                    "hands": {"Ann": {"pips": 10}, "Bob": {"pips": 10}}},
                   {"leader": "Ann", "plays": [{"player": "Ann", "count": 35}], "ended": "blocked",
                    "hands": {"Ann": {"pips": 10}, "Bob": {"pips": 10}}}]}).get_json()["id"]
    ctx = browser.new_context(viewport={"width": 1024, "height": 768})
    page = ctx.new_page()
    page.goto(f"{live}/?token={TOKEN}")
    page.goto(f"{live}/games/{gid}/table")
    board = page.locator("figure.pegboard")
    assert board.count() == 1 and page.locator("figure.pegboard circle.peg.front").count() == 2
    # 55 + 7 = 62 would pass 61 (exact): struck through, Ann stays on 55
    assert page.locator("text.last-points.struck").text_content() == "+7"
    assert "would pass 61" in board.inner_text()
    shot(page, "pegboard-table-1024x768")
    ctx.close()


def test_a_pips_box_left_empty_is_asked_for_beside_it_on_a_phone(live, browser, api):
    gid = api.post("/api/games", json={"kind": "all_fives", "set": 6, "players": ["Ann", "Bob"],
                                       "rules": {"spinners": "first"}}).get_json()["id"]
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    page = ctx.new_page()
    page.goto(f"{live}/?token={TOKEN}")
    page.goto(f"{live}/games/{gid}")
    t = Taps(page)
    t.player("Ann")
    t.count(10)
    t.button("Ann went out")  # Bob's pips not given: Ann's bonus needs them (pagat)
    t.button("Save the hand")
    bob = page.locator('.pad-pips input[data-player="Bob"]')
    bob.wait_for()
    assert bob.get_attribute("aria-invalid") == "true"
    note = page.locator(f"#{bob.get_attribute('aria-describedby')}")
    assert note.inner_text() == "The winner scores the pips left: give the pips of Bob."
    # the message sits right under Bob's box, inside the phone's width, and the hand is kept
    box, under = bob.bounding_box(), note.bounding_box()
    assert 0 <= under["y"] - (box["y"] + box["height"]) < 24 and under["x"] + under["width"] <= 390
    assert page.locator(".pad-plays li").count() == 1 and page.locator(".score-pad .form-error").count() == 0
    shot(page, "pad-pips-error-390x844")
    bob.fill("8")
    t.button("Save the hand")
    page.wait_for_selector(".pad-hands")
    assert api.get(f"/api/games/{gid}").get_json()["rounds"][0]["scores"] == {"Ann": 20, "Bob": 0}  # 10 + 8 → 10
    ctx.close()
