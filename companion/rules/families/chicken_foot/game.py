"""Chicken Foot: the game and its entry points.

:class:`ChickenFootGame` (the rounds played, the totals, the standings, the
next round, the record with its derived values), :func:`rank_lowest_first`,
and the entry points :func:`read_game` and :func:`check_round`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from ...errors import Problems, tr
from .check import _RoundReader
from .rounds import ChickenFootRound, RoundPlan, round_scores
from .rules import GameStatus, UnheldDouble, _is_int
from .table import ChickenFootTable, read_table

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

    def burnt(self) -> list[list[int]]:
        """Each round's burnt doubles: the centre doubles skipped before it,
        highest first (nobody held them, ``unheld_double: burn``,
        gamerules.com); ``[]`` for a round on the double that was due. Round 1
        of a double-nine game played on 7-7 burnt ``[9, 8]``.

        :return: one list of suits (pips of the double) per round played.
        """
        out: list[list[int]] = []
        due = self.table.set_n
        for rnd in self.rounds:
            out.append(list(range(due, rnd.engine, -1)))
            due = rnd.engine - 1
        return out

    def as_record(self) -> dict[str, Any]:
        """The plain game record, without derived fields."""
        d = self.table.as_dict()
        d["rounds"] = [r.as_dict() for r in self.rounds]
        return d

    def derived(self) -> dict[str, Any]:
        """The record plus ``rounds[].number``, ``rounds[].scores`` and
        ``rounds[].totals`` (points by player), ``rounds[].burnt`` (the
        doubles burnt before the round, :meth:`burnt`; only when any), ``standings``
        (``[{"player", "total", "rank"}]``), ``status``, ``winners`` and, while
        in progress, ``next_round`` (:meth:`RoundPlan.as_dict`)."""
        d = self.as_record()
        rows = zip(d["rounds"], self.rounds, self.scores, self.running_totals(), self.burnt())
        for out, rnd, scores, totals, burnt in rows:
            out["number"] = rnd.number
            out["scores"] = dict(scores)
            out["totals"] = dict(totals)
            if burnt:
                out["burnt"] = burnt
        d["standings"] = [s.as_dict() for s in self.standings()]
        d["status"] = self.status.value
        d["winners"] = self.winners()
        plan = self.next_round()
        if plan is not None:
            d["next_round"] = plan.as_dict()
        return d


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
