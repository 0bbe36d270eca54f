"""The /rules page as a player reads it (issue 11): every rule by its label,
its default in words, its source named for what it is; no developer words."""

from __future__ import annotations

import html
import re

from companion.rules.profile import OPTIONS
from companion.web.labels import RULE_LABELS


def _text(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def test_the_rules_table_speaks_to_players(client):
    html = client.get("/rules").get_data(as_text=True)
    text = _text(html)
    for option in OPTIONS:
        assert option.key not in text, option.key
        assert RULE_LABELS[option.key] in text, option.key
    for word in ("seed 0", "seeds 0", ".py", "rules-brief", "DRAW_COUNT", "the table below"):
        assert word not in text, word
    # the defaults that have no single value, said in words
    assert "the set's highest double" in text
    assert "the dealing table above" in text
    # sources named for what they are
    assert "the Belarusian, Mongolian and Korean rule pages" in text
    assert "the Russian collection" in text


def test_the_rules_page_in_russian_has_no_developer_words(client):
    html = client.get("/rules", headers={"Accept-Language": "ru"}).get_data(as_text=True)
    text = _text(html)
    assert "источник 00" not in text
    for option in OPTIONS:
        assert option.key not in text, option.key


def test_the_rules_page_says_what_its_sources_say(client):
    # the Russian collection: a classic game may be a single round (given with its draw game,
    # not among its house variants); the counting set's "by" plaque; no answer with a plaque of
    # the same count. It does not say what a blocked round's winner scores: the app's answer is
    # credited to the public page that gives it, and the rounding option names its page too
    html = client.get("/rules").get_data(as_text=True)
    text = _text(html)
    single = text.index("The collection also allows a game of a single round")
    assert single < text.index("House variants")
    assert 'a plaque with the word "by"' in text.replace("&#34;", '"')
    assert "an answer may not be a plaque with the same number of dots" in text
    assert "scored by the app as the Russian collection says" not in text
    assert "The collection does not say what they score" in text
    assert "a public rule page (points rounded to the nearest five); the Russian collection does not round " \
           "( dominoed.tripod.com )" in text
    assert 'href="https://dominoed.tripod.com/HowToPlayDominoes.htm"' in html
    assert "Players on equal totals share the place." not in text
    for lang in ("ru", "be", "hr", "mn", "ko"):
        page = _text(client.get("/rules", headers={"Accept-Language": lang}).get_data(as_text=True))
        assert "dominoed.tripod.com" in page and "gambiter.com" in page, lang


def test_rule_sets_are_named_by_what_they_change_and_sourced_on_the_rules_page(client):
    """Issue 27: rule set names said where they came from ("The Croatian rule
    page"); they say what they change (the rules of each preset: after a
    double one non-double, the 0-0 counts 0), and the rules page lists where
    each comes from."""
    start = client.get("/").get_data(as_text=True)
    presets = start[start.index('id="preset"'):]
    presets = html.unescape(presets[:presets.index("</fieldset>")])
    for said in ("After a double one more tile, not a double; 0-0 counts 0",
                 "A whole train on the first turn; 0-0 counts 0", "0-0 counts 50; after a double play again"):
        assert said in presets
    assert "rule page" not in presets and "Russian collection" not in presets
    rules = html.unescape(client.get("/rules").get_data(as_text=True))
    sources = rules[rules.index('id="rules-sources-sets"'):]
    assert "After a double one more tile, not a double; 0-0 counts 0</strong>: The Croatian rule page" in sources
    assert "15 / 11 / 8 tiles each</strong> (Deal table): Boxed-set leaflet: 15 / 11 / 8" in sources
