"""League matches of club nights (companion/rules/clubs/league.py): the
formats of rules-families.md section 3, "League match formats", with the
league points worked out by hand from the leagues' rules:

* Solihull & Warwickshire: 3 for the winner, 1 for a 5–4 loser: 5–4 → 3 and
  1; 6–3 → 3 and 0; 9–0 → 3 and 0.
* Leek: 2 for the match, 1 a game: 6–3 → 2 + 6 = 8 and 3; 5–4 → 7 and 4.
* Northallerton: 8 four-handed games, 4 All Fives then 4 Fives and Threes;
  no league points in the brief.
"""

from __future__ import annotations

import pytest

from companion.rules.clubs.league import (
    FORMATS,
    MatchError,
    league_points,
    lineup,
    match_result,
    spread_tables,
)

SW, LEEK, NORTH = FORMATS["solihull"], FORMATS["leek"], FORMATS["northallerton"]


@pytest.mark.parametrize(("fmt", "won", "points"), [
    (SW, (5, 4), (3, 1)), (SW, (4, 5), (1, 3)), (SW, (6, 3), (3, 0)), (SW, (0, 9), (0, 3)),
    (LEEK, (6, 3), (8, 3)), (LEEK, (5, 4), (7, 4)), (LEEK, (2, 7), (2, 9)), (LEEK, (4, 4), (4, 4)),
    (NORTH, (5, 3), None),
])
def test_league_points_worked_by_hand(fmt, won, points):
    assert league_points(fmt, won) == points


def test_solihull_is_6_singles_then_3_doubles_to_121():
    games = lineup(SW, "fives_threes")
    assert [(g.number, g.kind, g.size) for g in games] == [(i, "fives_threes", 1) for i in range(1, 7)] + [
        (7, "fives_threes", 2), (8, "fives_threes", 2), (9, "fives_threes", 2)]
    assert [dict(g.rules) for g in games] == [{}] * 6 + [{"target_score": 121}] * 3


def test_northallerton_is_4_all_fives_and_4_fives_and_threes_all_four_handed():
    for kind in ("fives_threes", "all_fives"):
        games = lineup(NORTH, kind)
        assert [(g.kind, g.size) for g in games] == [("all_fives", 2)] * 4 + [("fives_threes", 2)] * 4


def test_leek_takes_the_nights_counts_and_refuses_none():
    games = lineup(LEEK, "fives_threes", singles=4, doubles=2)
    assert [(g.size, dict(g.rules)) for g in games] == [(1, {})] * 4 + [(2, {"target_score": 121})] * 2
    with pytest.raises(MatchError):
        lineup(LEEK, "fives_threes")
    with pytest.raises(MatchError):
        lineup(LEEK, "fives_threes", singles=0, doubles=0)
    with pytest.raises(MatchError):
        lineup(SW, "all_fives")


def test_a_match_is_decided_only_when_every_game_is_played():
    running = match_result(SW, 9, [0, 1, 0, 0, 1, 1, 0, 1])
    assert (running.won, running.played, running.finished, running.winner, running.league_points) == (
        (4, 4), 8, False, None, None)
    done = match_result(SW, 9, [0, 1, 0, 0, 1, 1, 0, 1, 1])  # 4-5: the away team wins, the home team keeps 1
    assert (done.won, done.finished, done.winner, done.league_points) == ((4, 5), True, 1, (1, 3))
    drawn = match_result(NORTH, 8, [0, 1] * 4)
    assert (drawn.won, drawn.winner, drawn.league_points) == ((4, 4), None, None)
    with pytest.raises(ValueError):
        match_result(SW, 9, [0] * 10)


@pytest.mark.parametrize(("waiting", "busy", "tables", "offered"), [
    (9, set(), 3, [1, 2, 3, 1, 2, 3, 1, 2, 3]),  # Solihull's 9 games, nothing started, three tables
    (8, {1}, 3, [2, 3, 1, 2, 3, 1, 2, 3]),  # game 1 at table 1: the free tables first
    (2, {1, 2, 3}, 3, [1, 2]),  # every table in play: the next games wait for 1, then 2
    (3, {5}, 3, [1, 2, 3]),  # a captain chose table 5: the club's three still free
    (4, {1, 2, 3, 5}, 3, [4, 1, 2, 3]),  # table 4 is free below the chosen 5
    (0, set(), 1, []),
])
def test_the_games_waiting_take_the_tables_in_turn(waiting, busy, tables, offered):
    assert spread_tables(waiting, busy, tables) == offered


def test_no_tables_is_refused():
    with pytest.raises(ValueError):
        spread_tables(1, set(), 0)
