"""In headless Chromium: the themes a device can choose change the page's
colours, and ``auto`` follows the system's dark mode and contrast setting.

Needs Debian's ``chromium``; skipped where it is missing."""

from __future__ import annotations

import pytest

from tests.conftest import TOKEN

pytestmark = pytest.mark.browser

THEMES = ("auto", "light", "dark", "contrast")


def _palette(page) -> tuple[str, str, str]:
    """The page's paper, ink and link colours as the browser resolved them."""
    return tuple(page.evaluate(
        "() => ['--paper', '--ink', '--link'].map(v =>"
        " getComputedStyle(document.documentElement).getPropertyValue(v).trim())"
    ))


def test_themes_change_the_colours_and_auto_follows_the_system(live, browser):
    seen: dict[tuple[str, str], tuple[str, str, str]] = {}
    for system in ("plain", "dark", "more contrast"):
        ctx = browser.new_context(
            color_scheme="dark" if system == "dark" else "light",
            contrast="more" if system == "more contrast" else "no-preference",
        )
        page = ctx.new_page()
        page.goto(f"{live}/?token={TOKEN}")
        for theme in THEMES:
            page.goto(f"{live}/theme/{theme}?next=/")
            assert page.evaluate("document.documentElement.dataset.theme") == theme
            seen[system, theme] = _palette(page)
        ctx.close()
    light, dark, contrast = seen["plain", "light"], seen["plain", "dark"], seen["plain", "contrast"]
    assert len({light, dark, contrast}) == 3  # three different palettes
    # a chosen theme holds whatever the system says
    for system in ("dark", "more contrast"):
        assert (seen[system, "light"], seen[system, "dark"], seen[system, "contrast"]) == (
            light, dark, contrast)
    # auto follows the system
    assert seen["plain", "auto"] == light
    assert seen["dark", "auto"] == dark
    assert seen["more contrast", "auto"] == contrast
