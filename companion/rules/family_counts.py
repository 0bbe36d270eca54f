"""The games scored during play, seen as the other family kinds are.

All Fives, Fives and Threes and Texas 42 (:mod:`companion.rules.families`)
each offer ``read_game(record)`` and ``game.add_hand(data)``; the adapter of
:mod:`companion.rules.family_game` calls a kind's module through five
functions (read the head, read a whole game, check one round, make a game of
checked rounds, a round as stored). This module gives them for these three
kinds (:data:`COUNTS_MODULES`), and the derived record the games service
stores and shows: per round ``scores`` and ``totals`` (or ``team_scores`` and
``team_totals`` in pairs; marks in 42), the pegs of the hand, the bonus; the
standings (``team_standings`` in pairs) and the next hand (who leads, who
shakes). No rule lives here: every number comes from the kind's module.

Rule sources: those of each module (``rules-families.md`` sections 2, 3 and 4;
``docs/sources.md``).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from companion.rules.errors import Problems, RecordError, tr
from companion.rules.families import all_fives, fives_threes, texas42
from companion.rules.families.counts import IGNORED_ROUND_KEYS, Seating
from companion.rules.families.pegging import PegMove, Struck
from companion.rules.families.score_pad import BoardLayout, Pad, board_layout, pad_of, side_names

_READERS: Mapping[str, Callable[[Mapping[str, Any]], Any]] = {
    "all_fives": all_fives.read_game,
    "fives_threes": fives_threes.read_game,
    "texas42": texas42.read_game,
}
"""Each kind's whole-record reader (a game with no hands gives its table)."""

_FIRST_SEAT: Mapping[str, str] = {"texas42": "first_shaker"}
"""The head field a kind keeps in the games' ``first_starter`` column (who
shook the first hand in 42): a stored head gives it back under that name."""


@dataclass(frozen=True)
class _Pairs:
    """The partners, as the adapter reads a table's ``teams.pairs``."""

    pairs: tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class GivenRules:
    """A counting game's rules as the other features read a family table's
    (``table.inner.rules``): the module's rules, and :meth:`changed`.

    :ivar rules: the module's rules (every key with its value).
    :ivar given: the record's ``rules`` as given (the keys the table changed).
    """

    rules: Any
    given: Mapping[str, Any]

    def changed(self) -> dict[str, Any]:
        """The rules the table set away from the kind's defaults, as given."""
        return dict(self.given)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.rules, name)


@dataclass(frozen=True)
class CountsTable:
    """A counting game's table: its module's game before any hand.

    :ivar kind: the record's ``kind``.
    :ivar start: the module's game with no hand (seating, rules, first shaker).
    :ivar rules_given: the record's ``rules`` as given (kept as the record's head).
    """

    kind: str
    start: Any
    rules_given: Mapping[str, Any]

    @property
    def seating(self) -> Seating:
        """Players, teams and the way play passes."""
        seating: Seating = self.start.seating
        return seating

    @property
    def players(self) -> tuple[str, ...]:
        """Names in seat order, clockwise."""
        return self.seating.players

    @property
    def rules(self) -> GivenRules:
        """The rules in play (the module's), and those the table changed."""
        return GivenRules(self.start.rules, self.rules_given)

    @property
    def teams(self) -> _Pairs | None:
        """The two pairs, or ``None`` when each plays alone."""
        return None if self.seating.teams is None else _Pairs(self.seating.teams)

    @property
    def first_starter(self) -> str | None:
        """The seat kept in the game's row: who shook the first hand in 42;
        ``None`` when the hands decide who leads."""
        shaker: str | None = getattr(self.start, "first_shaker", None)
        return shaker

    @property
    def set_n(self) -> int:
        """6: these games are played with a double-six set."""
        return 6

    @property
    def dealt(self) -> int:
        """Tiles dealt to each player by the rules in play (7 in 42)."""
        rules = self.start.rules
        if not hasattr(rules, "deal"):
            return texas42.TRICKS
        deal: Mapping[int, int] = rules.deal()
        return deal.get(len(self.players), min(deal.values()))

    def as_dict(self) -> dict[str, Any]:
        """The record's head: kind, set, players, rules; ``teams`` in pairs;
        ``first_shaker`` in 42."""
        head: dict[str, Any] = {"kind": self.kind, "set": 6, "players": list(self.players),
                                "rules": dict(self.rules_given)}
        if self.seating.teams is not None:
            head["teams"] = [list(t) for t in self.seating.teams]
        shaker = getattr(self.start, "first_shaker", None)
        if shaker is not None:
            head["first_shaker"] = shaker
        return head


@dataclass(frozen=True)
class CountsRound:
    """One checked hand.

    :ivar hand: the module's hand (its ``HandResult``).
    :ivar data: the hand as stored: as given, with who led it made explicit.
    :ivar after: the module's game after this hand.
    """

    hand: Any
    data: Mapping[str, Any]
    after: Any

    @property
    def out(self) -> str | None:
        """Who went out first (``None``: blocked, stopped at the target, or 42)."""
        out = getattr(self.hand, "out", None)
        if isinstance(out, tuple):
            return out[0] if out else None
        return out


@dataclass(frozen=True)
class CountsGame:
    """A counting game: its table and its hands, each checked in turn.

    :ivar table: the game's table.
    :ivar rounds: the hands so far.
    """

    table: CountsTable
    rounds: tuple[CountsRound, ...] = ()

    @property
    def inner(self) -> Any:
        """The module's game after the last hand."""
        return self.rounds[-1].after if self.rounds else self.table.start

    @property
    def finished(self) -> bool:
        """As the module says (a side reached the target)."""
        return bool(self.inner.finished)

    def derived(self) -> dict[str, Any]:
        """The record plus what is derived: per round ``number``, ``scores``
        and ``totals`` (``team_scores`` and ``team_totals`` in pairs), ``pegs``
        and the hand's extras; ``standings`` or ``team_standings``, ``status``,
        ``winners`` and, while in progress, ``next_round``."""
        d = self.table.as_dict()
        teams = self.table.seating.teams is not None
        totals = {s: 0 for s in self.table.seating.sides}
        rounds: list[dict[str, Any]] = []
        for number, rnd in enumerate(self.rounds, 1):
            scores = _scores_of(rnd.hand)
            totals = {s: totals[s] + scores.get(s, 0) for s in totals}
            out = {**rnd.data, "number": number, **_extras(rnd.hand)}
            if teams:
                out.update(team_scores=dict(scores), team_totals=dict(totals))
            else:
                out.update(scores=dict(scores), totals=dict(totals))
            rounds.append(out)
        d["rounds"] = rounds
        standings = self.inner.standings()
        if teams:
            d["team_standings"] = [{"team": list(s.members), "name": s.name, "total": s.total,
                                    "rank": s.rank} for s in standings]
        else:
            d["standings"] = [{"player": s.name, "total": s.total, "rank": s.rank} for s in standings]
        d["status"] = "finished" if self.finished else "in_progress"
        d["winners"] = list(self.inner.winners)
        if not self.finished:
            d["next_round"] = self._next_round()
        return d

    def _next_round(self) -> dict[str, Any]:
        inner = self.inner
        nxt: dict[str, Any] = {"number": len(self.rounds) + 1, "engine": None, "dealt": self.table.dealt,
                               "boneyard": max(28 - self.table.dealt * len(self.table.players), 0)}
        if hasattr(inner, "next_shaker"):
            nxt.update(starter=inner.next_bidder, shaker=inner.next_shaker)
        else:
            nxt["starter"] = inner.next_leader
        return nxt


def _scores_of(hand: Any) -> Mapping[str, int]:
    marks = getattr(hand, "marks", None)
    scores: Mapping[str, int] = marks if marks is not None else hand.scores
    return scores


def peg_dict(move: PegMove) -> dict[str, Any]:
    """One score of a hand as the record shows it: ``side``, ``points``,
    ``before``, ``after``, ``kind`` and, when not pegged, ``struck``
    (``overshoot``…); ``player`` and ``play`` where known."""
    out: dict[str, Any] = {"side": move.side, "points": move.points, "before": move.before,
                           "after": move.after, "kind": str(move.kind)}
    if move.struck is not None:
        out["struck"] = str(move.struck)
    if move.player is not None:
        out["player"] = move.player
    if move.play is not None:
        out["play"] = move.play
    return out


def _extras(hand: Any) -> dict[str, Any]:
    """What a hand derives besides its scores: the pegs, the winner's bonus
    (All Fives), the chip-out point (Fives and Threes), the shaker (42), the
    sides that won the hand (All Fives, Fives and Threes: ``won_by``)."""
    out: dict[str, Any] = {}
    pegs = getattr(hand, "pegs", None)
    if pegs is not None:
        out["pegs"] = [peg_dict(m) for m in pegs]
    bonus = getattr(hand, "bonus", None)
    if bonus is not None:
        out["bonus"] = {"sides": list(bonus.sides), "pips": bonus.pips, "rounded": bonus.rounded,
                        "points": bonus.points}
    chip = getattr(hand, "chip_out", None)
    if chip:
        out["chip_out"] = chip
    shaker = getattr(hand, "shaker", None)
    if shaker is not None:
        out["shaker"] = shaker
    winners = getattr(hand, "winners", None)
    if winners is not None:
        out["won_by"] = list(winners)
    return out


def _start(record: Mapping[str, Any]) -> CountsTable:
    """The table of ``record`` (its hands left aside).

    :raises RecordError: the module refuses the head.
    """
    head = {k: v for k, v in record.items() if k not in ("rounds", "format", "version", "first_starter")}
    seat = _FIRST_SEAT.get(record["kind"])
    if seat is not None and seat not in head and record.get("first_starter") is not None:
        head[seat] = record["first_starter"]  # a stored head (the games' column)
    start = _READERS[record["kind"]](head)
    rules = record.get("rules")
    return CountsTable(record["kind"], start, dict(rules) if isinstance(rules, Mapping) else {})


def read_table(record: Mapping[str, Any], problems: Problems) -> CountsTable | None:
    """A record's head read by its kind's module; its refusals go to ``problems``."""
    try:
        return _start(record)
    except RecordError as e:
        problems.errors.extend(e.errors)
        problems.warnings.extend(e.warnings)
        return None


def check_round(game: CountsGame, data: Any, number: int, confirm: bool = False) -> CountsRound:
    """Check hand ``number`` against ``game`` (the hands before it).

    :raises RecordError: the module's refusals, at ``rounds[<number - 1>]…``.
    """
    if isinstance(data, Mapping):
        data = {k: v for k, v in data.items() if k not in _DERIVED}
    after = game.inner.add_hand(data, path=f"rounds[{number - 1}]")
    hand = after.hands[-1]
    stored = {k: v for k, v in data.items() if k not in IGNORED_ROUND_KEYS}
    if getattr(hand, "leader", None) is not None:
        stored["leader"] = hand.leader
    return CountsRound(hand, stored, after)


_DERIVED = frozenset({"pegs", "bonus", "chip_out", "team_totals", "starter", "won_by"})
"""Fields a ``GET`` adds to a round that are not the table's to give (a
record read back may carry them: they are left aside)."""


def read_game(record: Mapping[str, Any], confirm: bool = False) -> CountsGame:
    """Read and check a whole record, hand by hand.

    :raises RecordError: the head's refusals, or the first hand refused.
    """
    game = CountsGame(_start(record))
    rounds = record.get("rounds", [])
    if not isinstance(rounds, list):
        problems = Problems()
        problems.error("rounds", "bad_value", tr("The hands are a list."))
        problems.raise_if_any()
    for number, data in enumerate(rounds, 1):
        game = new_game(game.table, (*game.rounds, check_round(game, data, number, confirm)))
    return game


def new_game(table: CountsTable, rounds: tuple[CountsRound, ...]) -> CountsGame:
    """The game of ``table`` after ``rounds`` (each checked after the ones
    before it, by :func:`check_round`)."""
    return CountsGame(table, tuple(rounds))


COUNTS_MODULES: Mapping[str, dict[str, Any]] = {
    kind: {
        "read_table": read_table,
        "read_game": read_game,
        "check": check_round,
        "new_game": new_game,
        "rounds_of": lambda game: game.rounds,
        "round_dict": lambda table, rnd: dict(rnd.data),
    }
    for kind in _READERS
}
"""What :mod:`companion.rules.family_game` calls for each of the three kinds
(the fields of its ``_Module``)."""


_KEYPADS: Mapping[str, Callable[[Any], Any]] = {
    "all_fives": all_fives.keypad,
    "fives_threes": fives_threes.keypad,
}
"""The score pad's keypad of each kind scored by its plays (42 is bid instead)."""


@dataclass(frozen=True)
class PadView:
    """What the score pad page of a game shows.

    :ivar pad: the keypad, the order of turns, who leads, the hand's end asked.
    :ivar board: the peg board laid out, or ``None`` (a game to more than 121).
    :ivar sides: each side's name as shown (``"Ann & Cy"`` for a pair).
    :ivar target: the game's target, in its unit.
    :ivar finished: the game is over: a side reached the target, or the
        table ended it where it stood (the record's ``ended_by_players``,
        after a hand at least).
    """

    pad: Pad
    board: BoardLayout | None
    sides: Mapping[str, str]
    target: int
    finished: bool


def pad_view(record: Mapping[str, Any]) -> PadView | None:
    """The pad and the board of a stored game (its record with its rounds);
    ``None`` for a kind with no score pad (42's hands are bid).

    :raises RecordError: the record is refused now.
    """
    keypad = _KEYPADS.get(record.get("kind", ""))
    if keypad is None:
        return None
    inner = read_game(record, confirm=True).inner
    ended_by_table = bool(record.get("ended_by_players")) and bool(record.get("rounds"))
    return PadView(pad_of(inner, keypad(inner.rules)), board_layout(inner.peg_board()),
                   side_names(inner.seating), inner.target, bool(inner.finished) or ended_by_table)


def board_of(record: Mapping[str, Any]) -> tuple[BoardLayout, Mapping[str, str]] | None:
    """The peg board of a stored game and its sides' names, or ``None`` when
    the game has none (42; All Fives to 250 in points)."""
    view = pad_view(record)
    return None if view is None or view.board is None else (view.board, view.sides)


@dataclass(frozen=True)
class LiveHand:
    """The hand being played on the score pad, pegged so far.

    :ivar board: the peg board after the saved hands and the plays so far, or
        ``None`` for a game without one (a target past 121).
    :ivar sides: each side's name as shown (``"Ann & Cy"`` for a pair).
    :ivar struck: the plays not pegged (their indices in the hand's
        ``plays``): past an exact target, under ``entry_minimum``, or on the down.
    :ivar down: those of them struck because the hand's first tile cannot
        win the game (``no_win_on_down``, Teesdale and Leek).
    """

    board: BoardLayout | None
    sides: Mapping[str, str]
    struck: tuple[int, ...]
    down: tuple[int, ...] = ()


def live_board(record: Mapping[str, Any], hand: Any) -> LiveHand | None:
    """A stored game while its next hand is being played: the hand's scoring
    plays so far (``hand``: ``{"leader"?, "plays"}``, as the score pad keeps
    them) pegged after the saved hands by the kind's module, and the board
    they give; ``None`` for a kind without a score pad (42).

    :raises RecordError: the record is refused, or a play of ``hand`` is
        (a count that does not score, a play after the target was reached).
    """
    if record.get("kind") not in _KEYPADS:
        return None
    inner = read_game(record, confirm=True).inner
    moves = [m for m in inner.pegs_so_far(hand) if m.struck is not None and m.play is not None]
    struck = tuple(m.play for m in moves if m.play is not None)
    down = tuple(m.play for m in moves if m.play is not None and m.struck is Struck.ON_THE_DOWN)
    return LiveHand(board_layout(inner.live_board(hand)), side_names(inner.seating), struck, down)


START_PRESETS: Mapping[str, Mapping[str, Any]] = {
    "all_fives": all_fives.PRESETS,
    "fives_threes": fives_threes.PRESETS,
    "texas42": texas42.PRESETS,
}
"""The named rule sets the start form offers, by kind (All Fives, Muggins,
Sniff, Five Up; Fives and Threes to 61 or 121 and the leagues'), each a
:class:`~companion.rules.families.counts.Preset` (its ``label`` and ``rules``)."""


NAMED_GAMES: Mapping[str, tuple[str, ...]] = {"all_fives": ("muggins", "sniff", "five_up")}
"""The presets that are games of their own name, by kind (pagat: Muggins,
Sniff and Five Up are All Fives' cousins, each played and called by its own
name); a game playing one of them is titled so."""

_RULE_READERS: Mapping[str, Callable[..., Any]] = {"all_fives": all_fives.read_rules}


def preset_name(kind: str, rules: Mapping[str, Any] | None) -> str | None:
    """The name (a msgid, to translate) of the named game of :data:`NAMED_GAMES`
    whose rules ``rules`` plays: every rule value equal to the preset's once
    each side's defaults are filled in (``{"spinners": "none", "draw_counts":
    {2: 7, 3: 5, 4: 5}}`` is Muggins; Muggins to 100 instead of 250 is not).

    :param kind: the game's kind.
    :param rules: the record's ``rules`` as given (``None``: all defaults).
    :return: the preset's label, or ``None`` (the kind's own name applies;
        rules that do not read are never a preset's).
    """
    reader = _RULE_READERS.get(kind)
    if reader is None:
        return None
    problems = Problems()
    played = reader(dict(rules or {}), problems)
    if problems.errors:
        return None
    presets = START_PRESETS[kind]
    for key in NAMED_GAMES[kind]:
        preset = presets[key]
        if reader(json.loads(json.dumps(dict(preset.rules))), Problems()) == played:
            return str(preset.label)
    return None


def texas42_game(record: Mapping[str, Any]) -> texas42.Texas42Game:
    """The 42 game of a stored record (its module's game after its hands).

    :raises RecordError: the record is refused now.
    """
    game: texas42.Texas42Game = read_game(record, confirm=True).inner
    return game
