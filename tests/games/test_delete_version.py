"""Deleting the last round names the version the device read (issue 24,
case 5): ``DELETE /api/games/<id>/rounds/<n>`` takes ``If-Match: <version>``
or ``?version=``; when another device corrected the round meanwhile the
answer is 409 ``edit_conflict`` and the correction stays. Without a version
the round is deleted whatever it now is (scripts); the page always sends the
version it showed. Runs on SQLite and on PostgreSQL."""

from __future__ import annotations

import html
import re

from tests.conftest import csrf_token

HEAD = {"format": "domino-game-record", "version": 1, "kind": "mexican_train", "set": 12,
        "rules": {"start_engine": 1}, "players": ["Ana", "Ben"], "first_starter": "Ana"}
ROUND = {"ended": "domino", "hands": {"Ana": {"pips": 0}, "Ben": {"pips": 9}}}
CORRECTED = {"ended": "domino", "hands": {"Ana": {"pips": 0}, "Ben": {"pips": 14}}}


def _game_with_a_corrected_round(api):
    """A game whose round 1 was saved (version 1), then corrected from
    another device (version 2: Ben 14 pips instead of 9)."""
    gid = api.post("/api/games", json={**HEAD, "rounds": []}).get_json()["id"]
    assert api.post(f"/api/games/{gid}/rounds", json={"number": 1, **ROUND}).status_code == 201
    r = api.put(f"/api/games/{gid}/rounds/1", json={"version": 1, **CORRECTED})
    assert r.status_code == 200, r.get_data(as_text=True)
    assert r.get_json()["round"]["version"] == 2
    return gid


def _ben(api, gid):
    rounds = api.get(f"/api/games/{gid}").get_json()["rounds"]
    return [r["hands"]["Ben"]["pips"] for r in rounds]


def test_delete_with_the_version_read_before_a_correction_answers_409(api):
    gid = _game_with_a_corrected_round(api)
    r = api.delete(f"/api/games/{gid}/rounds/1", headers={"If-Match": "1"})
    assert r.status_code == 409
    error = r.get_json()["errors"][0]
    assert (error["code"], error["path"]) == ("edit_conflict", "rounds[0].version")
    assert error["message"] == "Round 1 was changed on another device since you opened it."
    assert _ben(api, gid) == [14]  # the correction stays
    r = api.delete(f"/api/games/{gid}/rounds/1?version=1")
    assert r.status_code == 409 and _ben(api, gid) == [14]
    r = api.delete(f"/api/games/{gid}/rounds/1", headers={"If-Match": 'W/"1"'})
    assert r.status_code == 409 and _ben(api, gid) == [14]


def test_delete_with_the_current_version_deletes(api):
    gid = _game_with_a_corrected_round(api)
    assert api.delete(f"/api/games/{gid}/rounds/1", headers={"If-Match": '"2"'}).status_code == 204
    assert _ben(api, gid) == []
    assert api.post(f"/api/games/{gid}/rounds", json={"number": 1, **ROUND}).status_code == 201
    assert api.delete(f"/api/games/{gid}/rounds/1?version=1").status_code == 204
    assert _ben(api, gid) == []


def test_delete_without_a_version_still_deletes_and_a_bad_one_is_refused(api):
    gid = _game_with_a_corrected_round(api)
    r = api.delete(f"/api/games/{gid}/rounds/1", headers={"If-Match": "two"})
    assert r.status_code == 422 and r.get_json()["errors"][0]["path"] == "If-Match"
    assert api.delete(f"/api/games/{gid}/rounds/1?version=-1").status_code == 422
    assert _ben(api, gid) == [14]
    assert api.delete(f"/api/games/{gid}/rounds/1").status_code == 204  # a script's delete
    assert _ben(api, gid) == []


def test_the_page_sends_the_version_it_showed(client, api):
    """The delete form carries the round's version; sent after another
    device corrected the round, the round stays and the page says why."""
    gid = api.post("/api/games", json={**HEAD, "rounds": []}).get_json()["id"]
    assert api.post(f"/api/games/{gid}/rounds", json={"number": 1, **ROUND}).status_code == 201
    page = client.get(f"/games/{gid}/rounds/1/edit").get_data(as_text=True)
    form = re.search(rf'<form method="post" action="/games/{gid}/rounds/1/delete".*?</form>', page, re.S)
    assert form is not None
    assert '<input type="hidden" name="version" value="1">' in form.group(0)
    token = csrf_token(client, f"/games/{gid}")
    assert api.put(f"/api/games/{gid}/rounds/1", json={"version": 1, **CORRECTED}).status_code == 200
    r = client.post(f"/games/{gid}/rounds/1/delete", data={"csrf_token": token, "version": "1"},
                    follow_redirects=True)
    assert "Round 1 was changed on another device since you opened it." in html.unescape(r.get_data(as_text=True))
    assert _ben(api, gid) == [14]
    r = client.post(f"/games/{gid}/rounds/1/delete", data={"csrf_token": token, "version": "2"})
    assert r.status_code == 302
    assert _ben(api, gid) == []
