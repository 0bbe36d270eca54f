"""The app's own 404 page (issue 27): a missing game on a phone (390×844), in
Russian, with a way back. Screenshot ``test-artifacts/error-404-ru-390x844.png``."""

from __future__ import annotations

import pytest

from tests.conftest import TOKEN, shot

pytestmark = pytest.mark.browser


def test_a_missing_game_says_so_in_russian_with_a_way_back(live, browser):
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, locale="ru-RU",
                              extra_http_headers={"Accept-Language": "ru"})
    page = ctx.new_page()
    page.goto(f"{live}/?token={TOKEN}")
    r = page.goto(f"{live}/games/999")
    assert r.status == 404
    assert page.locator("#error-h").inner_text() == "Такой страницы здесь нет"
    back = page.get_by_role("link", name="Назад к партиям")
    assert back.is_visible()
    shot(page, "error-404-ru-390x844")
    back.tap()
    page.wait_for_url(f"{live}/")
    ctx.close()
