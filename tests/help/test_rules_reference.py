"""The rules reference partial (templates/rules_content.html).

Rendered through plain Jinja with the i18n extension, no Flask app needed.
Checks the facts of rules-brief.md, the citations of the five seeds, that the
app's choices match companion/rules (profile.py, schedule.py), that every
English string goes through gettext, and that the markup stays script-free.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from jinja2 import Environment, FileSystemLoader

from companion.rules import profile, schedule, tiles
from companion.web.labels import RULE_LABELS, VALUE_LABELS

ROOT = Path(__file__).resolve().parents[2]
TEMPLATES = ROOT / "templates"
PARTIAL = "help/rules_content.html"

SEEDS = (
    "the Belarusian rule page",
    "the Croatian rule page",
    "the Mongolian rule page",
    "the Russian rule collection",
    "the Korean rule page",
)


def _env() -> Environment:
    return Environment(loader=FileSystemLoader(str(TEMPLATES)), extensions=["jinja2.ext.i18n"])


def _deal_context() -> dict:
    """What the rules view gives the partial: the engine's dealing table."""
    from companion.rules.profile import DRAW_COUNT_PRESETS, PRESETS
    from companion.rules.schedule import MAX_PLAYERS, MIN_PLAYERS, rule_deal
    from companion.rules.tiles import SET_SIZES
    from companion.web.labels import RULE_LABELS

    seats = list(range(MIN_PLAYERS, MAX_PLAYERS + 1))
    return {"deal_seats": seats, "deal_table": {n: [rule_deal(n, p) for p in seats] for n in SET_SIZES},
            "presets": PRESETS, "draw_presets": DRAW_COUNT_PRESETS, "rule_labels": RULE_LABELS,
            "translated": str}


@pytest.fixture(scope="module")
def html() -> str:
    env = _env()
    env.install_null_translations(newstyle=True)
    return env.get_template(PARTIAL).render(**_deal_context())


def _text(markup: str) -> str:
    """The markup with tags removed and whitespace collapsed."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", markup))


class _Tables(HTMLParser):
    """Collects every table with an id as ``{id: [[cell text, ...], ...]}``."""

    def __init__(self) -> None:
        super().__init__()
        self.tables: dict[str, list[list[str]]] = {}
        self._current: str | None = None
        self._row: list[str] | None = None
        self._cell: list[str] | None = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "table" and attrs.get("id"):
            self._current = attrs["id"]
            self.tables[self._current] = []
        elif tag == "tr" and self._current:
            self._row = []
        elif tag in ("td", "th") and self._row is not None:
            self._cell = []

    def handle_endtag(self, tag):
        if tag in ("td", "th") and self._cell is not None:
            self._row.append(" ".join("".join(self._cell).split()))
            self._cell = None
        elif tag == "tr" and self._row is not None:
            self.tables[self._current].append(self._row)
            self._row = None
        elif tag == "table":
            self._current = None

    def handle_data(self, data):
        if self._cell is not None:
            self._cell.append(data)


def _tables(html: str) -> dict[str, list[list[str]]]:
    parser = _Tables()
    parser.feed(html)
    return parser.tables


def test_renders_as_a_partial_without_scripts_or_styles(html):
    lowered = html.lower()
    # a partial: no page of its own around it
    assert "<html" not in lowered and "<body" not in lowered and "<head" not in lowered
    assert "<script" not in lowered
    assert "<style" not in lowered
    assert " style=" not in lowered
    assert not re.search(r"\son[a-z]+\s*=", lowered), "no inline event handlers"


def test_set_sizes_and_pips(html):
    text = _text(html)
    for size, pips in ((28, 168), (55, 495), (91, 1092), (136, 2040), (190, 3420)):
        assert f" {size} " in text
        assert f" {pips} " in text
    rows = {r[0]: r[1:] for r in _tables(html)["rules-set-sizes"][1:]}
    assert rows["double-12"] == ["0–12", "91", "13", "1092", "13"]
    assert rows["double-9"] == ["0–9", "55", "10", "495", "10"]


def test_dealing_table_from_the_seeds(html):
    rows = {r[0]: r[1:] for r in _tables(html)["rules-deal-seeds"]}
    assert rows["Players"] == ["2", "3", "4", "5", "6", "7", "8"]
    assert rows["double-12"] == ["16", "16", "15", "14", "12", "10", "9"]
    assert rows["double-9"][:3] == ["15", "13", "10"]
    for set_n, counts in schedule.SEED_DEAL.items():
        got = rows[f"double-{set_n}"]
        for players, dealt in counts.items():
            assert got[players - 2] == str(dealt)


def test_app_dealing_table_matches_schedule(html):
    """The grid of proposed deals is exactly what schedule.rule_deal computes."""
    rows = {r[0]: r[1:] for r in _tables(html)["rules-deal-app"]}
    players = [int(p) for p in rows.pop("Players")]
    assert players == list(range(schedule.MIN_PLAYERS, schedule.MAX_PLAYERS + 1))
    assert sorted(int(k.split("-")[1]) for k in rows) == sorted(tiles.SET_SIZES)
    for label, cells in rows.items():
        set_n = int(label.split("-")[1])
        assert [int(c) for c in cells] == [schedule.rule_deal(set_n, p) for p in players], label


def test_app_rule_for_other_sets_is_stated(html):
    text = _text(html)
    assert "two thirds" in text
    assert "double-6, double-15, double-18" in text
    assert "Deal table" in text
    assert "type the number actually dealt" in text


def test_rounds_and_starter(html):
    text = _text(html)
    assert "13 rounds, from 12-12 to 0-0" in text
    assert "10 rounds, from 9-9 to 0-0" in text
    assert "one seat clockwise" in text


def test_scoring_facts(html):
    text = _text(html)
    assert "scores 0" in text
    assert "6 + 7 + 2 + 3 = 18" in text
    assert "50 points" in text
    assert "lowest total wins" in text


def test_no_developer_words_on_the_page(html):
    # rule keys, choice values, file names and the seed numbers are for developers
    text = _text(html)
    for option in profile.OPTIONS:
        assert option.key not in html, option.key
    for word in ("seed 0", "seeds 0", ".py", ".md", "profile", "rules-brief", "DRAW_COUNT"):
        assert word not in text, word


def test_every_seed_is_cited(html):
    for seed in SEEDS:
        assert f"<cite>{seed}</cite>" in html, seed


SOURCES_DIFFER_TOPICS = {
    "rules-differ-players": None,
    "rules-differ-engine": "engine_order",
    "rules-differ-starter": None,
    "rules-differ-first-turn": "first_turn",
    "rules-differ-after-double": "after_double",
    "rules-differ-open-order": "open_doubles_order",
    "rules-differ-double-blank": "double_blank_points",
}


def _boxes(html: str) -> dict[str, str]:
    found = re.findall(
        r'<aside class="sources-differ" aria-labelledby="([^"]+)">(.*?)</aside>', html, re.S
    )
    return dict(found)


def test_sources_differ_boxes(html):
    boxes = _boxes(html)
    assert set(SOURCES_DIFFER_TOPICS) <= set(boxes)
    for box_id, key in SOURCES_DIFFER_TOPICS.items():
        box = boxes[box_id]
        assert "Sources differ" in box
        assert '<div class="app-choice">' in box
        assert "This app uses:" in box
        assert "<cite>" in box
        if key:
            # the rule by its label, never by its key
            assert f"<strong>{RULE_LABELS[key]}</strong>" in box, box_id
            assert key not in box, box_id


def test_app_choices_match_the_profile_defaults(html):
    boxes = _boxes(html)
    for box_id, key in SOURCES_DIFFER_TOPICS.items():
        if not key:
            continue
        option = profile.OPTIONS_BY_KEY[key]
        box = boxes[box_id]
        if option.choices:
            # "<default label> by default, or <other label>"
            text = _text(box)
            assert f"{VALUE_LABELS[option.default]} by default" in text, (box_id, option.default)
            for choice in option.choices:
                assert VALUE_LABELS[choice] in text, (box_id, choice)
        else:
            assert f"{option.default} points" in _text(box) or f"default) {option.default}" in box
    # (every rule, by its label, is in the page's table of rules: tests/test_rules_page.py)
    text = _text(html)
    assert f"default {profile.OPTIONS_BY_KEY['target_score'].default}" in text
    assert f"default {profile.OPTIONS_BY_KEY['min_round_score'].default}" in text


def test_other_games(html):
    text = _text(html)
    # Block and Draw (seed 003)
    assert "28 tiles" in text
    assert "each takes 7 tiles" in text and "each takes 6" in text
    assert "reach 100 points" in text and "play to 50" in text
    assert "at least 15" in text
    # Picture dominoes
    assert "Everyone takes 6 (5 each when more than four play)" in text
    # Counting dominoes
    assert "90 plaques" in text and "from 1 to 20 dots" in text
    assert "Adding and subtracting within 100." in text


def test_glossary_terms(html):
    glossary = html.split('id="rules-glossary"', 1)[1]
    for term in (
        "Engine", "Hub", "Train", "Personal train", "Mexican train", "Marker",
        "Boneyard", "Open double", "Satisfy a double", "Domino", "Blocked round", "Pips",
    ):
        assert f"<dt>{term}</dt>" in glossary, term


def test_table_of_contents_links_resolve(html):
    ids = set(re.findall(r'\sid="([^"]+)"', html))
    links = re.findall(r'href="#([^"]+)"', html)
    assert len(links) >= 15
    assert set(links) <= ids
    assert len(ids) == len(re.findall(r'\sid="', html)), "ids are unique"


def test_header_cells_have_scope(html):
    for th in re.findall(r"<th\b[^>]*>", html):
        assert re.search(r'scope="(col|row)"', th), th


class _Untranslated(HTMLParser):
    """Collects text that is neither inside a gettext marker nor inside <code>."""

    def __init__(self) -> None:
        super().__init__()
        self.code_depth = 0
        self.leftover: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag == "code":
            self.code_depth += 1

    def handle_endtag(self, tag):
        if tag == "code":
            self.code_depth -= 1

    def handle_data(self, data):
        if not self.code_depth:
            self.leftover.append(data)


def test_every_english_string_goes_through_gettext():
    """Render with a gettext that brackets each message; no letters may be left outside."""
    env = _env()

    def gettext(message):
        return f"\u27e6{message}\u27e7"

    def ngettext(singular, plural, n):
        return gettext(singular if n == 1 else plural)

    env.install_gettext_callables(gettext, ngettext, newstyle=True)
    # the page's translated() (rule set names, which are messages) brackets as gettext does
    rendered = env.get_template(PARTIAL).render(**{**_deal_context(), "translated": gettext})
    outside = re.sub(r"\u27e6.*?\u27e7", " ", rendered, flags=re.S)
    parser = _Untranslated()
    parser.feed(outside)
    stray = [t.strip() for t in parser.leftover if re.search(r"[A-Za-z]", t)]
    assert stray == []


def test_messages_extract_cleanly():
    """Babel extraction finds the messages, each on one line (trimmed trans blocks)."""
    from jinja2.ext import babel_extract

    with open(TEMPLATES / PARTIAL, "rb") as fileobj:
        messages = list(
            babel_extract(fileobj, ("_", "gettext", "ngettext"), [], {"extensions": "jinja2.ext.i18n"})
        )
    assert len(messages) > 150
    for _lineno, _func, message, _comments in messages:
        assert "\n" not in message, message
        assert message == message.strip(), message
