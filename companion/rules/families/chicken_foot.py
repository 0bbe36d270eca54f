"""Chicken Foot (kind ``chicken_foot``): the family trains game, scored as
Mexican Train is.

One round per double of the set, from the highest down to 0-0 (double-nine:
10 rounds); the round's double goes in the centre. Players draw from a
boneyard when they cannot play. At the end of a round each player scores the
pips left in hand; the player who went out scores 0; the 0-0 left in a hand
scores 50. After the 0-0 round the lowest total wins.

Sources (the rules brief of the domino families, section 5; the public pages
below are to be listed in ``docs/sources.md``):

* Wikipedia's *Chicken Foot* article (mirrored at absoluteastronomy.com): the
  rounds from the highest double to 0-0, 2–8 players, the centre double's four
  sides, the round's end, lowest total wins, 7 tiles each;
* gamerules.com's Chicken Foot rules: the double-nine deal, 42 tiles shared
  (2: 21, 3: 14, 4: 11, 5: 8, 6: 7, 7: 6, 8: 5);
* a reproduced rule sheet (htfbw.com) and a Puremco rule copy: the 0-0 left
  in hand counts 50; a club sheet (docslib): 25; a rule page (chahssa): 0 or 50;
  a 2002 rule page (flash.net, archived): 25 per blank half;
* machead.com's Chicken Foot and a scoring program (github.com/hcherndon/
  chicken-foot-scoring): an unheld centre double is drawn for, or burnt (the
  next lower double opens); 50 for going out on a double (a house rule);
* nathan-long.com's house rules: a no-draw deal 14/10/7/6/5 for 2–6 players;
  a round may end when the boneyard runs out.

Entry points for the wiring (a "game kinds as data" table, forms, views, the
sheet PDF):

* :func:`read_game` ``(record, confirm=False) -> ChickenFootGame``: read and
  check a whole record (``kind``, ``set``, ``players``, ``rules``,
  ``rounds``); raises :class:`~companion.rules.errors.RecordError`.
* :func:`check_round` ``(game, data, number, confirm=False) -> ChickenFootRound``:
  check one round to add (``number = len(game.rounds) + 1``) or to replace.
* :meth:`ChickenFootGame.derived`: the record plus ``rounds[].scores``,
  ``rounds[].totals``, ``standings``, ``status``, ``winners`` and, while in
  progress, ``next_round`` (:class:`RoundPlan`: the centre double, the deal,
  the boneyard, what happens when nobody holds the centre double).
* :func:`round_scores` ``(table, rnd)``: one round's points by player.
* :func:`centre_doubles` (the schedule), :func:`deal` (the deal table),
  :data:`PRESETS`, :class:`ChickenFootRules` (every rule key with its
  default) and :func:`parse_rules`.

The engine checks each hand alone exactly, and all hands together by bounds
(enough distinct tiles, of the right weight); the full joint search of the
Mexican Train engine takes the same round shape (centre double as the engine)
and can be run on top by the wiring.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from enum import StrEnum
from functools import cached_property
from typing import Any

from ..errors import N_, Problems, join_names, tr, trn
from ..tiles import DominoSet, Tile, TileError, double

KIND = "chicken_foot"
"""The record's ``kind`` for this game."""
SETS: tuple[int, ...] = (6, 9, 12, 15, 18)
"""Double-nine is usual; double-six to double-eighteen are played (Wikipedia;
gamerules.com)."""
DEFAULT_SET = 9
MIN_PLAYERS = 2
MAX_PLAYERS = 12
"""Most players seated: 2–8 is usual (Wikipedia), more with bigger sets; the
deal must still fit the set (``deal_exceeds_set``)."""
MAX_NAME = 40
"""Characters in a player's name (``name_too_long`` beyond), as in the rest
of the engine."""
MAX_POINTS = 1000
"""The largest value a points rule may take (points)."""
DOUBLE_BLANK = double(0)
FORTY_TWO = 42
"""Tiles shared among the players of a double-nine game (gamerules.com):
42 ÷ players, rounded half up."""
NO_DRAW_DEAL: Mapping[int, int] = {2: 14, 3: 10, 4: 7, 5: 6, 6: 5}
"""A no-draw house deal for 2–6 players (nathan-long.com's house rules)."""
SEVEN = 7
"""Seven tiles each (Wikipedia)."""


# ---------------------------------------------------------------- rule choices


class DrawTable(StrEnum):
    """Rule ``draw_counts`` by name (a ``{players: tiles}`` object is a
    custom table)."""

    FORTY_TWO = "forty_two"
    """42 tiles shared, rounded (gamerules.com; double-nine). Other sets keep
    the same share of the tiles (our own rule, no source gives one)."""
    SEVEN_EACH = "seven_each"
    """Seven each (Wikipedia)."""
    NO_DRAW = "no_draw"
    """14/10/7/6/5 for 2–6 players (nathan-long.com); 42-shared beyond."""


class UnheldDouble(StrEnum):
    """Rule ``unheld_double``: nobody was dealt the round's centre double."""

    DRAW = "draw"
    """Players draw from the boneyard until it appears (machead)."""
    BURN = "burn"
    """The round opens on the next lower double; the game still ends with
    the 0-0 round (hcherndon's scoring program)."""
    RESHUFFLE = "reshuffle"
    """The tiles are shuffled and dealt again (a Puremco rule copy)."""


class RoundEnd(StrEnum):
    """Rule ``round_end``: when a round stops without anyone going out. Both
    are recorded as ``ended: blocked``; the rule is shown on the sheet."""

    BLOCKED = "blocked"
    """Nobody can play (Wikipedia)."""
    BONEYARD_EMPTY = "boneyard_empty"
    """The boneyard has run out (nathan-long.com's house rules)."""


class Ended(StrEnum):
    """How a round ended (a round's ``ended``)."""

    DOMINO = "domino"
    BLOCKED = "blocked"


class GameStatus(StrEnum):
    """A game's ``status`` in the derived record."""

    IN_PROGRESS = "in_progress"
    FINISHED = "finished"


# ---------------------------------------------------------------- the rules


@dataclass(frozen=True)
class ChickenFootRules:
    """The rules in play for one Chicken Foot game; each field is a rule key
    of a record's ``rules`` with its default (the rules brief, section 5).

    :ivar double_blank_points: points for the 0-0 left in a hand, on top of
        its 0 pips (points); 50 (htfbw; Puremco), 25 (a club sheet) or 0.
    :ivar blank_half_points: points for each other tile with a blank half
        left in a hand (points); 0, an old variant 25 (a 2002 rule page).
    :ivar draw_counts: the deal: a :class:`DrawTable` name, or a custom table
        as ``((players, tiles), ...)``; 42 shared.
    :ivar centre_sides: tiles around the centre double before anything else:
        4 (Wikipedia) or 6, the "double chicken foot" (Puremco); no effect on
        the score, shown on the sheet.
    :ivar unheld_double: :class:`UnheldDouble`; draw.
    :ivar end_on_double_points: points for the player who goes out on a
        double (points; a house rule, hcherndon); 0.
    :ivar round_end: :class:`RoundEnd`; blocked.
    """

    double_blank_points: int = 50
    blank_half_points: int = 0
    draw_counts: DrawTable | tuple[tuple[int, int], ...] = DrawTable.FORTY_TWO
    centre_sides: int = 4
    unheld_double: UnheldDouble = UnheldDouble.DRAW
    end_on_double_points: int = 0
    round_end: RoundEnd = RoundEnd.BLOCKED

    def as_dict(self) -> dict[str, Any]:
        """Every rule with its value, as JSON (a custom deal as ``{"4": 11}``)."""
        return {f.name: _plain(getattr(self, f.name)) for f in fields(self)}

    def changed(self) -> dict[str, Any]:
        """Only the rules that differ from the defaults (what a record stores)."""
        base = ChickenFootRules()
        return {f.name: _plain(getattr(self, f.name)) for f in fields(self)
                if getattr(self, f.name) != getattr(base, f.name)}


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return {str(players): tiles for players, tiles in value}
    return value


_CHOICES: Mapping[str, type[StrEnum]] = {
    "unheld_double": UnheldDouble,
    "round_end": RoundEnd,
}
_NUMBERS: Mapping[str, tuple[int, int]] = {
    "double_blank_points": (0, MAX_POINTS),
    "blank_half_points": (0, MAX_POINTS),
    "end_on_double_points": (0, MAX_POINTS),
}
RULE_KEYS: frozenset[str] = frozenset(f.name for f in fields(ChickenFootRules))
"""Every rule key a Chicken Foot record's ``rules`` may hold."""


def parse_rules(data: Any, problems: Problems, path: str = "rules") -> ChickenFootRules:
    """Read a record's ``rules`` object; keys left out take their defaults.

    :param data: the ``rules`` object (``None`` for all defaults).
    :param problems: where refusals go: ``unknown_rule`` for a key this game
        does not know, ``bad_value`` for a value out of its choices or range.
    :return: the rules; a refused key keeps its default.
    """
    if data is None:
        return ChickenFootRules()
    if not isinstance(data, Mapping):
        problems.error(path, "bad_value", tr("The rules must be an object of rule names and values."))
        return ChickenFootRules()
    values: dict[str, Any] = {}
    for key, value in data.items():
        where = f"{path}.{key}"
        if key not in RULE_KEYS:
            problems.error(where, "unknown_rule", tr("This game has no such rule."))
        elif key in _CHOICES:
            _parse_choice(key, value, where, problems, values)
        elif key in _NUMBERS or key == "centre_sides":
            _parse_number(key, value, where, problems, values)
        else:
            counts = _parse_draw_counts(value, where, problems)
            if counts is not None:
                values[key] = counts
    return ChickenFootRules(**values)


def _parse_choice(key: str, value: Any, where: str, problems: Problems, values: dict[str, Any]) -> None:
    """A rule of :data:`_CHOICES` into ``values``, or ``bad_value``."""
    choice = _CHOICES[key]
    if isinstance(value, str) and value in choice._value2member_map_:
        values[key] = choice(value)
    else:
        # the choices stay out of the sentence: their names are not players' words
        problems.error(where, "bad_value", tr("This rule takes one of its listed choices."),
                       choices=[member.value for member in choice])


def _parse_number(key: str, value: Any, where: str, problems: Problems, values: dict[str, Any]) -> None:
    """A rule of :data:`_NUMBERS` (or ``centre_sides``: 4 or 6) into
    ``values``, or ``bad_value``."""
    if key == "centre_sides":
        if value in (4, 6) and _is_int(value):
            values[key] = int(value)
        else:
            problems.error(where, "bad_value", tr("The centre double takes 4 tiles, or 6."))
        return
    least, most = _NUMBERS[key]
    if _is_int(value) and least <= value <= most:
        values[key] = int(value)
    else:
        problems.error(where, "bad_value", tr(
            "Give a whole number from %(least)s to %(most)s.", least=least, most=most))


def _parse_draw_counts(value: Any, path: str, problems: Problems) -> DrawTable | tuple[tuple[int, int], ...] | None:
    if isinstance(value, str) and value in DrawTable._value2member_map_:
        return DrawTable(value)
    if isinstance(value, Mapping) and value:
        pairs: list[tuple[int, int]] = []
        for key, tiles in value.items():
            players = int(key) if isinstance(key, str) and key.isdigit() else key
            if not (_is_int(players) and MIN_PLAYERS <= players <= MAX_PLAYERS
                    and _is_int(tiles) and 1 <= tiles <= 100):
                problems.error(f"{path}.{key}", "bad_value", tr(
                    "The dealing table gives, for %(least)s to %(most)s players, 1 to 100 tiles dealt to each.",
                    least=MIN_PLAYERS, most=MAX_PLAYERS))
                return None
            pairs.append((int(players), int(tiles)))
        return tuple(sorted(pairs))
    problems.error(path, "bad_value", tr(
        "The deal is one of the listed tables, or a number of tiles for each number of players."),
        choices=[member.value for member in DrawTable])
    return None


@dataclass(frozen=True)
class Preset:
    """A named set of rules a table picks on the start page.

    :ivar name: the preset's key.
    :ivar title: its name for players (English template; translate where shown).
    :ivar set_n: N of the double-N set it is played with.
    :ivar rules: the rules in play.
    :ivar source: what the preset follows.
    """

    name: str
    title: str
    set_n: int
    rules: ChickenFootRules
    source: str


PRESETS: Mapping[str, Preset] = {
    "standard": Preset("standard", N_("Chicken Foot, double-nine"), DEFAULT_SET, ChickenFootRules(),
                       "gamerules.com's deal, the 0-0 at 50 as in a reproduced rule sheet and Puremco's rules"),
}
"""The Chicken Foot defaults by name (the brief names no other preset)."""


# ---------------------------------------------------------------- schedule and deal


def centre_doubles(set_n: int) -> list[int]:
    """The centre double of every round, as suits: from the set's highest down
    to 0 (double-nine: 9, 8, …, 0; ten rounds; Wikipedia, gamerules.com).

    :param set_n: N of the double-N set.
    """
    return list(range(set_n, -1, -1))


def deal(set_n: int, players: int, draw_counts: DrawTable | tuple[tuple[int, int], ...] = DrawTable.FORTY_TWO) -> int:
    """Tiles dealt to each player at the start of a round.

    * ``forty_two`` (the default): 42 tiles shared, rounded half up, with a
      double-nine set (gamerules.com: 2: 21, 3: 14, 4: 11, 5: 8, 6: 7, 7: 6,
      8: 5). Other sets share the same part of their tiles, the centre
      double aside (42 of 54: seven ninths), rounded half up: our own rule,
      as no source gives a table for them.
    * ``seven_each``: 7 (Wikipedia). ``no_draw``: 14/10/7/6/5 for 2–6
      players (nathan-long.com), the 42-shared count beyond.
    * a custom table: its count for this many players, else 42-shared.

    The 42-shared count never exceeds what the set can deal with the centre
    double out (players × tiles + 1 ≤ the set's tiles); the other tables give
    their number as it is, and a table too large for the set is refused when
    the game is read (``deal_exceeds_set``).

    :param set_n: N of the double-N set.
    :param players: how many players (≥ 1).
    :return: tiles per player (≥ 1).
    """
    size = DominoSet(set_n).size
    if isinstance(draw_counts, tuple) and players in dict(draw_counts):
        return dict(draw_counts)[players]
    if draw_counts is DrawTable.SEVEN_EACH:
        return SEVEN
    if draw_counts is DrawTable.NO_DRAW and players in NO_DRAW_DEAL:
        return NO_DRAW_DEAL[players]
    shared = FORTY_TWO * (size - 1) / (DominoSet(9).size - 1)
    return max(1, min(int(shared / players + 0.5), (size - 1) // players))


# ---------------------------------------------------------------- the table


@dataclass(frozen=True)
class ChickenFootTable:
    """Everything about a Chicken Foot game fixed before the first round.

    :ivar set_n: N of the double-N set.
    :ivar players: names in clockwise seat order.
    :ivar rules: the rules in play.
    """

    set_n: int
    players: tuple[str, ...]
    rules: ChickenFootRules = field(default_factory=ChickenFootRules)

    @cached_property
    def set(self) -> DominoSet:
        """The domino set in play."""
        return DominoSet(self.set_n)

    @property
    def dealt(self) -> int:
        """Tiles dealt to each player by the rules' deal (:func:`deal`)."""
        return deal(self.set_n, len(self.players), self.rules.draw_counts)

    def as_dict(self) -> dict[str, Any]:
        """The record's head: ``kind``, ``set``, ``players``, ``rules`` (only
        the rules that differ from the defaults)."""
        return {"kind": KIND, "set": self.set_n, "players": list(self.players), "rules": self.rules.changed()}


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


# ---------------------------------------------------------------- the game


@dataclass(frozen=True)
class Standing:
    """A player's place: ``player``, ``total`` (points), ``rank`` (ties share)."""

    player: str
    total: int
    rank: int

    def as_dict(self) -> dict[str, Any]:
        """``{"player", "total", "rank"}``."""
        return {"player": self.player, "total": self.total, "rank": self.rank}


def rank_lowest_first(totals: Mapping[str, int], seats: Sequence[str]) -> list[Standing]:
    """Lowest total first; equal totals share a rank (12, 12, 30, 64 → 1, 1,
    3, 4); tied players keep seat order.

    :param totals: points by player.
    :param seats: the seat order.
    """
    ordered = sorted(totals.items(), key=lambda kv: (kv[1], seats.index(kv[0])))
    out: list[Standing] = []
    for i, (name, total) in enumerate(ordered):
        rank = out[-1].rank if out and out[-1].total == total else i + 1
        out.append(Standing(name, total, rank))
    return out


@dataclass(frozen=True)
class ChickenFootGame:
    """A checked Chicken Foot game: its table and the rounds played so far.

    The game ends after the round of the 0-0 (Wikipedia; hcherndon); the
    lowest total wins, equal totals share a rank.
    """

    table: ChickenFootTable
    rounds: tuple[ChickenFootRound, ...] = ()

    @cached_property
    def scores(self) -> tuple[dict[str, int], ...]:
        """Each round's points by player."""
        return tuple(round_scores(self.table, r) for r in self.rounds)

    def running_totals(self) -> list[dict[str, int]]:
        """Each player's total after each round (points)."""
        totals = dict.fromkeys(self.table.players, 0)
        out = []
        for scores in self.scores:
            totals = {n: totals[n] + scores[n] for n in self.table.players}
            out.append(totals)
        return out

    def totals(self) -> dict[str, int]:
        """Each player's total after the last round (points)."""
        totals = self.running_totals()
        return totals[-1] if totals else dict.fromkeys(self.table.players, 0)

    def standings(self) -> list[Standing]:
        """Players lowest total first; equal totals share a rank."""
        return rank_lowest_first(self.totals(), self.table.players)

    @property
    def finished(self) -> bool:
        """The 0-0 round has been played."""
        return bool(self.rounds) and self.rounds[-1].engine == 0

    @property
    def status(self) -> GameStatus:
        """``finished`` or ``in_progress``."""
        return GameStatus.FINISHED if self.finished else GameStatus.IN_PROGRESS

    def winners(self) -> list[str]:
        """The players ranked first once the game is finished; ``[]`` before."""
        if not self.finished:
            return []
        return [s.player for s in self.standings() if s.rank == 1]

    def next_round(self) -> RoundPlan | None:
        """The next round's plan; ``None`` once finished. Its centre double
        is one below the last round's (:func:`centre_doubles`)."""
        if self.finished:
            return None
        engine = self.rounds[-1].engine - 1 if self.rounds else self.table.set_n
        dealt = self.table.dealt
        players = len(self.table.players)
        return RoundPlan(len(self.rounds) + 1, engine, dealt, self.table.set.size - 1 - players * dealt,
                         self.table.rules.unheld_double, self.table.rules.centre_sides)

    def as_record(self) -> dict[str, Any]:
        """The plain game record, without derived fields."""
        d = self.table.as_dict()
        d["rounds"] = [r.as_dict() for r in self.rounds]
        return d

    def derived(self) -> dict[str, Any]:
        """The record plus ``rounds[].number``, ``rounds[].scores`` and
        ``rounds[].totals`` (points by player), ``standings``
        (``[{"player", "total", "rank"}]``), ``status``, ``winners`` and, while
        in progress, ``next_round`` (:meth:`RoundPlan.as_dict`)."""
        d = self.as_record()
        for out, rnd, scores, totals in zip(d["rounds"], self.rounds, self.scores, self.running_totals()):
            out["number"] = rnd.number
            out["scores"] = dict(scores)
            out["totals"] = dict(totals)
        d["standings"] = [s.as_dict() for s in self.standings()]
        d["status"] = self.status.value
        d["winners"] = self.winners()
        plan = self.next_round()
        if plan is not None:
            d["next_round"] = plan.as_dict()
        return d


# ---------------------------------------------------------------- reading


_HAND_KEYS = frozenset({"pips", "tiles", "tiles_left", "double_blank", "drawn", "blanks"})
_ROUND_KEYS = frozenset({
    "engine", "dealt", "ended", "hands", "ended_on_double",
    # sent back by forms and by a record read back from the API (ignored)
    "number", "version", "confirm", "scores", "totals", "starter", "unverified",
})


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _clean_name(name: str) -> str:
    name = unicodedata.normalize("NFC", name)
    name = "".join(ch for ch in name if unicodedata.category(ch) != "Cf")
    return " ".join(name.split())


def read_table(record: Any, problems: Problems) -> ChickenFootTable | None:
    """Read a record's head: ``kind``, ``set``, ``players``, ``rules``.

    Other fields of the record are left to the caller.

    :param problems: where refusals go: ``unknown_kind``, ``unknown_set``,
        ``bad_value``, ``name_too_long``, ``duplicate_player``,
        ``too_few_players``, ``too_many_players``, ``deal_exceeds_set``, the
        rules' codes (:func:`parse_rules`).
    :return: the table, or ``None`` when it could not be read.
    """
    if not isinstance(record, Mapping):
        problems.error("", "bad_value", tr("A game record must be an object."))
        return None
    kind = record.get("kind", KIND)
    if kind != KIND:
        problems.error("kind", "unknown_kind", tr("This is not a Chicken Foot game."))
    set_n = record.get("set", DEFAULT_SET)
    if not _is_int(set_n) or set_n not in SETS:
        problems.error("set", "unknown_set", tr(
            "Chicken Foot is played with a double-6, 9, 12, 15 or 18 set."))
        set_n = None
    players = _read_players(record.get("players"), problems)
    rules = parse_rules(record.get("rules"), problems)
    if set_n is None or players is None or kind != KIND:
        return None
    table = ChickenFootTable(set_n, tuple(players), rules)
    if len(players) * table.dealt + 1 > table.set.size:
        problems.error("players", "deal_exceeds_set", tr(
            "A double-%(set)s set cannot deal %(dealt)s tiles to each of %(players)s players "
            "with the centre double out.", set=set_n, dealt=table.dealt, players=len(players)))
        return None
    return table


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
    if len(names) < MIN_PLAYERS:
        problems.error("players", "too_few_players", tr("A game needs at least %(least)s players.",
                                                        least=MIN_PLAYERS))
        return None
    if len(names) > MAX_PLAYERS:
        problems.error("players", "too_many_players", trn("At most %(n)s player can be seated.",
                                                          "At most %(n)s players can be seated.", MAX_PLAYERS))
        return None
    return names


def _parse_tile(text: Any) -> Tile | None:
    if not isinstance(text, str):
        return None
    try:
        return Tile.parse(text)
    except TileError:
        return None


@dataclass
class _RoundReader:
    """Reads one round object into a :class:`ChickenFootRound`, collecting problems."""

    table: ChickenFootTable
    number: int
    last_engine: int | None
    path: str
    problems: Problems
    ok: bool = True

    def error(self, where: str, code: str, message: str, **params: Any) -> None:
        self.problems.error(f"{self.path}{where}", code, message, **params)
        self.ok = False

    def read(self, data: Any) -> ChickenFootRound | None:
        if not isinstance(data, Mapping):
            self.error("", "bad_value", tr("A round must be an object."))
            return None
        for key in data:
            if key not in _ROUND_KEYS:
                self.error(f".{key}", "bad_value", tr("A round has no field %(key)r.", key=key))
        engine = self._engine(data.get("engine"))
        dealt = self._dealt(data.get("dealt"))
        ended = self._ended(data.get("ended"))
        on_double = self._on_double(data.get("ended_on_double"), ended)
        if engine is None or dealt is None:
            return None
        hands = self._hands(data.get("hands"), engine)
        if ended is None or hands is None or not self.ok:
            return None
        self._check_out(ended, hands)
        if not self.ok:
            return None
        hands = self._check_tiles(engine, dealt, hands)
        if hands is None or not self.ok:
            return None
        return ChickenFootRound(self.number, engine, dealt, ended, hands, on_double)

    def _engine(self, value: Any) -> int | None:
        n = self.table.set_n
        expected = n if self.last_engine is None else self.last_engine - 1
        if value is None:
            return expected
        if not _is_int(value) or not 0 <= value <= n:
            self.error(".engine", "bad_value", tr(
                "The centre double is a double of this set, from 0-0 to %(n)s-%(n)s.", n=n))
            return None
        if self.table.rules.unheld_double is UnheldDouble.BURN:
            if value > expected:
                self.error(".engine", "engine_out_of_sequence", tr(
                    "The centre double must be lower than the last round's, %(last)s-%(last)s.",
                    last=expected + 1))
                return None
        elif value != expected:
            self.error(".engine", "engine_out_of_sequence", tr(
                "This round's centre double is %(suit)s-%(suit)s, one lower than the last round's.",
                suit=expected))
            return None
        return int(value)

    def _dealt(self, value: Any) -> dict[str, int] | None:
        players = self.table.players
        if value is None:
            value = self.table.dealt
        if _is_int(value):
            dealt = dict.fromkeys(players, int(value))
        elif isinstance(value, Mapping) and set(value) == set(players) and all(_is_int(v) for v in value.values()):
            dealt = {n: int(value[n]) for n in players}
        else:
            self.error(".dealt", "bad_value", tr(
                "Give the tiles dealt to each player: one number, or a number for every player."))
            return None
        if any(v < 1 for v in dealt.values()):
            self.error(".dealt", "bad_value", tr("Each player is dealt at least one tile."))
            return None
        if sum(dealt.values()) + 1 > self.table.set.size:
            self.error(".dealt", "deal_exceeds_set", tr(
                "A double-%(set)s set has %(size)s tiles: the centre double and %(dealt)s dealt do not fit.",
                set=self.table.set_n, size=self.table.set.size, dealt=sum(dealt.values())))
            return None
        return dealt

    def _ended(self, value: Any) -> Ended | None:
        if isinstance(value, str) and value in Ended._value2member_map_:
            return Ended(value)
        self.error(".ended", "bad_value", tr("Say how the round ended: a player went out, or it was blocked."))
        return None

    def _on_double(self, value: Any, ended: Ended | None) -> bool:
        if value is None or value is False:
            return False
        if value is not True:
            self.error(".ended_on_double", "bad_value", tr("“Went out on a double” is ticked or not, nothing else."))
            return False
        if ended is Ended.BLOCKED:
            self.error(".ended_on_double", "bad_value", tr("Nobody went out, so nobody went out on a double."))
            return False
        return True

    def _hands(self, value: Any, engine: int) -> dict[str, HandLeft] | None:
        if not isinstance(value, Mapping):
            self.error(".hands", "bad_value", tr("Give what each player has left in hand."))
            return None
        for name in value:
            if name not in self.table.players:
                self.error(f".hands.{name}", "unknown_player", tr("%(name)s is not in this game.", name=name),
                           player=name)
        read: dict[str, HandLeft] = {}
        for name in self.table.players:
            if name not in value:
                self.error(f".hands.{name}", "missing_hand", tr("Give what %(name)s has left in hand.", name=name),
                           player=name)
                continue
            hand = self._hand(value[name], f".hands.{name}", double(engine))
            if hand is not None:
                read[name] = hand
        return read if len(read) == len(self.table.players) else None

    def _hand(self, data: Any, where: str, engine: Tile) -> HandLeft | None:
        if not isinstance(data, Mapping):
            self.error(where, "bad_value", tr("A hand must be an object with pips or tiles."))
            return None
        counts = self._hand_counts(data, where)
        if counts is None:
            return None
        flag = data.get("double_blank", False)
        if not isinstance(flag, bool):
            self.error(f"{where}.double_blank", "bad_value", tr("“Holds the 0-0” is ticked or not, nothing else."))
            return None
        if flag and engine == DOUBLE_BLANK:
            self.error(f"{where}.double_blank", "engine_in_hand", tr(
                "The 0-0 is the centre double of this round; no hand can hold it."))
            return None
        if "tiles" in data:
            return self._hand_of_tiles(data, where, engine, flag, counts)
        return self._hand_of_pips(data, where, flag, counts)

    def _hand_counts(self, data: Mapping[str, Any], where: str) -> dict[str, int | None] | None:
        """A hand's fields known, and its ``tiles_left``, ``drawn`` and
        ``blanks`` (each a whole number, 0 or more, or ``None``); ``None`` when
        one is refused."""
        for key in data:
            if key not in _HAND_KEYS:
                self.error(f"{where}.{key}", "bad_value", tr("A hand has no field %(key)r.", key=key))
                return None
        counts: dict[str, int | None] = {}
        for key, words in (("tiles_left", tr("The tiles left must be a whole number, 0 or more.")),
                           ("drawn", tr("The tiles drawn must be a whole number, 0 or more.")),
                           ("blanks", tr("The tiles with a blank half must be a whole number, 0 or more."))):
            value = data.get(key)
            if value is not None and (not _is_int(value) or value < 0):
                self.error(f"{where}.{key}", "bad_value", words)
                return None
            counts[key] = value
        return counts

    def _hand_of_tiles(self, data: Mapping[str, Any], where: str, engine: Tile, flag: bool,
                       counts: Mapping[str, int | None]) -> HandLeft | None:
        """A hand given by its tiles; the pips, counts and 0-0 typed beside
        them must agree (``pips_mismatch``)."""
        left, drawn, blanks = counts["tiles_left"], counts["drawn"], counts["blanks"]
        tiles = self._tiles(data["tiles"], f"{where}.tiles", engine)
        if tiles is None:
            return None
        held = sum(t.pips for t in tiles)
        hand = HandLeft(held, len(tiles), DOUBLE_BLANK in tiles, tiles, drawn)
        if data.get("pips") is not None and data["pips"] != held:
            self.error(f"{where}.pips", "pips_mismatch", trn(
                "The tiles hold %(n)s pip, not %(given)s.", "The tiles hold %(n)s pips, not %(given)s.",
                held, given=data["pips"]), pips=held)
        if left is not None and left != len(tiles):
            self.error(f"{where}.tiles_left", "pips_mismatch", tr(
                "%(listed)s tiles are listed, not %(given)s.", listed=len(tiles), given=left))
        if flag and not hand.double_blank:
            self.error(f"{where}.double_blank", "pips_mismatch", tr("The 0-0 is not among the tiles listed."))
        if blanks is not None and blanks != hand.blank_halves:
            self.error(f"{where}.blanks", "pips_mismatch", tr(
                "%(listed)s of the tiles listed have a blank half, not %(given)s.",
                listed=hand.blank_halves, given=blanks))
        return hand

    def _hand_of_pips(self, data: Mapping[str, Any], where: str, flag: bool,
                      counts: Mapping[str, int | None]) -> HandLeft | None:
        """A hand given by its pips (and the counts typed beside them)."""
        left, drawn, blanks = counts["tiles_left"], counts["drawn"], counts["blanks"]
        pips = data.get("pips")
        if pips is None:
            self.error(f"{where}.pips", "bad_value", tr("Give the pips left in the hand."))
            return None
        if not _is_int(pips):
            self.error(f"{where}.pips", "bad_value", tr("Pips must be a whole number."))
            return None
        if pips < 0:
            self.error(f"{where}.pips", "pips_negative", tr("Pips cannot be negative."), pips=pips)
            return None
        if left == 0 and (pips or flag):
            self.error(f"{where}.pips", "pips_infeasible", tr("A hand with no tiles left holds nothing."),
                       pips=pips)
            return None
        hand = HandLeft(pips, left, flag, None, drawn, blanks)
        if self.table.rules.blank_half_points and blanks is None and not hand.out:
            self.error(f"{where}.blanks", "bad_value", tr(
                "At this table each tile with a blank half scores extra: say how many are left."))
            return None
        return hand

    def _tiles(self, value: Any, where: str, engine: Tile) -> tuple[Tile, ...] | None:
        if not isinstance(value, list):
            self.error(where, "bad_value", tr('tiles must be a list such as ["6-5", "2-1"].'))
            return None
        tiles: list[Tile] = []
        for i, text in enumerate(value):
            tile = _parse_tile(text)
            if tile is None:
                self.error(f"{where}[{i}]", "bad_value", tr("%(text)r is not a tile; write it as 6-5.", text=text))
            elif tile not in self.table.set:
                self.error(f"{where}[{i}]", "tiles_not_in_set", tr(
                    "%(tile)s is not in a double-%(set)s set.", tile=tile, set=self.table.set_n), tile=str(tile))
            elif tile == engine:
                self.error(f"{where}[{i}]", "engine_in_hand", tr(
                    "%(tile)s is the centre double of this round.", tile=tile), tile=str(tile))
            elif tile in tiles:
                self.error(f"{where}[{i}]", "tile_repeated", tr("%(tile)s is listed twice.", tile=tile),
                           tile=str(tile))
            else:
                tiles.append(tile)
                continue
            return None
        return tuple(tiles)

    def _check_out(self, ended: Ended, hands: Mapping[str, HandLeft]) -> None:
        out = [n for n, h in hands.items() if h.out]
        if ended is Ended.BLOCKED:
            for name in out:
                self.error(f".hands.{name}", "out_but_blocked", tr(
                    "%(name)s has no tiles left, but the round was blocked: nobody went out. "
                    "If %(name)s holds the 0-0, tick it.", name=name), player=name)
        elif not out:
            self.error(".hands", "nobody_out", tr(
                "The round ended with a player going out, but every hand still has tiles."))
        elif len(out) > 1:
            self.error(".hands", "several_out", tr(
                "Only one player can go out, but %(names)s have no tiles left.", names=join_names(out)))

    def _check_tiles(self, engine: int, dealt: Mapping[str, int],
                     hands: dict[str, HandLeft]) -> dict[str, HandLeft] | None:
        held, holders, boneyard = self._check_counts(dealt, hands)
        if not self.ok:
            return None
        removed = set(held) | {double(engine), DOUBLE_BLANK}
        pool = _Pool.of(t for t in self.table.set.tiles if t not in removed)
        blank_free = engine != 0 and DOUBLE_BLANK not in held and not holders
        out = self._fit_pips(pool, dealt, hands, boneyard, blank_free)
        if not self.ok:
            return None
        return self._check_together(pool, dealt, out, boneyard)

    def _check_counts(self, dealt: Mapping[str, int],
                      hands: Mapping[str, HandLeft]) -> tuple[dict[Tile, str], list[str], int]:
        """Each tile and the 0-0 in one hand, the draws within the boneyard and
        each hand's count within what it can hold; returns the tiles listed
        (with their holder), who says he holds the 0-0, and the boneyard."""
        held: dict[Tile, str] = {}
        for name, hand in hands.items():
            for i, tile in enumerate(hand.tiles or ()):
                if tile in held:
                    self.error(f".hands.{name}.tiles[{i}]", "tile_repeated", tr(
                        "%(tile)s is in %(first)s's hand and in %(name)s's.", tile=tile,
                        first=held[tile], name=name), tile=str(tile))
                held[tile] = name
        holders = [n for n, h in hands.items() if h.double_blank]
        if len(holders) > 1:
            self.error(".hands", "double_blank_twice", tr(
                "There is one 0-0, but %(names)s are said to hold it.", names=join_names(holders)))
        boneyard = self.table.set.size - 1 - sum(dealt.values())
        drawn = sum(h.drawn or 0 for h in hands.values())
        implied = sum(max(h.drawn or 0, (h.tiles_left or 0) - dealt[n]) for n, h in hands.items())
        if max(drawn, implied) > boneyard:
            self.error(".hands", "drawn_exceeds_boneyard", trn(
                "The boneyard holds %(n)s tile, fewer than the hands drew.",
                "The boneyard holds %(n)s tiles, fewer than the hands drew.", boneyard))
        for name, hand in hands.items():
            most = dealt[name] + (boneyard if hand.drawn is None else hand.drawn)
            if hand.tiles_left is not None and hand.tiles_left > most:
                self.error(f".hands.{name}.tiles_left", "too_many_tiles", trn(
                    "%(name)s can hold at most %(n)s tile.", "%(name)s can hold at most %(n)s tiles.",
                    most, name=name))
        return held, holders, boneyard

    def _fit_pips(self, pool: _Pool, dealt: Mapping[str, int], hands: Mapping[str, HandLeft],
                  boneyard: int, blank_free: bool) -> dict[str, HandLeft]:
        """Each hand given by its pips can be made of the ``pool``; one that
        only the 0-0 can make (when it is ``blank_free``) is given it;
        ``pips_infeasible`` otherwise."""
        out = dict(hands)
        for name, hand in hands.items():
            if hand.tiles is not None or hand.out:
                continue
            most = dealt[name] + (boneyard if hand.drawn is None else hand.drawn)
            if pool.can_hold(hand.pips, hand.tiles_left, most, with_blank=hand.double_blank):
                continue
            if not hand.double_blank and blank_free and pool.can_hold(hand.pips, hand.tiles_left, most,
                                                                      with_blank=True):
                out[name] = replace(hand, double_blank=True)
                continue
            self.error(f".hands.{name}.pips", "pips_infeasible", _infeasible_words(hand, most), pips=hand.pips)
        return out

    def _check_together(self, pool: _Pool, dealt: Mapping[str, int], out: dict[str, HandLeft],
                        boneyard: int) -> dict[str, HandLeft] | None:
        """The hands can all be held at once: one 0-0, and enough distinct
        tiles in the ``pool`` for the hands given by their pips."""
        holders = [n for n, h in out.items() if h.double_blank]
        if len(holders) > 1:
            self.error(".hands", "double_blank_twice", tr(
                "Only the 0-0 can make the hands of %(names)s, and there is one 0-0.",
                names=join_names(holders)))
            return None
        guessed = [h for h in out.values() if h.tiles is None and not h.out]
        if not pool.can_hold_together(guessed, [dealt[n] + boneyard for n, h in out.items()
                                                if h.tiles is None and not h.out]):
            self.error(".hands", "hands_infeasible", tr(
                "These hands cannot all be held at once: the set has not enough distinct tiles for them."))
            return None
        return out


def _infeasible_words(hand: HandLeft, most: int) -> str:
    if hand.tiles_left is not None:
        return trn("No %(n)s tile of this set, the centre double aside, holds %(pips)s pips.",
                   "No %(n)s tiles of this set, the centre double aside, add up to %(pips)s pips.",
                   hand.tiles_left, pips=hand.pips)
    return trn("No hand of at most %(n)s tile of this set holds %(pips)s pips.",
               "No hand of at most %(n)s tiles of this set adds up to %(pips)s pips.", most, pips=hand.pips)


@dataclass(frozen=True)
class _Pool:
    """The tiles a hand given only by its pips may be made of, the 0-0 aside
    (it is counted on its own: it adds a tile and no pips).

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

    def can_hold(self, pips: int, count: int | None, most: int, *, with_blank: bool) -> bool:
        """A hand of ``count`` tiles (1 to ``most`` when unknown) holding
        ``pips`` pips, the 0-0 among them when ``with_blank``, can be made."""
        extra = 1 if with_blank else 0
        if count is not None:
            return self.can_make(pips, count - extra)
        return any(self.can_make(pips, k - extra) for k in range(max(1, extra), most + 1))

    def can_hold_together(self, hands: Sequence[HandLeft], most: Sequence[int]) -> bool:
        """The hands together fit the pool's bounds (a bound, not an exact
        search; each hand alone is checked exactly)."""
        if not hands:
            return True
        pips = sum(h.pips for h in hands)
        fewest = sum((h.tiles_left if h.tiles_left is not None else 1) - h.double_blank for h in hands)
        largest = sum((h.tiles_left if h.tiles_left is not None else m) - h.double_blank
                      for h, m in zip(hands, most))
        if fewest > len(self.values):
            return False
        return self.lightest(max(fewest, 0)) <= pips <= self.heaviest(min(largest, len(self.values)))


# ---------------------------------------------------------------- entry points


def read_game(record: Any, confirm: bool = False) -> ChickenFootGame:
    """Read and check a whole Chicken Foot game record.

    :param record: the record (``kind``, ``set``, ``players``, ``rules``,
        ``rounds``), as parsed JSON.
    :param confirm: accept warnings (none are given today).
    :return: the checked :class:`ChickenFootGame`.
    :raises RecordError: with every problem of the head and of the first
        refused round (the next round's centre double follows from it), paths
        such as ``rounds[2].hands.Ben.pips``: the codes of :func:`read_table`; per
        round ``bad_value``, ``engine_out_of_sequence``, ``engine_in_hand``,
        ``deal_exceeds_set``, ``missing_hand``, ``unknown_player``,
        ``pips_negative``, ``pips_mismatch``, ``pips_infeasible``,
        ``hands_infeasible``, ``tiles_not_in_set``, ``tile_repeated``,
        ``double_blank_twice``, ``drawn_exceeds_boneyard``, ``too_many_tiles``,
        ``nobody_out``, ``several_out``, ``out_but_blocked``; ``game_finished``
        for a round after the 0-0 round.
    """
    problems = Problems()
    table = read_table(record, problems)
    raw = record.get("rounds", []) if isinstance(record, Mapping) else []
    if not isinstance(raw, list):
        problems.error("rounds", "bad_value", tr("The rounds must be a list of rounds."))
        raw = []
    game = None
    if table is not None:
        game = ChickenFootGame(table)
        for i, data in enumerate(raw):
            if game.finished or i > table.set_n:
                problems.error(f"rounds[{i}]", "game_finished", tr(
                    "The game ended with the 0-0 round."))
                break
            last = game.rounds[-1].engine if game.rounds else None
            rnd = _RoundReader(table, i + 1, last, f"rounds[{i}]", problems).read(data)
            if rnd is None:
                break  # the next round's centre double follows from this one
            game = ChickenFootGame(table, (*game.rounds, rnd))
    problems.raise_if_any(confirm)
    assert game is not None
    return game


def check_round(game: ChickenFootGame, data: Any, number: int, confirm: bool = False) -> ChickenFootRound:
    """Check round ``number`` of ``game``: a new round, or one to replace.

    :param game: the game as stored.
    :param data: the round object.
    :param number: 1-based; ``len(game.rounds) + 1`` to add a round.
    :param confirm: accept warnings.
    :return: the checked :class:`ChickenFootRound`. After a replacement,
        read the whole record again (:func:`read_game`) to store the game.
    :raises RecordError: as :func:`read_game` for one round; ``bad_value`` for
        a number that is neither a round of the game nor the next;
        ``game_finished`` after the 0-0 round; ``engine_out_of_sequence`` when
        a corrected centre double no longer sits between its neighbours.
    """
    problems = Problems()
    if not _is_int(number) or not 1 <= number <= len(game.rounds) + 1:
        problems.error("number", "bad_value", tr("There is no round %(number)s to change.", number=number))
        problems.raise_if_any()
    path = f"rounds[{number - 1}]"
    before = game.rounds[: number - 1]
    if ChickenFootGame(game.table, before).finished or number > game.table.set_n + 1:
        problems.error(path, "game_finished", tr("The game ended with the 0-0 round."))
        problems.raise_if_any()
    last = before[-1].engine if before else None
    rnd = _RoundReader(game.table, number, last, path, problems).read(data)
    if rnd is not None and number < len(game.rounds):
        following = game.rounds[number].engine
        burn = game.table.rules.unheld_double is UnheldDouble.BURN
        out_of_order = following >= rnd.engine if burn else following != rnd.engine - 1
        if out_of_order:
            problems.error(f"{path}.engine", "engine_out_of_sequence", tr(
                "The next round was played on %(next)s-%(next)s, so this round's centre double "
                "cannot be %(suit)s-%(suit)s.", next=following, suit=rnd.engine))
        elif rnd.engine == 0:
            problems.error(path, "game_finished", tr(
                "With this round the game is over, but more rounds were played after it."))
    problems.raise_if_any(confirm)
    assert rnd is not None
    return rnd
