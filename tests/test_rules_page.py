"""The /rules page as a player reads it (issue 11): every rule by its label,
its default in words, its source named for what it is; no developer words."""

from __future__ import annotations

import re

from companion.labels import RULE_LABELS
from companion.rules.profile import OPTIONS


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
