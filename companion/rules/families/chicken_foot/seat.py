"""Chicken Foot: one player's hand sent from their own phone, checked before
the round is saved, as the tablet would check it.

The hand is checked with the hands the other players sent so far for the
same round, as a round of those players alone: the round's centre double out
of every hand, the deal of the whole table, real tiles of the set, no tile in
two hands, one 0-0 at most. Players who sent nothing yet are left out, so the
check never refuses a hand the whole round could hold. Rule sources: the
package's (the rules brief of the domino families, section 5).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ...errors import RecordError
from .game import ChickenFootGame, check_round

_TOGETHER = frozenset({"tile_repeated", "double_blank_twice", "hands_infeasible"})
"""Codes about the hands together (they name no single hand)."""


def check_seat_hand(game: ChickenFootGame, name: str, hand: Any, out: bool,
                    sent: Mapping[str, tuple[Any, bool]]) -> None:
    """Check ``name``'s hand of the next round with the hands ``sent`` so far.

    :param game: the game as it stands (the round to come is the next one).
    :param name: the player sending (one of ``game.table.players``).
    :param hand: their hand object (``{"pips": 23, "tiles_left": 3}``,
        ``{"tiles": ["9-8"]}``; ``{"pips": 0, "tiles_left": 0}`` when out).
    :param out: they went out.
    :param sent: the other players' hands so far: ``{name: (hand, out)}``.
    :raises RecordError: the problems of this hand (paths
        ``rounds[n].hands.<name>…``: ``pips_infeasible``, ``engine_in_hand``,
        ``tiles_not_in_set``…) and of the hands together (``tile_repeated``,
        ``double_blank_twice``); ``game_finished`` after the 0-0 round.
    """
    table = game.table
    others = {n: v for n, v in sent.items() if n != name and n in table.players}
    hands = {n: h for n, (h, _) in others.items()}
    hands[name] = hand
    some_out = out or any(o for _, o in others.values())
    present = tuple(n for n in table.players if n in hands)
    alone = ChickenFootGame(replace(table, players=present), game.rounds)
    data = {"hands": {n: hands[n] for n in present}, "ended": "domino" if some_out else "blocked",
            "dealt": table.dealt}
    number = len(game.rounds) + 1
    try:
        check_round(alone, data, number)
    except RecordError as exc:
        mine = f"rounds[{number - 1}].hands.{name}"
        kept = [p for p in exc.errors if p.path == mine or p.path.startswith((mine + ".", mine + "["))
                or p.code in _TOGETHER or p.code == "game_finished"]
        if kept:
            raise RecordError(kept, []) from None
