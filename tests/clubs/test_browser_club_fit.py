"""The club night's pages as a newcomer saw them (issue 27): the form's
choices read whole at 1024×768 and 390×844, and the big screen of three
tables fits a 4:3 screen (1024×768) without scrolling.

Needs Debian's ``chromium``; skipped with a message where it is missing.
"""

from __future__ import annotations

import pytest

from tests.conftest import TOKEN, shot

pytestmark = pytest.mark.browser

TABLET = {"width": 1024, "height": 768}
PHONE = {"width": 390, "height": 844}

# Every choice of the form, each option as if chosen: the text's width (the
# select's own font, measured on a canvas) against the room the closed select
# gives it (its width less its padding, where the arrow is drawn).
CLIPPED = """() => {
  const out = [];
  const ctx = document.createElement("canvas").getContext("2d");
  for (const s of document.querySelectorAll("form select")) {
    if (!s.offsetParent) continue;  // hidden for this kind of game
    const cs = getComputedStyle(s);
    ctx.font = `${cs.fontStyle} ${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
    const room = s.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
    for (const o of s.options) {
      const w = ctx.measureText(o.text).width;
      if (w > room) out.push(`${s.id}: "${o.text}" ${Math.round(w)} px in ${Math.round(room)} px`);
    }
  }
  for (const el of document.querySelectorAll("form label, form legend, form .hint")) {
    if (el.offsetParent && el.scrollWidth > el.clientWidth + 1) out.push(`${el.textContent.trim()}: overflows`);
  }
  return out;
}"""


@pytest.mark.parametrize("size", [TABLET, PHONE], ids=["tablet", "phone"])
def test_no_choice_of_the_club_night_form_is_clipped(live, browser, size):
    ctx = browser.new_context(viewport=size, has_touch=True)
    page = ctx.new_page()
    page.goto(f"{live}/events?token={TOKEN}")
    assert page.evaluate(CLIPPED) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= size["width"]
    shot(page, f"club-form-{size['width']}")
    ctx.close()
