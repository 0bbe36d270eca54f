"""Games: reading and checking a game record, scoring it, the standings.

The record format is fixed by design.md ("Game record"). This module turns a
record (plain JSON data) into checked, frozen values and derives what the
table needs: each round's points, running totals, standings and the plan of
the next round. Nothing here knows about the web or the database.

Rule sources:

* Mexican Train: the player who went out scores 0, the others their pips,
  lowest total wins (all five seeds); the double-blank left in a hand counts
  ``double_blank_points`` (seeds 000/002/004); a round ends by a domino or
  blocked (rules-brief.md §2 "End of round"). House rules (bonus for going
  out, multiplier when the round ends on a double, marker penalty, blank
  halves, tie break, late joiners) are options of the rule profile.
* Classic double-six block and draw games (seed 003, rules-brief.md §3): the
  round's winner (who went out, or the lowest hand when blocked) scores the
  pips left in the other hands; first to the target score (100) wins.
* Children's picture dominoes (seed 003, §4): a tally of who went out first.
"""

from __future__ import annotations

from dataclasses import dataclass, field
import unicodedata
from functools import cached_property, lru_cache
from typing import Any, Iterable, Mapping

from .errors import Problems, RecordError, tr, trn
from .feasibility import Pool, hands_fit
from .profile import RuleProfile, check_rules_apply, parse_rules
from .schedule import (
    CLASSIC_DEAL,
    MAX_PLAYERS,
    MIN_PLAYERS,
    USUAL_PLAYERS,
    RoundPlan,
    engines,
    standard_deal,
    starter,
)
from .tiles import SET_SIZES, DominoSet, Tile, TileError, double

RECORD_FORMAT = "domino-game-record"
RECORD_VERSION = 1
KINDS: tuple[str, ...] = ("mexican_train", "draw", "block", "picture")
CLASSIC_KINDS: tuple[str, ...] = ("draw", "block")
ENDINGS: tuple[str, ...] = ("domino", "blocked")
MAX_NAME = 40
CLASSIC_MAX_PLAYERS = 4
HAND_KEYS = frozenset({"pips", "tiles_left", "double_blank", "tiles", "drawn", "marker", "blanks"})
ROUND_KEYS = frozenset(
    {"engine", "dealt", "ended", "hands", "absent", "ended_on_double", "winner",
     "number", "confirm", "version",
     # derived fields of a GET, accepted (and ignored) so a record read back can be sent again
     "scores", "totals", "starter"}
)
RECORD_KEYS = frozenset(
    {"format", "version", "kind", "set", "rules", "players", "first_starter", "rounds",
     # derived fields of a GET (design.md), accepted and ignored on the way back in
     "id", "standings", "status", "next_round", "winners", "rounds_out", "revision", "created_at",
     "confirm"}
)
DOUBLE_BLANK = double(0)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _round_half_up(value: float, step: int) -> int:
    return int((value + step / 2) // step * step)


# ---------------------------------------------------------------- values


@dataclass(frozen=True)
class Hand:
    """What one player held when the round ended.

    :ivar pips: the plain pip sum of the tiles left (the 0-0 counts 0 here), in pips.
    :ivar tiles_left: how many tiles were left, when known.
    :ivar double_blank: the hand holds the 0-0 (given, or the only way to make the pips).
    :ivar tiles: the tiles themselves, when they were entered one by one.
    :ivar drawn: tiles taken from the boneyard during the round, when kept.
    :ivar marker: the player's marker was still on their train at the end.
    :ivar blanks: tiles with one blank half (0-1 … 0-N, not the 0-0), when kept.
    """

    pips: int
    tiles_left: int | None = None
    double_blank: bool = False
    tiles: tuple[Tile, ...] | None = None
    drawn: int | None = None
    marker: bool = False
    blanks: int | None = None

    @property
    def out(self) -> bool:
        """True when the hand is empty: the player went out (dominoed).

        Only the 0-0 carries no pips, so 0 pips without the double-blank is an
        empty hand.
        """
        return self.pips == 0 and not self.double_blank

    @property
    def blank_halves(self) -> int:
        """Tiles with one blank half in the hand (0 when not known)."""
        if self.tiles is not None:
            return sum(1 for t in self.tiles if t.low == 0 and t.high != 0)
        return self.blanks or 0

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
        if self.marker:
            d["marker"] = True
        if self.blanks is not None and self.tiles is None:
            d["blanks"] = self.blanks
        return d


@dataclass(frozen=True)
class Round:
    """One checked round of a game.

    :ivar number: 1-based round number.
    :ivar engine: the engine double's suit (Mexican Train), else ``None``.
    :ivar dealt: tiles dealt to each present player, by name.
    :ivar ended: ``"domino"`` or ``"blocked"`` (``None`` for picture dominoes).
    :ivar hands: each present player's :class:`Hand`, by name, in seat order.
    :ivar absent: players who sat this round out.
    :ivar ended_on_double: the last tile played was a double.
    :ivar winner: picture dominoes: who went out first.
    """

    number: int
    engine: int | None
    dealt: Mapping[str, int]
    ended: str | None
    hands: Mapping[str, Hand]
    absent: tuple[str, ...] = ()
    ended_on_double: bool = False
    winner: str | None = None

    @property
    def went_out(self) -> list[str]:
        """The players whose hand was empty (picture dominoes: the winner)."""
        if self.winner is not None:
            return [self.winner]
        return [name for name, hand in self.hands.items() if hand.out]

    def as_dict(self) -> dict[str, Any]:
        """The round as stored in a game record (``dealt`` a number when even)."""
        d: dict[str, Any] = {}
        if self.engine is not None:
            d["engine"] = self.engine
        if self.dealt:
            deals = set(self.dealt.values())
            d["dealt"] = deals.pop() if len(deals) == 1 else dict(self.dealt)
        if self.ended is not None:
            d["ended"] = self.ended
        if self.ended_on_double:
            d["ended_on_double"] = True
        if self.winner is not None:
            d["winner"] = self.winner
        if self.hands:
            d["hands"] = {name: hand.as_dict() for name, hand in self.hands.items()}
        if self.absent:
            d["absent"] = list(self.absent)
        return d


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

    @cached_property
    def set(self) -> DominoSet:
        """The domino set."""
        return DominoSet(self.set_n)

    @property
    def is_train(self) -> bool:
        """True for Mexican Train."""
        return self.kind == "mexican_train"

    @property
    def is_classic(self) -> bool:
        """True for the classic block and draw games."""
        return self.kind in CLASSIC_KINDS

    @property
    def engines(self) -> list[int]:
        """Mexican Train: the engine of every round, in playing order; else ``[]``."""
        if not self.is_train:
            return []
        r = self.rules
        return engines(self.set_n, r.engine_order, r.start_engine, r.end_engine)

    @property
    def round_count(self) -> int | None:
        """Rounds in a Mexican Train game; ``None`` where the game runs to a
        target (classic) or has no end (picture)."""
        return len(self.engines) if self.is_train else None

    def standard_deal(self, present: int | None = None) -> int:
        """Tiles to deal each of ``present`` players (all by default) by the table in force.

        Mexican Train: :func:`~companion.rules.schedule.standard_deal`; classic
        games: 7 for two players, 6 for three or four (seed 003); picture
        dominoes: 6, or 5 with more than four players (seed 003).
        """
        n = len(self.players) if present is None else present
        counts = self.rules.draw_counts
        if counts and n in counts:
            return counts[n]
        if self.is_classic:
            return CLASSIC_DEAL.get(n, 6)
        if self.kind == "picture":
            return 6 if n <= 4 else 5
        return standard_deal(self.set_n, n)

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
    """A player's place. ``rank`` is shared by equal totals (1, 1, 3) and is
    ``None`` for a player who left (absent from the latest round)."""

    player: str
    total: int
    rank: int | None

    def as_dict(self) -> dict[str, Any]:
        """``{"player", "total", "rank"}`` as in design.md."""
        return {"player": self.player, "total": self.total, "rank": self.rank}


# ---------------------------------------------------------------- scoring


def round_scores(table: Table, rnd: Round) -> dict[str, int | None]:
    """Points of each player in one round, by name in seat order; ``None`` when absent.

    Mexican Train (all seeds; house rules from the profile): the player who
    went out scores ``going_out_bonus`` (0 by default); the others score their
    pips, plus ``blank_half_points`` per tile with a blank half, plus
    ``double_blank_points`` for the 0-0, times ``out_on_double_multiplier``
    when the round ended on a double; a marker left on the train adds
    ``marker_penalty``.

    Classic games (seed 003): the winner (who went out, or the lowest hand of a
    blocked round; a tie for lowest scores nobody) scores the others' pips
    (``winner_scores: difference``: less their own), rounded to ``round_to``,
    and nothing when under ``min_round_score``. Picture dominoes: 1 for the winner.
    """
    r = table.rules
    out: dict[str, int | None] = {}
    if table.kind == "picture":
        for name in table.players:
            out[name] = None if name in rnd.absent else int(name == rnd.winner)
        return out
    if table.is_classic:
        winner = classic_winner(rnd)
        points = 0
        if winner is not None:
            others = sum(h.pips for n, h in rnd.hands.items() if n != winner)
            points = others - rnd.hands[winner].pips if r.winner_scores == "difference" else others
            points = max(points, 0)
            if r.round_to > 1:
                points = _round_half_up(points, r.round_to)
            if points < r.min_round_score:
                points = 0
        for name in table.players:
            out[name] = None if name in rnd.absent else (points if name == winner else 0)
        return out
    for name in table.players:
        hand = rnd.hands.get(name)
        if hand is None:
            out[name] = None
            continue
        if hand.out:
            pts = r.going_out_bonus
        else:
            pts = hand.pips + r.blank_half_points * hand.blank_halves
            if hand.double_blank:
                pts += r.double_blank_points
            if rnd.ended_on_double:
                pts *= r.out_on_double_multiplier
        if hand.marker:
            pts += r.marker_penalty
        out[name] = pts
    return out


def classic_winner(rnd: Round) -> str | None:
    """Classic games: who won the round: the player who went out, else the
    single lowest hand of a blocked round; ``None`` for a tie (seed 003)."""
    if rnd.ended == "domino":
        out = rnd.went_out
        return out[0] if out else None
    lowest = min(h.pips for h in rnd.hands.values())
    low = [n for n, h in rnd.hands.items() if h.pips == lowest]
    return low[0] if len(low) == 1 else None


def rank_players(
    totals: Mapping[str, int],
    seats: Iterable[str],
    highest_first: bool = False,
    tie_break: Mapping[str, int] | None = None,
) -> list[Standing]:
    """Standard competition ranking (1, 1, 3); ties keep seat order.

    :param totals: points by player (only the players to rank).
    :param seats: the seat order, used to order tied players.
    :param highest_first: classic games and picture dominoes rank the highest total first.
    :param tie_break: a number per player that breaks equal totals (higher first),
        e.g. rounds gone out; ``None`` lets equal totals share a rank.
    """
    seat_index = {name: i for i, name in enumerate(seats)}
    sign = -1 if highest_first else 1
    tb = tie_break or {}

    def key(kv):
        name, total = kv
        return (sign * total, -tb.get(name, 0), seat_index.get(name, 0))

    ordered = sorted(totals.items(), key=key)
    out: list[Standing] = []
    for i, (name, total) in enumerate(ordered):
        same = out and out[-1].total == total and tb.get(out[-1].player, 0) == tb.get(name, 0)
        rank = out[-1].rank if same else i + 1
        out.append(Standing(name, total, rank))
    return out


def rank_lowest_first(totals: Mapping[str, int], seats: Iterable[str]) -> list[Standing]:
    """Lowest total first, ties share a rank (A 143, B 143, C 201 → 1, 1, 3)."""
    return rank_players(totals, seats)


@dataclass(frozen=True)
class Game:
    """A checked game: its :class:`Table` and the rounds played so far."""

    table: Table
    rounds: tuple[Round, ...] = field(default_factory=tuple)

    def scores(self) -> list[dict[str, int | None]]:
        """Each round's points by player (``None`` when absent)."""
        return [round_scores(self.table, rnd) for rnd in self.rounds]

    def running_totals(self) -> list[dict[str, int | None]]:
        """Totals after each round (points); ``None`` for a player not yet joined.

        A player absent from the first rounds joins with ``late_join``: 0, the
        highest total of those playing, or their average (rounded half up).
        """
        totals: dict[str, int | None] = dict.fromkeys(self.table.players)
        out: list[dict[str, int | None]] = []
        late = self.table.rules.late_join
        for rnd, pts in zip(self.rounds, self.scores()):
            before = [t for t in totals.values() if t is not None]
            for name in self.table.players:
                if pts[name] is None:
                    continue
                if totals[name] is None:
                    others = before
                    if late == "highest" and others:
                        start = max(others) if not self.ranks_highest else min(others)
                    elif late == "average" and others:
                        start = _round_half_up(sum(others) / len(others), 1)
                    else:
                        start = 0
                    totals[name] = start
                totals[name] += pts[name]
            out.append(dict(totals))
        return out

    @property
    def ranks_highest(self) -> bool:
        """True where the highest total wins (classic games, picture dominoes)."""
        return not self.table.is_train

    def totals(self) -> dict[str, int]:
        """Each player's total after the last round (points; 0 before joining)."""
        running = self.running_totals()
        last = running[-1] if running else {}
        return {n: (last.get(n) or 0) for n in self.table.players}

    def rounds_out(self) -> dict[str, int]:
        """How many rounds each player went out in (won, for classic games)."""
        counts = dict.fromkeys(self.table.players, 0)
        for rnd in self.rounds:
            if self.table.is_classic:
                w = classic_winner(rnd)
                names = [w] if w else []
            else:
                names = rnd.went_out
            for name in names:
                counts[name] += 1
        return counts

    def standings(self) -> list[Standing]:
        """Players in order; equal totals share a rank (A 143, B 143, C 201 → 1, 1, 3).
        Lowest total first in Mexican Train (all seeds), highest first otherwise.
        Listed last with ``rank`` ``None``: once the game is finished, a player
        who left before the last round (absent from it); before that, a late
        joiner who has not played a round yet. Sitting out one round in the
        middle of a game keeps a player's place."""
        totals = self.totals()
        if self.finished and self.rounds:
            gone = set(self.rounds[-1].absent)
        else:
            played = {n for rnd in self.rounds for n in self.table.players if n not in rnd.absent}
            gone = {n for n in self.table.players if self.rounds and n not in played}
        tb = self.rounds_out() if self.table.rules.tie_break == "most_rounds_out" else None
        ranked = rank_players(
            {n: t for n, t in totals.items() if n not in gone},
            self.table.players,
            highest_first=self.ranks_highest,
            tie_break=tb,
        )
        return ranked + [Standing(n, totals[n], None) for n in self.table.players if n in gone]

    @property
    def finished(self) -> bool:
        """Mexican Train: once the last engine's round is recorded. Classic
        games: once a total reaches ``target_score``. Picture dominoes: never."""
        if self.table.is_train:
            return len(self.rounds) >= len(self.table.engines)
        if self.table.is_classic:
            return any(t >= self.table.rules.target_score for t in self.totals().values())
        return False

    def winners(self) -> list[str]:
        """Players ranked first once the game is finished; ``[]`` before."""
        if not self.finished:
            return []
        return [s.player for s in self.standings() if s.rank == 1]

    def next_round(self) -> RoundPlan | None:
        """The plan of the next round, or ``None`` when the game is finished.
        Classic games and picture dominoes have no engine and no fixed starter
        (the highest double starts, seed 003): both ``None``."""
        if self.finished:
            return None
        t = self.table
        number = len(self.rounds) + 1
        dealt = t.standard_deal()
        if t.is_train:
            engine = t.engines[number - 1]
            first = starter(t.players, t.first_starter, number)
            boneyard = t.set.size - 1 - dealt * len(t.players)
        else:
            engine, first = None, None
            boneyard = t.set.size - dealt * len(t.players) if t.kind == "draw" else 0
        return RoundPlan(number, engine, first, dealt, max(boneyard, 0))

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
        scores = self.scores()
        for i, (out, rnd) in enumerate(zip(d["rounds"], self.rounds)):
            out["number"] = rnd.number
            if self.table.is_train:
                out["starter"] = starter(
                    self.table.players, self.table.first_starter, rnd.number, set(rnd.absent)
                )
            out["scores"] = scores[i]
            out["totals"] = running[i]
        d["standings"] = [s.as_dict() for s in self.standings()]
        d["status"] = "finished" if self.finished else "in_progress"
        d["winners"] = self.winners()
        d["rounds_out"] = self.rounds_out()
        nxt = self.next_round()
        if nxt is not None:
            d["next_round"] = nxt.as_dict()
        return d


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
        problems.error("", "bad_value", tr("A game record must be a JSON object."))
        return None
    for key in record:
        if key not in RECORD_KEYS:
            problems.error(str(key), "bad_value", tr("A game record has no field {key!r}.", key=key))
    if record.get("format", RECORD_FORMAT) != RECORD_FORMAT:
        problems.error("format", "bad_value", tr('format must be "{format}".', format=RECORD_FORMAT))
    if record.get("version", RECORD_VERSION) != RECORD_VERSION:
        problems.error("version", "bad_value", tr("Only version {version} records are read.", version=RECORD_VERSION))

    kind = record.get("kind", "mexican_train")
    if kind not in KINDS:
        problems.error("kind", "unknown_kind", tr("Unknown game kind {kind!r}.", kind=kind), kind=kind)
        kind = None

    default_set = 6 if kind in CLASSIC_KINDS or kind == "picture" else 12
    set_n = record.get("set", default_set)
    if not _is_int(set_n) or set_n not in SET_SIZES:
        problems.error(
            "set", "unknown_set",
            tr("The set must be one of {sets}.", sets=", ".join(f"double-{n}" for n in SET_SIZES)),
        )
        set_n = None
    elif kind in CLASSIC_KINDS and set_n != 6:
        problems.error("set", "unknown_set", tr("The classic block and draw games use a double-six set."))
        set_n = None

    rules = parse_rules(record.get("rules"), problems)
    most = CLASSIC_MAX_PLAYERS if kind in CLASSIC_KINDS else MAX_PLAYERS
    players = _parse_players(record.get("players"), problems, most)
    if players is None:
        return None

    first = record.get("first_starter", players[0] if players else None)
    if isinstance(first, str):
        first = _clean_name(first)
    if first not in players:
        problems.error(
            "first_starter", "unknown_player",
            tr("The first starter {player!r} is not one of the players.", player=first), player=first,
        )
        first = players[0]

    if set_n is None or kind is None:
        return None
    check_rules_apply(rules, kind, problems)
    table = Table(kind, set_n, rules, tuple(players), first)
    if table.is_train:
        _check_train_rules(table, problems)
        lo, hi = USUAL_PLAYERS[set_n]
        if not lo <= len(players) <= hi:
            problems.warn(
                "players", "players_outside_range",
                tr("A double-{set} set is usually played by {lo} to {hi} players, not {count}.",
                   set=set_n, lo=lo, hi=hi, count=len(players)),
                players=len(players),
            )
    if kind != "picture":
        deal = table.standard_deal()
        room = table.set.size - (1 if table.is_train else 0)
        if deal * len(players) > room:
            problems.error(
                "rules.draw_counts", "deal_exceeds_set",
                tr("{players} players × {deal} tiles do not fit in a double-{set} set "
                   "of {size} tiles with the engine out.", players=len(players), deal=deal,
                   set=set_n, size=table.set.size)
                if table.is_train
                else tr("{players} players × {deal} tiles do not fit in a double-{set} set "
                        "of {size} tiles.", players=len(players), deal=deal, set=set_n,
                        size=table.set.size),
            )
    return table


def _check_train_rules(table: Table, problems: Problems) -> None:
    r, n = table.rules, table.set_n
    for key in ("start_engine", "end_engine"):
        value = getattr(r, key)
        if value is not None and value > n:
            problems.error(f"rules.{key}", "bad_value", tr("A double-{set} set has no {value}-{value}.", set=n, value=value))
            return
    if not table.engines:
        problems.error(
            "rules.start_engine", "bad_value",
            tr("start_engine {start} and end_engine {end} leave no round "
               "when the engines are {order}.", start=r.start_engine, end=r.end_engine,
               order=r.engine_order),
        )


def _clean_name(name: str) -> str:
    """A name as kept: Unicode NFC (so "Zoë" typed two ways is one name), invisible
    format characters dropped, runs of spaces folded."""
    name = unicodedata.normalize("NFC", name)
    name = "".join(ch for ch in name if unicodedata.category(ch) != "Cf")
    return " ".join(name.split())


def _parse_players(value: Any, problems: Problems, most: int = MAX_PLAYERS) -> list[str] | None:
    if not isinstance(value, list):
        problems.error("players", "bad_value", tr("players must be a list of names in seat order."))
        return None
    names: list[str] = []
    seen: set[str] = set()
    ok = True
    for i, name in enumerate(value):
        path = f"players[{i}]"
        if isinstance(name, str):
            name = _clean_name(name)
        if not isinstance(name, str) or not name:
            problems.error(path, "bad_value", tr("A player's name cannot be empty."))
            ok = False
            continue
        if len(name) > MAX_NAME:
            problems.error(path, "bad_value", tr("A name may have at most {most} characters.", most=MAX_NAME))
            ok = False
            continue
        if name.casefold() in seen:
            problems.error(path, "duplicate_player", tr("{name} is seated twice.", name=name), player=name)
            ok = False
            continue
        seen.add(name.casefold())
        names.append(name)
    if len(value) < MIN_PLAYERS:
        problems.error("players", "too_few_players", tr("A game needs at least {least} players.", least=MIN_PLAYERS))
        return None
    if len(value) > most:
        problems.error("players", "too_many_players", tr("At most {most} players can be seated.", most=most))
        return None
    return names if ok else None


def _parse_tiles(value: Any, path: str, table: Table, engine: Tile | None, problems: Problems):
    if not isinstance(value, list):
        problems.error(path, "bad_value", tr('tiles must be a list such as ["6-5", "2-1"].'))
        return None
    tiles: list[Tile] = []
    seen: set[Tile] = set()
    bad = False
    for i, text in enumerate(value):
        where = f"{path}[{i}]"
        try:
            tile = Tile.parse(text) if isinstance(text, str) else None
        except TileError:
            tile = None
        if tile is None:
            problems.error(where, "bad_value", tr("{text!r} is not a tile; write it as 6-5.", text=text))
            bad = True
        elif tile not in table.set:
            problems.error(where, "tiles_not_in_set", tr("{tile} is not in a double-{set} set.", tile=tile, set=table.set_n),
                           tile=str(tile))
            bad = True
        elif tile == engine:
            problems.error(where, "engine_in_hand", tr("{tile} is the engine of this round.", tile=tile), tile=str(tile))
            bad = True
        elif tile in seen:
            problems.error(where, "tile_repeated", tr("{tile} is listed twice.", tile=tile), tile=str(tile))
            bad = True
        else:
            tiles.append(tile)
            seen.add(tile)
    return None if bad else tuple(tiles)


def _parse_hand(data: Any, path: str, table: Table, engine: Tile | None, problems: Problems):
    """Read one hand; returns a :class:`Hand` or ``None`` (problems recorded)."""
    if not isinstance(data, Mapping):
        problems.error(path, "bad_value", tr("A hand must be an object with pips or tiles."))
        return None
    ok = True
    for key in data:
        if key not in HAND_KEYS:
            problems.error(f"{path}.{key}", "bad_value", tr("A hand has no field {key!r}.", key=key))
            ok = False

    def count(key: str) -> int | None:
        nonlocal ok
        value = data.get(key)
        if value is None:
            return None
        if not _is_int(value) or value < 0:
            problems.error(f"{path}.{key}", "bad_value", tr("{key} must be a whole number, 0 or more.", key=key))
            ok = False
            return None
        return value

    def flag(key: str) -> bool:
        nonlocal ok
        value = data.get(key, False)
        if not isinstance(value, bool):
            problems.error(f"{path}.{key}", "bad_value", tr("{key} must be true or false.", key=key))
            ok = False
            return False
        return value

    tiles_left, drawn, blanks = count("tiles_left"), count("drawn"), count("blanks")
    double_blank, marker = flag("double_blank"), flag("marker")

    if "tiles" in data:
        tiles = _parse_tiles(data["tiles"], f"{path}.tiles", table, engine, problems)
        if tiles is None:
            return None
        pips = sum(t.pips for t in tiles)
        given = data.get("pips")
        if given is not None and given != pips:
            problems.error(f"{path}.pips", "pips_mismatch", tr("The tiles hold {pips} pips, not {given}.", pips=pips, given=given),
                           pips=pips)
            ok = False
        if tiles_left is not None and tiles_left != len(tiles):
            problems.error(f"{path}.tiles_left", "pips_mismatch",
                           tr("{listed} tiles are listed, not {given}.", listed=len(tiles), given=tiles_left))
            ok = False
        has_blank = DOUBLE_BLANK in tiles
        if double_blank and not has_blank:
            problems.error(f"{path}.double_blank", "pips_mismatch", tr("The 0-0 is not among the tiles listed."))
            ok = False
        hand = Hand(pips, len(tiles), has_blank, tiles, drawn, marker)
        if blanks is not None and blanks != hand.blank_halves:
            problems.error(f"{path}.blanks", "pips_mismatch",
                           tr("{listed} of the tiles listed have a blank half, not {given}.", listed=hand.blank_halves,
                              given=blanks))
            ok = False
        return hand if ok else None

    pips = data.get("pips")
    if pips is None:
        problems.error(f"{path}.pips", "bad_value", tr("Give the pips left in the hand."))
        return None
    if not _is_int(pips):
        problems.error(f"{path}.pips", "bad_value", tr("Pips must be a whole number."))
        return None
    if pips < 0:
        problems.error(f"{path}.pips", "pips_negative", tr("Pips cannot be negative."), pips=pips)
        return None
    if double_blank and engine == DOUBLE_BLANK:
        problems.error(f"{path}.double_blank", "engine_in_hand",
                       tr("The 0-0 is the engine of this round; no hand can hold it."))
        return None
    if double_blank and tiles_left == 0:
        problems.error(f"{path}.double_blank", "pips_infeasible", tr("A hand with no tiles cannot hold the 0-0."))
        return None
    return Hand(pips, tiles_left, double_blank, None, drawn, marker, blanks) if ok else None


def _parse_dealt(value: Any, path: str, table: Table, present: list[str], problems: Problems):
    standard = table.standard_deal(len(present))
    room = table.set.size - (1 if table.is_train else 0)
    if value is None:
        return dict.fromkeys(present, standard)
    if _is_int(value):
        if not 1 <= value <= room:
            problems.error(path, "bad_value", tr("Tiles dealt must be a whole number from 1 to {room}.", room=room))
            return None
        dealt = dict.fromkeys(present, value)
    elif isinstance(value, Mapping):
        dealt = dict.fromkeys(present, standard)
        for name, n in value.items():
            if name not in dealt:
                problems.error(f"{path}.{name}", "unknown_player", tr("{name} is not at the table this round.", name=name))
                return None
            if not _is_int(n) or not 1 <= n <= room:
                problems.error(f"{path}.{name}", "bad_value",
                               tr("Tiles dealt must be a whole number from 1 to {room}.", room=room))
                return None
            dealt[name] = n
    else:
        problems.error(path, "bad_value", tr("dealt must be a number, or a number for each player."))
        return None
    if sum(dealt.values()) > room:
        problems.error(
            path, "deal_exceeds_set",
            tr("{dealt} tiles dealt, but a double-{set} set has only {room} with the engine out.",
               dealt=sum(dealt.values()), set=table.set_n, room=room)
            if table.is_train
            else tr("{dealt} tiles dealt, but a double-{set} set has only {room}.",
                    dealt=sum(dealt.values()), set=table.set_n, room=room),
        )
        return None
    if any(n != standard for n in dealt.values()):
        problems.warn(path, "deal_off_table",
                      tr("The table deals {standard} tiles each to {players} players.", standard=standard,
                         players=len(present)),
                      standard=standard)
    return dealt


def _parse_absent(value: Any, path: str, table: Table, problems: Problems) -> tuple[str, ...] | None:
    if value is None:
        return ()
    if not isinstance(value, list) or not all(isinstance(n, str) for n in value):
        problems.error(path, "bad_value", tr("absent must be a list of player names."))
        return None
    for name in value:
        if name not in table.players:
            problems.error(path, "unknown_player", tr("{name} is not in this game.", name=name), player=name)
            return None
    if len(set(value)) != len(value):
        problems.error(path, "bad_value", tr("A player is listed twice as absent."))
        return None
    if len(table.players) - len(value) < MIN_PLAYERS:
        problems.error(path, "too_few_players", tr("At least {least} players must play a round.", least=MIN_PLAYERS))
        return None
    return tuple(n for n in table.players if n in value)


def parse_round(table: Table, data: Any, number: int, problems: Problems, path: str | None = None):
    """Read and check one round of ``table``'s game.

    Checks (design.md error codes): the engine is the scheduled one
    (``engine_out_of_sequence``); every present player has a hand and only
    players of the game (``missing_hand``, ``unknown_player``); a domino round
    has exactly one empty hand (``nobody_out``, ``several_out``; with
    ``first_turn: build_train`` several may go out, seed 003) and a blocked
    round none (``out_but_blocked``); pips are whole and ≥ 0
    (``pips_negative``); every hand can be made of real tiles still possible
    for it: the set less the engine less the tiles listed in other hands, with
    exactly ``tiles_left`` tiles and ``blanks`` blank halves when given
    (``pips_infeasible``, ``too_many_tiles``), and all pips-only hands together
    from one set of distinct tiles (``hands_infeasible``); listed tiles belong
    to the set, appear once and are not the engine (``tiles_not_in_set``,
    ``tile_repeated``, ``engine_in_hand``); at most one 0-0
    (``double_blank_twice``); the deal fits in the set (``deal_exceeds_set``;
    a deal off the table is the warning ``deal_off_table``); the draws fit in
    the boneyard (``drawn_exceeds_boneyard``).

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
        problems.error(path, "bad_value", tr("A round must be a JSON object."))
        return None
    for key in data:
        if key not in ROUND_KEYS:
            problems.error(f"{path}.{key}", "bad_value", tr("A round has no field {key!r}.", key=key))
    absent = _parse_absent(data.get("absent"), f"{path}.absent", table, problems)
    if absent is None:
        return None
    present = [n for n in table.players if n not in absent]
    if absent and table.is_train and number == len(table.engines):
        problems.warn(
            f"{path}.absent", "left_before_end",
            tr("{names} sits out the last round: a player away from the last round has left "
               "the game and gets no place in the final standings.", names=", ".join(absent)),
        )

    if table.kind == "picture":
        for key in ("hands", "ended", "dealt", "engine", "ended_on_double"):
            if key in data:
                problems.error(f"{path}.{key}", "bad_value",
                               tr("Picture dominoes keep only who went out first, not {key}.", key=key))
        winner = data.get("winner")
        if winner in absent:
            problems.error(f"{path}.winner", "bad_value",
                           tr("{name} sat this round out.", name=winner))
            return None
        if winner not in present:
            problems.error(f"{path}.winner", "unknown_player" if isinstance(winner, str) else "bad_value",
                           tr("Tap the child who laid all their tiles first."))
            return None
        if len(problems.errors) > before:
            return None
        return Round(number, None, {}, None, {}, absent, False, winner)

    engine_tile: Tile | None = None
    scheduled: int | None = None
    if table.is_train:
        if number > len(table.engines):
            problems.error(path, "game_finished",
                           tr("This game has {rounds} rounds; it is finished.", rounds=len(table.engines)))
            return None
        scheduled = table.engines[number - 1]
        if data.get("engine", scheduled) != scheduled:
            problems.error(f"{path}.engine", "engine_out_of_sequence",
                           tr("Round {number} is played with the {engine}-{engine} engine.", number=number,
                              engine=scheduled),
                           expected=scheduled)
        engine_tile = double(scheduled)
    elif data.get("engine") is not None:
        problems.error(f"{path}.engine", "bad_value", tr("The classic games have no engine."))

    ended = data.get("ended")
    if ended not in ENDINGS:
        problems.error(f"{path}.ended", "bad_value", tr('ended must be "domino" or "blocked".'))
    on_double = data.get("ended_on_double", False)
    if not isinstance(on_double, bool) or (on_double and ended != "domino"):
        problems.error(f"{path}.ended_on_double", "bad_value",
                       tr("ended_on_double is true or false, and only for a round ended by domino."))
        on_double = False

    dealt = _parse_dealt(data.get("dealt"), f"{path}.dealt", table, present, problems)

    raw_hands = data.get("hands")
    if not isinstance(raw_hands, Mapping):
        problems.error(f"{path}.hands", "bad_value", tr("hands must give each player's hand."))
        return None
    for name in raw_hands:
        if name not in table.players:
            problems.error(f"{path}.hands.{name}", "unknown_player", tr("{name} is not in this game.", name=name),
                           player=name)
        elif name in absent:
            problems.error(f"{path}.hands.{name}", "bad_value", tr("{name} sat this round out but has a hand.", name=name))
    hands: dict[str, Hand] = {}
    for name in present:
        where = f"{path}.hands.{name}"
        if name not in raw_hands:
            problems.error(where, "missing_hand", tr("{name}'s hand is missing.", name=name), player=name)
            continue
        hand = _parse_hand(raw_hands[name], where, table, engine_tile, problems)
        if hand is not None:
            hands[name] = hand
    if len(problems.errors) > before:
        return None

    listed: dict[Tile, str] = {}
    for name, hand in hands.items():
        for i, tile in enumerate(hand.tiles or ()):
            if tile in listed:
                problems.error(f"{path}.hands.{name}.tiles[{i}]", "tile_repeated",
                               tr("{tile} is already in {name}'s hand.", tile=tile, name=listed[tile]), tile=str(tile))
            listed[tile] = name
    blanks = [n for n, h in hands.items() if h.double_blank]
    if len(blanks) > 1:
        problems.error(f"{path}.hands.{blanks[1]}.double_blank", "double_blank_twice",
                       tr("Only one hand can hold the 0-0 ({name} has it).", name=blanks[0]))
    if len(problems.errors) > before or dealt is None:
        return None

    checked = _check_feasible(table, engine_tile, dealt, hands, listed, blanks, path, problems)
    if checked is None:
        return None
    hands = checked

    out = [n for n, h in hands.items() if h.out]
    if ended == "domino":
        if not out:
            problems.error(f"{path}.hands", "nobody_out", tr("The round ended by domino, but nobody went out."))
        elif len(out) > 1 and not (table.is_train and table.rules.first_turn == "build_train"):
            problems.error(f"{path}.hands.{out[1]}", "several_out",
                           tr("Only one player can go out: {names} all have empty hands.", names=", ".join(out)))
    elif ended == "blocked" and out:
        problems.error(f"{path}.hands.{out[0]}", "out_but_blocked",
                       tr("A blocked round ends with no empty hand, but {name} has none left.", name=out[0]))
    if len(problems.errors) > before:
        return None
    return Round(number, scheduled, dealt, ended, hands, absent, on_double)


def _check_feasible(table, engine, dealt, hands, listed, blanks, path, problems):
    """Check each pips-only hand, then all of them together, against the tiles
    still possible for them. Returns the hands (0-0 inferred where forced) or ``None``."""
    tile_set = table.set
    room = tile_set.size - (1 if engine is not None else 0)
    boneyard = 0 if table.kind == "block" else room - sum(dealt.values())
    drawn_total = sum(h.drawn or 0 for h in hands.values())
    if drawn_total > boneyard:
        problems.error(f"{path}.hands", "drawn_exceeds_boneyard",
                       tr("{drawn} tiles drawn, but the boneyard held only {boneyard}.", drawn=drawn_total,
                          boneyard=boneyard))
        return None
    blank_taken = bool(blanks) or DOUBLE_BLANK in listed or engine == DOUBLE_BLANK
    if listed:
        free = [t for t in _free_tiles(table.set_n, engine) if t not in listed]
        pool, blank_pool, plain_pool = _pools(tuple(free))
    else:
        free = _free_tiles(table.set_n, engine)
        pool, blank_pool, plain_pool = _base_pools(table.set_n, engine)
    result: dict[str, Hand] = {}
    needs: list[tuple[int, tuple[int, ...]]] = []
    bad = False
    for name, hand in hands.items():
        where = f"{path}.hands.{name}"
        most = dealt[name] + (hand.drawn if hand.drawn is not None else boneyard)
        held = len(hand.tiles) if hand.tiles is not None else hand.tiles_left
        if held is not None and held > most:
            field_name = "tiles" if hand.tiles is not None else "tiles_left"
            problems.error(f"{where}.{field_name}", "too_many_tiles",
                           tr("{name} can hold at most {most} tiles ({dealt} dealt).", name=name,
                              most=most, dealt=dealt[name])
                           if hand.drawn is None
                           else tr("{name} can hold at most {most} tiles ({dealt} dealt, {drawn} drawn).",
                                   name=name, most=most, dealt=dealt[name], drawn=hand.drawn))
            bad = True
            continue
        if hand.tiles is not None or hand.out and hand.tiles_left in (None, 0):
            result[name] = hand
            continue
        if hand.tiles_left == 0:
            problems.error(f"{where}.pips", "pips_infeasible",
                           tr("{name} has no tiles left, so no pips: not {pips}.", name=name, pips=hand.pips))
            bad = True
            continue
        if hand.blanks is not None and hand.blanks > (hand.tiles_left or most):
            problems.error(f"{where}.blanks", "pips_infeasible",
                           tr("{name} cannot hold {blanks} tiles with a blank half in {tiles} tiles.",
                              name=name, blanks=hand.blanks, tiles=hand.tiles_left or most))
            bad = True
            continue

        def can(k: int, h=hand) -> bool:
            if h.blanks is None:
                return pool.can_make(h.pips, k)
            b = h.blanks
            if b > k or not blank_pool.can_make(blank_pool.lightest(b), b) and b:
                return False
            lo, hi = blank_pool.lightest(b), blank_pool.heaviest(b)
            return any(blank_pool.can_make(s, b) and plain_pool.can_make(h.pips - s, k - b)
                       for s in range(lo, min(hi, h.pips) + 1))

        if hand.double_blank:
            counts = [hand.tiles_left - 1] if hand.tiles_left is not None else list(range(0, most))
            fit = [k for k in counts if can(k)]
            if fit:
                result[name] = hand
                needs.append((hand.pips, tuple(fit)))
                continue
            _infeasible(problems, where, name, hand, pool, most, engine, with_blank=True)
            bad = True
            continue
        counts = [hand.tiles_left] if hand.tiles_left is not None else list(range(1, most + 1))
        fit = [k for k in counts if can(k)]
        if fit:
            result[name] = hand
            needs.append((hand.pips, tuple(fit)))
            continue
        fit = [k - 1 for k in counts if k >= 1 and can(k - 1)]
        if not blank_taken and fit:
            # Only the 0-0 can make this hand: it holds it.
            blank_taken = True
            result[name] = Hand(hand.pips, hand.tiles_left, True, None, hand.drawn, hand.marker, hand.blanks)
            needs.append((hand.pips, tuple(fit)))
            continue
        _infeasible(problems, where, name, hand, pool, most, engine, with_blank=False)
        bad = True
    if bad:
        return None
    if len(needs) > 1 and hands_fit([t.pips for t in free], needs) is False:
        names = [n for n, h in result.items() if h.tiles is None and not h.out]
        problems.error(f"{path}.hands", "hands_infeasible",
                       tr("These hands cannot all be made from one set: {names} would need the same "
                          "tiles.", names=", ".join(names)))
        return None
    return result


@lru_cache(maxsize=256)
def _free_tiles(set_n: int, engine: Tile | None) -> tuple[Tile, ...]:
    """The set less the engine and the 0-0 (which is counted on its own)."""
    return tuple(t for t in DominoSet(set_n).tiles if t != engine and t != DOUBLE_BLANK)


def _pools(free: tuple[Tile, ...]) -> tuple[Pool, Pool, Pool]:
    return (Pool.of(free), Pool.of(t for t in free if t.low == 0),
            Pool.of(t for t in free if t.low != 0))


@lru_cache(maxsize=256)
def _base_pools(set_n: int, engine: Tile | None) -> tuple[Pool, Pool, Pool]:
    return _pools(_free_tiles(set_n, engine))


def _infeasible(problems, where, name, hand, pool, most, engine, with_blank):
    k = hand.tiles_left
    in_round = tr("in the {engine} round", engine=engine) if engine is not None else tr("in this round")
    if hand.blanks is not None:
        if k is None:
            msg = tr("No tiles with {blanks} blank halves add up to {pips} pips.",
                     blanks=hand.blanks, pips=hand.pips)
        else:
            msg = trn("No {n} tiles with {blanks} blank halves add up to {pips} pips.",
                      "No {n} tiles with {blanks} blank halves add up to {pips} pips.", k,
                      blanks=hand.blanks, pips=hand.pips)
    elif k is None:
        top = pool.max_pips(most - 1 if with_blank else most)
        msg = tr("{name} typed {pips} pips; a hand holds at most {top} pips {in_round}.",
                 name=name, pips=hand.pips, top=top, in_round=in_round)
    else:
        others = max((k - 1) if with_blank else k, 0)
        lo, hi = pool.lightest(others), pool.heaviest(others)
        if hand.pips > hi:
            msg = trn("{n} tile can hold at most {hi} pips {in_round}, not {pips}.",
                      "{n} tiles can hold at most {hi} pips {in_round}, not {pips}.", k,
                      hi=hi, in_round=in_round, pips=hand.pips)
        elif hand.pips < lo:
            msg = trn("{n} tile hold at least {lo} pips {in_round}, not {pips}.",
                      "{n} tiles hold at least {lo} pips {in_round}, not {pips}.", k,
                      lo=lo, in_round=in_round, pips=hand.pips)
        else:
            msg = trn("No {n} tile left {in_round} add up to {pips} pips.",
                      "No {n} tiles left {in_round} add up to {pips} pips.", k,
                      in_round=in_round, pips=hand.pips)
    problems.error(f"{where}.pips", "pips_infeasible", msg, pips=hand.pips)


# ---------------------------------------------------------------- entry points


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
        problems.error("rounds", "bad_value", tr("rounds must be a list."))
        raw_rounds = []
    if table is not None:
        for i, data in enumerate(raw_rounds):
            if Game(table, tuple(rounds)).finished and not table.is_train:
                problems.error(f"rounds[{i}]", "game_finished", tr("The game was already won."))
                break
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
        is over (all rounds played, or the target reached).
    """
    problems = Problems()
    if number == len(game.rounds) + 1 and game.finished:
        problems.error(f"rounds[{number - 1}]", "game_finished", tr("The game is finished."))
        problems.raise_if_any()
    rnd = parse_round(game.table, data, number, problems)
    problems.raise_if_any(confirm)
    assert rnd is not None
    if number <= len(game.rounds) and not game.table.is_train:
        # a correction must not end a classic game before its last round
        later = Game(game.table, game.rounds[: number - 1] + (rnd,))
        if later.finished and number < len(game.rounds):
            problems.error(f"rounds[{number - 1}]", "game_finished",
                           tr("With this round the target is reached before the rounds after it."))
            problems.raise_if_any()
    return rnd


def with_round(game: Game, rnd: Round) -> Game:
    """A new :class:`Game` with ``rnd`` added (next number) or replacing its number."""
    rounds = list(game.rounds)
    if rnd.number == len(rounds) + 1:
        rounds.append(rnd)
    else:
        rounds[rnd.number - 1] = rnd
    return Game(game.table, tuple(rounds))


__all__ = [
    "Game", "Hand", "KINDS", "RecordError", "Round", "Standing", "Table",
    "check_round", "classic_winner", "parse_round", "parse_table", "rank_lowest_first",
    "rank_players", "read_game", "round_scores", "with_round",
]
