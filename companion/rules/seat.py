"""One seat's hand, checked alone: what a player's own phone sends.

A player enters their own hand at the end of a round (companion/phones/links.py).
Before the scorekeeper saves the round, the engine checks that hand by itself:
the fields are read as in a game record (:func:`~.read_hand.parse_hand`) and
the hand must be one that tiles of the set can make, with the round's engine
out of play and no more tiles than were dealt and could be drawn
(:func:`~.joint.check_hands` with this hand alone). The whole round is checked
again when it is saved, hands together (:func:`~.game.check_round`).
Rule sources: as :mod:`.read_hand` and :mod:`.joint` (docs/sources.md).
"""

from __future__ import annotations

from typing import Any, Protocol

from companion.rules.errors import Problems, RecordError, tr
from companion.rules.family_game import FamilyTable
from companion.rules.joint.hands import check_hands
from companion.rules.record.document import Hand, Table
from companion.rules.record.read_hand import parse_hand
from companion.rules.schedule import RoundPlan
from companion.rules.tiles import Tile


class PlayedGame(Protocol):
    """What :func:`check_seat_hand` reads of a game: a :class:`~.game.Game`,
    or a stored game's view that answers as one."""

    @property
    def table(self) -> Table | FamilyTable: ...

    def next_round(self) -> RoundPlan | None: ...


def check_seat_hand(game: PlayedGame, name: str, data: Any) -> Hand:
    """Check one player's hand of the next round, alone.

    :param game: the game, as read (:func:`~.game.read_game`).
    :param name: the player (one of ``game.table.players``).
    :param data: the hand object of a game record: ``{"pips": 23,
        "tiles_left": 3, "double_blank": true}`` or ``{"tiles": ["6-5", "2-1"]}``
        (pips, tiles).
    :return: the checked :class:`~.record.Hand` (the 0-0 inferred where only
        it can make the pips).
    :raises RecordError: ``bad_value`` for a kind the phones cannot enter yet
        (:attr:`~.kinds.KindSpec.on_pages`); ``game_finished`` when no round is left; ``unknown_player``;
        a hand's problems at ``hands.<name>…`` (``bad_value``, ``pips_negative``,
        ``pips_infeasible``, ``tiles_not_in_set``, ``engine_in_hand``,
        ``too_many_tiles``, ``drawn_exceeds_boneyard``…).
    """
    problems = Problems()
    if not isinstance(game.table, Table):  # a kind read by its own module: no phone entry yet
        problems.error("", "bad_value", tr("Hands of this kind of game cannot be sent from a phone yet."))
        raise RecordError(problems.errors, [])
    plan = game.next_round()
    if plan is None:
        problems.error("", "game_finished", tr("The game is over: no round is left to enter."))
        raise RecordError(problems.errors, [])
    if name not in game.table.players:
        problems.error("hands", "unknown_player", tr("%(name)s does not play in this game.", name=name))
        raise RecordError(problems.errors, [])
    engine = Tile(plan.engine, plan.engine) if plan.engine is not None else None
    hand = parse_hand(data, f"hands.{name}", game.table, engine, problems)
    if hand is not None:
        checked = check_hands(game.table, engine, {name: plan.dealt}, {name: hand}, "", problems)
        if checked is not None:
            hand = checked[name]
    if problems.errors or hand is None:
        raise RecordError(problems.errors, [])
    return hand


__all__ = ["check_seat_hand"]
