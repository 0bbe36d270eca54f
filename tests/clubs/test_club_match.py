"""A club night run as a league match (companion/clubs/match.py,
companion/rules/clubs/league.py; rules-families.md section 3, "League match
formats"): the captains seat each game of the match with their players, each
game is played as an ordinary game, and the night shows the score in games
and the league points when the last game ends.

Games are won as in test_club_counts.py (quick hands of 30 points, the last
one the rest to the exact target). Solihull & Warwickshire: 6 singles to 61,
3 doubles to 121; the Lions win 5 games to the Crown's 4 → 3 league points
and 1 (the Crown kept it to 5–4).
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.backup.test_backup import _api_client, fresh_app  # noqa: F401  (the fixture)
from tests.conftest import csrf_token

from .test_club_counts import win

LIONS = ["Ana", "Ben", "Chen", "Dee", "Eve", "Fay"]
CROWN = ["Gus", "Hal", "Ian", "Jo", "Kit", "Lou"]


def match_night(api, fmt: str = "solihull", kind: str = "fives_threes", **match: Any) -> dict[str, Any]:
    r = api.post("/api/events", json={"name": "Lions v Crown", "held_on": "2026-12-04", "kind": kind,
                                      "match": {"format": fmt, "teams": [{"name": "Red Lion", "players": LIONS},
                                                                         {"name": "Crown", "players": CROWN}],
                                                **match}})
    assert r.status_code == 201, r.get_json()
    return r.get_json()


def start(api, eid: int, number: int, home: list[str], away: list[str], status: int = 201) -> dict[str, Any]:
    r = api.post(f"/api/events/{eid}/match/games", json={"game": number, "home": home, "away": away})
    assert r.status_code == status, r.get_json()
    return r.get_json()


def game_of(ev: dict[str, Any], number: int) -> dict[str, Any]:
    return ev["match"]["games"][number - 1]


@pytest.mark.db
def test_a_solihull_match_5_4_gives_3_and_1_league_points(api, client):
    ev = match_night(api)
    eid = ev["id"]
    assert sorted(p["name"] for p in ev["players"]) == sorted(LIONS + CROWN)  # checked in with the night
    m = ev["match"]
    assert [(g["number"], g["players_a_side"], g["rules"]) for g in m["games"]] == [
        (i, 1, {}) for i in range(1, 7)] + [(i, 2, {"target_score": 121}) for i in (7, 8, 9)]
    assert (m["won"], m["finished"], m["league_points"]) == ([0, 0], False, None)
    assert ev["scoring"] == "wins"  # players of a match ranked by games won
    # the ladder's draw is not for a match
    assert api.post(f"/api/events/{eid}/draw", json={}).status_code == 422
    lions_win = {1, 2, 3, 7, 9}  # 5 games to 4
    for n in range(1, 10):
        if n <= 6:
            home, away = [LIONS[n - 1]], [CROWN[n - 1]]
        else:
            i = (n - 7) * 2
            home, away = LIONS[i:i + 2], CROWN[i:i + 2]
        ev = start(api, eid, n, home, away)
        g = game_of(ev, n)
        game = api.get(f"/api/games/{g['game']}").get_json()
        assert game["kind"] == "fives_threes"
        if n > 6:  # partners opposite: seats Lion, Crown, Lion, Crown
            assert game["players"] == [home[0], away[0], home[1], away[1]]
            assert game["teams"] == [[home[0], home[1]], [away[0], away[1]]]
        win(api, g["game"], (home if n in lions_win else away)[0], 121 if n > 6 else 61)
    m = api.get(f"/api/events/{eid}").get_json()["match"]
    assert [g["winner"] for g in m["games"]] == [0 if n in lions_win else 1 for n in range(1, 10)]
    assert m["games"][6]["totals"] == [121, 0]
    assert (m["won"], m["finished"], m["winner"], m["league_points"]) == ([5, 4], True, 0, [3, 1])
    page = client.get(f"/events/{eid}").get_data(as_text=True)
    assert "League points: Red Lion 3, Crown 1." in page and "Red Lion win the match." in page
    assert "League points: Red Lion 3, Crown 1." in client.get(f"/events/{eid}/standings").get_data(as_text=True)
    # the players' standings count the match's games as every night's
    by = {s["player"]: s for s in api.get(f"/api/events/{eid}/standings").get_json()["standings"]}
    assert by["Ana"]["wins"] == 2 and by["Gus"]["wins"] == 0  # Ana won singles 1 and doubles 7; Gus lost both


@pytest.mark.db
def test_a_leek_match_6_3_gives_8_and_3(api):
    ev = match_night(api, "leek", singles=9, doubles=0)
    eid = ev["id"]
    assert len(ev["match"]["games"]) == 9
    for n in range(1, 10):
        home, away = [LIONS[(n - 1) % 6]], [CROWN[(n - 1) % 6]]
        g = game_of(start(api, eid, n, home, away), n)
        win(api, g["game"], (home if n <= 6 else away)[0], 61)
    m = api.get(f"/api/events/{eid}").get_json()["match"]
    assert (m["won"], m["league_points"]) == ([6, 3], [8, 3])


@pytest.mark.db
@pytest.mark.parametrize("kind", ["fives_threes", "all_fives"])
def test_northallerton_plays_all_fives_then_fives_and_threes_four_handed(api, kind):
    ev = match_night(api, "northallerton", kind=kind)
    assert [(g["kind"], g["players_a_side"]) for g in ev["match"]["games"]] == (
        [("all_fives", 2)] * 4 + [("fives_threes", 2)] * 4)
    for n, other in ((1, "all_fives"), (5, "fives_threes")):
        g = game_of(start(api, ev["id"], n, LIONS[n - 1:n + 1], CROWN[n - 1:n + 1]), n)
        assert api.get(f"/api/games/{g['game']}").get_json()["kind"] == other


@pytest.mark.db
def test_refusals_keep_the_match_as_it_was(api):
    for body, path in [
        ({"format": "solihull", "teams": [{"name": "A", "players": LIONS}]}, "match.teams"),
        ({"format": "nowhere", "teams": []}, "match.format"),
        ({"format": "leek", "teams": [{"name": "A", "players": LIONS}, {"name": "B", "players": CROWN}]},
         "match.singles"),
        ({"format": "solihull", "teams": [{"name": "A", "players": LIONS}, {"name": "a", "players": CROWN}]},
         "match.teams[1].name"),
        ({"format": "solihull", "teams": [{"name": "A", "players": ["Ana"]}, {"name": "B", "players": CROWN}]},
         "match.teams[0].players"),
        ({"format": "solihull", "teams": [{"name": "A", "players": LIONS}, {"name": "B", "players": ["ana", "Jo"]}]},
         "match.teams[1].players"),
    ]:
        r = api.post("/api/events", json={"name": "x", "kind": "fives_threes", "match": body})
        assert r.status_code == 422 and r.get_json()["errors"][0]["path"] == path, (body, r.get_json())
    r = api.post("/api/events", json={"name": "x", "kind": "texas42", "match": {
        "format": "solihull", "teams": [{"name": "A", "players": LIONS}, {"name": "B", "players": CROWN}]}})
    assert r.get_json()["errors"][0]["path"] == "match.format"
    eid = match_night(api)["id"]
    assert start(api, eid, 1, ["Gus"], ["Ana"], 422)["errors"][0]["path"] == "home"
    assert start(api, eid, 7, ["Ana"], ["Gus"], 422)["errors"][0]["path"] == "home"  # doubles need two
    assert start(api, eid, 10, ["Ana"], ["Gus"], 422)["errors"][0]["path"] == "game"
    start(api, eid, 1, ["Ana"], ["Gus"])
    assert start(api, eid, 1, ["Ben"], ["Hal"], 409)["errors"][0]["code"] == "edit_conflict"
    # a game started without a table goes to the one its form offers: game 1
    # plays at table 1, so of three tables games 2 and 3 are offered 2 and 3
    ev = start(api, eid, 3, ["Chen"], ["Ian"])
    assert [t["table"] for t in ev["games"][-1]] == [3]
    assert start(api, eid, 2, ["Ana"], ["Hal"], 422)["errors"][0]["path"] == "home"  # Ana still plays game 1


@pytest.mark.db
def test_the_page_starts_a_game_and_keeps_the_choice_when_refused(api, client):
    eid = match_night(api)["id"]
    page = client.get(f"/events/{eid}").get_data(as_text=True)
    assert "Start game 1" in page and "Draw the tables" not in page and "9 games to finish" in page
    token = csrf_token(client, f"/events/{eid}")
    r = client.post(f"/events/{eid}/match/games", data={"csrf_token": token, "game": "7", "home-0": "Ana",
                                                         "away-0": "Gus", "away-1": "Hal", "table": "2"})
    assert r.status_code == 422
    text = r.get_data(as_text=True)
    assert "Choose 2 players of the team for this game." in text and '<option selected>Hal</option>' in text
    r = client.post(f"/events/{eid}/match/games", data={"csrf_token": token, "game": "7", "home-0": "Ana",
                                                         "home-1": "Ben", "away-0": "Gus", "away-1": "Hal",
                                                         "table": "2"})
    assert r.status_code == 302
    g = game_of(api.get(f"/api/events/{eid}").get_json(), 7)
    assert g["sides"] == [["Ana", "Ben"], ["Gus", "Hal"]] and g["status"] == "in_progress"
    pad = client.get(f"/games/{g['game']}").get_data(as_text=True)  # the game's page leads back to the match
    assert "Lions v Crown</a> · Table 2 · Game 7 of the evening" in pad
    assert client.get(f"/events/{eid}/screen").status_code == 200


def test_the_form_opens_a_match_night_and_keeps_what_was_typed_when_refused(client, api):
    from .test_events_form import FORM
    token = csrf_token(client, "/events")
    form = {**FORM, "csrf_token": token, "name": "Lions v Crown", "kind": "fives_threes",
            "preset-fives_threes": "teesdale", "match": "leek", "team-0": "Red Lion",
            "team-0-players": "\n".join(LIONS), "team-1": "Crown", "team-1-players": "\n".join(CROWN)}
    r = client.post("/events", data=form)  # Leek: the night gives its singles and doubles
    assert r.status_code == 422
    page = r.get_data(as_text=True)
    assert "Give the singles and doubles of the match" in page and "Red Lion" in page and "Kit\nLou" in page
    r = client.post("/events", data={**form, "singles": "6", "doubles": "3"})
    assert r.status_code == 302, r.get_data(as_text=True)
    ev = api.get(r.headers["Location"].replace("/events/", "/api/events/")).get_json()
    assert ev["rules"] == {"no_win_on_down": True, "draw_counts": {"2": 9, "4": 6}}  # the Teesdale rule set
    assert ev["match"]["format"] == "leek" and len(ev["match"]["games"]) == 9
    assert [t["name"] for t in ev["match"]["teams"]] == ["Red Lion", "Crown"]
    assert ev["scoring"] == "wins"  # the form's ladder choices are not a match's


def test_the_form_opens_a_doubles_night(client, api):
    from .test_events_form import _open
    ev = _open(client, api, name="Doubles", kind="fives_threes", in_pairs="1", **{"preset-fives_threes": "twice_round"})
    assert (ev["in_pairs"], ev["rules"]) == (True, {"target_score": 121})
    page = client.get("/events").get_data(as_text=True)
    assert 'data-kinds="all_fives fives_threes"' in page


@pytest.mark.db
def test_a_backup_keeps_the_match_and_the_doubles(app, api, tmp_path, fresh_app):  # noqa: F811
    eid = match_night(api)["id"]
    g = game_of(start(api, eid, 7, LIONS[:2], CROWN[:2]), 7)
    win(api, g["game"], "Gus", 121)
    doubles = api.post("/api/events", json={"name": "Doubles", "kind": "all_fives", "in_pairs": True}).get_json()
    before = [(api.get(f"/api/events/{e}").get_json(), api.get(f"/api/events/{e}/standings").get_json())
              for e in (eid, doubles["id"])]
    assert before[0][0]["match"]["won"] == [0, 1] and before[1][0]["in_pairs"] is True
    path = tmp_path / "backup.json"
    assert app.test_cli_runner().invoke(args=["backup", str(path)]).exit_code == 0
    fresh = fresh_app()
    result = fresh.test_cli_runner().invoke(args=["restore", str(path)])
    assert result.exit_code == 0, result.output
    again = _api_client(fresh)
    after = [(again.get(f"/api/events/{e}").get_json(), again.get(f"/api/events/{e}/standings").get_json())
             for e in (eid, doubles["id"])]
    assert after == before


@pytest.mark.db
def test_a_game_taken_back_before_its_first_hand_and_a_reserve(api, client):
    eid = match_night(api)["id"]
    g = game_of(start(api, eid, 1, ["Ana"], ["Gus"]), 1)
    ev = api.post(f"/api/events/{eid}/match/games/1/undo").get_json()
    assert game_of(ev, 1)["status"] == "not_started" and api.get(f"/api/games/{g['game']}").status_code == 404
    g = game_of(start(api, eid, 1, ["Ben"], ["Gus"]), 1)
    win(api, g["game"], "Ben", 61)
    r = api.post(f"/api/events/{eid}/match/games/1/undo")
    assert r.status_code == 409 and r.get_json()["errors"][0]["code"] == "edit_conflict"
    # a reserve joins the Crown: checked in, and offered in its games
    ev = api.post(f"/api/events/{eid}/match/players", json={"team": 1, "name": "Mo"}).get_json()
    assert ev["match"]["teams"][1]["players"][-1] == "Mo" and "Mo" in [p["name"] for p in ev["players"]]
    start(api, eid, 2, ["Chen"], ["Mo"])
    r = api.post(f"/api/events/{eid}/match/players", json={"team": 0, "name": "ana"})
    assert r.status_code == 422 and r.get_json()["errors"][0]["message"] == "ana already plays for Red Lion."
    token = csrf_token(client, f"/events/{eid}")
    r = client.post(f"/events/{eid}/match/players", data={"csrf_token": token, "team": "0", "name": "Gus"})
    assert r.status_code == 422
    page = r.get_data(as_text=True)
    assert "Gus already plays for Crown." in page and 'value="Gus" aria-invalid="true"' in page


@pytest.mark.db
def test_the_big_screen_follows_every_game_of_the_match(api):
    eid = match_night(api)["id"]
    first = game_of(start(api, eid, 1, ["Ana"], ["Gus"]), 1)["game"]
    start(api, eid, 2, ["Ben"], ["Hal"])
    before = api.get(f"/api/events/{eid}/revision").get_json()["revision"]
    win(api, first, "Ana", 61)  # a hand at the first game, while the second plays on
    assert api.get(f"/api/events/{eid}/revision").get_json()["revision"] != before


def test_two_captains_starting_the_same_game_at_once_start_it_once(app, api, monkeypatch):
    """Both captains tap *Start game 1* while the first start is still
    storing its game: one game is stored; the other answers 409 with a
    message, its choice of players not made."""
    from companion.games import services
    from tests.conftest import bearer_client
    from tests.helpers_races import Hold, race

    eid = match_night(api)["id"]
    hold = Hold(monkeypatch, services, "store_games", after=True)
    one, two = bearer_client(app), bearer_client(app)
    first, second = race(
        lambda: one.post(f"/api/events/{eid}/match/games", json={"game": 1, "home": ["Ana"], "away": ["Gus"]}),
        lambda: two.post(f"/api/events/{eid}/match/games", json={"game": 1, "home": ["Ben"], "away": ["Hal"]}),
        hold)
    assert first.status_code == 201, first.get_data(as_text=True)
    assert second.status_code == 409, second.get_data(as_text=True)
    assert second.get_json()["errors"][0]["message"] == "This game of the match was just started on another device."
    ev = api.get(f"/api/events/{eid}").get_json()
    assert game_of(ev, 1)["sides"] == [["Ana"], ["Gus"]] and len(ev["games"]) == 1


TABLE_BOX = re.compile(r'<form method="post" action="[^"]*/match/games".*?name="game" value="(\d+)".*?name="table"[^>]*value="(\d+)"', re.S)


@pytest.mark.db
def test_each_game_of_a_solihull_night_is_offered_its_own_table(api, client):
    """Issue 27 follow-up: every one of the 9 games offered Table 1. With the
    club's 3 tables the games take them in turn (1, 2, 3, 1, 2, 3, 1, 2, 3);
    once game 1 plays at table 1 the next games take the free tables 2 and
    3 first, then table 1 again when it comes free."""
    eid = match_night(api)["id"]
    page = client.get(f"/events/{eid}").get_data(as_text=True)
    assert [(int(g), int(t)) for g, t in TABLE_BOX.findall(page)] == [
        (1, 1), (2, 2), (3, 3), (4, 1), (5, 2), (6, 3), (7, 1), (8, 2), (9, 3)]
    start(api, eid, 1, ["Ana"], ["Gus"])
    page = client.get(f"/events/{eid}").get_data(as_text=True)
    assert [int(t) for _, t in TABLE_BOX.findall(page)] == [2, 3, 1, 2, 3, 1, 2, 3]
    # a night of two tables: games 1, 3, 5… at table 1
    r = api.post("/api/events", json={"name": "Away at the Swan", "held_on": "2026-12-05", "kind": "fives_threes",
                                      "tables": 2, "match": {"format": "solihull", "teams": [
                                          {"name": "Swan", "players": LIONS}, {"name": "Crown", "players": CROWN}]}})
    page = client.get(f"/events/{r.get_json()['id']}").get_data(as_text=True)
    assert [int(t) for _, t in TABLE_BOX.findall(page)] == [1, 2, 1, 2, 1, 2, 1, 2, 1]
