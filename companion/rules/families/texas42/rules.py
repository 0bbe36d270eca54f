"""Texas 42: the rules of a table (kind ``texas42``).

The constants of the game (points in a hand, tricks, the count tiles, the
bids' range, trumps, the strokes of ALL), the contract types and results,
:data:`RULE_KEYS` with their defaults and sources, :data:`PRESETS`,
:class:`Texas42Rules` and :func:`read_rules`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from ...errors import N_, Problems
from ..counts import DIRECTION_KEY, Direction, Preset, RuleKey, read_rule_values

KIND = "texas42"

HAND_POINTS = 42
"""Points in a hand: 7 tricks of 1 and 35 in the count tiles (pagat)."""
TRICKS = 7
"""Tricks in a hand."""
COUNT_TILES: Mapping[str, int] = {"5-5": 10, "6-4": 10, "5-0": 5, "4-1": 5, "3-2": 5}
"""The count tiles and what each is worth, in points (pagat)."""
LOWEST_BID = 30
"""The lowest point bid."""
HIGHEST_POINT_BID = 41
"""The highest point bid; 42 is one mark."""
TRUMPS = ("blanks", "ones", "twos", "threes", "fours", "fives", "sixes", "doubles", "follow_me")
"""What the winning bidder may name as trumps: a suit, doubles, or no trump
("follow me") — pagat 42; Hearne."""
ALL_STROKES = (3, 2, 2)
"""The strokes of the letters A, L, L: seven marks drawn as the word ALL."""


class ContractType(StrEnum):
    """What the bidder promises (``contract.type``)."""

    NORMAL = "normal"
    """Take the points bid (a point bid) or every trick (a mark bid)."""
    NELLO = "nello"
    """Lose every trick; partner's tiles turned down (at least 1 mark)."""
    PLUNGE = "plunge"
    """Holding 4 or more doubles; partner names trumps; take every trick."""
    SPLASH = "splash"
    """The same with 3 doubles."""
    SEVENS = "sevens"
    """Tiles closest to 7 pips win; the bidder may not lose a trick."""


class Result(StrEnum):
    """How the hand came out (``result``)."""

    MADE = "made"
    SET = "set"
    RESHAKE = "reshake"
    """Everyone passed and the table does not force a bid: nobody scores."""


RULE_KEYS: tuple[RuleKey, ...] = (
    RuleKey("target_marks", 7, minimum=1, maximum=100,
            label=N_("Game: 7 marks (the strokes of ALL)"), source="forty-two.50megs; 42-online"),
    RuleKey("forced_bid", True, (True, False),
            label=N_("When everyone passes the shaker must bid at least 30 (else the tiles are "
                     "reshaken)"), source="42-online; Harper; Hearne (reshake)"),
    RuleKey("opening_mark_limit", 2, minimum=1, maximum=7,
            label=N_("The first mark bid may be up to this many marks"), source="42-online; Harper"),
    RuleKey("mark_raise_limit", 1, minimum=1, maximum=7,
            label=N_("Each later mark bid may raise by up to this many marks"),
            source="42-online; Harper (1); Lechner Hall (2)"),
    RuleKey("nello", False, (False, True), label=N_("Nello: the bidder promises to lose every trick"),
            source="Harper; Lechner Hall"),
    RuleKey("plunge", False, (False, True),
            label=N_("Plunge: with 4 doubles, partner names trumps; take every trick"),
            source="Lechner Hall"),
    RuleKey("splash", False, (False, True), label=N_("Splash: a plunge with 3 doubles"),
            source="Lechner Hall"),
    RuleKey("sevens", False, (False, True), label=N_("Sevens: tiles closest to 7 pips win"),
            source="dominorules Sevens; Lechner Hall"),
    RuleKey("plunge_marks", 4, minimum=2, maximum=7, label=N_("Marks of a plunge"),
            source="Lechner Hall (4); one player's table (3)"),
    RuleKey("splash_marks", 3, minimum=2, maximum=7, label=N_("Marks of a splash"),
            source="Lechner Hall"),
    DIRECTION_KEY,
)
"""Every rule key of the kind with its default; special contracts are off."""

PRESETS: Mapping[str, Preset] = {
    "texas42": Preset("texas42", N_("Texas 42"), "42-online; Harper 42 tournament rules", {}),
    "hearne": Preset("hearne", N_("Texas 42, reshake when all pass"), "Hearne Chamber 42 tournament",
                     {"forced_bid": False}),
    "lechner_hall": Preset("lechner_hall", N_("Texas 42 with nello, plunge, splash and sevens"),
                           "Lechner Hall 42 rules (http://www.texas42.net/lechnerhall.html)",
                           {"nello": True, "plunge": True, "splash": True, "sevens": True,
                            "mark_raise_limit": 2}),
}
"""The named rule sets of the start page."""


@dataclass(frozen=True)
class Texas42Rules:
    """The rules of one 42 game (every key of :data:`RULE_KEYS`).

    :ivar target_marks: marks that win the game.
    :ivar forced_bid: all pass → the shaker must bid (else reshake).
    :ivar opening_mark_limit: the first mark bid, at most (marks).
    :ivar mark_raise_limit: a later mark bid raises by at most (marks).
    :ivar nello: nello allowed. :ivar plunge: plunge allowed.
    :ivar splash: splash allowed. :ivar sevens: sevens allowed.
    :ivar plunge_marks: a plunge's bid (marks). :ivar splash_marks: a splash's bid (marks).
    :ivar direction: the way the shake and the bidding pass.
    """

    target_marks: int = 7
    forced_bid: bool = True
    opening_mark_limit: int = 2
    mark_raise_limit: int = 1
    nello: bool = False
    plunge: bool = False
    splash: bool = False
    sevens: bool = False
    plunge_marks: int = 4
    splash_marks: int = 3
    direction: Direction = Direction.CLOCKWISE

    def allows(self, kind: ContractType) -> bool:
        """Whether the table plays contract ``kind`` (normal always)."""
        return kind is ContractType.NORMAL or bool(getattr(self, kind.value))


def read_rules(data: Any, problems: Problems, path: str = "rules") -> Texas42Rules:
    """Read a record's ``rules`` for ``texas42``.

    :return: the rules (defaults where refused). Problems: ``unknown_rule``, ``bad_value``.
    """
    v = read_rule_values(data, RULE_KEYS, problems, path)
    return Texas42Rules(**{k.key: v[k.key] for k in RULE_KEYS if k.key != "direction"},
                        direction=Direction(v["direction"]))
