"""Partnership dominoes: one hand as checked values.

What each player had left (:class:`HandLeft`), a bonus claimed
(:class:`Bonus`), the hand (:class:`PartnershipHand`), the items it scores
(:class:`ScoreItem`, :class:`HandResult`) and who leads it (:class:`LeadPlan`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ...tiles import Tile
from .rules import BonusKind, Ended, ItemKind, LeadHow
from .table import Teams

# ---------------------------------------------------------------- one hand


@dataclass(frozen=True)
class HandLeft:
    """What one player held when the hand ended.

    :ivar pips: pips left (pips).
    :ivar tiles_left: tiles left, when known (tiles).
    :ivar tiles: the tiles themselves, when entered one by one.
    """

    pips: int
    tiles_left: int | None = None
    tiles: tuple[Tile, ...] | None = None

    @property
    def empty(self) -> bool:
        """The player played every tile. Only the 0-0 carries no pips, so
        0 pips is an empty hand unless one tile or more is said to be left."""
        if self.tiles_left is not None:
            return self.tiles_left == 0
        return self.pips == 0

    def as_dict(self) -> dict[str, Any]:
        """The hand as stored in a record."""
        d: dict[str, Any] = {"pips": self.pips}
        if self.tiles is not None:
            d["tiles"] = [str(t) for t in self.tiles]
        if self.tiles_left is not None:
            d["tiles_left"] = self.tiles_left
        return d


@dataclass(frozen=True)
class Bonus:
    """A bonus event recorded for a hand.

    :ivar kind: :class:`BonusKind` (never ``hand_bonus``: that one is derived).
    :ivar team: 0 or 1, the pair it goes to.
    :ivar points: what it is worth under the rules in play (points).
    :ivar player: the player whose play earned it, when the record names one.
    :ivar count: how many times it happened (a pass bonus; else 1).
    :ivar double: a lead pass: the lead was a double.
    """

    kind: BonusKind
    team: int
    points: int
    player: str | None = None
    count: int = 1
    double: bool | None = None

    def as_dict(self, teams: Teams) -> dict[str, Any]:
        """The event as stored in a record (``team`` by the pair's name)."""
        d: dict[str, Any] = {"kind": self.kind.value, "team": teams.names[self.team],
                             "points": self.points}
        if self.player is not None:
            d["player"] = self.player
        if self.count != 1:
            d["count"] = self.count
        if self.double is not None:
            d["double"] = self.double
        return d


@dataclass(frozen=True)
class PartnershipHand:
    """One checked hand (a round of the record).

    :ivar number: 1-based hand number in the game.
    :ivar leader: who played the first tile.
    :ivar ended: :class:`Ended`.
    :ivar out: who played their last tile (``None`` in a tranque).
    :ivar hands: each player's :class:`HandLeft`, by name, in seat order.
    :ivar locked_by: who made the last play of a tranque, when recorded.
    :ivar bonuses: the bonus events (:class:`Bonus`).
    :ivar last_tile: the last tile played, when recorded.
    """

    number: int
    leader: str
    ended: Ended
    out: str | None
    hands: Mapping[str, HandLeft]
    locked_by: str | None = None
    bonuses: tuple[Bonus, ...] = ()
    last_tile: Tile | None = None

    def pips_of(self, team: Sequence[str]) -> int:
        """Pips left in the hands of ``team``'s players (pips)."""
        return sum(self.hands[name].pips for name in team)

    def as_dict(self, teams: Teams) -> dict[str, Any]:
        """The hand as stored in a record (a round object)."""
        d: dict[str, Any] = {"leader": self.leader, "ended": self.ended.value}
        if self.out is not None:
            d["out"] = self.out
        d["hands"] = {name: hand.as_dict() for name, hand in self.hands.items()}
        if self.locked_by is not None:
            d["locked_by"] = self.locked_by
        if self.bonuses:
            d["bonuses"] = [b.as_dict(teams) for b in self.bonuses]
        if self.last_tile is not None:
            d["last_tile"] = str(self.last_tile)
        return d


@dataclass(frozen=True)
class ScoreItem:
    """One line of a hand's points.

    :ivar kind: :class:`ItemKind`.
    :ivar team: 0 or 1, the pair it goes to.
    :ivar points: points.
    """

    kind: ItemKind
    team: int
    points: int


@dataclass(frozen=True)
class HandResult:
    """A hand's outcome.

    :ivar winner: 0 or 1, the pair that won the hand; ``None`` for a tranque
        left tied (nobody scores its pips).
    :ivar points: points each pair scores this hand (pair 0, pair 1).
    :ivar items: where the points come from, in order.
    :ivar team_pips: pips left in each pair's hands (pips).
    :ivar replay: the hand is void and is played again (``blocked_tie: replay``).
    """

    winner: int | None
    points: tuple[int, int]
    items: tuple[ScoreItem, ...]
    team_pips: tuple[int, int]
    replay: bool = False


@dataclass(frozen=True)
class LeadPlan:
    """Who leads the next hand, for the next-hand card.

    :ivar number: the hand's number (1-based).
    :ivar how: :class:`LeadHow`.
    :ivar leader: the player the rule names (``how`` is ``player`` or
        ``replay``), else ``None``.
    :ivar team: the pair that chooses its leader (``team_chooses``), else ``None``.
    :ivar six_six_led: the 6-6 is led this hand (the first hand, or every
        hand with ``six_six_every_hand``): no hand can hold it at the end.
    """

    number: int
    how: LeadHow
    leader: str | None = None
    team: int | None = None
    six_six_led: bool = False

    def as_dict(self, teams: Teams) -> dict[str, Any]:
        """``{"number", "how", "leader", "team"}`` (``team`` by name or ``None``)."""
        return {"number": self.number, "how": self.how.value, "leader": self.leader,
                "team": None if self.team is None else teams.names[self.team]}
