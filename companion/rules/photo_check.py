"""Checking the tiles read from a photo of a hand before the table confirms them.

The pip counter (``companion.photo``) answers what it saw; the engine says
whether those tiles can be a hand of this round: every tile in the set
(rules-brief.md §1), not the round's engine double (it starts the hub, it is
in nobody's hand: rules-brief.md §3), and no tile twice, neither in the photo
nor in another hand of the same round (a set holds each tile once).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from companion.rules.errors import Problem, tr
from companion.rules.tiles import DominoSet, Tile, TileError, double


def check_photo_tiles(
    tiles: Iterable[str],
    set_n: int,
    engine: int | None = None,
    others: Mapping[str, Iterable[str]] | None = None,
) -> list[Problem]:
    """Check tiles read from a photo against the set, the engine and the round.

    :param tiles: the tiles read, ``"a-b"`` (either order).
    :param set_n: the set, double-``set_n`` (6, 9, 12, 15 or 18).
    :param engine: the suit of this round's engine double, or ``None`` (no
        engine: the classic games, or not known).
    :param others: tiles already listed in other hands of the round, by player
        name (a name of ``""`` for tiles whose hand is not known).
    :return: the problems, each at ``tiles[i]``: ``tiles_not_in_set`` (a half
        beyond the set's largest suit, or not a tile), ``engine_in_hand`` (the
        engine double), ``tile_repeated`` (twice in the photo, or in another
        hand). Empty when the tiles can be this hand.
    """
    problems: list[Problem] = []
    the_set = DominoSet(set_n)
    engine_tile = double(engine) if engine is not None else None
    held: dict[Tile, str] = {}
    for player, listed in (others or {}).items():
        for text in listed:
            try:
                held.setdefault(Tile.parse(text), player)
            except TileError:
                continue
    seen: set[Tile] = set()
    for i, text in enumerate(tiles):
        path = f"tiles[{i}]"
        try:
            tile = Tile.parse(text)
        except TileError:
            problems.append(Problem(path, "tiles_not_in_set", tr("%(tile)s is not a tile.", tile=text),
                                    {"tile": text}))
            continue
        name = str(tile)
        if tile not in the_set:
            problems.append(Problem(
                path, "tiles_not_in_set",
                tr("%(tile)s is not in a double-%(n)s set: read it again or fix it.", tile=name, n=set_n),
                {"tile": name, "n": set_n}))
        elif tile == engine_tile:
            problems.append(Problem(
                path, "engine_in_hand",
                tr("%(tile)s is the engine of this round: it cannot be in a hand.", tile=name),
                {"tile": name}))
        elif tile in seen:
            problems.append(Problem(path, "tile_repeated",
                                    tr("%(tile)s was read twice.", tile=name), {"tile": name}))
        elif tile in held:
            who = held[tile]
            message = (tr("%(tile)s is already in %(player)s's hand.", tile=name, player=who) if who
                       else tr("%(tile)s is already in another hand.", tile=name))
            problems.append(Problem(path, "tile_repeated", message, {"tile": name, "player": who}))
        seen.add(tile)
    return problems


__all__ = ["check_photo_tiles"]
