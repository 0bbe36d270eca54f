"""What the club-night pages and the API show: an event and its tables' games
(read by :mod:`companion.club`, no database access here)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from companion.rules.clubs.events import tie_breaks
from companion.rules.kinds import GameKind


@dataclass(frozen=True)
class EventListing:
    """An event as the list of events shows it.

    :ivar id: the event's id.
    :ivar name: its name.
    :ivar held_on: the (first) day.
    :ivar kind: the game every table plays (a record's ``kind``).
    :ivar set_n: N of the double-N set.
    :ivar evenings: how many evenings it has (a season's; 1 for a single evening).
    """

    id: int
    name: str
    held_on: date
    kind: str
    set_n: int
    evenings: int = 1


@dataclass(frozen=True)
class ClubTable:
    """Where a game sits in a club night: the event, its table and its game of
    the evening (a game's page links back to the evening)."""

    event_id: int
    event_name: str
    table_no: int
    number: int


@dataclass(frozen=True)
class TableGame:
    """One table's game at the event.

    :ivar game_id: the ordinary game.
    :ivar table_no: 1-based table number.
    :ivar players: seat order.
    :ivar status: ``in_progress`` or ``finished``.
    :ivar standings: ``[{"player", "total", "rank"}]`` as stored.
    :ivar rounds_played: rounds recorded.
    :ivar next_round: the next round's plan as stored (engine, starter, dealt) or ``None``.
    :ivar revision: the game's revision.
    :ivar teams: the game's pairs (a night in pairs), else ``()``.
    :ivar number: the evening's game number (a match's game number).
    """

    game_id: int
    table_no: int
    players: tuple[str, ...]
    status: str
    standings: tuple[Mapping[str, Any], ...]
    rounds_played: int
    next_round: Mapping[str, Any] | None
    revision: int
    teams: tuple[tuple[str, ...], ...] = ()
    number: int = 0

    @property
    def finished(self) -> bool:
        """True once the table's game is over."""
        return self.status == "finished"

    def finishing_order(self) -> list[str]:
        """The players best first (a player who left last)."""
        ranked = [s["player"] for s in self.standings if s.get("rank") is not None]
        gone = [s["player"] for s in self.standings if s.get("rank") is None]
        rest = [p for p in self.players if p not in ranked and p not in gone]
        return ranked + rest + gone


@dataclass(frozen=True)
class Event:
    """An event as the pages and the API show it.

    :ivar id: the event's id.
    :ivar name: its name.
    :ivar held_on: the day.
    :ivar kind: the game every table plays.
    :ivar set_n: N of the double-N set.
    :ivar rules: the tables' rule profile (a record's ``rules``).
    :ivar scoring: one of :data:`~companion.rules.events.SCORINGS`.
    :ivar seating: one of :data:`~companion.rules.seating.METHODS`.
    :ivar reseat: one of :data:`~companion.rules.seating.RESEAT_RULES`.
    :ivar move: how many move down a table (``move_down``).
    :ivar tables: tables the club can set up.
    :ivar revision: raised on every change of the event.
    :ivar present: who came and is still here, ``(player id, name)``.
    :ivar gone: who came and went home.
    :ivar rounds: the games of the current evening, ``rounds[0]`` the first:
        each a list of :class:`TableGame` by table.
    :ivar evenings: a season's evenings, the days in order (``held_on`` first;
        one day for a single evening).
    :ivar season: every game of every evening, ``(evening, tables)`` in order.
    :ivar pairs: at a night in pairs, the pairs checked in together whose
        partners are both present (the others are drawn into pairs).
    :ivar doubles: the night chose tables of two pairs for a game four may
        play in pairs (Fives and Threes, All Fives).
    :ivar match: a league match between two teams (the stored
        ``{"format", "teams": [{"name", "players"}, …], "singles"?,
        "doubles"?}``), else ``None``.
    """

    id: int
    name: str
    held_on: date
    kind: str
    set_n: int
    rules: Mapping[str, Any]
    scoring: str
    seating: str
    reseat: str
    move: int
    tables: int
    revision: int
    present: tuple[tuple[int, str], ...] = ()
    gone: tuple[tuple[int, str], ...] = ()
    rounds: tuple[tuple[TableGame, ...], ...] = field(default_factory=tuple)
    evenings: tuple[date, ...] = ()
    season: tuple[tuple[int, tuple[TableGame, ...]], ...] = ()
    pairs: tuple[tuple[str, str], ...] = ()
    doubles: bool = False
    match: Mapping[str, Any] | None = None

    @property
    def game_kind(self) -> GameKind:
        """The kind every table plays, as the engine's :class:`GameKind`."""
        return GameKind(self.kind)

    @property
    def in_pairs(self) -> bool:
        """Every table plays in pairs: two pairs a table (:attr:`KindSpec.team_size`),
        or doubles the night chose (:attr:`doubles`; a match seats its own)."""
        return self.game_kind.spec.team_size == 2 or (self.doubles and self.match is None)

    @property
    def evening(self) -> int:
        """The current evening's number (1 for the first, or a single evening)."""
        return max(1, len(self.evenings))

    @property
    def evening_on(self) -> date:
        """The current evening's day."""
        return self.evenings[-1] if self.evenings else self.held_on

    @property
    def current(self) -> tuple[TableGame, ...]:
        """The tables of the latest game of the evening (empty before the first draw)."""
        return self.rounds[-1] if self.rounds else ()

    @property
    def games_played(self) -> int:
        """Games of the current evening begun: a round saved at one table at
        least. A game just seated ("Seat the next game") counts from its first
        round, so the standings never count a game nobody has played yet."""
        return _begun(self.rounds)

    @property
    def season_games_played(self) -> int:
        """Games of every evening of the season begun (see :attr:`games_played`)."""
        return _begun(tables for _, tables in self.season)

    @property
    def playing(self) -> bool:
        """A table of the latest game is still playing."""
        return any(not t.finished for t in self.current)

    @property
    def live_revision(self) -> str:
        """Changes whenever the event or any table's game changes (big screen);
        at a league match, any game of the match (several play at once)."""
        tables = [t for r in self.rounds for t in r] if self.match is not None else self.current
        return "-".join([str(self.revision)] + [f"{t.game_id}.{t.revision}" for t in tables])

    @property
    def tie_breaks(self) -> tuple[str, ...]:
        """The standings' order of measures (the scoring first; in pairs
        without rounds gone out, the pair's and not a partner's)."""
        return tie_breaks(self.scoring, self.in_pairs)

    def as_json(self) -> dict[str, Any]:
        """The event for ``GET /api/events/<id>``."""
        return {
            "id": self.id, "name": self.name, "held_on": self.held_on.isoformat(),
            "kind": self.kind, "set": self.set_n, "rules": dict(self.rules),
            "scoring": self.scoring, "tie_breaks": list(self.tie_breaks), "seating": self.seating,
            "reseat": self.reseat, "move": self.move, "tables": self.tables,
            "revision": self.live_revision,
            "evenings": [d.isoformat() for d in (self.evenings or (self.held_on,))],
            "evening": self.evening,
            "in_pairs": self.in_pairs,
            **({"pairs": [list(p) for p in self.pairs]} if self.in_pairs else {}),
            "players": [{"id": pid, "name": n, "present": True} for pid, n in self.present]
            + [{"id": pid, "name": n, "present": False} for pid, n in self.gone],
            "games": [
                [{"game": t.game_id, "table": t.table_no, "evening": evening, "players": list(t.players),
                  "status": t.status, "standings": [dict(s) for s in t.standings],
                  "rounds_played": t.rounds_played,
                  "next_round": dict(t.next_round) if t.next_round else None,
                  **({"teams": [list(p) for p in t.teams]} if t.teams else {})}
                 for t in tables]
                for evening, tables in self.season
            ],
        }


def _begun(games: Iterable[tuple[TableGame, ...]]) -> int:
    """How many of ``games`` (each its tables) have a round saved at a table."""
    return sum(1 for tables in games if any(t.rounds_played for t in tables))


__all__ = ["Event", "TableGame"]
