"""The numbers the scoring-during-play families share.

The double-six set they play with, whole numbers as JSON gives them, rounding
to five, the lead's count, and the score pad's keypad (the counts that score
and their points); also the round fields a record read back may carry.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any, TypeGuard

from ...tiles import DominoSet, Tile

DOUBLE_SIX = DominoSet(6)
"""Every family here plays with a double-six set (28 tiles, 168 pips)."""


def is_whole(value: Any) -> TypeGuard[int]:
    """True for a JSON whole number (``True``/``False`` are not numbers here)."""
    return isinstance(value, int) and not isinstance(value, bool)


# ---------------------------------------------------------------- rounding


class Rounding(StrEnum):
    """How a pip total is rounded to a multiple of five (rule key ``rounding``)."""

    NEAREST = "nearest"
    """Remainder 1 or 2 down, 3 or 4 up (pagat, All Fives): 12 → 10, 13 → 15."""
    DOWN = "down"
    """Always down (bonesdomino): 13 → 10, 28 → 25."""


def round_to_five(pips: int, rounding: Rounding = Rounding.NEAREST) -> int:
    """``pips`` rounded to a multiple of five, in pips.

    :param pips: a whole number of pips, 0 or more.
    :param rounding: nearest (3 → 5, 12 → 10, 27 → 25, 28 → 30) or down
        (13 → 10, 28 → 25). Pip totals are whole, so "nearest" never ties.
    :raises ValueError: for a negative number of pips.
    """
    if pips < 0:
        raise ValueError(f"pips cannot be negative: {pips}")
    low = pips - pips % 5
    if rounding is Rounding.DOWN:
        return low
    return low + 5 if pips % 5 >= 3 else low


def lead_count(tile: Tile) -> int:
    """The count a tile shows alone on the table: both its ends, in pips
    (6-4 → 10, 5-5 → 10, 6-6 → 12). A lone spinner counts both halves too
    (pagat; the rarepike reading of 6 for 6-6 is not offered, AF-4)."""
    return tile.pips


# ---------------------------------------------------------------- the score pad's keypad


@dataclass(frozen=True)
class CountKey:
    """One key of the score pad's keypad: a count that scores, and its points.

    :ivar count: the count on the open ends, in pips.
    :ivar points: what it scores, in the game's unit.
    """

    count: int
    points: int


@dataclass(frozen=True)
class Keypad:
    """The counts that score in a game, for the score pad.

    :ivar keys: every scoring count with its points, lowest first.
    :ivar more: higher counts can also score (Five Up, where every double is a
        spinner: the pad then needs a field for another count).
    """

    keys: tuple[CountKey, ...]
    more: bool = False


IGNORED_ROUND_KEYS = frozenset({"number", "confirm", "version", "scores", "team_scores", "totals",
                                "marks", "shaker", "pegs", "won_by"})
"""Fields of a round that a ``GET`` derives or a request carries for the API:
accepted and ignored, so a record read back can be sent again."""
