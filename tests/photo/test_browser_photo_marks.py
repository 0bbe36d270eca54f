"""Issue 26: the photo's guide shows a picture of a hand laid well and what
to avoid; after a reading each tile is marked on the photo, and one tap on a
mark selects that tile for a fix. A real photo (tests/fixtures/photos,
licences beside it) of three tiles of a double-6 set: 0-4, 2-3 and 2-6, 17
pips (hand-checked, test_photo_real.TRUTH). Screenshots:
``test-artifacts/photo-marks-*.png``."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from PIL import Image
from playwright.sync_api import expect

from tests.conftest import TOKEN, shot

pytestmark = pytest.mark.browser

PHOTO = Path(__file__).parents[1] / "fixtures" / "photos" / "jr_T-3-NC-S.jpg"
TRUTH = ["3-2", "4-0", "6-2"]  # 5 + 4 + 8 = 17 pips
VIEWPORTS = [((1024, 768), "1024x768"), ((390, 844), "390x844")]


def _open(live, browser, api, viewport):
    gid = api.post("/api/games", json={"kind": "mexican_train", "set": 6, "players": ["Ana", "Ben"],
                                       "first_starter": "Ana"}).get_json()["id"]
    ctx = browser.new_context(viewport={"width": viewport[0], "height": viewport[1]}, has_touch=True)
    page = ctx.new_page()
    page.goto(f"{live}/?token={TOKEN}")
    page.goto(f"{live}/games/{gid}")
    return ctx, page, gid


def _within(page, locator, viewport):
    for box in locator.evaluate_all("els => els.map(e => e.getBoundingClientRect().toJSON())"):
        assert box["width"] > 40 and box["height"] > 20
        assert box["left"] >= 0 and box["right"] <= viewport[0] + 0.5
        assert box["top"] >= 0 and box["bottom"] <= viewport[1] + 0.5


def _pressed(page):
    return sorted(page.locator("dialog#picker button.tile[aria-pressed=true]").evaluate_all(
        "bs => bs.map(b => b.dataset.tile)"))


def _misreading(api, gid):
    """A stand-in for the page's photo request: the same photo read by this
    server (the test's client), answered with its 6-2 read as 6-1 (a misreading
    made on purpose, so the test does not wait for the reader to err)."""
    def answer(route):
        body = api.post("/api/photo/hand", content_type="multipart/form-data", data={
            "image": (io.BytesIO(PHOTO.read_bytes()), "hand.jpg"), "game": str(gid), "round": "1",
            "player": "Ben", "labels": "0"}).get_json()
        assert sorted(body.get("tiles", [])) == TRUTH, body
        body["tiles"] = ["6-1" if t == "6-2" else t for t in body["tiles"]]
        for mark in body["marks"]:
            if mark["tile"] == "6-2":
                mark["tile"] = "6-1"
        body["pips"] = 16
        route.fulfill(status=200, json=body)
    return answer


@pytest.mark.parametrize("viewport, name", VIEWPORTS)
def test_the_guide_shows_how_to_lay_the_hand(live, browser, api, viewport, name):
    ctx, page, _gid = _open(live, browser, api, viewport)
    asked = []
    page.on("request", lambda r: asked.append(r.url))
    page.reload()
    page.wait_for_load_state("load")
    assert not [u for u in asked if "photo-howto" in u]  # the pictures come when the guide opens
    guide = page.locator(".photo-guide")
    expect(guide.locator("summary")).to_have_text("How to take the photo")
    expect(guide.locator(".photo-howto")).to_be_hidden()  # collapsed: the page does not grow
    guide.locator("summary").tap()
    figures = guide.locator(".photo-howto figure")
    assert figures.all_inner_texts() == [
        "Photo of a hand: tiles face up and apart, on a plain mat; shoot from above with every tile in the frame.",
        "Not touching or in a heap", "Not standing on an edge", "Not at a slant"]
    guide.scroll_into_view_if_needed()
    figures.last.scroll_into_view_if_needed()
    _within(page, guide.locator(".photo-howto img").last, viewport)
    for svg in guide.locator(".photo-howto img").all():
        svg.scroll_into_view_if_needed()
        _within(page, svg, viewport)
    page.wait_for_function("[...document.querySelectorAll('.photo-howto img')].every(i => i.complete)")
    assert guide.locator(".photo-howto img").evaluate_all("is => is.map(i => i.naturalWidth)") == [120] * 4
    shot(page, f"photo-marks-guide-{name}")
    ctx.close()


@pytest.mark.parametrize("language", ["ru", "mn"])
def test_the_guide_fits_a_phone_in_long_words(live, browser, api, language):
    ctx, page, gid = _open(live, browser, api, (390, 844))
    page.goto(f"{live}/lang/{language}?next=/games/{gid}")
    page.wait_for_selector(f"html[lang={language}]")
    page.locator(".photo-guide summary").tap()
    for figure in page.locator(".photo-howto figure").all():
        figure.scroll_into_view_if_needed()
        _within(page, figure, (390, 844))
    assert "Not at a slant" not in page.locator(".photo-guide").inner_text()
    shot(page, f"photo-marks-guide-{language}-390x844")
    ctx.close()


@pytest.mark.parametrize("viewport, name", VIEWPORTS)
def test_a_tile_misread_is_fixed_with_a_tap_on_the_photo(live, browser, api, viewport, name):
    ctx, page, gid = _open(live, browser, api, viewport)
    page.route("**/api/photo/hand", _misreading(api, gid))
    page.locator("input.photo-input[data-seat='1']").set_input_files(str(PHOTO))
    page.wait_for_selector("dialog#picker[open] .photo-reading img")
    page.wait_for_function("document.querySelector('.photo-reading img').complete")
    marks = page.locator("dialog#picker .photo-marks .photo-mark")
    expect(marks).to_have_count(3)
    assert _pressed(page) == ["3-2", "4-0", "6-1"]
    chips = page.locator("dialog#picker .photo-chip")
    texts = chips.all_inner_texts()
    assert sorted(t.split()[1] for t in texts) == ["3-2", "4-0", "6-1"]
    assert [t.split()[0] for t in texts] == ["1", "2", "3"]
    for box in chips.evaluate_all("bs => bs.map(b => b.getBoundingClientRect().height)"):
        assert box >= 44
    i = next(k for k, t in enumerate(texts) if "6-1" in t)
    # the mark of the 6-1 lies on the photo, over that tile's face
    shot_box = page.locator(".photo-reading img").bounding_box()
    mark_box = marks.nth(i).locator("polygon").bounding_box()
    assert shot_box["x"] <= mark_box["x"] and mark_box["x"] + mark_box["width"] <= shot_box["x"] + shot_box["width"]
    shot(page, f"photo-marks-reading-{name}")

    marks.nth(i).locator("polygon").tap()
    fix = page.locator("dialog#picker .photo-fix")
    expect(fix).to_be_visible()
    expect(fix.locator("span")).to_contain_text(f"Tile {i + 1}, 6-1: tap the right tile in the set below.")
    expect(chips.nth(i)).to_have_attribute("aria-pressed", "true")
    expect(page.locator("dialog#picker button.tile.photo-fixing")).to_have_attribute("data-tile", "6-1")
    shot(page, f"photo-marks-chosen-{name}")
    page.locator("dialog#picker button.tile[data-tile='6-2']").tap()
    # one tap replaced it: the 6-1 out of the hand, the 6-2 in
    assert _pressed(page) == TRUTH
    expect(fix).to_be_hidden()
    expect(chips.nth(i)).to_have_text(f"{i + 1} 6-2")
    expect(chips.nth(i)).to_have_attribute("aria-label", f"Tile {i + 1}: 6-2, fixed.")
    expect(marks.nth(i).locator("text")).to_contain_text("6-2")
    expect(page.locator("dialog#picker .picker-sum")).to_have_text("3 tiles · 17 pips")
    shot(page, f"photo-marks-fixed-{name}")
    page.locator("dialog#picker button[value=ok]").tap()
    page.wait_for_selector("dialog#picker:not([open])", state="attached")
    assert sorted(page.locator("input[name='tiles-1']").input_value().split()) == TRUTH
    expect(page.locator("#pips-1")).to_have_value("17")
    page.locator(".hand").nth(0).locator(".out-tap").tap()
    page.locator("#round-form button.primary").click()
    page.wait_for_url("**#entry")
    assert page.locator("#cell-1-1 .run").inner_text() == "17"
    ctx.close()


def test_a_tile_is_taken_out_of_the_hand_with_remove(live, browser, api):
    # the 4-0 in the photo belongs to another hand: the player takes it out
    ctx, page, _gid = _open(live, browser, api, (1024, 768))
    page.locator("input.photo-input[data-seat='1']").set_input_files(str(PHOTO))
    page.wait_for_selector("dialog#picker[open] .photo-marks .photo-mark")
    chips = page.locator("dialog#picker .photo-chip")
    i = next(k for k, t in enumerate(chips.all_inner_texts()) if "4-0" in t)
    chips.nth(i).tap()
    page.locator("dialog#picker .photo-fix").get_by_role("button", name="Remove this tile").tap()
    assert _pressed(page) == ["3-2", "6-2"]
    expect(chips.nth(i)).to_have_attribute("aria-label", f"Tile {i + 1}: 4-0, taken out of the hand.")
    expect(page.locator("dialog#picker .photo-mark").nth(i)).to_have_class("photo-mark removed")
    expect(page.locator("dialog#picker .picker-sum")).to_have_text("2 tiles · 13 pips")  # 5 + 8
    # a tap on it again puts it back
    page.locator("dialog#picker button.tile[data-tile='4-0']").tap()
    assert _pressed(page) == TRUTH
    # back as read (the reader's doubts about it, if any, are said after its name)
    expect(chips.nth(i)).to_have_attribute("aria-label", re.compile(rf"^Tile {i + 1}: 4-0\.( |$)"))
    page.locator("dialog#picker button.tile[data-tile='4-0']").tap()
    page.locator("dialog#picker button[value=ok]").tap()
    expect(page.locator("#pips-1")).to_have_value("13")
    ctx.close()


@pytest.mark.parametrize("viewport, name", VIEWPORTS)
def test_a_photo_with_no_tile_shows_how_to_lay_the_hand(live, browser, api, tmp_path, viewport, name):
    buf = io.BytesIO()
    Image.new("RGB", (1200, 900), (40, 110, 60)).save(buf, "JPEG")  # a bare green mat
    path = tmp_path / "mat.jpg"
    path.write_bytes(buf.getvalue())
    ctx, page, _gid = _open(live, browser, api, viewport)
    page.locator("input.photo-input[data-seat='1']").set_input_files(str(path))
    status = page.locator("dialog#photo-status")
    expect(status.locator(".photo-message")).to_have_text(
        "The photo could not be read. Pick the tiles by hand, or take the photo again.")
    pictures = status.locator(".photo-howto img")
    expect(pictures).to_have_count(4)
    _within(page, pictures, viewport)
    _within(page, status.get_by_role("button", name="Pick the tiles"), viewport)
    shot(page, f"photo-marks-unread-{name}")
    status.get_by_role("button", name="Pick the tiles").tap()
    page.wait_for_selector("dialog#picker[open]")
    expect(page.locator("dialog#picker .photo-reading")).to_have_count(0)
    ctx.close()


def test_a_player_s_phone_shows_the_guide_and_marks_the_tiles(live, browser, api):
    # Ben's own phone (the seat page): the same guide and the same marks
    ctx, tablet, _gid = _open(live, browser, api, (1024, 768))
    tablet.locator("#phones summary").click()
    tablet.locator("#phones svg.qr").wait_for()
    join = tablet.locator("#phones .join-link").get_attribute("href")
    phone_ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    phone = phone_ctx.new_page()
    phone.goto(join)
    phone.get_by_role("button", name="Ben", exact=True).tap()
    phone.wait_for_selector(".seat-card")
    phone.locator(".photo-guide summary").tap()
    for svg in phone.locator(".photo-howto img").all():
        svg.scroll_into_view_if_needed()
        _within(phone, svg, (390, 844))
    phone.locator("input.photo-input").set_input_files(str(PHOTO))
    phone.wait_for_selector("dialog#picker[open] .photo-marks .photo-mark")
    expect(phone.locator("dialog#picker .photo-mark")).to_have_count(3)
    assert sorted(t.split()[1] for t in phone.locator("dialog#picker .photo-chip").all_inner_texts()) == TRUTH
    shot(phone, "photo-marks-seat-390x844")
    phone.locator("dialog#picker button[value=ok]").tap()
    expect(phone.locator("#pips-1")).to_have_value("17")
    phone_ctx.close()
    ctx.close()
