"""Tiles and sets: counts from rules-brief.md §1 (seeds 000/002/004 and arithmetic)."""

import pytest

from companion.rules.tiles import DominoSet, Tile, TileError


@pytest.mark.parametrize(
    "n, tiles, pips",
    [(6, 28, 168), (9, 55, 495), (12, 91, 1092), (15, 136, 2040), (18, 190, 3420)],
)
def test_set_sizes_and_pips(n, tiles, pips):
    s = DominoSet(n)
    assert s.size == tiles
    assert len(s.tiles) == tiles
    assert len(set(s.tiles)) == tiles
    assert s.total_pips == pips
    assert sum(t.pips for t in s.tiles) == pips


def test_each_suit_appears_on_n_plus_1_tiles():
    s = DominoSet(12)
    assert sum(1 for t in s.tiles if t.has(7)) == 13


@pytest.mark.parametrize(
    "text, high, low",
    [("6-5", 6, 5), ("5-6", 6, 5), (" 12 - 0 ", 12, 0), ("3|3", 3, 3), ("18:2", 18, 2)],
)
def test_parse(text, high, low):
    t = Tile.parse(text)
    assert (t.high, t.low) == (high, low)
    assert str(t) == f"{high}-{low}"


@pytest.mark.parametrize("text", ["", "6", "6-", "a-b", "6-5-4", "-1-2", "6.5"])
def test_parse_refuses(text):
    with pytest.raises(TileError):
        Tile.parse(text)


def test_membership_and_other_end():
    assert Tile(12, 12) in DominoSet(12)
    assert Tile(13, 0) not in DominoSet(12)
    assert Tile(12, 5).other(12) == 5
    assert Tile(12, 5).other(5) == 12
    with pytest.raises(ValueError):
        Tile(12, 5).other(3)
    assert Tile(4, 4).is_double and not Tile(4, 3).is_double
