"""The scoring plays of a hand (``rounds[].plays``).

:class:`PlayEntry` (one play as the scorekeeper entered it),
:func:`read_plays` and :func:`read_in_play`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ...errors import Problems, tr
from ...tiles import Tile, TileError
from .seats import Seating, read_player
from .values import DOUBLE_SIX, is_whole

# ---------------------------------------------------------------- scoring plays


PLAY_KEYS = frozenset({"player", "count", "tile", "points", "claimed_by", "lead", "last_tile"})
"""The fields of one scoring play (``rounds[].plays[]``)."""


@dataclass(frozen=True)
class PlayEntry:
    """One scoring play as the scorekeeper entered it (before the game's rules
    are applied).

    :ivar index: its place in the hand's ``plays`` (0-based, as in the path).
    :ivar player: who laid the tile.
    :ivar count: the count after the play, in pips.
    :ivar tile: the tile laid, when given.
    :ivar points: the points typed with it, when given (checked, never trusted).
    :ivar claimed_by: the opponent who claimed the score the player missed
        (a muggins claim), or ``None``.
    :ivar lead: this play is the hand's first tile (only then is the count
        held to what one tile shows).
    :ivar last_tile: the player laid his last tile with this play (Fives and
        Threes pegs the chip-out point together with it).
    """

    index: int
    player: str
    count: int
    tile: Tile | None = None
    points: int | None = None
    claimed_by: str | None = None
    lead: bool = False
    last_tile: bool = False

    @property
    def scorer(self) -> str:
        """Who is credited with the play's points: the claimer, else the player."""
        return self.claimed_by or self.player


def read_plays(
    raw: Any, path: str, seating: Seating, leader: str | None, problems: Problems, *, claims: bool
) -> list[PlayEntry] | None:
    """Read a hand's ``plays`` (scoring events, in order).

    Checks the shape only; each family checks the counts. ``lead: true`` is
    allowed on the first listed play only, by the hand's leader.

    :param path: the path of the list (``"rounds[0].plays"``).
    :param leader: the hand's leader, when known.
    :param claims: muggins claims (``claimed_by``) are allowed at this table.
    :return: the plays, or ``None`` when the list itself is unreadable.
        Problems: ``bad_value``, ``unknown_player``, ``tiles_not_in_set``,
        ``tile_repeated``, ``count_impossible`` (a negative count).
    """
    if not isinstance(raw, list):
        problems.error(path, "bad_value", tr("List the scoring plays in the order they were made."))
        return None
    out: list[PlayEntry] = []
    tiles_seen: dict[Tile, int] = {}
    for i, item in enumerate(raw):
        where = f"{path}[{i}]"
        if not isinstance(item, Mapping):
            problems.error(where, "bad_value", tr("A scoring play is a player and a count."))
            continue
        entry = _read_play(item, i, where, seating, leader, problems, claims, tiles_seen)
        if entry is not None:
            out.append(entry)
    return out


def _read_play(item: Mapping[str, Any], i: int, where: str, seating: Seating, leader: str | None,
               problems: Problems, claims: bool, tiles_seen: dict[Tile, int]) -> PlayEntry | None:
    """One scoring play of :func:`read_plays` (``tiles_seen``: the tiles laid
    before it, this one added); ``None`` when its player or count is refused."""
    unknown = [k for k in item if k not in PLAY_KEYS]
    for k in unknown:
        problems.error(f"{where}.{k}", "bad_value", tr("A scoring play has no field %(key)r.", key=k))
    player = read_player(item.get("player"), f"{where}.player", seating, problems)
    raw_count = item.get("count")
    count: int | None = raw_count if is_whole(raw_count) else None
    if count is None:
        problems.error(f"{where}.count", "bad_value", tr("The count is a whole number of pips."))
    elif count < 0:
        problems.error(f"{where}.count", "count_impossible", tr("A count cannot be negative."))
        count = None
    tile: Tile | None = None
    if item.get("tile") is not None:
        tile = _read_tile(item["tile"], f"{where}.tile", problems)
        if tile is not None:
            if tile in tiles_seen:
                problems.error(f"{where}.tile", "tile_repeated",
                               tr("%(tile)s was already laid in this hand.", tile=str(tile)),
                               tile=str(tile))
            tiles_seen[tile] = i
    points = item.get("points")
    if points is not None and not (is_whole(points) and points >= 0):
        problems.error(f"{where}.points", "bad_value", tr("Points are a whole number, 0 or more."))
        points = None
    claimed_by = _read_claim(item.get("claimed_by"), where, seating, player, problems, claims)
    flags = _read_play_flags(item, i, where, leader, player, problems)
    if player is None or count is None:
        return None
    return PlayEntry(i, player, count, tile, points, claimed_by, flags["lead"], flags["last_tile"])


def _read_claim(claimed_by: Any, where: str, seating: Seating, player: str | None,
                problems: Problems, claims: bool) -> str | None:
    """A play's ``claimed_by``: an opponent of ``player`` claiming a score he
    missed, at a table that allows muggins claims; else ``None``."""
    if claimed_by is None:
        return None
    if not claims:
        problems.error(f"{where}.claimed_by", "bad_value",
                       tr("Muggins claims are off at this table."))
        return None
    claimant = read_player(claimed_by, f"{where}.claimed_by", seating, problems)
    if claimant is not None and player is not None and (
            seating.side_of(claimant) == seating.side_of(player)):
        problems.error(f"{where}.claimed_by", "bad_value",
                       tr("Only an opponent of %(player)s can claim a score %(player)s missed.",
                          player=player), player=player)
        return None
    return claimant


def _read_play_flags(item: Mapping[str, Any], i: int, where: str, leader: str | None,
                     player: str | None, problems: Problems) -> dict[str, bool]:
    """A play's ``lead`` and ``last_tile`` (``False`` when not given or
    refused); only the first play, by the hand's leader, may lead."""
    flags = {}
    for flag in ("lead", "last_tile"):
        value = item.get(flag, False)
        if not isinstance(value, bool):
            problems.error(f"{where}.{flag}", "bad_value", tr("Write true or false."))
            value = False
        flags[flag] = value
    if flags["lead"] and i != 0:
        problems.error(f"{where}.lead", "bad_value",
                       tr("Only the first play listed can be the hand's first tile."))
        flags["lead"] = False
    if flags["lead"] and leader is not None and player is not None and player != leader:
        problems.error(f"{where}.lead", "bad_value",
                       tr("%(leader)s led this hand, not %(player)s.", leader=leader, player=player),
                       leader=leader, player=player)
    return flags


def _read_tile(value: Any, path: str, problems: Problems) -> Tile | None:
    try:
        tile = Tile.parse(value) if isinstance(value, str) else None
    except TileError:
        tile = None
    if tile is None:
        problems.error(path, "bad_value", tr("Write a tile as 6-4."))
        return None
    if tile not in DOUBLE_SIX:
        problems.error(path, "tiles_not_in_set",
                       tr("%(tile)s is not in a double-six set.", tile=str(tile)), tile=str(tile))
        return None
    return tile


def read_in_play(raw: Any, path: str, seating: Seating, problems: Problems) -> dict[str, int] | None:
    """Read a hand's quick ``in_play`` totals: points each player scored during
    the hand, in the game's unit (a player left out scored 0).

    :return: ``{player: points}`` for every player, or ``None`` when unreadable.
        Problems: ``bad_value``, ``unknown_player``.
    """
    if not isinstance(raw, Mapping):
        problems.error(path, "bad_value", tr("Give each player's points made during the hand."))
        return None
    out = {p: 0 for p in seating.players}
    for name, value in raw.items():
        if read_player(name, f"{path}.{name}", seating, problems) is None:
            continue
        if not (is_whole(value) and value >= 0):
            problems.error(f"{path}.{name}", "bad_value", tr("Points are a whole number, 0 or more."))
            continue
        out[name] = value
    return out
