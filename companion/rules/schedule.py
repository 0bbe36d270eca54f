"""The round schedule of a Mexican Train game: engines, starters, the deal.

Sources:

* One round per double, highest to 0-0: 13 rounds with double-12, N+1 with
  double-N ([MT-BE] [MT-HR] [MT-MN] [MT-KO]; docs/sources.md).
* The start moves one seat clockwise each round ([MT-HR]).
* Tiles dealt per player ([MT-BE] [MT-MN] [MT-KO]; [MT-HR] agrees for double-12):
  double-12: 2→16, 3→16, 4→15, 5→14, 6→12, 7→10, 8→9; double-9: 2→15, 3→13, 4→10.
* Double-12 with 9 or 10 players: 8 tiles each, as printed on common public
  rule pages (e.g. the Cardinal-style rule sheet reproduced at
  htfbw.com/games-cards/Games/76098.shtml: "for nine to 10, each takes eight").
* Everything the sources leave open (double-6, double-15, double-18, double-9
  with more than four players, 11–12 players) follows one rule of ours, written
  down so a table can check it: the double-12 count for that many players
  (11 or 12 players: 7), but never more than two thirds of the tiles left after
  the engine is out, shared evenly. A table that deals otherwise sets
  ``draw_counts`` or types the deal of the round.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Any

from companion.rules.kinds import EngineOrder
from companion.rules.tiles import DominoSet

MIN_PLAYERS = 2
"""Fewest players for Mexican Train (docs/sources.md)."""
MAX_PLAYERS = 12
"""Most players the app seats without a warning (double-15/18 sets: 9–12
players, [MT-MN] [MT-KO])."""
LARGE_SET_MAX_PLAYERS = 16
"""Most players seated on a double-15 or double-18 set, with a warning to
confirm above :data:`MAX_PLAYERS`: clubs seat 13–14 with a double-18, 11
tiles each (a public rule page of a domino-set maker, reproduced on a
public blog: "For 13-14 players, use a double-18 set - each player takes
11"); 16 is where the deal table of this module still leaves a boneyard."""

SEED_DEAL: dict[int, dict[int, int]] = {
    12: {2: 16, 3: 16, 4: 15, 5: 14, 6: 12, 7: 10, 8: 9},
    9: {2: 15, 3: 13, 4: 10},
}
"""The dealing table of [MT-BE] [MT-MN] [MT-KO] (tiles per player, by set and players)."""

PUBLIC_DEAL: dict[int, dict[int, int]] = {12: {9: 8, 10: 8}}
"""Double-12 with 9–10 players (public rule pages, see the module docstring)."""

_LARGE_TABLE_DEAL = {11: 7, 12: 7}
"""Our extension of the double-12 counts to 11 and 12 players."""

USUAL_PLAYERS: dict[int, tuple[int, int]] = {
    6: (2, 4),
    9: (2, 4),
    12: (2, 8),
    15: (2, 12),
    18: (2, 12),
}
"""Player counts each set is usually played with ([MT-MN] [MT-KO]: double-9 for
2–4, double-12 for 2–8, double-15 or -18 for 9–12). Outside: a warning."""


def engines(
    set_n: int, order: str = EngineOrder.DESCENDING, start: int | None = None, end: int | None = None
) -> list[int]:
    """The engine double of every round, as suits, in playing order.

    :param set_n: N of the double-N set.
    :param order: ``"descending"`` (N-N first, [MT-BE] [MT-HR] [MT-MN] [MT-KO]) or ``"ascending"``.
    :param start: the first round's engine (default N descending, 0 ascending);
        a shorter game starts lower (a house rule: no source document gives one).
    :param end: the last round's engine (default 0 descending, N ascending).
    :return: e.g. ``[12, 11, …, 0]`` for double-12: N+1 rounds; ``[]`` when
        ``start`` and ``end`` run against ``order``.
    """
    if order == EngineOrder.DESCENDING:
        first = set_n if start is None else start
        last = 0 if end is None else end
        return list(range(first, last - 1, -1))
    first = 0 if start is None else start
    last = set_n if end is None else end
    return list(range(first, last + 1))


def rule_deal(set_n: int, players: int) -> int:
    """Tiles dealt to each player when no ``draw_counts`` is set.

    :param set_n: N of the double-N set.
    :param players: how many players take part (≥ 1).
    :return: tiles per player (≥ 1), from the documents' table where it has an entry,
        otherwise from the rule in this module's docstring.
    """
    for table in (SEED_DEAL, PUBLIC_DEAL):
        if players in table.get(set_n, {}):
            return table[set_n][players]
    d12 = {**SEED_DEAL[12], **PUBLIC_DEAL[12], **_LARGE_TABLE_DEAL}
    base = d12.get(players, 16 if players < 2 else 7)
    pool = DominoSet(set_n).size - 1
    return max(1, min(base, (2 * pool) // (3 * players)))


def standard_deal(set_n: int, players: int, draw_counts: Mapping[int, int] | None = None) -> int:
    """Tiles to deal each player: the house ``draw_counts`` when it covers
    this many players, else :func:`rule_deal`.

    :param draw_counts: ``{players: tiles}`` from the rule profile, or ``None``.
    """
    if draw_counts and players in draw_counts:
        return int(draw_counts[players])
    return rule_deal(set_n, players)


def starter(
    players: list[str] | tuple[str, ...],
    first_starter: str,
    number: int,
    absent: frozenset[str] | set[str] = frozenset(),
) -> str:
    """Who starts round ``number`` (1-based): one seat clockwise each round ([MT-HR]).

    When that seat's player sits the round out, the next present player
    clockwise starts.

    :param players: the seat order, clockwise.
    :param first_starter: who starts round 1; must be one of ``players``.
    :param absent: players not at the table this round.
    :raises ValueError: when ``first_starter`` is not seated, or everyone is absent.
    """
    first = list(players).index(first_starter)
    for step in range(len(players)):
        name = players[(first + number - 1 + step) % len(players)]
        if name not in absent:
            return name
    raise ValueError("nobody is at the table")


def next_starter(
    players: list[str] | tuple[str, ...],
    previous: str | None,
    first_starter: str,
    at_table: Collection[str],
) -> str:
    """Who starts the next round: the start passes one seat clockwise each
    round ([MT-HR], docs/sources.md), to the next player at the table.

    Round 1 (``previous`` is ``None``) starts with ``first_starter``, or the
    next player at the table clockwise from that seat. After that the player
    clockwise after the last round's starter starts, skipping seats whose
    player is not at the table (sitting the round out, away, or not yet
    joined); a player who joins takes their turn when the start reaches
    their seat.

    :param players: the seat order, clockwise.
    :param previous: who started the last round; ``None`` before round 1.
    :param first_starter: who starts round 1; one of ``players``.
    :param at_table: the players at the table for the round.
    :raises ValueError: when nobody is at the table, or ``previous`` or
        ``first_starter`` is not seated.
    """
    seats = list(players)
    if previous is None:
        begin, steps = seats.index(first_starter), range(len(seats))
    else:
        begin, steps = seats.index(previous), range(1, len(seats) + 1)
    for step in steps:
        name = seats[(begin + step) % len(seats)]
        if name in at_table:
            return name
    raise ValueError("nobody is at the table")


@dataclass(frozen=True)
class RoundPlan:
    """What the table needs before a round: the "next round" card.

    :ivar number: the round's number, 1-based.
    :ivar engine: the engine double's suit (the engine is ``engine-engine``);
        ``None`` in games without an engine.
    :ivar starter: the player who plays first; ``None`` where the deal decides.
    :ivar dealt: tiles to deal each player.
    :ivar boneyard: tiles left in the boneyard after the deal (engine out).
    """

    number: int
    engine: int | None
    starter: str | None
    dealt: int
    boneyard: int

    def as_dict(self) -> dict[str, Any]:
        """The docs/design.md ``next_round`` object plus ``boneyard``."""
        return {
            "number": self.number,
            "engine": self.engine,
            "starter": self.starter,
            "dealt": self.dealt,
            "boneyard": self.boneyard,
        }


def plan_round(
    set_n: int,
    players: list[str] | tuple[str, ...],
    first_starter: str,
    number: int,
    order: str = EngineOrder.DESCENDING,
    draw_counts: Mapping[int, int] | None = None,
    start: int | None = None,
    end: int | None = None,
) -> RoundPlan:
    """The plan of round ``number`` of a Mexican Train game.

    :raises IndexError: when the game has fewer than ``number`` rounds.
    """
    seq = engines(set_n, order, start, end)
    if not 1 <= number <= len(seq):
        raise IndexError(f"a double-{set_n} game has {len(seq)} rounds, not {number}")
    dealt = standard_deal(set_n, len(players), draw_counts)
    boneyard = DominoSet(set_n).size - 1 - dealt * len(players)
    return RoundPlan(number, seq[number - 1], starter(players, first_starter, number), dealt, boneyard)
