"""Club nights: an event, who came, the tables drawn, the standings.

Every table's game is an ordinary game (created through the service layer,
scored on its own tablet); an :class:`~companion.club_models.EventGameRow`
only links it to the event. Seating is :mod:`companion.rules.seating`, the
standings :mod:`companion.rules.events` over the players' stored lines
(:mod:`companion.roster`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from sqlalchemy import delete, func, select, update

from . import roster, services
from .club_models import EventGameRow, EventPlayerRow, EventRow, PlayerGameRow
from .db import db
from .i18n import gettext
from .models import GameRow, PlayerRow
from .rules import RecordError, read_game
from .rules.errors import Problem, Problems
from .rules.events import SCORINGS, EventStanding, event_standings, tie_breaks
from .rules.read_table import parse_table
from .rules.record import MAX_NAME
from .rules.schedule import USUAL_PLAYERS, starter
from .rules.seating import (
    METHODS,
    RESEAT_RULES,
    SeatingError,
    TableLimits,
    draw_tables,
    pair_counts,
    reseat,
    seat_late,
    tables_for,
)
from .rules.stats import Filters, PlayerGame, clean_name

MOST_TABLES = 20
"""Tables one event can seat at once."""


class EventError(ValueError):
    """An event change was refused; nothing was changed.

    :ivar problems: the :class:`Problem` list to show.
    """

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = problems
        super().__init__(problems[0].message if problems else "refused")


class NoEvent(LookupError):
    """No event with that id."""


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
    """

    game_id: int
    table_no: int
    players: tuple[str, ...]
    status: str
    standings: tuple[Mapping[str, Any], ...]
    rounds_played: int
    next_round: Mapping[str, Any] | None
    revision: int

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
    :ivar rounds: the games of the evening, ``rounds[0]`` the first: each a
        list of :class:`TableGame` by table.
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

    @property
    def current(self) -> tuple[TableGame, ...]:
        """The tables of the latest game of the evening (empty before the first draw)."""
        return self.rounds[-1] if self.rounds else ()

    @property
    def playing(self) -> bool:
        """A table of the latest game is still playing."""
        return any(not t.finished for t in self.current)

    @property
    def live_revision(self) -> str:
        """Changes whenever the event or any table's game changes (big screen)."""
        return "-".join([str(self.revision)] + [f"{t.game_id}.{t.revision}" for t in self.current])

    @property
    def tie_breaks(self) -> tuple[str, ...]:
        """The standings' order of measures (the scoring first)."""
        return tie_breaks(self.scoring)

    def as_json(self) -> dict[str, Any]:
        """The event for ``GET /api/events/<id>``."""
        return {
            "id": self.id, "name": self.name, "held_on": self.held_on.isoformat(),
            "kind": self.kind, "set": self.set_n, "rules": dict(self.rules),
            "scoring": self.scoring, "tie_breaks": list(self.tie_breaks), "seating": self.seating,
            "reseat": self.reseat, "move": self.move, "tables": self.tables,
            "revision": self.live_revision,
            "players": [{"id": pid, "name": n, "present": True} for pid, n in self.present]
            + [{"id": pid, "name": n, "present": False} for pid, n in self.gone],
            "games": [
                [{"game": t.game_id, "table": t.table_no, "players": list(t.players),
                  "status": t.status, "standings": [dict(s) for s in t.standings],
                  "rounds_played": t.rounds_played,
                  "next_round": dict(t.next_round) if t.next_round else None}
                 for t in tables]
                for tables in self.rounds
            ],
        }


# ---------------------------------------------------------------- reading


def _row(event_id: int) -> EventRow:
    row = db.session.get(EventRow, event_id)
    if row is None:
        raise NoEvent(event_id)
    return row


def _table_games(event_id: int) -> list[list[TableGame]]:
    q = (
        select(EventGameRow.number, EventGameRow.table_no, GameRow)
        .join(GameRow, GameRow.id == EventGameRow.game_id)
        .where(EventGameRow.event_id == event_id)
        .order_by(EventGameRow.number, EventGameRow.table_no)
    )
    rounds: dict[int, list[TableGame]] = {}
    for number, table_no, game in db.session.execute(q):
        summary = getattr(game, "summary", None) or {}
        rounds.setdefault(number, []).append(TableGame(
            game_id=game.id,
            table_no=table_no,
            players=tuple(game.players),
            status=str(summary.get("status", "in_progress")),
            standings=tuple(summary.get("standings", ())),
            rounds_played=int(summary.get("rounds_played", 0) or 0),
            next_round=summary.get("next_round"),
            revision=game.revision or 0,
        ))
    return [rounds[n] for n in sorted(rounds)]


def get(event_id: int) -> Event:
    """The event with its roster and tables.

    :raises NoEvent: when there is none.
    """
    row = _row(event_id)
    people = db.session.execute(
        select(PlayerRow.id, PlayerRow.name, EventPlayerRow.present)
        .join(EventPlayerRow, EventPlayerRow.player_id == PlayerRow.id)
        .where(EventPlayerRow.event_id == event_id)
        .order_by(EventPlayerRow.arrived_at, PlayerRow.name)
    ).all()
    return Event(
        id=row.id, name=row.name, held_on=row.held_on, kind=row.kind, set_n=row.set_n,
        rules=dict(row.rules or {}), scoring=row.scoring, seating=row.seating, reseat=row.reseat,
        move=row.move, tables=row.tables, revision=row.revision,
        present=tuple((p.id, p.name) for p in people if p.present),
        gone=tuple((p.id, p.name) for p in people if not p.present),
        rounds=tuple(tuple(t) for t in _table_games(event_id)),
    )


def standings_version(event_id: int) -> tuple[int, int, int]:
    """Changes whenever the event or any of its games changes (a page of its
    standings stays right until then): the event's revision, its games'
    count and the sum of their revisions.

    :raises NoEvent: when there is none.
    """
    revision = db.session.execute(select(EventRow.revision).where(EventRow.id == event_id)).scalar()
    if revision is None:
        raise NoEvent(event_id)
    count, total = db.session.execute(
        select(func.count(), func.coalesce(func.sum(GameRow.revision), 0))
        .select_from(EventGameRow).join(GameRow, GameRow.id == EventGameRow.game_id)
        .where(EventGameRow.event_id == event_id)).one()
    return int(revision), int(count), int(total)


def events(limit: int = 100) -> list[EventRow]:
    """The latest events, newest first."""
    return list(db.session.execute(
        select(EventRow).order_by(EventRow.held_on.desc(), EventRow.id.desc()).limit(limit)
    ).scalars())


def event_lines(event_id: int) -> list[PlayerGame]:
    """The players' stored lines of the event's games."""
    q = (select(PlayerGameRow.player_id).where(PlayerGameRow.event_id == event_id).distinct())
    ids = list(db.session.execute(q).scalars())
    return roster.lines_of(ids, Filters(event_id=event_id)) if ids else []


def standings(event_id: int) -> list[EventStanding]:
    """The event's standings by its scoring (finished games only).

    :raises NoEvent: when there is none.
    """
    ev = get(event_id)
    names = [n for _, n in ev.present] + [n for _, n in ev.gone]
    return event_standings(event_lines(event_id), ev.scoring, names)


# ---------------------------------------------------------------- changing


def table_limits(kind: str, set_n: int) -> TableLimits:
    """What one table can seat: Mexican Train by the set (2-4 with double-9,
    2-8 with double-12, up to 12 with double-15/18: seeds 002/004); the
    classic games 2-4 (seed 003); picture dominoes 2-6 (seed 003 deals 5 each
    to more than four children)."""
    if kind == "mexican_train":
        return TableLimits(2, USUAL_PLAYERS.get(set_n, (2, 8))[1])
    if kind in ("draw", "block"):
        return TableLimits(2, 4)
    return TableLimits(2, 6)


def _check(data: Mapping[str, Any]) -> dict[str, Any]:
    problems = Problems()
    name = data.get("name")
    if not isinstance(name, str) or not clean_name(name):
        problems.error("name", "bad_value", gettext("Give the event a name."))
    elif len(clean_name(name)) > 80:
        problems.error("name", "bad_value", gettext("A name may have at most %(most)s characters.", most=80))
    kind = data.get("kind", "mexican_train")
    set_n = data.get("set", 12 if kind == "mexican_train" else 6)
    if isinstance(set_n, str) and set_n.isdigit():
        set_n = int(set_n)
    rules = data.get("rules") or {}
    head = {"format": "domino-game-record", "version": 1, "kind": kind, "set": set_n,
            "rules": rules, "players": ["a", "b"], "first_starter": "a"}
    parse_table(head, problems)
    choice = {"scoring": (SCORINGS, "place_points"), "seating": (METHODS, "random"),
              "reseat": (RESEAT_RULES, "move_down")}
    out: dict[str, Any] = {}
    for key, (allowed, default) in choice.items():
        value = data.get(key, default)
        if value not in allowed:
            problems.error(key, "bad_value", gettext("Choose one of the offered values."))
        out[key] = value
    numbers = {"move": (1, 6, 3), "tables": (1, MOST_TABLES, 3)}
    for key, (low, high, default) in numbers.items():
        value = data.get(key, default)
        try:
            value = int(value)
        except (TypeError, ValueError):
            value = None
        if value is None or not low <= value <= high:
            problems.error(key, "bad_value",
                           gettext("Give a whole number from %(low)s to %(high)s.", low=low, high=high))
        out[key] = value
    held = data.get("held_on")
    try:
        held_on = date.fromisoformat(held) if isinstance(held, str) and held else date.today()
    except ValueError:
        problems.error("held_on", "bad_value", gettext("Give the date as YYYY-MM-DD."))
        held_on = date.today()
    if problems.errors:
        raise EventError(problems.errors)
    out.update(name=clean_name(str(name)), kind=kind, set_n=set_n, rules=dict(rules), held_on=held_on)
    return out


def create(data: Mapping[str, Any]) -> Event:
    """Create an event.

    :param data: ``name``; optional ``held_on`` (YYYY-MM-DD, today), ``kind``
        (``mexican_train``), ``set`` (12), ``rules`` (a record's rules, e.g.
        ``late_join``), ``scoring``, ``seating``, ``reseat``, ``move`` (3),
        ``tables`` (3), ``players`` (names checked in at once).
    :raises EventError: a refused value (``bad_value`` at its field).
    """
    values = _check(data)
    names = data.get("players") or []
    if not isinstance(names, list):
        raise EventError([Problem("players", "bad_value", gettext("Send the names as a list."))])
    cleaned = _clean_names(names)
    row = EventRow(**values)
    db.session.add(row)
    db.session.flush()
    if cleaned:
        _check_in(row.id, cleaned)
    db.session.commit()
    return get(row.id)


def _clean_names(names: Sequence[Any]) -> list[str]:
    """The names cleaned, or :class:`EventError` at the first empty or too long
    one, or for more than 100 at once."""
    if len(names) > 100:
        raise EventError([Problem("players", "too_many_players",
                                  gettext("Check in at most %(most)s names at once.", most=100))])
    cleaned: list[str] = []
    for i, name in enumerate(names):
        if not isinstance(name, str) or not clean_name(name):
            raise EventError([Problem(f"players[{i}]", "bad_value", gettext("Type a name."))])
        if len(clean_name(name)) > MAX_NAME:
            raise EventError([Problem(f"players[{i}]", "bad_value",
                                      gettext("A name may have at most %(most)s characters.", most=MAX_NAME))])
        cleaned.append(clean_name(name))
    return cleaned


def _check_in(event_id: int, names: Sequence[Any]) -> list[int]:
    cleaned = _clean_names(names)
    ids = roster.remember(cleaned)
    added = []
    for pid in dict.fromkeys(ids.values()):
        row = db.session.get(EventPlayerRow, (event_id, pid))
        if row is None:
            db.session.add(EventPlayerRow(event_id=event_id, player_id=pid))
            added.append(pid)
        elif not row.present:
            row.present = True
            added.append(pid)
    db.session.execute(update(EventRow).where(EventRow.id == event_id).values(revision=EventRow.revision + 1))
    return added


def check_in(event_id: int, names: Sequence[Any]) -> Event:
    """Check players in (new names join the roster). Somebody who arrives while
    the tables are playing joins a table's game from its next round, at the
    total the event's ``late_join`` rule gives (0, the table's least
    favourable total, or its average: the rules engine applies it), at the
    smallest table with room (:func:`~companion.rules.seating.seat_late`);
    when every table is full, or that game is in its last round, he waits
    for the next game of the evening.

    :raises NoEvent: no such event.
    :raises EventError: an empty or too long name.
    """
    _row(event_id)
    added = _check_in(event_id, names)
    db.session.commit()
    ev = get(event_id)
    if ev.playing and added:
        names_by_id = dict(ev.present)
        seated = {p for t in ev.current for p in t.players}
        for pid in added:
            name = names_by_id.get(pid)
            if name is not None and name not in seated:
                _join_running(ev, name)
                ev = get(event_id)
                seated = {p for t in ev.current for p in t.players}
    return ev


def _join_running(ev: Event, name: str) -> bool:
    """Seat a late arrival at a running table's game from its next round.

    The game's seats gain him at the end (clockwise after the last seat); the
    rounds already played record him as absent, so the engine starts him at
    the event's ``late_join`` total; the game's results are derived again and
    its revision raised (every tablet and the big screen follow).

    :return: False when no running table can take him (he waits for the next game).
    """
    from .services import store_results
    from .services.tx import transaction

    limits = table_limits(ev.kind, ev.set_n)
    running = [t for t in ev.current if not t.finished and (t.next_round or not t.rounds_played)]
    if not running:
        return False
    try:
        at = seat_late([len(t.players) for t in running], [limits] * len(running))
    except SeatingError:
        return False
    table = running[at]
    with transaction():
        claimed = db.session.execute(
            update(GameRow).where(GameRow.id == table.game_id, GameRow.revision == table.revision)
            .values(revision=GameRow.revision + 1).execution_options(synchronize_session=False)
        ).rowcount
        if claimed != 1:
            return False
        row = db.session.execute(
            select(GameRow).where(GameRow.id == table.game_id).execution_options(populate_existing=True)
        ).scalar_one()
        rounds = sorted(row.rounds, key=lambda r: r.number)
        for r in rounds:
            data = dict(r.data)
            data["absent"] = [*data.get("absent", []), name]
            r.data = data
        row.players = [*row.players, name]
        record = {**row.head(), "rounds": [r.data for r in rounds]}
        try:
            game = read_game(record, confirm=True)
        except RecordError:
            db.session.rollback()
            return False
        store_results(row, game)
        roster.remember([name])
        db.session.flush()
        roster.refresh_game(row.id)
    return True


def leave(event_id: int, player_id: int) -> Event:
    """A player goes home: not seated at later games (his games so far count).

    :raises NoEvent: no such event.
    """
    _row(event_id)
    db.session.execute(update(EventPlayerRow).where(
        EventPlayerRow.event_id == event_id, EventPlayerRow.player_id == player_id).values(present=False))
    db.session.execute(update(EventRow).where(EventRow.id == event_id).values(revision=EventRow.revision + 1))
    db.session.commit()
    return get(event_id)


def _seating(ev: Event, seed: int) -> list[list[str]]:
    present = [n for _, n in ev.present]
    limits = table_limits(ev.kind, ev.set_n)
    count = tables_for(len(present), limits, ev.tables)
    tables = [limits] * count
    previous = ev.current
    met = pair_counts([list(t.players) for tables_ in ev.rounds for t in tables_])
    order = [s.player for s in standings(ev.id)]
    if not previous or ev.reseat == "draw":
        return draw_tables(present, tables, method=ev.seating, seed=seed, standing=order, met=met)
    here = set(present)
    finished = [[p for p in t.finishing_order() if p in here] for t in previous]
    seated = reseat(finished, ev.reseat, move=ev.move, standing=order, seed=seed, met=met)
    seated = [t for t in seated if t]
    newcomers = [p for p in present if not any(p in t for t in seated)]
    for name in newcomers:
        at = seat_late([len(t) for t in seated], [limits] * len(seated))
        seated[at].append(name)
    if len(seated) != count or any(not limits.fewest <= len(t) <= limits.most for t in seated):
        # The ladder no longer fits tonight's count: draw afresh.
        return draw_tables(present, tables, method=ev.seating, seed=seed, standing=order, met=met)
    return seated


def draw(event_id: int, seed: int | None = None) -> Event:
    """Seat the players present for the evening's next game and start one
    ordinary game per table (the first seat starts the first round).

    The first game is drawn by the event's ``seating``; later ones follow its
    ``reseat`` rule from the finishing order of the game before (newcomers
    join the smallest table; a fresh draw when the ladder no longer fits).

    :param seed: the draw's seed (default: from the event and the game number,
        so a repeated request draws the same tables).
    :raises NoEvent: no such event.
    :raises EventError: a table is still playing (``game_finished`` is not
        reached yet: code ``bad_value``), or too few or too many players.
    """
    ev = get(event_id)
    if ev.playing:
        raise EventError([Problem("games", "bad_value",
                                  gettext("Every table must finish its game before the next draw."))])
    number = len(ev.rounds) + 1
    try:
        seated = _seating(ev, seed if seed is not None else event_id * 1000 + number)
    except SeatingError as exc:
        code = exc.code if exc.code in ("too_few_players", "too_many_players", "duplicate_player") else "bad_value"
        message = {
            "too_few_players": gettext("Too few players are checked in for a table."),
            "too_many_players": gettext("More players are checked in than the tables can seat."),
        }.get(exc.code, gettext("The tables cannot be drawn."))
        raise EventError([Problem("players", code, message)]) from exc
    # The event row is locked for the draw, so two taps draw once.
    claimed = db.session.execute(update(EventRow).where(
        EventRow.id == event_id, EventRow.revision == ev.revision).values(revision=EventRow.revision + 1))
    if claimed.rowcount != 1:
        db.session.rollback()
        return get(event_id)
    db.session.commit()
    created: list[tuple[int, int]] = []
    try:
        for table_no, seats in enumerate(seated, 1):
            record = {"format": "domino-game-record", "version": 1, "kind": ev.kind, "set": ev.set_n,
                      "rules": dict(ev.rules), "players": list(seats), "first_starter": seats[0],
                      "rounds": []}
            game = services.create_game(record, confirm=True)
            created.append((game.id, table_no))
    except RecordError as exc:
        raise EventError(exc.errors or exc.warnings) from exc
    finally:
        for game_id, table_no in created:
            db.session.add(EventGameRow(game_id=game_id, event_id=event_id, number=number, table_no=table_no))
        db.session.flush()
        for game_id, _ in created:
            roster.refresh_game(game_id)
        db.session.commit()
    return get(event_id)


def undo_draw(event_id: int) -> Event:
    """Take back the latest draw while no table has recorded a round: its games
    are deleted.

    :raises EventError: a table has already played a round.
    """
    ev = get(event_id)
    if not ev.current:
        return ev
    if any(t.rounds_played for t in ev.current):
        raise EventError([Problem("games", "bad_value",
                                  gettext("A table has already played a round: the draw stays."))])
    ids = [t.game_id for t in ev.current]
    db.session.execute(delete(EventGameRow).where(EventGameRow.game_id.in_(ids)))
    db.session.execute(delete(PlayerGameRow).where(PlayerGameRow.game_id.in_(ids)))
    db.session.execute(delete(GameRow).where(GameRow.id.in_(ids)))
    db.session.execute(update(EventRow).where(EventRow.id == event_id).values(revision=EventRow.revision + 1))
    db.session.commit()
    return get(event_id)


def table_cards(ev: Event) -> list[dict[str, Any]]:
    """What each table's card shows, for the latest game of the evening:
    ``{"table", "game", "seats", "schedule"}``; ``schedule`` lists each round's
    number, engine double (Mexican Train) and who starts (one seat clockwise
    each round, seed 001), read from the game's stored head (no scoring run)."""
    out: list[dict[str, Any]] = []
    for t in ev.current:
        game = db.session.get(GameRow, t.game_id)
        if game is None:
            continue
        table = parse_table(game.head(), Problems())
        schedule: list[tuple[int, int | None, str | None]] = []
        if table is not None and table.is_train:
            schedule = [(n, e, starter(table.players, table.first_starter, n))
                        for n, e in enumerate(table.engines, 1)]
        out.append({"table": t.table_no, "game": t.game_id, "seats": list(t.players),
                    "first": game.first_starter, "schedule": schedule})
    return out


def dump_events() -> list[dict[str, Any]]:
    """Every event for a backup: its settings, who came (by name) and its
    games (by game id, with the evening's game number and the table)."""
    out: list[dict[str, Any]] = []
    for row in db.session.execute(select(EventRow).order_by(EventRow.id)).scalars():
        people = db.session.execute(
            select(PlayerRow.name, EventPlayerRow.present, EventPlayerRow.arrived_at)
            .join(EventPlayerRow, EventPlayerRow.player_id == PlayerRow.id)
            .where(EventPlayerRow.event_id == row.id).order_by(EventPlayerRow.arrived_at, PlayerRow.name)
        ).all()
        games = db.session.execute(
            select(EventGameRow.game_id, EventGameRow.number, EventGameRow.table_no)
            .where(EventGameRow.event_id == row.id).order_by(EventGameRow.number, EventGameRow.table_no)
        ).all()
        out.append({
            "id": row.id, "name": row.name, "held_on": row.held_on.isoformat(), "kind": row.kind,
            "set": row.set_n, "rules": dict(row.rules or {}), "scoring": row.scoring,
            "seating": row.seating, "reseat": row.reseat, "move": row.move, "tables": row.tables,
            "revision": row.revision,
            "players": [{"name": n, "present": bool(p), "arrived_at": a.isoformat() if a else None}
                        for n, p, a in people],
            "games": [{"game": g, "number": n, "table": t} for g, n, t in games],
        })
    return out


def restore_events(events: Sequence[Mapping[str, Any]]) -> int:
    """Put a backup's events back (inside the restore's transaction; the games
    and players are already there). Ids are kept.

    :return: the number of events restored.
    :raises KeyError: a field is missing from an event.
    """
    from datetime import datetime

    for e in events:
        db.session.add(EventRow(
            id=e["id"], name=e["name"], held_on=date.fromisoformat(e["held_on"]), kind=e["kind"],
            set_n=e["set"], rules=dict(e.get("rules") or {}), scoring=e["scoring"], seating=e["seating"],
            reseat=e["reseat"], move=e["move"], tables=e["tables"], revision=e.get("revision") or 1,
        ))
        db.session.flush()
        ids = roster.remember([p["name"] for p in e.get("players", [])])
        for p in e.get("players", []):
            arrived = datetime.fromisoformat(p["arrived_at"]) if p.get("arrived_at") else None
            db.session.add(EventPlayerRow(event_id=e["id"], player_id=ids[p["name"]],
                                          present=bool(p.get("present", True)),
                                          **({"arrived_at": arrived} if arrived else {})))
        for g in e.get("games", []):
            db.session.add(EventGameRow(game_id=g["game"], event_id=e["id"], number=g["number"],
                                        table_no=g["table"]))
    db.session.flush()
    return len(events)


def game_counts() -> dict[int, int]:
    """Games per event, for the list of events."""
    return dict(db.session.execute(
        select(EventGameRow.event_id, func.count()).group_by(EventGameRow.event_id)).all())


__all__ = [
    "Event",
    "EventError",
    "NoEvent",
    "TableGame",
    "check_in",
    "create",
    "draw",
    "dump_events",
    "event_lines",
    "events",
    "game_counts",
    "get",
    "leave",
    "restore_events",
    "standings",
    "table_cards",
    "table_limits",
    "undo_draw",
]
