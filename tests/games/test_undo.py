"""Undo after saving, correcting or deleting a round (issue 14): the round as it
was comes back through the services (results derived again), a double tap
undoes once, and a game that moved on since is not undone."""

from __future__ import annotations

import re
from html import unescape
from urllib.parse import parse_qs, urlsplit

from tests.conftest import TOKEN, csrf_token

PLAYERS = ["Ana", "Ben", "Chen", "Dee"]
# Round 1 of a double-12 Mexican Train: Ana went out; the others' pips are their points.
ROUND_1 = {"out": "0", "pips-1": "23", "pips-2": "7", "pips-3": "10"}
ROUND_2 = {"out": "1", "pips-0": "5", "pips-2": "12", "pips-3": "3"}


def _start(client) -> int:
    token = csrf_token(client, "/")
    r = client.post("/games", data={"csrf_token": token, "player": PLAYERS, "starter": "0",
                                    "set": "12", "rule-double_blank_points": "50"})
    assert r.status_code == 302
    return int(re.search(r"/games/(\d+)", r.headers["Location"]).group(1))


def _post(client, gid: int, url: str, fields: dict[str, str]):
    token = csrf_token(client, f"/games/{gid}")
    return client.post(url, data={"csrf_token": token, **fields})


def _undo_token(location: str) -> str:
    return parse_qs(urlsplit(location).query)["undo"][0]


def _scores(api, gid: int) -> list[dict[str, int]]:
    return [rnd["scores"] for rnd in api.get(f"/api/games/{gid}").get_json()["rounds"]]


def _flashes(html: str) -> list[str]:
    return [unescape(m) for m in re.findall(r'class="flash(?: [^"]*)?"[^>]*>(?:<span>)?([^<]*)<', html)]


def test_saving_a_round_shows_undo_and_undo_takes_it_back_once(client, api):
    gid = _start(client)
    r = _post(client, gid, f"/games/{gid}/rounds", {**ROUND_1, "number": "1"})
    assert r.status_code == 302
    token = _undo_token(r.headers["Location"])
    page = client.get(r.headers["Location"]).get_data(as_text=True)
    assert "Round 1 saved." in page and ">Undo</button>" in page
    assert _scores(api, gid) == [{"Ana": 0, "Ben": 23, "Chen": 7, "Dee": 10}]
    first = _post(client, gid, f"/games/{gid}/undo", {"token": token})
    second = _post(client, gid, f"/games/{gid}/undo", {"token": token})  # a double tap
    assert first.status_code == second.status_code == 302
    # the page opens on the round form, where the round taken back is (a phone shows it at once)
    assert first.headers["Location"] == second.headers["Location"] == f"/games/{gid}#entry"
    assert _scores(api, gid) == []
    record = api.get(f"/api/games/{gid}").get_json()
    assert record["next_round"]["number"] == 1
    assert all(s["total"] == 0 for s in record["standings"])
    html = client.get(second.headers["Location"]).get_data(as_text=True)
    assert _flashes(html) == ["Round 1 taken back: correct it below and save it again."]


def test_undoing_a_correction_puts_the_round_back_and_the_totals_with_it(client, api):
    gid = _start(client)
    _post(client, gid, f"/games/{gid}/rounds", {**ROUND_1, "number": "1"})
    _post(client, gid, f"/games/{gid}/rounds", {**ROUND_2, "number": "2"})
    r = _post(client, gid, f"/games/{gid}/rounds/1", {**ROUND_1, "pips-1": "30", "version": "1"})
    assert r.status_code == 302
    page = client.get(r.headers["Location"]).get_data(as_text=True)
    assert "Round 1 corrected." in page
    # Ben 30 + 0, Chen 7 + 12, Dee 10 + 3, Ana 0 + 5
    totals = {s["player"]: s["total"] for s in api.get(f"/api/games/{gid}").get_json()["standings"]}
    assert totals == {"Ana": 5, "Ben": 30, "Chen": 19, "Dee": 13}
    undone = _post(client, gid, f"/games/{gid}/undo", {"token": _undo_token(r.headers["Location"])})
    assert undone.headers["Location"] == f"/games/{gid}#round-1"  # the round's row, as it was again
    record = api.get(f"/api/games/{gid}").get_json()
    assert record["rounds"][0]["hands"]["Ben"]["pips"] == 23
    assert record["rounds"][0]["scores"] == {"Ana": 0, "Ben": 23, "Chen": 7, "Dee": 10}
    totals = {s["player"]: s["total"] for s in record["standings"]}
    assert totals == {"Ana": 5, "Ben": 23, "Chen": 19, "Dee": 13}


def test_undoing_a_delete_brings_the_round_back(client, api):
    gid = _start(client)
    _post(client, gid, f"/games/{gid}/rounds", {**ROUND_1, "number": "1"})
    before = api.get(f"/api/games/{gid}").get_json()["rounds"][0]["hands"]
    r = _post(client, gid, f"/games/{gid}/rounds/1/delete", {})
    assert "Round 1 deleted." in client.get(r.headers["Location"]).get_data(as_text=True)
    assert _scores(api, gid) == []
    r = _post(client, gid, f"/games/{gid}/undo", {"token": _undo_token(r.headers["Location"])})
    record = api.get(f"/api/games/{gid}").get_json()
    assert record["rounds"][0]["hands"] == before
    assert record["rounds"][0]["scores"] == {"Ana": 0, "Ben": 23, "Chen": 7, "Dee": 10}
    assert record["next_round"]["number"] == 2
    assert _flashes(client.get(r.headers["Location"]).get_data(as_text=True)) == ["Round 1 is back."]


def test_a_game_that_moved_on_is_not_undone(client, api):
    gid = _start(client)
    r = _post(client, gid, f"/games/{gid}/rounds", {**ROUND_1, "number": "1"})
    token = _undo_token(r.headers["Location"])
    # another device saves round 2 meanwhile
    api.post(f"/api/games/{gid}/rounds", json={"number": 2, "ended": "domino", "hands": {
        "Ana": {"pips": 5}, "Ben": {"pips": 0}, "Chen": {"pips": 12}, "Dee": {"pips": 3}}})
    # the old notice is gone: the page no longer offers that undo
    assert ">Undo</button>" not in client.get(r.headers["Location"]).get_data(as_text=True)
    r = _post(client, gid, f"/games/{gid}/undo", {"token": token})
    assert len(_scores(api, gid)) == 2
    assert _flashes(client.get(r.headers["Location"]).get_data(as_text=True)) == [
        "Not undone: the game has changed since (on this or another device). "
        "Look at round 1 and correct it if needed."]


def test_a_forged_or_foreign_token_is_refused(client, api):
    gid = _start(client)
    other = _start(client)
    r = _post(client, gid, f"/games/{gid}/rounds", {**ROUND_1, "number": "1"})
    token = _undo_token(r.headers["Location"])
    assert _post(client, other, f"/games/{other}/undo", {"token": token}).status_code == 400
    assert _post(client, gid, f"/games/{gid}/undo", {"token": token[:-2] + "xx"}).status_code == 400
    assert len(_scores(api, gid)) == 1


def _input(html: str, name: str, value: str | None = None) -> dict[str, str] | None:
    """The attributes of the round form's input ``name`` (with ``value``, for a
    radio button); a bare attribute (``checked``, ``disabled``) maps to ``""``."""
    for tag in re.findall(r"<input\b[^>]*>", html):
        attrs = {k: unescape(v) for k, _, v in re.findall(r'([\w-]+)(="([^"]*)")?', tag[6:-1])}
        if attrs.get("name") == name and (value is None or attrs.get("value") == value):
            return attrs
    return None


def _more_open(html: str, seat: int) -> bool:
    """The "more" of seat ``seat``'s row is open."""
    row = html.split(f'data-seat="{seat}">', 1)[1].split('class="hand', 1)[0]
    return re.search(r'<details class="extras" open>', row) is not None


# Round 1 as a table types it: Ana went out; Ben 23 pips in 3 tiles, drew 2 and
# left his marker out; Chen's tiles picked (6-5 and 2-1: 14 pips, the box of
# pips then not sent); Dee 10 pips and the 0-0, drew 1.
TYPED = {"out": "0", "pips-1": "23", "left-1": "3", "drawn-1": "2", "marker-1": "1",
         "tiles-2": "6-5 2-1", "left-2": "2", "pips-3": "10", "blank-3": "1", "drawn-3": "1"}


def _start_with_marker(client) -> int:
    token = csrf_token(client, "/")
    r = client.post("/games", data={"csrf_token": token, "player": PLAYERS, "starter": "0", "set": "12",
                                    "rule-double_blank_points": "50", "rule-marker_penalty": "10"})
    assert r.status_code == 302
    return int(re.search(r"/games/(\d+)", r.headers["Location"]).group(1))


def test_undoing_a_saved_round_gives_the_form_back_as_it_was_typed(app, client, api):
    gid = _start_with_marker(client)
    r = _post(client, gid, f"/games/{gid}/rounds", {**TYPED, "number": "1"})
    assert r.status_code == 302
    # Ben 23 + 10 for his marker; Chen 6+5+2+1; Dee 10 + 50 for the 0-0
    assert _scores(api, gid) == [{"Ana": 0, "Ben": 33, "Chen": 14, "Dee": 60}]
    r = _post(client, gid, f"/games/{gid}/undo", {"token": _undo_token(r.headers["Location"])})
    assert _scores(api, gid) == []
    for reload in (False, True):  # shown again (a reload): still there
        html = client.get(r.headers["Location"]).get_data(as_text=True)
        assert _input(html, "number")["value"] == "1"
        assert "checked" in _input(html, "out", "0")  # Ana went out
        assert "checked" not in _input(html, "out", "blocked")
        assert _input(html, "pips-0").get("value", "") == "" and "disabled" in _input(html, "pips-0")
        assert _input(html, "pips-1")["value"] == "23"
        assert _input(html, "left-1")["value"] == "3"
        assert _input(html, "drawn-1")["value"] == "2"
        assert "checked" in _input(html, "marker-1")
        assert _input(html, "tiles-2")["value"] == "6-5 2-1"
        assert _input(html, "pips-2")["value"] == "14"  # from the tiles
        assert _input(html, "pips-3")["value"] == "10"
        assert "checked" in _input(html, "blank-3")
        assert "checked" not in _input(html, "blank-1")
        assert _input(html, "drawn-3")["value"] == "1"
        assert [_more_open(html, seat) for seat in range(4)] == [False, True, True, True], reload
    # another device's form stays empty (the page is this device's own)
    other = app.test_client()
    other.get(f"/?token={TOKEN}")
    html = other.get(f"/games/{gid}").get_data(as_text=True)
    assert _input(html, "pips-1").get("value", "") == "" and "checked" not in _input(html, "out", "0")
    # one change (Ben had 21) and a save: the round is saved again
    fields = {**TYPED, "pips-1": "21", "number": "1"}
    r = _post(client, gid, f"/games/{gid}/rounds", fields)
    assert r.status_code == 302
    assert _scores(api, gid) == [{"Ana": 0, "Ben": 31, "Chen": 14, "Dee": 60}]
    # the next round's form starts empty
    html = client.get(f"/games/{gid}").get_data(as_text=True)
    assert _input(html, "number")["value"] == "2"
    assert _input(html, "pips-1").get("value", "") == "" and _input(html, "tiles-2").get("value", "") == ""
    assert "checked" not in _input(html, "out", "0")


def test_a_round_taken_back_is_not_offered_once_the_game_moved_on(client, api):
    gid = _start(client)
    r = _post(client, gid, f"/games/{gid}/rounds", {**ROUND_1, "number": "1"})
    r = _post(client, gid, f"/games/{gid}/undo", {"token": _undo_token(r.headers["Location"])})
    # another device saves round 1 with other numbers meanwhile
    api.post(f"/api/games/{gid}/rounds", json={"number": 1, "ended": "domino", "hands": {
        "Ana": {"pips": 5}, "Ben": {"pips": 0}, "Chen": {"pips": 12}, "Dee": {"pips": 3}}})
    html = client.get(r.headers["Location"]).get_data(as_text=True)
    assert _input(html, "number")["value"] == "2"
    assert _input(html, "pips-1").get("value", "") == "" and "checked" not in _input(html, "out", "0")


def test_the_notice_shows_once_even_when_the_address_keeps_undo(client, api):
    """Without scripts the address keeps ``?undo=``: shown again (a reload),
    the page has no notice; the Undo sent from the notice still works."""
    gid = _start(client)
    r = _post(client, gid, f"/games/{gid}/rounds", {**ROUND_1, "number": "1"})
    first = client.get(r.headers["Location"]).get_data(as_text=True)
    again = client.get(r.headers["Location"]).get_data(as_text=True)
    assert "Round 1 saved." in first and ">Undo</button>" in first
    assert "Round 1 saved." not in again and ">Undo</button>" not in again
    assert 'id="round-1"' in again  # the page itself, with the round saved
    token = re.search(r'name="token" value="([^"]+)"', first).group(1)
    _post(client, gid, f"/games/{gid}/undo", {"token": unescape(token)})
    assert _scores(api, gid) == []


PAIRS_GAME = {"kind": "partnership", "set": 6, "players": ["Ana", "Ben", "Chen", "Dee"],
              "teams": [["Ana", "Chen"], ["Ben", "Dee"]],
              "rounds": [{"leader": "Ana", "ended": "domino", "out": "Chen",
                          "hands": {"Ana": {"tiles": ["3-4"]}, "Ben": {"tiles": ["5-4", "2-1"]},
                                    "Chen": {"pips": 0, "tiles_left": 0}, "Dee": {"tiles": ["6-3"]}}}]}
"""A partnership game, one hand played (Chen out; Ana+Chen score 7 + 12 + 9 = 28)."""


def test_a_game_whose_rounds_are_hands_says_hand(app, client, api):
    # partnership dominoes calls each deal a hand (pagat): "Hand 1 saved.", never
    # "Round 1 saved." (issue 28); the words come from the kinds table (KindWords.round_words)
    from companion.games.services.undo import ADDED, CORRECTED, DELETED, Change
    from companion.games.views.undo import token_for

    r = api.post("/api/games", json=PAIRS_GAME)
    assert r.status_code == 201, r.get_json()
    gid = r.get_json()["id"]
    revision = api.get(f"/api/games/{gid}").get_json()["revision"]
    for kind, words in ((ADDED, "Hand 1 saved."), (CORRECTED, "Hand 1 corrected."), (DELETED, "Hand 1 deleted.")):
        with app.test_request_context():
            token = token_for(gid, Change(kind, 1, revision, None if kind == ADDED else {}))
        page = client.get(f"/games/{gid}?undo={token}").get_data(as_text=True)
        assert words in page and "Round 1" not in page, kind
