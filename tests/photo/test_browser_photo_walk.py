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
  const cap = p.querySelector('.photo-reading figcaption');
  const fig = p.querySelector('.photo-reading');
  const next = fig.nextElementSibling;
  const lines = [...cap.querySelectorAll('p, li')].map(r);
  return {dialog: r(p), fig: r(fig), cap: r(cap), next: r(next), lines,
          header: r(p.querySelector('header')), scroll: p.querySelector('form').scrollTop};
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
    print(before, after)
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
