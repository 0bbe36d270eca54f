"""Every player's own phone (companion/phones/links.py, companion/phones/views.py):
a seat link writes only its own hand of the current round, nothing else, and
stops working when revoked or when the game ends; the engine checks the hand
alone when sent (companion/rules/seat.py) and the whole round when saved."""

from __future__ import annotations

import re

import pytest

from companion.rules import RecordError, read_game
from companion.rules.seat import check_seat_hand

THREE = {"set": 12, "players": ["Ana", "Ben", "Chen"], "first_starter": "Ana"}


# ---------------------------------------------------------------- the engine, one hand alone


def test_a_hand_alone_is_checked_against_the_round():
    game = read_game(THREE)  # round 1: engine 12-12, 16 tiles dealt each
    hand = check_seat_hand(game, "Ben", {"pips": 23, "tiles_left": 3})
    assert hand.pips == 23 and hand.tiles_left == 3
    # one tile holds at most 11+12 = 23 pips once the 12-12 is the engine
    with pytest.raises(RecordError) as exc:
        check_seat_hand(game, "Ben", {"pips": 24, "tiles_left": 1})
    assert [e.code for e in exc.value.errors] == ["pips_infeasible"]
    with pytest.raises(RecordError) as exc:
        check_seat_hand(game, "Ben", {"tiles": ["12-12"]})
    assert [e.code for e in exc.value.errors] == ["engine_in_hand"]
    with pytest.raises(RecordError) as exc:
        check_seat_hand(game, "Zed", {"pips": 3})
    assert [e.code for e in exc.value.errors] == ["unknown_player"]


def test_no_hand_once_the_game_is_over():
    record = {"kind": "block", "set": 6, "players": ["Ana", "Ben"], "rules": {"target_score": 10},
              "rounds": [{"ended": "domino", "hands": {"Ana": {"pips": 0}, "Ben": {"pips": 12}}}]}
    game = read_game(record, confirm=True)  # Ana scores 12 ≥ 10: finished
    with pytest.raises(RecordError) as exc:
        check_seat_hand(game, "Ben", {"pips": 3})
    assert [e.code for e in exc.value.errors] == ["game_finished"]


# ---------------------------------------------------------------- links


def _game(api, record=THREE) -> int:
    r = api.post("/api/games", json=record)
    assert r.status_code == 201, r.get_json()
    return r.get_json()["id"]


def _csrf(client, url: str) -> str:
    m = re.search(r'name="csrf_token" value="([^"]+)"', client.get(url).get_data(as_text=True))
    assert m, url
    return m.group(1)


def _join_url(client, gid: int) -> str:
    html = client.get(f"/games/{gid}/phones/panel").get_data(as_text=True)  # the QR code's link
    m = re.search(r'class="join-link" href="https?://[^/]+(/j/\d+/[^"]+)"', html)
    assert m, "no join link on the game page"
    return m.group(1)


def _seat(phone, join: str, seat: int) -> str:
    r = phone.post(join, data={"seat": str(seat), "csrf_token": _csrf(phone, join)})
    assert r.status_code == 302, r.get_data(as_text=True)[:300]
    return r.headers["Location"].split("?")[0]


def _send(phone, url: str, **fields) -> object:
    data = {"csrf_token": _csrf(phone, url), **fields}
    return phone.post(url, data=data)


def _status(client, gid):
    return client.get(f"/games/{gid}/phones.json").get_json()


def test_a_seat_link_writes_only_its_own_hand(app, client, api):
    gid = _game(api)
    join = _join_url(client, gid)
    ben = app.test_client()  # a phone: no access token
    url = _seat(ben, join, 1)
    assert url.startswith("/s/")
    # fields of other seats and of the round are ignored: only Ben's hand is kept
    r = _send(ben, url, number="1", **{"pips-1": "23", "left-1": "3", "pips-0": "40", "out": "2",
                                       "dealt": "5", "pips-2": "7"})
    assert r.status_code == 302
    st = _status(client, gid)
    assert [(s["entered"], s["pips"]) for s in st["seats"]] == [(False, None), (True, 23), (False, None)]
    # the phone opens nothing of the tablet's
    for path in (f"/games/{gid}", f"/games/{gid}/phones.json", "/", f"/api/games/{gid}"):
        assert ben.get(path).status_code in (302, 401), path
    r = ben.post(f"/games/{gid}/rounds", data={"number": "1", "pips-0": "1"})
    assert r.status_code in (302, 400, 401)
    assert api.get(f"/api/games/{gid}").get_json()["rounds"] == []
    assert ben.post(f"/games/{gid}/phones/autosave", data={"autosave": "1"}).status_code in (302, 400, 401)
    assert _status(client, gid)["autosave"] is False


def test_a_hand_the_engine_refuses_alone_is_shown_and_kept(app, client, api):
    gid = _game(api)
    ben = app.test_client()
    url = _seat(ben, _join_url(client, gid), 1)
    r = _send(ben, url, number="1", **{"pips-1": "24", "left-1": "1"})
    assert r.status_code == 422
    html = r.get_data(as_text=True)
    assert "at most 23 pips" in html and 'value="24"' in html
    assert _status(client, gid)["seats"][1]["entered"] is False


def test_revoked_links_and_a_new_qr_code_stop_working(app, client, api):
    gid = _game(api)
    join = _join_url(client, gid)
    ana, ben = app.test_client(), app.test_client()
    ana_url, ben_url = _seat(ana, join, 0), _seat(ben, join, 1)
    csrf = _csrf(client, f"/games/{gid}")
    assert client.post(f"/games/{gid}/phones/revoke/0", data={"csrf_token": csrf}).status_code == 302
    assert ana.get(ana_url).status_code == 410
    assert ben.get(ben_url).status_code == 200
    assert client.post(f"/games/{gid}/phones/new-qr", data={"csrf_token": csrf}).status_code == 302
    assert ben.get(ben_url).status_code == 410
    assert ben.get(join).status_code == 410  # the old QR code
    assert ben.get(_join_url(client, gid)).status_code == 200  # the new one
    assert app.test_client().get("/s/not-a-key").status_code == 404


def test_taking_a_held_seat_asks_first_and_tells_the_old_phone(app, client, api):
    gid = _game(api)
    join = _join_url(client, gid)
    first, second = app.test_client(), app.test_client()
    old = _seat(first, join, 2)
    assert "held by a phone" in second.get(join).get_data(as_text=True)
    # the second phone is asked; the first keeps its seat meanwhile
    r = second.post(join, data={"seat": "2", "csrf_token": _csrf(second, join)})
    assert r.status_code == 409
    html = r.get_data(as_text=True)
    assert "<h1>Chen's seat is held by another phone: take it over?</h1>" in html
    assert 'name="take_over" value="1"' in html and 'name="seat" value="2"' in html
    assert first.get(old).status_code == 200
    assert _status(client, gid)["seats"][2]["linked"] is True
    # yes: the seat is the second phone's, and the first one's page says why
    r = second.post(join, data={"seat": "2", "take_over": "1", "csrf_token": _csrf(second, join)})
    assert r.status_code == 302
    new = r.headers["Location"].split("?")[0]
    assert second.get(new).status_code == 200
    gone = first.get(old)
    assert gone.status_code == 410
    text = gone.get_data(as_text=True)
    assert "Another phone took over this seat" in text and "The tablet ended this link" not in text
    assert first.get(f"{old}/status.json").get_json() == {"gone": "taken_over"}
    # a free seat is taken without a question
    assert _seat(first, join, 0).startswith("/s/")


def test_the_tablet_ending_a_link_says_so_not_taken_over(app, client, api):
    gid = _game(api)
    join = _join_url(client, gid)
    ana = app.test_client()
    url = _seat(ana, join, 0)
    csrf = _csrf(client, f"/games/{gid}")
    assert client.post(f"/games/{gid}/phones/revoke/0", data={"csrf_token": csrf}).status_code == 302
    text = ana.get(url).get_data(as_text=True)
    assert "The tablet ended this link or made a new QR code." in text and "took over" not in text
    # the seat is free again: taken without a question
    assert _seat(app.test_client(), join, 0).startswith("/s/")


def test_the_links_end_with_the_game(app, client, api):
    record = {"kind": "block", "set": 6, "players": ["Ana", "Ben"], "rules": {"target_score": 10}}
    gid = _game(api, record)
    join = _join_url(client, gid)
    ben = app.test_client()
    url = _seat(ben, join, 1)
    r = api.post(f"/api/games/{gid}/rounds", json={"ended": "domino", "hands": {"Ana": {"pips": 0}, "Ben": {"pips": 12}}})
    assert r.status_code == 201
    assert ben.get(url).status_code == 410
    assert ben.get(join).status_code == 410


def test_a_hand_for_a_round_saved_meanwhile_is_refused(app, client, api):
    gid = _game(api)
    ben = app.test_client()
    url = _seat(ben, _join_url(client, gid), 1)
    r = api.post(f"/api/games/{gid}/rounds", json={"ended": "domino", "hands": {
        "Ana": {"pips": 0}, "Ben": {"pips": 5}, "Chen": {"pips": 9}}})
    assert r.status_code == 201
    r = _send(ben, url, number="1", **{"pips-1": "23"})
    assert r.status_code == 409
    assert _status(client, gid)["seats"][1]["entered"] is False


def test_with_autosave_the_round_saves_when_everyone_has_entered(app, client, api):
    # Ana 14 (6-5, 2-1), Ben 23 pips, Chen out: scores 14, 23, 0
    gid = _game(api)
    join = _join_url(client, gid)
    csrf = _csrf(client, f"/games/{gid}")
    client.post(f"/games/{gid}/phones/autosave", data={"csrf_token": csrf, "autosave": "1"})
    assert _status(client, gid)["autosave"] is True
    seats = [app.test_client() for _ in range(3)]
    urls = [_seat(p, join, i) for i, p in enumerate(seats)]
    _send(seats[0], urls[0], number="1", **{"tiles-0": "6-5 2-1"})
    _send(seats[1], urls[1], number="1", **{"pips-1": "23"})
    assert api.get(f"/api/games/{gid}").get_json()["rounds"] == []  # not yet: Chen has not entered
    _send(seats[2], urls[2], number="1", out="2")
    rounds = api.get(f"/api/games/{gid}").get_json()["rounds"]
    assert [r["scores"] for r in rounds] == [{"Ana": 14, "Ben": 23, "Chen": 0}]
    assert _status(client, gid)["number"] == 2
    assert all(not s["entered"] for s in _status(client, gid)["seats"])


def test_the_tablet_fills_the_round_form_from_the_phones(app, client, api):
    gid = _game(api)
    join = _join_url(client, gid)
    ana = app.test_client()
    _send(ana, _seat(ana, join, 0), number="1", **{"pips-0": "17", "left-0": "4", "blank-0": "1"})
    html = client.get(f"/games/{gid}/from-phones").get_data(as_text=True)
    assert re.search(r'id="pips-0" name="pips-0" value="17"', html)
    assert re.search(r'name="left-0" value="4"', html)
    assert re.search(r'name="blank-0" value="1"[^>]*checked', html)
    assert re.search(r'id="pips-1" name="pips-1"\s+inputmode', html)  # Ben has not entered



def test_filling_from_the_phones_keeps_what_the_tablet_typed(app, client, api):
    # Chen's phone says he went out; the tablet had typed Ana 7 and Ben 11
    # (static/phones.js carries them in the address). The form shows Chen out
    # from his phone and keeps 7 and 11; a phone's hand beats the tablet's.
    gid = _game(api)
    join = _join_url(client, gid)
    chen, ana = app.test_client(), app.test_client()
    _send(chen, _seat(chen, join, 2), number="1", out="2")
    _send(ana, _seat(ana, join, 0), number="1", **{"pips-0": "17"})
    html = client.get(f"/games/{gid}/from-phones?pips-0=9&pips-1=11&out=1").get_data(as_text=True)
    assert re.search(r'id="pips-0" name="pips-0" value="17"', html)  # Ana's phone wins
    assert re.search(r'id="pips-1" name="pips-1" value="11"', html)  # typed, no phone
    assert re.search(r'name="out" value="2"\s*checked', html)  # Chen's phone said out
    assert not re.search(r'name="out" value="1"\s*checked', html)

def test_the_qr_code_is_made_here(client, api):
    gid = _game(api)
    html = client.get(f"/games/{gid}/phones/panel").get_data(as_text=True)  # fetched when the panel opens
    assert '<svg viewBox="0 0 ' in html and 'class="qr"' in html
    assert "cdn" not in html.lower()


def test_a_join_page_of_no_game_is_not_found(anon):
    assert anon.get("/j/999/whatever").status_code == 404


class _Statements(list):
    answer: object = None


def _statements_of(app, request) -> _Statements:
    """The SQL statements run while ``request()`` is answered (its answer in ``.answer``)."""
    from sqlalchemy import event

    from companion.store.db import db

    seen = _Statements()
    with app.app_context():
        engine = db.engine
    note = lambda _c, _cur, stmt, *_: seen.append(" ".join(stmt.split()))  # noqa: E731
    event.listen(engine, "before_cursor_execute", note)
    try:
        seen.answer = request()
    finally:
        event.remove(engine, "before_cursor_execute", note)
    return seen


def test_the_page_and_the_phones_poll_read_the_game_once(app, client, api, monkeypatch):
    """The game page in play (with its phones panel) and the tablet's
    phones.json, polled every second, each read the game once: the panel's
    state is made from the game the page already read."""
    from companion.games import services

    gid = _game(api)
    client.get(f"/games/{gid}")
    reads = []
    real = services.get_game
    monkeypatch.setattr(services, "get_game", lambda *a, **k: reads.append(a) or real(*a, **k))
    statements = _statements_of(app, lambda: client.get(f"/games/{gid}"))
    page = statements.answer
    # the panel closed: its QR code and links come when it opens (issue 27, page weight)
    assert page.status_code == 200 and f'data-body="/games/{gid}/phones/panel"' in page.get_data(as_text=True)
    assert len(reads) == 1
    # the panel reads the phone settings, the hands sent and the links once
    # each, and does not ask again whether the game exists: no statement twice
    tables = [m.group(1) if (m := re.search(r"\bFROM (\w+)", s)) else "" for s in statements]
    assert tables.count("phone_access") == 1
    assert tables.count("seat_entry") == 1 and tables.count("seat_link") == 1
    assert len(set(statements)) == len(statements), statements
    reads.clear()
    assert _status(client, gid)["number"] == 1
    assert len(reads) == 1


def test_two_devices_opening_a_new_game_at_once_share_one_join_link(app, api, monkeypatch):
    """Found under benchmarks/load.py: two first views of a game at the same
    moment both made its phone settings and the second answered 500."""
    from sqlalchemy import insert

    from companion.phones import links as phones
    from companion.phones.models import PhoneAccessRow
    from companion.store.db import db
    from companion.web.access import token_mark

    gid = _game(api)
    made_first = "key-of-the-other-device"
    own_key = phones.new_view_key

    def other_device_first() -> str:
        # the other device's page made the row between our look and our insert
        with db.engine.begin() as conn:
            conn.execute(insert(PhoneAccessRow).values(game_id=gid, join_key=made_first, autosave=False,
                                                       token_mark=token_mark()))
        return own_key()

    monkeypatch.setattr(phones, "new_view_key", other_device_first)
    with app.test_request_context():
        assert phones.access(gid).join_key == made_first
    monkeypatch.setattr(phones, "new_view_key", own_key)
    assert api.get(f"/games/{gid}").status_code == 200
    r = api.get(f"/games/{gid}/phones/panel")  # the QR code's link, as the panel fetches it
    assert r.status_code == 200
    assert f"/j/{gid}/{made_first}" in r.get_data(as_text=True)


def test_a_phone_checks_its_hand_with_those_already_sent(app, client, api):
    """Issue 27: a phone said "Sent." for a hand the tablet then refused: a
    tile already in another phone's hand, a second 0-0, a second player out."""
    gid = _game(api)
    join = _join_url(client, gid)
    ana, ben = app.test_client(), app.test_client()
    ana_url, ben_url = _seat(ana, join, 0), _seat(ben, join, 1)
    assert _send(ana, ana_url, number="1", **{"tiles-0": "6-5 2-1"}).status_code == 302
    r = _send(ben, ben_url, number="1", **{"tiles-1": "6-5"})
    assert r.status_code == 422
    assert "6-5 is already in Ana&#39;s hand." in r.get_data(as_text=True)
    assert _status(client, gid)["seats"][1]["entered"] is False
    assert _send(ben, ben_url, number="1", **{"tiles-1": "6-4"}).status_code == 302


def test_a_phone_shows_the_round_scores_after_each_round(app, client, api):
    gid = _game(api)
    join = _join_url(client, gid)
    ben = app.test_client()
    url = _seat(ben, join, 1)
    assert "Scores so far" not in ben.get(url).get_data(as_text=True)
    players = api.get(f"/api/games/{gid}").get_json()["players"]
    hands = dict(zip(players, ({"pips": 0}, {"pips": 23}, {"pips": 14})))
    assert api.post(f"/api/games/{gid}/rounds", json={"ended": "domino", "hands": hands}).status_code == 201
    html = ben.get(url).get_data(as_text=True)
    assert "Scores so far" in html
    rows = re.findall(r"<tr(?: class=\"me\")?><td>(\d+)</td><th scope=\"row\">(\w+)</th><td>(\d+)</td><td>(\d+)</td></tr>", html)
    # Mexican Train: lowest first; this round's points are the totals after round 1
    assert rows == [("1", players[0], "0", "0"), ("2", players[2], "14", "14"), ("3", players[1], "23", "23")]
    assert f'<tr class="me"><td>3</td><th scope="row">{players[1]}</th>' in html


def test_a_phone_refuses_a_hand_no_player_could_hold(app, client, api):
    """Issue 27: the phone said "Sent." for 999 pips (it counted the other
    players' deals as boneyard). Four players dealt 15 of the double-12 less
    the engine 12-12: 30 tiles in the boneyard, so a hand holds at most 45
    tiles, the heaviest 45 free tiles 731 pips."""
    gid = _game(api, {"set": 12, "players": ["Ana", "Ben", "Chen", "Dee"], "first_starter": "Ana"})
    ben = app.test_client()
    url = _seat(ben, _join_url(client, gid), 1)
    r = _send(ben, url, number="1", **{"pips-1": "999"})
    assert r.status_code == 422
    assert "No hand can hold 999 pips: a typo? You can hold 731 pips at most this round." in r.get_data(as_text=True)
    assert _send(ben, url, number="1", **{"pips-1": "99"}).status_code == 302


def test_on_their_own_phone_a_player_is_told_you_not_their_name(app, client, api):
    """Issue 27: Ben's own phone said "Ben can hold…" of Ben's hand. There
    every message about the hand speaks to Ben; the tablet still names him.
    Figures as in the test above: a hand holds at most 731 pips this round."""
    gid = _game(api, {"set": 12, "players": ["Ana", "Ben", "Chen", "Dee"], "first_starter": "Ana"})
    ben = app.test_client()
    url = _seat(ben, _join_url(client, gid), 1)
    said = {
        "You can hold 731 pips at most this round.": {"pips-1": "999"},
        "Type your pips, or tap I went out.": {"pips-1": ""},
        "You went out, so your hand is empty and cannot hold the 0-0": {"out": "1", "blank-1": "1"},
        "You have no tiles left, so no pips: not 5.": {"pips-1": "5", "left-1": "0"},
    }
    for words, fields in said.items():
        r = _send(ben, url, number="1", **fields)
        html = r.get_data(as_text=True)
        assert r.status_code == 422 and words in html, (fields, html[:2000])
        assert "Ben can" not in html and "Ben has" not in html and "Ben&#39;s" not in html
    hands = {"Ana": {"pips": 0}, "Ben": {"pips": 999}, "Chen": {"pips": 3}, "Dee": {"pips": 4}}
    r = api.post(f"/api/games/{gid}/rounds", json={"ended": "domino", "hands": hands})
    assert r.status_code == 422
    assert "Ben can hold 731 pips at most this round." in r.get_data(as_text=True)
