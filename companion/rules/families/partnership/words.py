"""Partnership dominoes: the words of a refused hand that several checks share."""

from __future__ import annotations

from ...errors import tr, trn
from .hand import HandLeft
from .rules import BonusKind


def _owner_words(kind: BonusKind, team: str) -> str:
    if kind is BonusKind.PASS:
        return tr("A pass bonus goes to the pair of the player who made the others pass: %(team)s.", team=team)
    if kind is BonusKind.LEAD_PASS:
        return tr("This bonus goes to the pair that led the hand: %(team)s.", team=team)
    return tr("This bonus goes to the pair that went out: %(team)s.", team=team)


def _infeasible_words(hand: HandLeft, most: int) -> str:
    if hand.tiles_left is not None:
        return trn("No %(n)s tile of this set holds %(pips)s pips.",
                   "No %(n)s tiles of this set, the ones on the table aside, add up to %(pips)s pips.",
                   hand.tiles_left, pips=hand.pips)
    return trn("No hand of at most %(n)s tile of this set holds %(pips)s pips.",
               "No hand of at most %(n)s tiles of this set adds up to %(pips)s pips.", most, pips=hand.pips)


def _passes_words(dealt: int, name: str, count: int) -> str:
    return trn("Each player plays at most %(n)s tile a hand, so %(name)s made the others pass "
               "at most %(n)s time, not %(count)s.",
               "Each player plays at most %(n)s tiles a hand, so %(name)s made the others pass "
               "at most %(n)s times, not %(count)s.", dealt, name=name, count=count)
