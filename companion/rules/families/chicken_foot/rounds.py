"""Chicken Foot: one round as checked values.

What each player had left (:class:`HandLeft`), the round
(:class:`ChickenFootRound`), its scores (:func:`round_scores`) and the plan
of a round to come (:class:`RoundPlan`: the centre double, the deal, the
boneyard).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ...tiles import Tile
from .rules import Ended, UnheldDouble
from .table import ChickenFootTable

# ---------------------------------------------------------------- one round


@dataclass(frozen=True)
class HandLeft:
    """What one player held when the round ended.

    :ivar pips: the plain pip sum of the tiles left (the 0-0 counts 0 here).
    :ivar tiles_left: tiles left, when known.
    :ivar double_blank: the hand holds the 0-0 (given, or the only way to
        make the pips).
    :ivar tiles: the tiles themselves, when entered one by one.
    :ivar drawn: tiles drawn from the boneyard this round, when kept.
    :ivar blanks: tiles with one blank half (not the 0-0), when kept.
    """

    pips: int
    tiles_left: int | None = None
    double_blank: bool = False
    tiles: tuple[Tile, ...] | None = None
    drawn: int | None = None
    blanks: int | None = None

    @property
    def out(self) -> bool:
        """The player played every tile (0 pips without the 0-0, or no tiles left)."""
        if self.tiles_left is not None:
            return self.tiles_left == 0
        return self.pips == 0 and not self.double_blank

    @property
    def blank_halves(self) -> int:
        """Tiles with one blank half in the hand, the 0-0 aside (0 when not known)."""
        if self.tiles is not None:
            return sum(1 for t in self.tiles if t.low == 0 and t.high != 0)
        return self.blanks or 0

    def as_dict(self) -> dict[str, Any]:
        """The hand as stored in a record."""
        d: dict[str, Any] = {"pips": self.pips}
        if self.tiles is not None:
            d["tiles"] = [str(t) for t in self.tiles]
        if self.tiles_left is not None:
            d["tiles_left"] = self.tiles_left
        if self.double_blank:
            d["double_blank"] = True
        if self.drawn is not None:
            d["drawn"] = self.drawn
        if self.blanks is not None and self.tiles is None:
            d["blanks"] = self.blanks
        return d


@dataclass(frozen=True)
class ChickenFootRound:
    """One checked round.

    :ivar number: 1-based round number.
    :ivar engine: the centre double's suit.
    :ivar dealt: tiles dealt to each player, by name.
    :ivar ended: :class:`Ended`.
    :ivar hands: each player's :class:`HandLeft`, by name, in seat order.
    :ivar ended_on_double: the player who went out did so with a double.
    """

    number: int
    engine: int
    dealt: Mapping[str, int]
    ended: Ended
    hands: Mapping[str, HandLeft]
    ended_on_double: bool = False

    @property
    def went_out(self) -> str | None:
        """Who went out (``None`` when blocked)."""
        return next((n for n, h in self.hands.items() if h.out), None)

    def as_dict(self) -> dict[str, Any]:
        """The round as stored in a record (``dealt`` a number when even)."""
        deals = set(self.dealt.values())
        d: dict[str, Any] = {"engine": self.engine,
                             "dealt": deals.pop() if len(deals) == 1 else dict(self.dealt),
                             "ended": self.ended.value}
        if self.ended_on_double:
            d["ended_on_double"] = True
        d["hands"] = {name: hand.as_dict() for name, hand in self.hands.items()}
        return d


def round_scores(table: ChickenFootTable, rnd: ChickenFootRound) -> dict[str, int]:
    """Points of each player in one round, by name in seat order.

    The player who went out scores 0, plus ``end_on_double_points`` when they
    went out on a double (a house rule, hcherndon); every other player scores
    the pips left, plus ``double_blank_points`` for the 0-0 (50: htfbw,
    Puremco) and ``blank_half_points`` for each other tile with a blank half
    (a 2002 rule page).
    """
    rules = table.rules
    out: dict[str, int] = {}
    for name in table.players:
        hand = rnd.hands[name]
        if hand.out:
            out[name] = rules.end_on_double_points if rnd.ended_on_double else 0
            continue
        points = hand.pips + rules.blank_half_points * hand.blank_halves
        if hand.double_blank:
            points += rules.double_blank_points
        out[name] = points
    return out


@dataclass(frozen=True)
class RoundPlan:
    """What the next-round card shows.

    :ivar number: the round's number (1-based).
    :ivar engine: the centre double's suit (when nobody holds it, see
        :attr:`unheld_double`).
    :ivar dealt: tiles dealt to each player.
    :ivar boneyard: tiles left to draw after the deal (tiles).
    :ivar unheld_double: what the table does when nobody holds the centre
        double: draw for it, open on the next lower one, or deal again.
    :ivar centre_sides: tiles to lay around the centre double first (4 or 6).
    :ivar starter: ``None``: whoever holds the centre double lays it and
        starts (in the first round some tables draw for the start instead).
    """

    number: int
    engine: int
    dealt: int
    boneyard: int
    unheld_double: UnheldDouble
    centre_sides: int
    starter: str | None = None

    def as_dict(self) -> dict[str, Any]:
        """``{"number", "engine", "starter", "dealt", "boneyard", "unheld_double",
        "centre_sides"}``."""
        return {"number": self.number, "engine": self.engine, "starter": self.starter,
                "dealt": self.dealt, "boneyard": self.boneyard,
                "unheld_double": self.unheld_double.value, "centre_sides": self.centre_sides}
