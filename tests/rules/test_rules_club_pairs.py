"""Club nights in pairs, the pure part (companion/rules/clubs/pairs.py):
pairs formed, tables of two pairs with partners opposite, the standings by
pair; each expected value worked by hand."""

from __future__ import annotations

import pytest

from companion.rules.clubs.pairs import (
    PairGame,
    form_pairs,
    pair_standings,
    pairs_met,
    partnered_counts,
    seat_pairs,
    teams_of,
)
from companion.rules.clubs.seating import SeatingError


def test_fixed_pairs_stay_and_the_others_are_drawn_into_pairs():
    players = ["Ana", "Ben", "Chen", "Dee", "Eve", "Fay"]
    pairs = form_pairs(players, [("Ana", "Chen")], seed=3)
    assert pairs[0] == ("Ana", "Chen") and len(pairs) == 3
    assert sorted(n for p in pairs for n in p) == sorted(players)
    # the same seed draws the same pairs
    assert form_pairs(players, [("Ana", "Chen")], seed=3) == pairs
    # a fixed pair whose partner is absent leaves the other to the draw
    assert ("Ana", "Chen") not in form_pairs(["Ana", "Ben", "Dee", "Eve"], [("Ana", "Chen")], seed=3)


def test_drawn_partners_who_played_together_are_kept_apart():
    # four singles who were Ben+Dee and Eve+Fay: the only pairings without a repeat
    # are Ben with Eve or Fay, Dee with the other one
    partnered = partnered_counts([[["Ben", "Dee"], ["Eve", "Fay"]]])
    for seed in range(10):
        pairs = {frozenset(p) for p in form_pairs(["Ben", "Dee", "Eve", "Fay"], [], seed, partnered)}
        assert not pairs & {frozenset(("Ben", "Dee")), frozenset(("Eve", "Fay"))}, seed


def test_tables_of_two_pairs_seat_partners_opposite():
    pairs = [("Ana", "Chen"), ("Ben", "Dee"), ("Eve", "Fay"), ("Gus", "Hal")]
    tables = seat_pairs(pairs, available=3, seed=1)
    assert len(tables) == 2
    for seats in tables:
        teams = teams_of(seats)
        assert {tuple(t) for t in teams} <= set(pairs)  # seats 1 and 3, seats 2 and 4
    # pairs that met are kept apart: Ana+Chen met Ben+Dee, Eve+Fay met Gus+Hal
    met = pairs_met([[["Ana", "Chen"], ["Ben", "Dee"]], [["Eve", "Fay"], ["Gus", "Hal"]]])
    for seed in range(10):
        for seats in seat_pairs(pairs, 3, seed, met):
            assert {seats[0], seats[1]} not in ({"Ana", "Ben"}, {"Ben", "Ana"}, {"Eve", "Gus"}, {"Gus", "Eve"}), seed


@pytest.mark.parametrize(("count", "available", "code"), [
    (1, 3, "too_few_players"), (3, 3, "bad_value"), (8, 3, "too_many_players")])
def test_pairs_that_cannot_be_seated(count, available, code):
    pairs = [(f"a{i}", f"b{i}") for i in range(count)]
    with pytest.raises(SeatingError) as exc:
        seat_pairs(pairs, available)
    assert exc.value.code == code


def test_an_odd_number_of_players_cannot_all_be_paired():
    with pytest.raises(SeatingError) as exc:
        form_pairs(["Ana", "Ben", "Chen"], [])
    assert exc.value.code == "bad_value"
    with pytest.raises(SeatingError):
        form_pairs(["Ana", "Ana"], [])


def test_standings_by_pair():
    # Ana+Chen: won 21, lost (0); Ben+Dee: won 19, won 25 (named Dee+Ben the second time);
    # Eve+Fay: lost (0), lost (0); Gus+Hal checked in together, not played yet
    rows = pair_standings([
        PairGame(("Ana", "Chen"), 1, 21, 1), PairGame(("Ben", "Dee"), 1, 19, 2),
        PairGame(("Ana", "Chen"), 2, 0, 3), PairGame(("Dee", "Ben"), 1, 25, 1),
        PairGame(("Eve", "Fay"), 2, 0, 1), PairGame(("Eve", "Fay"), 2, 0, 2),
    ], fixed=[("Gus", "Hal")])
    assert [(r.place, r.name, r.games, r.wins, r.points, r.rounds) for r in rows] == [
        (1, "Ben+Dee", 2, 2, 44, 3), (2, "Ana+Chen", 2, 1, 21, 4), (3, "Eve+Fay", 2, 0, 0, 3),
        (4, "Gus+Hal", 0, 0, 0, 0)]
    # equal wins and points share a place
    tied = pair_standings([PairGame(("A", "B"), 1, 20, 1), PairGame(("C", "D"), 1, 20, 1)])
    assert [r.place for r in tied] == [1, 1]
