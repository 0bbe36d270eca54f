"""Partnership dominoes: reading the parts of a hand.

The keys a round object may hold, the pips or tiles each player had left, the
tiles named in a round, and the pool of tiles a hand given only by its pips
may be made of (whether those pips are possible at all).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from ...errors import Problems, tr, trn
from ...tiles import Tile, TileError
from .hand import HandLeft
from .rules import _is_int
from .table import PartnershipTable

# ---------------------------------------------------------------- reading


_HAND_KEYS = frozenset({"pips", "tiles", "tiles_left"})
_ROUND_KEYS = frozenset({
    "leader", "ended", "out", "hands", "locked_by", "bonuses", "last_tile",
    # sent back by forms and by a record read back from the API (ignored)
    "number", "version", "confirm", "team_scores", "team_totals", "winner", "replay", "items",
})
_BONUS_KEYS = frozenset({"kind", "team", "player", "points", "count", "double"})


def _read_left(data: Any, path: str, table: PartnershipTable, problems: Problems) -> HandLeft | None:
    """One player's hand: ``{"pips", "tiles_left"}`` or ``{"tiles"}``."""
    if not isinstance(data, Mapping):
        problems.error(path, "bad_value", tr("A hand must be an object with pips or tiles."))
        return None
    ok = True
    for key in data:
        if key not in _HAND_KEYS:
            problems.error(f"{path}.{key}", "bad_value", tr("A hand has no field %(key)r.", key=key))
            ok = False
    readable, left = _read_tiles_left(data.get("tiles_left"), f"{path}.tiles_left", table, problems)
    if not readable:
        return None
    if "tiles" in data:
        hand = _left_of_tiles(data, path, table, left, problems)
    else:
        hand = _left_of_pips(data, path, left, problems)
    return hand if ok else None


def _read_tiles_left(left: Any, path: str, table: PartnershipTable,
                     problems: Problems) -> tuple[bool, int | None]:
    """A hand's ``tiles_left``: ``(True, count or None)``, or ``(False, None)``
    when it is not a whole number, 0 or more, up to the tiles dealt."""
    if left is not None and (not _is_int(left) or left < 0):
        problems.error(path, "bad_value",
                       tr("The tiles left must be a whole number, 0 or more."))
        return False, None
    if left is not None and left > table.dealt:
        problems.error(path, "deal_exceeds_set", trn(
            "Each player is dealt %(n)s tile, so no more can be left.",
            "Each player is dealt %(n)s tiles, so no more can be left.", table.dealt))
        return False, None
    count: int | None = left
    return True, count


def _left_of_tiles(data: Mapping[str, Any], path: str, table: PartnershipTable, left: int | None,
                   problems: Problems) -> HandLeft | None:
    """A hand given by its tiles; the pips and count typed beside them must
    agree (``pips_mismatch``)."""
    tiles = _read_tiles(data["tiles"], f"{path}.tiles", table, problems)
    if tiles is None:
        return None
    ok = True
    held = sum(t.pips for t in tiles)
    given = data.get("pips")
    if given is not None and given != held:
        problems.error(f"{path}.pips", "pips_mismatch", trn(
            "The tiles hold %(n)s pip, not %(given)s.", "The tiles hold %(n)s pips, not %(given)s.",
            held, given=given))
        ok = False
    if left is not None and left != len(tiles):
        problems.error(f"{path}.tiles_left", "pips_mismatch", tr(
            "%(listed)s tiles are listed, not %(given)s.", listed=len(tiles), given=left))
        ok = False
    return HandLeft(held, len(tiles), tiles) if ok else None


def _left_of_pips(data: Mapping[str, Any], path: str, left: int | None,
                  problems: Problems) -> HandLeft | None:
    """A hand given by its pips (and perhaps its count of tiles)."""
    pips = data.get("pips")
    if pips is None:
        problems.error(f"{path}.pips", "bad_value", tr("Give the pips left in the hand."))
        return None
    if not _is_int(pips):
        problems.error(f"{path}.pips", "bad_value", tr("Pips must be a whole number."))
        return None
    if pips < 0:
        problems.error(f"{path}.pips", "pips_negative", tr("Pips cannot be negative."), pips=pips)
        return None
    if left == 0 and pips:
        problems.error(f"{path}.pips", "pips_infeasible", tr("A hand with no tiles left holds no pips."),
                       pips=pips)
        return None
    return HandLeft(pips, left)


def _read_tiles(value: Any, path: str, table: PartnershipTable, problems: Problems) -> tuple[Tile, ...] | None:
    if not isinstance(value, list):
        problems.error(path, "bad_value", tr('tiles must be a list such as ["6-5", "2-1"].'))
        return None
    if len(value) > table.dealt:
        problems.error(path, "deal_exceeds_set", trn(
            "Each player is dealt %(n)s tile, so no more can be left.",
            "Each player is dealt %(n)s tiles, so no more can be left.", table.dealt))
        return None
    tiles: list[Tile] = []
    for i, text in enumerate(value):
        tile = _parse_tile(text)
        if tile is None:
            problems.error(f"{path}[{i}]", "bad_value", tr("%(text)r is not a tile; write it as 6-5.", text=text))
            return None
        if tile not in table.set:
            problems.error(f"{path}[{i}]", "tiles_not_in_set", tr(
                "%(tile)s is not in a double-%(set)s set.", tile=tile, set=table.set_n), tile=str(tile))
            return None
        if tile in tiles:
            problems.error(f"{path}[{i}]", "tile_repeated", tr("%(tile)s is listed twice.", tile=tile),
                           tile=str(tile))
            return None
        tiles.append(tile)
    return tuple(tiles)


def _parse_tile(text: Any) -> Tile | None:
    if not isinstance(text, str):
        return None
    try:
        return Tile.parse(text)
    except TileError:
        return None


@dataclass(frozen=True)
class _Pool:
    """The tiles a hand given only by its pips may be made of.

    :ivar values: the pip values of the pool's tiles, sorted (pips).
    """

    values: tuple[int, ...]

    @classmethod
    def of(cls, tiles: Iterable[Tile]) -> _Pool:
        return cls(tuple(sorted(t.pips for t in tiles)))

    def lightest(self, k: int) -> int:
        return sum(self.values[:k])

    def heaviest(self, k: int) -> int:
        return sum(self.values[len(self.values) - k:]) if k else 0

    @cached_property
    def _reach(self) -> list[int]:
        # reach[k] has bit s set when some k distinct tiles hold s pips
        reach = [1] + [0] * len(self.values)
        for n, v in enumerate(self.values, start=1):
            for k in range(n, 0, -1):
                reach[k] |= reach[k - 1] << v
        return reach

    def can_make(self, pips: int, count: int) -> bool:
        """Exactly ``count`` distinct tiles of the pool hold ``pips`` pips."""
        if not 0 <= count <= len(self.values) or pips < 0:
            return False
        return bool(self._reach[count] >> pips & 1)

    def can_hold(self, pips: int, count: int | None, most: int) -> bool:
        """A hand of ``count`` tiles (any from 1 to ``most`` when unknown)
        holding ``pips`` pips can be made of the pool."""
        if count is not None:
            return self.can_make(pips, count)
        return any(self.can_make(pips, k) for k in range(1, most + 1))

    def can_hold_together(self, hands: Sequence[HandLeft], most: int) -> bool:
        """The hands together fit the pool's bounds: as many distinct tiles as
        they hold, between the lightest and the heaviest such tiles (a bound,
        not an exact search; each hand alone is checked exactly)."""
        if not hands:
            return True
        pips = sum(h.pips for h in hands)
        known = sum(h.tiles_left for h in hands if h.tiles_left is not None)
        unknown = sum(1 for h in hands if h.tiles_left is None)
        fewest, most_tiles = known + unknown, known + unknown * most
        if fewest > len(self.values):
            return False
        return self.lightest(fewest) <= pips <= self.heaviest(min(most_tiles, len(self.values)))
