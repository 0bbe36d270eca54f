"""Latin partnership dominoes (kind ``partnership``): a block game in pairs.

Four players in two fixed pairs, partners sitting opposite; play runs
counter-clockwise; double-six (7 tiles each, no boneyard) or double-nine (10
each, the other 15 tiles stay face down, unused). Nobody draws: a player who
cannot play passes. A hand ends when a player plays their last tile (a
*domino*) or when nobody can play (a *tranque*, blocked). The pair that won
the hand scores the pips left in the other pair's hands (or in all hands, or
the difference, as the table's rule says); the first pair to reach the target
wins the game.

Sources (the rules brief of the domino families, section 1; the public pages
below are to be listed in ``docs/sources.md``):

* the pagat page *Partnership Dominoes* (pagat.com/domino/line/partnership.html,
  mirrored at gambiter.com/domino/western/partnership.html): seating, the
  deal, counter-clockwise play, the 6-6 holder leads the first hand, the lead
  passes to the right, the losing pair's pips, a tranque won by the lower pair
  total, a tied tranque scores nobody, game 100;
* the pagat pages *Cuban Dominoes* and *Caribbean Dominoes*: double-nine with
  10 tiles each, the pair that won the last hand leads the next;
* a Puerto Rican scoring sheet (sacitc.blog, "quinientos"), a Puerto Rican
  players' thread and a Puerto Rican implementation in code
  (github.com/abw333/dominoes): game 500, all hands counted, 100/75/50/25 for
  the first four hands, capicú 100, chuchazo 100;
* a Dominican table rule page (dominoesonline.com, rule 1228128405) and a
  Dominican scoring guide (fichaflow.com): capicúa 25, the pass bonuses (25
  for a play that makes the three others pass; 25 or 50 when the lead is not
  answered), game 200;
* a Jamaican rules page (caribbeantrading.com) and an eastern-Cuban article
  (libreonline.com): a tranque won by the pair of the lowest single hand; a
  Spanish rules leaflet (tiendamab.com): a tied tranque has no winner by the
  international norm; the New York Domino League rules (dominohq.com): 6-6
  leads every hand, a tied tranque is replayed.

Entry points for the wiring (a "game kinds as data" table, forms, views, the
sheet PDF):

* :func:`read_game` ``(record, confirm=False) -> PartnershipGame``: read and
  check a whole record (``kind``, ``set``, ``players``, ``teams``, ``rules``,
  ``rounds``); raises :class:`~companion.rules.errors.RecordError`.
* :func:`check_hand` ``(game, data, number, confirm=False) -> PartnershipHand``:
  check one hand to add (``number = len(game.hands) + 1``) or to replace.
* :meth:`PartnershipGame.derived`: the record plus ``rounds[].team_scores``,
  ``rounds[].team_totals``, ``team_standings``, ``status``, ``winners`` and,
  while in progress, ``next_hand`` (who leads). :meth:`PartnershipGame.next_lead`,
  :meth:`~PartnershipGame.team_standings`, :meth:`~PartnershipGame.totals` and
  :attr:`~PartnershipGame.finished` give the same as values.
* :func:`score_hand` ``(table, hand) -> HandResult``: one hand's points by
  pair, with each item (pips, bonuses) for the round form's live totals.
* :data:`PRESETS` (by name: ``common``, ``cuban``, ``dominican``,
  ``puerto_rico_500``), :class:`PartnershipRules` (every rule key with its
  default) and :func:`parse_rules`.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, fields
from enum import StrEnum
from functools import cached_property
from typing import Any

from ..errors import N_, Problems, join_names, tr, trn
from ..tiles import DominoSet, Tile, TileError, double

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


# ---------------------------------------------------------------- the table


@dataclass(frozen=True)
class Teams:
    """The two pairs, as the record gives them.

    :ivar pairs: two pairs of two player names, in the record's order.
    """

    pairs: tuple[tuple[str, str], tuple[str, str]]

    @property
    def names(self) -> tuple[str, str]:
        """Each pair's name: its players joined by ``+`` (``"Ana+Chen"``)."""
        return ("+".join(self.pairs[0]), "+".join(self.pairs[1]))

    def index_of(self, player: str) -> int:
        """0 or 1: the pair of ``player``.

        :raises KeyError: for a name in neither pair.
        """
        for i, pair in enumerate(self.pairs):
            if player in pair:
                return i
        raise KeyError(player)

    def as_list(self) -> list[list[str]]:
        """The record's ``teams``: two lists of two names."""
        return [list(pair) for pair in self.pairs]


@dataclass(frozen=True)
class PartnershipTable:
    """Everything about a partnership game that is fixed before the first hand.

    :ivar set_n: N of the double-N set: 6 or 9.
    :ivar players: the four names in clockwise seat order.
    :ivar teams: the two pairs.
    :ivar rules: the rules in play.
    """

    set_n: int
    players: tuple[str, str, str, str]
    teams: Teams
    rules: PartnershipRules = field(default_factory=PartnershipRules)

    @property
    def dealt(self) -> int:
        """Tiles dealt to each player: 7 (double-six) or 10 (double-nine)."""
        return DEALT[self.set_n]

    @cached_property
    def set(self) -> DominoSet:
        """The domino set in play."""
        return DominoSet(self.set_n)

    def team_of(self, player: str) -> int:
        """0 or 1: the pair ``player`` plays in."""
        return self.teams.index_of(player)

    def next_player(self, player: str) -> str:
        """The player who plays after ``player``: to their right when play
        runs counter-clockwise (the default), to their left otherwise."""
        i = self.players.index(player)
        step = -1 if self.rules.direction is Direction.COUNTERCLOCKWISE else 1
        return self.players[(i + step) % PLAYERS]

    def play_order(self, first: str) -> tuple[str, ...]:
        """The four players in the order they play, from ``first``."""
        order = [first]
        while len(order) < PLAYERS:
            order.append(self.next_player(order[-1]))
        return tuple(order)

    def as_dict(self) -> dict[str, Any]:
        """The record's head: ``kind``, ``set``, ``players``, ``teams``, ``rules``
        (only the rules that differ from the defaults, plus ``direction``)."""
        rules = self.rules.changed()
        rules.setdefault("direction", self.rules.direction.value)
        return {"kind": KIND, "set": self.set_n, "players": list(self.players),
                "teams": self.teams.as_list(), "rules": rules}


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


def hand_winner(table: PartnershipTable, hand: PartnershipHand) -> tuple[int | None, bool]:
    """The pair that won ``hand``, decided by the rules in play.

    A domino: the pair of the player who went out (pagat). A tranque: by
    ``blocked_winner`` (:class:`BlockedWinner`), and a tie by ``blocked_tie``
    (:class:`BlockedTie`).

    :return: ``(winner, replay)``: the winning pair (0 or 1) or ``None``, and
        whether the hand is to be played again.
    """
    if hand.ended is Ended.DOMINO:
        assert hand.out is not None
        return table.team_of(hand.out), False
    rules = table.rules
    pips = tuple(hand.pips_of(pair) for pair in table.teams.pairs)
    winner: int | None
    if rules.blocked_winner is BlockedWinner.TEAM_TOTAL:
        winner = None if pips[0] == pips[1] else (0 if pips[0] < pips[1] else 1)
    elif rules.blocked_winner is BlockedWinner.LOWEST_PLAYER:
        least = min(h.pips for h in hand.hands.values())
        pairs = {table.team_of(n) for n, h in hand.hands.items() if h.pips == least}
        winner = pairs.pop() if len(pairs) == 1 else None
    else:
        assert hand.locked_by is not None
        locker, nxt = hand.locked_by, table.next_player(hand.locked_by)
        lower = locker if hand.hands[locker].pips <= hand.hands[nxt].pips else nxt
        winner = table.team_of(lower)
    if winner is not None:
        return winner, False
    if rules.blocked_tie is BlockedTie.LEADER_TEAM:
        return table.team_of(hand.leader), False
    return None, rules.blocked_tie is BlockedTie.REPLAY


def score_hand(table: PartnershipTable, hand: PartnershipHand) -> HandResult:
    """Points of each pair for one hand.

    The winners score pips by ``hand_points`` (a domino) or ``blocked_points``
    (a tranque): the losing pair's pips (pagat), all four hands (Puerto
    Rico), or the losers' less their own, never below 0. They add the
    ``hand_bonuses`` entry of this hand's number (Puerto Rico 500: 100, 75,
    50, 25 for hands 1–4) and, in a tranque, ``blocked_bonus``. The pair that
    went out adds a capicúa or a chuchazo when recorded; a pass bonus goes to
    the pair of the player who earned it, a lead pass to the leader's pair,
    won or lost (a Dominican table rule page). A replayed hand scores nothing.

    :return: the :class:`HandResult`.
    """
    rules = table.rules
    winner, replay = hand_winner(table, hand)
    team_pips = (hand.pips_of(table.teams.pairs[0]), hand.pips_of(table.teams.pairs[1]))
    if replay:
        return HandResult(None, (0, 0), (), team_pips, replay=True)
    items: list[ScoreItem] = []
    if winner is not None:
        loser = 1 - winner
        mode = rules.hand_points if hand.ended is Ended.DOMINO else rules.tranque_points
        if mode is HandPoints.LOSING_TEAM:
            pips = team_pips[loser]
        elif mode is HandPoints.ALL_HANDS:
            pips = team_pips[0] + team_pips[1]
        else:
            pips = max(team_pips[loser] - team_pips[winner], 0)
        items.append(ScoreItem(ItemKind.PIPS, winner, pips))
        bonus = hand_bonus(rules, hand.number)
        if bonus:
            items.append(ScoreItem(ItemKind.HAND_BONUS, winner, bonus))
        if hand.ended is Ended.BLOCKED and rules.blocked_bonus:
            items.append(ScoreItem(ItemKind.BLOCKED_BONUS, winner, rules.blocked_bonus))
    for event in hand.bonuses:
        items.append(ScoreItem(ItemKind(event.kind.value), event.team, event.points))
    points = (sum(i.points for i in items if i.team == 0), sum(i.points for i in items if i.team == 1))
    return HandResult(winner, points, tuple(items), team_pips)


def hand_bonus(rules: PartnershipRules, number: int) -> int:
    """The bonus for winning hand ``number`` of a game (points): its entry
    in ``hand_bonuses``, 0 past the list (a Puerto Rican scoring sheet)."""
    return rules.hand_bonuses[number - 1] if 0 < number <= len(rules.hand_bonuses) else 0


# ---------------------------------------------------------------- the game


@dataclass(frozen=True)
class TeamStanding:
    """A pair's place in the game.

    :ivar team: 0 or 1.
    :ivar players: the pair's two players.
    :ivar name: the pair's name (``"Ana+Chen"``).
    :ivar total: points.
    :ivar rank: 1 or 2; equal totals share rank 1.
    """

    team: int
    players: tuple[str, str]
    name: str
    total: int
    rank: int

    def as_dict(self) -> dict[str, Any]:
        """``{"team", "name", "total", "rank"}`` (``team`` the list of players)."""
        return {"team": list(self.players), "name": self.name, "total": self.total, "rank": self.rank}


@dataclass(frozen=True)
class PartnershipGame:
    """A checked partnership game: its table and the hands played so far.

    Pairs are ranked by total, highest first; the game ends when a pair's
    total reaches ``target_score`` (pagat: 100; Dominican tables 200; Puerto
    Rico 500). Should both pairs reach it in the same hand (pass bonuses can
    do that), the higher total wins, and equal totals share the win.
    """

    table: PartnershipTable
    hands: tuple[PartnershipHand, ...] = ()

    @cached_property
    def results(self) -> tuple[HandResult, ...]:
        """Each hand's :class:`HandResult`, in order."""
        return tuple(score_hand(self.table, h) for h in self.hands)

    def running_totals(self) -> list[tuple[int, int]]:
        """Each pair's total after each hand (points)."""
        out: list[tuple[int, int]] = []
        a = b = 0
        for r in self.results:
            a, b = a + r.points[0], b + r.points[1]
            out.append((a, b))
        return out

    def totals(self) -> tuple[int, int]:
        """Each pair's total after the last hand (points)."""
        totals = self.running_totals()
        return totals[-1] if totals else (0, 0)

    @property
    def finished(self) -> bool:
        """A pair's total has reached ``target_score``."""
        return max(self.totals()) >= self.table.rules.target_score

    @property
    def status(self) -> GameStatus:
        """``finished`` or ``in_progress``."""
        return GameStatus.FINISHED if self.finished else GameStatus.IN_PROGRESS

    def team_standings(self) -> list[TeamStanding]:
        """Both pairs, highest total first; equal totals share rank 1 (the
        pair listed first in ``teams`` is shown first)."""
        return rank_teams(self.table.teams, self.totals())

    def winners(self) -> list[int]:
        """The winning pairs (0, 1) once the game is finished (both for equal
        totals), ``[]`` before."""
        if not self.finished:
            return []
        return [s.team for s in self.team_standings() if s.rank == 1]

    def next_lead(self) -> LeadPlan | None:
        """Who leads the next hand (:func:`lead_plan`); ``None`` once finished."""
        if self.finished:
            return None
        last = (self.hands[-1], self.results[-1]) if self.hands else None
        return lead_plan(self.table, len(self.hands) + 1, last)

    def as_record(self) -> dict[str, Any]:
        """The plain game record, without derived fields."""
        d = self.table.as_dict()
        d["rounds"] = [h.as_dict(self.table.teams) for h in self.hands]
        return d

    def derived(self) -> dict[str, Any]:
        """The record plus the derived fields: per round ``number``,
        ``team_scores`` and ``team_totals`` (``{"Ana+Chen": 21, "Ben+Dee": 0}``),
        ``winner`` (a pair's name or ``None``), ``replay`` when void, and
        ``items`` (each line of the points); then ``team_standings``,
        ``status``, ``winners`` (pairs' names) and, while in progress,
        ``next_hand`` (:meth:`LeadPlan.as_dict`)."""
        names = self.table.teams.names
        d = self.as_record()
        for out, hand, result, totals in zip(d["rounds"], self.hands, self.results,
                                             self.running_totals()):
            out["number"] = hand.number
            out["team_scores"] = {names[0]: result.points[0], names[1]: result.points[1]}
            out["team_totals"] = {names[0]: totals[0], names[1]: totals[1]}
            out["winner"] = None if result.winner is None else names[result.winner]
            if result.replay:
                out["replay"] = True
            out["items"] = [{"kind": i.kind.value, "team": names[i.team], "points": i.points}
                            for i in result.items]
        d["team_standings"] = [s.as_dict() for s in self.team_standings()]
        d["status"] = self.status.value
        d["winners"] = [names[w] for w in self.winners()]
        plan = self.next_lead()
        if plan is not None:
            d["next_hand"] = plan.as_dict(self.table.teams)
        return d


def rank_teams(teams: Teams, totals: tuple[int, int]) -> list[TeamStanding]:
    """The two pairs ranked by total, highest first; equal totals share rank 1.

    :param totals: points of pair 0 and pair 1.
    """
    order = [1, 0] if totals[1] > totals[0] else [0, 1]
    out = []
    for place, team in enumerate(order):
        rank = 1 if place == 0 or totals[0] == totals[1] else 2
        out.append(TeamStanding(team, teams.pairs[team], teams.names[team], totals[team], rank))
    return out


def lead_plan(table: PartnershipTable, number: int,
              last: tuple[PartnershipHand, HandResult] | None) -> LeadPlan:
    """Who leads hand ``number``, by the rules in play.

    The first hand: the 6-6 holder (pagat; a Puerto Rican scoring sheet), or
    a draw between the pairs (pagat *Cuban Dominoes*). With
    ``six_six_every_hand`` the 6-6 leads every hand (the New York Domino
    League). After: to the right of the last leader (pagat), or the pair that
    won chooses (pagat *Cuban*/*Caribbean*); after a tied tranque that nobody
    won, the next player leads; a replayed hand is led again by its leader.

    :param number: the hand to plan (1-based).
    :param last: the previous hand and its result (``None`` for hand 1).
    """
    rules = table.rules
    if rules.first_lead is FirstLead.SIX_SIX_EVERY_HAND:
        return LeadPlan(number, LeadHow.SIX_SIX_HOLDER, six_six_led=True)
    if last is None:
        if rules.first_lead is FirstLead.DRAWN:
            return LeadPlan(number, LeadHow.DRAW)
        return LeadPlan(number, LeadHow.SIX_SIX_HOLDER, six_six_led=True)
    hand, result = last
    if result.replay:
        return LeadPlan(number, LeadHow.REPLAY, leader=hand.leader)
    if result.winner is None or rules.next_leader is NextLeader.RIGHT:
        return LeadPlan(number, LeadHow.PLAYER, leader=table.next_player(hand.leader))
    return LeadPlan(number, LeadHow.TEAM_CHOOSES, team=result.winner)


# ---------------------------------------------------------------- reading


_HAND_KEYS = frozenset({"pips", "tiles", "tiles_left"})
_ROUND_KEYS = frozenset({
    "leader", "ended", "out", "hands", "locked_by", "bonuses", "last_tile",
    # sent back by forms and by a record read back from the API (ignored)
    "number", "version", "confirm", "team_scores", "team_totals", "winner", "replay", "items",
})
_BONUS_KEYS = frozenset({"kind", "team", "player", "points", "count", "double"})


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _clean_name(name: str) -> str:
    name = unicodedata.normalize("NFC", name)
    name = "".join(ch for ch in name if unicodedata.category(ch) != "Cf")
    return " ".join(name.split())


def read_table(record: Any, problems: Problems) -> PartnershipTable | None:
    """Read a record's head: ``kind``, ``set``, ``players``, ``teams``, ``rules``.

    ``teams`` may be left out: seats 1 and 3 then play against seats 2 and 4.
    Other fields of the record are left to the caller.

    :param record: the game record, as parsed JSON.
    :param problems: where refusals go: ``unknown_kind``, ``unknown_set`` (only
        6 and 9), ``bad_value``, ``name_too_long``, ``duplicate_player``,
        ``too_few_players``, ``too_many_players`` (four players), ``team_shape``,
        ``unknown_player``, the rules' codes (:func:`parse_rules`), and the
        warning ``partners_side_by_side``.
    :return: the table, or ``None`` when it could not be read.
    """
    if not isinstance(record, Mapping):
        problems.error("", "bad_value", tr("A game record must be an object."))
        return None
    kind = record.get("kind", KIND)
    if kind != KIND:
        problems.error("kind", "unknown_kind", tr("This is not a partnership game."))
    set_n = record.get("set", 6)
    if not _is_int(set_n) or set_n not in SETS:
        problems.error("set", "unknown_set", tr(
            "Partnership dominoes is played with a double-six or a double-nine set."))
        set_n = None
    players = _read_players(record.get("players"), problems)
    teams = _read_teams(record.get("teams"), players, problems) if players is not None else None
    rules = parse_rules(record.get("rules"), problems)
    if set_n is None or players is None or teams is None or kind != KIND:
        return None
    four = (players[0], players[1], players[2], players[3])
    return PartnershipTable(set_n, four, teams, rules)


def _read_players(value: Any, problems: Problems) -> list[str] | None:
    if not isinstance(value, list):
        problems.error("players", "bad_value", tr("Give the players' names in seat order."))
        return None
    names: list[str] = []
    seen: set[str] = set()
    for i, raw in enumerate(value):
        path = f"players[{i}]"
        name = _clean_name(raw) if isinstance(raw, str) else ""
        if not name:
            problems.error(path, "bad_value", tr("A player's name cannot be empty."))
        elif len(name) > MAX_NAME:
            problems.error(path, "name_too_long", trn("A name may have at most %(n)s character.",
                                                      "A name may have at most %(n)s characters.", MAX_NAME))
        elif name.casefold() in seen:
            problems.error(path, "duplicate_player", tr("%(name)s is seated twice.", name=name), player=name)
        else:
            seen.add(name.casefold())
            names.append(name)
            continue
        return None
    if len(names) < PLAYERS:
        problems.error("players", "too_few_players", tr(
            "Partnership dominoes is played by four players, in two pairs."))
        return None
    if len(names) > PLAYERS:
        problems.error("players", "too_many_players", tr(
            "Partnership dominoes is played by four players, in two pairs."))
        return None
    return names


def _read_teams(value: Any, players: list[str], problems: Problems) -> Teams | None:
    shape = tr("Give two pairs of two players; every player is in one pair.")
    if value is None:
        # seats 1 and 3 against seats 2 and 4: the table as it sits
        return Teams(((players[0], players[2]), (players[1], players[3])))
    if (not isinstance(value, list) or len(value) != 2
            or not all(isinstance(t, list) and len(t) == 2 and all(isinstance(n, str) for n in t)
                       for t in value)):
        problems.error("teams", "team_shape", shape)
        return None
    pairs: list[tuple[str, str]] = []
    for i, team in enumerate(value):
        names = [_clean_name(n) for n in team]
        for j, name in enumerate(names):
            if name not in players:
                problems.error(f"teams[{i}][{j}]", "unknown_player",
                               tr("%(name)s is not in this game.", name=name), player=name)
                return None
        pairs.append((names[0], names[1]))
    listed = [n for pair in pairs for n in pair]
    if sorted(listed) != sorted(players):
        problems.error("teams", "team_shape", shape)
        return None
    for i, (a, b) in enumerate(pairs):
        if abs(players.index(a) - players.index(b)) != 2:
            problems.warn(f"teams[{i}]", "partners_side_by_side", tr(
                "%(a)s and %(b)s are partners but sit side by side; partners usually sit opposite.",
                a=a, b=b))
    return Teams((pairs[0], pairs[1]))


def _read_left(data: Any, path: str, table: PartnershipTable, problems: Problems) -> HandLeft | None:
    """One player's hand: ``{"pips", "tiles_left"}`` or ``{"tiles"}``."""
    if not isinstance(data, Mapping):
        problems.error(path, "bad_value", tr("A hand must be an object with pips or tiles."))
        return None
    ok = True
    for key in data:
        if key not in _HAND_KEYS:
            problems.error(f"{path}.{key}", "bad_value", tr("A hand has no field %(key)r.", key=key))
            ok = False
    readable, left = _read_tiles_left(data.get("tiles_left"), f"{path}.tiles_left", table, problems)
    if not readable:
        return None
    if "tiles" in data:
        hand = _left_of_tiles(data, path, table, left, problems)
    else:
        hand = _left_of_pips(data, path, left, problems)
    return hand if ok else None


def _read_tiles_left(left: Any, path: str, table: PartnershipTable,
                     problems: Problems) -> tuple[bool, int | None]:
    """A hand's ``tiles_left``: ``(True, count or None)``, or ``(False, None)``
    when it is not a whole number, 0 or more, up to the tiles dealt."""
    if left is not None and (not _is_int(left) or left < 0):
        problems.error(path, "bad_value",
                       tr("The tiles left must be a whole number, 0 or more."))
        return False, None
    if left is not None and left > table.dealt:
        problems.error(path, "deal_exceeds_set", trn(
            "Each player is dealt %(n)s tile, so no more can be left.",
            "Each player is dealt %(n)s tiles, so no more can be left.", table.dealt))
        return False, None
    count: int | None = left
    return True, count


def _left_of_tiles(data: Mapping[str, Any], path: str, table: PartnershipTable, left: int | None,
                   problems: Problems) -> HandLeft | None:
    """A hand given by its tiles; the pips and count typed beside them must
    agree (``pips_mismatch``)."""
    tiles = _read_tiles(data["tiles"], f"{path}.tiles", table, problems)
    if tiles is None:
        return None
    ok = True
    held = sum(t.pips for t in tiles)
    given = data.get("pips")
    if given is not None and given != held:
        problems.error(f"{path}.pips", "pips_mismatch", trn(
            "The tiles hold %(n)s pip, not %(given)s.", "The tiles hold %(n)s pips, not %(given)s.",
            held, given=given))
        ok = False
    if left is not None and left != len(tiles):
        problems.error(f"{path}.tiles_left", "pips_mismatch", tr(
            "%(listed)s tiles are listed, not %(given)s.", listed=len(tiles), given=left))
        ok = False
    return HandLeft(held, len(tiles), tiles) if ok else None


def _left_of_pips(data: Mapping[str, Any], path: str, left: int | None,
                  problems: Problems) -> HandLeft | None:
    """A hand given by its pips (and perhaps its count of tiles)."""
    pips = data.get("pips")
    if pips is None:
        problems.error(f"{path}.pips", "bad_value", tr("Give the pips left in the hand."))
        return None
    if not _is_int(pips):
        problems.error(f"{path}.pips", "bad_value", tr("Pips must be a whole number."))
        return None
    if pips < 0:
        problems.error(f"{path}.pips", "pips_negative", tr("Pips cannot be negative."), pips=pips)
        return None
    if left == 0 and pips:
        problems.error(f"{path}.pips", "pips_infeasible", tr("A hand with no tiles left holds no pips."),
                       pips=pips)
        return None
    return HandLeft(pips, left)


def _read_tiles(value: Any, path: str, table: PartnershipTable, problems: Problems) -> tuple[Tile, ...] | None:
    if not isinstance(value, list):
        problems.error(path, "bad_value", tr('tiles must be a list such as ["6-5", "2-1"].'))
        return None
    if len(value) > table.dealt:
        problems.error(path, "deal_exceeds_set", trn(
            "Each player is dealt %(n)s tile, so no more can be left.",
            "Each player is dealt %(n)s tiles, so no more can be left.", table.dealt))
        return None
    tiles: list[Tile] = []
    for i, text in enumerate(value):
        tile = _parse_tile(text)
        if tile is None:
            problems.error(f"{path}[{i}]", "bad_value", tr("%(text)r is not a tile; write it as 6-5.", text=text))
            return None
        if tile not in table.set:
            problems.error(f"{path}[{i}]", "tiles_not_in_set", tr(
                "%(tile)s is not in a double-%(set)s set.", tile=tile, set=table.set_n), tile=str(tile))
            return None
        if tile in tiles:
            problems.error(f"{path}[{i}]", "tile_repeated", tr("%(tile)s is listed twice.", tile=tile),
                           tile=str(tile))
            return None
        tiles.append(tile)
    return tuple(tiles)


def _parse_tile(text: Any) -> Tile | None:
    if not isinstance(text, str):
        return None
    try:
        return Tile.parse(text)
    except TileError:
        return None


def _read_player(value: Any, path: str, table: PartnershipTable, problems: Problems) -> str | None:
    if not isinstance(value, str) or _clean_name(value) not in table.players:
        problems.error(path, "unknown_player", tr("%(name)s is not in this game.", name=value), player=value)
        return None
    return _clean_name(value)


@dataclass
class _HandReader:
    """Reads one round object into a :class:`PartnershipHand`, collecting problems."""

    table: PartnershipTable
    plan: LeadPlan
    path: str
    problems: Problems
    ok: bool = True

    def error(self, where: str, code: str, message: str, **params: Any) -> None:
        self.problems.error(f"{self.path}{where}", code, message, **params)
        self.ok = False

    def read(self, data: Any) -> PartnershipHand | None:
        if not isinstance(data, Mapping):
            self.error("", "bad_value", tr("A hand must be an object."))
            return None
        for key in data:
            if key not in _ROUND_KEYS:
                self.error(f".{key}", "bad_value", tr("A hand has no field %(key)r.", key=key))
        ended = self._ended(data.get("ended"))
        hands = self._hands(data.get("hands"))
        leader = self._leader(data.get("leader"))
        out = self._out(data.get("out"))
        last_tile = self._last_tile(data.get("last_tile"))
        locked_by = self._locked_by(data.get("locked_by"), ended)
        if ended is None or hands is None or leader is None or not self.ok:
            self._bonus_shapes(data.get("bonuses"))
            return None
        out = self._who_went_out(ended, hands, out)
        self._check_tiles(ended, hands, leader, last_tile)
        if not self.ok:
            return None
        bonuses = self._bonuses(data.get("bonuses"), ended, out, leader, hands, last_tile, locked_by)
        if not self.ok or bonuses is None:
            return None
        hand = PartnershipHand(self.plan.number, leader, ended, out, hands, locked_by, bonuses, last_tile)
        self._check_hand_bonus(data.get("bonuses"), hand)
        return hand if self.ok else None

    # the round's own fields

    def _ended(self, value: Any) -> Ended | None:
        if isinstance(value, str) and value in Ended._value2member_map_:
            return Ended(value)
        self.error(".ended", "bad_value", tr("Say how the hand ended: a player went out, or it was blocked."))
        return None

    def _hands(self, value: Any) -> dict[str, HandLeft] | None:
        if not isinstance(value, Mapping):
            self.error(".hands", "bad_value", tr("Give what each player has left in hand."))
            return None
        read: dict[str, HandLeft] = {}
        for name in value:
            if name not in self.table.players:
                self.error(f".hands.{name}", "unknown_player", tr("%(name)s is not in this game.", name=name),
                           player=name)
        for name in self.table.players:
            if name not in value:
                self.error(f".hands.{name}", "missing_hand", tr("Give what %(name)s has left in hand.", name=name),
                           player=name)
                continue
            left = _read_left(value[name], f"{self.path}.hands.{name}", self.table, self.problems)
            if left is None:
                self.ok = False
            else:
                read[name] = left
        return read if len(read) == PLAYERS else None

    def _leader(self, value: Any) -> str | None:
        if value is None:
            if self.plan.leader is not None:
                return self.plan.leader
            self.error(".leader", "bad_value", tr("Say who led this hand."))
            return None
        name = _read_player(value, f"{self.path}.leader", self.table, self.problems)
        if name is None:
            self.ok = False
        return name

    def _out(self, value: Any) -> str | None:
        if value is None:
            return None
        if isinstance(value, list) and len(value) == 1:
            value = value[0]
        elif isinstance(value, list):
            self.error(".out", "bad_value", tr("Say the one player who went out."))
            return None
        name = _read_player(value, f"{self.path}.out", self.table, self.problems)
        if name is None:
            self.ok = False
        return name

    def _last_tile(self, value: Any) -> Tile | None:
        if value is None:
            return None
        tile = _parse_tile(value)
        if tile is None:
            self.error(".last_tile", "bad_value", tr("%(text)r is not a tile; write it as 6-5.", text=value))
            return None
        if tile not in self.table.set:
            self.error(".last_tile", "tiles_not_in_set", tr("%(tile)s is not in a double-%(set)s set.",
                                                            tile=tile, set=self.table.set_n), tile=str(tile))
            return None
        return tile

    def _locked_by(self, value: Any, ended: Ended | None) -> str | None:
        needed = (ended is Ended.BLOCKED
                  and self.table.rules.blocked_winner is BlockedWinner.LOCKER_VS_NEXT)
        if value is None:
            if needed:
                self.error(".locked_by", "bad_value", tr(
                    "Say who made the last play: in a blocked hand that player's hand is "
                    "compared with the next player's."))
            return None
        if ended is Ended.DOMINO:
            self.error(".locked_by", "bad_value", tr(
                "Only a blocked hand has a player who blocked it."))
            return None
        name = _read_player(value, f"{self.path}.locked_by", self.table, self.problems)
        if name is None:
            self.ok = False
        return name

    # checks across the hands

    def _who_went_out(self, ended: Ended, hands: Mapping[str, HandLeft], out: str | None) -> str | None:
        empty = [n for n, h in hands.items() if h.empty]
        if ended is Ended.BLOCKED:
            for name in empty:
                self.error(f".hands.{name}", "out_but_blocked", tr(
                    "%(name)s has no tiles left, but the hand was blocked: nobody went out. "
                    "If %(name)s holds the 0-0, say one tile is left.", name=name), player=name)
            if out is not None:
                self.error(".out", "out_but_blocked", tr("Nobody goes out in a blocked hand."))
            return None
        if not empty:
            self.error(".hands", "nobody_out", tr(
                "The hand ended with a player going out, but every hand still has tiles."))
            return None
        if len(empty) > 1:
            self.error(".hands", "several_out", tr(
                "Only one player can go out, but %(names)s have no tiles left.", names=join_names(empty)))
            return None
        if out is not None and out != empty[0]:
            self.error(".out", "bad_value", tr(
                "%(empty)s has no tiles left, not %(out)s.", empty=empty[0], out=out))
            return None
        return empty[0]

    def _check_tiles(self, ended: Ended, hands: Mapping[str, HandLeft], leader: str,
                     last_tile: Tile | None) -> None:
        table = self.table
        held = self._held_tiles(hands, last_tile)
        if self.plan.six_six_led and last_tile == LEAD_TILE:
            self.error(".last_tile", "tile_repeated", tr("The 6-6 was led this hand, so it was not the last tile."),
                       tile=str(last_tile))
        led = hands[leader]
        if led.tiles_left is not None and led.tiles_left >= table.dealt:
            self.error(f".hands.{leader}", "deal_exceeds_set", trn(
                "%(name)s led this hand, so at most %(n)s tile can be left.",
                "%(name)s led this hand, so at most %(n)s tiles can be left.", table.dealt - 1, name=leader))
        if not self.ok:
            return
        removed = self._off_hands(held, last_tile)
        pool = _Pool.of(t for t in table.set.tiles if t not in removed)
        guessed = {n: h for n, h in hands.items() if h.tiles is None and not h.empty}
        for name, hand in guessed.items():
            if not pool.can_hold(hand.pips, hand.tiles_left, table.dealt):
                self.error(f".hands.{name}.pips", "pips_infeasible", _infeasible_words(hand, table.dealt),
                           pips=hand.pips)
        if not self.ok:
            return
        if not pool.can_hold_together(list(guessed.values()), table.dealt):
            self.error(".hands", "hands_infeasible", tr(
                "These hands cannot all be held at once: the set has not enough distinct tiles for "
                "%(names)s together.", names=join_names(list(guessed))))
            return
        if ended is Ended.BLOCKED and table.set_n == 6:
            self._check_block(hands, removed, held)

    def _held_tiles(self, hands: Mapping[str, HandLeft], last_tile: Tile | None) -> dict[Tile, str]:
        """The tiles the hands list, each with its holder; the 6-6 led, a tile
        in two hands and the last tile played are ``tile_repeated``."""
        held: dict[Tile, str] = {}
        for name, hand in hands.items():
            for i, tile in enumerate(hand.tiles or ()):
                where = f".hands.{name}.tiles[{i}]"
                if self.plan.six_six_led and tile == LEAD_TILE:
                    self.error(where, "tile_repeated", tr(
                        "The 6-6 was led this hand, so it is on the table, not in %(name)s's hand.",
                        name=name), tile=str(tile))
                elif tile in held:
                    self.error(where, "tile_repeated", tr(
                        "%(tile)s is in %(first)s's hand and in %(name)s's.", tile=tile,
                        first=held[tile], name=name), tile=str(tile))
                elif tile == last_tile:
                    self.error(where, "tile_repeated", tr(
                        "%(tile)s was the last tile played, so it is not in a hand.", tile=tile),
                        tile=str(tile))
                else:
                    held[tile] = name
        return held

    def _off_hands(self, held: Mapping[Tile, str], last_tile: Tile | None) -> set[Tile]:
        """The tiles no hand given by its pips can hold: those listed in
        hands, the 6-6 when it was led and the last tile played."""
        removed = set(held)
        if self.plan.six_six_led:
            removed.add(LEAD_TILE)
        if last_tile is not None:
            removed.add(last_tile)
        return removed

    def _check_block(self, hands: Mapping[str, HandLeft], removed: set[Tile], held: Mapping[Tile, str]) -> None:
        """A double-six tranque needs one number played out: every tile of it on
        the table, so no hand holds that number (all 28 tiles are dealt, and in
        a line both ends then show it)."""
        guessed = [h for h in hands.values() if h.tiles is None and not h.empty]
        for suit in range(self.table.set_n + 1):
            if any(t.has(suit) for t in held):
                continue
            pool = _Pool.of(t for t in self.table.set.tiles if t not in removed and not t.has(suit))
            if (all(pool.can_hold(h.pips, h.tiles_left, self.table.dealt) for h in guessed)
                    and pool.can_hold_together(guessed, self.table.dealt)):
                return
        self.error(".hands", "hands_infeasible", tr(
            "A blocked hand needs one number played out, with no tile of it left in any hand; "
            "these hands hold every number."))

    # bonuses

    def _bonus_shapes(self, value: Any) -> None:
        if value is not None and not isinstance(value, list):
            self.error(".bonuses", "bad_value", tr("The bonuses must be a list."))

    def _bonuses(self, value: Any, ended: Ended, out: str | None, leader: str,
                 hands: Mapping[str, HandLeft], last_tile: Tile | None,
                 locked_by: str | None) -> tuple[Bonus, ...] | None:
        if value is None:
            return ()
        if not isinstance(value, list):
            self.error(".bonuses", "bad_value", tr("The bonuses must be a list."))
            return None
        found: list[Bonus] = []
        kinds_seen: set[BonusKind] = set()
        for i, item in enumerate(value):
            bonus = self._bonus(i, item, ended, out, leader, hands, last_tile, kinds_seen)
            if bonus is not None:
                found.append(bonus)
        return tuple(found)

    def _bonus(self, i: int, item: Any, ended: Ended, out: str | None, leader: str,
               hands: Mapping[str, HandLeft], last_tile: Tile | None,
               seen: set[BonusKind]) -> Bonus | None:
        where = f".bonuses[{i}]"
        if not self._bonus_shape_ok(where, item):
            return None
        kind = BonusKind(item["kind"])
        player = None
        if item.get("player") is not None:
            player = _read_player(item["player"], f"{self.path}{where}.player", self.table, self.problems)
            if player is None:
                self.ok = False
                return None
        named, team = self._bonus_team(where, item.get("team"), player)
        if not named:
            return None
        if kind is BonusKind.HAND_BONUS:
            return None  # worked out by the engine, checked in _check_hand_bonus
        once = kind in (BonusKind.CAPICUA, BonusKind.CHUCHAZO, BonusKind.LEAD_PASS)
        if once and kind in seen:
            self.error(where, "bonus_not_allowed", tr("This bonus is counted once a hand."))
            return None
        seen.add(kind)
        points, owner, count, double_lead = self._bonus_worth(where, kind, item, ended, out, leader,
                                                              hands, last_tile, seen, player)
        if points is None or owner is None:
            return None
        if team is not None and team != owner:
            self.error(f"{where}.team", "bonus_not_allowed", _owner_words(kind, self.table.teams.names[owner]))
            return None
        if "points" in item and item["points"] != points:
            self.error(f"{where}.points", "bad_value", tr(
                "At this table that bonus is worth %(points)s points.", points=points))
            return None
        return Bonus(kind, owner, points, player, count, double_lead)

    def _bonus_shape_ok(self, where: str, item: Any) -> bool:
        """A bonus is an object of a known ``kind`` and known fields;
        ``bad_value`` otherwise."""
        if not isinstance(item, Mapping) or item.get("kind") not in BonusKind._value2member_map_:
            self.error(where, "bad_value", tr(
                "A bonus is a capicúa, a chuchazo, a pass or a lead not answered."))
            return False
        for key in item:
            if key not in _BONUS_KEYS:
                self.error(f"{where}.{key}", "bad_value", tr("A bonus has no field %(key)r.", key=key))
                return False
        return True

    def _bonus_worth(self, where: str, kind: BonusKind, item: Mapping[str, Any], ended: Ended,
                     out: str | None, leader: str, hands: Mapping[str, HandLeft], last_tile: Tile | None,
                     seen: set[BonusKind], player: str | None
                     ) -> tuple[int | None, int | None, int, bool | None]:
        """``(points, owner, count, double_lead)`` of one bonus: what it is worth
        at this table (``None`` when refused), the pair it goes to, the passes
        it counts and, for a lead not answered, whether the lead was a double."""
        count = 1
        double_lead: bool | None = None
        owner: int | None
        if kind in (BonusKind.CAPICUA, BonusKind.CHUCHAZO):
            points = self._going_out_bonus(where, kind, ended, out, hands, last_tile, seen)
            owner = None if out is None else self.table.team_of(out)
        elif kind is BonusKind.PASS:
            points, count = self._pass_bonus(where, item, player)
            owner = None if player is None else self.table.team_of(player)
        else:
            points, double_lead = self._lead_pass(where, item)
            owner = self.table.team_of(leader)
        return points, owner, count, double_lead

    def _bonus_team(self, where: str, value: Any, player: str | None) -> tuple[bool, int | None]:
        """``(read, team)``: the pair a bonus names (``None`` when it names
        none); ``read`` is false when the pair was refused."""
        if value is None:
            return True, None
        names = self.table.teams.names
        if isinstance(value, list):
            value = "+".join(str(v) for v in value)
        if value not in names:
            self.error(f"{where}.team", "unknown_player", tr("%(name)s is not a pair of this game.", name=value))
            return False, None
        team = names.index(value)
        if player is not None and self.table.team_of(player) != team:
            self.error(f"{where}.team", "bad_value", tr("%(player)s does not play in %(team)s.",
                                                        player=player, team=value))
            return False, None
        return True, team

    def _going_out_bonus(self, where: str, kind: BonusKind, ended: Ended, out: str | None,
                         hands: Mapping[str, HandLeft], last_tile: Tile | None,
                         seen: set[BonusKind]) -> int | None:
        rules = self.table.rules
        capicua = kind is BonusKind.CAPICUA
        points = rules.capicua_points if capicua else rules.chuchazo_points
        if points == 0:
            self.error(where, "bonus_not_allowed", tr("This table does not play the capicúa.") if capicua
                       else tr("This table does not play the chuchazo."))
            return None
        if ended is not Ended.DOMINO or out is None:
            self.error(where, "bonus_not_allowed", tr(
                "This bonus is only for going out; the hand was blocked."))
            return None
        if capicua and last_tile is not None and last_tile.is_double:
            self.error(where, "bonus_not_allowed", tr(
                "A capicúa never counts with a double; %(tile)s was the last tile.", tile=last_tile))
            return None
        if capicua and BonusKind.CHUCHAZO in seen:
            self.error(where, "bonus_not_allowed", tr(
                "A capicúa never counts with a double, and the chuchazo is going out with the 0-0."))
            return None
        if not capicua:
            if last_tile is not None and last_tile != DOUBLE_BLANK:
                self.error(where, "bonus_not_allowed", tr(
                    "The chuchazo is going out with the 0-0; %(tile)s was the last tile.", tile=last_tile))
                return None
            holder = next((n for n, h in hands.items() if h.tiles and DOUBLE_BLANK in h.tiles), None)
            if holder is not None:
                self.error(where, "bonus_not_allowed", tr(
                    "The chuchazo is going out with the 0-0, but the 0-0 is in %(name)s's hand.", name=holder))
                return None
            if BonusKind.CAPICUA in seen:
                self.error(where, "bonus_not_allowed", tr(
                    "A capicúa never counts with a double, and the chuchazo is going out with the 0-0."))
                return None
        return points

    def _pass_bonus(self, where: str, item: Mapping[str, Any], player: str | None) -> tuple[int | None, int]:
        if self.table.rules.pass_bonus is PassBonus.NONE:
            self.error(where, "bonus_not_allowed", tr("This table does not play the pass bonuses."))
            return None, 1
        if player is None:
            self.error(f"{where}.player", "bad_value", tr("Say whose play made the others pass."))
            return None, 1
        count = item.get("count", 1)
        if not _is_int(count) or not 1 <= count <= MAX_PASS_COUNT:
            self.error(f"{where}.count", "bad_value", tr(
                "Give how many times, a whole number from 1 to %(most)s.", most=MAX_PASS_COUNT))
            return None, 1
        return PASS_POINTS * int(count), int(count)

    def _lead_pass(self, where: str, item: Mapping[str, Any]) -> tuple[int | None, bool | None]:
        if self.table.rules.pass_bonus is PassBonus.NONE:
            self.error(where, "bonus_not_allowed", tr("This table does not play the pass bonuses."))
            return None, None
        value = item.get("double")
        if value is None and self.plan.six_six_led:
            value = True
        if not isinstance(value, bool):
            self.error(f"{where}.double", "bad_value", tr("Say whether the lead was a double."))
            return None, None
        if self.plan.six_six_led and not value:
            self.error(f"{where}.double", "bad_value", tr("The 6-6 was led this hand: the lead was a double."))
            return None, None
        return (LEAD_PASS_POINTS_DOUBLE if value else LEAD_PASS_POINTS_SINGLE), value

    def _check_hand_bonus(self, value: Any, hand: PartnershipHand) -> None:
        """A ``hand_bonus`` a record carries must be the one the engine works out."""
        for i, item in enumerate(value or ()):
            if not isinstance(item, Mapping) or item.get("kind") != BonusKind.HAND_BONUS:
                continue
            where = f".bonuses[{i}]"
            points = hand_bonus(self.table.rules, hand.number)
            winner, _ = hand_winner(self.table, hand)
            if points == 0 or winner is None:
                self.error(where, "bonus_not_allowed", tr("No bonus is given for winning this hand."))
                continue
            team = item.get("team")
            if isinstance(team, list):
                team = "+".join(str(v) for v in team)
            if team is not None and team != self.table.teams.names[winner]:
                self.error(f"{where}.team", "bonus_not_allowed",
                           tr("The bonus for this hand goes to %(team)s, who won it.",
                              team=self.table.teams.names[winner]))
            elif "points" in item and item["points"] != points:
                self.error(f"{where}.points", "bad_value", tr(
                    "At this table that bonus is worth %(points)s points.", points=points))


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


@dataclass(frozen=True)
class _Pool:
    """The tiles a hand given only by its pips may be made of.

    :ivar values: the pip values of the pool's tiles, sorted (pips).
    """

    values: tuple[int, ...]

    @classmethod
    def of(cls, tiles: Iterable[Tile]) -> _Pool:
        return cls(tuple(sorted(t.pips for t in tiles)))

    def lightest(self, k: int) -> int:
        return sum(self.values[:k])

    def heaviest(self, k: int) -> int:
        return sum(self.values[len(self.values) - k:]) if k else 0

    @cached_property
    def _reach(self) -> list[int]:
        # reach[k] has bit s set when some k distinct tiles hold s pips
        reach = [1] + [0] * len(self.values)
        for n, v in enumerate(self.values, start=1):
            for k in range(n, 0, -1):
                reach[k] |= reach[k - 1] << v
        return reach

    def can_make(self, pips: int, count: int) -> bool:
        """Exactly ``count`` distinct tiles of the pool hold ``pips`` pips."""
        if not 0 <= count <= len(self.values) or pips < 0:
            return False
        return bool(self._reach[count] >> pips & 1)

    def can_hold(self, pips: int, count: int | None, most: int) -> bool:
        """A hand of ``count`` tiles (any from 1 to ``most`` when unknown)
        holding ``pips`` pips can be made of the pool."""
        if count is not None:
            return self.can_make(pips, count)
        return any(self.can_make(pips, k) for k in range(1, most + 1))

    def can_hold_together(self, hands: Sequence[HandLeft], most: int) -> bool:
        """The hands together fit the pool's bounds: as many distinct tiles as
        they hold, between the lightest and the heaviest such tiles (a bound,
        not an exact search; each hand alone is checked exactly)."""
        if not hands:
            return True
        pips = sum(h.pips for h in hands)
        known = sum(h.tiles_left for h in hands if h.tiles_left is not None)
        unknown = sum(1 for h in hands if h.tiles_left is None)
        fewest, most_tiles = known + unknown, known + unknown * most
        if fewest > len(self.values):
            return False
        return self.lightest(fewest) <= pips <= self.heaviest(min(most_tiles, len(self.values)))


# ---------------------------------------------------------------- entry points


def read_game(record: Any, confirm: bool = False) -> PartnershipGame:
    """Read and check a whole partnership game record.

    :param record: the record (``kind``, ``set``, ``players``, ``teams``,
        ``rules``, ``rounds``), as parsed JSON.
    :param confirm: accept the warnings (partners side by side).
    :return: the checked :class:`PartnershipGame`.
    :raises RecordError: with every problem of the head and of the first
        refused hand (the hands after it depend on it: who leads, the hand
        bonuses, the target), paths such as ``rounds[2].hands.Ben.pips``: the
        codes of :func:`read_table`, of each
        hand (``bad_value``, ``missing_hand``, ``unknown_player``,
        ``pips_negative``, ``pips_mismatch``, ``pips_infeasible``,
        ``hands_infeasible``, ``tiles_not_in_set``, ``tile_repeated``,
        ``deal_exceeds_set``, ``nobody_out``, ``several_out``,
        ``out_but_blocked``, ``bonus_not_allowed``), ``game_finished`` for a
        hand after a pair reached the target, ``too_many_rounds`` past
        :data:`MAX_HANDS`.
    """
    problems = Problems()
    table = read_table(record, problems)
    raw = record.get("rounds", []) if isinstance(record, Mapping) else []
    if not isinstance(raw, list):
        problems.error("rounds", "bad_value", tr("The rounds must be a list of rounds."))
        raw = []
    if len(raw) > MAX_HANDS:
        problems.error("rounds", "too_many_rounds", tr(
            "A game has at most %(most)s rounds, not %(count)s.", most=MAX_HANDS, count=len(raw)))
        raw = []
    game = None
    if table is not None:
        game = PartnershipGame(table)
        for i, data in enumerate(raw):
            if game.finished:
                problems.error(f"rounds[{i}]", "game_finished", tr("The game was already won."))
                break
            plan = game.next_lead()
            assert plan is not None
            hand = _HandReader(table, plan, f"rounds[{i}]", problems).read(data)
            if hand is None:
                break  # later hands depend on this one (leads, bonuses, the target)
            game = PartnershipGame(table, (*game.hands, hand))
    problems.raise_if_any(confirm)
    assert game is not None
    return game


def check_hand(game: PartnershipGame, data: Any, number: int, confirm: bool = False) -> PartnershipHand:
    """Check hand ``number`` of ``game``: a new hand, or one to replace.

    :param game: the game as stored.
    :param data: the round object.
    :param number: 1-based; ``len(game.hands) + 1`` to add a hand.
    :param confirm: accept warnings.
    :return: the checked :class:`PartnershipHand`. After a replacement,
        read the whole record again (:func:`read_game`): the hands after it
        are checked against it there.
    :raises RecordError: as :func:`read_game` for one hand; ``bad_value`` for
        a number that is neither a hand of the game nor the next;
        ``game_finished`` when the game was won before this hand, or when the
        corrected hand would end it before the hands after it.
    """
    problems = Problems()
    path = f"rounds[{number - 1}]"
    if not _is_int(number) or not 1 <= number <= len(game.hands) + 1:
        problems.error("number", "bad_value", tr("There is no round %(number)s to change.", number=number))
        problems.raise_if_any()
    if number > MAX_HANDS:
        problems.error("rounds", "too_many_rounds", tr(
            "A game has at most %(most)s rounds, not %(count)s.", most=MAX_HANDS, count=number))
        problems.raise_if_any()
    before = PartnershipGame(game.table, game.hands[: number - 1])
    plan = before.next_lead()
    if plan is None:
        problems.error(path, "game_finished", tr("The game was already won."))
        problems.raise_if_any()
    assert plan is not None
    hand = _HandReader(game.table, plan, path, problems).read(data)
    if hand is not None and number <= len(game.hands) - 1:
        after = PartnershipGame(game.table, (*before.hands, hand))
        if after.finished:
            problems.error(path, "game_finished", tr(
                "With this hand the game is won, but more hands were played after it."))
    problems.raise_if_any(confirm)
    assert hand is not None
    return hand
