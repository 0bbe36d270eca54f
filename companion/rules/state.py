"""A game's results derived one round at a time.

:class:`GameState` is what a game has reached after some rounds: the running
totals, who has played, how many rounds each player went out in, the last
round's absentees. :meth:`GameState.advance` takes one checked round and gives
the next state and that round's :class:`RoundResult` (points, running totals,
starter) in work proportional to the number of players, not of rounds; a
state can be rebuilt from the stored results of any round
(:meth:`GameState.resume`), so a correction of round k re-derives only from k
on. The standings, the status, the winners and the next round follow from a
state alone.

It is the one derivation path: :class:`companion.rules.Game` derives through
:func:`derive_all` from round 1, the services resume it from stored results
(tests hold the two together); the rules themselves are those of
:mod:`.scoring` (a round's points, the round's winner in the classic games, the
ranking) and of the rule profile (``late_join``, ``tie_break``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from companion.rules.errors import Problems, tr
from companion.rules.kinds import GameEnd, GameStatus, LateJoin, TieBreak
from companion.rules.record.document import Round, Standing, Table, round_half_up
from companion.rules.record.read_round import parse_round
from companion.rules.schedule import RoundPlan, next_starter
from companion.rules.scoring import classic_winner, rank_players, round_scores

SCORING_VERSION = 2
"""Raised whenever a release changes how rounds score or rank, so that stored
results derived by an older engine are derived again (``flask recheck``)."""


def joining_total(table: Table, others: list[int]) -> int:
    """The total a late joiner starts from (rule ``late_join``), given the
    totals of those playing: 0, the highest (the lowest where the highest total
    wins), or their average rounded half up; 0 when nobody has a total yet.

    :param others: the totals of the players already in the game, points.
    """
    late = table.rules.late_join
    if late == LateJoin.HIGHEST and others:
        return max(others) if not table.kind.highest_total_wins else min(others)
    if late == LateJoin.AVERAGE and others:
        return round_half_up(sum(others) / len(others), 1)
    return 0


@dataclass(frozen=True)
class RoundResult:
    """What one round gives, as stored beside the round.

    :ivar scores: points of each player that round (``None``: sat it out), seat order.
    :ivar totals: running totals after the round (``None``: not joined yet).
    :ivar starter: Mexican Train: who started the round; else ``None``.
    :ivar went_out: players whose hand was empty (picture dominoes: the winner).
    :ivar credited: players counted in ``rounds_out`` for the round (classic
        games: the round's winner, also of a blocked round; in pairs the
        players of the pair that won; else ``went_out``).
    :ivar extra: what a kind read by its own module derives for the round
        besides (in pairs: ``team_scores``, ``team_totals``, ``winner``,
        ``items``; :mod:`.family_game`); empty for the founding kinds.
    """

    scores: Mapping[str, int | None]
    totals: Mapping[str, int | None]
    starter: str | None
    went_out: tuple[str, ...]
    credited: tuple[str, ...]
    extra: Mapping[str, Any] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        """The JSON kept in the round's row."""
        d: dict[str, Any] = {
            "scores": dict(self.scores),
            "totals": dict(self.totals),
            "went_out": list(self.went_out),
            "credited": list(self.credited),
        }
        if self.starter is not None:
            d["starter"] = self.starter
        if self.extra:
            d["extra"] = dict(self.extra)
        return d

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> RoundResult:
        """The inverse of :meth:`as_dict`."""
        return cls(
            scores=dict(data["scores"]),
            totals=dict(data["totals"]),
            starter=data.get("starter"),
            went_out=tuple(data.get("went_out", ())),
            credited=tuple(data.get("credited", ())),
            extra=dict(data.get("extra") or {}),
        )


@dataclass(frozen=True)
class GameState:
    """A game after ``played`` rounds.

    :ivar table: the game's table.
    :ivar played: rounds recorded so far.
    :ivar totals: running totals by player (``None``: not joined yet), points.
    :ivar rounds_out: rounds each player went out in (won, in classic games).
    :ivar last_absent: who sat out the last round.
    :ivar last_starter: Mexican Train: who started the last round (``None``
        before round 1, and in the other games).
    """

    table: Table
    played: int = 0
    totals: Mapping[str, int | None] = field(default_factory=dict)
    rounds_out: Mapping[str, int] = field(default_factory=dict)
    last_absent: tuple[str, ...] = ()
    last_starter: str | None = None

    @classmethod
    def start(cls, table: Table) -> GameState:
        """The state before round 1."""
        return cls(table, 0, dict.fromkeys(table.players), dict.fromkeys(table.players, 0), ())

    @classmethod
    def resume(cls, table: Table, played: int, last: RoundResult | None,
               rounds_out: Mapping[str, int], last_absent: tuple[str, ...]) -> GameState:
        """The state after round ``played`` from its stored result (``None``
        when ``played`` is 0) and the counts of rounds gone out so far."""
        if last is None:
            return cls.start(table)
        return cls(table, played, dict(last.totals), dict(rounds_out), tuple(last_absent),
                   last.starter)

    @property
    def ranks_highest(self) -> bool:
        """True where the highest total wins (classic games, picture dominoes)."""
        return self.table.kind.highest_total_wins

    def plain_totals(self) -> dict[str, int]:
        """Each player's total (0 before joining), points."""
        return {n: (self.totals.get(n) or 0) for n in self.table.players}

    @property
    def finished(self) -> bool:
        """The game's own end reached (:attr:`reached_end`), or the table ended
        it where it stood (:attr:`.Table.ended_by_players`) after a round at least."""
        return self.reached_end or (self.table.ended_by_players and self.played > 0)

    @property
    def reached_end(self) -> bool:
        """The kind's own end, as its :attr:`~.kinds.KindSpec.ends` says: Mexican
        Train: all scheduled rounds recorded; classic games: a total reached
        ``target_score``; picture dominoes: a child won ``target_wins`` rounds
        (never when 0)."""
        t = self.table
        ends = t.kind.spec.ends
        if ends is GameEnd.LAST_ENGINE:
            return self.played >= len(t.engines)
        if ends is GameEnd.TARGET_SCORE:
            return any(v >= t.rules.target_score for v in self.plain_totals().values())
        if ends is GameEnd.TARGET_WINS and t.rules.target_wins:
            return any(v >= t.rules.target_wins for v in self.plain_totals().values())
        return False

    def advance(self, rnd: Round) -> tuple[GameState, RoundResult]:
        """The state after ``rnd`` (the next round) and the round's result.

        :param rnd: a round checked by the engine, numbered ``played + 1``.
        """
        t = self.table
        if t.kind.is_classic:
            w = classic_winner(rnd, t.rules.blocked_tie)
            credited: tuple[str, ...] = (w,) if w else ()
        else:
            credited = tuple(rnd.went_out)
        return self.apply(rnd.number, round_scores(t, rnd), tuple(rnd.went_out), credited,
                          tuple(rnd.absent))

    def check_round(self, data: Any, number: int, confirm: bool = False,
                    rounds_after: int = 0) -> Round:
        """Round ``number`` checked against this state (:func:`check_round_at`)."""
        return check_round_at(self, data, number, confirm=confirm, rounds_after=rounds_after)

    def replay(self, result: RoundResult, absent: tuple[str, ...],
               data: Mapping[str, Any] | None = None) -> tuple[GameState, RoundResult]:
        """As :meth:`advance` for a round whose points are already known (its
        stored result): only the running totals and counts are worked out
        again (``data``, the stored round, is not needed here; a kind read by
        its own module checks it again: :class:`.family_game.FamilyState`)."""
        return self.apply(self.played + 1, result.scores, result.went_out, result.credited, absent)

    def apply(self, number: int, pts: Mapping[str, int | None], went_out: tuple[str, ...],
              credited: tuple[str, ...], absent: tuple[str, ...]) -> tuple[GameState, RoundResult]:
        """The state after a round that scored ``pts`` (by player; ``None``: sat
        out). A late joiner starts from ``late_join``: 0, the highest total of
        those playing (lowest where the highest wins), or their average,
        rounded half up."""
        t = self.table
        totals = dict(self.totals)
        before = [v for v in totals.values() if v is not None]
        for name in t.players:
            p = pts.get(name)
            if p is None:
                continue
            current = totals.get(name)
            if current is None:
                current = joining_total(t, before)
            totals[name] = current + p
        counts = dict(self.rounds_out)
        for name in credited:
            counts[name] = counts.get(name, 0) + 1
        first = None
        if t.kind.starter_chosen:
            here = [n for n in t.players if n not in absent]
            first = next_starter(t.players, self.last_starter, t.first_starter, here)
        result = RoundResult(dict(pts), dict(totals), first, went_out, credited)
        return GameState(t, self.played + 1, totals, counts, absent, first), result

    def standings(self) -> list[Standing]:
        """Players in order: equal totals share a rank (lowest first in Mexican Train);
        a player who left (finished game: absent from the last round; else: not
        played yet while others have) is listed last with rank ``None``."""
        t = self.table
        totals = self.plain_totals()
        if self.finished and self.played:
            gone = set(self.last_absent)
        else:
            gone = {n for n in t.players if self.played and self.totals.get(n) is None}
        tb = dict(self.rounds_out) if t.rules.tie_break == TieBreak.MOST_ROUNDS_OUT else None
        ranked = rank_players(
            {n: v for n, v in totals.items() if n not in gone}, t.players,
            highest_first=self.ranks_highest, tie_break=tb,
        )
        return ranked + [Standing(n, totals[n], None) for n in t.players if n in gone]

    def winners(self, standings: list[Standing] | None = None) -> list[str]:
        """Players ranked first once the game is finished; ``[]`` before."""
        if not self.finished:
            return []
        return [s.player for s in (standings or self.standings()) if s.rank == 1]

    def next_round(self) -> RoundPlan | None:
        """The next round's plan (engine, starter, tiles dealt each, boneyard),
        for the players at the table (those away are neither dealt nor start),
        or ``None`` when the game is finished (schedule and dealing table:
        [MT-BE]; classic deals: [RU], docs/sources.md)."""
        if self.finished:
            return None
        t = self.table
        number = self.played + 1
        here = t.at_table
        dealt = t.standard_deal(len(here))
        first: str | None = None
        if t.kind.starter_chosen:
            first = next_starter(t.players, self.last_starter, t.first_starter, here)
        if t.kind.has_engine:
            engine: int | None = t.engines[number - 1]
            boneyard = t.set.size - 1 - dealt * len(here)
        else:
            engine = None
            boneyard = t.set.size - dealt * len(here) if t.kind.has_boneyard else 0
        return RoundPlan(number, engine, first, dealt, max(boneyard, 0))

    @property
    def status(self) -> GameStatus:
        """``finished`` or ``in_progress`` (see :attr:`finished`)."""
        return GameStatus.FINISHED if self.finished else GameStatus.IN_PROGRESS

    def summary(self) -> dict[str, Any]:
        """The game-wide results, as stored on the game's row: ``status``,
        ``standings``, ``winners``, ``leaders`` (rank 1 now), ``rounds_out``,
        ``next_round`` (``None`` once finished), ``rounds_played``."""
        standings = self.standings()
        nxt = self.next_round()
        return {
            "status": str(self.status),
            "standings": [s.as_dict() for s in standings],
            "winners": self.winners(standings),
            "leaders": [s.player for s in standings if s.rank == 1],
            "rounds_out": dict(self.rounds_out),
            "next_round": nxt.as_dict() if nxt is not None else None,
            "rounds_played": self.played,
        }


def derive_all(table: Table, rounds: tuple[Round, ...] | list[Round]) -> tuple[GameState, list[RoundResult]]:
    """Every round's result and the final state, from round 1 (O(rounds))."""
    state = GameState.start(table)
    results = []
    for rnd in rounds:
        state, res = state.advance(rnd)
        results.append(res)
    return state, results


def check_round_at(state: GameState, data: Any, number: int, confirm: bool = False,
                   rounds_after: int = 0) -> Round:
    """Check round ``number`` against the game as it stands before it (the
    state after round ``number - 1``): a new round, or a correction with
    ``rounds_after`` rounds recorded after it.

    :param state: the game after round ``number - 1``.
    :param data: the round object (docs/design.md).
    :param number: 1-based; ``state.played + 1`` to add a round.
    :param confirm: accept soft-rule warnings.
    :param rounds_after: rounds recorded after this one (a correction).
    :return: the checked round.
    :raises RecordError: as :func:`companion.rules.check_round`:
        ``too_many_rounds`` past the kind's cap (:attr:`Table.most_rounds`),
        checked first; ``game_finished`` when adding to a finished game, or when a correction
        reaches a classic game's target before the rounds after it.
    """
    problems = Problems()
    if number > state.table.most_rounds and not state.table.kind.ends_after_last_engine:
        problems.error(f"rounds[{number - 1}]", "too_many_rounds", tr(
            "A game has at most %(most)s rounds, not %(count)s.", most=state.table.most_rounds, count=number))
        problems.raise_if_any()
    if number == state.played + 1 and not rounds_after and state.finished:
        problems.error(f"rounds[{number - 1}]", "game_finished", tr("The game is finished."))
        problems.raise_if_any()
    rnd = parse_round(state.table, data, number, problems)
    problems.raise_if_any(confirm)
    assert rnd is not None
    if rounds_after and not state.table.kind.ends_after_last_engine and state.advance(rnd)[0].reached_end:
        problems.error(f"rounds[{number - 1}]", "game_finished",
                       tr("With this round the target is reached before the rounds after it."))
        problems.raise_if_any()
    return rnd
