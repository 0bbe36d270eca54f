"""The club-night form (templates/events/index.html, companion/views/events.py):
a Draw or Block night takes no Mexican Train set or rule set.
"""

from __future__ import annotations

import re

from .conftest import csrf_token

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
    for field in ("ev-set", "ev-preset"):
        assert re.search(r'<div data-kinds="mexican_train">\s*<label for="' + field + '"', page), field
    assert not re.search(r'data-kinds="[^"]*">\s*<label for="ev-late"', page)
