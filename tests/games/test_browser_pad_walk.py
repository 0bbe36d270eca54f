"""A new player's walk through the score pad (issue 29), at tablet 1024×768
and phone 390×844: the keypad greyed out under "Tap who leads first" until a
name is tapped; the plays tapped kept through a reload and forgotten once the
hand is saved; the peg board moving with each play (Five Up in fives to 61
exact: Bob's 10 pegs 2, Ann's 35 would pass 61 and is struck); the pips-left
boxes in one column beside their names; an earlier hand corrected from the
pad in a few taps. Screenshots in ``test-artifacts/``."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.conftest import TOKEN, shot

pytestmark = pytest.mark.browser

SIZES = [(1024, 768), (390, 844)]
FIVE_UP = {"spinners": "all", "score_unit": "fives", "target_score": 61, "exact_target": True}


def open_pad(live, browser, size, gid):
    ctx = browser.new_context(viewport={"width": size[0], "height": size[1]}, has_touch=True)
    page = ctx.new_page()
    page.goto(f"{live}/?token={TOKEN}")
    page.goto(f"{live}/games/{gid}")
    return ctx, page


def key(page, count):
    return page.locator(f'.pad-key[data-count="{count}"]')


@pytest.mark.parametrize("size", SIZES)
def test_the_keypad_waits_for_the_leader_and_the_hand_survives_a_reload(live, browser, api, size):
    gid = api.post("/api/games", json={"kind": "all_fives", "set": 6, "players": ["Ann", "Bob"],
                                       "rules": {}}).get_json()["id"]
    ctx, page = open_pad(live, browser, size, gid)
    prompt = page.locator(".pad-prompt")
    expect(prompt).to_be_visible()
    expect(prompt).to_have_text("Tap who leads first.")
    expect(key(page, 10)).to_be_disabled()
    expect(page.get_by_role("button", name="No score")).to_be_disabled()
    shot(page, f"pad-walk-leader-{size[0]}x{size[1]}")
    page.locator('.pad-player[data-player="Ann"]').click()
    expect(prompt).to_be_hidden()
    expect(key(page, 10)).to_be_enabled()
    key(page, 10).click()  # Ann 10
    key(page, 15).click()  # Bob 15
    page.get_by_role("button", name="No score").click()  # Ann
    page.locator('.pad-pips input[data-player="Bob"]').fill("8")
    page.reload()
    expect(page.locator(".pad-plays li")).to_have_count(2)
    expect(page.locator(".pad-plays li").nth(1)).to_contain_text("Bob · 15")
    expect(page.locator(".pad-player.lit")).to_have_text("Bob")  # the "No score" kept too
    expect(page.locator('.pad-pips input[data-player="Bob"]')).to_have_value("8")
    expect(prompt).to_be_hidden()
    page.get_by_role("button", name="Ann went out").click()
    page.get_by_role("button", name="Save the hand").click()
    page.wait_for_selector(".pad-hands")
    rnd = api.get(f"/api/games/{gid}").get_json()["rounds"][0]
    assert rnd["scores"] == {"Ann": 20, "Bob": 15}  # Ann 10 + bonus 10 (Bob's 8 pips, AF-2)
    expect(page.locator(".pad-plays li.empty")).to_have_count(1)  # hand 2 starts empty
    kept = page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('domino-companion:pad-hand:'))")
    assert kept == []  # hand 1's draft forgotten once saved; nothing tapped in hand 2 yet
    page.reload()
    expect(page.locator(".pad-plays li.empty")).to_have_count(1)
    ctx.close()


@pytest.mark.parametrize("size", SIZES)
def test_the_peg_board_moves_with_each_play(live, browser, api, size):
    gid = api.post("/api/games", json={
        "kind": "all_fives", "set": 6, "players": ["Ann", "Bob"], "rules": FIVE_UP,
        "rounds": [{"leader": "Ann", "in_play": {"Ann": 55, "Bob": 20}, "ended": "blocked",
                    "hands": {"Ann": {"pips": 10}, "Bob": {"pips": 10}}}]}).get_json()["id"]
    ctx, page = open_pad(live, browser, size, gid)
    legend = page.locator(".pegboard-legend")
    expect(legend).to_contain_text("Bob: 20")
    page.locator('.pad-player[data-player="Bob"]').click()
    key(page, 10).click()  # Bob 10 = 2 fives: 22
    expect(legend).to_contain_text("Bob: 22")
    expect(page.locator("text.last-points")).to_have_text("+2")
    key(page, 35).click()  # Ann 35 = 7: 62 passes 61, struck; Ann stays on 55
    expect(page.locator("text.last-points.struck")).to_have_text("+7")
    expect(legend).to_contain_text("Ann: 55")
    expect(page.locator(".pad-plays li").nth(1)).to_have_class("struck")  # struck in the list too
    expect(page.locator(".pad-plays li").nth(1)).to_contain_text("not pegged")
    expect(page.locator(".pad-plays li.struck")).to_have_count(1)
    expect(page.locator(".pegboard-last")).to_contain_text("would pass 61")
    shot(page, f"pad-walk-board-{size[0]}x{size[1]}")
    page.get_by_role("button", name="Undo last play").click()
    expect(page.locator("text.last-points")).to_have_text("+2")
    key(page, 30).click()  # Ann 30 = 6: exactly 61
    expect(legend).to_contain_text("Ann: 61")
    key(page, 10).click()  # a play after the game was won: said at once, not at the save
    expect(page.locator(".pad-say")).to_contain_text("the game was over")
    page.get_by_role("button", name="Undo last play").click()
    expect(page.locator(".pad-say")).to_have_count(0)
    ctx.close()


@pytest.mark.parametrize("size", SIZES)
def test_the_pips_left_line_up_in_a_column(live, browser, api, size):
    gid = api.post("/api/games", json={"kind": "all_fives", "set": 6,
                                       "players": ["Ann", "Bartholomew", "Cy", "Dee"],
                                       "rules": {}}).get_json()["id"]
    ctx, page = open_pad(live, browser, size, gid)
    boxes = page.locator(".pad-pips input")
    expect(boxes).to_have_count(4)
    boxes.first.scroll_into_view_if_needed()
    shot(page, f"pad-walk-pips-{size[0]}x{size[1]}")
    rects = [boxes.nth(i).bounding_box() for i in range(4)]
    labels = [page.locator(f'.pad-pips label[for="{boxes.nth(i).get_attribute("id")}"]').bounding_box()
              for i in range(4)]
    assert len({round(r["x"]) for r in rects}) == 1  # one column of boxes
    assert len({round(r["width"]) for r in rects}) == 1
    for box, label in zip(rects, labels, strict=True):
        assert label["x"] + label["width"] <= box["x"]  # the name left of its box
        assert abs((label["y"] + label["height"] / 2) - (box["y"] + box["height"] / 2)) < 4  # on its line
        assert box["x"] + box["width"] <= size[0]
    ctx.close()


@pytest.mark.parametrize("size", SIZES)
def test_an_earlier_hand_is_corrected_from_the_pad(live, browser, api, size):
    af1 = {"leader": "Ann", "plays": [{"player": "Ann", "count": 10}, {"player": "Bob", "count": 10},
                                      {"player": "Ann", "count": 10}, {"player": "Bob", "count": 15},
                                      {"player": "Bob", "count": 25}, {"player": "Bob", "count": 10}],
           "ended": "domino", "out": "Ann", "hands": {"Ann": {"pips": 0}, "Bob": {"pips": 8}}}
    second = {"leader": "Ann", "plays": [{"player": "Ann", "count": 15}], "ended": "domino", "out": "Bob",
              "hands": {"Ann": {"pips": 12}, "Bob": {"pips": 0}}}
    gid = api.post("/api/games", json={"kind": "all_fives", "set": 6, "players": ["Ann", "Bob"], "rules": {},
                                       "rounds": [af1, second]}).get_json()["id"]
    ctx, page = open_pad(live, browser, size, gid)
    page.get_by_role("link", name="Correct hand 1").click()
    expect(page.locator("#pad-h")).to_have_text("Correct hand 1")
    expect(page.locator(".pad-plays li")).to_have_count(6)
    expect(page.locator('.pad-out[data-out="Ann"]')).to_have_attribute("aria-pressed", "true")
    expect(page.locator('.pad-pips input[data-player="Bob"]')).to_have_value("8")
    # the last play was Bob's 10 out of turn: a 5 instead; Bob held 13 pips (AF-2: 13 → 15)
    page.get_by_role("button", name="Undo last play").click()
    key(page, 5).click()
    page.locator('.pad-pips input[data-player="Bob"]').fill("13")
    shot(page, f"pad-walk-correct-{size[0]}x{size[1]}")
    page.get_by_role("button", name="Save the correction").click()
    page.wait_for_selector("#round-1")
    rounds = api.get(f"/api/games/{gid}").get_json()["rounds"]
    assert rounds[0]["scores"] == {"Ann": 35, "Bob": 55}  # in play Ann 20, Bob 55; bonus 15
    assert rounds[1]["totals"] == {"Ann": 50, "Bob": 65}  # hand 2: Ann 15, Bob 10 (Ann's 12 pips → 10)
    expect(page.locator("#pad-h")).to_have_text("Hand 3")
    expect(page.locator(".pad-standings")).to_contain_text("65")
    ctx.close()
