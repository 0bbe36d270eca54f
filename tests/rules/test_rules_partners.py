"""The record with each partner (companion/rules/stats/partners.py), and the
pairs' places in a game's lines (summarize): counted by hand."""

from __future__ import annotations

from datetime import date

from companion.rules.stats.partners import PairGame, partner_in, partner_records
from companion.rules.stats.records import GameResult, RoundResult, summarize


def test_partner_in_reads_the_teams():
    teams = [["Ana", "Chen"], ["Ben", "Dee"]]
    assert partner_in(teams, "Ana") == "Chen"
    assert partner_in(teams, "Dee") == "Ben"
    assert partner_in(teams, "Eve") is None


def test_games_fold_by_partner():
    # Ana: with Chen won 21, won 30, lost (0); with Ben lost (0); with "Old" (no roster id) won 5.
    rows = partner_records([
        PairGame("Chen", 3, True, 1, 1, 21), PairGame("Chen", 3, True, 1, 2, 30),
        PairGame("Chen", 3, False, 2, 3, 0), PairGame("Ben", 2, False, 2, 1, 0),
        PairGame("Old", None, True, 1, 1, 5),
    ])
    assert [(r.partner, r.games, r.wins, r.losses, r.rounds, r.points) for r in rows] == [
        ("Chen", 3, 2, 1, 6, 51), ("Old", 1, 1, 0, 1, 5), ("Ben", 1, 0, 1, 1, 0)]
    assert rows[0].win_rate == 2 / 3 and rows[2].win_rate == 0.0
    assert partner_records([]) == []


def test_a_pairs_win_is_one_first_place_of_two():
    # LP-1: Ana+Chen 21, Ben+Dee 0; partners share their pair's place.
    game = GameResult(
        game_id=1, kind="partnership", set_n=6, rule_set="{}", played_on=date(2026, 12, 7), finished=True,
        players=("Ana", "Ben", "Chen", "Dee"), totals={"Ana": 21, "Ben": 0, "Chen": 21, "Dee": 0},
        ranks={"Ana": 1, "Ben": 2, "Chen": 1, "Dee": 2},
        rounds=(RoundResult(1, None, {"Ana": 21, "Ben": 0, "Chen": 21, "Dee": 0}, ("Chen",)),),
        teams=(("Ana", "Chen"), ("Ben", "Dee")))
    lines = {ln.player: ln for ln in summarize(game)}
    assert (lines["Ana"].firsts, lines["Ana"].ranked, lines["Ana"].shared_win) == (1, 2, False)
    assert lines["Chen"].won and lines["Chen"].rounds_out == 1 and not lines["Ana"].rounds_out
    assert lines["Dee"].rank == 2 and not lines["Dee"].won
