"""A photo with no tile in it (issue 27, major 4): the tablet said "check the
tiles marked in orange" with none marked. It now says the photo could not be
read, in players' words, and offers the tile picker for that hand.
Screenshots: ``test-artifacts/photo-unread-*.png``."""

from __future__ import annotations

import io

import pytest
from PIL import Image
from playwright.sync_api import expect

from tests.conftest import TOKEN, shot

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("viewport, name", [((1024, 768), "1024x768"), ((390, 844), "390x844")])
def test_a_photo_with_no_tile_says_so_and_offers_the_picker(live, browser, api, tmp_path, viewport, name):
    gid = api.post("/api/games", json={"set": 12, "players": ["Ana", "Ben"], "first_starter": "Ana"}
                   ).get_json()["id"]
    buf = io.BytesIO()
    Image.new("RGB", (1200, 900), (40, 110, 60)).save(buf, "JPEG")  # a bare green mat
    path = tmp_path / "mat.jpg"
    path.write_bytes(buf.getvalue())
    ctx = browser.new_context(viewport={"width": viewport[0], "height": viewport[1]}, has_touch=True)
    page = ctx.new_page()
    page.goto(f"{live}/?token={TOKEN}")
    page.goto(f"{live}/games/{gid}")
    page.locator("input.photo-input[data-seat='1']").set_input_files(str(path))
    status = page.locator("dialog#photo-status")
    expect(status.locator(".photo-message")).to_have_text(
        "The photo could not be read. Pick the tiles by hand, or take the photo again.")
    assert status.locator(".photo-hints li").all_inner_texts() == [
        "No tile was found. Lay the tiles face up, apart, on a plain mat, and take the photo from above."]
    assert "orange" not in status.inner_text()
    assert page.locator("dialog#picker").evaluate("d => d.open") is False
    shot(page, f"photo-unread-{name}")
    status.get_by_role("button", name="Pick the tiles").tap()
    page.wait_for_selector("dialog#picker[open]")
    assert page.locator("dialog#picker h2").inner_text() == "Ben"
    assert page.locator("dialog#picker button.tile[aria-pressed=true]").count() == 0
    assert page.locator("dialog#picker .photo-reading").count() == 0
    page.locator("dialog#picker button.tile[data-tile='6-5']").tap()
    page.locator("dialog#picker button[value=ok]").tap()
    expect(page.locator("#pips-1")).to_have_value("11")
    ctx.close()
