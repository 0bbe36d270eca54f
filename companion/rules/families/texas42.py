"""Texas 42 (kind ``texas42``): bids, tricks and marks, four players in two
fixed pairs.

Each hand one player shakes (mixes) the tiles; the bidding starts at his left
and goes once round the table, the shaker bidding last: pass, 30 to 41
points, or marks (42 = 1 mark, 84 = 2 marks …). The highest bidder names
trumps and must take the points bid (a point bid) or all seven tricks (a mark
bid). Made, his pair scores the marks (one for a point bid); set, the other
pair does. The game is 7 marks, drawn as the strokes of the word ALL.

Rules and sources (``shared/rules-families.md`` section 4 and its section 7;
to be carried into ``docs/sources.md``):

* pagat, 42 — https://www.pagat.com/domino/trick/42.html: four players,
  partners opposite, 7 tiles each, no boneyard; the shake passes clockwise;
  7 tricks of 1 point and the count tiles 5-5, 6-4 (10 each), 5-0, 4-1, 3-2
  (5 each), 42 points in all.
* 42-online, basic rules — http://www.42-online.com/how.php; Harper 42
  tournament rules — http://www.harpercommunitypark.org/42-tournament.html:
  one bid each from the shaker's left; each bid higher than the last; the
  first mark bid 1 or 2 marks, then one mark more; all pass: the shaker must
  bid (``forced_bid``); made and set; marks.
* Hearne Chamber tournament — http://hearnechamber.org/42-registration/: all
  pass, the tiles are reshaken and nobody scores (``forced_bid: false``).
* forty-two.50megs — http://forty-two.50megs.com/Forty-Two_Bid.html: 7 marks
  tallied as ALL.
* Lechner Hall rules — http://www.texas42.net/lechnerhall.html: nello (at
  least 1 mark), plunge (4 marks), splash (3 marks), sevens; raises of up to
  two marks (``mark_raise_limit: 2``). dominorules, Sevens —
  https://www.dominorules.com/sevens.

Entry points for the app (kinds table, forms, score pad, views, PDF):

* :func:`read_game` — a whole game record → :class:`Texas42Game` (raises
  :class:`~companion.rules.errors.RecordError`);
  :meth:`Texas42Game.add_hand` — check and add the next hand.
* :attr:`HandResult.marks` — a round's ``team_scores`` (marks by team name).
* :meth:`Texas42Game.standings`, ``totals`` (marks), ``finished``,
  ``winners``, ``next_shaker``, ``next_bidder`` — the game's state;
  :func:`all_tally` — marks drawn as the strokes of ALL.
* :data:`RULE_KEYS`, :data:`PRESETS`, :func:`read_rules`; :data:`TRUMPS`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

from ..errors import N_, Problems, tr
from .counts import (
    DIRECTION_KEY,
    IGNORED_ROUND_KEYS,
    Direction,
    Preset,
    RuleKey,
    Seating,
    is_whole,
    read_player,
    read_rule_values,
    read_seating,
)
from .pegging import Standing, standings

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


@dataclass(frozen=True)
class Texas42Game:
    """A game of 42, every hand checked.

    :ivar seating: the four players and two teams.
    :ivar rules: the rules in play.
    :ivar first_shaker: who shook the first hand.
    :ivar hands: the hands so far.
    """

    seating: Seating
    rules: Texas42Rules
    first_shaker: str
    hands: tuple[HandResult, ...] = field(default=())

    @property
    def totals(self) -> dict[str, int]:
        """Marks of each team (by team name)."""
        out = {s: 0 for s in self.seating.sides}
        for h in self.hands:
            for s, v in h.marks.items():
                out[s] += v
        return out

    @property
    def winners(self) -> tuple[str, ...]:
        """The team that reached ``target_marks``, once there; ``()`` before."""
        return tuple(s for s, m in self.totals.items() if m >= self.rules.target_marks)

    @property
    def finished(self) -> bool:
        """A team has the game's marks: no hand follows."""
        return bool(self.winners)

    def standings(self) -> tuple[Standing, ...]:
        """The teams by marks, most first; equal marks share a rank."""
        return standings(self.totals, {s: self.seating.members(s) for s in self.seating.sides})

    def shaker(self, number: int) -> str:
        """Who shakes hand ``number`` (1-based): the shake passes clockwise
        (in the direction of play) from ``first_shaker`` each hand (pagat)."""
        return self.seating.next_player(self.first_shaker, number - 1)

    @property
    def next_shaker(self) -> str | None:
        """Who shakes the next hand; ``None`` once the game is over."""
        return None if self.finished else self.shaker(len(self.hands) + 1)

    @property
    def next_bidder(self) -> str | None:
        """Who bids first in the next hand: the shaker's left."""
        shaker = self.next_shaker
        return None if shaker is None else self.seating.next_player(shaker)

    def add_hand(self, data: Any, path: str | None = None) -> Texas42Game:
        """Check the next hand and return the game with it.

        :param data: the round object (``bids`` optional, ``contract`` unless a
            reshake, ``result``, optional ``points`` and ``tricks`` by team name).
        :raises RecordError: with section 4's codes (``bid_out_of_order``,
            ``bid_too_low``, ``bid_not_higher``, ``bid_raise_too_large``,
            ``contract_not_allowed``, ``trick_points_total``,
            ``result_inconsistent``, ``game_finished``), or ``bad_value``.
        """
        where = path if path is not None else f"rounds[{len(self.hands)}]"
        problems = Problems()
        if self.finished:
            problems.error(where, "game_finished", tr("The game is over: no more hands."))
            problems.raise_if_any()
        hand = _read_hand(self, data, where, problems)
        problems.raise_if_any()
        assert hand is not None
        return replace(self, hands=(*self.hands, hand))


def read_game(record: Mapping[str, Any]) -> Texas42Game:
    """Read and check a whole ``texas42`` game record (``players``, ``teams``,
    ``first_shaker``, ``rules``, ``rounds``).

    :raises RecordError: the first problems found.
    """
    problems = Problems()
    if not isinstance(record, Mapping):
        problems.error("", "bad_value", tr("A game record is a JSON object."))
        problems.raise_if_any()
    if record.get("kind", KIND) != KIND:
        problems.error("kind", "unknown_kind", tr("This is not a game of 42."))
    if record.get("set", 6) != 6:
        problems.error("set", "unknown_set", tr("42 is played with a double-six set."))
    rules = read_rules(record.get("rules"), problems)
    seating = read_seating(record, problems, least=4, most=4, teams="required", direction=rules.direction)
    first = None
    if seating is not None:
        first = read_player(record.get("first_shaker"), "first_shaker", seating, problems)
    rounds = record.get("rounds", [])
    if not isinstance(rounds, list):
        problems.error("rounds", "bad_value", tr("The hands are a list."))
    problems.raise_if_any()
    assert seating is not None and first is not None
    game = Texas42Game(seating, rules, first)
    for data in rounds:
        game = game.add_hand(data)
    return game


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


def all_tally(marks: int) -> tuple[int, int, int]:
    """Marks drawn the way 42 players keep them: the strokes of A, L, L
    (3 + 2 + 2 = 7 marks; forty-two.50megs). 1 mark → (1, 0, 0), 5 → (3, 2, 0),
    7 or more → (3, 2, 2).

    :param marks: a team's marks (0 or more).
    :return: the strokes drawn of each letter.
    """
    left = max(marks, 0)
    out: list[int] = []
    for strokes in ALL_STROKES:
        out.append(min(left, strokes))
        left -= out[-1]
    return out[0], out[1], out[2]
