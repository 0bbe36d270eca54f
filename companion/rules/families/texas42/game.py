"""Texas 42: the game and its entry point.

:class:`Texas42Game` (the hands so far, adding a hand, the standings, the
totals in marks, the winners, the next shaker and bidder), :func:`read_game`,
and :func:`all_tally` (marks drawn as the strokes of ALL).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from ...errors import Problems, tr
from ..counts import Seating, read_player, read_seating
from ..pegging import Standing, standings
from .hand import HandResult, _read_hand
from .rules import ALL_STROKES, KIND, Texas42Rules, read_rules


@dataclass(frozen=True)
class Texas42Game:
    """A game of 42, every hand checked.

    :ivar seating: the four players and two teams.
    :ivar rules: the rules in play.
    :ivar first_shaker: who shook the first hand.
    :ivar hands: the hands so far.
    """

    seating: Seating
    rules: Texas42Rules
    first_shaker: str
    hands: tuple[HandResult, ...] = field(default=())

    @property
    def totals(self) -> dict[str, int]:
        """Marks of each team (by team name)."""
        out = {s: 0 for s in self.seating.sides}
        for h in self.hands:
            for s, v in h.marks.items():
                out[s] += v
        return out

    @property
    def winners(self) -> tuple[str, ...]:
        """The team that reached ``target_marks``, once there; ``()`` before."""
        return tuple(s for s, m in self.totals.items() if m >= self.rules.target_marks)

    @property
    def finished(self) -> bool:
        """A team has the game's marks: no hand follows."""
        return bool(self.winners)

    def standings(self) -> tuple[Standing, ...]:
        """The teams by marks, most first; equal marks share a rank."""
        return standings(self.totals, {s: self.seating.members(s) for s in self.seating.sides})

    def shaker(self, number: int) -> str:
        """Who shakes hand ``number`` (1-based): the shake passes clockwise
        (in the direction of play) from ``first_shaker`` each hand (pagat)."""
        return self.seating.next_player(self.first_shaker, number - 1)

    @property
    def next_shaker(self) -> str | None:
        """Who shakes the next hand; ``None`` once the game is over."""
        return None if self.finished else self.shaker(len(self.hands) + 1)

    @property
    def next_bidder(self) -> str | None:
        """Who bids first in the next hand: the shaker's left."""
        shaker = self.next_shaker
        return None if shaker is None else self.seating.next_player(shaker)

    def add_hand(self, data: Any, path: str | None = None) -> Texas42Game:
        """Check the next hand and return the game with it.

        :param data: the round object (``bids`` optional, ``contract`` unless a
            reshake, ``result``, optional ``points`` and ``tricks`` by team name).
        :raises RecordError: with section 4's codes (``bid_out_of_order``,
            ``bid_too_low``, ``bid_not_higher``, ``bid_raise_too_large``,
            ``contract_not_allowed``, ``trick_points_total``,
            ``result_inconsistent``, ``game_finished``), or ``bad_value``.
        """
        where = path if path is not None else f"rounds[{len(self.hands)}]"
        problems = Problems()
        if self.finished:
            problems.error(where, "game_finished", tr("The game is over: no more hands."))
            problems.raise_if_any()
        hand = _read_hand(self, data, where, problems)
        problems.raise_if_any()
        assert hand is not None
        return replace(self, hands=(*self.hands, hand))


def read_game(record: Mapping[str, Any]) -> Texas42Game:
    """Read and check a whole ``texas42`` game record (``players``, ``teams``,
    ``first_shaker``, ``rules``, ``rounds``).

    :raises RecordError: the first problems found.
    """
    problems = Problems()
    if not isinstance(record, Mapping):
        problems.error("", "bad_value", tr("A game record is a JSON object."))
        problems.raise_if_any()
    if record.get("kind", KIND) != KIND:
        problems.error("kind", "unknown_kind", tr("This is not a game of 42."))
    if record.get("set", 6) != 6:
        problems.error("set", "unknown_set", tr("42 is played with a double-six set."))
    rules = read_rules(record.get("rules"), problems)
    seating = read_seating(record, problems, least=4, most=4, teams="required", direction=rules.direction)
    first = None
    if seating is not None:
        first = read_player(record.get("first_shaker"), "first_shaker", seating, problems)
    rounds = record.get("rounds", [])
    if not isinstance(rounds, list):
        problems.error("rounds", "bad_value", tr("The hands are a list."))
    problems.raise_if_any()
    assert seating is not None and first is not None
    game = Texas42Game(seating, rules, first)
    for data in rounds:
        game = game.add_hand(data)
    return game


def all_tally(marks: int) -> tuple[int, int, int]:
    """Marks drawn the way 42 players keep them: the strokes of A, L, L
    (3 + 2 + 2 = 7 marks; forty-two.50megs). 1 mark → (1, 0, 0), 5 → (3, 2, 0),
    7 or more → (3, 2, 2).

    :param marks: a team's marks (0 or more).
    :return: the strokes drawn of each letter.
    """
    left = max(marks, 0)
    out: list[int] = []
    for strokes in ALL_STROKES:
        out.append(min(left, strokes))
        left -= out[-1]
    return out[0], out[1], out[2]
