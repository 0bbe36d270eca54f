"""Fives and Threes: the game and its entry point.

:class:`FivesThreesGame` (the hands so far, adding a hand, the standings, the
totals, the winners, who leads next, the peg board) and :func:`read_game`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from ...errors import Problems, tr
from ..counts import Seating, read_seating
from ..pegging import PegBoard, PegMove, Standing, peg_board, standings
from .hand import HandResult, _read_hand, pegs_so_far
from .rules import KIND, FivesThreesRules, read_rules


@dataclass(frozen=True)
class FivesThreesGame:
    """A game of Fives and Threes, every hand checked.

    :ivar seating: players, teams and direction.
    :ivar rules: the rules in play.
    :ivar hands: the hands so far.
    """

    seating: Seating
    rules: FivesThreesRules
    hands: tuple[HandResult, ...] = ()
    _winner: str | None = field(default=None, repr=False)

    @property
    def target(self) -> int:
        """The game's target, in points."""
        return self.rules.target_score

    @property
    def totals(self) -> dict[str, int]:
        """Each side's total, in points."""
        out = {s: 0 for s in self.seating.sides}
        for h in self.hands:
            for s, v in h.scores.items():
                out[s] += v
        return out

    @property
    def finished(self) -> bool:
        """A side has reached the target (the game stops at that score)."""
        return self._winner is not None

    @property
    def winners(self) -> tuple[str, ...]:
        """The side that reached the target, once finished; ``()`` before."""
        return (self._winner,) if self._winner is not None else ()

    def standings(self) -> tuple[Standing, ...]:
        """The sides from the highest total down; ties share a rank."""
        return standings(self.totals, {s: self.seating.members(s) for s in self.seating.sides})

    @property
    def next_leader(self) -> str | None:
        """Who leads the next hand: the lead passes to the left (the next seat
        in the direction of play) from the last hand's leader; ``None`` for the
        first hand (by lot) and once the game is over (pagat)."""
        if self.finished or not self.hands:
            return None
        return self.seating.next_player(self.hands[-1].leader)

    def moves(self) -> tuple[PegMove, ...]:
        """Every score of the game in order, pegged or struck."""
        return tuple(m for h in self.hands for m in h.pegs)

    def peg_board(self) -> PegBoard:
        """Both pegs of every side and the latest score (an overshoot comes
        back struck), for the board drawing; holes: the target."""
        return peg_board(self.moves(), self.seating.sides, self.target)

    def live_board(self, data: Any) -> PegBoard:
        """The peg board while a hand is being played: the pegs after the
        hands so far and the hand's scoring plays so far (``data``:
        ``{"leader"?, "plays"}``), each pegged as the saved hand will peg it
        (holes: the target, in points).

        :raises RecordError: a play refused, or one after the target was reached.
        """
        return peg_board((*self.moves(), *self.pegs_so_far(data)), self.seating.sides, self.target)

    def pegs_so_far(self, data: Any) -> tuple[PegMove, ...]:
        """The moves of the scoring plays so far of the hand being played
        (``data``: ``{"leader"?, "plays"}``), one per play in order, pegged
        or struck (points in points).

        :raises RecordError: a play refused, or one after the target was reached.
        """
        return pegs_so_far(self, data)

    def add_hand(self, data: Any, path: str | None = None) -> FivesThreesGame:
        """Check the next hand and return the game with it.

        :param data: the round object (``leader``, ``plays`` or ``in_play``,
            ``ended``, ``out``; optional ``dealt``, ``hands``, ``bonuses``).
        :param path: the path prefix of problems (``rounds[<n>]`` by default).
        :raises RecordError: with section 3's codes (``count_impossible``,
            ``count_not_scoring``, ``points_mismatch``, ``lead_count_mismatch``,
            ``bonus_not_allowed``, ``game_finished``, ``nobody_out``,
            ``several_out``, ``out_but_blocked``, and the reading codes of
            :mod:`.counts`).
        """
        where = path if path is not None else f"rounds[{len(self.hands)}]"
        problems = Problems()
        if self.finished:
            problems.error(where, "game_finished", tr("The game is over: no more hands."))
            problems.raise_if_any()
        hand, winner = _read_hand(self, data, where, problems)
        problems.raise_if_any()
        assert hand is not None
        return replace(self, hands=(*self.hands, hand), _winner=winner)


def read_game(record: Mapping[str, Any]) -> FivesThreesGame:
    """Read and check a whole ``fives_threes`` game record.

    :return: the game, every hand checked and scored.
    :raises RecordError: the first problems found (the record's own, or those
        of the first hand that fails).
    """
    problems = Problems()
    if not isinstance(record, Mapping):
        problems.error("", "bad_value", tr("A game record is a JSON object."))
        problems.raise_if_any()
    if record.get("kind", KIND) != KIND:
        problems.error("kind", "unknown_kind", tr("This is not a game of Fives and Threes."))
    if record.get("set", 6) != 6:
        problems.error("set", "unknown_set", tr("Fives and Threes is played with a double-six set."))
    rules = read_rules(record.get("rules"), problems)
    seating = read_seating(record, problems, least=2, most=4, teams="optional", direction=rules.direction)
    rounds = record.get("rounds", [])
    if not isinstance(rounds, list):
        problems.error("rounds", "bad_value", tr("The hands are a list."))
    problems.raise_if_any()
    assert seating is not None
    game = FivesThreesGame(seating, rules)
    for data in rounds:
        game = game.add_hand(data)
    return game
