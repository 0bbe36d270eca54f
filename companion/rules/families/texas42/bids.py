"""Texas 42: bids and the contract.

A bid (:class:`Bid`, :func:`read_bid`), one entry of the bidding
(:class:`BidEntry`), the contract (:class:`Contract`), and the readers of a
hand's bidding and contract: each bid higher than the last, passes, the
bidder, the raises, the trumps named.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...errors import Problems, tr
from ..counts import Seating, is_whole, read_player
from .rules import HAND_POINTS, HIGHEST_POINT_BID, LOWEST_BID, TRUMPS, ContractType, Texas42Rules

if TYPE_CHECKING:
    from .game import Texas42Game


# ---------------------------------------------------------------- bids


@dataclass(frozen=True, order=True)
class Bid:
    """A bid that is not a pass.

    :ivar value: its height in points: 30–41, or 42 per mark (84 = 2 marks).
    """

    value: int

    @property
    def marks(self) -> int | None:
        """Marks bid, or ``None`` for a point bid."""
        return self.value // HAND_POINTS if self.value >= HAND_POINTS else None

    @property
    def marks_won(self) -> int:
        """Marks the hand is worth: 1 for a point bid, else the marks bid."""
        return self.marks or 1

    def __str__(self) -> str:
        m = self.marks
        return str(self.value) if m is None else tr("%(n)s marks", n=m) if m > 1 else tr("1 mark")


def read_bid(raw: Any, path: str, problems: Problems) -> Bid | None | bool:
    """One bid as written: ``"pass"`` (→ ``False``), 30–41, a multiple of 42,
    or ``{"marks": n}``.

    :return: the :class:`Bid`, ``False`` for a pass, or ``None`` with a problem
        (``bid_too_low`` under 30, ``bad_value`` otherwise).
    """
    if raw == "pass":
        return False
    if isinstance(raw, Mapping) and set(raw) == {"marks"} and is_whole(raw["marks"]) and raw["marks"] >= 1:
        return Bid(raw["marks"] * HAND_POINTS)
    if is_whole(raw):
        if raw < LOWEST_BID:
            problems.error(path, "bid_too_low",
                           tr("The lowest bid is %(lowest)s.", lowest=LOWEST_BID), lowest=LOWEST_BID)
            return None
        if raw <= HIGHEST_POINT_BID or raw % HAND_POINTS == 0:
            return Bid(raw)
    problems.error(path, "bad_value",
                   tr("A bid is pass, 30 to 41, or marks (42 is one mark, 84 two)."))
    return None


@dataclass(frozen=True)
class BidEntry:
    """One player's turn in the bidding.

    :ivar player: who bid. :ivar bid: the bid, or ``None`` for a pass.
    """

    player: str
    bid: Bid | None


@dataclass(frozen=True)
class Contract:
    """The winning bid, as played.

    :ivar player: the bidder. :ivar bid: the bid.
    :ivar trump: the trumps named (``None`` for nello or sevens when not named).
    :ivar type: the kind of contract.
    """

    player: str
    bid: Bid
    trump: str | None
    type: ContractType

    @property
    def all_tricks(self) -> bool:
        """The bidder's pair must take every trick (a mark bid, plunge, splash, sevens)."""
        if self.type is ContractType.NORMAL:
            return self.bid.marks is not None
        return self.type is not ContractType.NELLO


def _contract_type(raw: Any) -> ContractType | None:
    if isinstance(raw, Mapping) and raw.get("type", "normal") in {c.value for c in ContractType}:
        return ContractType(raw.get("type", "normal"))
    return None


def _highest(bids: Sequence[BidEntry]) -> BidEntry | None:
    best: BidEntry | None = None
    for b in bids:
        if b.bid is not None and (best is None or best.bid is None or b.bid > best.bid):
            best = b
    return best


def _read_bids(game: Texas42Game, raw: Any, shaker: str, contract_type: ContractType | None, path: str,
               problems: Problems) -> list[BidEntry] | None:
    """The bidding: one bid each, from the shaker's left, the shaker last
    (42-online; Harper). Returns ``[]`` when no bids were given."""
    seating, rules = game.seating, game.rules
    if raw is None:
        return []
    if not isinstance(raw, list):
        problems.error(path, "bad_value", tr("List the bids in the order they were made."))
        return None
    out: list[BidEntry] = []
    highest: Bid | None = None
    for i, item in enumerate(raw):
        where = f"{path}[{i}]"
        if i >= len(seating.players):
            problems.error(where, "bid_out_of_order", tr("Each player bids once."))
            return None
        player = _read_bidder(seating, item, seating.next_player(shaker, i + 1), where, problems)
        if player is None:
            return None
        bid = read_bid(item.get("bid"), f"{where}.bid", problems)
        if bid is None:
            return None
        if bid is False:
            if not _pass_allowed(rules, player == shaker and highest is None, f"{where}.bid", problems):
                return None
            out.append(BidEntry(player, None))
            continue
        assert isinstance(bid, Bid)
        if not _bid_raises(rules, bid, highest, contract_type, f"{where}.bid", problems):
            return None
        highest = bid
        out.append(BidEntry(player, bid))
    return out if _everyone_bid(seating, shaker, len(out), path, problems) else None


def _everyone_bid(seating: Seating, shaker: str, bids: int, path: str, problems: Problems) -> bool:
    """Every player bid once (``bids`` of them); else ``bid_out_of_order``
    naming the next player due."""
    if bids < len(seating.players):
        due = seating.next_player(shaker, bids + 1)
        problems.error(path, "bid_out_of_order",
                       tr("%(due)s has not bid yet: every player bids once.", due=due), due=due)
        return False
    return True


def _pass_allowed(rules: Texas42Rules, last_to_bid: bool, path: str, problems: Problems) -> bool:
    """A pass is allowed, but for the shaker's when everyone else passed and
    the table plays ``forced_bid`` (``bid_too_low``)."""
    if last_to_bid and rules.forced_bid:
        problems.error(path, "bid_too_low",
                       tr("Everyone passed, so the shaker must bid at least %(lowest)s.",
                          lowest=LOWEST_BID), lowest=LOWEST_BID)
        return False
    return True


def _read_bidder(seating: Seating, item: Any, due: str, where: str, problems: Problems) -> str | None:
    """Who made one bid of the bidding: the player ``due`` to bid; ``None`` (a
    problem added) otherwise."""
    if not isinstance(item, Mapping) or set(item) - {"player", "bid"}:
        problems.error(where, "bad_value", tr("A bid is a player and pass, points or marks."))
        return None
    player = read_player(item.get("player"), f"{where}.player", seating, problems)
    if player is None:
        return None
    if player != due:
        problems.error(f"{where}.player", "bid_out_of_order",
                       tr("It was %(due)s's turn to bid, not %(player)s's: the bidding starts "
                          "at the shaker's left and goes once round.", due=due, player=player),
                       due=due, player=player)
        return None
    return player


def _bid_raises(rules: Texas42Rules, bid: Bid, highest: Bid | None, contract_type: ContractType | None,
                path: str, problems: Problems) -> bool:
    """``bid`` is higher than the ``highest`` before it, by no more marks than
    the table allows (a plunge or splash may jump to its marks); ``False`` (a
    problem added) otherwise."""
    if highest is not None and bid <= highest:
        problems.error(path, "bid_not_higher",
                       tr("A bid must be higher than %(last)s.", last=str(highest)), last=str(highest))
        return False
    marks = bid.marks
    if marks is not None:
        jump_ok = {ContractType.PLUNGE: rules.plunge_marks, ContractType.SPLASH: rules.splash_marks}
        before = highest.marks if highest is not None else None
        limit = rules.opening_mark_limit if before is None else before + rules.mark_raise_limit
        special = jump_ok.get(contract_type) if contract_type is not None else None
        if marks > limit and marks != special:
            problems.error(path, "bid_raise_too_large",
                           tr("This bid may be at most %(limit)s marks.", limit=limit), limit=limit)
            return False
    return True


def _read_contract(game: Texas42Game, raw: Any, highest: BidEntry | None, has_bids: bool, path: str,
                   problems: Problems) -> Contract | None:
    seating, rules = game.seating, game.rules
    if not isinstance(raw, Mapping):
        problems.error(path, "bad_value", tr("Give the contract: who won the bid, the bid and trumps."))
        return None
    for key in raw:
        if key not in {"player", "bid", "trump", "type"}:
            problems.error(f"{path}.{key}", "bad_value", tr("A contract has no field %(key)r.", key=key))
    player = read_player(raw.get("player"), f"{path}.player", seating, problems)
    bid = read_bid(raw.get("bid"), f"{path}.bid", problems)
    if bid is False:
        problems.error(f"{path}.bid", "bad_value", tr("A contract is a bid, not a pass."))
        return None
    kind = _contract_type(raw)
    if kind is None:
        problems.error(f"{path}.type", "bad_value",
                       tr("A contract is normal, nello, plunge, splash or sevens."))
        return None
    if player is None or not isinstance(bid, Bid):
        return None
    if not _contract_allowed(rules, kind, bid, path, problems):
        return None
    if has_bids and not _is_winning_bid(highest, player, bid, path, problems):
        return None
    trump = raw.get("trump")
    if not _trump_ok(trump, kind, f"{path}.trump", problems):
        return None
    return Contract(player, bid, trump, kind)


def _is_winning_bid(highest: BidEntry | None, player: str, bid: Bid, path: str,
                    problems: Problems) -> bool:
    """The contract is ``highest``, the winning bid of the bidding; ``False``
    (``bad_value``) otherwise."""
    if highest is None or highest.player != player or highest.bid != bid:
        won = tr("nobody") if highest is None else f"{highest.player} {highest.bid}"
        problems.error(path, "bad_value",
                       tr("The contract is the winning bid: %(won)s.", won=won), won=won)
        return False
    return True


def _contract_allowed(rules: Texas42Rules, kind: ContractType, bid: Bid, path: str,
                      problems: Problems) -> bool:
    """The table plays this kind of contract (``contract_not_allowed``), and a
    nello, sevens, plunge or splash is bid at its least or more
    (``bid_too_low``); ``False`` (the problem added) otherwise."""
    if not rules.allows(kind):
        problems.error(f"{path}.type", "contract_not_allowed",
                       tr("This table does not play %(type)s.", type=kind.value), type=kind.value)
        return False
    least = {ContractType.NELLO: HAND_POINTS, ContractType.SEVENS: HAND_POINTS,
             ContractType.PLUNGE: rules.plunge_marks * HAND_POINTS,
             ContractType.SPLASH: rules.splash_marks * HAND_POINTS}.get(kind)
    if least is not None and bid.value < least:
        problems.error(f"{path}.bid", "bid_too_low",
                       tr("%(type)s is bid at %(least)s or more.", type=kind.value, least=str(Bid(least))),
                       type=kind.value)
        return False
    return True


def _trump_ok(trump: Any, kind: ContractType, path: str, problems: Problems) -> bool:
    """The contract's ``trump``: one of :data:`TRUMPS`, named for a normal
    contract, a plunge and a splash; ``False`` (``bad_value``) otherwise."""
    if trump is not None and trump not in TRUMPS:
        problems.error(path, "bad_value",
                       tr("Trumps are a suit (blanks … sixes), doubles, or follow me."))
        return False
    if trump is None and kind in (ContractType.NORMAL, ContractType.PLUNGE, ContractType.SPLASH):
        problems.error(path, "bad_value", tr("Say what was named trumps."))
        return False
    return True
