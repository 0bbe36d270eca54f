"""The end of a hand for the scoring-during-play families.

How it ended (:class:`Ending`, :func:`read_ending`), what each player held
(:class:`HandLeft`, :func:`read_hands`), the tiles dealt (:func:`read_dealt`)
and who went out (:func:`read_out`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from ...errors import Problems, tr
from ...tiles import Tile
from .plays import _read_tile
from .seats import Seating, read_player
from .values import DOUBLE_SIX, is_whole

# ---------------------------------------------------------------- the end of a hand


class Ending(StrEnum):
    """How a hand stopped (``rounds[].ended``)."""

    DOMINO = "domino"
    """Someone laid his last tile (in Fives and Threes pairs: both partners)."""
    BLOCKED = "blocked"
    """Nobody could play."""
    TARGET = "target"
    """The hand stopped at the play that reached the game's target."""


@dataclass(frozen=True)
class HandLeft:
    """What one player held when the hand ended.

    :ivar pips: the pips left, in pips.
    :ivar tiles: the tiles, when entered one by one.
    :ivar drawn: tiles taken from the boneyard during the hand, when given.
    """

    pips: int
    tiles: tuple[Tile, ...] | None = None
    drawn: int | None = None


HAND_KEYS = frozenset({"pips", "tiles", "tiles_left", "drawn"})


def read_hands(raw: Any, path: str, seating: Seating, problems: Problems,
               laid: Sequence[Tile] = ()) -> dict[str, HandLeft]:
    """Read ``hands`` (what each player held at the end) for a double-six set.

    :param laid: tiles the plays say were laid (none may be held as well).
    :return: ``{player: HandLeft}`` for the hands given (readable ones only).
        Problems: ``bad_value``, ``unknown_player``, ``pips_negative``,
        ``tiles_not_in_set``, ``tile_repeated``, ``pips_mismatch`` (pips and
        tiles that disagree), ``pips_infeasible`` (more pips than the tiles
        left can carry, or than a double-six set holds).
    """
    if raw is None:
        return {}
    if not isinstance(raw, Mapping):
        problems.error(path, "bad_value", tr("Give what each player held at the end, by name."))
        return {}
    out: dict[str, HandLeft] = {}
    seen: set[Tile] = set(laid)
    for name, hand in raw.items():
        where = f"{path}.{name}"
        if read_player(name, where, seating, problems) is None:
            continue
        if not isinstance(hand, Mapping):
            problems.error(where, "bad_value", tr("Give the pips left, or the tiles."))
            continue
        left = _read_hand_left(hand, where, seen, problems)
        if left is not None:
            out[name] = left
    return out


def _read_hand_left(hand: Mapping[str, Any], where: str, seen: set[Tile],
                    problems: Problems) -> HandLeft | None:
    """One player's hand of :func:`read_hands` (``seen``: the tiles laid or
    held before it, its own added); ``None`` when it is refused."""
    for k in hand:
        if k not in HAND_KEYS:
            problems.error(f"{where}.{k}", "bad_value", tr("A hand has no field %(key)r.", key=k))
    ok, tiles = _read_held_tiles(hand, where, seen, problems)
    if not ok:
        return None
    pips = _read_hand_pips(hand, where, tiles, problems)
    if pips is None or not _pips_can_be_held(hand, where, pips, problems):
        return None
    drawn = hand.get("drawn")
    if drawn is not None and not (is_whole(drawn) and 0 <= drawn <= DOUBLE_SIX.size):
        problems.error(f"{where}.drawn", "bad_value", tr("Give how many tiles were drawn."))
        drawn = None
    return HandLeft(pips, tiles, drawn)


def _read_held_tiles(hand: Mapping[str, Any], where: str, seen: set[Tile],
                     problems: Problems) -> tuple[bool, tuple[Tile, ...] | None]:
    """A hand's ``tiles``: ``(True, None)`` when not given, ``(False, None)``
    when refused; a tile already counted is ``tile_repeated``."""
    if hand.get("tiles") is None:
        return True, None
    raw_tiles = hand["tiles"]
    if not isinstance(raw_tiles, list):
        problems.error(f"{where}.tiles", "bad_value", tr("List the tiles, as 6-4."))
        return False, None
    read = [_read_tile(t, f"{where}.tiles[{j}]", problems) for j, t in enumerate(raw_tiles)]
    if any(t is None for t in read):
        return False, None
    tiles = tuple(t for t in read if t is not None)
    for j, t in enumerate(tiles):
        if t in seen:
            problems.error(f"{where}.tiles[{j}]", "tile_repeated",
                           tr("%(tile)s is counted twice.", tile=str(t)), tile=str(t))
        seen.add(t)
    return True, tiles


def _read_hand_pips(hand: Mapping[str, Any], where: str, tiles: tuple[Tile, ...] | None,
                    problems: Problems) -> int | None:
    """A hand's pips: as given (matching its tiles when both are), else the
    tiles' pips; ``None`` when refused or when neither is given."""
    pips = hand.get("pips")
    if pips is not None:
        if not is_whole(pips):
            problems.error(f"{where}.pips", "bad_value", tr("Pips are a whole number."))
            return None
        if pips < 0:
            problems.error(f"{where}.pips", "pips_negative", tr("Pips cannot be negative."))
            return None
        if tiles is not None and pips != sum(t.pips for t in tiles):
            problems.error(f"{where}.pips", "pips_mismatch",
                           tr("These tiles carry %(tiles)s pips, not %(pips)s.",
                              tiles=sum(t.pips for t in tiles), pips=pips))
            return None
        whole: int = pips
        return whole
    if tiles is not None:
        return sum(t.pips for t in tiles)
    problems.error(where, "bad_value", tr("Give the pips left, or the tiles."))
    return None


def _pips_can_be_held(hand: Mapping[str, Any], where: str, pips: int, problems: Problems) -> bool:
    """The hand's ``tiles_left`` is a count of a double-six set that can carry
    ``pips``, and the set holds that many; ``False`` (a problem added) if not."""
    left = hand.get("tiles_left")
    if left is not None and not (is_whole(left) and 0 <= left <= DOUBLE_SIX.size):
        problems.error(f"{where}.tiles_left", "bad_value", tr("Give how many tiles were left."))
        return False
    if left is not None and pips > _most_pips(left):
        problems.error(f"{where}.pips", "pips_infeasible",
                       tr("%(n)s tiles cannot carry %(pips)s pips.", n=left, pips=pips))
        return False
    if pips > DOUBLE_SIX.total_pips:
        problems.error(f"{where}.pips", "pips_infeasible",
                       tr("A double-six set holds only %(most)s pips.", most=DOUBLE_SIX.total_pips))
        return False
    return True


def _most_pips(tiles: int) -> int:
    """The most pips ``tiles`` tiles of a double-six set can carry."""
    return sum(sorted((t.pips for t in DOUBLE_SIX.tiles), reverse=True)[:tiles])


def read_dealt(raw: Any, path: str, seating: Seating, default: Mapping[int, int],
               problems: Problems) -> dict[str, int]:
    """Tiles dealt to each player this hand: the round's ``dealt`` (a number,
    or an object by player), else ``default`` for this many players.

    :return: ``{player: tiles}``. Problems: ``bad_value``, ``unknown_player``,
        ``deal_exceeds_set`` (more tiles dealt than a double-six set holds).
    """
    n = len(seating.players)
    base = default.get(n, DOUBLE_SIX.size // n)
    out = {p: base for p in seating.players}
    if raw is None:
        return out
    if is_whole(raw) and raw >= 1:
        out = {p: raw for p in seating.players}
    elif isinstance(raw, Mapping):
        for name, v in raw.items():
            if read_player(name, f"{path}.{name}", seating, problems) is None:
                continue
            if not (is_whole(v) and v >= 1):
                problems.error(f"{path}.{name}", "bad_value", tr("Give how many tiles were dealt."))
                continue
            out[name] = v
    else:
        problems.error(path, "bad_value", tr("Give how many tiles were dealt to each player."))
        return out
    if sum(out.values()) > DOUBLE_SIX.size:
        problems.error(path, "deal_exceeds_set",
                       tr("A double-six set has only %(size)s tiles.", size=DOUBLE_SIX.size))
    return out


def read_out(raw: Any, path: str, seating: Seating, problems: Problems) -> tuple[str, ...] | None:
    """Who went out (``rounds[].out``): a name, or a list of names.

    :return: the names, or ``None`` with ``bad_value``/``unknown_player`` added.
    """
    names = raw if isinstance(raw, list) else [raw]
    if not names:
        problems.error(path, "bad_value", tr("Say who went out."))
        return None
    out: list[str] = []
    for i, name in enumerate(names):
        where = f"{path}[{i}]" if isinstance(raw, list) else path
        player = read_player(name, where, seating, problems)
        if player is None:
            return None
        if player in out:
            problems.error(where, "bad_value", tr("%(name)s is named twice.", name=player))
            return None
        out.append(player)
    return tuple(out)


def read_ending(raw: Any, path: str, problems: Problems) -> Ending | None:
    """``rounds[].ended`` as an :class:`Ending`, or ``None`` with ``bad_value``."""
    if isinstance(raw, str) and raw in {e.value for e in Ending}:
        return Ending(raw)
    problems.error(path, "bad_value",
                   tr("Say how the hand ended: domino (someone went out), blocked, or at the target."))
    return None
