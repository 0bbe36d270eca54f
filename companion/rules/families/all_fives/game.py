"""All Fives and its cousins: the game and its entry point.

:class:`AllFivesGame` (the hands so far, adding a hand, the standings, the
totals, the winners, who leads next, the peg board) and :func:`read_game`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from ...errors import Problems, tr
from ..counts import Seating, read_seating
from ..pegging import PegBoard, PegMove, Standing, peg_board, reached, standings
from .hand import HandResult
from .reading import _read_hand, pegs_so_far
from .rules import KIND, AllFivesRules, FirstLead, WinCheck, read_rules


@dataclass(frozen=True)
class AllFivesGame:
    """A game of the All Fives family, every hand checked.

    :ivar seating: players, teams and direction.
    :ivar rules: the rules in play.
    :ivar hands: the hands so far, in order.
    """

    seating: Seating
    rules: AllFivesRules
    hands: tuple[HandResult, ...] = ()
    _winners: tuple[str, ...] = field(default=(), repr=False)

    @property
    def target(self) -> int:
        """The game's target, in its unit (points or fives)."""
        return self.rules.target(len(self.seating.players))

    @property
    def totals(self) -> dict[str, int]:
        """Each side's total, in the game's unit."""
        out = {s: 0 for s in self.seating.sides}
        for h in self.hands:
            for s, v in h.scores.items():
                out[s] += v
        return out

    @property
    def finished(self) -> bool:
        """The game is over (a side reached the target)."""
        return bool(self._winners)

    @property
    def winners(self) -> tuple[str, ...]:
        """The winning side(s) once finished; ``()`` before. With ``win_check:
        immediate`` the first to reach the target; with ``hand_end`` the highest
        total (equal totals share the win)."""
        return self._winners

    def standings(self) -> tuple[Standing, ...]:
        """The sides from the highest total down; ties share a rank."""
        return standings(self.totals, {s: self.seating.members(s) for s in self.seating.sides})

    @property
    def next_leader(self) -> str | None:
        """Who leads the next hand: whoever went out in the last hand; ``None``
        when the table decides (the first hand, after a block — by lot — or
        with ``first_lead: highest_double``, or when the game is over)."""
        if self.finished or not self.hands or self.rules.first_lead is FirstLead.HIGHEST_DOUBLE:
            return None
        return self.hands[-1].out

    def moves(self) -> tuple[PegMove, ...]:
        """Every score of the game in order, pegged or struck."""
        return tuple(m for h in self.hands for m in h.pegs)

    def peg_board(self) -> PegBoard:
        """Both pegs of every side and the latest score, for the board drawing
        (holes: the target, in the game's unit)."""
        return peg_board(self.moves(), self.seating.sides, self.target)

    def live_board(self, data: Any) -> PegBoard:
        """The peg board while a hand is being played: the pegs after the
        hands so far and the hand's scoring plays so far (``data``:
        ``{"leader"?, "plays"}``), each pegged as the saved hand will peg it
        (holes: the target, in the game's unit).

        :raises RecordError: a play refused, or one after the target was reached.
        """
        return peg_board((*self.moves(), *self.pegs_so_far(data)), self.seating.sides, self.target)

    def pegs_so_far(self, data: Any) -> tuple[PegMove, ...]:
        """The moves of the scoring plays so far of the hand being played
        (``data``: ``{"leader"?, "plays"}``), one per play in order, pegged
        or struck (points in the game's unit).

        :raises RecordError: a play refused, or one after the target was reached.
        """
        return pegs_so_far(self, data)

    def add_hand(self, data: Any, path: str | None = None) -> AllFivesGame:
        """Check the next hand and return the game with it.

        :param data: the round object (``leader``, ``plays`` or ``in_play``,
            ``ended``, ``out``, ``hands``, optional ``dealt``, ``bonuses``).
        :param path: the path prefix of problems (``rounds[<n>]`` by default).
        :raises RecordError: with the codes of section 2's checks
            (``count_not_scoring``, ``count_impossible``, ``points_mismatch``,
            ``lead_count_mismatch``, ``bonus_not_allowed``, ``game_finished``,
            ``nobody_out``, ``several_out``, ``out_but_blocked``,
            ``missing_hand``, and the reading codes of :mod:`.counts`).
        """
        where = path if path is not None else f"rounds[{len(self.hands)}]"
        problems = Problems()
        if self.finished:
            problems.error(where, "game_finished", tr("The game is over: no more hands."))
            problems.raise_if_any()
        hand, winner = _read_hand(self, data, where, problems)
        problems.raise_if_any()
        assert hand is not None
        winners = winner
        if not winners and self.rules.win_check is WinCheck.HAND_END:
            after = {s: self.totals[s] + hand.scores.get(s, 0) for s in self.seating.sides}
            done = [s for s, t in after.items() if reached(t, self.target, self.rules.exact_target)]
            if done:
                best = max(after[s] for s in done)
                winners = tuple(s for s in done if after[s] == best)
        return replace(self, hands=(*self.hands, hand), _winners=winners)


def read_game(record: Mapping[str, Any]) -> AllFivesGame:
    """Read and check a whole ``all_fives`` game record.

    :param record: the game record (``players``, optional ``teams``,
        ``rules``, ``rounds``; ``kind`` and ``set`` checked when present).
    :return: the game, every hand checked and scored.
    :raises RecordError: the first problems found (the record's own, or those
        of the first hand that fails).
    """
    problems = Problems()
    if not isinstance(record, Mapping):
        problems.error("", "bad_value", tr("A game record is a JSON object."))
        problems.raise_if_any()
    _check_kind(record, problems)
    rules = read_rules(record.get("rules"), problems)
    seating = read_seating(record, problems, least=2, most=4, teams="optional",
                           direction=rules.direction)
    rounds = record.get("rounds", [])
    if not isinstance(rounds, list):
        problems.error("rounds", "bad_value", tr("The hands are a list."))
    problems.raise_if_any()
    assert seating is not None
    game = AllFivesGame(seating, rules)
    for data in rounds:
        game = game.add_hand(data)
    return game


def _check_kind(record: Mapping[str, Any], problems: Problems) -> None:
    if record.get("kind", KIND) != KIND:
        problems.error("kind", "unknown_kind", tr("This is not a game of the All Fives family."))
    if record.get("set", 6) != 6:
        problems.error("set", "unknown_set", tr("The All Fives family is played with a double-six set."))
