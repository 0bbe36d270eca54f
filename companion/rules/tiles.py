"""Tiles and double-N sets.

A tile is an unordered pair of suits written ``"a-b"``; a double-N set holds
every pair from 0-0 to N-N once: (N+1)(N+2)/2 tiles carrying N(N+1)(N+2)/2
pips (docs/sources.md; [MT-BE] [MT-MN] [MT-KO] give the 55 and 91 tile counts).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property

SET_SIZES: tuple[int, ...] = (6, 9, 12, 15, 18)
"""The double-N sets the app knows (docs/sources.md)."""

_TILE_RE = re.compile(r"^\s*(\d{1,2})\s*[-|:/]\s*(\d{1,2})\s*$")


class TileError(ValueError):
    """A tile written in a form that is not ``"a-b"`` with whole suits."""


@dataclass(frozen=True, order=True)
class Tile:
    """One domino, stored with its higher suit first.

    :ivar high: the higher suit (pips on one half), 0..18.
    :ivar low: the lower suit, 0..high.
    """

    high: int
    low: int

    def __post_init__(self) -> None:
        if self.low > self.high:
            hi, lo = self.low, self.high
            object.__setattr__(self, "high", hi)
            object.__setattr__(self, "low", lo)
        if self.low < 0:
            raise TileError(f"a suit cannot be negative: {self.high}-{self.low}")

    @classmethod
    def parse(cls, text: str) -> Tile:
        """Read ``"a-b"`` (also ``a|b``, ``a:b``, ``a/b``) into a tile.

        :param text: the tile as typed, e.g. ``"12-5"``.
        :return: the tile, higher suit first.
        :raises TileError: when the text is not two whole numbers.
        """
        m = _TILE_RE.match(str(text))
        if not m:
            raise TileError(f"not a tile: {text!r} (write it as 12-5)")
        return cls(int(m.group(1)), int(m.group(2)))

    @property
    def pips(self) -> int:
        """Pips on the tile (both halves), in pips."""
        return self.high + self.low

    @property
    def is_double(self) -> bool:
        """True for a double (both halves the same suit)."""
        return self.high == self.low

    def has(self, suit: int) -> bool:
        """True when one half of the tile shows ``suit``."""
        return suit in (self.high, self.low)

    def other(self, suit: int) -> int:
        """The suit at the far end when the tile is joined on ``suit``.

        :raises ValueError: when the tile does not carry ``suit``.
        """
        if suit == self.high:
            return self.low
        if suit == self.low:
            return self.high
        raise ValueError(f"{self} does not carry {suit}")

    def __str__(self) -> str:
        return f"{self.high}-{self.low}"


def double(suit: int) -> Tile:
    """The double of ``suit`` (``double(12)`` is 12-12)."""
    return Tile(suit, suit)


@dataclass(frozen=True)
class DominoSet:
    """A double-N set.

    :ivar n: the highest suit, one of :data:`SET_SIZES` (other N ≥ 0 work too).
    """

    n: int

    @cached_property
    def tiles(self) -> tuple[Tile, ...]:
        """Every tile of the set, from 0-0 up to N-N."""
        return tuple(Tile(h, lo) for h in range(self.n + 1) for lo in range(h + 1))

    @property
    def size(self) -> int:
        """Number of tiles: (N+1)(N+2)/2."""
        return (self.n + 1) * (self.n + 2) // 2

    @property
    def total_pips(self) -> int:
        """Pips of the whole set: N(N+1)(N+2)/2."""
        return self.n * (self.n + 1) * (self.n + 2) // 2

    def __contains__(self, tile: object) -> bool:
        return isinstance(tile, Tile) and tile.high <= self.n

    def doubles(self) -> tuple[Tile, ...]:
        """The N+1 doubles, 0-0 first."""
        return tuple(double(s) for s in range(self.n + 1))
