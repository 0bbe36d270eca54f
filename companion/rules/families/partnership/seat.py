"""Partnership dominoes: one player's hand checked alone, as a player's own
phone sends it before the hand is saved (the whole hand is checked again,
four hands together, when the scorekeeper saves it: :func:`.check_hand`).

The hand is read as in a record (pips, or tiles of the set, at most the
tiles dealt: 7 from a double-six, 10 from a double-nine, pagat Partnership
and pagat Cuban) and must be one that tiles of the set can make; the 6-6 is
on the table when it was led this hand (the first hand, or every hand with
``six_six_every_hand``), so it is in no hand (rules-families.md section 1,
"What it can check").
"""

from __future__ import annotations

from typing import Any

from ...errors import Problems, RecordError, tr
from .game import PartnershipGame
from .hand import HandLeft
from .reading import _Pool, _read_left
from .rules import LEAD_TILE
from .words import _infeasible_words


def check_seat_hand(game: PartnershipGame, name: str, data: Any) -> HandLeft:
    """Check ``name``'s hand of the next hand, alone.

    :param game: the game so far.
    :param name: one of the game's four players.
    :param data: the hand object of a record (``{"pips": 12, "tiles_left": 2}``
        or ``{"tiles": ["5-4", "2-1"]}``).
    :return: the hand read.
    :raises RecordError: ``game_finished``; ``unknown_player``; at
        ``hands.<name>…``: ``bad_value``, ``pips_negative``,
        ``pips_infeasible``, ``tiles_not_in_set``, ``tile_repeated``,
        ``deal_exceeds_set``.
    """
    problems = Problems()
    plan = game.next_lead()
    table = game.table
    if plan is None:
        problems.error("", "game_finished", tr("The game is over: no round is left to enter."))
        raise RecordError(problems.errors, [])
    if name not in table.players:
        problems.error("hands", "unknown_player", tr("%(name)s does not play in this game.", name=name))
        raise RecordError(problems.errors, [])
    path = f"hands.{name}"
    left = _read_left(data, path, table, problems)
    if left is not None:
        led = {LEAD_TILE} if plan.six_six_led else set()
        if left.tiles is not None and LEAD_TILE in left.tiles and plan.six_six_led:
            problems.error(f"{path}.tiles", "tile_repeated", tr(
                "The 6-6 was led this hand, so it is on the table, not in %(name)s's hand.", name=name),
                tile=str(LEAD_TILE))
        elif left.tiles is None and not left.empty:
            pool = _Pool.of(t for t in table.set.tiles if t not in led)
            if not pool.can_hold(left.pips, left.tiles_left, table.dealt):
                problems.error(f"{path}.pips", "pips_infeasible", _infeasible_words(left, table.dealt),
                               pips=left.pips)
    if problems.errors or left is None:
        raise RecordError(problems.errors, [])
    return left
