"""Players never see developer words (issue 14): no rule key, seed file name
or constant name on the pages a table uses or in a refusal, in any of the six
languages. Keys stay in the API's ``path`` and in the docs."""

from __future__ import annotations

import html as html_lib
import re

import pytest

from companion.rules.profile import OPTIONS
from tests.conftest import csrf_token

LANGUAGES = ["en", "ru", "be", "hr", "mn", "ko"]
RULE_KEYS = sorted({o.key for o in OPTIONS if "_" in o.key})  # "engine_order", "draw_counts", …
DEVELOPER = re.compile(r"\bseeds? ?0\d\d\b|\b\w+\.(?:md|py|json)\b|\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b|\brule key\b",
                       re.IGNORECASE)


def visible_text(page: str) -> str:
    """What a reader sees: the text outside tags, scripts and styles, and the
    words of ``title``, ``aria-label`` and ``placeholder`` attributes."""
    page = re.sub(r"<(script|style)\b.*?</\1>", " ", page, flags=re.S | re.I)
    shown = re.findall(r'\b(?:title|aria-label|placeholder|alt)="([^"]*)"', page)
    text = re.sub(r"<[^>]+>", " ", page)
    return html_lib.unescape(" ".join([text, *shown]))


def developer_words(text: str) -> list[str]:
    found = [k for k in RULE_KEYS if re.search(rf"(?<![\w-]){re.escape(k)}(?![\w-])", text)]
    return found + DEVELOPER.findall(text)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_pages_and_messages_speak_to_players(client, api, lang):
    client.get(f"/lang/{lang}")
    record = {"set": 12, "players": ["Ana", "Ben", "Chen"], "first_starter": "Ana",
              "rules": {"double_blank_points": 25, "engine_order": "ascending", "after_double": "one_non_double",
                        "draw_counts": {"3": 14}},
              "rounds": [{"ended": "blocked", "hands": {"Ana": {"pips": 4}, "Ben": {"pips": 9},
                                                          "Chen": {"pips": 30}}}]}
    r = api.post("/api/games", json={**record, "confirm": True})
    assert r.status_code == 201, r.get_json()
    gid = r.get_json()["id"]
    pages = {path: client.get(path).get_data(as_text=True)
             for path in ("/", f"/games/{gid}", f"/games/{gid}/rounds/1/edit", "/rules", "/planner")}
    # a refusal: a rule number out of range on the start form, and a round with letters in it
    token = csrf_token(client, "/")
    bad = {"csrf_token": token, "kind": "mexican_train", "set": "12", "player": ["Ana", "Ben"], "starter": "0"}
    bad.update({f"rule-{o.key}": "9999999" for o in OPTIONS if o.choices is None and o.key != "draw_counts"})
    pages["refused start"] = client.post("/games", data=bad).get_data(as_text=True)
    # a choice no select offers (a form sent by hand): refused without naming the rule's key
    bad = {"csrf_token": token, "kind": "mexican_train", "set": "12", "player": ["Ana", "Ben"], "starter": "0",
           "rule-engine_order": "sideways"}
    pages["refused choice"] = client.post("/games", data=bad).get_data(as_text=True)
    token = csrf_token(client, f"/games/{gid}")
    pages["refused round"] = client.post(f"/games/{gid}/rounds", data={
        "csrf_token": token, "number": "2", "out": "0", "pips-1": "x", "pips-2": "99999999999"}).get_data(as_text=True)
    # tiles left below 0 reach the engine: its message names the field in words
    pages["refused count"] = client.post(f"/games/{gid}/rounds", data={
        "csrf_token": token, "number": "2", "out": "0", "pips-1": "5", "left-1": "-3", "pips-2": "7"}).get_data(as_text=True)
    for name, page in pages.items():
        assert developer_words(visible_text(page)) == [], (lang, name)
    assert pages["refused choice"].count('class="form-error"') + pages["refused choice"].count("field-error") >= 1
    assert "tiles_left" not in visible_text(pages["refused count"])


def test_api_refusals_keep_the_key_in_the_path_and_words_in_the_message(api):
    r = api.post("/api/games", json={"set": 12, "players": ["Ana", "Ben"], "first_starter": "Ana",
                                     "rules": {"engine_order": "sideways", "draw_counts": {"x": 3}}})
    errors = {e["path"]: e["message"] for e in r.get_json()["errors"]}
    assert errors["rules.engine_order"] == "This rule takes one of its listed choices (descending, ascending)."
    assert errors["rules.draw_counts.x"] == \
        "The dealing table gives, for 1 to 20 players, 1 to 100 tiles dealt to each."
    gid = api.post("/api/games", json={"set": 12, "players": ["Ana", "Ben"],
                                       "first_starter": "Ana"}).get_json()["id"]
    r = api.post(f"/api/games/{gid}/rounds", json={"ended": "domino", "hands": {
        "Ana": {"pips": 0}, "Ben": {"pips": 5, "tiles_left": -1, "marker": "yes"}}})
    errors = {e["path"]: e["message"] for e in r.get_json()["errors"]}
    assert errors["rounds[0].hands.Ben.tiles_left"] == "The tiles left must be a whole number, 0 or more."
    assert errors["rounds[0].hands.Ben.marker"] == "“Marker left on the train” is ticked or not, nothing else."
