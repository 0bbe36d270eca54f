"""Choosing a game on the start page and on a new club night brings that
game's usual set (walk of issue 28: Chicken Foot stayed on Double-12 and a
club night in pairs was refused with "played with a double-six or a
double-nine set"). The usual sets are the kinds' own (rules-families.md:
Chicken Foot double-nine usual; partnership double-six in most of Latin
America; Mexican Train double-twelve)."""

from __future__ import annotations

import pytest

from tests.conftest import TOKEN

pytestmark = pytest.mark.browser


def test_the_chosen_game_brings_its_usual_set(live, browser):
    ctx = browser.new_context(viewport={"width": 1024, "height": 768})
    page = ctx.new_page()
    page.goto(f"{live}/?token={TOKEN}")
    page.goto(f"{live}/")
    assert page.input_value("#set") == "12"
    page.select_option("#kind", "chicken_foot")
    assert page.input_value("#set") == "9"
    page.select_option("#kind", "partnership")  # the common rule set: double-six
    assert page.input_value("#set") == "6"
    page.select_option("#kind", "mexican_train")
    assert page.input_value("#set") == "12"
    page.select_option("#kind", "chicken_foot")
    page.select_option("#set", "12")  # still free to change
    assert page.input_value("#set") == "12"

    page.goto(f"{live}/events")
    page.select_option("#ev-kind", "partnership")
    assert page.input_value("#ev-set") == "6"
    page.select_option("#ev-kind", "chicken_foot")
    assert page.input_value("#ev-set") == "9"
    ctx.close()
