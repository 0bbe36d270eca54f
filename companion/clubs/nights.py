"""Club nights: an event, who came, the tables drawn, the standings.

Every table's game is an ordinary game (created through the service layer,
scored on its own tablet); an :class:`~companion.club_models.EventGameRow`
only links it to the event. Seating is :mod:`companion.rules.seating`, the
standings :mod:`companion.rules.events` over the players' stored lines
(:mod:`companion.roster`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import date
from typing import Any

from sqlalchemy import bindparam, func, select, update

from companion.clubs.listing import events, game_counts, games_played_counts, table_of_game
from companion.clubs.match import check_match
from companion.clubs.models import EventGameRow, EventPlayerRow, EventRow
from companion.clubs.values import Event, TableGame
from companion.games.models import GameRow, PlayerRow
from companion.players import roster
from companion.players.lines import lines_of_event
from companion.rules import RecordError
from companion.rules.clubs.events import SCORINGS, EventStanding, event_standings
from companion.rules.clubs.seating import (
    METHODS,
    RESEAT_RULES,
    SeatingError,
    TableLimits,
    seat_late,
)
from companion.rules.errors import Problem, Problems
from companion.rules.family_game import family_spec
from companion.rules.family_game import read_table as read_family_table
from companion.rules.kinds import DEFAULT_KIND, KINDS, GameKind, LateJoin, kind_spec
from companion.rules.record.document import MAX_NAME
from companion.rules.record.read_table import parse_table
from companion.rules.schedule import USUAL_PLAYERS
from companion.rules.stats.records import PlayerGame, clean_name
from companion.store.db import db
from companion.store.tx import transaction
from companion.web.i18n import gettext
from companion.web.numbers import parse as parse_number

MOST_TABLES = 20
"""Tables one event can seat at once."""

LATE_JOIN_DEFAULT = LateJoin.HIGHEST
"""An event's ``late_join`` when it gives none (the new-event form's first
offer): a late arrival starts from the table's least favourable total, so
coming late is no gain (a game of its own keeps the engine's 0)."""


class EventError(ValueError):
    """An event change was refused; nothing was changed.

    :ivar problems: the :class:`Problem` list to show.
    :ivar status: the HTTP status that answers it: 422, or 409 when the
        change met the event as another device had just changed it.
    """

    def __init__(self, problems: list[Problem], status: int = 422) -> None:
        self.problems = problems
        self.status = status
        super().__init__(problems[0].message if problems else "refused")


class NoEvent(LookupError):
    """No event with that id."""


# ---------------------------------------------------------------- reading


def _row(event_id: int) -> EventRow:
    row = db.session.get(EventRow, event_id)
    if row is None:
        raise NoEvent(event_id)
    return row


def _table_games(event_id: int) -> list[tuple[int, list[TableGame]]]:
    """Every game of the event, ``(evening, tables)`` in order."""
    q = (
        select(EventGameRow.number, EventGameRow.table_no, EventGameRow.evening, GameRow.id,
               GameRow.players, GameRow.summary, GameRow.revision, GameRow.teams)
        .join(GameRow, GameRow.id == EventGameRow.game_id)
        .where(EventGameRow.event_id == event_id)
        .order_by(EventGameRow.number, EventGameRow.table_no)
    )
    rounds: dict[int, list[TableGame]] = {}
    evening_of: dict[int, int] = {}
    for number, table_no, evening, game_id, players, summary, revision, teams in db.session.execute(q):
        summary = summary or {}
        evening_of[number] = evening or 1
        rounds.setdefault(number, []).append(TableGame(
            game_id=game_id,
            table_no=table_no,
            players=tuple(players),
            status=str(summary.get("status", "in_progress")),
            standings=tuple(summary.get("standings", ())),
            rounds_played=int(summary.get("rounds_played", 0) or 0),
            next_round=summary.get("next_round"),
            revision=revision or 0,
            teams=tuple(tuple(t) for t in teams or ()),
            number=number,
        ))
    return [(evening_of[n], rounds[n]) for n in sorted(rounds)]


def get(event_id: int) -> Event:
    """The event with its roster and tables.

    :raises NoEvent: when there is none.
    """
    row = _row(event_id)
    people = db.session.execute(
        select(PlayerRow.id, PlayerRow.name, EventPlayerRow.present, EventPlayerRow.partner_id)
        .join(EventPlayerRow, EventPlayerRow.player_id == PlayerRow.id)
        .where(EventPlayerRow.event_id == event_id)
        .order_by(EventPlayerRow.arrived_at, PlayerRow.name)
    ).all()
    season = [(evening, tuple(tables)) for evening, tables in _table_games(event_id)]
    evenings = (row.held_on, *(date.fromisoformat(d) for d in (row.evenings or ())))
    return Event(
        id=row.id, name=row.name, held_on=row.held_on, kind=row.kind, set_n=row.set_n,
        rules=dict(row.rules or {}), scoring=row.scoring, seating=row.seating, reseat=row.reseat,
        move=row.move, tables=row.tables, revision=row.revision,
        present=tuple((p.id, p.name) for p in people if p.present),
        gone=tuple((p.id, p.name) for p in people if not p.present),
        rounds=tuple(t for evening, t in season if evening == len(evenings)),
        evenings=evenings, season=tuple(season), pairs=_pairs_present(people),
        doubles=bool(row.pairs), match=row.match or None,
    )


def _pairs_present(people: Sequence[Any]) -> tuple[tuple[str, str], ...]:
    """The pairs checked in together whose partners are both present."""
    here = {p.id: p.name for p in people if p.present}
    partner = {p.id: p.partner_id for p in people if p.present}
    return tuple((here[a], here[b]) for a, b in partner.items()
                 if b in here and partner.get(b) == a and a < b)


def standings_version(event_id: int) -> tuple[int, int, int]:
    """Changes whenever the event or any of its games changes (a page of its
    standings stays right until then): the event's revision, its games'
    count and the sum of their revisions.

    :raises NoEvent: when there is none.
    """
    found = db.session.execute(_STANDINGS_VERSION, {"event_id": event_id}).first()
    if found is None:
        raise NoEvent(event_id)
    revision, count, total = found
    return int(revision), int(count), int(total)


_STANDINGS_VERSION = (
    select(EventRow.revision, func.count(GameRow.id), func.coalesce(func.sum(GameRow.revision), 0))
    .select_from(EventRow)
    .outerjoin(EventGameRow, EventGameRow.event_id == EventRow.id)
    .outerjoin(GameRow, GameRow.id == EventGameRow.game_id)
    .where(EventRow.id == bindparam("event_id"))
    .group_by(EventRow.id, EventRow.revision)
)
"""The event's revision, its games' count and the sum of their revisions, in
one query (a kept standings page is served after this one read)."""


def event_lines(event_id: int) -> list[PlayerGame]:
    """The players' stored lines of the event's finished games."""
    return lines_of_event(event_id)


def standings(event_id: int, event: Event | None = None) -> list[EventStanding]:
    """The event's standings by its scoring (finished games only).

    :param event: the event as :func:`get` read it, when the caller has it
        already (read again otherwise).
    :raises NoEvent: when there is none.
    """
    ev = event if event is not None and event.id == event_id else get(event_id)
    names = [n for _, n in ev.present] + [n for _, n in ev.gone]
    return event_standings(event_lines(event_id), ev.scoring, names)


# ---------------------------------------------------------------- changing


def table_limits(kind: str, set_n: int) -> TableLimits:
    """What one table can seat: Mexican Train by the set (2-4 with double-9,
    2-8 with double-12, up to 12 with double-15/18: [MT-MN] [MT-KO] of
    docs/sources.md); the classic games 2-4 ([RU]); picture dominoes 2-6
    ([RU] deals 5 each to more than four children): the kind's
    :attr:`~companion.rules.kinds.KindSpec.club_table_most`, or the set's
    usual players when that is ``None``.

    :raises ValueError: for a kind that is not in the kinds table."""
    spec = kind_spec(kind)
    most = spec.club_table_most
    if most is None:
        return TableLimits(spec.least_players, USUAL_PLAYERS.get(set_n, (2, 8))[1])
    return TableLimits(spec.least_players, most)


def _check(data: Mapping[str, Any]) -> dict[str, Any]:
    problems = Problems()
    name = data.get("name")
    if not isinstance(name, str) or not clean_name(name):
        problems.error("name", "bad_value", gettext("Give the event a name."))
    elif len(clean_name(name)) > 80:
        problems.error("name", "bad_value", gettext("A name may have at most %(most)s characters.", most=80))
    kind = data.get("kind", DEFAULT_KIND)
    set_n = data.get("set", GameKind(kind).default_set if kind in list(GameKind) else 6)
    if isinstance(set_n, str) and parse_number(set_n) is not None:
        set_n = parse_number(set_n)
    rules = data.get("rules") or {}
    spec = KINDS.get(kind) if isinstance(kind, str) else None
    if isinstance(rules, dict) and "late_join" not in rules and (spec is None or "late_join" in spec.rule_keys):
        rules = {**rules, "late_join": LATE_JOIN_DEFAULT.value}
    head = {"format": "domino-game-record", "version": 1, "kind": kind, "set": set_n,
            "rules": rules, "players": ["a", "b"], "first_starter": "a"}
    doubles = _check_doubles(data.get("in_pairs"), spec, problems)
    if spec is not None and (spec.team_size == 2 or doubles):  # a table of two pairs, partners opposite
        head.update(players=["a", "b", "c", "d"], teams=[["a", "c"], ["b", "d"]])
    (read_family_table if family_spec(head) else parse_table)(head, problems)
    if data.get("match") is not None and "scoring" not in data:  # a match ranks its players by games won
        data = {**data, "scoring": "wins"}
    out: dict[str, Any] = {**_check_choices(data, problems), **_check_numbers(data, problems)}
    held = data.get("held_on")
    try:
        held_on = date.fromisoformat(held) if isinstance(held, str) and held else date.today()
    except ValueError:
        problems.error("held_on", "bad_value", gettext("Give the date as YYYY-MM-DD."))
        held_on = date.today()
    if problems.errors:
        raise EventError(problems.errors)
    match = check_match(data.get("match"), kind, problems) if data.get("match") is not None else None
    if problems.errors:
        raise EventError(problems.errors)
    out.update(name=clean_name(str(name)), kind=kind, set_n=set_n, rules=dict(rules), held_on=held_on,
               pairs=doubles and match is None, match=match)
    return out


def _check_doubles(value: Any, spec: Any, problems: Problems) -> bool:
    """A night's ``in_pairs``: tables of two pairs for a game four may play
    in pairs (its record takes ``teams``: Fives and Threes, All Fives); a
    game always in pairs needs none; another game refuses it (``bad_value``)."""
    if value in (None, False, "", "0"):
        return False
    if value not in (True, "1", "on"):
        problems.error("in_pairs", "bad_value", gettext("Choose one of the offered values."))
        return False
    if spec is None or spec.team_size == 2:
        return False
    if "teams" not in spec.record_fields or spec.most_players < 4:
        problems.error("in_pairs", "bad_value", gettext("This game is not played in pairs."))
        return False
    return True


def _check_choices(data: Mapping[str, Any], problems: Problems) -> dict[str, Any]:
    """An event's ``scoring``, ``seating`` and ``reseat`` (their defaults when
    not given); a value not offered adds a ``bad_value`` problem."""
    choice = {"scoring": (SCORINGS, "place_points"), "seating": (METHODS, "random"),
              "reseat": (RESEAT_RULES, "move_down")}
    out: dict[str, Any] = {}
    for key, (allowed, default) in choice.items():
        value = data.get(key, default)
        if value not in allowed:
            problems.error(key, "bad_value", gettext("Choose one of the offered values."))
        out[key] = value
    return out


def _check_numbers(data: Mapping[str, Any], problems: Problems) -> dict[str, int | None]:
    """An event's ``move`` and ``tables`` as whole numbers (1 and 3 when not given);
    a value out of range adds a ``bad_value`` problem."""
    numbers = {"move": (1, 6, 1), "tables": (1, MOST_TABLES, 3)}
    out: dict[str, int | None] = {}
    for key, (low, high, default) in numbers.items():
        value = parse_number(data.get(key, default))  # ASCII digits only, within range
        if value is None or not low <= value <= high:
            problems.error(key, "bad_value",
                           gettext("Give a whole number from %(low)s to %(high)s.", low=low, high=high))
        out[key] = value
    return out


def create(data: Mapping[str, Any]) -> Event:
    """Create an event.

    :param data: ``name``; optional ``held_on`` (YYYY-MM-DD, today), ``kind``
        (``mexican_train``), ``set`` (12), ``rules`` (a record's rules, e.g.
        ``late_join``: :data:`LATE_JOIN_DEFAULT` when not given), ``scoring``,
        ``seating``, ``reseat``, ``move`` (1), ``tables`` (3), ``players``
        (names checked in at once), ``in_pairs`` (tables of two pairs for
        Fives and Threes or All Fives: doubles), ``match`` (a league match:
        :func:`companion.clubs.match.check_match`; its teams' players are
        checked in).
    :raises EventError: a refused value (``bad_value`` at its field).
    """
    values = _check(data)
    names = data.get("players") or []
    if not isinstance(names, list):
        raise EventError([Problem("players", "bad_value", gettext("Send the names as a list."))])
    cleaned = _clean_names(names)
    if values["match"] is not None:  # the teams' players are checked in with the night
        cleaned = list(dict.fromkeys(cleaned + [n for t in values["match"]["teams"] for n in t["players"]]))
    with transaction():
        row = EventRow(**values)
        db.session.add(row)
        db.session.flush()
        if cleaned:
            _check_in(row.id, cleaned)
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
            # the name's start says which line of a list is too long
            raise EventError([Problem(f"players[{i}]", "bad_value", clean_name(name)[:24] + "…: " + gettext(
                "A name may have at most %(most)s characters.", most=MAX_NAME))])
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
    with transaction():
        added = _check_in(event_id, names)
    ev = get(event_id)
    if ev.playing and added and ev.match is None:  # a match seats each of its games by hand
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
    """Seat a late arrival at a running table's game from its next round,
    through the game's own service (:func:`companion.games.services.seats.add_player`:
    the game's checks, its revision raised, its signals sent).

    The game's seats gain him at the end (clockwise after the last seat); the
    rounds already played record him as absent, so the engine starts him at
    the event's ``late_join`` total; every tablet and the big screen follow.

    :return: False when no running table can take him (he waits for the next
        game): every table full, or the game refused him (over, full, changed
        meanwhile).
    """
    from companion.games.services import NotFound
    from companion.games.services.seats import add_player

    limits = table_limits(ev.kind, ev.set_n)
    running = [t for t in ev.current if not t.finished and (t.next_round or not t.rounds_played)]
    if not running:
        return False
    try:
        at = seat_late([len(t.players) for t in running], [limits] * len(running))
    except SeatingError:
        return False
    try:
        add_player(running[at].game_id, name)
    except (RecordError, NotFound):
        return False
    return True


def leave(event_id: int, player_id: int) -> Event:
    """A player goes home: not seated at later games (his games so far count),
    and at a table whose game is still running he leaves the table (the rounds
    to come neither deal to him nor let him start: as a game's own "leaves the
    table", :func:`companion.services.seats.leave_table`). A game where fewer
    than two would stay keeps him seated (the table ends that game as it is).

    :raises NoEvent: no such event.
    """
    from companion.games.services import NotFound
    from companion.games.services.seats import leave_table
    from companion.rules.errors import RecordError

    ev = get(event_id)
    name = dict(ev.present).get(player_id)
    with transaction():
        db.session.execute(update(EventPlayerRow).where(
            EventPlayerRow.event_id == event_id, EventPlayerRow.player_id == player_id).values(present=False))
        db.session.execute(update(EventRow).where(EventRow.id == event_id).values(revision=EventRow.revision + 1))
    for table in ev.current if name is not None else ():
        if not table.finished and name in table.players:
            try:
                leave_table(table.game_id, name)
            except (RecordError, NotFound):
                pass  # already away, or too few would stay: the game goes on as it is
    return get(event_id)


def next_evening(event_id: int, held_on: Any) -> Event:
    """Start the season's next evening: its games follow the evening before in
    the same standings; everyone checks in again (nobody is present yet), and
    its first game is drawn by the event's ``seating`` (balanced by the
    season's standings when the event chose so).

    :param held_on: the evening's day, ``YYYY-MM-DD``, after the last evening.
    :raises NoEvent: no such event.
    :raises EventError: a table is still playing, or the day is not a day
        after the last evening (``bad_value``).
    """
    ev = get(event_id)
    if ev.playing:
        raise EventError([Problem("games", "bad_value",
                                  gettext("Every table must finish its game before the next evening."))])
    try:
        day = date.fromisoformat(held_on) if isinstance(held_on, str) else None
    except ValueError:
        day = None
    if day is None or day <= ev.evening_on:
        raise EventError([Problem("held_on", "bad_value", gettext(
            "Give the day of the next evening, after %(day)s.", day=ev.evening_on.isoformat()))])
    with transaction():
        row = _row(event_id)
        row.evenings = [*(row.evenings or []), day.isoformat()]
        row.revision = (row.revision or 0) + 1
        db.session.execute(update(EventPlayerRow).where(EventPlayerRow.event_id == event_id).values(present=False))
    return get(event_id)


__all__ = [
    "Event",
    "EventError",
    "NoEvent",
    "TableGame",
    "check_in",
    "create",
    "event_lines",
    "events",
    "game_counts",
    "games_played_counts",
    "get",
    "leave",
    "next_evening",
    "standings",
    "table_limits",
    "table_of_game",
]
