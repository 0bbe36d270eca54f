"""The club-night form and the list of club nights (templates/events/index.html,
companion/clubs/views.py, companion/clubs/nights.py): a Draw or Block night takes no
Mexican Train set or rule set, the list counts the games played as the
standings do, and a night made through the API gives late arrivals what the
form offers first.

Games are played as in tests/test_events.py (a short Mexican Train, rounds
1-1 and 0-0, pips by seat).
"""

from __future__ import annotations

import re

from companion.rules.kinds import GameKind
from companion.rules.profile import rule_applies
from tests.conftest import csrf_token

from .test_events import _event, _play_evening_game

FORM = {"name": "Friday", "held_on": "2026-11-27", "tables": "2", "move": "3", "scoring": "wins",
        "seating": "random", "reseat": "move_down", "late_join": "highest"}


def _open(client, api, **fields) -> dict:
    """Open an evening through the form; the event as the API gives it."""
    token = csrf_token(client, "/events")
    r = client.post("/events", data={"csrf_token": token, **FORM, **fields})
    assert r.status_code == 302, r.get_data(as_text=True)
    event_id = int(r.headers["Location"].rstrip("/").rsplit("/", 1)[1])
    return api.get(f"/api/events/{event_id}").get_json()


def test_a_draw_or_block_night_keeps_no_mexican_train_set_or_rule_set(client, api):
    # The form sends its Mexican Train fields even while they are hidden: the
    # set left at Double-12 and a rule set. Draw and Block are played with the
    # double-six set and have no rule sets, so the night takes neither (before,
    # the night was refused: the classic games take no double-12 set).
    for kind in ("draw", "block"):
        ev = _open(client, api, name=f"{kind} night", kind=kind, set="12", preset="league")
        assert (ev["kind"], ev["set"], ev["rules"]) == (kind, 6, {"late_join": "highest"})
    # A Mexican Train night keeps both: a double-9 set, the quick game's 6-6 start.
    ev = _open(client, api, kind="mexican_train", set="9", preset="quick")
    assert (ev["kind"], ev["set"], ev["rules"]) == ("mexican_train", 9, {"start_engine": 6, "late_join": "highest"})


def test_the_form_marks_the_mexican_train_fields_for_the_page_script(client):
    # The set and the rule set carry data-kinds="mexican_train" (static/app.js
    # hides them for the other games); the late-arrival rule is for every game.
    page = client.get("/events").get_data(as_text=True)
    assert re.search(r'<div data-kinds="mexican_train [^"]*chicken_foot[^"]*">\s*<label for="ev-set"', page)
    assert re.search(r'<div data-kinds="mexican_train[^"]*">\s*<fieldset class="choices" id="ev-preset"', page)
    # the late arrival: a copy for every game it applies to, picture dominoes' in its own words (rounds won)
    copies = re.findall(r'<div data-kinds="([^"]*)" class="kind-variant">\s*<fieldset class="choices" id="ev-late[^"]*"', page)
    assert sorted(k for c in copies for k in c.split()) == sorted(k.value for k in GameKind
                                                                  if rule_applies("late_join", k))
    assert "Start with the fewest rounds won at the table" in page


def _listed(client, event_id: int) -> str:
    """The list's line under the event's name on /events, on one line."""
    page = client.get("/events").get_data(as_text=True)
    m = re.search(rf'href="/events/{event_id}"><strong>.*?</strong></a>\s*<span class="meta">(.*?)</span>', page, re.S)
    assert m, page
    return " ".join(m.group(1).split())


def test_the_list_counts_the_games_played_not_a_game_just_seated(api, client):
    # Seven players at two tables (4 and 3) play game 1 (two rounds each), then
    # "Seat the next game" seats game 2 and nobody has saved a round of it: one
    # game of the evening, as the standings say (before: 4, every table's game
    # of both draws).
    eid = _event(api)["id"]
    assert _listed(client, eid) == "2026-11-26 · Mexican Train · 0 games of the evening"
    api.post(f"/api/events/{eid}/draw", json={})
    assert _listed(client, eid) == "2026-11-26 · Mexican Train · 0 games of the evening"
    _play_evening_game(api, eid)
    assert _listed(client, eid) == "2026-11-26 · Mexican Train · 1 game of the evening"
    r = api.post(f"/api/events/{eid}/draw", json={})
    table = r.get_json()["games"][1][0]
    assert _listed(client, eid) == "2026-11-26 · Mexican Train · 1 game of the evening"
    # the first round of game 2 saved at one table: two games of the evening
    hands = {name: {"pips": 0 if i == 0 else 5} for i, name in enumerate(table["players"])}
    assert api.post(f"/api/games/{table['game']}/rounds",
                    json={"number": 1, "ended": "domino", "hands": hands}).status_code == 201
    assert _listed(client, eid) == "2026-11-26 · Mexican Train · 2 games of the evening"
    standings = client.get(f"/events/{eid}/standings").get_data(as_text=True)
    assert "· 2 games of the evening" in standings


def test_the_list_counts_a_season_s_games_played(api, client):
    # Evening 1: one table of four plays one game; evening 2: the four are
    # seated again and have saved nothing: a season of 2 evenings, 1 game.
    eid = _event(api, players=["Ana", "Ben", "Chen", "Dee"], tables=1)["id"]
    api.post(f"/api/events/{eid}/draw", json={})
    _play_evening_game(api, eid)
    assert api.post(f"/api/events/{eid}/evenings", json={"held_on": "2026-12-03"}).status_code == 201
    api.post(f"/api/events/{eid}/players", json={"players": ["Ana", "Ben", "Chen", "Dee"]})
    assert api.post(f"/api/events/{eid}/draw", json={}).status_code == 201
    assert _listed(client, eid) == "2026-11-26 · Mexican Train · A season of 2 evenings · 1 game"


def test_a_night_made_through_the_api_gives_late_arrivals_the_form_s_default(api, client):
    # The form offers "the table's least favourable total" first; a night made
    # through the API without the rule gives the same (before: 0), and so does
    # every table's game.
    ev = _event(api)
    assert ev["rules"] == {"start_engine": 1, "late_join": "highest"}
    table = api.post(f"/api/events/{ev['id']}/draw", json={}).get_json()["games"][0][0]
    assert api.get(f"/api/games/{table['game']}").get_json()["rules"]["late_join"] == "highest"
    page = client.get(f"/events/{ev['id']}").get_data(as_text=True)
    assert "A late arrival: Starts at the table's least favourable total," in page
    # A rule given is kept, 0 too, from the API and from the form.
    assert _event(api, rules={"late_join": "zero"})["rules"] == {"late_join": "zero"}
    ev = _open(client, api, late_join="zero")
    assert ev["rules"] == {"late_join": "zero"}
    assert "A late arrival: Starts at 0," in client.get(f"/events/{ev['id']}").get_data(as_text=True)
