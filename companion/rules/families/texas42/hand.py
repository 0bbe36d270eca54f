"""Texas 42: one hand, read, checked and scored.

The hand (:class:`HandResult`), the fields a round may hold, and the readers
of a hand's fields: the result, the points and tricks by team, the marks won.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...errors import Problems, tr
from ..counts import IGNORED_ROUND_KEYS, Seating, is_whole
from .bids import BidEntry, Contract, _contract_type, _highest, _read_bids, _read_contract
from .rules import COUNT_TILES, HAND_POINTS, TRICKS, ContractType, Result

if TYPE_CHECKING:
    from .game import Texas42Game


@dataclass(frozen=True)
class HandResult:
    """One hand, checked and scored.

    :ivar number: 1 for the first hand.
    :ivar shaker: who shook (derived: clockwise from ``first_shaker``).
    :ivar bids: the bidding, when given (``()`` when only the contract was).
    :ivar contract: the contract, ``None`` for a reshake.
    :ivar result: made, set or reshake.
    :ivar points: points each pair took (by team name), when given.
    :ivar tricks: tricks each pair took, when given.
    :ivar marks: marks each pair scores this hand (a round's ``team_scores``).
    """

    number: int
    shaker: str
    bids: tuple[BidEntry, ...]
    contract: Contract | None
    result: Result
    points: Mapping[str, int] | None
    tricks: Mapping[str, int] | None
    marks: Mapping[str, int]


ROUND_KEYS = frozenset({"shaker", "bids", "contract", "result", "points", "tricks"})


def _read_hand(game: Texas42Game, data: Any, path: str, problems: Problems) -> HandResult | None:
    seating, rules = game.seating, game.rules
    if not isinstance(data, Mapping):
        problems.error(path, "bad_value", tr("A hand is a JSON object."))
        return None
    for key in data:
        if key not in ROUND_KEYS and key not in IGNORED_ROUND_KEYS:
            problems.error(f"{path}.{key}", "bad_value", tr("A hand has no field %(key)r.", key=key))
    number = len(game.hands) + 1
    shaker = game.shaker(number)
    if data.get("shaker") is not None and data["shaker"] != shaker:
        problems.error(f"{path}.shaker", "bad_value",
                       tr("%(shaker)s shakes this hand: the shake passes round the table.",
                          shaker=shaker), shaker=shaker)
    result = _read_result(data.get("result"), f"{path}.result", problems)
    contract_type = _contract_type(data.get("contract"))
    bids = _read_bids(game, data.get("bids"), shaker, contract_type, f"{path}.bids", problems)
    if problems.errors or result is None or bids is None:
        return None
    highest = _highest(bids)
    contract: Contract | None = None
    if result is Result.RESHAKE:
        if rules.forced_bid or highest is not None or data.get("contract") is not None:
            problems.error(f"{path}.result", "result_inconsistent",
                           tr("The tiles are reshaken only when everyone passed and nobody must bid; "
                              "such a hand has no contract."))
            return None
    else:
        contract = _read_contract(game, data.get("contract"), highest, bool(bids), f"{path}.contract",
                                  problems)
    points = _read_by_team(seating, data.get("points"), HAND_POINTS, f"{path}.points", problems)
    tricks = _read_by_team(seating, data.get("tricks"), TRICKS, f"{path}.tricks", problems)
    if problems.errors:
        return None
    _check_totals(seating, contract, result, points, tricks, path, problems)
    if problems.errors:
        return None
    marks = _marks_won(seating, contract, result)
    return HandResult(number, shaker, tuple(bids), contract, result, points, tricks, marks)


def _check_totals(seating: Seating, contract: Contract | None, result: Result,
                  points: dict[str, int] | None, tricks: dict[str, int] | None, path: str,
                  problems: Problems) -> None:
    """The hand's points and tricks agree, and with the contract's result."""
    _check_points(points, tricks, f"{path}.points", problems)
    if contract is not None and not problems.errors:
        _check_result(seating, contract, result, points, tricks, f"{path}.result", problems)


def _read_result(raw: Any, path: str, problems: Problems) -> Result | None:
    """A hand's ``result`` (made, set, reshake), or ``None`` with ``bad_value``."""
    if raw in {r.value for r in Result}:
        return Result(raw)
    problems.error(path, "bad_value", tr("Say whether the bid was made or set."))
    return None


def _marks_won(seating: Seating, contract: Contract | None, result: Result) -> dict[str, int]:
    """The marks each team won with the hand: the contract's to the bidders
    when they made it, else to the other team; none for a reshake."""
    marks = {s: 0 for s in seating.sides}
    if contract is not None:
        own = seating.side_of(contract.player)
        other = next(s for s in seating.sides if s != own)
        marks[own if result is Result.MADE else other] = contract.bid.marks_won
    return marks


def _read_by_team(seating: Seating, raw: Any, most: int, path: str,
                  problems: Problems) -> dict[str, int] | None:
    """``points`` or ``tricks``: a whole number 0…``most`` for each team by name."""
    if raw is None:
        return None
    teams = seating.sides
    if not isinstance(raw, Mapping) or set(raw) != set(teams):
        problems.error(path, "bad_value", tr("Give a number for each team: %(teams)s.",
                                             teams=", ".join(teams)), teams=list(teams))
        return None
    for team, v in raw.items():
        if not is_whole(v):
            problems.error(f"{path}.{team}", "bad_value", tr("Give a whole number."))
            return None
        if not 0 <= v <= most:
            code = "trick_points_total" if most == HAND_POINTS else "bad_value"
            problems.error(f"{path}.{team}", code,
                           tr("A team takes 0 to %(most)s.", most=most), most=most)
            return None
    return {t: raw[t] for t in teams}


def _check_points(points: Mapping[str, int] | None, tricks: Mapping[str, int] | None, path: str,
                  problems: Problems) -> None:
    """Points: at most 42 between the pairs, exactly 42 when all 7 tricks were
    played; a pair's points are its tricks plus count tiles (multiples of 5)."""
    if tricks is not None and sum(tricks.values()) > TRICKS:
        problems.error(path.replace(".points", ".tricks"), "bad_value",
                       tr("A hand has %(n)s tricks.", n=TRICKS))
        return
    if points is None:
        return
    total = sum(points.values())
    played = tricks is not None and sum(tricks.values()) == TRICKS
    if total > HAND_POINTS or (played and total != HAND_POINTS):
        problems.error(path, "trick_points_total",
                       tr("The two teams' points add up to %(total)s; a hand has 42 points, and all "
                          "of them are taken when the 7 tricks are played.", total=total), total=total)
        return
    if tricks is not None:
        for team, p in points.items():
            count = p - tricks[team]
            if count < 0 or count % 5 or count > sum(COUNT_TILES.values()):
                problems.error(f"{path}.{team}", "trick_points_total",
                               tr("%(tricks)s tricks and count tiles cannot make %(points)s points.",
                                  tricks=tricks[team], points=p), tricks=tricks[team], points=p)


def _check_result(seating: Seating, contract: Contract, result: Result, points: Mapping[str, int] | None,
                  tricks: Mapping[str, int] | None, path: str, problems: Problems) -> None:
    """Made or set, against the points and tricks given (42-online): a point
    bid is made when the bidding pair has the bid, and set once the other pair
    has more than 42 less the bid; a bid of every trick (marks, plunge,
    splash, sevens) is set by one trick to the other pair; nello is set by one
    trick to the bidding pair."""
    if result is Result.RESHAKE:
        problems.error(path, "result_inconsistent", tr("A hand with a contract is made or set."))
        return
    own = seating.side_of(contract.player)
    other = next(s for s in seating.sides if s != own)
    made = result is Result.MADE
    ok = True
    if contract.type is ContractType.NELLO:
        took = (tricks or {}).get(own, 0) > 0 or (points or {}).get(own, 0) > 0
        if tricks is not None or points is not None:
            ok = made != took
    elif contract.all_tricks:
        lost = (tricks or {}).get(other, 0) > 0 or (points or {}).get(other, 0) > 0
        everything = (tricks is not None and tricks[own] == TRICKS) or (
            points is not None and points[own] == HAND_POINTS)
        if made:
            ok = not lost and (everything or (tricks is None and points is None))
        else:
            ok = lost or (tricks is None and points is None)
    elif points is not None:
        bid = contract.bid.value
        ok = points[own] >= bid if made else points[other] > HAND_POINTS - bid
    if not ok:
        problems.error(path, "result_inconsistent",
                       tr("With these points and tricks the bid of %(bid)s was not %(result)s.",
                          bid=str(contract.bid), result=tr("made") if made else tr("set")),
                       bid=contract.bid.value, result=result.value)
