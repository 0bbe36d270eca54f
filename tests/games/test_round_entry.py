"""Entering a round (issue 14): a number too large is called too large, and
Out with the 0-0 on one player is refused with a message, what was typed kept."""

from __future__ import annotations

from tests.conftest import count_rows, csrf_token


def _game(api) -> int:
    r = api.post("/api/games", json={"set": 12, "players": ["Ana", "Ben", "Chen"], "first_starter": "Ana"})
    return r.get_json()["id"]


def _post(client, gid, **fields):
    data = {"csrf_token": csrf_token(client, f"/games/{gid}"), "number": "1", **fields}
    return client.post(f"/games/{gid}/rounds", data=data)


def test_an_eleven_digit_number_is_too_large_not_a_non_number(app, client, api):
    gid = _game(api)
    r = _post(client, gid, out="0", **{"pips-1": "99999999999", "pips-2": "7"})
    assert r.status_code == 422
    html = r.get_data(as_text=True)
    assert "“99999999999” is too large a number." in html
    assert "is not a whole number" not in html
    assert 'value="99999999999"' in html
    r = _post(client, gid, out="0", **{"pips-1": "1O", "pips-2": "7"})
    assert "“1O” is not a whole number." in r.get_data(as_text=True)
    assert count_rows(app)[1] == 0


def test_out_and_the_0_0_on_one_player_is_refused(app, client, api):
    gid = _game(api)
    r = _post(client, gid, out="1", **{"pips-0": "12", "pips-2": "7", "blank-1": "1"})
    assert r.status_code == 422
    html = r.get_data(as_text=True)
    assert "Ben went out, so their hand is empty and cannot hold the 0-0" in html
    assert count_rows(app)[1] == 0
    # the same round without the contradiction is saved: Ana 12, Ben 0, Chen 7
    r = _post(client, gid, out="1", **{"pips-0": "12", "pips-2": "7"})
    assert r.status_code == 302
    assert [h["pips"] for h in api.get(f"/api/games/{gid}").get_json()["rounds"][0]["hands"].values()] == [12, 0, 7]


def test_nobody_out_and_a_negative_count_are_both_shown_at_once(app, client, api):
    """A round sent with nobody tapped out and a hand typed as -5: both
    mistakes come back together, the -5 at Ana's row, all that was typed kept."""
    gid = _game(api)
    r = _post(client, gid, **{"pips-0": "-5", "pips-1": "400", "pips-2": "7"})
    assert r.status_code == 422
    html = r.get_data(as_text=True)
    assert "Tap the player who went out, or Blocked." in html
    assert 'id="err-0">Pips cannot be negative.</p>' in html
    assert 'value="-5"' in html and 'value="400"' in html and 'value="7"' in html
    assert count_rows(app)[1] == 0


def test_picture_dominoes_say_nothing_of_doubles_and_keep_the_panel_open(client, api):
    gid = api.post("/api/games", json={"kind": "picture", "players": ["Mia", "Leo", "Ivy"]}).get_json()["id"]
    html = client.get(f"/games/{gid}").get_data(as_text=True)
    assert "highest double" not in html
    assert '<details class="extras-round">' in html  # folded while nothing is wrong
    # Leo marked as sitting out, yet tapped as the winner: refused, the panel stays open
    data = {"csrf_token": csrf_token(client, f"/games/{gid}"), "number": "1", "winner": "1", "absent-1": "1"}
    r = client.post(f"/games/{gid}/rounds", data=data)
    assert r.status_code == 422
    html = r.get_data(as_text=True)
    assert '<details class="extras-round" open>' in html
    assert 'name="absent-1" value="1" checked' in html


def test_a_new_game_with_these_players_moves_the_first_starter_one_seat(client, api):
    record = {"set": 9, "players": ["Ana", "Ben", "Chen", "Dee"], "first_starter": "Dee",
              "rules": {"double_blank_points": 25}}
    gid = api.post("/api/games", json=record).get_json()["id"]
    r = client.post(f"/games/{gid}/rematch", data={"csrf_token": csrf_token(client, f"/games/{gid}")})
    assert r.status_code == 302
    new_id = int(r.headers["Location"].rstrip("/").split("/")[-1])
    assert new_id != gid
    new = api.get(f"/api/games/{new_id}").get_json()
    # Dee started the last game, so the seat after Dee (clockwise, back to Ana) starts this one
    assert new["first_starter"] == "Ana"
    assert new["players"] == ["Ana", "Ben", "Chen", "Dee"] and new["set"] == 9
    assert new["rules"]["double_blank_points"] == 25 and new["rounds"] == []
    assert api.get(f"/api/games/{gid}").get_json()["first_starter"] == "Dee"  # the old game is as it was
    assert client.post("/games/999999/rematch",
                       data={"csrf_token": csrf_token(client, f"/games/{gid}")}).status_code == 404


def test_a_box_that_is_not_a_number_and_a_negative_count_are_both_shown_at_once(app, client, api):
    """A walk typed "abc" for Ana and -5 for Ben: only "abc" came back, and
    the -5 only on the next send. Now both at their rows, all typed kept."""
    gid = _game(api)
    r = _post(client, gid, out="2", **{"pips-0": "abc", "pips-1": "-5"})
    assert r.status_code == 422
    html = r.get_data(as_text=True)
    assert 'id="err-0">“abc” is not a whole number.</p>' in html
    assert 'id="err-1">Pips cannot be negative.</p>' in html
    assert "Give the pips left" not in html  # Ana's box is refused once, not twice
    assert 'value="abc"' in html and 'value="-5"' in html
    assert count_rows(app)[1] == 0
    # mended, the round is saved: Ana 12, Ben 5, Chen out
    r = _post(client, gid, out="2", **{"pips-0": "12", "pips-1": "5"})
    assert r.status_code == 302
    assert [h["pips"] for h in api.get(f"/api/games/{gid}").get_json()["rounds"][0]["hands"].values()] == [12, 5, 0]


def test_a_box_that_is_not_a_number_and_nobody_out_are_both_shown_at_once(app, client, api):
    """A fresh tester typed "abc" and -1 with nobody tapped out: the boxes
    came back first and "Tap the player who went out" only on the next send."""
    gid = _game(api)
    r = _post(client, gid, **{"pips-0": "abc", "pips-1": "-1", "pips-2": "7"})
    assert r.status_code == 422
    html = r.get_data(as_text=True)
    assert 'id="err-0">“abc” is not a whole number.</p>' in html
    assert 'id="err-1">Pips cannot be negative.</p>' in html
    assert html.count("Tap the player who went out, or Blocked.") == 1
    assert 'value="abc"' in html and 'value="-1"' in html and 'value="7"' in html
    assert count_rows(app)[1] == 0


def test_a_mistake_under_more_is_marked_on_its_own_box_not_on_the_pips(app, client, api):
    """A fresh tester typed "zz" in Ana's Tiles left: the message came at her
    row but the red outline went on her pips box (12, typed right)."""
    import re

    gid = _game(api)
    r = _post(client, gid, out="2", **{"pips-0": "12", "left-0": "zz", "pips-1": "5"})
    assert r.status_code == 422
    html = r.get_data(as_text=True)
    assert 'id="err-0">“zz” is not a whole number.</p>' in html

    def box(name: str) -> str:
        m = re.search(r'<input[^>]*name="' + name + r'"[^>]*>', html, re.S)
        assert m, name
        return m.group(0)

    assert 'aria-invalid="true"' in box("left-0") and 'value="zz"' in box("left-0")
    assert "aria-invalid" not in box("pips-0") and 'value="12"' in box("pips-0")
    assert "aria-invalid" not in box("pips-1")
    # a mistake in the pips themselves still marks the pips box
    r = _post(client, gid, out="2", **{"pips-0": "-4", "pips-1": "5"})
    html = r.get_data(as_text=True)
    assert 'aria-invalid="true"' in box("pips-0")
