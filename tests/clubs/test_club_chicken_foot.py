"""A Chicken Foot club night (rules-families.md section 5): the form's
late-arrival choice is not a Chicken Foot rule, so the night takes none and
is not refused; the draw seats tables whose games start on the 9-9 with 11
tiles each for four players (gamerules.com's deal)."""

from __future__ import annotations

from .test_events_form import _open


def test_a_chicken_foot_night_from_the_form_draws_its_tables(client, api):
    ev = _open(client, api, name="Feet", kind="chicken_foot", set="9",
               players="Ana\nBen\nChen\nDee\nEve\nFinn\nGus\nHal")
    assert (ev["kind"], ev["set"], ev["rules"]) == ("chicken_foot", 9, {})
    r = api.post(f"/api/events/{ev['id']}/draw", json={})
    assert r.status_code == 201, r.get_json()
    tables = r.get_json()["games"][0]
    assert sorted(len(t["players"]) for t in tables) == [4, 4]
    for t in tables:
        assert (t["next_round"]["engine"], t["next_round"]["dealt"]) == (9, 11)
        assert client.get(f"/games/{t['game']}").status_code == 200
    assert client.get(f"/events/{ev['id']}").status_code == 200
