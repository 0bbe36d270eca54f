"""Picture dominoes on the start form, with a finger on a 1024×768 tablet
(issue 27): "More rules" offers the children's options only (the wins to
finish and how a late child starts; no tie-break, no adult rules), and the
late-arrival choice and its hint are in picture words (rounds won, not points).

Needs Debian's ``chromium``; skipped with a message where it is missing.
"""

from __future__ import annotations

import pytest

from tests.conftest import TOKEN, shot

pytestmark = pytest.mark.browser


def _shown_rules(page) -> list[str]:
    return page.evaluate("""() => [...document.querySelectorAll('.more-rules[data-kinds] .rule')]
        .filter(r => !r.hidden).map(r => r.querySelector('legend, label').textContent.trim())""")


def test_picture_dominoes_offer_the_childrens_rules_in_picture_words(live, browser, api):
    ctx = browser.new_context(viewport={"width": 1024, "height": 768}, has_touch=True)
    page = ctx.new_page()
    page.goto(f"{live}/?token={TOKEN}")
    page.locator(".more-rules[data-kinds] > summary").tap()
    assert "Tie break" in _shown_rules(page)  # Mexican Train: the adults' rules
    page.select_option("#kind", "picture")
    shown = _shown_rules(page)
    assert sorted(shown) == sorted(["Wins to finish", "Late joiners"]), shown
    row = page.locator(".more-rules[data-kinds] .rule:not([hidden])").filter(has=page.locator("input[name=rule-late_join]"))
    assert row.locator(".choice").all_inner_texts() == [
        "start with no round won", "start with the fewest rounds won at the table", "start with the others' average"]
    hint = row.locator(".hint").inner_text()
    assert hint.startswith("A child who joins late starts with no round won")
    assert "total" not in hint and "points" not in hint
    shot(page, "picture-more-rules")
    # the picture copy's choice is the one sent
    row.locator("input[value=average]").check()
    for i, name in enumerate(["Mia", "Leo"]):
        page.fill(f"#player-{i}", name)
    page.locator("button.primary.big", has_text="Start the game").tap()
    page.wait_for_url("**/games/*")
    gid = int(page.url.split("#")[0].split("?")[0].rstrip("/").rsplit("/", 1)[1])
    game = api.get(f"/api/games/{gid}").get_json()
    assert (game["kind"], game["rules"].get("late_join")) == ("picture", "average")
    # the game page and the score sheet say the rule in picture words too
    html = page.content()
    assert "start with the others' average" in html.replace("&#39;", "'") and "start at the average" not in html
    assert "A child who joins late" in html
    ctx.close()
