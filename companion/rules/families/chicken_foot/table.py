"""Chicken Foot: the table, fixed before the first round.

The schedule of centre doubles (:func:`centre_doubles`), the tiles dealt to
each player (:func:`deal`), :class:`ChickenFootTable` and :func:`read_table`,
which reads a record's head (``kind``, ``set``, ``players``, ``rules``).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from ...errors import Problems, tr, trn
from ...tiles import DominoSet
from .rules import (
    DEFAULT_SET,
    FORTY_TWO,
    KIND,
    MAX_NAME,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NO_DRAW_DEAL,
    SETS,
    SEVEN,
    ChickenFootRules,
    DrawTable,
    _is_int,
    parse_rules,
)

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
