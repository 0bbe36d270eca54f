"""Seating a club night: drawing the tables, reseating between games, a late arrival.

A club evening seats the players present at several tables, each with its own
set (double-12 for up to 8 Mexican Train players, double-15 or double-18 for
9-12, a double-six for the classic games: docs/sources.md
and §3). Between games the evening may reseat by a rule, for example "the
lowest three of each table move down a table" (a ladder, as clubs that play
Mexican Train do; house rule, no document gives it). Everything here is pure and
deterministic for a given ``seed``: the same call draws the same tables.

Names are plain strings (the players' names as they appear in the roster);
each player is seated exactly once. Errors are :class:`SeatingError`.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Final

from companion.rules.kinds import LateJoin, Reseat, SeatingMethod

METHODS: Final[tuple[str, ...]] = tuple(SeatingMethod)
"""How the first draw of an evening is made: ``random`` (a shuffle) or
``balanced`` (each table gets players from every part of the standings)."""

RESEAT_RULES: Final[tuple[str, ...]] = tuple(Reseat)
"""Rules for reseating between games of an evening: ``keep`` (nobody moves),
``move_down`` (the lowest *k* of each table move down a table, the highest *k*
of the table below move up), ``by_standing`` (the best of the evening at the
first table, and so on), ``draw`` (a fresh draw that avoids pairs who sat
together)."""

LATE_RULES: Final[tuple[str, ...]] = tuple(LateJoin)
"""Where a late arrival starts at his table, from the next round: at 0, at the
table's highest total (for a game the highest total wins: the lowest, the
least favourable place either way) or at the table's average. These are the
values of the game rule ``late_join`` (companion/rules/profile.py)."""

PairCounts = Mapping[frozenset[str], int]
"""How often two players already sat at the same table: ``{frozenset({a, b}): n}``."""


class SeatingError(ValueError):
    """The players cannot be seated as asked (too few or too many for the
    tables' limits, a name given twice, an unknown rule).

    :ivar code: a stable code: ``too_few_players``, ``too_many_players``,
        ``duplicate_player``, ``bad_value``.
    """

    def __init__(self, code: str, message: str) -> None:
        self.code = code
        super().__init__(message)


@dataclass(frozen=True)
class TableLimits:
    """What one table can seat.

    :ivar fewest: fewest players the table's game takes (2 for every kind,
        docs/sources.md).
    :ivar most: most players (Mexican Train: 8 with double-12, 4 with
        double-9, 12 with double-15/18; classic games: 4; [MT-MN] [MT-KO], 003).
    """

    fewest: int = 2
    most: int = 8

    def __post_init__(self) -> None:
        if self.fewest < 1 or self.most < self.fewest:
            raise SeatingError("bad_value", f"a table needs 1 <= fewest <= most, got {self.fewest}..{self.most}")


def table_sizes(players: int, tables: Sequence[TableLimits]) -> list[int]:
    """How many players sit at each table: as even as the limits allow.

    Every table starts at its ``fewest``; each further player goes to the
    smallest table that has room (the earlier table on a tie), so sizes differ
    by at most one wherever no table's limit is in the way.

    :param players: the number of players present.
    :param tables: each table's limits, in table order.
    :return: one size per table, summing to ``players``.
    :raises SeatingError: ``too_few_players`` when the tables' minimums add up
        to more than ``players``; ``too_many_players`` when their maximums add
        up to less.
    """
    if not tables:
        raise SeatingError("bad_value", "there is no table to seat anyone at")
    need = sum(t.fewest for t in tables)
    room = sum(t.most for t in tables)
    if players < need:
        raise SeatingError("too_few_players", f"{players} players cannot fill {len(tables)} tables (at least {need})")
    if players > room:
        raise SeatingError("too_many_players", f"{players} players do not fit at {len(tables)} tables (at most {room})")
    sizes = [t.fewest for t in tables]
    for _ in range(players - need):
        open_tables = [i for i, t in enumerate(tables) if sizes[i] < t.most]
        smallest = min(open_tables, key=lambda i: (sizes[i], i))
        sizes[smallest] += 1
    return sizes


def tables_for(players: int, limits: TableLimits, available: int, ideal: int = 4) -> int:
    """How many tables to set up for ``players``: about ``ideal`` a table
    (``players / ideal`` rounded half up: 10 players make 3 tables of 4, 3 and
    3, not 2 of 5), no more than ``available``, and never a table below its
    minimum.

    :param players: players present.
    :param limits: the limits of each table (all tables alike).
    :param available: tables the club has.
    :param ideal: the table size aimed at (4: the usual Mexican Train table).
    :return: the number of tables (at least 1).
    :raises SeatingError: when even ``available`` tables cannot seat everyone.
    """
    if players > limits.most * available:
        raise SeatingError("too_many_players", f"{players} players do not fit at {available} tables")
    count = max(1, math.floor(players / max(ideal, 1) + 0.5))  # half up: 10 players make 3 tables
    count = max(count, -(-players // limits.most))
    count = min(count, available, max(1, players // limits.fewest))
    return count


def pair_counts(tables: Sequence[Sequence[str]]) -> dict[frozenset[str], int]:
    """Pairs who sat at one table, counted once per table they shared.

    :param tables: earlier seatings (each a table's names); pass every table of
        every earlier game of the evening or season.
    :return: ``{frozenset({a, b}): times}``.
    """
    out: dict[frozenset[str], int] = {}
    for table in tables:
        for a, b in combinations(sorted(set(table)), 2):
            key = frozenset((a, b))
            out[key] = out.get(key, 0) + 1
    return out


def repeats(tables: Sequence[Sequence[str]], met: PairCounts) -> int:
    """How many earlier meetings a seating repeats: the sum over every pair
    seated together of the times that pair already sat together."""
    total = 0
    for table in tables:
        for a, b in combinations(table, 2):
            total += met.get(frozenset((a, b)), 0)
    return total


def _check_names(players: Sequence[str]) -> None:
    seen: set[str] = set()
    for name in players:
        if name in seen:
            raise SeatingError("duplicate_player", f"{name!r} is present twice")
        seen.add(name)


def _table_cost(table: Sequence[str], met: PairCounts) -> int:
    return sum(met.get(frozenset((a, b)), 0) for a, b in combinations(table, 2))


def _avoid_repeats(
    tables: list[list[str]],
    met: PairCounts,
    group: Mapping[str, int] | None,
    rng: random.Random,
    passes: int = 6,
) -> None:
    """Swap players between tables while a swap lowers :func:`repeats`.

    With ``group`` only players of the same group swap (the balanced draw keeps
    each table's spread of standings). Deterministic for a given ``rng``.
    """
    if not met:
        return
    for _ in range(passes):
        improved = False
        order = [(t, s) for t in range(len(tables)) for s in range(len(tables[t]))]
        rng.shuffle(order)
        for ti, si in order:
            for tj in range(len(tables)):
                if tj == ti:
                    continue
                for sj in range(len(tables[tj])):
                    a, b = tables[ti][si], tables[tj][sj]
                    if group is not None and group[a] != group[b]:
                        continue
                    before = _table_cost(tables[ti], met) + _table_cost(tables[tj], met)
                    tables[ti][si], tables[tj][sj] = b, a
                    after = _table_cost(tables[ti], met) + _table_cost(tables[tj], met)
                    if after < before:
                        improved = True
                        break
                    tables[ti][si], tables[tj][sj] = a, b
                else:
                    continue
                break
        if not improved:
            return


def draw_tables(
    players: Sequence[str],
    tables: Sequence[TableLimits],
    *,
    method: str = "random",
    seed: int = 0,
    standing: Sequence[str] = (),
    met: PairCounts | None = None,
) -> list[list[str]]:
    """Draw the tables for the players present.

    Sizes come from :func:`table_sizes` (as even as the tables' limits allow).
    ``random`` shuffles the players with ``random.Random(seed)``; ``balanced``
    deals them in standing order round the tables and back (1, 2, 3, 3, 2, 1,
    …), so every table gets a strong, a middle and a weak player. Then, where
    it can, players swap tables to avoid pairs who already sat together
    (``met``): a swap is made only when it lowers :func:`repeats` (in the
    balanced draw only between players dealt in the same pass, so the spread
    stays). Finally each table's seat order is shuffled.

    :param players: names of the players present (each once).
    :param tables: each table's limits, in table order.
    :param method: one of :data:`METHODS`.
    :param seed: the draw's seed; the same arguments give the same tables.
    :param standing: names best first (the evening's or season's standings);
        players not in it follow in the order given. Used by ``balanced``.
    :param met: earlier meetings (:func:`pair_counts`).
    :return: one list of names per table, in seat order (clockwise).
    :raises SeatingError: on a name given twice, an unknown method, or too few
        or too many players for the tables (:func:`table_sizes`).
    """
    _check_names(players)
    if method not in METHODS:
        raise SeatingError("bad_value", f"unknown seating method {method!r}")
    sizes = table_sizes(len(players), tables)
    rng = random.Random(seed)
    seated: list[list[str]] = [[] for _ in sizes]
    group: dict[str, int] | None = None
    if method == SeatingMethod.RANDOM:
        pool = list(players)
        rng.shuffle(pool)
        start = 0
        for i, size in enumerate(sizes):
            seated[i] = pool[start : start + size]
            start += size
    else:
        group = _deal_balanced(players, sizes, standing, seated)
    _avoid_repeats(seated, met or {}, group, rng)
    for table in seated:
        rng.shuffle(table)
    return seated


def _deal_balanced(
    players: Sequence[str], sizes: Sequence[int], standing: Sequence[str], seated: list[list[str]]
) -> dict[str, int]:
    """Deal ``players`` in standing order round the tables and back (1, 2, 3,
    3, 2, 1, …) into ``seated`` (filled in place, each table up to its size);
    players not in ``standing`` follow in the order given.

    :return: each name's pass round the tables (0, 1, …): players of one pass
        may swap tables without spoiling the spread.
    """
    rank = {name: i for i, name in enumerate(standing)}
    ordered = sorted(players, key=lambda n: (rank.get(n, len(rank)), players.index(n)))
    group: dict[str, int] = {}
    pass_no = 0
    index = 0
    while index < len(ordered):
        lap = range(len(sizes)) if pass_no % 2 == 0 else range(len(sizes) - 1, -1, -1)
        for t in lap:
            if index < len(ordered) and len(seated[t]) < sizes[t]:
                seated[t].append(ordered[index])
                group[ordered[index]] = pass_no
                index += 1
        pass_no += 1
    return group


def most_movers(sizes: Sequence[int]) -> int:
    """The most players the ``move_down`` ladder can move from each table so
    that everyone moves one table at most and every table keeps at least one
    of its own players: a first or last table of ``s`` players sends ``k``
    one way (``k <= s - 1``), a table in the middle sends ``k`` up and ``k``
    down (``2k <= s - 1``). 0 with a single table. Tables of 4, 3 and 3: 1
    (the middle table of three: one up, one down, one stays).

    :param sizes: the players at each table, table 1 first.
    :return: the largest ``k`` (players per table), 0 when none can move.
    """
    if len(sizes) < 2:
        return 0
    last = len(sizes) - 1
    caps = [s - 1 if i in (0, last) else (s - 1) // 2 for i, s in enumerate(sizes)]
    return max(min(caps), 0)


def move_count(sizes: Sequence[int], move: int) -> int:
    """How many players the ``move_down`` rule moves down from each table:
    ``move``, or fewer when the tables are too small for it
    (:func:`most_movers`); 0 with a single table.

    :param sizes: the players at each table, table 1 first.
    :param move: the number the event chose (1 by default: "the lowest one").
    """
    if move <= 0:
        return 0
    return min(move, most_movers(sizes))


def _move_down(finished: Sequence[Sequence[str]], k: int) -> list[list[str]]:
    """The ladder, one table at a time: the lowest ``k`` of every table but
    the last move down one table; the best ``k`` of every table but the first
    move up one table; the others stay. ``k`` fits the tables
    (:func:`move_count`), so nobody moves two tables and every table keeps
    its size and some of its players.

    :return: one list per table: those who came up (best first), those who
        stayed (in the order they finished), those who came down.
    """
    n = len(finished)
    up = [list(t[:k]) if i > 0 else [] for i, t in enumerate(finished)]
    down = [list(t[len(t) - k:]) if i < n - 1 and k else [] for i, t in enumerate(finished)]
    stays = [[p for p in t if p not in up[i] and p not in down[i]] for i, t in enumerate(finished)]
    return [(up[i + 1] if i < n - 1 else []) + stays[i] + (down[i - 1] if i else []) for i in range(n)]


def reseat(
    finished: Sequence[Sequence[str]],
    rule: str,
    *,
    move: int = 1,
    standing: Sequence[str] = (),
    tables: Sequence[TableLimits] = (),
    seed: int = 0,
    met: PairCounts | None = None,
) -> list[list[str]]:
    """The next game's tables from the finished game's.

    :param finished: each table's players in the order they finished (1st
        first; a shared place in seat order), table 1 first.
    :param rule: one of :data:`RESEAT_RULES`.

        * ``keep``: the same tables (seat order kept).
        * ``move_down``: the lowest ``k`` of each table but the last move down
          one table and each table but the first sends up as many, its best
          first, so every table keeps its size (:func:`_move_down`); ``k`` is
          ``move``, capped so that nobody moves two tables and every table
          keeps some of its players (:func:`move_count`). The lowest of the
          last table and the best of the first stay.
        * ``by_standing``: everyone in ``standing`` order (the evening so far),
          the best at table 1; sizes as before.
        * ``draw``: :func:`draw_tables` at random with the tables' ``tables``
          limits (or the present sizes), avoiding pairs in ``met``.
    :param move: ``k`` of ``move_down`` (1: "the lowest one moves down").
    :param standing: names best first, for ``by_standing``.
    :param tables: table limits, for ``draw``.
    :param seed: the seed of a ``draw``.
    :param met: earlier meetings, for ``draw``.
    :return: one list of names per table.
    :raises SeatingError: an unknown rule, a name seated twice.
    """
    everyone = [name for table in finished for name in table]
    _check_names(everyone)
    sizes = [len(t) for t in finished]
    if rule == Reseat.KEEP:
        return [list(t) for t in finished]
    if rule == Reseat.MOVE_DOWN:
        return _move_down(finished, move_count(sizes, move))
    if rule == Reseat.BY_STANDING:
        rank = {name: i for i, name in enumerate(standing)}
        ordered = sorted(everyone, key=lambda n: (rank.get(n, len(rank)), everyone.index(n)))
        out = []
        start = 0
        for size in sizes:
            out.append(ordered[start : start + size])
            start += size
        return out
    if rule == Reseat.DRAW:
        limits = list(tables) or [TableLimits(fewest=min(2, s), most=max(s, 1)) for s in sizes]
        return draw_tables(everyone, limits, method="random", seed=seed, met=met)
    raise SeatingError("bad_value", f"unknown reseating rule {rule!r}")


def seat_late(sizes: Sequence[int], tables: Sequence[TableLimits]) -> int:
    """The table a late arrival joins: the smallest table with room (the last
    such table on a tie, so the evening's leading tables are not disturbed).
    He plays from the next round, starting at the total the event's
    ``late_join`` rule gives (:data:`LATE_RULES`; the game's rules engine
    applies it).

    :param sizes: players at each table now.
    :param tables: each table's limits.
    :return: the 0-based table index.
    :raises SeatingError: ``too_many_players`` when every table is full.
    """
    open_tables = [i for i, (s, t) in enumerate(zip(sizes, tables)) if s < t.most]
    if not open_tables:
        raise SeatingError("too_many_players", "every table is full")
    return min(open_tables, key=lambda i: (sizes[i], -i))


def late_start(rule: str, totals: Sequence[int], highest_wins: bool) -> int:
    """The total a late arrival starts with at a table (points).

    :param rule: ``zero``, ``highest`` (the least favourable total at the
        table: the highest where the lowest wins, as in Mexican Train; the
        lowest where the highest wins) or ``average`` (rounded half up).
    :param totals: the totals of those already playing at the table (points).
    :param highest_wins: the table's game ranks the highest total first.
    :return: the starting total (0 with nobody to compare with).
    :raises SeatingError: an unknown rule.
    """
    if rule not in LATE_RULES:
        raise SeatingError("bad_value", f"unknown late-arrival rule {rule!r}")
    if rule == LateJoin.ZERO or not totals:
        return 0
    if rule == LateJoin.HIGHEST:
        return min(totals) if highest_wins else max(totals)
    return math.floor(sum(totals) / len(totals) + 0.5)
