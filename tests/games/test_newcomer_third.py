"""What a newcomer still stumbled on, third pass (issue 27): the smaller items,
through the pages and the API."""

from __future__ import annotations

import re

import pytest

from tests.conftest import bearer_client, csrf_token
from tests.phones.test_phones import _join_url, _seat


def _game(api, **record) -> int:
    r = api.post("/api/games", json={"players": ["Ana", "Ben", "Cy"], "first_starter": "Ana", **record})
    assert r.status_code == 201, r.get_json()
    return r.get_json()["id"]


@pytest.mark.parametrize(("record", "toggles"), [
    ({"kind": "draw", "set": 6}, 0),
    ({"kind": "block", "set": 6}, 0),
    ({"set": 12, "rules": {"double_blank_points": 0}}, 0),  # the 0-0 counts nothing here either
    ({"set": 12}, 3),
])
def test_the_0_0_toggle_only_where_it_changes_the_points(client, api, record, toggles):
    gid = _game(api, **record)
    html = client.get(f"/games/{gid}").get_data(as_text=True)
    assert len(re.findall(r'<label class="dbl-tap"', html)) == toggles
    assert ("<span>0-0</span></div>" in html) is bool(toggles)


@pytest.mark.parametrize(("record", "shown"), [({"kind": "draw", "set": 6}, False), ({"set": 12}, True)])
def test_the_phone_offers_the_0_0_only_where_it_counts(app, client, api, record, shown):
    gid = _game(api, **record)
    phone = app.test_client()
    url = _seat(phone, _join_url(client, gid), 1)
    assert ('name="blank-1"' in phone.get(url).get_data(as_text=True)) is shown


@pytest.mark.parametrize(("lang", "title", "back"), [
    ("en", "This page is not here", "Back to the games"),
    ("ru", "Такой страницы здесь нет", "Назад к партиям"),
    ("ko", "이 페이지는 여기에 없습니다", "게임 목록으로"),
])
def test_a_missing_page_is_the_apps_own_in_the_readers_language(client, lang, title, back):
    for path in ("/games/999", "/no/such/page"):
        r = client.get(path, headers={"Accept-Language": lang})
        html = r.get_data(as_text=True)
        assert r.status_code == 404
        assert f'<html lang="{lang}"' in html and f'<h1 id="error-h">{title}</h1>' in html
        assert f'<a class="button primary big" href="/">{back}</a>' in html
        assert "Not Found" not in html
    # the API keeps its JSON envelope
    assert client.get("/api/games/999").get_json()["errors"][0]["code"] == "not_found"


def test_a_fault_on_a_page_is_the_apps_own_page(app):
    app.config["PROPAGATE_EXCEPTIONS"] = False

    @app.get("/__boom")
    def boom():
        raise RuntimeError("a fault")

    client = bearer_client(app)
    r = client.get("/__boom", headers={"Accept-Language": "ru"})
    html = r.get_data(as_text=True)
    assert r.status_code == 500
    assert '<h1 id="error-h">У нас что-то пошло не так</h1>' in html and "Назад к партиям" in html
    assert "Internal Server Error" not in html


FOUR = {"set": 12, "players": ["Ana", "Ben", "Chen", "Dee"], "first_starter": "Ana"}


def _round(ben):
    return {"ended": "domino", "hands": {"Ana": {"pips": 0}, "Ben": {"pips": ben}, "Chen": {"pips": 10},
                                         "Dee": {"pips": 12}}}


def test_an_unusual_hand_asks_first_then_is_saved(api):
    # Round 1 (engine 12-12), 15 tiles dealt each: the 15 heaviest tiles still
    # free (12-11 23; 12-10, 11-11 22; 12-9, 11-10 21; 12-8, 11-9, 10-10 20;
    # 12-7, 11-8, 10-9 19; 12-6, 11-7, 10-8, 9-9 18) hold 298 pips: 300 is
    # possible only with many tiles drawn.
    gid = _game(api, **FOUR)
    r = api.post(f"/api/games/{gid}/rounds", json=_round(300))
    assert r.status_code == 422
    body = r.get_json()
    assert "errors" not in body
    assert body["warnings"] == [{"path": "rounds[0].hands.Ben.pips", "code": "unusual_hand", "message":
                                 "300 pips for Ben: more than the 15 tiles dealt can hold (298 at most), "
                                 "so only with many tiles drawn. Is that right?"}]
    assert api.get(f"/api/games/{gid}").get_json()["rounds"] == []
    r = api.post(f"/api/games/{gid}/rounds", json={**_round(300), "confirm": True})
    assert r.status_code == 201
    assert r.get_json()["round"]["scores"]["Ben"] == 300
    # 298 (the most the tiles dealt hold) asks nothing
    gid2 = _game(api, **FOUR)
    assert api.post(f"/api/games/{gid2}/rounds", json=_round(298)).status_code == 201


def test_an_impossible_hand_is_refused_in_players_words(api):
    # 15 dealt + the 30 tiles of the boneyard (91 - 4 x 15 - the engine): the
    # 45 heaviest free tiles hold 731 pips
    gid = _game(api, **FOUR)
    r = api.post(f"/api/games/{gid}/rounds", json=_round(999))
    assert r.status_code == 422
    assert r.get_json()["errors"] == [{"path": "rounds[0].hands.Ben.pips", "code": "pips_infeasible", "message":
                                       "No hand can hold 999 pips: a typo? Ben can hold 731 pips at most this round."}]


def test_the_round_form_asks_about_an_unusual_hand(client, api):
    gid = _game(api, **FOUR)
    token = csrf_token(client, f"/games/{gid}")
    data = {"csrf_token": token, "number": "1", "out": "0", "pips-1": "300", "pips-2": "10", "pips-3": "12"}
    r = client.post(f"/games/{gid}/rounds", data=data)
    assert r.status_code == 422
    html = r.get_data(as_text=True)
    assert "300 pips for Ben: more than the 15 tiles dealt can hold (298 at most)" in html
    assert "Yes, save it this way" in html and 'value="300"' in html
    r = client.post(f"/games/{gid}/rounds", data={**data, "confirm": "1"})
    assert r.status_code == 302
    assert api.get(f"/api/games/{gid}").get_json()["rounds"][0]["scores"]["Ben"] == 300


@pytest.mark.parametrize(("lang", "message"), [
    ("en", "1 tile holds at least 1 pip in the 0-0 round, not 0."),
    ("ru", "1 костяшка несёт не меньше 1 очка в раунде 0-0, а не 0."),
])
def test_two_counts_in_one_message_each_take_their_plural(api, lang, message):
    # Round 1 with the 0-0 as its engine: the lightest tile left is the 0-1 (1 pip)
    gid = _game(api, set=12, rules={"start_engine": 0})
    r = api.post(f"/api/games/{gid}/rounds", headers={"Accept-Language": lang}, json={"ended": "domino", "hands": {
        "Ana": {"pips": 0}, "Ben": {"pips": 0, "tiles_left": 1}, "Cy": {"pips": 5}}})
    assert r.get_json()["errors"][0]["message"] == message


def test_every_problem_of_the_form_at_once_at_its_field(client, api):
    """Letters in Ben's box hid the 999 in Chen's until the next save: both now."""
    gid = _game(api, **FOUR)
    data = {"csrf_token": csrf_token(client, f"/games/{gid}"), "number": "1", "out": "0",
            "pips-1": "2x3", "pips-2": "999", "pips-3": "12"}
    r = client.post(f"/games/{gid}/rounds", data=data)
    assert r.status_code == 422
    html = r.get_data(as_text=True)
    assert "“2x3” is not a whole number." in html
    # 15 dealt + the 30 tiles of the boneyard: the 45 heaviest free tiles hold 731 pips
    assert "No hand can hold 999 pips: a typo? Chen can hold 731 pips at most this round." in html
    # each message in its own row: Ben's under Ben's box, Chen's under Chen's
    ben = html[html.index('data-seat="1"'):html.index('data-seat="2"')]
    chen = html[html.index('data-seat="2"'):html.index('data-seat="3"')]
    assert "2x3” is not a whole number" in ben and "No hand can hold" not in ben
    assert "No hand can hold 999 pips" in chen and "not a whole number" not in chen
    assert api.get(f"/api/games/{gid}").get_json()["rounds"] == []


def test_out_in_a_blocked_round_says_what_to_do(client, api):
    gid = _game(api, **FOUR)
    data = {"csrf_token": csrf_token(client, f"/games/{gid}"), "number": "1", "out": "blocked",
            "pips-0": "0", "pips-1": "20", "pips-2": "10", "pips-3": "12", "left-0": "0"}
    r = client.post(f"/games/{gid}/rounds", data=data)
    assert r.status_code == 422
    assert ("A blocked round ends with tiles in every hand, but Ana has none left: tap Ana&#39;s Out "
            "instead of Blocked, or type the pips Ana still holds.") in r.get_data(as_text=True)


def test_the_rules_page_says_no_setting_rather_than_none(client):
    html = client.get("/rules").get_data(as_text=True)
    assert "In the app: none;" not in html
    assert "In the app: no setting to choose: it follows from the first starter and the seat order you enter." in html


def test_the_readme_quick_start_says_make_run_installs_fonts():
    from pathlib import Path

    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    quick = readme[:readme.index("## At the table")]
    assert "fonts-noto-cjk" in quick and "apt-get" in quick and "root" in quick
    assert "installs nothing, says which fonts are missing" in " ".join(quick.split())


def test_the_players_page_says_their_games(client, api):
    _game(api, set=12)
    pid = api.get("/api/players").get_json()["players"][0]["id"]
    html = client.get(f"/players/{pid}/manage").get_data(as_text=True)
    assert "nor listed on the leaderboard; their games stay." in html
    assert " his " not in html and " her " not in html


def test_picture_dominoes_in_picture_words_on_the_table_view_and_the_sheet(client, api):
    import io

    import pypdf

    gid = _game(api, kind="picture", rounds=[{"winner": "Ben"}])
    html = client.get(f"/games/{gid}/table").get_data(as_text=True)
    assert "<dt>Starts</dt><dd>a double picture</dd>" in html and "highest double" not in html
    text = " ".join(p.extract_text() for p in pypdf.PdfReader(io.BytesIO(client.get(f"/games/{gid}/sheet.pdf").data)).pages)
    text = " ".join(text.split())
    assert "Picture tiles" in text and "28 tiles, a picture on each half." in text
    assert "Double-6" not in text
    # Mexican Train keeps its words
    mt = _game(api, set=12)
    assert "<dt>Starts</dt><dd>Ana</dd>" in client.get(f"/games/{mt}/table").get_data(as_text=True)


@pytest.mark.parametrize(("language", "title", "date"), [
    ("en", "Mexican Train score sheet", "Wednesday 30 September 2026"),
    ("ru", "Мексиканский поезд: лист подсчёта очков", "среда, 30 сентября 2026\u202fг."),
])
@pytest.mark.parametrize("paper", ["a5", "half-letter"])
def test_the_half_page_sheet_keeps_its_title_and_date_on_one_line(language, title, date, paper):
    import datetime
    import io

    import pypdf

    from companion.rules import read_game
    from companion.sheets.pdf import score_sheet_pdf

    game = read_game({**FOUR, "rounds": [_round(23)]})
    pdf = score_sheet_pdf(game, played_on=datetime.date(2026, 9, 30), paper=paper, language=language)
    lines = pypdf.PdfReader(io.BytesIO(pdf)).pages[0].extract_text().splitlines()
    assert lines[0] == title
    assert date in lines[:5]
