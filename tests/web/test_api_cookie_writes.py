"""The JSON API's writes let in by the session cookie take JSON or the form's
CSRF token (companion/web/access.py, ``_json_or_csrf``): a page on the same
host cannot drive them with a plain form (issue 25, item 7)."""

from __future__ import annotations

import json

import pytest

from tests.conftest import TOKEN, csrf_token

FULL = "mexican_train"


def _everything(app) -> str:
    """Every stored row of every table, as canonical JSON."""
    from companion.store.db import db

    with app.app_context():
        with db.engine.connect() as conn:
            rows = {t.name: sorted(map(repr, conn.execute(db.select(t))))
                    for t in db.metadata.sorted_tables}
    return json.dumps(rows, sort_keys=True)


def _api_write_rules(app):
    for rule in app.url_map.iter_rules():
        methods = rule.methods - {"GET", "HEAD", "OPTIONS"}
        if rule.rule.startswith("/api/") and methods:
            for method in sorted(methods):
                yield method, rule


@pytest.fixture
def stocked(app, api):
    """A game of two rounds, a club night with its players, the players' ids."""
    game = api.post("/api/games", json={
        "kind": FULL, "set": 12, "rules": {"start_engine": 3}, "players": ["Ana", "Ben"],
        "rounds": [{"ended": "domino", "hands": {"Ana": {"pips": 0}, "Ben": {"pips": 4}}}] * 2})
    assert game.status_code == 201, game.get_data(as_text=True)
    event = api.post("/api/events", json={"name": "Thursday", "held_on": "2026-11-26", "tables": 1,
                                          "players": ["Ana", "Ben", "Chen", "Dee"]})
    assert event.status_code == 201, event.get_data(as_text=True)
    players = api.get("/api/players").get_json()["players"]
    return {"game_id": game.get_json()["id"], "number": 2, "event_id": event.get_json()["id"],
            "player_id": players[0]["id"], "key": "no-such-seat"}


def test_every_api_write_refuses_a_form_sent_with_the_cookie_and_no_token(app, client, stocked):
    before = _everything(app)
    seen = set()
    form = {"name": "Zed", "players": "Ana", "archived": "1", "tables": "1", "into": "1",
            "held_on": "2026-12-03", "ended": "domino", "confirm": "true", "set": "6"}
    for method, rule in _api_write_rules(app):
        url = rule.build({k: stocked[k] for k in rule.arguments}, append_unknown=False)[1]
        r = client.open(url, method=method, data=form)
        assert r.status_code in (400, 403, 415), (method, url, r.status_code, r.get_data(as_text=True))
        assert _everything(app) == before, (method, url)
        seen.add(rule.endpoint)
    # The three that were open (issue 25): archive a game, draw tables, send a player home.
    assert {"api.archive_game", "events_api.api_draw", "events_api.api_leave"} <= seen
    assert len(seen) >= 15


def test_the_refusal_says_to_send_json(client, stocked):
    r = client.post(f"/api/games/{stocked['game_id']}/archive", data={"archived": "1"})
    assert r.status_code == 415
    assert r.get_json()["errors"][0]["code"] == "bad_value"
    assert "application/json" in r.get_json()["errors"][0]["message"]


def _shelf(api, shelf):
    return [g["id"] for g in api.get(f"/api/games?shelf={shelf}").get_json()["games"]]


def test_json_with_the_cookie_and_forms_with_the_token_still_work(app, client, api, stocked):
    gid = stocked["game_id"]
    assert client.post(f"/api/games/{gid}/archive", json={}).status_code == 204
    assert _shelf(api, "archive") == [gid]
    token = csrf_token(client, "/")
    assert client.delete(f"/api/games/{gid}", headers={"X-CSRFToken": token}).status_code == 204
    assert _shelf(api, "trash") == [gid]
    bearer = app.test_client()
    r = bearer.post(f"/api/games/{gid}/restore", headers={"Authorization": f"Bearer {TOKEN}"})
    assert r.status_code == 204
    assert _shelf(api, "trash") == []
