"""All Fives and its cousins: one hand as checked values, and what it scores.

A scoring play with its points (:class:`Play`), the winner's bonus
(:class:`Bonus`, :func:`hand_bonus`), the hand (:class:`HandResult`), the
fields a round may hold, and each count checked (:func:`check_count`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ...errors import Problems, tr
from ..counts import Ending, PlayEntry, Seating, round_to_five
from ..pegging import PegMove
from .rules import AllFivesRules, BlockedTie, HandBonus

# ---------------------------------------------------------------- a hand


@dataclass(frozen=True)
class Play:
    """A scoring play with its points worked out.

    :ivar entry: the play as entered.
    :ivar points: what the count scores, in the game's unit.
    :ivar side: who is credited (the scorer's side).
    """

    entry: PlayEntry
    points: int
    side: str


@dataclass(frozen=True)
class Bonus:
    """The winner's bonus for a hand.

    :ivar sides: who scores it (two sides when tied players share it).
    :ivar pips: the losers' pips counted (less the winner's own with
        ``difference_rounded``), before rounding, in pips.
    :ivar rounded: after rounding, in pips.
    :ivar points: what each side of ``sides`` scores, in the game's unit.
    """

    sides: tuple[str, ...]
    pips: int
    rounded: int
    points: int


@dataclass(frozen=True)
class HandResult:
    """One hand, checked and scored.

    :ivar number: 1 for the first hand.
    :ivar leader: who led it.
    :ivar plays: the scoring plays (empty with ``in_play``).
    :ivar in_play: points each player made during the hand, in the game's unit
        (a claimed score counts for the claimer).
    :ivar ended: how it ended.
    :ivar out: who went out, or ``None``.
    :ivar pips: the pips left in each hand given, in pips.
    :ivar bonus: the winner's bonus, or ``None`` (a tie nobody wins, no bonus rule,
        or a hand stopped at the target).
    :ivar pegs: every score of the hand in order, pegged or struck.
    :ivar scores: what each side added this hand, in the game's unit (a round's
        ``scores`` by player, or ``team_scores`` by team name).
    :ivar winners: the sides that won the hand (:func:`hand_winners`), or ``()``.
    """

    number: int
    leader: str
    plays: tuple[Play, ...]
    in_play: Mapping[str, int]
    ended: Ending
    out: str | None
    pips: Mapping[str, int]
    bonus: Bonus | None
    pegs: tuple[PegMove, ...]
    scores: Mapping[str, int]
    winners: tuple[str, ...] = ()


ROUND_KEYS = frozenset({"leader", "dealt", "plays", "in_play", "ended", "out", "hands", "bonuses"})


def check_count(count: int, rules: AllFivesRules, path: str, problems: Problems) -> bool:
    """Check one scoring play's count (brief section 2, "What it can check").

    :param count: the count, in pips (0 or more).
    :return: ``True`` when the count can show and scores. Problems:
        ``count_impossible`` (past what the layout can show, or past the
        highest scoring count: 20 without a spinner, 35 with one),
        ``count_not_scoring`` (not a multiple of five, or 0).
    """
    shown = rules.spinners.most_shown
    if shown is not None and count > shown:
        problems.error(path, "count_impossible",
                       tr("No layout of this game shows a count of %(count)s.", count=count), count=count)
        return False
    if count < 5 or count % 5:
        problems.error(path, "count_not_scoring",
                       tr("A count of %(count)s scores nothing: only multiples of five score.",
                          count=count), count=count)
        return False
    return True


def hand_winners(rules: AllFivesRules, seating: Seating, ended: Ending, out: str | None,
                 pips: Mapping[str, int]) -> tuple[str, ...]:
    """Who won a hand (pagat All Fives, "hand bonus"): the side of the player
    out, or in a block the side with the fewest pips (a team counts both
    hands). Nobody when every side is tied, when two tie and ``blocked_tie``
    is ``nobody``, or when the hand stopped at the target.

    :param pips: pips left by player (the player out has 0).
    :return: the winning sides (two when tied players share), or ``()``.
    """
    if ended is Ending.TARGET:
        return ()
    if ended is Ending.DOMINO:
        assert out is not None
        return (seating.side_of(out),)
    side_pips = {s: sum(pips.get(p, 0) for p in seating.members(s)) for s in seating.sides}
    least = min(side_pips.values())
    winners = tuple(s for s in seating.sides if side_pips[s] == least)
    if len(winners) == len(side_pips) or (len(winners) > 1 and rules.tie_rule(len(side_pips)) is BlockedTie.NOBODY):
        return ()
    return winners


def hand_bonus(rules: AllFivesRules, seating: Seating, ended: Ending, out: str | None,
               pips: Mapping[str, int]) -> Bonus | None:
    """The winner's bonus of a hand (brief section 2, ``hand_bonus``).

    The winner is :func:`hand_winners`'s; with ``blocked_tie: share`` the
    tied sides share the bonus (each gets the rounded bonus divided by their
    number, rounded down to a whole point — AF-5: 20 shared by two is 10 each).

    :param pips: pips left by player (every player a rule needs; the player out has 0).
    :return: the bonus, or ``None`` when nobody scores one.
    """
    if rules.hand_bonus is HandBonus.NONE or ended is Ending.TARGET:
        return None
    winners = hand_winners(rules, seating, ended, out, pips)
    if not winners:
        return None
    side_pips = {s: sum(pips.get(p, 0) for p in seating.members(s)) for s in seating.sides}
    if ended is Ending.DOMINO:
        side_pips[winners[0]] = sum(pips.get(p, 0) for p in seating.members(winners[0]) if p != out)
    losers = [p for p in seating.players if all(p not in seating.members(w) for w in winners)]
    raw = sum(pips[p] for p in losers)
    if rules.hand_bonus is HandBonus.EACH_HAND_ROUNDED:
        rounded = sum(round_to_five(pips[p], rules.rounding) for p in losers)
    elif rules.hand_bonus is HandBonus.DIFFERENCE_ROUNDED:
        raw = max(raw - side_pips[winners[0]], 0)
        rounded = round_to_five(raw, rules.rounding)
    else:
        rounded = round_to_five(raw, rules.rounding)
    return Bonus(winners, raw, rounded, rules.points(rounded) // len(winners))
