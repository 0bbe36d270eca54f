"""The game record's values: a hand, a round, the table, a player's standing.

The record format is fixed by docs/design.md ("Game record"). These are the checked,
frozen values the readers (:mod:`.read_table`, :mod:`.read_round`,
:mod:`.read_hand`) build from a record and that :mod:`.scoring` and
:mod:`.game` derive points and standings from. Each value turns back into its
record form with ``as_dict``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from companion.rules.kinds import BlockedTie, BoneyardToWinner, Ending, EngineChoice, GameKind
from companion.rules.profile import RuleProfile
from companion.rules.schedule import engines, standard_deal
from companion.rules.tiles import DominoSet, Tile, double

RECORD_FORMAT = "domino-game-record"
RECORD_VERSION = 1
MAX_NAME = 40
"""Characters in a player's name (``name_too_long`` beyond)."""
HAND_KEYS = frozenset({"pips", "tiles_left", "double_blank", "tiles", "drawn", "marker", "blanks"})
ROUND_KEYS = frozenset(
    {"engine", "dealt", "ended", "hands", "absent", "ended_on_double", "winner",
     "number", "confirm", "version", "boneyard_pips",
     # derived fields (``unverified`` is worked out again on every read) of a GET, accepted (and ignored) so a record read back can be sent again
     "scores", "totals", "starter", "unverified"}
)
RECORD_KEYS = frozenset(
    {"format", "version", "kind", "set", "rules", "players", "first_starter", "rounds", "away",
     "ended_by_players",
     # derived fields of a GET (docs/design.md), accepted and ignored on the way back in
     "id", "standings", "status", "next_round", "winners", "rounds_out", "revision", "created_at",
     "confirm"}
)
DOUBLE_BLANK = double(0)


def is_int(value: Any) -> bool:
    """True for a JSON whole number (``True``/``False`` are not numbers here)."""
    return isinstance(value, int) and not isinstance(value, bool)


def round_half_up(value: float, step: int) -> int:
    """``value`` rounded to the nearest multiple of ``step``, halves up (points)."""
    return int((value + step / 2) // step * step)


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
    :ivar ended: how the round ended (``None`` for picture dominoes).
    :ivar hands: each present player's :class:`Hand`, by name, in seat order.
    :ivar absent: players who sat this round out.
    :ivar ended_on_double: the last tile played was a double.
    :ivar winner: picture dominoes: who went out first; classic games with
        ``blocked_tie: lightest_tile``: who won a tie of a blocked round.
    :ivar unverified: the hands could not be checked together within the
        time budget; the table confirmed them (shown on the scoreboard and
        the sheet).
    :ivar boneyard_pips: the draw game with ``boneyard_to_winner: yes``: pips
        of the tiles left in the boneyard (pips), else ``None``.
    """

    number: int
    engine: int | None
    dealt: Mapping[str, int]
    ended: Ending | None
    hands: Mapping[str, Hand]
    absent: tuple[str, ...] = ()
    ended_on_double: bool = False
    winner: str | None = None
    unverified: bool = False
    boneyard_pips: int | None = None

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
        if self.boneyard_pips is not None:
            d["boneyard_pips"] = self.boneyard_pips
        if self.unverified:
            d["unverified"] = True
        return d


@dataclass(frozen=True)
class Table:
    """Everything about a game that is fixed before the first round.

    :ivar kind: the game's kind; what it means is asked of it
        (``table.kind.has_engine``, ``table.kind.counts_pips``...).
    :ivar set_n: N of the double-N set.
    :ivar rules: the rule profile.
    :ivar players: names in seat order, clockwise.
    :ivar first_starter: who starts round 1.
    :ivar away: players who have left the table for now: they sit out the
        rounds to come (not dealt, skipped as starter) until they come back.
    :ivar ended_by_players: the table ended the game where it stood (the
        record's ``ended_by_players: true``; ``POST /api/games/<id>/finish``):
        finished whatever its own end, ranked by the kind's order.
    """

    kind: GameKind
    set_n: int
    rules: RuleProfile
    players: tuple[str, ...]
    first_starter: str
    away: tuple[str, ...] = ()
    ended_by_players: bool = False

    @cached_property
    def set(self) -> DominoSet:
        """The domino set."""
        return DominoSet(self.set_n)

    @property
    def is_train(self) -> bool:
        """True for Mexican Train (short for ``kind.has_engine``)."""
        return self.kind.has_engine

    @property
    def is_classic(self) -> bool:
        """True for the classic block and draw games (``kind.is_classic``)."""
        return self.kind.is_classic

    @property
    def engines(self) -> list[int]:
        """Mexican Train: the engine of every round, in playing order; else ``[]``."""
        if not self.kind.has_engine:
            return []
        r = self.rules
        return engines(self.set_n, r.engine_order, r.start_engine, r.end_engine)

    @property
    def round_fields(self) -> frozenset[str]:
        """Round fields the rules in play ask the table for, besides the hands:
        ``"engine"`` (``engine_choice: highest_double``: the double found as the
        engine), ``"boneyard_pips"`` (the draw game with ``boneyard_to_winner:
        yes``: the pips left in the boneyard), ``"winner"`` (classic games with
        ``blocked_tie: lightest_tile``: who holds the lightest single tile when
        a blocked round's lowest hands tie)."""
        r, kind = self.rules, self.kind
        fields = set()
        if kind.has_engine and r.engine_choice == EngineChoice.HIGHEST_DOUBLE:
            fields.add("engine")
        if "boneyard_to_winner" in kind.spec.rule_keys and r.boneyard_to_winner == BoneyardToWinner.YES:
            fields.add("boneyard_pips")
        if kind.is_classic and r.blocked_tie == BlockedTie.LIGHTEST_TILE:
            fields.add("winner")
        return frozenset(fields)

    @property
    def round_count(self) -> int | None:
        """Rounds in a Mexican Train game; ``None`` where the game runs to a
        target (classic) or has no end (picture)."""
        return len(self.engines) if self.kind.ends_after_last_engine else None

    @property
    def most_rounds(self) -> int:
        """The cap on rounds (checked before any round is read,
        ``too_many_rounds`` beyond): the kind's
        :attr:`~companion.rules.kinds.KindSpec.most_rounds`, or its schedule
        (Mexican Train)."""
        most = self.kind.spec.most_rounds
        return len(self.engines) if most is None else most

    def standard_deal(self, present: int | None = None) -> int:
        """Tiles to deal each of ``present`` players (all by default) by the table in force.

        The rule ``draw_counts`` when it covers them; else the kind's own deal
        table (:meth:`~companion.rules.kinds.KindSpec.dealt`: classic games 7
        for two players, 6 for three or four, [RU]; picture dominoes 6, or 5
        with more than four players, [RU]); else, Mexican Train,
        :func:`~companion.rules.schedule.standard_deal` by the set.
        """
        n = len(self.players) if present is None else present
        counts = self.rules.draw_counts
        if counts and n in counts:
            return counts[n]
        own = self.kind.spec.dealt(n)
        return standard_deal(self.set_n, n) if own is None else own

    def as_dict(self) -> dict[str, Any]:
        """The record's head: format, version, kind, set, rules, players,
        first_starter, ``away`` when somebody has left the table and
        ``ended_by_players: true`` when the table ended the game."""
        head = {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "kind": self.kind,
            "set": self.set_n,
            "rules": self.rules.changed(),
            "players": list(self.players),
            "first_starter": self.first_starter,
        }
        if self.away:
            head["away"] = list(self.away)
        if self.ended_by_players:
            head["ended_by_players"] = True
        return head

    @property
    def at_table(self) -> tuple[str, ...]:
        """The players not away, in seat order."""
        return tuple(n for n in self.players if n not in self.away)


@dataclass(frozen=True)
class Standing:
    """A player's place. ``rank`` is shared by equal totals (1, 1, 3) and is
    ``None`` for a player who left (absent from the latest round)."""

    player: str
    total: int
    rank: int | None

    def as_dict(self) -> dict[str, Any]:
        """``{"player", "total", "rank"}`` as in docs/design.md."""
        return {"player": self.player, "total": self.total, "rank": self.rank}


# ---------------------------------------------------------------- scoring
