"""The running totals chart on a page of its own, fetched by the game page when
its card nears the screen (issue 27, page weight): the game page carries a
link in its place; the chart page draws every player's line."""

from __future__ import annotations

import re

from tests.conftest import TOKEN


def test_the_game_page_links_the_chart_and_the_chart_page_draws_it(app):
    c = app.test_client()
    c.environ_base["HTTP_AUTHORIZATION"] = f"Bearer {TOKEN}"
    rounds = [{"ended": "domino", "hands": {"Ana": {"pips": 0}, "Ben": {"pips": 12}, "Chen": {"pips": 7}}},
              {"ended": "domino", "hands": {"Ana": {"pips": 20}, "Ben": {"pips": 0}, "Chen": {"pips": 3}}}]
    gid = c.post("/api/games", json={"set": 12, "players": ["Ana", "Ben", "Chen"], "first_starter": "Ana",
                                     "rounds": rounds}).get_json()["id"]
    game = c.get(f"/games/{gid}").get_data(as_text=True)
    assert "<figure class=\"chart\"" not in game
    assert f'data-chart="/games/{gid}/chart"' in game and f'href="/games/{gid}/chart"' in game
    r = c.get(f"/games/{gid}/chart")
    assert r.status_code == 200
    html = r.get_data(as_text=True)
    # three lines: Ana 0 then 20, Ben 12 then 12, Chen 7 then 10 (the totals at the lines' ends)
    assert re.search(r"<desc id=\"chart-desc\">Ana: 20, Ben: 12, Chen: 10</desc>", html)
    assert html.count("<polyline") == 3


def test_no_chart_before_the_first_round(app):
    c = app.test_client()
    c.environ_base["HTTP_AUTHORIZATION"] = f"Bearer {TOKEN}"
    gid = c.post("/api/games", json={"set": 12, "players": ["Ana", "Ben"], "first_starter": "Ana"}).get_json()["id"]
    assert "data-chart" not in c.get(f"/games/{gid}").get_data(as_text=True)
    assert c.get(f"/games/{gid}/chart").status_code == 404
