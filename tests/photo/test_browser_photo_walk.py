"""A new user's walk of the photo flow (defects found, fixed here): the fix
banner, the list of doubts after a fix, Cancel while reading, Pick the tiles
after an error, and the labels on a phone. Real photos from tests/fixtures/photos
(licences beside them). Screenshots: ``test-artifacts/photo-walk-*.png``."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.conftest import TOKEN, shot
from tests.photo.test_browser_photo_marks import PHOTO, _misreading

pytestmark = pytest.mark.browser

VIEWPORTS = [((1024, 768), "1024x768"), ((390, 844), "390x844")]


def _open(live, browser, api, viewport, language="en", set_size=6):
    gid = api.post("/api/games", json={"kind": "mexican_train", "set": set_size, "players": ["Ana", "Ben"],
                                       "first_starter": "Ana"}).get_json()["id"]
    ctx = browser.new_context(viewport={"width": viewport[0], "height": viewport[1]}, has_touch=True)
    page = ctx.new_page()
    page.goto(f"{live}/?token={TOKEN}")
    if language != "en":
        page.goto(f"{live}/lang/{language}?next=/games/{gid}")
        page.wait_for_selector(f"html[lang={language}]")
    page.goto(f"{live}/games/{gid}")
    return ctx, page, gid


BOXES = """() => {
  const r = e => e.getBoundingClientRect().toJSON();
  const p = document.querySelector('dialog#picker');
  const fix = p.querySelector('.photo-fix');
  const tile = p.querySelector('button.tile.photo-fixing');
  return {dialog: r(p), fig: r(p.querySelector('.photo-reading')), header: r(p.querySelector('header')),
          footer: r(p.querySelector('footer')), fix: fix && r(fix), tile: tile && r(tile),
          lines: [...p.querySelectorAll('.photo-reading figcaption p, .photo-reading figcaption li')].map(r),
          spills: fix ? fix.scrollHeight > fix.clientHeight + 1 : false,
          scroll: p.querySelector('form').scrollTop};
}"""


@pytest.mark.parametrize("language", ["en", "ko"])
@pytest.mark.parametrize("viewport, name", VIEWPORTS)
def test_the_fix_banner_neither_moves_nor_hides_the_reading(live, browser, api, viewport, name, language):
    ctx, page, gid = _open(live, browser, api, viewport, language)
    page.route("**/api/photo/hand", _misreading(api, gid))
    page.locator("input.photo-input[data-seat='1']").set_input_files(str(PHOTO))
    page.wait_for_selector("dialog#picker[open] .photo-reading img")
    page.wait_for_function("document.querySelector('.photo-reading img').complete")
    before = page.evaluate(BOXES)
    page.locator("dialog#picker .photo-chip").nth(0).tap()
    expect(page.locator("dialog#picker .photo-fix")).to_be_visible()
    page.wait_for_timeout(700)  # the smooth scroll to the tile in the set
    after = page.evaluate(BOXES)
    shot(page, f"photo-walk-fix-{language}-{name}")
    # no jump: the dialog, its header and the reading stay where they were
    # (the reading moves only as far as the dialog scrolled, if it did)
    assert after["dialog"]["top"] == pytest.approx(before["dialog"]["top"], abs=1)
    assert after["header"]["height"] == pytest.approx(before["header"]["height"], abs=1)
    assert after["fig"]["top"] + after["scroll"] == pytest.approx(before["fig"]["top"] + before["scroll"], abs=1)
    # nothing clipped: the banner and the chosen tile in full view, between
    # the header and the footer; no line of the reading half under the header
    for box in (after["fix"], after["tile"]):
        assert box["top"] >= after["header"]["bottom"] - 0.5
        assert box["bottom"] <= after["footer"]["top"] + 0.5
    assert not after["spills"]
    for line in after["lines"]:
        assert not line["top"] < after["header"]["bottom"] - 1 < line["bottom"] - 2, line
    ctx.close()


DOUBLE_12 = PHOTO.parent / "evw_dominoes.png"  # 1-0, 3-2, 5-4, 7-6, 9-8, 11-10, 12-12

LABELS = """() => [...document.querySelectorAll('dialog#picker .photo-label rect')].map(r => {
  const b = r.getBoundingClientRect();
  return {x: b.left, y: b.top, w: b.width, h: b.height,
          text: r.parentNode.querySelector('text').textContent};
})"""


def _overlaps(boxes):
    return [(a["text"], b["text"]) for i, a in enumerate(boxes) for b in boxes[i + 1:]
            if a["x"] < b["x"] + b["w"] and b["x"] < a["x"] + a["w"]
            and a["y"] < b["y"] + b["h"] and b["y"] < a["y"] + a["h"]]


@pytest.mark.parametrize("viewport, name", VIEWPORTS)
def test_labels_on_a_double_12_photo_never_overlap(live, browser, api, viewport, name):
    ctx, page, _gid = _open(live, browser, api, viewport, set_size=12)
    page.locator("input.photo-input[data-seat='1']").set_input_files(str(DOUBLE_12))
    page.wait_for_selector("dialog#picker[open] .photo-reading img")
    page.wait_for_function("document.querySelector('.photo-reading img').complete")
    page.wait_for_timeout(300)
    boxes = page.evaluate(LABELS)
    shot(page, f"photo-walk-labels-12-{name}")
    assert len(boxes) == 7
    assert _overlaps(boxes) == []
    # no label over the middle of another tile (the middle of its mark's box on the screen)
    middles = page.evaluate("""() => [...document.querySelectorAll('dialog#picker .photo-mark polygon')].map(p => {
      const b = p.getBoundingClientRect(); return [b.left + b.width / 2, b.top + b.height / 2]; })""")
    covered = [(k, box["text"]) for k, (x, y) in enumerate(middles) for i, box in enumerate(boxes)
               if i != k and box["x"] <= x <= box["x"] + box["w"] and box["y"] <= y <= box["y"] + box["h"]]
    assert covered == []
    if name == "390x844":  # full labels there would cover the tiles: numbers only
        assert [b["text"] for b in boxes] == [str(n) for n in range(1, 8)]
    ctx.close()


def test_a_fixed_or_removed_tile_leaves_the_list_of_doubts(live, browser, api):
    ctx, page, gid = _open(live, browser, api, (1024, 768))
    page.route("**/api/photo/hand", _misreading(api, gid))
    page.locator("input.photo-input[data-seat='1']").set_input_files(str(PHOTO))
    page.wait_for_selector("dialog#picker[open] .photo-marks .photo-mark")
    chips = page.locator("dialog#picker .photo-chip")
    texts = chips.all_inner_texts()
    doubts = page.locator("dialog#picker .photo-doubts")

    def numbers():
        return sorted(doubts.locator("b").all_inner_texts())

    i = next(k for k, t in enumerate(texts) if "6-1" in t)
    doubted = [str(k + 1) for k, t in enumerate(texts) if t.endswith("?")]
    assert str(i + 1) in doubted and str(i + 1) in numbers()
    chips.nth(i).tap()
    page.locator("dialog#picker button.tile[data-tile='6-2']").tap()
    expect(chips.nth(i)).to_have_text(f"{i + 1} 6-2")
    assert str(i + 1) not in numbers()  # fixed: no longer doubted
    for k in doubted:
        if k != str(i + 1):
            chips.nth(int(k) - 1).tap()
            page.locator("dialog#picker .photo-fix").get_by_role("button", name="Remove this tile").tap()
    assert numbers() == []  # removed: no longer doubted either
    ctx.close()


def _held(page):
    """Hold the page's photo request (answered later, by hand)."""
    held = []
    page.route("**/api/photo/hand", lambda route: held.append(route))
    return held


@pytest.mark.parametrize("how", ["Escape", "Cancel"])
def test_cancel_abandons_the_reading(live, browser, api, how):
    ctx, page, gid = _open(live, browser, api, (390, 844))
    held = _held(page)
    page.locator("input.photo-input[data-seat='1']").set_input_files(str(PHOTO))
    status = page.locator("dialog#photo-status")
    expect(status.locator(".photo-message")).to_have_text("Reading Ben's photo…")
    cancel = status.get_by_role("button", name="Cancel")
    expect(cancel).to_be_visible()
    for _ in range(50):
        if held:
            break
        page.wait_for_timeout(100)
    assert len(held) == 1
    if how == "Escape":
        page.keyboard.press("Escape")
    else:
        cancel.tap()
    expect(status).not_to_be_visible()
    answer = _misreading(api, gid)
    try:
        answer(held[0])  # the answer comes late: it is ignored
    except Exception:  # noqa: BLE001 - the request was aborted: nothing to answer
        pass
    page.wait_for_timeout(1500)
    expect(page.locator("dialog#picker")).not_to_be_visible()
    expect(status).not_to_be_visible()
    assert page.locator("input[name='tiles-1']").input_value() == ""
    # the next photo is read as usual
    page.unroute("**/api/photo/hand")
    page.route("**/api/photo/hand", answer)
    page.locator("input.photo-input[data-seat='1']").set_input_files(str(PHOTO))
    page.wait_for_selector("dialog#picker[open] .photo-marks .photo-mark")
    ctx.close()


@pytest.mark.parametrize("trouble", ["not a photo", "not sent"])
def test_an_error_offers_the_tile_picker(live, browser, api, tmp_path, trouble):
    ctx, page, _gid = _open(live, browser, api, (390, 844))
    path = tmp_path / "notes.jpg"
    path.write_text("tiles: 3-2 4-0")
    if trouble == "not sent":
        page.route("**/api/photo/hand", lambda route: route.abort())
        path = PHOTO
    page.locator("input.photo-input[data-seat='1']").set_input_files(str(path))
    status = page.locator("dialog#photo-status")
    expect(status.locator(".photo-message")).to_have_text(
        "This file is not a photo (JPEG, PNG, WebP, BMP or TIFF)." if trouble == "not a photo"
        else "The photo could not be sent. Try again, or pick the tiles by hand.")
    expect(status.get_by_role("button", name="Close")).to_be_visible()
    status.get_by_role("button", name="Pick the tiles").tap()
    page.wait_for_selector("dialog#picker[open]")
    expect(page.locator("dialog#picker .photo-reading")).to_have_count(0)
    expect(page.locator("dialog#picker button.tile[aria-pressed=true]")).to_have_count(0)
    expect(page.locator("dialog#picker h2")).to_have_text("Ben")
    ctx.close()
