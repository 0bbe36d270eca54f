"""Partnership dominoes: the rules of a table (kind ``partnership``).

The constants of the game (sets, tiles dealt, limits, the pass bonuses), each
rule key's choices, :class:`PartnershipRules` and :func:`parse_rules`, and the
named :data:`PRESETS` (sources in the package docstring).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from enum import StrEnum
from typing import Any

from ...errors import N_, Problems, tr
from ...tiles import double

KIND = "partnership"
"""The record's ``kind`` for this game."""
SETS: tuple[int, ...] = (6, 9)
"""Double-six (most of the Caribbean, Spain, Latin America) and double-nine
(western and central Cuba, Cuban clubs abroad)."""
DEALT: Mapping[int, int] = {6: 7, 9: 10}
"""Tiles dealt to each player, by set: double-six 7 (all 28 dealt, no
boneyard); double-nine 10 (the other 15 stay face down, unused). pagat
*Partnership Dominoes*; pagat *Cuban Dominoes*."""
PLAYERS = 4
"""Seats at a partnership table: two pairs of two."""
MAX_HANDS = 200
"""Hands a game may hold (``too_many_rounds`` beyond): the target ends a game
long before, unless hands keep scoring nothing."""
MAX_NAME = 40
"""Characters in a player's name (``name_too_long`` beyond), as in the rest of
the engine."""
MAX_POINTS = 1000
"""The largest bonus a rule may give (points)."""
MAX_TARGET = 10_000
"""The largest target a table may set (points)."""
MAX_PASS_COUNT = 50
"""The most times one pass bonus may be counted in one hand."""
LEAD_TILE = double(6)
"""The 6-6: whoever holds it leads the first hand (pagat *Partnership Dominoes*)."""
DOUBLE_BLANK = double(0)
"""The 0-0: going out with it is the chuchazo (a Puerto Rican scoring sheet)."""
PASS_POINTS = 25
"""Dominican rule: a play that makes the three others pass (a Dominican table
rule page)."""
LEAD_PASS_POINTS_DOUBLE = 25
"""Dominican rule: the next player cannot answer a lead that was a double."""
LEAD_PASS_POINTS_SINGLE = 50
"""Dominican rule: the next player cannot answer a lead that was not a double."""


# ---------------------------------------------------------------- rule choices


class Direction(StrEnum):
    """Rule ``direction``: the way play goes round the table (default
    counter-clockwise, as in every source of this game). ``players`` stays in
    clockwise seat order; "the next player" and "to the right" follow this."""

    COUNTERCLOCKWISE = "counterclockwise"
    CLOCKWISE = "clockwise"


class FirstLead(StrEnum):
    """Rule ``first_lead``: who leads the first hand of a game."""

    SIX_SIX = "six_six"
    """The holder of 6-6 leads it (pagat *Partnership Dominoes*; a Puerto
    Rican scoring sheet)."""
    SIX_SIX_EVERY_HAND = "six_six_every_hand"
    """The 6-6 leads every hand (the New York Domino League)."""
    DRAWN = "drawn"
    """One player of each pair draws a tile; the higher pair chooses its
    leader (pagat *Cuban Dominoes*, double-nine). The table says who led."""


class NextLeader(StrEnum):
    """Rule ``next_leader``: who leads the hands after the first."""

    RIGHT = "right"
    """The turn to lead passes to the right, any tile (pagat *Partnership
    Dominoes*): the next player in the direction of play."""
    WINNING_TEAM = "winning_team"
    """A member of the pair that won the last hand leads; the pair chooses who
    (pagat *Cuban Dominoes* and *Caribbean Dominoes*)."""


class HandPoints(StrEnum):
    """Rule ``hand_points``: what the pair that won a hand scores (pips)."""

    LOSING_TEAM = "losing_team"
    """The pips left in both opponents' hands; their own are ignored (pagat)."""
    ALL_HANDS = "all_hands"
    """The pips left in all hands, partner's included (Puerto Rico)."""
    DIFFERENCE = "difference"
    """The losers' pips less their own, never below 0 (a Cuban double-nine
    scorer, ArtsDominos, for a tranque)."""


class BlockedPoints(StrEnum):
    """Rule ``blocked_points``: what the winners of a tranque score."""

    SAME = "same"
    """As ``hand_points`` says (default)."""
    LOSING_TEAM = "losing_team"
    ALL_HANDS = "all_hands"
    """Both pairs' pips (a Puerto Rican implementation in code)."""
    DIFFERENCE = "difference"


class BlockedWinner(StrEnum):
    """Rule ``blocked_winner``: which pair wins a tranque."""

    TEAM_TOTAL = "team_total"
    """The pair with fewer pips together (pagat)."""
    LOWEST_PLAYER = "lowest_player"
    """The pair of the single player holding fewest pips (Jamaica; eastern
    Cuba). When the lowest hands are in both pairs, it is a tie."""
    LOCKER_VS_NEXT = "locker_vs_next"
    """The player who made the last play compares hands with the next
    player; the lower wins, a tie goes to the locker (a Dominican table rule)."""


class BlockedTie(StrEnum):
    """Rule ``blocked_tie``: a tranque the winner rule leaves tied."""

    NOBODY = "nobody"
    """Nobody scores; the next player leads the next hand (pagat; the
    international norm of a Spanish rules leaflet)."""
    LEADER_TEAM = "leader_team"
    """The pair that led the hand wins it (a local norm, libreonline)."""
    REPLAY = "replay"
    """The hand is played again, by the same leader; it scores nothing (the
    New York Domino League)."""


class PassBonus(StrEnum):
    """Rule ``pass_bonus``: the Dominican pass bonuses, or none."""

    NONE = "none"
    DOMINICAN = "dominican"
    """25 for a play that makes all three others pass; to the leader's pair
    when the next player cannot answer the lead: 25 if the lead was a double,
    50 if not (a Dominican table rule page)."""


class Ended(StrEnum):
    """How a hand ended (a round's ``ended``)."""

    DOMINO = "domino"
    """A player played their last tile."""
    BLOCKED = "blocked"
    """Nobody could play: a tranque."""


class BonusKind(StrEnum):
    """A bonus event of a hand (a round's ``bonuses[].kind``)."""

    CAPICUA = "capicua"
    """Going out with a tile that could be played at either open end; never
    with a double."""
    CHUCHAZO = "chuchazo"
    """Going out with the 0-0."""
    PASS = "pass"
    """A play that made all three others pass (``count`` times)."""
    LEAD_PASS = "lead_pass"
    """The player after the leader could not answer the lead."""
    HAND_BONUS = "hand_bonus"
    """The bonus for winning one of the first hands of a game; worked out by
    the engine (a record may carry it; it is checked, never added twice)."""


class ItemKind(StrEnum):
    """One line of a hand's points (:class:`ScoreItem`)."""

    PIPS = "pips"
    HAND_BONUS = "hand_bonus"
    BLOCKED_BONUS = "blocked_bonus"
    CAPICUA = "capicua"
    CHUCHAZO = "chuchazo"
    PASS = "pass"
    LEAD_PASS = "lead_pass"


class LeadHow(StrEnum):
    """How the leader of the next hand is found (:class:`LeadPlan`)."""

    SIX_SIX_HOLDER = "six_six_holder"
    """Whoever holds 6-6 leads it."""
    DRAW = "draw"
    """One of each pair draws a tile; the higher pair chooses its leader."""
    PLAYER = "player"
    """The rule names the player (:attr:`LeadPlan.leader`)."""
    TEAM_CHOOSES = "team_chooses"
    """The pair that won the last hand chooses which of them leads."""
    REPLAY = "replay"
    """The tied hand is played again by the same leader."""


class GameStatus(StrEnum):
    """A game's ``status`` in the derived record."""

    IN_PROGRESS = "in_progress"
    FINISHED = "finished"


# ---------------------------------------------------------------- the rules


@dataclass(frozen=True)
class PartnershipRules:
    """The rules in play for one partnership game; each field is a rule key of
    a record's ``rules`` with its default (the rules brief, section 1).

    :ivar direction: :class:`Direction`; counter-clockwise.
    :ivar first_lead: :class:`FirstLead`; the 6-6 holder.
    :ivar next_leader: :class:`NextLeader`; to the right.
    :ivar hand_points: :class:`HandPoints`; the losing pair's pips.
    :ivar blocked_winner: :class:`BlockedWinner`; the lower pair total.
    :ivar blocked_points: :class:`BlockedPoints`; as ``hand_points``.
    :ivar blocked_tie: :class:`BlockedTie`; nobody scores.
    :ivar target_score: the total that wins the game (points); 100.
    :ivar hand_bonuses: points added to the winners of the 1st, 2nd, … hand
        of a game (points; none after the list); ``()``.
    :ivar capicua_points: points for going out with a capicúa; 0 (not played).
    :ivar chuchazo_points: points for going out with the 0-0; 0 (not played).
    :ivar pass_bonus: :class:`PassBonus`; none.
    :ivar blocked_bonus: points added to the winners of a tranque; 0.
    """

    direction: Direction = Direction.COUNTERCLOCKWISE
    first_lead: FirstLead = FirstLead.SIX_SIX
    next_leader: NextLeader = NextLeader.RIGHT
    hand_points: HandPoints = HandPoints.LOSING_TEAM
    blocked_winner: BlockedWinner = BlockedWinner.TEAM_TOTAL
    blocked_points: BlockedPoints = BlockedPoints.SAME
    blocked_tie: BlockedTie = BlockedTie.NOBODY
    target_score: int = 100
    hand_bonuses: tuple[int, ...] = ()
    capicua_points: int = 0
    chuchazo_points: int = 0
    pass_bonus: PassBonus = PassBonus.NONE
    blocked_bonus: int = 0

    @property
    def tranque_points(self) -> HandPoints:
        """What the winners of a tranque score, ``blocked_points`` resolved."""
        if self.blocked_points is BlockedPoints.SAME:
            return self.hand_points
        return HandPoints(self.blocked_points.value)

    def as_dict(self) -> dict[str, Any]:
        """Every rule with its value, as JSON (``hand_bonuses`` a list)."""
        return {f.name: _plain(getattr(self, f.name)) for f in fields(self)}

    def changed(self) -> dict[str, Any]:
        """Only the rules that differ from the defaults (what a record stores)."""
        base = PartnershipRules()
        return {f.name: _plain(getattr(self, f.name)) for f in fields(self)
                if getattr(self, f.name) != getattr(base, f.name)}


def _plain(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


_CHOICES: Mapping[str, type[StrEnum]] = {
    "direction": Direction,
    "first_lead": FirstLead,
    "next_leader": NextLeader,
    "hand_points": HandPoints,
    "blocked_winner": BlockedWinner,
    "blocked_points": BlockedPoints,
    "blocked_tie": BlockedTie,
    "pass_bonus": PassBonus,
}
_NUMBERS: Mapping[str, tuple[int, int]] = {
    "target_score": (1, MAX_TARGET),
    "capicua_points": (0, MAX_POINTS),
    "chuchazo_points": (0, MAX_POINTS),
    "blocked_bonus": (0, MAX_POINTS),
}
RULE_KEYS: frozenset[str] = frozenset(f.name for f in fields(PartnershipRules))
"""Every rule key a partnership record's ``rules`` may hold."""


def parse_rules(data: Any, problems: Problems, path: str = "rules") -> PartnershipRules:
    """Read a record's ``rules`` object; keys left out take their defaults.

    :param data: the ``rules`` object (``None`` for all defaults).
    :param problems: where refusals go: ``unknown_rule`` for a key this game
        does not know, ``bad_value`` for a value out of its choices or range.
    :param path: the object's path in the record.
    :return: the rules; a refused key keeps its default.
    """
    if data is None:
        return PartnershipRules()
    if not isinstance(data, Mapping):
        problems.error(path, "bad_value", tr("The rules must be an object of rule names and values."))
        return PartnershipRules()
    values: dict[str, Any] = {}
    for key, value in data.items():
        where = f"{path}.{key}"
        if key not in RULE_KEYS:
            problems.error(where, "unknown_rule", tr("This game has no such rule."))
        elif key in _CHOICES:
            choice = _CHOICES[key]
            if isinstance(value, str) and value in choice._value2member_map_:
                values[key] = choice(value)
            else:
                # the choices stay out of the sentence: their names are not players' words
                problems.error(where, "bad_value", tr("This rule takes one of its listed choices."),
                               choices=[member.value for member in choice])
        elif key in _NUMBERS:
            least, most = _NUMBERS[key]
            if _is_int(value) and least <= value <= most:
                values[key] = int(value)
            else:
                problems.error(where, "bad_value", tr(
                    "Give a whole number from %(least)s to %(most)s.", least=least, most=most))
        else:  # hand_bonuses
            bonuses = _parse_hand_bonuses(value, where, problems)
            if bonuses is not None:
                values[key] = bonuses
    return PartnershipRules(**values)


def _parse_hand_bonuses(value: Any, path: str, problems: Problems) -> tuple[int, ...] | None:
    if (isinstance(value, list) and len(value) <= 20
            and all(_is_int(v) and 0 <= v <= MAX_POINTS for v in value)):
        return tuple(int(v) for v in value)
    problems.error(path, "bad_value", tr(
        "Give the points for the first hands in order, each a whole number from 0 to %(most)s "
        "(at most 20 hands).", most=MAX_POINTS))
    return None


@dataclass(frozen=True)
class Preset:
    """A named set of rules a table picks on the start page.

    :ivar name: the preset's key (``"puerto_rico_500"``).
    :ivar title: its name for players (English template; translate where shown).
    :ivar set_n: N of the double-N set it is played with (6 or 9).
    :ivar rules: the rules in play.
    :ivar source: what the preset follows (a public rule page, by what it is).
    """

    name: str
    title: str
    set_n: int
    rules: PartnershipRules
    source: str


PRESETS: Mapping[str, Preset] = {
    p.name: p for p in (
        Preset("common", N_("Partnership, to 100"), 6, PartnershipRules(),
               "the pagat page Partnership Dominoes"),
        Preset("cuban", N_("Cuban double-nine, to 100"), 9,
               PartnershipRules(first_lead=FirstLead.DRAWN, next_leader=NextLeader.WINNING_TEAM),
               "the pagat page Cuban Dominoes"),
        Preset("dominican", N_("Dominican, to 200"), 6,
               PartnershipRules(target_score=200, capicua_points=25, pass_bonus=PassBonus.DOMINICAN),
               "a Dominican table rule page and a Dominican scoring guide"),
        Preset("puerto_rico_500", N_("Puerto Rican 500"), 6,
               PartnershipRules(target_score=500, hand_points=HandPoints.ALL_HANDS,
                                blocked_points=BlockedPoints.ALL_HANDS, hand_bonuses=(100, 75, 50, 25),
                                capicua_points=100, chuchazo_points=100),
               "a Puerto Rican scoring sheet and a Puerto Rican implementation in code"),
    )
}
"""The presets of the rules brief, by name: the common rules (losing pair's
pips, to 100); Cuban double-nine (to 100, the winning pair leads); Dominican
(to 200, capicúa 25 and the pass bonuses); Puerto Rican 500 (all hands,
100/75/50/25 for the first four hands, capicú 100, chuchazo 100)."""


def preset(name: str) -> Preset:
    """The preset called ``name``.

    :raises KeyError: for a name not in :data:`PRESETS`.
    """
    return PRESETS[name]


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
