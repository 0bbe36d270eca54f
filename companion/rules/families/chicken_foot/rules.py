"""Chicken Foot: the rules of a table (kind ``chicken_foot``).

The constants of the game (sets, players, the 0-0's points, the deal
tables), each rule key's choices, :class:`ChickenFootRules` and
:func:`parse_rules`, and :data:`PRESETS` (sources in the package docstring).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from enum import StrEnum
from typing import Any

from ...errors import N_, Problems, tr
from ...tiles import double

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
            players = int(key) if isinstance(key, str) and key.isascii() and key.isdigit() else key
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


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
