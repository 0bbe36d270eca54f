"""The leaderboard of a new group (issue 27): the minimum of 5 finished games
left a group with two games each empty. The minimum now falls to the most
games anyone has when nobody reaches it, and the page says so in a line;
``min_games`` (the API's name, docs/design.md) and ``min`` (the page's form)
are read alike on both.

Games worked by hand (block to 50, double-6; the one who goes out scores the
others' pips):

* G1 Ana, Ben, Chen: R1 Ana out, Ben 10, Chen 20 → Ana 30. R2 Ben out, Ana
  10, Chen 5 → Ben 15. R3 Ana out, Ben 12, Chen 8 → Ana 50. Totals Ana 50,
  Ben 15, Chen 0: Ana won (reached 50).
* G2 Ana, Ben: R1 Ben out, Ana 50 → Ben 50. Ben won.

So Ana and Ben have 2 finished games (1 win each, share 0.5), Chen 1 (0 wins).
"""

from __future__ import annotations

import pytest

from companion.rules.stats.leaderboard import Tally, fitting_minimum


def _block(players, rounds):
    return {"format": "domino-game-record", "version": 1, "kind": "block", "set": 6,
            "rules": {"target_score": 50}, "players": players, "first_starter": players[0],
            "rounds": [{"ended": "domino", "hands": {n: {"pips": p} for n, p in r.items()}}
                       for r in rounds]}


@pytest.fixture
def new_group(api):
    for record in (
        _block(["Ana", "Ben", "Chen"], [{"Ana": 0, "Ben": 10, "Chen": 20}, {"Ana": 10, "Ben": 0, "Chen": 5},
                                     {"Ana": 0, "Ben": 12, "Chen": 8}]),
        _block(["Ana", "Ben"], [{"Ana": 50, "Ben": 0}]),
    ):
        r = api.post("/api/games", json=record)
        assert r.status_code == 201, r.get_data(as_text=True)
        assert api.get(f"/api/games/{r.get_json()['id']}").get_json()["status"] == "finished"


@pytest.mark.parametrize(("games", "wanted", "used"), [
    ((2, 2, 1), 5, 2),   # nobody has 5: the most anyone has, 2
    ((7, 2), 5, 5),      # somebody has 5 or more: the minimum stands
    ((2, 1), 1, 1),      # asked for less than anyone has: as asked
    ((), 5, 5),          # nobody has a finished game: nothing to fall to
    ((0, 0), 5, 5),
])
def test_fitting_minimum(games, wanted, used):
    tallies = [Tally(f"p{i}", n, 0) for i, n in enumerate(games)]
    assert fitting_minimum(tallies, wanted) == used


def test_api_falls_to_what_the_group_has_and_says_so(api, new_group):
    body = api.get("/api/players/leaderboard").get_json()
    assert (body["min_games"], body["min_games_used"]) == (5, 2)
    assert [(r["place"], r["player"], r["games"], r["wins"]) for r in body["leaderboard"]] == [
        (1, "Ana", 2, 1), (1, "Ben", 2, 1)]
    # the page's name of the field is read too, and min_games wins when both come
    assert api.get("/api/players/leaderboard?min=1").get_json()["min_games"] == 1
    both = api.get("/api/players/leaderboard?min_games=1&min=2").get_json()
    assert both["min_games"] == 1 and [r["player"] for r in both["leaderboard"]] == ["Ana", "Ben", "Chen"]


def test_page_lists_the_new_group_with_a_line_saying_why(client, new_group):
    page = client.get("/players/leaderboard").get_data(as_text=True)
    assert "Nobody has played 5 finished games yet, so everyone with at least 2 games is listed." in page
    assert page.index(">Ana</a>") < page.index(">Ben</a>") and ">Chen</a>" not in page
    # the field keeps the minimum asked for
    assert 'name="min" type="number" min="1" max="1000" inputmode="numeric" value="5"' in page
    # the API's name of the field works on the page too; a minimum reached says nothing
    page = client.get("/players/leaderboard?min_games=1").get_data(as_text=True)
    assert ">Chen</a>" in page and 'id="min-fell"' not in page
