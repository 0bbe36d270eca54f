"""A player's record changed one game at a time
(companion/rules/stats/records.py: ``fold_line``) against the record counted
from every line (``player_stats``, the reference): after any sequence of
games added, corrected and taken away, in any order of their days, the
folded record (or the recount it asks for) equals the recount, its history
cut to the latest games kept."""

from __future__ import annotations

from dataclasses import replace
from datetime import date, timedelta

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.rules.stats.fold import fold_line
from companion.rules.stats.records import PlayerGame, PlayerStats, player_stats

KEEP = 4
"""Games kept in the history: small, so that the window fills and empties."""


@st.composite
def lines(draw, game_id: int) -> PlayerGame:
    kind = draw(st.sampled_from(["mexican_train", "block"]))
    players = draw(st.integers(2, 4))
    rank = draw(st.one_of(st.none(), st.integers(1, players)))
    firsts = draw(st.integers(1, 2))
    suits = draw(st.lists(st.tuples(st.integers(0, 3), st.integers(0, 60)), max_size=3)) \
        if kind == "mexican_train" else []
    rounds = max(1, len(suits))
    return PlayerGame(
        player="Ana", game_id=game_id, kind=kind, set_n=12 if kind == "mexican_train" else 6,
        rule_set="{}", played_on=date(2026, 1, 1) + timedelta(days=draw(st.integers(0, 6))),
        finished=True, total=draw(st.integers(0, 120)), rank=rank, ranked=players, firsts=firsts,
        rounds_played=rounds, points=sum(p for _, p in suits), rounds_out=draw(st.integers(0, rounds)),
        rounds_blocked=draw(st.integers(0, rounds)), double_blank=draw(st.integers(0, 1)),
        engines=tuple(suits))


def _cut(s: PlayerStats) -> PlayerStats:
    return replace(s, history=s.history[-KEEP:])


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_folded_record_equals_the_recount(data):
    stored: dict[int, PlayerGame] = {}
    record = player_stats("Ana", [])
    for step in range(data.draw(st.integers(1, 25))):
        action = data.draw(st.sampled_from(["add", "add", "correct", "remove"]))
        if action == "add" or not stored:
            gid = 1 + max(stored, default=0)
            old, new = None, data.draw(lines(gid))
        else:
            gid = data.draw(st.sampled_from(sorted(stored)))
            old = stored[gid]
            new = None if action == "remove" else replace(data.draw(lines(gid)), played_on=old.played_on)
        if new is None:
            stored.pop(gid)
        else:
            stored[gid] = new
        expected = _cut(player_stats("Ana", stored.values()))
        answer = fold_line(record, old, new, KEEP)
        if answer is None:
            record = expected
        else:
            assert answer == expected, f"step {step}: {action} game {gid}"
            record = answer


def test_a_game_added_after_the_latest_is_folded_not_recounted():
    first = PlayerGame("Ana", 1, "mexican_train", 12, "{}", date(2026, 1, 1), True, 20, 1, 3, 1, 2, 20, 1, 0, 0)
    second = replace(first, game_id=2, played_on=date(2026, 1, 2), total=30, rank=2)
    record = fold_line(fold_line(player_stats("Ana", []), None, first, KEEP), None, second, KEEP)
    assert record == _cut(player_stats("Ana", [first, second]))
    # Worked by hand: two games, one won; the streak broke with the second.
    assert (record.games, record.wins, record.current_streak, record.longest_streak) == (2, 1, 0, 1)
    assert (record.best.game_id, record.worst.game_id) == (1, 2)


def test_what_cannot_be_folded_asks_for_a_recount():
    won = PlayerGame("Ana", 1, "mexican_train", 12, "{}", date(2026, 1, 2), True, 20, 1, 3, 1, 2, 20, 1, 0, 0)
    lost = replace(won, game_id=2, rank=3, total=90)
    both = _cut(player_stats("Ana", [won, lost]))
    earlier = replace(won, game_id=3, played_on=date(2026, 1, 1))
    assert fold_line(both, None, earlier, KEEP) is None          # added before the latest
    assert fold_line(both, won, None, KEEP) is None              # the best game taken away
    assert fold_line(both, lost, replace(lost, rank=1), KEEP) is None  # a loss become a win
