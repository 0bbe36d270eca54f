"""The hand entry of Texas 42: the bids in order, the contract, made or set,
and the marks drawn as the strokes of ALL.

What the page offers for the next hand of a :class:`~.texas42.Texas42Game`
(:func:`bid_pad`: who shakes, who bids in which order, the bids and the
contracts the table allows), the form it sends read back into a round of the
record (:func:`read_bid_form`: the contract's bidder and bid are the highest
bid's, never typed), and each pair's marks as strokes of A, L, L
(:func:`tally_strokes`). The rules stay in :mod:`.texas42`; the game's module
checks the hand when it is saved.

Sources: ``rules-families.md`` section 4 (pagat *42*; 42-online; the Harper
tournament rules; forty-two.50megs for ALL).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..errors import Problems, tr
from .texas42 import (
    ALL_STROKES,
    HIGHEST_POINT_BID,
    LOWEST_BID,
    TRUMPS,
    ContractType,
    Texas42Game,
    all_tally,
)


@dataclass(frozen=True)
class BidPad:
    """What the 42 hand form offers.

    :ivar shaker: who shakes the hand.
    :ivar order: the bidders in order, from the shaker's left (the shaker last).
    :ivar bids: the bids a player may make, as the form's values: ``pass``,
        ``30`` … ``41``, ``m1`` … ``m7`` (marks).
    :ivar trumps: what may be named trumps.
    :ivar types: the contracts the table allows (``normal`` first).
    :ivar teams: the two pairs' names (``"Ana+Chen"``).
    :ivar reshake: whether "all passed: shake again" may be the result (the
        table does not force the shaker to bid; Hearne).
    :ivar mark_limits: the most marks a first mark bid may be, and the most a
        later one may raise by (42-online, Harper: 2 and 1); ``None`` where
        plunge or splash may jump further.
    """

    shaker: str
    order: tuple[str, ...]
    bids: tuple[str, ...]
    trumps: tuple[str, ...]
    types: tuple[str, ...]
    teams: tuple[str, ...]
    reshake: bool = False
    mark_limits: tuple[int, int] | None = None


def bid_pad(game: Texas42Game, number: int | None = None) -> BidPad | None:
    """The form of the next hand, or ``None`` once the game is over; with
    ``number``, the form of that hand (1-based) to correct it, whoever shook
    it (the shake passes clockwise each hand, pagat)."""
    shaker = game.next_shaker if number is None else game.shaker(number)
    if shaker is None:
        return None
    order = tuple(game.seating.next_player(shaker, i) for i in range(1, 5))
    rules = game.rules
    most = max(rules.target_marks, rules.plunge_marks if rules.plunge else 0, 2)
    bids = ("pass", *(str(b) for b in range(LOWEST_BID, HIGHEST_POINT_BID + 1)),
            *(f"m{m}" for m in range(1, most + 1)))
    types = tuple(t.value for t in ContractType if t is ContractType.NORMAL or getattr(rules, t.value, False))
    limits = None if rules.plunge or rules.splash else (rules.opening_mark_limit, rules.mark_raise_limit)
    return BidPad(shaker, order, bids, TRUMPS, types, tuple(game.seating.sides), not rules.forced_bid, limits)


def _bid_value(text: str) -> Any:
    """A form's bid as the record keeps it: ``"pass"``, a number, or ``{"marks": n}``."""
    if text.startswith("m") and _whole(text[1:]):
        return {"marks": int(text[1:])}
    return int(text) if _whole(text) else text


def _whole(text: str) -> bool:
    """Whether ``text`` is a whole number in the digits 0-9 (not "²" nor "٣")."""
    return text.isascii() and text.isdigit()


def _rank(value: Any) -> int:
    """A bid's height: points as they are, marks as 42 points each."""
    if isinstance(value, Mapping):
        return int(value["marks"]) * 42
    return value if isinstance(value, int) else -1


def read_bid_form(form: Mapping[str, str], pad: BidPad) -> tuple[dict[str, Any], Problems]:
    """The hand the form sends as a round of the record.

    :param form: ``bid-0`` … ``bid-3`` (in the order of :attr:`BidPad.order`),
        ``trump``, ``type``, ``result`` (made, set, reshake) and optional
        ``points-<team>`` (points each pair took, 0–42).
    :return: the round (``bids``, ``contract`` unless all passed, ``result``,
        ``points`` when given) and the problems of its shape (``bad_value``).
    """
    problems = Problems()
    bids = []
    for i, player in enumerate(pad.order):
        text = (form.get(f"bid-{i}") or "pass").strip()
        if text not in pad.bids:
            problems.error(f"bids[{i}].bid", "bad_value", tr("Choose %(name)s's bid.", name=player), player=player)
        bids.append({"player": player, "bid": _bid_value(text)})
    hand: dict[str, Any] = {"bids": bids, "result": form.get("result") or ""}
    best = max(bids, key=lambda b: _rank(b["bid"]))
    if best["bid"] != "pass":
        contract = {"player": best["player"], "bid": best["bid"], "trump": form.get("trump") or "",
                    "type": form.get("type") or "normal"}
        if contract["type"] == "nello":
            del contract["trump"]
        hand["contract"] = contract
    points = {}
    for team in pad.teams:
        text = (form.get(f"points-{team}") or "").strip()
        if text:
            if not _whole(text):
                problems.error(f"points.{team}", "bad_value", tr("Points are a whole number from 0 to 42."))
                continue
            points[team] = int(text)
    if points:
        hand["points"] = points
    return hand, problems


def form_of_hand(hand: Mapping[str, Any], pad: BidPad) -> dict[str, str]:
    """A saved hand as :func:`read_bid_form` reads the form (to correct it):
    ``bid-0`` … in the order of :attr:`BidPad.order` (a bidder not listed
    passed), ``trump``, ``type``, ``result`` and ``points-<team>``.

    :param hand: a round of the record (``bids``, ``contract``, ``result``,
        optional ``points``).
    """
    said = {b.get("player"): b.get("bid") for b in hand.get("bids") or [] if isinstance(b, Mapping)}
    contract = hand.get("contract") or {}
    if contract.get("player") not in said and "bid" in contract:  # only the winning bid was kept
        said[contract.get("player")] = contract["bid"]
    form: dict[str, str] = {}
    for i, player in enumerate(pad.order):
        bid = said.get(player, "pass")
        form[f"bid-{i}"] = f"m{bid['marks']}" if isinstance(bid, Mapping) else str(bid)
    form.update(trump=str(contract.get("trump") or ""), type=str(contract.get("type") or "normal"),
                result=str(hand.get("result") or ""))
    for team, points in (hand.get("points") or {}).items():
        form[f"points-{team}"] = str(points)
    return form


def tally_strokes(marks: int) -> tuple[tuple[str, int], ...]:
    """A pair's marks as the strokes drawn of each letter of ALL: ``(("A", 3),
    ("L", 2), ("L", 0))`` for 5 marks (forty-two.50megs)."""
    a, l1, l2 = all_tally(marks)
    return (("A", a), ("L", l1), ("L", l2))


def tally_words(marks: int) -> tuple[tuple[tuple[str, int], ...], ...]:
    """A pair's marks as the words ALL drawn, one a game of seven marks: the
    whole words first, then the strokes of the next (none when the marks
    are a multiple of seven, except one empty word for no marks). 10 marks →
    ALL and the A's three strokes; for a table playing past 7 marks.

    :param marks: the pair's marks (0 or more).
    :return: each word's strokes as :func:`tally_strokes` gives them.
    """
    whole, rest = divmod(max(marks, 0), sum(ALL_STROKES))
    words = [tally_strokes(sum(ALL_STROKES))] * whole
    if rest or not words:
        words.append(tally_strokes(rest))
    return tuple(words)

