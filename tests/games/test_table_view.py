"""The table view for a TV or a second tablet, and its polling, for the
device that holds the token and for a spectator link."""

from __future__ import annotations

import html as htmllib
import re

from tests.conftest import view_key


def _poll_url(page: str) -> str:
    return htmllib.unescape(re.search(r'data-poll="([^"]+)"', page).group(1))


def test_a_spectator_polls_with_its_key_even_without_a_session(app, api, full_game):
    record = dict(full_game["record"], rounds=full_game["record"]["rounds"][:2])
    gid = api.post("/api/games", json=record).get_json()["id"]
    key = view_key(app, gid)
    page = app.test_client().get(f"/games/{gid}/table?view={key}").get_data(as_text=True)
    poll = _poll_url(page)
    assert f"view={key}" in poll
    assert "Back to the scoreboard" not in page  # read-only: no way into the game
    # A device whose session cookie was lost (or blocked) still gets the revision.
    fresh = app.test_client()
    r = fresh.get(poll, headers={"Accept": "application/json"})
    assert r.status_code == 200 and r.get_json()["revision"] >= 1
    assert fresh.get(f"/api/games/{gid}/revision?view=wrong").status_code == 401


def test_the_table_view_shows_the_last_round_and_works_for_every_kind(client, api, full_game):
    record = dict(full_game["record"], rounds=full_game["record"]["rounds"][:1])
    gid = api.post("/api/games", json=record).get_json()["id"]
    page = client.get(f"/games/{gid}/table").get_data(as_text=True)
    assert "Standings after round 1" in page and "+23" in page and ">out<" in page
    assert "view=" not in _poll_url(page)
    assert "Back to the scoreboard" in page
    for kind in ("draw", "block", "picture"):
        gid = api.post("/api/games", json={"kind": kind, "players": ["Ana", "Ben"],
                                           "first_starter": "Ana"}).get_json()["id"]
        r = client.get(f"/games/{gid}/table")
        assert r.status_code == 200, kind
        assert "Round 1" in r.get_data(as_text=True)
