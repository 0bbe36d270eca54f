"""All Fives (and Muggins, Sniff, Five Up): one player's pips left sent from
their own phone, checked before the scorekeeper saves the hand, as the pad
checks them.

The winner's bonus of a hand is worked out from the pips left in the other
hands (rules-families.md section 2: pagat's All Fives, rounding to the
nearest five), so each player may send their own pips left, or their tiles.
The hand is read as the pad's hand is read (:func:`~..counts.read_hands`):
pips a whole number, no more than the tiles left can carry nor than a
double-six set holds (168), real tiles, and no tile in two of the hands sent
so far. Rule sources: pagat's All Fives (the rules brief of the domino
families, section 2).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...errors import Problems, RecordError
from ..counts import read_hands
from .game import AllFivesGame

_TOGETHER = frozenset({"tile_repeated"})
"""Codes about the hands together (a tile in two hands)."""


def check_seat_hand(game: Any, name: str, hand: Any, out: bool,
                    sent: Mapping[str, tuple[Any, bool]]) -> None:
    """Check ``name``'s hand left at the end of the hand being played, with
    the hands ``sent`` so far.

    :param game: the game as it stands, as the kinds table reads it
        (:class:`~companion.rules.family_counts.CountsGame`: its ``rounds``,
        the hands so far, and ``inner``, the :class:`.AllFivesGame`; the hand
        to come is the next one).
    :param name: the player sending (one of the game's players).
    :param hand: their hand left (``{"pips": 8}``, ``{"tiles": ["6-2"]}``,
        ``{"pips": 8, "tiles_left": 1}``; ``{"pips": 0, "tiles_left": 0}``
        when out), pips in pips.
    :param out: they went out (their hand is then empty; not checked further).
    :param sent: the other players' hands so far: ``{name: (hand, out)}``.
    :raises RecordError: the problems of this hand, at paths
        ``rounds[n].hands.<name>…`` (``bad_value``, ``pips_negative``,
        ``pips_infeasible``: more than 168 pips, or than the tiles left can
        carry; ``tiles_not_in_set``, ``pips_mismatch``), and ``tile_repeated``
        when a tile is in another hand sent.
    """
    del out  # a hand out is empty: read as any other
    inner: AllFivesGame = game.inner
    number = len(game.rounds) + 1
    path = f"rounds[{number - 1}].hands"
    others = {n: h for n, (h, _) in sent.items() if n != name and n in inner.seating.players}
    problems = Problems()
    read_hands({**others, name: hand}, path, inner.seating, problems)
    mine = f"{path}.{name}"
    kept = [p for p in problems.errors
            if p.path == mine or p.path.startswith((mine + ".", mine + "[")) or p.code in _TOGETHER]
    if kept:
        raise RecordError(kept, [])


__all__ = ["check_seat_hand"]
