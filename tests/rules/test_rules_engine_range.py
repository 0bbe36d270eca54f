"""The engines' range in the set's own figures (issue 27): a first or last
engine beyond the set is refused with the set's top double, never the largest
set's 18, and both boxes are told at once."""

from __future__ import annotations

import pytest

from companion.rules import RecordError
from companion.rules.game import read_game


def refused(set_n: int, rules: dict) -> dict[str, str]:
    record = {"kind": "mexican_train", "set": set_n, "players": ["Ana", "Ben", "Chen"], "rules": rules}
    with pytest.raises(RecordError) as exc:
        read_game(record, confirm=True)
    return {p.path: p.message for p in exc.value.errors}


@pytest.mark.parametrize(("set_n", "beyond"), [(6, 7), (9, 10), (12, 13), (12, 25), (9, 18)])
def test_an_engine_past_the_set_names_the_sets_top_double(set_n, beyond):
    got = refused(set_n, {"start_engine": beyond})
    assert got == {"rules.start_engine": f"A double-{set_n} set has no {beyond}-{beyond}."}


@pytest.mark.parametrize("set_n", [6, 9, 12])
def test_a_negative_or_broken_engine_gives_the_sets_range(set_n):
    got = refused(set_n, {"start_engine": -1, "end_engine": "x"})
    # the range is the set's: 0 to 6, 0 to 9, 0 to 12 (not 0 to 18)
    assert got == {"rules.start_engine": f"Give a whole number from 0 to {set_n}.",
                   "rules.end_engine": f"Give a whole number from 0 to {set_n}."}


def test_both_engines_past_the_set_are_told_at_once():
    got = refused(9, {"start_engine": 12, "end_engine": 11})
    assert got == {"rules.start_engine": "A double-9 set has no 12-12.",
                   "rules.end_engine": "A double-9 set has no 11-11."}


def test_the_top_double_itself_is_taken():
    for set_n in (6, 9, 12):
        game = read_game({"kind": "mexican_train", "set": set_n, "players": ["Ana", "Ben", "Chen"],
                          "rules": {"start_engine": set_n, "end_engine": 0}}, confirm=True)
        assert game.table.engines[0] == set_n and game.table.engines[-1] == 0
        assert len(game.table.engines) == set_n + 1
