"""Reading one hand of a round: pips only, or the tiles themselves.

A hand is ``{"pips": 23}`` with optional ``tiles_left``, ``double_blank``,
``drawn``, ``marker`` and ``blanks``, or ``{"tiles": ["6-5", "2-1"]}`` (the
pips then follow from the tiles). Whether the pips can be made of real tiles is
:mod:`.feasibility` and :mod:`.joint`; here the hand's own fields are checked.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from companion.rules.errors import Problems, tr, trn
from companion.rules.record.document import DOUBLE_BLANK, HAND_KEYS, Hand, Table, is_int
from companion.rules.tiles import Tile, TileError


# What a player reads when a hand's field is not what it must be (the record's
# key stays in the problem's path, for the API).
def _count_words() -> str:
    return tr("Give a whole number, 0 or more.")


_COUNT_WORDS: dict[str, Callable[[], str]] = {
    "tiles_left": lambda: tr("The tiles left must be a whole number, 0 or more."),
    "drawn": lambda: tr("The tiles drawn must be a whole number, 0 or more."),
    "blanks": lambda: tr("The tiles with a blank half must be a whole number, 0 or more."),
}


def _flag_words() -> str:
    return tr("Tick the box or leave it empty.")


_FLAG_WORDS: dict[str, Callable[[], str]] = {
    "double_blank": lambda: tr("“Holds the 0-0” is ticked or not, nothing else."),
    "marker": lambda: tr("“Marker left on the train” is ticked or not, nothing else."),
}


@dataclass
class _HandFields:
    """A hand's optional counts and flags as read; ``ok`` false once one was refused."""

    tiles_left: int | None = None
    drawn: int | None = None
    blanks: int | None = None
    double_blank: bool = False
    marker: bool = False
    ok: bool = True

    @classmethod
    def read(cls, data: Mapping[str, Any], path: str, problems: Problems) -> _HandFields:
        """Read ``tiles_left``, ``drawn``, ``blanks`` (whole numbers ≥ 0), then
        ``double_blank`` and ``marker`` (true or false), in that order."""
        fields = cls()
        fields.tiles_left = fields._count(data, "tiles_left", path, problems)
        fields.drawn = fields._count(data, "drawn", path, problems)
        fields.blanks = fields._count(data, "blanks", path, problems)
        fields.double_blank = fields._flag(data, "double_blank", path, problems)
        fields.marker = fields._flag(data, "marker", path, problems)
        return fields

    def _count(self, data: Mapping[str, Any], key: str, path: str, problems: Problems) -> int | None:
        value = data.get(key)
        if value is None:
            return None
        if not is_int(value) or value < 0:
            problems.error(f"{path}.{key}", "bad_value", _COUNT_WORDS.get(key, _count_words)())
            self.ok = False
            return None
        return int(value)

    def _flag(self, data: Mapping[str, Any], key: str, path: str, problems: Problems) -> bool:
        value = data.get(key, False)
        if not isinstance(value, bool):
            problems.error(f"{path}.{key}", "bad_value", _FLAG_WORDS.get(key, _flag_words)())
            self.ok = False
            return False
        return value


def parse_tiles(
    value: Any, path: str, table: Table, engine: Tile | None, problems: Problems
) -> tuple[Tile, ...] | None:
    """Read a hand's ``tiles``: each a tile of the set, not the engine, listed once.

    :return: the tiles, or ``None`` (``bad_value``, ``tiles_not_in_set``,
        ``engine_in_hand``, ``tile_repeated`` recorded).
    """
    if not isinstance(value, list):
        problems.error(path, "bad_value", tr('tiles must be a list such as ["6-5", "2-1"].'))
        return None
    tiles: list[Tile] = []
    seen: set[Tile] = set()
    bad = False
    for i, text in enumerate(value):
        where = f"{path}[{i}]"
        try:
            tile = Tile.parse(text) if isinstance(text, str) else None
        except TileError:
            tile = None
        if tile is None:
            problems.error(where, "bad_value", tr("%(text)r is not a tile; write it as 6-5.", text=text))
            bad = True
        elif tile not in table.set:
            problems.error(where, "tiles_not_in_set", tr("%(tile)s is not in a double-%(set)s set.", tile=tile, set=table.set_n),
                           tile=str(tile))
            bad = True
        elif tile == engine:
            problems.error(where, "engine_in_hand", tr("%(tile)s is the engine of this round.", tile=tile), tile=str(tile))
            bad = True
        elif tile in seen:
            problems.error(where, "tile_repeated", tr("%(tile)s is listed twice.", tile=tile), tile=str(tile))
            bad = True
        else:
            tiles.append(tile)
            seen.add(tile)
    return None if bad else tuple(tiles)


def parse_hand(data: Any, path: str, table: Table, engine: Tile | None, problems: Problems) -> Hand | None:
    """Read one hand of a round.

    :param data: the hand object of a record.
    :param path: its path (``rounds[2].hands.Ben``).
    :param table: the game's table.
    :param engine: the round's engine tile, or ``None``.
    :return: the :class:`~.record.Hand`, or ``None`` (problems recorded:
        ``bad_value``, ``pips_negative``, ``pips_mismatch``, ``engine_in_hand``,
        ``pips_infeasible`` and those of :func:`parse_tiles`).
    """
    if not isinstance(data, Mapping):
        problems.error(path, "bad_value", tr("A hand must be an object with pips or tiles."))
        return None
    keys_ok = True
    for key in data:
        if key not in HAND_KEYS:
            problems.error(f"{path}.{key}", "bad_value", tr("A hand has no field %(key)r.", key=key))
            keys_ok = False
    fields = _HandFields.read(data, path, problems)
    fields.ok = fields.ok and keys_ok
    if "tiles" in data:
        return _listed_hand(data, path, fields, table=table, engine=engine, problems=problems)
    return _pips_hand(data, path, fields, engine=engine, problems=problems)


def _listed_hand(
    data: Mapping[str, Any], path: str, fields: _HandFields, *,
    table: Table, engine: Tile | None, problems: Problems,
) -> Hand | None:
    """A hand given by its tiles; the other fields must agree with them."""
    tiles = parse_tiles(data["tiles"], f"{path}.tiles", table, engine, problems)
    if tiles is None:
        return None
    ok = fields.ok
    pips = sum(t.pips for t in tiles)
    given = data.get("pips")
    if given is not None and given != pips:
        problems.error(f"{path}.pips", "pips_mismatch", trn("The tiles hold %(n)s pip, not %(given)s.",
                                                                "The tiles hold %(n)s pips, not %(given)s.", pips, given=given),
                       pips=pips)
        ok = False
    if fields.tiles_left is not None and fields.tiles_left != len(tiles):
        problems.error(f"{path}.tiles_left", "pips_mismatch",
                       tr("%(listed)s tiles are listed, not %(given)s.", listed=len(tiles), given=fields.tiles_left))
        ok = False
    has_blank = DOUBLE_BLANK in tiles
    if fields.double_blank and not has_blank:
        problems.error(f"{path}.double_blank", "pips_mismatch", tr("The 0-0 is not among the tiles listed."))
        ok = False
    hand = Hand(pips, len(tiles), has_blank, tiles, fields.drawn, fields.marker)
    if fields.blanks is not None and fields.blanks != hand.blank_halves:
        problems.error(f"{path}.blanks", "pips_mismatch",
                       tr("%(listed)s of the tiles listed have a blank half, not %(given)s.", listed=hand.blank_halves,
                          given=fields.blanks))
        ok = False
    return hand if ok else None


def _pips_hand(
    data: Mapping[str, Any], path: str, fields: _HandFields, *, engine: Tile | None, problems: Problems
) -> Hand | None:
    """A hand given by its pips (and optional counts)."""
    pips = data.get("pips")
    if pips is None:
        problems.error(f"{path}.pips", "bad_value", tr("Give the pips left in the hand."))
        return None
    if not is_int(pips):
        problems.error(f"{path}.pips", "bad_value", tr("Pips must be a whole number."))
        return None
    if pips < 0:
        problems.error(f"{path}.pips", "pips_negative", tr("Pips cannot be negative."), pips=pips)
        return None
    if fields.double_blank and engine == DOUBLE_BLANK:
        problems.error(f"{path}.double_blank", "engine_in_hand",
                       tr("The 0-0 is the engine of this round; no hand can hold it."))
        return None
    if fields.double_blank and fields.tiles_left == 0:
        problems.error(f"{path}.double_blank", "pips_infeasible", tr("A hand with no tiles cannot hold the 0-0."))
        return None
    if not fields.ok:
        return None
    return Hand(pips, fields.tiles_left, fields.double_blank, None, fields.drawn, fields.marker, fields.blanks)
