"""Club nights in pairs (partnership dominoes) through the API
(companion/clubs/pairs.py, companion/rules/clubs/pairs.py): check in as pairs
or alone, tables of two pairs with partners opposite, standings by player and
by pair, refusals, a backup round trip of the night's pairs.

Every table plays one hand to 15, the brief's LP-1 (rules-families.md
section 1) by seat: at a table seated s0..s3 (pairs s0+s2 and s1+s3), s0
leads, s2 goes out, s0 holds 3-4 (7), s1 5-4 and 2-1 (12), s3 6-3 (9):
s0+s2 score 12 + 9 = 21 and win (21 >= 15). Played the other way (s3 goes
out, s1 holds 6-3, s2 5-4 and 2-1): s1+s3 score 7 + 12 = 19 and win.
"""

from __future__ import annotations

import re

import pytest

from companion.backup import archive as backup
from tests.backup.test_backup import _api_client, fresh_app  # noqa: F401  (the fixture)

PAIRS = [["Ana", "Chen"], ["Ben", "Dee"]]
ALONE = ["Eve", "Fay", "Gus", "Hal"]


def _night(api, **extra):
    r = api.post("/api/events", json={"name": "Dominó del viernes", "held_on": "2026-12-04",
                                      "kind": "partnership", "set": 6, "rules": {"target_score": 15},
                                      "tables": 3, **extra})
    assert r.status_code == 201, r.get_json()
    eid = r.get_json()["id"]
    r = api.post(f"/api/events/{eid}/pairs", json={"pairs": PAIRS})
    assert r.status_code == 200, r.get_json()
    assert api.post(f"/api/events/{eid}/players", json={"players": ALONE}).status_code == 200
    return eid


def _hand(seats, first_pair_wins):
    s0, s1, s2, s3 = seats
    if first_pair_wins:  # 21 for s0+s2
        return {"leader": s0, "ended": "domino", "out": s2,
                "hands": {s0: {"tiles": ["3-4"]}, s1: {"tiles": ["5-4", "2-1"]},
                          s2: {"pips": 0, "tiles_left": 0}, s3: {"tiles": ["6-3"]}}}
    return {"leader": s0, "ended": "domino", "out": s3,  # 19 for s1+s3
            "hands": {s0: {"tiles": ["3-4"]}, s1: {"tiles": ["6-3"]},
                      s2: {"tiles": ["5-4", "2-1"]}, s3: {"pips": 0, "tiles_left": 0}}}


def _draw(api, eid, seed=7):
    r = api.post(f"/api/events/{eid}/draw", json={"seed": seed})
    assert r.status_code == 201, r.get_json()
    return r.get_json()["games"][-1]


def _partners(teams):
    return {frozenset(p) for p in teams}


@pytest.mark.db
def test_tables_of_two_pairs_keep_the_pairs_checked_in_together(api):
    eid = _night(api)
    ev = api.get(f"/api/events/{eid}").get_json()
    assert ev["pairs"] == [["Ana", "Chen"], ["Ben", "Dee"]]
    tables = _draw(api, eid)
    assert len(tables) == 2 and sorted(n for t in tables for n in t["players"]) == sorted(
        ["Ana", "Ben", "Chen", "Dee", *ALONE])
    for t in tables:
        seats = t["players"]
        assert t["teams"] == [[seats[0], seats[2]], [seats[1], seats[3]]]  # partners opposite
        game = api.get(f"/api/games/{t['game']}").get_json()
        assert game["kind"] == "partnership" and game["teams"] == t["teams"]
    pairs = set().union(*(_partners(t["teams"]) for t in tables))
    assert {frozenset(("Ana", "Chen")), frozenset(("Ben", "Dee"))} <= pairs
    # the four who came alone were drawn into two pairs among themselves
    assert len([p for p in pairs if p <= set(ALONE)]) == 2


@pytest.mark.db
def test_standings_by_player_and_by_pair(api):
    eid = _night(api)
    tables = _draw(api, eid)
    for i, t in enumerate(tables):
        r = api.post(f"/api/games/{t['game']}/rounds", json=_hand(t["players"], first_pair_wins=i == 0))
        assert r.status_code == 201, r.get_json()
    done = api.get(f"/api/events/{eid}").get_json()["games"][-1]
    assert all(t["status"] == "finished" for t in done)
    won = [tables[0]["teams"][0], tables[1]["teams"][1]]  # 21 at table 1, 19 at table 2
    lost = [tables[0]["teams"][1], tables[1]["teams"][0]]
    body = api.get(f"/api/events/{eid}/standings").get_json()
    # by player: a pair's win is 2 place points (two pairs at a table: 2 - 1 + 1), a loss 1
    by_player = {s["player"]: s for s in body["standings"]}
    for pair, points in zip(won, (21, 19)):
        for name in pair:
            assert (by_player[name]["wins"], by_player[name]["place_points"], by_player[name]["points"]) == (
                1, 2, points)
    # equal place points and wins: points per round decide (21, then 19); partners share their
    # pair's place whoever went out (table 1's s2 and table 2's s3 did; issue 28)
    s = [t["players"] for t in tables]
    assert [by_player[n]["place"] for n in (s[0][2], s[0][0], s[1][3], s[1][1])] == [1, 1, 3, 3]
    assert body["tie_breaks"] == ["place_points", "wins", "points_per_round"]
    for pair in lost:
        for name in pair:
            assert (by_player[name]["wins"], by_player[name]["place_points"], by_player[name]["points"]) == (0, 1, 0)
            assert by_player[name]["place"] == 5
    # by pair: games won, then points; the two beaten pairs share third place
    assert [(s["place"], s["pair"], s["games"], s["wins"], s["points"]) for s in body["pairs"]][:2] == [
        (1, won[0], 1, 1, 21), (2, won[1], 1, 1, 19)]
    assert [(s["place"], s["wins"], s["points"]) for s in body["pairs"][2:]] == [(3, 0, 0), (3, 0, 0)]
    assert {frozenset(s["pair"]) for s in body["pairs"][2:]} == {frozenset(p) for p in lost}
    assert body["pairs"][0]["name"] == "+".join(won[0])


@pytest.mark.db
def test_the_next_game_keeps_fixed_pairs_and_draws_new_partners(api):
    eid = _night(api)
    first = _draw(api, eid)
    for t in first:
        assert api.post(f"/api/games/{t['game']}/rounds", json=_hand(t["players"], True)).status_code == 201
    drawn_before = {p for t in first for p in _partners(t["teams"]) if p <= set(ALONE)}
    second = _draw(api, eid, seed=8)
    pairs = {p for t in second for p in _partners(t["teams"])}
    assert {frozenset(("Ana", "Chen")), frozenset(("Ben", "Dee"))} <= pairs
    drawn_now = {p for p in pairs if p <= set(ALONE)}
    assert len(drawn_now) == 2 and not drawn_now & drawn_before  # four singles: new partners each


@pytest.mark.db
def test_a_player_paired_again_leaves_the_old_partner_to_the_draw(api):
    eid = _night(api)
    r = api.post(f"/api/events/{eid}/pairs", json={"pairs": [["Ana", "Eve"]]})
    assert r.status_code == 200, r.get_json()
    assert r.get_json()["pairs"] == [["Ben", "Dee"], ["Ana", "Eve"]] or r.get_json()["pairs"] == [
        ["Ana", "Eve"], ["Ben", "Dee"]]
    teams = [p for t in _draw(api, eid) for p in t["teams"]]
    assert frozenset(("Ana", "Eve")) in {frozenset(p) for p in teams}


@pytest.mark.db
def test_refusals(api):
    eid = _night(api)
    r = api.post(f"/api/events/{eid}/pairs", json={"pairs": [["Ana", "ana"]]})
    assert r.status_code == 422 and r.get_json()["errors"][0]["path"] == "pairs[0]"
    r = api.post(f"/api/events/{eid}/pairs", json={"pairs": [["Ivy", "Jo"], ["Jo", "Kim"]]})
    assert r.status_code == 422 and r.get_json()["errors"][0]["path"] == "pairs[1]"
    r = api.post(f"/api/events/{eid}/pairs", json={"pairs": [["Ivy"]]})
    assert r.status_code == 422 and r.get_json()["errors"][0]["code"] == "bad_value"
    # ten players: tables of two pairs need a multiple of four
    assert api.post(f"/api/events/{eid}/players", json={"players": ["Ivy", "Jo"]}).status_code == 200
    r = api.post(f"/api/events/{eid}/draw", json={"seed": 1})
    assert r.status_code == 422
    assert r.get_json()["errors"][0]["path"] == "players" and "10" in r.get_json()["errors"][0]["message"]
    # a night of single players takes no pairs
    solo = api.post("/api/events", json={"name": "Trains", "rules": {"start_engine": 1}}).get_json()["id"]
    r = api.post(f"/api/events/{solo}/pairs", json={"pairs": PAIRS})
    assert r.status_code == 422 and r.get_json()["errors"][0]["path"] == "pairs"
    assert "pairs" not in api.get(f"/api/events/{solo}").get_json()


@pytest.mark.db
def test_a_backup_keeps_the_nights_pairs(app, api, tmp_path, fresh_app):  # noqa: F811
    eid = _night(api)
    for t in _draw(api, eid):
        assert api.post(f"/api/games/{t['game']}/rounds", json=_hand(t["players"], True)).status_code == 201
    before = (api.get(f"/api/events/{eid}").get_json(), api.get(f"/api/events/{eid}/standings").get_json())
    path = tmp_path / "backup.json"
    assert app.test_cli_runner().invoke(args=["backup", str(path)]).exit_code == 0
    with app.app_context():
        people = backup.dump()["events"][0]["players"]
    assert {p["name"]: p.get("partner") for p in people}["Chen"] == "Ana"
    fresh = fresh_app()
    result = fresh.test_cli_runner().invoke(args=["restore", str(path)])
    assert result.exit_code == 0, result.output
    again = _api_client(fresh)
    after = (again.get(f"/api/events/{eid}").get_json(), again.get(f"/api/events/{eid}/standings").get_json())
    assert after == before


@pytest.mark.db
def test_the_evenings_pages_check_in_pairs_and_show_the_standings_by_pair(client, api):
    from tests.conftest import csrf_token

    eid = _night(api)
    page = client.get(f"/events/{eid}").get_data(as_text=True)
    # the header names no Mexican Train rule set: to 15 is no preset of partnership dominoes
    header = page[page.index("<h1>"):page.index("</h1>")]
    assert "This app&#39;s defaults" not in header and "This app's defaults" not in header
    assert "House rules" in header
    assert "Check in a pair" in page and "Ana + Chen" in page and "Ben + Dee" in page
    token = csrf_token(client, f"/events/{eid}")
    r = client.post(f"/events/{eid}/pairs", data={"csrf_token": token, "pair_a": "Ivy", "pair_b": "ivy"})
    assert r.status_code == 422
    body = r.get_data(as_text=True)
    assert "A pair is two different players." in body and 'value="Ivy"' in body and 'value="ivy"' in body
    r = client.post(f"/events/{eid}/pairs", data={"csrf_token": token, "pair_a": "Ivy", "pair_b": "Jo"})
    assert r.status_code == 302
    assert [["Ivy", "Jo"]] == [p for p in api.get(f"/api/events/{eid}").get_json()["pairs"] if "Ivy" in p]
    assert api.post(f"/api/events/{eid}/players", json={"players": ["Kim", "Lu"]}).status_code == 200
    tables = _draw(api, eid)
    assert len(tables) == 3
    desk = client.get(f"/events/{eid}").get_data(as_text=True)
    for t in tables:  # each table's pairs on the desk
        (a1, a2), (b1, b2) = t["teams"]
        assert f"{a1} + {a2} against {b1} + {b2}" in desk
    cards = client.get(f"/events/{eid}/cards.pdf")
    assert cards.status_code == 200 and cards.data.startswith(b"%PDF")
    for t in tables:
        assert api.post(f"/api/games/{t['game']}/rounds", json=_hand(t["players"], True)).status_code == 201
    standings = client.get(f"/events/{eid}/standings").get_data(as_text=True)
    # place points said for pairs: 2 for the winning pair's players, 1 for the others (issue 28)
    assert "both players of the winning pair score 2" in standings and "the 1st scores n" not in standings
    table = standings[standings.index("pair-standings"):]
    table = re.sub(r"<td [^>]*>", "<td>", table[:table.index("</table>")])  # the cells' phone labels aside
    # three winning pairs of 21 share first place, the three beaten pairs fourth
    a, _, c, _ = tables[0]["players"]
    assert f"<td>1</td><td>{a} + {c}</td><td>1</td><td>21</td><td>1</td>" in table
    assert table.count("<td>1</td><td>21</td><td>1</td>") == 3 and table.count("<td>4</td>") == 3
    screen = client.get(f"/events/{eid}/screen").get_data(as_text=True)
    assert f'<span class="who">{a} + {c}</span><span class="last"></span><span class="total">1 · 21</span>' in screen
    pdf = client.get(f"/events/{eid}/standings.pdf")
    assert pdf.status_code == 200 and pdf.data.startswith(b"%PDF")


@pytest.mark.db
def test_a_night_in_pairs_from_the_new_event_form_once_the_pages_offer_the_kind(client, api, monkeypatch):
    """The pages do not offer partnership dominoes yet (``on_pages``); with the
    kind offered, the new-event form makes a night in pairs: the form's
    Mexican Train rule sets and late-arrival rule are not sent to it."""
    from dataclasses import replace
    from types import MappingProxyType

    from companion.rules import kinds
    from companion.rules.profile import PRESETS
    from tests.conftest import csrf_token

    spec = kinds.KINDS["partnership"]
    monkeypatch.setattr(kinds, "KINDS", MappingProxyType({**kinds.KINDS, "partnership": replace(spec, on_pages=True)}))
    assert 'value="partnership"' in client.get("/events").get_data(as_text=True)
    r = client.post("/events", data={"csrf_token": csrf_token(client, "/events"), "name": "Viernes", "kind": "partnership",
                                     "set": "6", "preset": next(iter(PRESETS)),
                                     "late_join": "highest", "players": "Eve\nFay\nGus\nHal"})
    assert r.status_code == 302, r.get_data(as_text=True)[-1500:]
    eid = int(r.headers["Location"].rstrip("/").split("/")[-1])
    ev = api.get(f"/api/events/{eid}").get_json()
    assert (ev["kind"], ev["rules"], ev["pairs"]) == ("partnership", {}, [])
    assert len(_draw(api, eid)) == 1


@pytest.mark.db
def test_the_header_names_the_partnership_rule_set(client, api):
    # no rules changed, double-six: the partnership rules' own "Partnership, to 100"
    # (companion/rules/families/partnership/rules.py PRESETS["common"]), never Mexican Train's
    # "This app's defaults" (issue 28)
    r = api.post("/api/events", json={"name": "Pairs", "held_on": "2026-12-04", "kind": "partnership",
                                      "set": 6, "rules": {}, "tables": 2})
    assert r.status_code == 201, r.get_json()
    page = client.get(f"/events/{r.get_json()['id']}").get_data(as_text=True)
    header = page[page.index("<h1>"):page.index("</h1>")]
    assert "Partnership, to 100" in header and "defaults" not in header


def test_the_next_seating_of_a_night_in_pairs_is_a_draw_not_a_ladder(client, api):
    """A night in pairs draws its tables afresh for each game (two pairs a
    table): the preview says so and tells no one they move up or down, even
    where the evening's own choice would be the ladder (the default)."""
    eid = _night(api)
    for t in _draw(api, eid):
        assert api.post(f"/api/games/{t['game']}/rounds", json=_hand(t["players"], True)).status_code == 201
    page = client.get(f"/events/{eid}/seating").get_data(as_text=True)
    assert "the tables are drawn afresh for each game, two pairs a table" in page
    assert "moves down one table" not in page and "down from table" not in page and "up from table" not in page
