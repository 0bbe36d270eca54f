"""One reading of numbers (companion/web/numbers.py) for every way a number
arrives: ASCII digits only, within the database's integer, else 422
``bad_value`` at its field (404 for an id in a path). Issue 25, items 1-2."""

from __future__ import annotations

import io

import pytest

from companion.web import numbers
from tests.conftest import csrf_token

UNICODE_DIGITS = ["²", "①", "٣", "１２", "⁵0", "𝟗"]
"""Digits that Python's ``str.isdigit`` or ``int()`` accept (``٣`` and the
full-width ``１２`` even convert) and that are no number here."""
TOO_LARGE = [str(2**31), str(2**63), str(-(2**63) - 1), "9" * 30, "9" * 5000]
"""Beyond the database's integer (PostgreSQL ``integer``: 2^31 - 1)."""


@pytest.mark.parametrize("value,expected", [
    ("12", 12), (" 7 ", 7), ("-3", -3), (0, 0), (2**31 - 1, 2**31 - 1), ("2147483647", 2**31 - 1),
])
def test_plain_numbers_are_read(value, expected):
    assert numbers.parse(value) == expected
    assert numbers.whole(value, "x") == expected


@pytest.mark.parametrize("value", UNICODE_DIGITS + ["", "1.0", "1e3", "+-1", "0x10", True, 1.0, None, [1]])
def test_anything_but_ascii_digits_is_no_number(value):
    assert numbers.parse(value) is None
    with pytest.raises(numbers.BadNumber) as caught:
        numbers.whole(value, "set")
    assert caught.value.path == "set"
    assert caught.value.message == "Write a whole number with the digits 0 to 9."


@pytest.mark.parametrize("value", TOO_LARGE[:4] + [2**31, -(2**63) - 1])
def test_numbers_beyond_the_integer_column_are_refused_with_the_range(value):
    assert numbers.parse(value) is None
    with pytest.raises(numbers.BadNumber) as caught:
        numbers.whole(value, "game", 0)
    assert caught.value.message == "Give a number from 0 to 2147483647."


def _assert_bad_value(r, path):
    assert r.status_code == 422, (path, r.status_code, r.get_data(as_text=True)[:300])
    errors = r.get_json()["errors"]
    assert [(e["path"], e["code"]) for e in errors] == [(path, "bad_value")]


@pytest.mark.parametrize("bad", UNICODE_DIGITS + TOO_LARGE)
def test_query_strings_refuse_odd_and_huge_numbers(api, client, bad):
    _assert_bad_value(api.get("/api/players/head-to-head", query_string={"ids": f"1,{bad}"}), "ids")
    for url in ("/api/players/leaderboard", "/api/players"):
        r = api.get(url, query_string={"set": bad})
        if url == "/api/players":
            assert r.status_code == 200  # the roster takes no set
        else:
            _assert_bad_value(r, "set")
    _assert_bad_value(api.get("/api/games", query_string={"page": bad}), "page")
    _assert_bad_value(api.get("/api/games", query_string={"per_page": bad}), "per_page")
    r = client.get("/players/compare", query_string={"id": ["1", bad]})
    assert r.status_code == 422
    r = client.get("/players/stats.csv", query_string={"set": bad})
    assert r.status_code == 422
    assert client.get("/", query_string={"page": bad}).status_code == 422


@pytest.mark.parametrize("bad", ["²", "٣", "１"])
def test_an_id_in_a_path_is_ascii_digits_or_404(api, bad):
    gid = api.post("/api/games", json={"set": 6, "players": ["Ana", "Ben"], "first_starter": "Ana"}).get_json()["id"]
    assert gid == 1
    assert api.get(f"/api/games/{bad}").status_code == 404
    assert api.get("/api/games/1").status_code == 200


@pytest.mark.parametrize("number", [-(2**63), -(2**63) - 1, 2**63, 2**63 + 1, 2**31])
def test_an_api_round_number_beyond_the_database_is_refused(app, api, number):
    gid = api.post("/api/games", json={"set": 6, "players": ["Ana", "Ben"], "first_starter": "Ana"}).get_json()["id"]
    r = api.post(f"/api/games/{gid}/rounds", json={"number": number, "ended": "domino",
                                                   "hands": {"Ana": {"pips": 0}, "Ben": {"pips": 4}}})
    _assert_bad_value(r, "number")
    assert api.get(f"/api/games/{gid}").get_json()["rounds"] == []


@pytest.mark.parametrize("bad", UNICODE_DIGITS + TOO_LARGE[:3])
def test_the_club_night_form_refuses_an_odd_set_at_its_field(app, client, bad):
    token = csrf_token(client, "/events")
    r = client.post("/events", data={"csrf_token": token, "name": "Thursday", "held_on": "2026-11-26",
                                     "kind": "mexican_train", "set": bad, "tables": "1",
                                     "players": "Ana\nBen\nChen\nDee"})
    assert r.status_code == 422
    assert client.get("/api/events", headers={"Accept": "application/json"}).status_code in (200, 404, 405)


@pytest.mark.parametrize("bad", ["²", "①", "٣", str(2**31), str(2**63), "9" * 40])
@pytest.mark.parametrize("field", ["set", "game", "round"])
def test_the_photo_upload_refuses_odd_numbers_at_their_field(api, field, bad):
    r = api.post("/api/photo/hand", content_type="multipart/form-data",
                 data={field: bad, "image": (io.BytesIO(b"not a photo"), "h.jpg")})
    _assert_bad_value(r, field)


@pytest.mark.parametrize("bad", UNICODE_DIGITS + TOO_LARGE[:3])
def test_forms_and_json_ids_beyond_the_database_are_refused_politely(app, api, client, bad):
    api.post("/api/games", json={"set": 6, "players": ["Ana", "Ben"], "first_starter": "Ana"})
    players = api.get("/api/players").get_json()["players"]
    ana = players[0]["id"]
    token = csrf_token(client, f"/players/{ana}/manage")
    r = client.post(f"/players/{ana}/merge", data={"csrf_token": token, "into": bad})
    assert r.status_code == 422
    assert len(api.get("/api/players").get_json()["players"]) == 2
    if bad.lstrip("-").isascii() and bad.lstrip("-").isdigit():
        r = api.post(f"/api/players/{ana}/merge", json={"into": int(bad)})
        _assert_bad_value(r, "into")


@pytest.mark.parametrize("bad", ["9" * 5000, "٣", "²", str(2**63)])
def test_seat_numbers_in_the_round_and_start_forms_are_read_as_numbers(app, client, api, bad):
    """Who went out, who won, who starts: a seat's number, read as any number
    (a 5,000-digit one was a 500: found by tests/web/test_fuzz_inputs.py)."""
    gid = api.post("/api/games", json={"set": 6, "players": ["Ana", "Ben"], "first_starter": "Ana"}).get_json()["id"]
    token = csrf_token(client, f"/games/{gid}")
    r = client.post(f"/games/{gid}/rounds", data={"csrf_token": token, "number": "1", "pips-0": "3",
                                                 "pips-1": "12", "out": bad, "winner": bad})
    assert r.status_code == 422
    assert api.get(f"/api/games/{gid}").get_json()["rounds"] == []
    r = client.post("/games", data={"csrf_token": token, "player": ["Chen", "Dee"], "starter": bad, "set": "6"})
    assert r.status_code == 422
    assert len(api.get("/api/games").get_json()["games"]) == 1
