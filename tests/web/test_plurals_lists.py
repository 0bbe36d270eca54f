"""Counts read right in every language (each catalogue's plural forms) and lists
are joined the way each language joins them (issue 14)."""

from __future__ import annotations

import json

import pytest

from companion.rules import errors as rule_errors
from companion.rules.errors import join_names, trn
from companion.web.i18n import in_language, join_list, plural_words
from tests.conftest import csrf_token

SEVERAL_OUT = {"ended": "domino", "hands": {
    "Ana": {"pips": 0}, "Boris": {"pips": 0}, "Chen": {"pips": 7}}}


def test_the_engine_alone_joins_names_in_english():
    rule_errors.set_list_joiner(None)
    try:
        assert join_names([]) == ""
        assert join_names(["Ana"]) == "Ana"
        assert join_names(["Ana", "Boris"]) == "Ana and Boris"
        assert join_names(["Ana", "Boris", "Chen"]) == "Ana, Boris and Chen"
    finally:
        from companion.web import i18n

        rule_errors.set_list_joiner(i18n.join_list)


@pytest.mark.parametrize(("code", "two", "three"), [
    # CLDR's list patterns (what Babel's format_list applies)
    ("en", "Ana and Boris", "Ana, Boris, and Chen"),
    ("ru", "Ana и Boris", "Ana, Boris и Chen"),
    ("be", "Ana і Boris", "Ana, Boris і Chen"),
    ("hr", "Ana i Boris", "Ana, Boris i Chen"),
    ("mn", "Ana, Boris", "Ana, Boris, Chen"),
    ("ko", "Ana 및 Boris", "Ana, Boris 및 Chen"),
])
def test_lists_are_joined_the_way_each_language_joins_them(app, code, two, three):
    with app.app_context(), in_language(code):
        assert join_list(["Ana", "Boris"]) == two
        assert join_names(["Ana", "Boris", "Chen"]) == three


@pytest.mark.parametrize(("code", "n", "text"), [
    # Russian and Belarusian: one (1, 21), few (2-4, 22), many (0, 5-20, 25)
    ("ru", 1, "1 костяшка"), ("ru", 3, "3 костяшки"), ("ru", 5, "5 костяшек"),
    ("ru", 11, "11 костяшек"), ("ru", 21, "21 костяшка"), ("ru", 22, "22 костяшки"),
    ("be", 1, "1 плітка"), ("be", 4, "4 пліткі"), ("be", 12, "12 плітак"),
    ("hr", 1, "1 pločica"), ("hr", 2, "2 pločice"), ("hr", 7, "7 pločica"),
    ("mn", 1, "1 даалуу"), ("mn", 9, "9 даалуу"),
    ("ko", 1, "타일 1개"), ("ko", 9, "타일 9개"),
    ("en", 1, "1 tile"), ("en", 2, "2 tiles"), ("en", 0, "0 tiles"),
])
def test_tile_counts_take_each_languages_plural_form(app, code, n, text):
    with app.app_context(), in_language(code):
        from companion.web.i18n import translations

        assert translations().ungettext("%(num)s tile", "%(num)s tiles", n) % {"num": n} == text


def test_engine_counts_through_the_plural_forms(app):
    with app.app_context(), in_language("ru"):
        assert trn("%(n)s point", "%(n)s points", 1) == "1 очко"
        assert trn("%(n)s point", "%(n)s points", 3) == "3 очка"
        assert trn("%(n)s point", "%(n)s points", 12) == "12 очков"
    with app.app_context(), in_language("en"):
        assert trn("%(n)s point", "%(n)s points", 1) == "1 point"


def test_the_pickers_count_has_every_plural_form_for_the_browser(app):
    with app.app_context(), in_language("ru"):
        forms = json.loads(plural_words("%(tiles)s tile · %(pips)s pips", "%(tiles)s tiles · %(pips)s pips",
                                          tiles="{tiles}", pips="{pips}"))
    # the browser's Intl.PluralRules("ru") answers one, few or many for whole numbers
    assert forms["one"] == "{tiles} костяшка · очков: {pips}"
    assert forms["few"] == "{tiles} костяшки · очков: {pips}"
    assert forms["many"] == "{tiles} костяшек · очков: {pips}"
    with app.app_context(), in_language("en"):
        forms = json.loads(plural_words("%(tiles)s tile · %(pips)s pips", "%(tiles)s tiles · %(pips)s pips",
                                          tiles="{tiles}", pips="{pips}"))
    assert forms == {"one": "{tiles} tile · {pips} pips", "other": "{tiles} tiles · {pips} pips"}


def _classic_game(client, rounds: int) -> str:
    token = csrf_token(client, "/")
    r = client.post("/games", data={"csrf_token": token, "player": ["Ana", "Boris", "Chen"],
                                    "starter": "0", "kind": "draw"})
    assert r.status_code == 302, r.get_data(as_text=True)
    url = r.headers["Location"]
    for number in range(1, rounds + 1):
        token = csrf_token(client, url)
        r = client.post(f"{url}/rounds", data={"csrf_token": token, "number": str(number), "out": "0",
                                               "pips-1": "5", "pips-2": "3"})
        assert r.status_code == 302, r.get_data(as_text=True)
    return url


@pytest.mark.parametrize(("code", "rounds", "text"), [
    ("en", 1, "1 round played"), ("en", 2, "2 rounds played"),
    ("ru", 1, "сыгран 1 раунд"), ("ru", 2, "сыграно 2 раунда"),
    ("hr", 1, "odigrana 1 runda"), ("hr", 2, "odigrane 2 runde"),
    ("ko", 2, "2라운드 진행"),
])
def test_the_game_page_counts_rounds_in_the_languages_plural_form(client, code, rounds, text):
    url = _classic_game(client, rounds)
    client.get(f"/lang/{code}")
    html = client.get(url).get_data(as_text=True)
    assert text in html


def test_several_out_names_the_hands_joined_in_the_language(api):
    game = api.post("/api/games", json={"set": 12, "players": ["Ana", "Boris", "Chen"],
                                        "first_starter": "Ana"}).get_json()["id"]
    r = api.post(f"/api/games/{game}/rounds", json=SEVERAL_OUT)
    assert r.status_code == 422
    assert r.get_json()["errors"][0]["message"] == \
        "Only one player can go out, but Ana and Boris have empty hands."
    r = api.post(f"/api/games/{game}/rounds", json=SEVERAL_OUT, headers={"Accept-Language": "ru"})
    assert r.get_json()["errors"][0]["message"] == \
        "Выйти может только один игрок, а пустые руки у игроков Ana и Boris."


def test_planner_refusals_are_sentences(client):
    token = csrf_token(client, "/planner")
    r = client.post("/planner", data={"csrf_token": token, "set": "12", "open_end": "12",
                                      "hand": "3-4 3-4 5-5 1-2 2-1"})
    html = r.get_data(as_text=True)
    # tiles are written high half first; two repeated tiles joined as a list
    assert "These tiles are given more than once: 4-3 and 2-1." in html
    r = client.post("/planner", data={"csrf_token": token, "set": "12", "open_end": "12",
                                      "hand": "x-y 3-4"})
    assert "This is not a tile (write tiles as 12-5): x-y." in r.get_data(as_text=True)
