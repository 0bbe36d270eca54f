"""Player statistics, head to head, leaderboard and event standings, worked out
by hand on a small fixed history (companion/rules/stats/records.py, events.py).

The history (every figure below is counted by hand from it):

* G1 2026-01-05 Mexican Train, double-12, Ana Ben Chen, finished.
  R1 12-12: Ana out 0, Ben 23, Chen 50 (left holding the 0-0);
  R2 11-11: Ana 10, Ben out 0, Chen 7; R3 10-10 blocked: Ana 5, Ben 12, Chen 3.
  Totals Ana 15, Ben 35, Chen 60: lowest wins, ranks 1, 2, 3.
* G2 2026-01-12 Mexican Train, Ana Ben Dee. R1: Ana 20, Ben out, Dee 40;
  R2: Ana out, Ben 20, Dee 5; R3: Ana 10, Ben 10, Dee out.
  Totals 30, 30, 45: Ana and Ben share first place.
* G3 2026-01-19 draw game, double-6, Ana Chen. R1 Ana out, scores 40;
  R2 Chen out, 70; R3 blocked, Chen lowest hand, 35. Totals Ana 40,
  Chen 105: highest wins, Chen 1st.
* G4 2026-02-02 picture dominoes, Ben Chen Dee. Ben, Ben, Dee first out.
  Tallies Ben 2, Dee 1, Chen 0: ranks 1, 2, 3.
* G5 2026-02-09 Mexican Train, Ana Ben Chen Eve. Chen leaves after R1, Eve
  joins at R2 at the highest total (30). R1: Ana 10, Ben out, Chen 30;
  R2: Ana out, Ben 15, Eve 20; R3: Ana 8, Ben 12, Eve out.
  Totals Ana 18, Ben 27, Eve 50, Chen 30 (left, no place).
* G6 2026-02-16 Mexican Train, Ana Ben, one round, not finished.
* G7 2026-03-01 Mexican Train, double-9, double-blank counts 0, Ana Ben.
  R1 9-9: Ana 12, Ben out; R2 8-8: Ana out, Ben 5. Totals 12, 5: Ben 1st.
"""

from __future__ import annotations

from datetime import date
from fractions import Fraction

import pytest

from companion.rules.clubs.events import event_standings, place_points, tie_breaks
from companion.rules.stats.head_to_head import head_to_head
from companion.rules.stats.leaderboard import Tally, leaderboard, tally
from companion.rules.stats.records import (
    Filters,
    GameResult,
    PlayerGame,
    RoundResult,
    clean_name,
    highest_wins,
    name_key,
    player_stats,
    rule_set_key,
    search_key,
    summarize,
)

STD = rule_set_key({})
DB0 = rule_set_key({"double_blank_points": 0})


def _r(n, engine, points, out=(), blocked=False, db=()):
    return RoundResult(n, engine, points, tuple(out), blocked, tuple(db))


HISTORY = [
    GameResult(
        1, "mexican_train", 12, STD, date(2026, 1, 5), True, ("Ana", "Ben", "Chen"),
        {"Ana": 15, "Ben": 35, "Chen": 60}, {"Ana": 1, "Ben": 2, "Chen": 3},
        (
            _r(1, 12, {"Ana": 0, "Ben": 23, "Chen": 50}, out=["Ana"], db=["Chen"]),
            _r(2, 11, {"Ana": 10, "Ben": 0, "Chen": 7}, out=["Ben"]),
            _r(3, 10, {"Ana": 5, "Ben": 12, "Chen": 3}, blocked=True),
        ),
        event_id=7,
    ),
    GameResult(
        2, "mexican_train", 12, STD, date(2026, 1, 12), True, ("Ana", "Ben", "Dee"),
        {"Ana": 30, "Ben": 30, "Dee": 45}, {"Ana": 1, "Ben": 1, "Dee": 3},
        (
            _r(1, 12, {"Ana": 20, "Ben": 0, "Dee": 40}, out=["Ben"]),
            _r(2, 11, {"Ana": 0, "Ben": 20, "Dee": 5}, out=["Ana"]),
            _r(3, 10, {"Ana": 10, "Ben": 10, "Dee": 0}, out=["Dee"]),
        ),
        event_id=7,
    ),
    GameResult(
        3, "draw", 6, STD, date(2026, 1, 19), True, ("Ana", "Chen"),
        {"Ana": 40, "Chen": 105}, {"Chen": 1, "Ana": 2},
        (
            _r(1, None, {"Ana": 40, "Chen": 0}, out=["Ana"]),
            _r(2, None, {"Ana": 0, "Chen": 70}, out=["Chen"]),
            _r(3, None, {"Ana": 0, "Chen": 35}, blocked=True),
        ),
    ),
    GameResult(
        4, "picture", 6, STD, date(2026, 2, 2), True, ("Ben", "Chen", "Dee"),
        {"Ben": 2, "Chen": 0, "Dee": 1}, {"Ben": 1, "Dee": 2, "Chen": 3},
        (
            _r(1, None, {"Ben": 1, "Chen": 0, "Dee": 0}, out=["Ben"]),
            _r(2, None, {"Ben": 1, "Chen": 0, "Dee": 0}, out=["Ben"]),
            _r(3, None, {"Ben": 0, "Chen": 0, "Dee": 1}, out=["Dee"]),
        ),
    ),
    GameResult(
        5, "mexican_train", 12, STD, date(2026, 2, 9), True, ("Ana", "Ben", "Chen", "Eve"),
        {"Ana": 18, "Ben": 27, "Chen": 30, "Eve": 50}, {"Ana": 1, "Ben": 2, "Eve": 3, "Chen": None},
        (
            _r(1, 12, {"Ana": 10, "Ben": 0, "Chen": 30, "Eve": None}, out=["Ben"]),
            _r(2, 11, {"Ana": 0, "Ben": 15, "Chen": None, "Eve": 20}, out=["Ana"]),
            _r(3, 10, {"Ana": 8, "Ben": 12, "Chen": None, "Eve": 0}, out=["Eve"]),
        ),
    ),
    GameResult(
        6, "mexican_train", 12, STD, date(2026, 2, 16), False, ("Ana", "Ben"),
        {"Ana": 0, "Ben": 40}, {"Ana": 1, "Ben": 2},
        (_r(1, 12, {"Ana": 0, "Ben": 40}, out=["Ana"]),),
    ),
    GameResult(
        7, "mexican_train", 9, DB0, date(2026, 3, 1), True, ("Ana", "Ben"),
        {"Ana": 12, "Ben": 5}, {"Ben": 1, "Ana": 2},
        (
            _r(1, 9, {"Ana": 12, "Ben": 0}, out=["Ben"]),
            _r(2, 8, {"Ana": 0, "Ben": 5}, out=["Ana"]),
        ),
    ),
]


@pytest.fixture(scope="module")
def lines() -> list[PlayerGame]:
    out: list[PlayerGame] = []
    for game in HISTORY:
        out.extend(summarize(game))
    return out


def test_who_wins_by_kind():
    assert highest_wins("mexican_train") is False
    assert highest_wins("draw") is True
    assert highest_wins("block") is True
    assert highest_wins("picture") is True
    # the first pair to the target wins; Chicken Foot: the lowest total (rules-families.md 1, 5)
    assert highest_wins("partnership") is True
    assert highest_wins("chicken_foot") is False
    with pytest.raises(ValueError):
        highest_wins("dominoes_in_space")


def test_one_player_whatever_the_case_or_unicode_form():
    assert name_key("Ana") == name_key("ANA ") == name_key("  ana") == "ana"
    # Precomposed and decomposed e with diaeresis; German sharp s casefolds to ss.
    assert name_key("Zo\u00eb") == name_key("ZOE\u0308") == "zo\u00eb"
    assert name_key("Stra\u00dfe") == name_key("STRASSE")
    assert name_key("Ana") != name_key("Anna")
    # An invisible zero-width space and doubled spaces do not make a new name.
    assert clean_name("\u200bAna   Lee ") == "Ana Lee"


def test_rule_set_key_is_canonical():
    assert rule_set_key({"b": 1, "a": 2}) == rule_set_key({"a": 2, "b": 1}) == '{"a":2,"b":1}'
    assert rule_set_key({}) == "{}"


def test_summarize_late_joiner_and_leaver(lines):
    eve = next(g for g in lines if g.player == "Eve")
    # Eve's total includes the start at 30, her rounds only her own points.
    assert (eve.total, eve.points, eve.rounds_played, eve.rounds_out) == (50, 20, 2, 1)
    assert eve.engines == ((11, 20), (10, 0))
    chen5 = next(g for g in lines if g.player == "Chen" and g.game_id == 5)
    assert (chen5.rank, chen5.left, chen5.won, chen5.rounds_played, chen5.points) == (None, True, False, 1, 30)
    assert chen5.ranked == 3
    ana2 = next(g for g in lines if g.player == "Ana" and g.game_id == 2)
    assert (ana2.won, ana2.shared_win, ana2.firsts) == (True, True, 2)
    # A classic game records no engines.
    assert next(g for g in lines if g.player == "Ana" and g.game_id == 3).engines == ()


def test_ana_all_games(lines):
    s = player_stats("Ana", lines)
    assert s.games == 5  # G6 is not finished
    assert (s.wins, s.shared_wins, s.left) == (3, 1, 0)
    assert s.share_won == pytest.approx(0.6)
    assert (s.rounds, s.points) == (14, 115)
    assert s.points_per_round == pytest.approx(115 / 14)
    assert (s.rounds_out, s.rounds_blocked, s.double_blank) == (5, 2, 0)
    assert s.places == {1: 3, 2: 2}
    engines = dict(s.per_engine())
    assert list(engines) == list(range(12, -1, -1))
    assert engines[12] == pytest.approx(10.0)
    assert engines[11] == pytest.approx(10 / 3)
    assert engines[10] == pytest.approx(23 / 3)
    assert engines[9] == pytest.approx(12.0)
    assert engines[8] == pytest.approx(0.0)
    assert all(engines[suit] is None for suit in range(8))
    assert s.best is not None and s.best.game_id == 1  # 1st with the lowest total, 15
    assert s.worst is not None and s.worst.game_id == 7  # 2nd with 12 in a lowest-wins game
    assert (s.current_streak, s.longest_streak) == (0, 2)
    assert [g.game_id for g in s.history] == [1, 2, 3, 5, 7]
    assert [g.total for g in s.history] == [15, 30, 40, 18, 12]


def test_ana_filtered(lines):
    mt = player_stats("Ana", lines, Filters(kind="mexican_train"))
    assert (mt.games, mt.wins, mt.shared_wins) == (4, 3, 1)
    assert (mt.current_streak, mt.longest_streak) == (0, 3)
    std = player_stats("Ana", lines, Filters(kind="mexican_train", rule_set=STD))
    assert (std.games, std.wins, std.current_streak, std.longest_streak) == (3, 3, 3, 3)
    assert player_stats("Ana", lines, Filters(set_n=9)).games == 1
    feb = player_stats("Ana", lines, Filters(since=date(2026, 2, 1)))
    assert [g.game_id for g in feb.history] == [5, 7]
    assert feb.wins == 1
    jan = player_stats("Ana", lines, Filters(until=date(2026, 1, 12)))
    assert [g.game_id for g in jan.history] == [1, 2]
    draw = player_stats("Ana", lines, Filters(kind="draw"))
    assert draw.per_engine() == []
    assert draw.best is not None and draw.best.total == 40


def test_chen_left_a_game_and_held_the_double_blank(lines):
    s = player_stats("Chen", lines)
    assert (s.games, s.wins, s.left) == (4, 1, 1)
    assert (s.rounds, s.points) == (10, 195)
    assert (s.rounds_out, s.rounds_blocked, s.double_blank) == (1, 2, 1)
    assert s.places == {1: 1, 3: 2}
    assert s.worst is not None and s.worst.game_id == 5  # left early: the worst
    assert s.best is not None and s.best.game_id == 3  # 1st of the draw game, 105
    assert (s.current_streak, s.longest_streak) == (0, 1)


def test_ben_streak_across_kinds_and_picture_wins(lines):
    s = player_stats("Ben", lines)
    assert (s.games, s.wins, s.shared_wins) == (5, 3, 1)
    assert (s.current_streak, s.longest_streak) == (1, 2)
    pic = player_stats("Ben", lines, Filters(kind="picture"))
    assert (pic.games, pic.wins, pic.rounds_out, pic.points) == (1, 1, 2, 2)


def test_nobody_and_unknown_player(lines):
    s = player_stats("Zed", lines)
    assert (s.games, s.share_won, s.points_per_round, s.best, s.per_engine()) == (0, None, None, None, [])


def test_head_to_head_two(lines):
    h = head_to_head(["Ana", "Ben"], lines)
    assert h.games == 4  # G1, G2, G5, G7 (G6 unfinished)
    assert h.wins == {"Ana": 3, "Ben": 2}
    ab = h.matchups[("Ana", "Ben")]
    assert (ab.ahead, ab.behind, ab.level, ab.margin) == (2, 1, 1, 22)
    assert ab.average_margin == pytest.approx(5.5)
    ba = h.matchups[("Ben", "Ana")]
    assert (ba.ahead, ba.behind, ba.level, ba.margin) == (1, 2, 1, -22)


def test_head_to_head_mixed_kinds_and_a_leaver(lines):
    ac = head_to_head(["Ana", "Chen"], lines).matchups[("Ana", "Chen")]
    # G1 (Ana 45 better, lowest wins), G3 (Ana 65 worse, highest wins); G5 Chen left.
    assert (ac.games, ac.ahead, ac.behind, ac.margin) == (2, 1, 1, -20)
    assert ac.average_margin == pytest.approx(-10.0)
    three = head_to_head(["Ana", "Ben", "Chen"], lines)
    assert three.games == 1
    assert three.wins == {"Ana": 1, "Ben": 0, "Chen": 0}
    with pytest.raises(ValueError):
        head_to_head(["Ana", "Ana"], lines)
    with pytest.raises(ValueError):
        head_to_head(["Ana"], lines)


def test_leaderboard_minimum_and_shared_place(lines):
    tallies = [tally(name, lines) for name in ("Ana", "Ben", "Chen", "Dee", "Eve")]
    ana = tallies[0]
    assert (ana.games, ana.wins, ana.shared_wins, ana.place_sum, ana.placed) == (5, 3, 1, 7, 5)
    rows = leaderboard(tallies, min_games=2)
    assert [(r.place, r.tally.player) for r in rows] == [(1, "Ana"), (1, "Ben"), (3, "Chen"), (4, "Dee")]
    assert [r.tally.player for r in leaderboard(tallies, min_games=5)] == ["Ana", "Ben"]
    assert rows[2].tally.share_won == pytest.approx(0.25)


def test_leaderboard_orders_by_share_then_wins():
    rows = leaderboard(
        [Tally("x", 10, 5, place_sum=20, placed=10), Tally("y", 4, 2, place_sum=6, placed=4),
         Tally("z", 4, 3, place_sum=5, placed=4)],
        min_games=1,
    )
    # z 75 %; x and y both 50 %, x has more wins.
    assert [r.tally.player for r in rows] == ["z", "x", "y"]
    assert [r.place for r in rows] == [1, 2, 3]


@pytest.mark.parametrize(
    "rank, size, points", [(1, 4, 4), (2, 4, 3), (4, 4, 1), (1, 2, 2), (None, 4, 0), (1, 1, 1)]
)
def test_place_points(rank, size, points):
    assert place_points(rank, size) == points


def test_place_points_refuses_a_rank_past_the_table():
    with pytest.raises(ValueError):
        place_points(5, 4)


def test_event_standings_by_place_points(lines):
    event = [g for g in lines if g.event_id == 7]
    table = event_standings(event, "place_points", roster=["Ana", "Ben", "Chen", "Dee", "Finn"])
    got = [(s.place, s.player, s.place_points, s.wins, s.games) for s in table]
    # Ana 3 + 3, Ben 2 + 3, Chen 1, Dee 1: Chen and Dee equal on points and
    # wins, Dee better per round (45/3 = 15 against 60/3 = 20); Finn came but
    # did not finish a game.
    assert got == [
        (1, "Ana", 6, 2, 2), (2, "Ben", 5, 1, 2), (3, "Dee", 1, 0, 1), (4, "Chen", 1, 0, 1),
        (5, "Finn", 0, 0, 0),
    ]
    assert table[0].points_per_round == Fraction(45, 6)
    assert table[1].points_per_round == Fraction(65, 6)


def test_event_standings_by_points_per_round_and_wins(lines):
    event = [g for g in lines if g.event_id == 7]
    by_ppr = event_standings(event, "points_per_round")
    assert [s.player for s in by_ppr] == ["Ana", "Ben", "Dee", "Chen"]
    by_wins = event_standings(event, "wins")
    assert [(s.place, s.player) for s in by_wins] == [(1, "Ana"), (2, "Ben"), (3, "Dee"), (4, "Chen")]


def test_event_standings_equal_on_everything_share_a_place(lines):
    g2 = [g for g in lines if g.game_id == 2]
    table = event_standings(g2, "place_points")
    # Ana and Ben: 3 place points, 1 win, 30 points in 3 rounds, 1 round out each.
    assert [(s.place, s.player) for s in table] == [(1, "Ana"), (1, "Ben"), (3, "Dee")]


def test_event_standings_high_score_kind_and_unfinished_ignored(lines):
    g3 = [g for g in lines if g.game_id in (3, 6)]
    table = event_standings(g3, "points_per_round")
    # Draw game: higher is better (Chen 105/3 before Ana 40/3); G6 is unfinished.
    assert [(s.player, s.games) for s in table] == [("Chen", 1), ("Ana", 1)]


def test_tie_breaks_are_stated_in_order():
    assert tie_breaks("wins") == ("wins", "place_points", "points_per_round", "rounds_out")
    assert tie_breaks("place_points") == ("place_points", "wins", "points_per_round", "rounds_out")
    with pytest.raises(ValueError):
        tie_breaks("elo")


@pytest.mark.parametrize(("text", "key"), [
    ("Céline", "celine"), ("CÉLINE", "celine"), ("Ce\u0301line", "celine"),  # é as one code point or two
    ("  Ana   María ", "ana maria"),
    ("Đurđa", "durda"), ("Łukasz", "lukasz"), ("Søren", "soren"), ("Straße", "strasse"),
    ("Ёлка", "елка"), ("Өлзий", "өлзии"),  # Mongolian Ө is a letter of its own; й is и with a breve
    ("김민준", "김민준"),  # Hangul syllables stay whole
])
def test_search_key_ignores_case_and_accents(text, key):
    assert search_key(text) == key


def _pairs_line(player: str, rank: int, total: int, points: int, rounds_out: int) -> PlayerGame:
    return PlayerGame(player=player, game_id=1, kind="partnership", set_n=6, rule_set="{}",
                      played_on=date(2026, 12, 7), finished=True, total=total, rank=rank, ranked=2,
                      firsts=1, rounds_played=4, points=points, rounds_out=rounds_out,
                      rounds_blocked=0, double_blank=0)


def test_event_standings_in_pairs_partners_share_their_pair_place():
    # One partnership game, Ana+Eva beat Ben+Dan 150 to 90 over 4 hands. Ana
    # played the last tile in 3 hands, Eva in 1: going out is the pair's, so
    # partners share the place (issue 28: Ana 1, Eva 2 was wrong). Place
    # points count pairs: 2 pairs at the table, the winners 2, the others 1.
    lines = [_pairs_line("Ana", 1, 150, 150, 3), _pairs_line("Eva", 1, 150, 150, 1),
             _pairs_line("Ben", 2, 90, 90, 0), _pairs_line("Dan", 2, 90, 90, 0)]
    table = event_standings(lines, "place_points")
    assert [(s.place, s.player, s.place_points) for s in table] == [
        (1, "Ana", 2), (1, "Eva", 2), (3, "Ben", 1), (3, "Dan", 1)]


def test_tie_breaks_in_pairs_leave_out_rounds_gone_out():
    # going out is the pair's in partnership dominoes: no tie-break between partners
    assert tie_breaks("place_points", in_pairs=True) == ("place_points", "wins", "points_per_round")
