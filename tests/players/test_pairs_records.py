"""Players' records of games in pairs (partnership dominoes): each game
counts in both partners' records with the pair's place, a pair's win is no
shared win, and each player's record with each partner (the players API's
``partners``, the player's page "With each partner").

History, worked by hand from the brief's LP-1 (rules-families.md section 1,
``hand_points: losing_team``: the pair out scores the other pair's pips):

* G1, Ana+Chen vs Ben+Dee, to 20. LP-1: Chen goes out; Ben holds 12, Dee 9:
  Ana+Chen score 21 and win (21 >= 20). Ranks: Ana, Chen 1; Ben, Dee 2.
* G2, Ana+Ben vs Chen+Dee (seats Ana, Chen, Ben, Dee: partners opposite),
  to 15. Dee goes out; Ana holds 3-4 (7), Ben 5-4 and 2-1 (12), Chen 6-3 (9):
  Chen+Dee score 7 + 12 = 19 and win. Ana and Ben 2nd with 0.
* G3, Ana+Chen vs Ben+Dee, to 100, one hand (LP-1, 21): still in progress,
  so it counts nowhere.
"""

from __future__ import annotations

import pytest

LP1 = {"leader": "Ana", "ended": "domino", "out": "Chen",
       "hands": {"Ana": {"tiles": ["3-4"]}, "Ben": {"tiles": ["5-4", "2-1"]},
                 "Chen": {"pips": 0, "tiles_left": 0}, "Dee": {"tiles": ["6-3"]}}}
G2_HAND = {"leader": "Ana", "ended": "domino", "out": "Dee",
           "hands": {"Ana": {"tiles": ["3-4"]}, "Ben": {"tiles": ["5-4", "2-1"]},
                     "Chen": {"tiles": ["6-3"]}, "Dee": {"pips": 0, "tiles_left": 0}}}


def pairs_game(api, players, teams, target, rounds):
    r = api.post("/api/games", json={"kind": "partnership", "set": 6, "players": players, "teams": teams,
                                     "rules": {"target_score": target}, "rounds": rounds})
    assert r.status_code == 201, r.get_json()
    return r.get_json()["id"]


@pytest.fixture
def pairs_history(api):
    g1 = pairs_game(api, ["Ana", "Ben", "Chen", "Dee"], [["Ana", "Chen"], ["Ben", "Dee"]], 20, [LP1])
    g2 = pairs_game(api, ["Ana", "Chen", "Ben", "Dee"], [["Ana", "Ben"], ["Chen", "Dee"]], 15, [G2_HAND])
    g3 = pairs_game(api, ["Ana", "Ben", "Chen", "Dee"], [["Ana", "Chen"], ["Ben", "Dee"]], 100, [LP1])
    assert api.get(f"/api/games/{g3}").get_json()["status"] == "in_progress"
    ids = {p["name"]: p["id"] for p in api.get("/api/players").get_json()["players"]}
    return g1, g2, g3, ids


def player(api, pid, query=""):
    r = api.get(f"/api/players/{pid}{query}")
    assert r.status_code == 200
    return r.get_json()


@pytest.mark.db
def test_games_in_pairs_count_in_each_players_record(api, pairs_history):
    g1, g2, _, ids = pairs_history
    listed = {p["name"]: (p["games"], p["wins"]) for p in api.get("/api/players").get_json()["players"]}
    # G1 won by Ana+Chen, G2 by Chen+Dee; G3 unfinished
    assert listed == {"Ana": (2, 1), "Ben": (2, 0), "Chen": (2, 2), "Dee": (2, 1)}
    ana = player(api, ids["Ana"])["stats"]
    assert (ana["games"], ana["wins"], ana["shared_wins"]) == (2, 1, 0)  # a pair's win is not a tie
    assert ana["places"] == {"1": 1, "2": 1}
    assert ana["points"] == 21 and ana["rounds"] == 2  # 21 in G1, 0 in G2
    assert [h["game"] for h in ana["history"]] == [g1, g2]
    chen = player(api, ids["Chen"])["stats"]
    assert (chen["games"], chen["wins"], chen["points"], chen["rounds_out"]) == (2, 2, 40, 1)
    assert player(api, ids["Dee"], "?kind=partnership")["stats"]["rounds_out"] == 1


@pytest.mark.db
def test_the_record_with_each_partner(api, pairs_history):
    _, _, _, ids = pairs_history
    ana = player(api, ids["Ana"])["partners"]
    assert ana == [
        {"partner": "Chen", "partner_id": ids["Chen"], "games": 1, "wins": 1, "losses": 0, "win_rate": 1.0,
         "rounds": 1, "points": 21},
        {"partner": "Ben", "partner_id": ids["Ben"], "games": 1, "wins": 0, "losses": 1, "win_rate": 0.0,
         "rounds": 1, "points": 0},
    ]
    chen = player(api, ids["Chen"])["partners"]
    # one game and one win with each: by name
    assert [(p["partner"], p["games"], p["wins"], p["points"]) for p in chen] == [("Ana", 1, 1, 21), ("Dee", 1, 1, 19)]
    # the pair's record reads the same from either partner
    dee_with_chen = [p for p in player(api, ids["Dee"])["partners"] if p["partner"] == "Chen"]
    assert [(p["games"], p["wins"], p["points"]) for p in dee_with_chen] == [(1, 1, 19)]


@pytest.mark.db
def test_a_player_who_never_played_in_pairs_has_no_partners(api, pairs_history):
    r = api.post("/api/games", json={"kind": "block", "set": 6, "players": ["Eve", "Ana"],
                                     "rules": {"target_score": 10}, "first_starter": "Eve",
                                     "rounds": [{"ended": "domino", "hands": {"Eve": {"pips": 0},
                                                                              "Ana": {"pips": 12}}}]})
    assert r.status_code == 201, r.get_json()
    eve = [p for p in api.get("/api/players").get_json()["players"] if p["name"] == "Eve"][0]
    assert player(api, eve["id"])["partners"] == []
    ana = player(api, pairs_history[3]["Ana"])
    assert ana["stats"]["games"] == 3 and len(ana["partners"]) == 2


@pytest.mark.db
def test_the_players_page_shows_each_partner(client, api, pairs_history):
    _, _, _, ids = pairs_history
    page = client.get(f"/players/{ids['Ana']}").get_data(as_text=True)
    assert "With each partner" in page
    table = page[page.index('class="plain partners"'):]
    table = table[:table.index("</table>")]
    assert f'href="/players/{ids["Chen"]}">Chen</a></td><td>1</td><td>1 · 100 %</td><td>21</td>' in table
    assert f'href="/players/{ids["Ben"]}">Ben</a></td><td>1</td><td>0 · 0 %</td><td>0</td>' in table
    # a player without games in pairs gets no such table
    solo = api.post("/api/players", json={"name": "Zed"}).get_json()["id"]
    assert "With each partner" not in client.get(f"/players/{solo}").get_data(as_text=True)


@pytest.mark.db
def test_a_renamed_player_keeps_his_pairs(app, api, pairs_history):
    g1, _, g3, ids = pairs_history
    r = api.patch(f"/api/players/{ids['Chen']}", json={"name": "Chan"})
    assert r.status_code == 200, r.get_json()
    game = api.get(f"/api/games/{g1}").get_json()
    assert game["teams"] == [["Ana", "Chan"], ["Ben", "Dee"]]
    assert game["rounds"][0]["out"] == "Chan"
    assert game["rounds"][0]["team_scores"] == {"Ana+Chan": 21, "Ben+Dee": 0}
    assert game["rounds"][0]["winner"] == "Ana+Chan"
    assert [(s["name"], s["team"], s["total"]) for s in game["team_standings"]] == [
        ("Ana+Chan", ["Ana", "Chan"], 21), ("Ben+Dee", ["Ben", "Dee"], 0)]
    assert player(api, ids["Ana"])["partners"][0]["partner"] == "Chan"
    # the game in progress goes on under the new name: LP-1 again with Chan out, 21 more
    hand = {**LP1, "out": "Chan", "hands": {**{k: v for k, v in LP1["hands"].items() if k != "Chen"},
                                            "Chan": {"pips": 0, "tiles_left": 0}}, "leader": "Dee"}
    r = api.post(f"/api/games/{g3}/rounds", json=hand)
    assert r.status_code == 201, r.get_json()
    assert r.get_json()["round"]["team_scores"] == {"Ana+Chan": 21, "Ben+Dee": 0}
    # and the engine reads every stored game again without a complaint
    result = app.test_cli_runner().invoke(args=["recheck"])
    assert result.exit_code == 0, result.output
    assert api.get(f"/api/games/{g1}").get_json()["team_standings"][0]["name"] == "Ana+Chan"
