"""Partnership dominoes: the table, fixed before the first hand.

The two pairs (:class:`Teams`), :class:`PartnershipTable` and
:func:`read_table`, which reads a record's head (``kind``, ``set``,
``players``, ``teams``, ``rules``) and the players named in it.
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
    DEALT,
    KIND,
    MAX_NAME,
    PLAYERS,
    SETS,
    Direction,
    PartnershipRules,
    _is_int,
    parse_rules,
)

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


def _read_player(value: Any, path: str, table: PartnershipTable, problems: Problems) -> str | None:
    if not isinstance(value, str) or _clean_name(value) not in table.players:
        problems.error(path, "unknown_player", tr("%(name)s is not in this game.", name=value), player=value)
        return None
    return _clean_name(value)
