"""A Mexican Train game: reading and checking a game record, scoring it.

The record format is fixed by design.md ("Game record"). This module turns a
record (plain JSON data) into checked, frozen values and derives what the
table needs: each round's points, running totals, standings and the plan of
the next round. Nothing here knows about the web or the database.

Rule sources: scoring (the player who went out scores 0, the others their
pips, lowest total wins) from all five seeds; the double-blank left in a hand
counting ``double_blank_points`` from seeds 000/002/004; a round ends by a
domino (somebody went out) or blocked (rules-brief.md §2 "End of round").
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping

from .errors import Problems, RecordError
from .feasibility import Pool
from .profile import RuleProfile, parse_rules
from .schedule import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    USUAL_PLAYERS,
    engines,
    plan_round,
    standard_deal,
    starter,
)
from .tiles import SET_SIZES, DominoSet, Tile, TileError, double

RECORD_FORMAT = "domino-game-record"
RECORD_VERSION = 1
KINDS: tuple[str, ...] = ("mexican_train", "draw", "block", "picture")
SUPPORTED_KINDS: tuple[str, ...] = ("mexican_train",)
ENDINGS: tuple[str, ...] = ("domino", "blocked")
MAX_NAME = 40
HAND_KEYS = frozenset({"pips", "tiles_left", "double_blank", "tiles", "drawn"})
ROUND_KEYS = frozenset({"engine", "dealt", "ended", "hands", "number", "confirm", "version"})
DOUBLE_BLANK = double(0)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True)
class Hand:
    """What one player held when the round ended.

    :ivar pips: the plain pip sum of the tiles left (the 0-0 counts 0 here), in pips.
    :ivar tiles_left: how many tiles were left, when known.
    :ivar double_blank: the hand holds the 0-0 (given, or the only way to make the pips).
    :ivar tiles: the tiles themselves, when they were entered one by one.
    :ivar drawn: tiles taken from the boneyard during the round, when kept.
    """

    pips: int
    tiles_left: int | None = None
    double_blank: bool = False
    tiles: tuple[Tile, ...] | None = None
    drawn: int | None = None

    @property
    def out(self) -> bool:
        """True when the hand is empty: the player went out (dominoed).

        Only the 0-0 carries no pips, so 0 pips without the double-blank is an
        empty hand.
        """
        return self.pips == 0 and not self.double_blank

    def points(self, rules: RuleProfile) -> int:
        """Points this hand scores: its pips, plus ``double_blank_points`` for a 0-0.

        :return: points (0 for the player who went out).
        """
        if self.out:
            return 0
        return self.pips + (rules.double_blank_points if self.double_blank else 0)

    def as_dict(self) -> dict[str, Any]:
        """The hand as stored in a game record."""
        d: dict[str, Any] = {"pips": self.pips}
        if self.tiles is not None:
            d["tiles"] = [str(t) for t in self.tiles]
        if self.tiles_left is not None:
            d["tiles_left"] = self.tiles_left
        if self.double_blank:
            d["double_blank"] = True
        if self.drawn is not None:
            d["drawn"] = self.drawn
        return d


@dataclass(frozen=True)
class Round:
    """One checked round of a game.

    :ivar number: 1-based round number.
    :ivar engine: the engine double's suit.
    :ivar dealt: tiles dealt to each player, by name.
    :ivar ended: ``"domino"`` or ``"blocked"``.
    :ivar hands: each player's :class:`Hand`, by name, in seat order.
    """

    number: int
    engine: int
    dealt: Mapping[str, int]
    ended: str
    hands: Mapping[str, Hand]

    def scores(self, rules: RuleProfile) -> dict[str, int]:
        """Points of each player this round, by name, in seat order (points)."""
        return {name: hand.points(rules) for name, hand in self.hands.items()}

    @property
    def went_out(self) -> list[str]:
        """The players whose hand was empty."""
        return [name for name, hand in self.hands.items() if hand.out]

    def as_dict(self) -> dict[str, Any]:
        """The round as stored in a game record (``dealt`` a number when even)."""
        deals = set(self.dealt.values())
        dealt: Any = deals.pop() if len(deals) == 1 else dict(self.dealt)
        return {
            "engine": self.engine,
            "dealt": dealt,
            "ended": self.ended,
            "hands": {name: hand.as_dict() for name, hand in self.hands.items()},
        }


@dataclass(frozen=True)
class Table:
    """Everything about a game that is fixed before the first round.

    :ivar kind: one of :data:`KINDS`.
    :ivar set_n: N of the double-N set.
    :ivar rules: the rule profile.
    :ivar players: names in seat order, clockwise.
    :ivar first_starter: who starts round 1.
    """

    kind: str
    set_n: int
    rules: RuleProfile
    players: tuple[str, ...]
    first_starter: str

    @property
    def set(self) -> DominoSet:
        """The domino set."""
        return DominoSet(self.set_n)

    @property
    def engines(self) -> list[int]:
        """The engine of every round, in playing order."""
        return engines(self.set_n, self.rules.engine_order)

    @property
    def round_count(self) -> int:
        """How many rounds the game has (N+1)."""
        return len(self.engines)

    def standard_deal(self) -> int:
        """Tiles to deal each player by the table in force (rules or schedule)."""
        return standard_deal(self.set_n, len(self.players), self.rules.draw_counts)

    def as_dict(self) -> dict[str, Any]:
        """The record's head: format, version, kind, set, rules, players, first_starter."""
        return {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "kind": self.kind,
            "set": self.set_n,
            "rules": self.rules.changed(),
            "players": list(self.players),
            "first_starter": self.first_starter,
        }


@dataclass(frozen=True)
class Standing:
    """A player's place: ``rank`` is shared by equal totals (1, 1, 3)."""

    player: str
    total: int
    rank: int

    def as_dict(self) -> dict[str, Any]:
        return {"player": self.player, "total": self.total, "rank": self.rank}


@dataclass(frozen=True)
class Game:
    """A checked game: its :class:`Table` and the rounds played so far."""

    table: Table
    rounds: tuple[Round, ...] = field(default_factory=tuple)

    @property
    def finished(self) -> bool:
        """True once the last engine's round (0-0 by default) is recorded."""
        return len(self.rounds) >= self.table.round_count

    def totals(self) -> dict[str, int]:
        """Each player's total after the last round (points)."""
        totals = dict.fromkeys(self.table.players, 0)
        for rnd in self.rounds:
            for name, pts in rnd.scores(self.table.rules).items():
                totals[name] += pts
        return totals

    def running_totals(self) -> list[dict[str, int]]:
        """Totals after each round, one mapping per round (points)."""
        out: list[dict[str, int]] = []
        totals = dict.fromkeys(self.table.players, 0)
        for rnd in self.rounds:
            for name, pts in rnd.scores(self.table.rules).items():
                totals[name] += pts
            out.append(dict(totals))
        return out

    def standings(self) -> list[Standing]:
        """Players from lowest total to highest; equal totals share a rank
        (A 143, B 143, C 201 → 1, 1, 3). Lowest total wins (all seeds)."""
        return rank_lowest_first(self.totals(), self.table.players)

    def winners(self) -> list[str]:
        """Players ranked first once the game is finished; ``[]`` before."""
        if not self.finished:
            return []
        return [s.player for s in self.standings() if s.rank == 1]

    def next_round(self):
        """The :class:`~companion.rules.schedule.RoundPlan` of the next round,
        or ``None`` when the game is finished."""
        if self.finished:
            return None
        t = self.table
        return plan_round(
            t.set_n,
            t.players,
            t.first_starter,
            len(self.rounds) + 1,
            t.rules.engine_order,
            t.rules.draw_counts,
        )

    def as_record(self) -> dict[str, Any]:
        """The plain game record (design.md), without derived fields."""
        d = self.table.as_dict()
        d["rounds"] = [r.as_dict() for r in self.rounds]
        return d

    def derived(self) -> dict[str, Any]:
        """The record plus the derived fields of design.md: ``rounds[].scores``,
        ``rounds[].totals``, ``rounds[].starter``, ``standings``, ``status``,
        ``winners`` and, while in progress, ``next_round``."""
        d = self.as_record()
        running = self.running_totals()
        for i, (out, rnd) in enumerate(zip(d["rounds"], self.rounds)):
            out["number"] = rnd.number
            out["starter"] = starter(self.table.players, self.table.first_starter, rnd.number)
            out["scores"] = rnd.scores(self.table.rules)
            out["totals"] = running[i]
        d["standings"] = [s.as_dict() for s in self.standings()]
        d["status"] = "finished" if self.finished else "in_progress"
        d["winners"] = self.winners()
        nxt = self.next_round()
        if nxt is not None:
            d["next_round"] = nxt.as_dict()
        return d


def rank_lowest_first(totals: Mapping[str, int], seats: Iterable[str]) -> list[Standing]:
    """Standard competition ranking, lowest total first; ties keep seat order.

    :param totals: points by player.
    :param seats: the seat order, used to order tied players.
    :return: one :class:`Standing` per player.
    """
    seat_index = {name: i for i, name in enumerate(seats)}
    ordered = sorted(totals.items(), key=lambda kv: (kv[1], seat_index.get(kv[0], 0)))
    out: list[Standing] = []
    for i, (name, total) in enumerate(ordered):
        rank = out[-1].rank if out and out[-1].total == total else i + 1
        out.append(Standing(name, total, rank))
    return out


# ---------------------------------------------------------------- reading


def parse_table(record: Any, problems: Problems) -> Table | None:
    """Read and check a record's head (everything but ``rounds``).

    Errors go to ``problems`` (``unknown_kind``, ``unknown_set``,
    ``unknown_rule``, ``bad_value``, ``too_few_players``, ``too_many_players``,
    ``duplicate_player``, ``unknown_player``, ``deal_exceeds_set``) and the
    soft rule ``players_outside_range`` (seeds 002/004) as a warning.

    :return: the table, or ``None`` when it is too broken to check rounds against.
    """
    if not isinstance(record, Mapping):
        problems.error("", "bad_value", "A game record must be a JSON object.")
        return None
    fmt = record.get("format", RECORD_FORMAT)
    if fmt != RECORD_FORMAT:
        problems.error("format", "bad_value", f'format must be "{RECORD_FORMAT}".')
    if record.get("version", RECORD_VERSION) != RECORD_VERSION:
        problems.error("version", "bad_value", f"Only version {RECORD_VERSION} records are read.")

    kind = record.get("kind", "mexican_train")
    if kind not in KINDS:
        problems.error("kind", "unknown_kind", f"Unknown game kind {kind!r}.", kind=kind)
    elif kind not in SUPPORTED_KINDS:
        problems.error(
            "kind", "unknown_kind", f"Scoring {kind} games is not available yet.", kind=kind
        )

    set_n = record.get("set", 12)
    if not _is_int(set_n) or set_n not in SET_SIZES:
        problems.error(
            "set",
            "unknown_set",
            f"The set must be one of double-{', double-'.join(map(str, SET_SIZES))}.",
        )
        set_n = None

    rules = parse_rules(record.get("rules"), problems)
    players = _parse_players(record.get("players"), problems)
    if players is None:
        return None

    first = record.get("first_starter", players[0] if players else None)
    if first not in players:
        problems.error(
            "first_starter",
            "unknown_player",
            f"The first starter {first!r} is not one of the players.",
            player=first,
        )
        first = players[0]

    if set_n is None:
        return None
    lo, hi = USUAL_PLAYERS[set_n]
    if not lo <= len(players) <= hi:
        problems.warn(
            "players",
            "players_outside_range",
            f"A double-{set_n} set is usually played by {lo} to {hi} players, "
            f"not {len(players)}.",
            players=len(players),
        )
    table = Table(kind, set_n, rules, tuple(players), first)
    deal = table.standard_deal()
    if deal * len(players) > table.set.size - 1:
        problems.error(
            "rules.draw_counts",
            "deal_exceeds_set",
            f"{len(players)} players × {deal} tiles do not fit in a double-{set_n} set "
            f"of {table.set.size} tiles with the engine out.",
        )
    return table


def _parse_players(value: Any, problems: Problems) -> list[str] | None:
    if not isinstance(value, list):
        problems.error("players", "bad_value", "players must be a list of names in seat order.")
        return None
    names: list[str] = []
    seen: set[str] = set()
    ok = True
    for i, name in enumerate(value):
        path = f"players[{i}]"
        if not isinstance(name, str) or not name.strip():
            problems.error(path, "bad_value", "A player's name cannot be empty.")
            ok = False
            continue
        name = " ".join(name.split())
        if len(name) > MAX_NAME:
            problems.error(path, "bad_value", f"A name may have at most {MAX_NAME} characters.")
            ok = False
            continue
        if name.casefold() in seen:
            problems.error(path, "duplicate_player", f"{name} is seated twice.", player=name)
            ok = False
            continue
        seen.add(name.casefold())
        names.append(name)
    if len(value) < MIN_PLAYERS:
        problems.error(
            "players", "too_few_players", f"Mexican Train needs at least {MIN_PLAYERS} players."
        )
        return None
    if len(value) > MAX_PLAYERS:
        problems.error(
            "players", "too_many_players", f"At most {MAX_PLAYERS} players can be seated."
        )
        return None
    return names if ok else None


def _parse_tiles(value: Any, path: str, table: Table, engine: Tile, problems: Problems):
    if not isinstance(value, list):
        problems.error(path, "bad_value", 'tiles must be a list such as ["6-5", "2-1"].')
        return None
    tiles: list[Tile] = []
    bad: list[str] = []
    for i, text in enumerate(value):
        where = f"{path}[{i}]"
        try:
            tile = Tile.parse(text) if isinstance(text, str) else None
        except TileError:
            tile = None
        if tile is None:
            problems.error(where, "bad_value", f"{text!r} is not a tile; write it as 6-5.")
            bad.append(str(text))
            continue
        if tile not in table.set:
            problems.error(
                where,
                "tiles_not_in_set",
                f"{tile} is not in a double-{table.set_n} set.",
                tile=str(tile),
            )
        elif tile == engine:
            problems.error(
                where, "engine_in_hand", f"{tile} is the engine of this round.", tile=str(tile)
            )
        elif tile in tiles:
            problems.error(where, "tile_repeated", f"{tile} is listed twice.", tile=str(tile))
        else:
            tiles.append(tile)
            continue
        bad.append(str(tile))
    return None if bad else tuple(tiles)


def _parse_hand(data: Any, path: str, table: Table, engine: Tile, problems: Problems):
    """Read one hand; returns a :class:`Hand` or ``None`` (problems recorded)."""
    if not isinstance(data, Mapping):
        problems.error(path, "bad_value", "A hand must be an object with pips or tiles.")
        return None
    ok = True
    for key in data:
        if key not in HAND_KEYS:
            problems.error(f"{path}.{key}", "bad_value", f"A hand has no field {key!r}.")
            ok = False

    def count(key: str) -> int | None:
        nonlocal ok
        value = data.get(key)
        if value is None:
            return None
        if not _is_int(value) or value < 0:
            problems.error(f"{path}.{key}", "bad_value", f"{key} must be a whole number, 0 or more.")
            ok = False
            return None
        return value

    tiles_left = count("tiles_left")
    drawn = count("drawn")
    double_blank = data.get("double_blank", False)
    if not isinstance(double_blank, bool):
        problems.error(f"{path}.double_blank", "bad_value", "double_blank must be true or false.")
        ok, double_blank = False, False

    tiles = None
    if "tiles" in data:
        tiles = _parse_tiles(data["tiles"], f"{path}.tiles", table, engine, problems)
        if tiles is None:
            return None
        pips = sum(t.pips for t in tiles)
        given = data.get("pips")
        if given is not None and given != pips:
            problems.error(
                f"{path}.pips",
                "pips_mismatch",
                f"The tiles hold {pips} pips, not {given}.",
                pips=pips,
            )
            ok = False
        if tiles_left is not None and tiles_left != len(tiles):
            problems.error(
                f"{path}.tiles_left",
                "pips_mismatch",
                f"{len(tiles)} tiles are listed, not {tiles_left}.",
            )
            ok = False
        has_blank = DOUBLE_BLANK in tiles
        if double_blank and not has_blank:
            problems.error(
                f"{path}.double_blank", "pips_mismatch", "The 0-0 is not among the tiles listed."
            )
            ok = False
        return Hand(pips, len(tiles), has_blank, tiles, drawn) if ok else None

    pips = data.get("pips")
    if pips is None:
        problems.error(f"{path}.pips", "bad_value", "Give the pips left in the hand.")
        return None
    if not _is_int(pips):
        problems.error(f"{path}.pips", "bad_value", "Pips must be a whole number.")
        return None
    if pips < 0:
        problems.error(f"{path}.pips", "pips_negative", "Pips cannot be negative.", pips=pips)
        return None
    if double_blank and engine == DOUBLE_BLANK:
        problems.error(
            f"{path}.double_blank",
            "engine_in_hand",
            "The 0-0 is the engine of this round; no hand can hold it.",
        )
        return None
    if double_blank and tiles_left == 0:
        problems.error(
            f"{path}.double_blank", "pips_infeasible", "A hand with no tiles cannot hold the 0-0."
        )
        return None
    return Hand(pips, tiles_left, double_blank, None, drawn) if ok else None


def _parse_dealt(value: Any, path: str, table: Table, problems: Problems) -> dict[str, int] | None:
    standard = table.standard_deal()
    if value is None:
        return dict.fromkeys(table.players, standard)
    limit = table.set.size - 1
    if _is_int(value):
        dealt = dict.fromkeys(table.players, value)
        if not 1 <= value <= limit:
            problems.error(path, "bad_value", f"Tiles dealt must be a whole number from 1 to {limit}.")
            return None
    elif isinstance(value, Mapping):
        dealt = dict.fromkeys(table.players, standard)
        for name, n in value.items():
            if name not in dealt:
                problems.error(f"{path}.{name}", "unknown_player", f"{name} is not in this game.")
                return None
            if not _is_int(n) or not 1 <= n <= limit:
                problems.error(
                    f"{path}.{name}", "bad_value", f"Tiles dealt must be a whole number from 1 to {limit}."
                )
                return None
            dealt[name] = n
    else:
        problems.error(path, "bad_value", "dealt must be a number, or a number for each player.")
        return None
    if sum(dealt.values()) > limit:
        problems.error(
            path,
            "deal_exceeds_set",
            f"{sum(dealt.values())} tiles dealt, but a double-{table.set_n} set has only "
            f"{limit} with the engine out.",
        )
        return None
    if any(n != standard for n in dealt.values()):
        problems.warn(
            path,
            "deal_off_table",
            f"The table deals {standard} tiles each to {len(table.players)} players.",
            standard=standard,
        )
    return dealt


def parse_round(table: Table, data: Any, number: int, problems: Problems, path: str | None = None):
    """Read and check one round of ``table``'s game.

    Checks (design.md error codes): the engine is the scheduled one
    (``engine_out_of_sequence``); every player has a hand and only players of
    the game (``missing_hand``, ``unknown_player``); a domino round has exactly
    one empty hand (``nobody_out``, ``several_out``; with ``first_turn:
    build_train`` several may go out, seed 003) and a blocked round none
    (``out_but_blocked``); pips are whole and ≥ 0 (``pips_negative``);
    every hand's pips can be made by real tiles of the set, the engine and
    tiles listed in other hands excluded (``pips_infeasible``,
    ``too_many_tiles``); listed tiles belong to the set, appear once and are
    not the engine (``tiles_not_in_set``, ``tile_repeated``,
    ``engine_in_hand``); at most one 0-0 (``double_blank_twice``); the deal
    fits in the set (``deal_exceeds_set``; a deal off the table is the warning
    ``deal_off_table``).

    A pips-only hand whose pips can be made only with the 0-0 is taken to hold
    it (1 tile, 0 pips is the 0-0).

    :param table: the game's table.
    :param data: the round object of a record.
    :param number: the round's 1-based number.
    :param problems: where problems are recorded.
    :param path: path prefix; ``rounds[number-1]`` by default.
    :return: the :class:`Round`, or ``None`` when it has errors.
    """
    path = f"rounds[{number - 1}]" if path is None else path
    before = len(problems.errors)
    if not isinstance(data, Mapping):
        problems.error(path, "bad_value", "A round must be a JSON object.")
        return None
    for key in data:
        if key not in ROUND_KEYS:
            problems.error(f"{path}.{key}", "bad_value", f"A round has no field {key!r}.")
    if number > table.round_count:
        problems.error(
            path,
            "game_finished",
            f"A double-{table.set_n} game has {table.round_count} rounds; it is finished.",
        )
        return None
    scheduled = table.engines[number - 1]
    engine_suit = data.get("engine", scheduled)
    if engine_suit != scheduled:
        problems.error(
            f"{path}.engine",
            "engine_out_of_sequence",
            f"Round {number} is played with the {scheduled}-{scheduled} engine.",
            expected=scheduled,
        )
    engine = double(scheduled)

    ended = data.get("ended")
    if ended not in ENDINGS:
        problems.error(f"{path}.ended", "bad_value", 'ended must be "domino" or "blocked".')

    dealt = _parse_dealt(data.get("dealt"), f"{path}.dealt", table, problems)

    raw_hands = data.get("hands")
    if not isinstance(raw_hands, Mapping):
        problems.error(f"{path}.hands", "bad_value", "hands must give each player's hand.")
        return None
    for name in raw_hands:
        if name not in table.players:
            problems.error(
                f"{path}.hands.{name}", "unknown_player", f"{name} is not in this game.", player=name
            )
    hands: dict[str, Hand] = {}
    for name in table.players:
        where = f"{path}.hands.{name}"
        if name not in raw_hands:
            problems.error(where, "missing_hand", f"{name}'s hand is missing.", player=name)
            continue
        hand = _parse_hand(raw_hands[name], where, table, engine, problems)
        if hand is not None:
            hands[name] = hand
    if len(problems.errors) > before:
        return None

    # Tiles listed one by one are known: no other hand may hold them.
    listed: dict[Tile, str] = {}
    for name, hand in hands.items():
        for i, tile in enumerate(hand.tiles or ()):
            if tile in listed:
                problems.error(
                    f"{path}.hands.{name}.tiles[{i}]",
                    "tile_repeated",
                    f"{tile} is already in {listed[tile]}'s hand.",
                    tile=str(tile),
                )
            listed[tile] = name
    blanks = [n for n, h in hands.items() if h.double_blank]
    if len(blanks) > 1:
        problems.error(
            f"{path}.hands.{blanks[1]}.double_blank",
            "double_blank_twice",
            f"Only one hand can hold the 0-0 ({blanks[0]} has it).",
        )
    if len(problems.errors) > before or dealt is None:
        return None

    hands = _check_feasible(table, engine, dealt, hands, listed, blanks, path, problems)
    if hands is None:
        return None

    out = [n for n, h in hands.items() if h.out]
    if ended == "domino":
        if not out:
            problems.error(
                f"{path}.hands", "nobody_out", "The round ended by domino, but nobody went out."
            )
        elif len(out) > 1 and table.rules.first_turn != "build_train":
            problems.error(
                f"{path}.hands.{out[1]}",
                "several_out",
                f"Only one player can go out: {', '.join(out)} all have empty hands.",
            )
    elif ended == "blocked" and out:
        problems.error(
            f"{path}.hands.{out[0]}",
            "out_but_blocked",
            f"A blocked round ends with no empty hand, but {out[0]} has none left.",
        )
    if len(problems.errors) > before:
        return None
    return Round(number, scheduled, dealt, ended, hands)


def _check_feasible(table, engine, dealt, hands, listed, blanks, path, problems):
    """Check each pips-only hand against the tiles still possible for it."""
    tile_set = table.set
    boneyard = tile_set.size - 1 - sum(dealt.values())
    blank_taken = bool(blanks) or DOUBLE_BLANK in listed or engine == DOUBLE_BLANK
    free = [t for t in tile_set.tiles if t != engine and t not in listed and t != DOUBLE_BLANK]
    pool = Pool.of(free)
    result: dict[str, Hand] = {}
    for name, hand in hands.items():
        where = f"{path}.hands.{name}"
        most = dealt[name] + (hand.drawn if hand.drawn is not None else boneyard)
        if hand.tiles is not None:
            if len(hand.tiles) > most:
                problems.error(
                    f"{where}.tiles",
                    "too_many_tiles",
                    f"{name} can hold at most {most} tiles ({dealt[name]} dealt"
                    f"{'' if hand.drawn is None else f', {hand.drawn} drawn'}).",
                )
            result[name] = hand
            continue
        if hand.tiles_left is not None and hand.tiles_left > most:
            problems.error(
                f"{where}.tiles_left",
                "too_many_tiles",
                f"{name} can hold at most {most} tiles ({dealt[name]} dealt"
                f"{'' if hand.drawn is None else f', {hand.drawn} drawn'}).",
            )
            continue
        if hand.tiles_left == 0:
            if hand.pips != 0:
                problems.error(
                    f"{where}.pips",
                    "pips_infeasible",
                    f"{name} has no tiles left, so no pips: not {hand.pips}.",
                )
                continue
            result[name] = hand
            continue
        if hand.pips == 0 and not hand.double_blank and hand.tiles_left is None:
            result[name] = hand  # went out
            continue
        if hand.double_blank:
            # the 0-0 plus 0 or more other tiles
            counts = [hand.tiles_left - 1] if hand.tiles_left is not None else range(0, most)
            if any(pool.can_make(hand.pips, k) for k in counts):
                result[name] = hand
                continue
            _infeasible(problems, where, name, hand, pool, most, engine, with_blank=True)
            continue
        counts = [hand.tiles_left] if hand.tiles_left is not None else range(1, most + 1)
        if any(pool.can_make(hand.pips, k) for k in counts):
            result[name] = hand
            continue
        if not blank_taken and any(pool.can_make(hand.pips, k - 1) for k in counts):
            # Only the 0-0 can make this hand: it holds it.
            blank_taken = True
            result[name] = Hand(hand.pips, hand.tiles_left, True, None, hand.drawn)
            continue
        _infeasible(problems, where, name, hand, pool, most, engine, with_blank=False)
    return None if len(result) < len(hands) else result


def _infeasible(problems, where, name, hand, pool, most, engine, with_blank):
    k = hand.tiles_left
    round_name = f"the {engine} round"
    if k is None:
        top = pool.max_pips(most - 1 if with_blank else most)
        msg = f"{name} typed {hand.pips} pips; a hand holds at most {top} pips in {round_name}."
    else:
        others = k - 1 if with_blank else k
        lo, hi = pool.lightest(max(others, 0)), pool.heaviest(max(others, 0))
        word = "tile" if k == 1 else "tiles"
        if hand.pips > hi:
            msg = f"{k} {word} can hold at most {hi} pips in {round_name}, not {hand.pips}."
        elif hand.pips < lo:
            msg = f"{k} {word} hold at least {lo} pips in {round_name}, not {hand.pips}."
        else:
            msg = f"No {k} {word} left in {round_name} add up to {hand.pips} pips."
    problems.error(f"{where}.pips", "pips_infeasible", msg, pips=hand.pips)


def read_game(record: Any, confirm: bool = False) -> Game:
    """Read and check a whole game record.

    :param record: a game record (design.md), as parsed JSON.
    :param confirm: accept soft-rule warnings (house deals, unusual player counts).
    :return: the checked :class:`Game`.
    :raises RecordError: with every error found (paths like
        ``rounds[2].hands.Ben.pips``), or only warnings when ``confirm`` is false.
    """
    problems = Problems()
    table = parse_table(record, problems)
    rounds: list[Round] = []
    raw_rounds = record.get("rounds", []) if isinstance(record, Mapping) else []
    if not isinstance(raw_rounds, list):
        problems.error("rounds", "bad_value", "rounds must be a list.")
        raw_rounds = []
    if table is not None:
        for i, data in enumerate(raw_rounds):
            rnd = parse_round(table, data, i + 1, problems)
            if rnd is not None:
                rounds.append(rnd)
    problems.raise_if_any(confirm)
    assert table is not None
    return Game(table, tuple(rounds))


def check_round(game: Game, data: Any, number: int, confirm: bool = False) -> Round:
    """Check round ``number`` of ``game`` (a new round or a replacement).

    :param game: the game as stored.
    :param data: the round object.
    :param number: 1-based; ``len(game.rounds) + 1`` to add a round.
    :param confirm: accept soft-rule warnings.
    :return: the checked :class:`Round`.
    :raises RecordError: as :func:`read_game`; ``game_finished`` when the game
        already has all its rounds.
    """
    problems = Problems()
    if number > game.table.round_count:
        problems.error(
            f"rounds[{number - 1}]",
            "game_finished",
            f"The game is finished: all {game.table.round_count} rounds are recorded.",
        )
        problems.raise_if_any()
    rnd = parse_round(game.table, data, number, problems)
    problems.raise_if_any(confirm)
    assert rnd is not None
    return rnd


def with_round(game: Game, rnd: Round) -> Game:
    """A new :class:`Game` with ``rnd`` added (next number) or replacing its number."""
    rounds = list(game.rounds)
    if rnd.number == len(rounds) + 1:
        rounds.append(rnd)
    else:
        rounds[rnd.number - 1] = rnd
    return Game(game.table, tuple(rounds))


def empty_game(record: Any, confirm: bool = False) -> Game:
    """Check a record's head only and return the game with no rounds.

    :raises RecordError: as :func:`read_game`.
    """
    head = dict(record) if isinstance(record, Mapping) else record
    if isinstance(head, dict):
        head.pop("rounds", None)
    return read_game(head, confirm)


__all__ = [
    "Game",
    "Hand",
    "KINDS",
    "RecordError",
    "Round",
    "Standing",
    "Table",
    "check_round",
    "empty_game",
    "parse_round",
    "parse_table",
    "rank_lowest_first",
    "read_game",
    "with_round",
]
