"""The header's title in Russian at 1024×768 was cut to "Домино: п…" (issue
27): it shows whole, on two lines if it must, in every language, with the
links still on one line. Screenshots ``test-artifacts/header-<lang>-1024x768.png``."""

from __future__ import annotations

import pytest

from tests.conftest import TOKEN, shot

pytestmark = pytest.mark.browser

TITLES = {"ru": "Домино: помощник за столом", "be": "Даміно: памочнік за сталом",
          "mn": "Даалууны ширээний туслах", "hr": "Domino: pomoćnik za stolom", "ko": "도미노 테이블 도우미"}


@pytest.mark.parametrize("lang", list(TITLES))
def test_the_header_title_is_whole_at_1024(live, browser, lang):
    ctx = browser.new_context(viewport={"width": 1024, "height": 768}, extra_http_headers={"Accept-Language": lang})
    page = ctx.new_page()
    page.goto(f"{live}/?token={TOKEN}")
    page.goto(f"{live}/")
    brand = page.locator(".top .brand span")
    shot(page, f"header-{lang}-1024x768")
    assert brand.inner_text() == TITLES[lang]
    box = brand.evaluate("""s => ({sw: s.scrollWidth, cw: s.clientWidth, sh: s.scrollHeight, ch: s.clientHeight,
                                   lines: Math.round(s.getBoundingClientRect().height / parseFloat(getComputedStyle(s).lineHeight))})""")
    assert box["sw"] <= box["cw"] + 1 and box["sh"] <= box["ch"] + 1 and box["lines"] <= 2, box
    # the links stay on one line: every link's top the same
    tops = page.locator(".top nav > a:not(.brand)").evaluate_all(
        "els => els.filter(e => e.offsetParent !== null).map(e => Math.round(e.getBoundingClientRect().top))")
    assert len(set(tops)) == 1
    assert page.locator(".top").evaluate("h => h.getBoundingClientRect().height") <= 64
    shot(page, f"header-{lang}-1024x768")
    ctx.close()
