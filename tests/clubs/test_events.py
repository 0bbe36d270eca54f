"""Club nights through the API and the pages (companion/clubs/nights.py,
companion/clubs/views.py): check-in, the draw within the tables' limits,
ordinary games at each table, standings worked out by hand, the move-down
ladder, a late arrival, the big screen's revision, the PDFs.

Every table plays a short Mexican Train (``start_engine`` 1: rounds 1-1 and
0-0). The draw is random, so the tests read who sits where and give pips by
seat: at a table of four (seats s0..s3) R1: s0 out, s1 5, s2 10, s3 15;
R2: s0 3, s1 out, s2 10, s3 20; totals 3, 5, 20, 35, places 1-4. At a table
of three (t0..t2) R1: t0 out, t1 4, t2 9; R2: t0 4, t1 out, t2 9; totals
4, 4, 18: t0 and t1 share first place, t2 3rd.
"""

from __future__ import annotations

import io
import re

import pytest

from tests.conftest import ARTIFACTS, csrf_token
from tests.helpers import assert_stored_results_fresh

SHORT = {"start_engine": 1}
PEOPLE = ["Ana", "Ben", "Chen", "Dee", "Eve", "Finn", "Gus"]
FOUR = ([0, 5, 10, 15], [3, 0, 10, 20])
THREE = ([0, 4, 9], [4, 0, 9])


def _event(api, **extra):
    body = {"name": "Thursday club", "held_on": "2026-11-26", "rules": SHORT, "tables": 2,
            "players": PEOPLE, **extra}
    r = api.post("/api/events", json=body)
    assert r.status_code == 201, r.get_data(as_text=True)
    return r.get_json()


def _play_table(api, game_id, pattern):
    seats = api.get(f"/api/games/{game_id}").get_json()["players"]
    for number, pips in enumerate(pattern, 1):
        hands = {name: {"pips": p} for name, p in zip(seats, pips)}
        r = api.post(f"/api/games/{game_id}/rounds", json={"number": number, "ended": "domino", "hands": hands})
        assert r.status_code == 201, r.get_data(as_text=True)
    return seats


def _play_evening_game(api, event_id):
    tables = api.get(f"/api/events/{event_id}").get_json()["games"][-1]
    seats = {}
    for t in tables:
        seats[t["table"]] = _play_table(api, t["game"], FOUR if len(t["players"]) == 4 else THREE)
    return seats


def test_draw_seats_everyone_once_within_the_limits(api):
    ev = _event(api)
    r = api.post(f"/api/events/{ev['id']}/draw", json={})
    assert r.status_code == 201
    tables = r.get_json()["games"][0]
    assert sorted(len(t["players"]) for t in tables) == [3, 4]
    seated = [p for t in tables for p in t["players"]]
    assert sorted(seated) == sorted(PEOPLE)
    for t in tables:
        game = api.get(f"/api/games/{t['game']}").get_json()
        # An ordinary game: the table's players, the event's rules, nothing else.
        assert game["players"] == t["players"]
        assert game["rules"]["start_engine"] == 1
        assert game["status"] == "in_progress"


def test_no_second_draw_while_a_table_plays(api):
    ev = _event(api)
    api.post(f"/api/events/{ev['id']}/draw", json={})
    r = api.post(f"/api/events/{ev['id']}/draw", json={})
    assert r.status_code == 422
    assert len(api.get(f"/api/events/{ev['id']}").get_json()["games"]) == 1


def test_too_few_players_for_a_table(api):
    ev = _event(api, players=["Solo"])
    r = api.post(f"/api/events/{ev['id']}/draw", json={})
    assert r.status_code == 422
    assert r.get_json()["errors"][0]["code"] == "too_few_players"


def test_event_refuses_bad_values(api):
    r = api.post("/api/events", json={"name": "", "scoring": "elo", "tables": 0, "set": 7})
    assert r.status_code == 422
    paths = {e["path"] for e in r.get_json()["errors"]}
    assert {"name", "scoring", "tables", "set"} <= paths
    assert api.get("/api/events").get_json()["events"] == []


def test_standings_by_place_points_by_hand(api):
    ev = _event(api)
    api.post(f"/api/events/{ev['id']}/draw", json={})
    seats = _play_evening_game(api, ev["id"])
    four = next(s for s in seats.values() if len(s) == 4)
    three = next(s for s in seats.values() if len(s) == 3)
    s0, s1, s2, s3 = four
    t0, t1, t2 = three
    body = api.get(f"/api/events/{ev['id']}/standings").get_json()
    assert body["tie_breaks"] == ["place_points", "wins", "points_per_round", "rounds_out"]
    got = [(r["place"], r["player"], r["place_points"], r["wins"]) for r in body["standings"]]
    # s0 4 points; t0 and t1 3 points and a (shared) win each, equal on every
    # measure; s1 3 points, no win; s2 2; t2 and s3 1 point, no win: t2 scored
    # 9 a round, s3 17.5 (fewer is better).
    first_two = sorted([t0, t1], key=str.casefold)
    assert got == [
        (1, s0, 4, 1), (2, first_two[0], 3, 1), (2, first_two[1], 3, 1), (4, s1, 3, 0),
        (5, s2, 2, 0), (6, t2, 1, 0), (7, s3, 1, 0),
    ]
    s3_line = next(r for r in body["standings"] if r["player"] == s3)
    assert s3_line["points_per_round"] == 17.5


def test_next_game_moves_down_and_seats_a_late_arrival(api):
    ev = _event(api, move=1)
    api.post(f"/api/events/{ev['id']}/draw", json={})
    seats = _play_evening_game(api, ev["id"])
    four = next(s for s in seats.values() if len(s) == 4)
    three = next(s for s in seats.values() if len(s) == 3)
    table_of_four_first = next(t for t, s in seats.items() if len(s) == 4) == 1
    # A late arrival checks in while nobody plays; one player went home.
    api.post(f"/api/events/{ev['id']}/players", json={"players": ["Lou"]})
    r = api.post(f"/api/events/{ev['id']}/draw", json={})
    assert r.status_code == 201, r.get_data(as_text=True)
    second = r.get_json()["games"][1]
    top, bottom = (four, three) if table_of_four_first else (three, four)
    # Finishing order of each table; the lowest one of the top table moves
    # down, the best one of the lower table moves up; Lou joins the smaller table.
    order = {tuple(four): [four[0], four[1], four[2], four[3]], tuple(three): [three[0], three[1], three[2]]}
    top_order, bottom_order = order[tuple(top)], order[tuple(bottom)]
    new_top = [bottom_order[0]] + top_order[:-1]
    new_bottom = bottom_order[1:] + [top_order[-1]]
    if len(new_top) < len(new_bottom):
        new_top = new_top + ["Lou"]
    else:
        new_bottom = new_bottom + ["Lou"]
    assert [t["players"] for t in second] == [new_top, new_bottom]


def test_a_player_who_went_home_is_not_seated_again(api):
    ev = _event(api)
    api.post(f"/api/events/{ev['id']}/draw", json={})
    _play_evening_game(api, ev["id"])
    gus = next(p["id"] for p in api.get(f"/api/events/{ev['id']}").get_json()["players"] if p["name"] == "Gus")
    api.post(f"/api/events/{ev['id']}/players/{gus}/leave")
    second = api.post(f"/api/events/{ev['id']}/draw", json={}).get_json()["games"][1]
    seated = [p for t in second for p in t["players"]]
    assert "Gus" not in seated and len(seated) == 6
    # Gus's first game still counts.
    assert any(r["player"] == "Gus" and r["games"] == 1
               for r in api.get(f"/api/events/{ev['id']}/standings").get_json()["standings"])


def test_the_ladder_keeps_its_tables_when_a_late_arrival_still_fits(api):
    """Thirteen players at three tables (5, 4, 4); a fourteenth arrives
    between games. Fourteen would make four tables from scratch, but the
    evening's three tables still seat fourteen, so the move-down ladder goes
    on at three tables and the late arrival joins the smallest table (the last
    of equals), instead of a fresh draw.

    The ladder by hand, one moving (each table finished in seat order):
    table 1 = best of table 2, then table 1's first four; table 2 = best of
    table 3, table 2's 2nd and 3rd, table 1's last; table 3 = table 3's 2nd
    to 4th, table 2's last."""
    thirteen = [*PEOPLE, "Hal", "Ida", "Jo", "Kai", "Lee", "Max"]
    ev = _event(api, players=thirteen, tables=4, move=1)
    first = api.post(f"/api/events/{ev['id']}/draw", json={}).get_json()["games"][0]
    assert sorted(len(t["players"]) for t in first) == [4, 4, 5]
    finish = {5: ([0, 5, 10, 15, 20], [3, 0, 10, 20, 25]), 4: FOUR}
    order = {t["table"]: _play_table(api, t["game"], finish[len(t["players"])]) for t in first}
    api.post(f"/api/events/{ev['id']}/players", json={"players": ["Lou"]})
    r = api.post(f"/api/events/{ev['id']}/draw", json={})
    assert r.status_code == 201, r.get_data(as_text=True)
    second = [t["players"] for t in r.get_json()["games"][1]]
    t1, t2, t3 = order[1], order[2], order[3]
    ladder = [[t2[0], *t1[:-1]], [t3[0], *t2[1:-1], t1[-1]], [*t3[1:], t2[-1]]]
    smallest = min(range(3), key=lambda i: (len(ladder[i]), -i))
    ladder[smallest].append("Lou")
    assert second == ladder


def test_going_home_during_a_game_leaves_that_table(app, api):
    """A player marked gone home while his table plays leaves that table's
    game: it no longer deals to him (he is away in it); the other table's
    game is untouched."""
    ev = _event(api)
    tables = api.post(f"/api/events/{ev['id']}/draw", json={}).get_json()["games"][0]
    home = next(t for t in tables if "Gus" in t["players"])
    other = next(t for t in tables if "Gus" not in t["players"])
    gus = next(p["id"] for p in api.get(f"/api/events/{ev['id']}").get_json()["players"] if p["name"] == "Gus")
    assert api.post(f"/api/events/{ev['id']}/players/{gus}/leave").status_code == 200
    assert api.get(f"/api/games/{home['game']}").get_json()["away"] == ["Gus"]
    assert api.get(f"/api/games/{other['game']}").get_json().get("away", []) == []
    body = api.get(f"/api/events/{ev['id']}").get_json()
    assert [p["name"] for p in body["players"] if not p["present"]] == ["Gus"]
    # A late arrival joining a running table keeps Gus away where he left,
    # and every game's stored results stay those of its record.
    api.post(f"/api/events/{ev['id']}/players", json={"players": ["Lou"]})
    assert api.get(f"/api/games/{home['game']}").get_json()["away"] == ["Gus"]
    assert any("Lou" in api.get(f"/api/games/{t['game']}").get_json()["players"] for t in tables)
    assert_stored_results_fresh(app)


def test_big_screen_revision_follows_every_table(api, client):
    ev = _event(api)
    api.post(f"/api/events/{ev['id']}/draw", json={})
    before = api.get(f"/api/events/{ev['id']}/revision").get_json()["revision"]
    game = api.get(f"/api/events/{ev['id']}").get_json()["games"][0][0]
    seats = game["players"]
    api.post(f"/api/games/{game['game']}/rounds",
             json={"number": 1, "ended": "domino", "hands": {n: {"pips": 0 if i == 0 else 5} for i, n in enumerate(seats)}})
    after = api.get(f"/api/events/{ev['id']}/revision").get_json()["revision"]
    assert after != before
    page = client.get(f"/events/{ev['id']}/screen").get_data(as_text=True)
    assert f'data-revision="{after}"' in page
    assert all(name in page for name in seats)


def test_pdfs_table_cards_and_standings(api, client):
    pypdf = pytest.importorskip("pypdf")
    ev = _event(api)
    assert client.get(f"/events/{ev['id']}/cards.pdf").status_code == 404
    api.post(f"/api/events/{ev['id']}/draw", json={})
    cards = client.get(f"/events/{ev['id']}/cards.pdf")
    assert cards.status_code == 200 and cards.mimetype == "application/pdf"
    reader = pypdf.PdfReader(io.BytesIO(cards.data))
    assert len(reader.pages) == 2  # one card per table
    text = reader.pages[0].extract_text()
    assert "Table 1" in text and "1-1" in text and "0-0" in text
    _play_evening_game(api, ev["id"])
    standings = client.get(f"/events/{ev['id']}/standings.pdf")
    text = pypdf.PdfReader(io.BytesIO(standings.data)).pages[0].extract_text()
    assert "Thursday club" in text and all(name in text for name in PEOPLE)


def test_evening_through_the_pages(client):
    token = csrf_token(client, "/events")
    r = client.post("/events", data={"csrf_token": token, "name": "Friday", "held_on": "2026-11-27",
                                      "kind": "mexican_train", "set": "12", "tables": "3", "move": "3",
                                      "scoring": "wins", "seating": "balanced", "reseat": "move_down",
                                      "late_join": "highest"})
    assert r.status_code == 302
    url = r.headers["Location"]
    r = client.post(url + "/players", data={"csrf_token": token, "name": "Ana\nBen\nChen\nDee\nEve\nFinn\nGus\nHal\nIda"})
    assert r.status_code == 302
    page = client.get(url).get_data(as_text=True)
    assert all(n in page for n in ("Ana", "Ben", "Chen", "Dee", "Eve"))
    r = client.post(url + "/draw", data={"csrf_token": token})
    assert r.status_code == 302
    page = client.get(url).get_data(as_text=True)
    assert "Table 1" in page and "Table 2" in page
    # Empty check-in: refused with a message.
    r = client.post(url + "/players", data={"csrf_token": token, "name": "  "})
    assert r.status_code == 422 and "Type a name." in r.get_data(as_text=True)
    # A list with one name over 40 characters: nobody checked in, the message
    # names the line by its start, and the list comes back as typed.
    long_name = "Maximilian-Alexander von Hohenberg-Schwarzenfeld"  # 48 characters
    r = client.post(url + "/players", data={"csrf_token": token, "name": f"Jo\n{long_name}\nKai"})
    page = r.get_data(as_text=True)
    assert r.status_code == 422
    assert "Maximilian-Alexander von…: A name may have at most 40 characters." in page
    assert f">Jo\n{long_name}\nKai</textarea>" in page
    assert "Kai" not in [p["name"] for p in client.get(url.replace("/events/", "/api/events/")).get_json()["players"]]
    # The form to make an event offers the usual club rule for late arrivals
    # first: the table's highest total (not 0, which would favour coming late).
    form = client.get("/events").get_data(as_text=True)
    assert '<input type="radio" name="late_join" value="highest" checked>' in form


def test_unknown_event(api, client):
    assert api.get("/api/events/999").status_code == 404
    assert client.get("/events/999").status_code == 404


def test_events_and_the_roster_come_back_from_a_backup(app, api):
    from sqlalchemy import text

    from companion.backup import archive as backup
    from companion.store.db import db
    from tests.conftest import _reset_database

    ev = _event(api)
    api.post(f"/api/events/{ev['id']}/draw", json={})
    _play_evening_game(api, ev["id"])
    chen = next(p["id"] for p in api.get("/api/players").get_json()["players"] if p["name"] == "Chen")
    api.patch(f"/api/players/{chen}", json={"archived": True})
    standings = api.get(f"/api/events/{ev['id']}/standings").get_json()
    event = api.get(f"/api/events/{ev['id']}").get_json()
    roster = api.get("/api/players?archived=1").get_json()
    stats = api.get(f"/api/players/{chen}").get_json()
    with app.app_context():
        doc = backup.dump()
        db.drop_all()
        db.session.execute(text("DROP TABLE IF EXISTS alembic_version"))
        db.session.commit()
        db.session.remove()
    assert [e["name"] for e in doc["events"]] == ["Thursday club"]
    _reset_database(app)
    with app.app_context():
        backup.restore(doc)
    assert api.get(f"/api/events/{ev['id']}/standings").get_json() == standings
    assert api.get(f"/api/events/{ev['id']}").get_json() == event
    assert api.get("/api/players?archived=1").get_json() == roster
    assert api.get(f"/api/players/{chen}").get_json() == stats


def test_a_late_arrival_joins_a_running_table_from_its_next_round(api):
    ev = _event(api, rules={"start_engine": 1, "late_join": "highest"})
    tables = api.post(f"/api/events/{ev['id']}/draw", json={}).get_json()["games"][0]
    three = next(t for t in tables if len(t["players"]) == 3)
    four = next(t for t in tables if len(t["players"]) == 4)
    t0, t1, t2 = three["players"]
    api.post(f"/api/games/{three['game']}/rounds", json={
        "number": 1, "ended": "domino", "hands": {t0: {"pips": 0}, t1: {"pips": 4}, t2: {"pips": 9}}})
    # Lou arrives: the smallest table (three players) takes him from round 2.
    body = api.post(f"/api/events/{ev['id']}/players", json={"players": ["Lou"]}).get_json()
    seats = {t["table"]: t["players"] for t in body["games"][0]}
    assert seats[three["table"]] == [t0, t1, t2, "Lou"]
    assert seats[four["table"]] == four["players"]
    game = api.get(f"/api/games/{three['game']}").get_json()
    assert game["rounds"][0]["absent"] == ["Lou"]
    r = api.post(f"/api/games/{three['game']}/rounds", json={
        "number": 2, "ended": "domino",
        "hands": {t0: {"pips": 4}, t1: {"pips": 0}, t2: {"pips": 9}, "Lou": {"pips": 6}}})
    assert r.status_code == 201, r.get_data(as_text=True)
    game = api.get(f"/api/games/{three['game']}").get_json()
    # Lou starts at the highest total after round 1 (9) and adds his 6.
    assert {s["player"]: (s["total"], s["rank"]) for s in game["standings"]} == {
        t0: (4, 1), t1: (4, 1), "Lou": (15, 3), t2: (18, 4)}


def test_standings_as_csv(api, client):
    ev = _event(api)
    api.post(f"/api/events/{ev['id']}/draw", json={})
    seats = _play_evening_game(api, ev["id"])
    s0 = next(s for s in seats.values() if len(s) == 4)[0]
    lines = client.get(f"/events/{ev['id']}/standings.csv").get_data(as_text=True).splitlines()
    assert lines[0] == "\ufeffplace,player,games,wins,place_points,rounds,points,points_per_round,rounds_out"
    # s0: 1st of four, 4 place points, 3 points in 2 rounds, out once.
    assert lines[1] == f"1,{s0},1,1,4,2,3,1.50,1"
    assert len(lines) == 1 + len(PEOPLE)


def test_a_season_of_two_evenings_with_standings_across_them(api, client):
    # Evening 1 (2026-11-26): Ana Ben Chen Dee at one table, the pattern for
    # four: s0 3, s1 5, s2 20, s3 35 (s0 wins; 2 rounds each).
    # Evening 2 (2026-12-03): everyone checks in again; Dee stays home, so one
    # table of three: t0 4, t1 4 (a shared first place: a win each), t2 18.
    # Across the season: games 2 for the three who came twice, 1 for Dee;
    # wins as counted by hand from the seats; rounds 4 and 2.
    ev = _event(api, players=["Ana", "Ben", "Chen", "Dee"], tables=1, scoring="wins")
    eid = ev["id"]
    api.post(f"/api/events/{eid}/draw", json={})
    first = _play_evening_game(api, eid)[1]
    # Not before the day of the last evening.
    r = api.post(f"/api/events/{eid}/evenings", json={"held_on": "2026-11-26"})
    assert r.status_code == 422 and r.get_json()["errors"][0]["path"] == "held_on"
    r = api.post(f"/api/events/{eid}/evenings", json={"held_on": "2026-12-03"})
    assert r.status_code == 201, r.get_data(as_text=True)
    body = r.get_json()
    assert body["evenings"] == ["2026-11-26", "2026-12-03"] and body["evening"] == 2
    assert all(not p["present"] for p in body["players"])
    api.post(f"/api/events/{eid}/players", json={"players": ["Ana", "Ben", "Chen"]})
    r = api.post(f"/api/events/{eid}/draw", json={})
    assert r.status_code == 201, r.get_data(as_text=True)
    games = r.get_json()["games"]
    assert [[t["evening"] for t in tables] for tables in games] == [[1], [2]]
    second = _play_evening_game(api, eid)[1]
    assert sorted(second) == ["Ana", "Ben", "Chen"]

    wins = {first[0]: 1}
    for name in second[:2]:
        wins[name] = wins.get(name, 0) + 1
    lines = {s["player"]: s for s in api.get(f"/api/events/{eid}/standings").get_json()["standings"]}
    assert {n: s["games"] for n, s in lines.items()} == {"Ana": 2, "Ben": 2, "Chen": 2, "Dee": 1}
    assert {n: s["wins"] for n, s in lines.items()} == {n: wins.get(n, 0) for n in ["Ana", "Ben", "Chen", "Dee"]}
    assert {n: s["rounds"] for n, s in lines.items()} == {"Ana": 4, "Ben": 4, "Chen": 4, "Dee": 2}
    page = client.get(f"/events/{eid}/standings").get_data(as_text=True)
    assert "A season of 2 evenings" in page
    desk = client.get(f"/events/{eid}").get_data(as_text=True)
    assert "Evening 2 of the season" in desk and "Game 1 of the evening" in desk


def test_a_season_in_a_backup(app, api, tmp_path):
    from companion.backup import archive as backup

    ev = _event(api, players=["Ana", "Ben", "Chen", "Dee"], tables=1)
    api.post(f"/api/events/{ev['id']}/draw", json={})
    _play_evening_game(api, ev["id"])
    api.post(f"/api/events/{ev['id']}/evenings", json={"held_on": "2026-12-03"})
    with app.app_context():
        dumped = backup.dump()["events"][0]
    assert dumped["evenings"] == ["2026-12-03"]
    assert [g["evening"] for g in dumped["games"]] == [1]


def test_standings_columns_come_in_the_order_that_ranks(api, client):
    """The standings' measures come in the order that decides the places (the
    event's scoring first), so a phone showing only the first columns shows
    what ranks: by wins, the wins column comes right after the player."""
    import re

    for scoring, heads in (("wins", ["Won", "Place points", "Points per round", "Rounds out"]),
                           ("place_points", ["Place points", "Won", "Points per round", "Rounds out"])):
        ev = _event(api, scoring=scoring)
        page = client.get(f"/events/{ev['id']}/standings").get_data(as_text=True)
        head = page[page.index('<table class="plain standings">'):]
        head = head[:head.index("</thead>")]
        assert re.findall(r"<th>([^<]+)</th>", head) == ["Place", "Player", *heads, "Games"]


def test_standings_version_counts_the_event_and_its_games(app, api):
    """The key a kept standings page is filed under: the event's revision,
    its games' count and the sum of their revisions (0 and 0 before any
    draw); a round saved at a table changes it; no such event is NoEvent."""
    import pytest as _pytest

    from companion.clubs import nights as club

    ev = _event(api)
    with app.app_context():
        before = club.standings_version(ev["id"])
        assert before[1:] == (0, 0)
        with _pytest.raises(club.NoEvent):
            club.standings_version(ev["id"] + 1000)
    tables = api.post(f"/api/events/{ev['id']}/draw", json={}).get_json()["games"][0]
    revisions = [api.get(f"/api/games/{t['game']}/revision").get_json()["revision"] for t in tables]
    with app.app_context():
        drawn = club.standings_version(ev["id"])
    assert drawn[0] > before[0] and drawn[1:] == (2, sum(revisions))
    _play_table(api, tables[0]["game"], FOUR if len(tables[0]["players"]) == 4 else THREE)
    with app.app_context():
        played = club.standings_version(ev["id"])
    assert played[1] == 2 and played[2] > drawn[2]


def test_a_table_s_game_page_links_back_to_its_evening(api, client):
    """A club table's game page names the evening, the table and the game of
    the evening, with a link back; once finished its main button goes back to
    the evening (the evening seats the next game), not a game of its own. A
    game of its own shows none of it."""
    ev = _event(api)
    tables = api.post(f"/api/events/{ev['id']}/draw", json={}).get_json()["games"][0]
    t = tables[0]
    page = client.get(f"/games/{t['game']}").get_data(as_text=True)
    back = f'href="/events/{ev["id"]}"'
    assert f'<a {back}>Thursday club</a> · Table {t["table"]} · Game 1 of the evening' in page
    assert "New game with these players" not in page
    _play_table(api, t["game"], FOUR if len(t["players"]) == 4 else THREE)
    page = client.get(f"/games/{t['game']}").get_data(as_text=True)
    assert f'<a class="button primary big" {back}>Back to the evening</a>' in page
    assert "New game with these players" not in page
    own = api.post("/api/games", json={"kind": "mexican_train", "set": 12, "players": ["Ana", "Ben"],
                                       "first_starter": "Ana", "rules": SHORT}).get_json()["id"]
    page = client.get(f"/games/{own}").get_data(as_text=True)
    assert "of the evening" not in page and "New game with these players" in page


def _standings_texts(client, event_id) -> tuple[str, str]:
    """The standings page's line under the heading and the PDF's text, each on one line."""
    pypdf = pytest.importorskip("pypdf")
    page = client.get(f"/events/{event_id}/standings").get_data(as_text=True)
    meta = " ".join(re.search(r'<p class="meta">(.*?)</p>', page, re.S).group(1).split())
    data = client.get(f"/events/{event_id}/standings.pdf").data
    text = " ".join(" ".join(p.extract_text() for p in pypdf.PdfReader(io.BytesIO(data)).pages).split())
    return meta, text


def test_a_game_just_seated_is_not_counted_as_played(api, client):
    # Two tables play game 1 (two rounds each); "Seat the next game" draws game 2
    # and nobody has saved a round of it: one game of the evening, not two.
    ev = _event(api)
    eid = ev["id"]
    api.post(f"/api/events/{eid}/draw", json={})
    _play_evening_game(api, eid)
    meta, text = _standings_texts(client, eid)
    assert "· 1 game of the evening" in meta and "1 game of the evening" in text
    r = api.post(f"/api/events/{eid}/draw", json={})
    assert r.status_code == 201 and len(r.get_json()["games"]) == 2
    meta, text = _standings_texts(client, eid)
    assert "· 1 game of the evening" in meta and "games of the evening" not in meta
    assert "1 game of the evening" in text and "2 games" not in text
    # the first round of game 2 saved at table 1: now two games of the evening
    table = r.get_json()["games"][1][0]
    seats = table["players"]
    hands = {name: {"pips": 0 if i == 0 else 5} for i, name in enumerate(seats)}
    assert api.post(f"/api/games/{table['game']}/rounds",
                    json={"number": 1, "ended": "domino", "hands": hands}).status_code == 201
    meta, text = _standings_texts(client, eid)
    assert "· 2 games of the evening" in meta and "2 games of the evening" in text


def test_a_season_counts_the_games_played_not_the_game_just_seated(api, client):
    # Evening 1: one table of four plays one game; evening 2: the same four are
    # drawn again and have saved nothing yet: a season of 2 evenings, 1 game.
    ev = _event(api, players=["Ana", "Ben", "Chen", "Dee"], tables=1)
    eid = ev["id"]
    api.post(f"/api/events/{eid}/draw", json={})
    _play_evening_game(api, eid)
    assert api.post(f"/api/events/{eid}/evenings", json={"held_on": "2026-12-03"}).status_code == 201
    api.post(f"/api/events/{eid}/players", json={"players": ["Ana", "Ben", "Chen", "Dee"]})
    assert api.post(f"/api/events/{eid}/draw", json={}).status_code == 201
    meta, text = _standings_texts(client, eid)
    assert "A season of 2 evenings" in meta and meta.endswith("· 1 game")
    assert "A season of 2 evenings" in text and "· 1 game " in text and "2 games" not in text


def test_a_table_card_says_the_deal_and_the_late_arrival_is_said_once(api, client):
    """Issue 27: the printed table cards repeated the late-arrival rule on
    every card and left out the deal. Seven players at two tables of
    double-12 (4 and 3): the deal table in force (the rule pages' 15 tiles
    for four players, 16 for three; companion/rules/schedule.py) on each
    card; the late rule on no card, once in the evening's header."""
    pypdf = pytest.importorskip("pypdf")
    ev = _event(api, rules={**SHORT, "late_join": "highest"})
    tables = api.post(f"/api/events/{ev['id']}/draw", json={}).get_json()["games"][0]
    cards = client.get(f"/events/{ev['id']}/cards.pdf")
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "club-table-cards-deal.pdf").write_bytes(cards.data)  # for review (pdftoppm)
    pages = [" ".join(p.extract_text().split()) for p in pypdf.PdfReader(io.BytesIO(cards.data)).pages]
    for t, text in zip(tables, pages):
        each = {4: 15, 3: 16}[len(t["players"])]
        assert f"Deal: {each} tiles each" in text, text
        assert "least favourable total" not in text and "late arrival" not in text, text
        assert "Late joiners" not in text
    evening = client.get(f"/events/{ev['id']}").get_data(as_text=True)
    assert evening.count("A late arrival:") == 1 and evening.count("least favourable total") == 1
