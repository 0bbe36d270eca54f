"""Partnership dominoes: the game and its entry points.

:class:`PartnershipGame` (the hands played, the totals, the standings, who
leads next, the record with its derived values), :func:`rank_teams`,
:func:`lead_plan`, and the entry points :func:`read_game` and
:func:`check_hand`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from ...errors import Problems, tr
from .check import _HandReader
from .hand import HandResult, LeadPlan, PartnershipHand
from .rules import MAX_HANDS, FirstLead, GameStatus, LeadHow, NextLeader, _is_int
from .scoring import score_hand
from .table import PartnershipTable, Teams, read_table

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
