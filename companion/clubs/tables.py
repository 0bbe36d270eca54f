"""Club nights: the tables of an evening's game. The players present are
seated (:mod:`companion.rules.seating`: the event's draw, or its ladder from
the game before), one ordinary game is started per table, a draw is taken back
while no table has played, and each table's card says who sits where.

Reading an event and changing its roster is :mod:`companion.club`.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import delete, select, update

from companion.clubs.models import EventGameRow, EventRow
from companion.clubs.nights import EventError, get, standings, table_limits
from companion.clubs.pairs import seat_in_pairs
from companion.clubs.values import Event
from companion.games import services
from companion.games.models import GameRow, RoundRow
from companion.players import roster
from companion.players.models import PlayerGameRow
from companion.rules import RecordError, read_game
from companion.rules.clubs.pairs import teams_of
from companion.rules.clubs.seating import (
    SeatingError,
    TableLimits,
    draw_tables,
    move_count,
    pair_counts,
    reseat,
    seat_late,
    tables_for,
)
from companion.rules.errors import Problem, Problems
from companion.rules.kinds import Reseat
from companion.rules.record.read_table import parse_table
from companion.rules.schedule import starter
from companion.store.db import db
from companion.store.tx import take_turn, transaction_or_conflict
from companion.web.i18n import gettext


def _seating(ev: Event, seed: int) -> list[list[str]]:
    if ev.in_pairs:  # two pairs a table, drawn afresh each game (no ladder)
        return seat_in_pairs(ev, seed)
    present = [n for _, n in ev.present]
    limits = table_limits(ev.kind, ev.set_n)
    previous = ev.current
    count = tables_for(len(present), limits, ev.tables)
    if previous and ev.reseat != Reseat.DRAW and _fits(len(present), len(previous), limits):
        count = len(previous)  # the ladder keeps its tables while everyone still fits them
    tables = [limits] * count
    met = pair_counts([list(t.players) for _, tables_ in ev.season for t in tables_])
    order = [s.player for s in standings(ev.id, ev)]
    if not previous or ev.reseat == Reseat.DRAW:
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


def _seated_or_refused(ev: Event, seed: int) -> list[list[str]]:
    """:func:`_seating`, its refusals as :class:`EventError` in players' words."""
    try:
        return _seating(ev, seed)
    except SeatingError as exc:
        code = exc.code if exc.code in ("too_few_players", "too_many_players", "duplicate_player") else "bad_value"
        message = {
            "too_few_players": gettext("Too few players are checked in for a table."),
            "too_many_players": gettext("More players are checked in than the tables can seat."),
        }.get(exc.code, gettext("The tables cannot be drawn."))
        raise EventError([Problem("players", code, message)]) from exc


def next_seating(ev: Event, seed: int | None = None) -> dict[str, Any]:
    """The seating :func:`draw` would make now, to show before it is made
    (nothing is stored): ``{"tables": [[name, ...], ...], "move": k, "asked":
    the event's move, "number": the game's number}``; ``move`` is how many the
    ladder moves from each table this time (``None`` when the event does not
    reseat by the ladder or this is the evening's first game), fewer than
    ``asked`` when the tables are too small for it
    (:func:`companion.rules.clubs.seating.move_count`).

    :raises EventError: too few or too many players (as :func:`draw`).
    """
    number = len(ev.season) + 1
    seated = _seated_or_refused(ev, seed if seed is not None else ev.id * 1000 + number)
    moved = None
    if ev.current and ev.reseat == Reseat.MOVE_DOWN and not ev.in_pairs:  # pairs: drawn afresh, no ladder
        moved = move_count([len(t.players) for t in ev.current], ev.move)
    return {"tables": seated, "move": moved, "asked": ev.move, "number": number}


def _chosen(ev: Event, tables: list[list[str]], proposed: list[list[str]]) -> list[list[str]]:
    """The seating the desk edited from the one proposed: every player present
    once, as many tables as proposed, each within the table's limits.

    :raises EventError: ``bad_value`` at ``tables``, in the players' words.
    """
    present = sorted(n for _, n in ev.present)
    limits = table_limits(ev.kind, ev.set_n)
    seated = sorted(n for t in tables for n in t)
    if seated != present or len(tables) != len(proposed):
        raise EventError([Problem("tables", "bad_value", gettext(
            "Seat everyone who is here once, at one of the tables shown."))])
    for i, t in enumerate(tables, 1):
        if not limits.fewest <= len(t) <= limits.most:
            raise EventError([Problem("tables", "bad_value", gettext(
                "Table %(n)s would have %(count)s players: a table takes %(fewest)s to %(most)s.",
                n=i, count=len(t), fewest=limits.fewest, most=limits.most))])
    return [list(t) for t in tables]


def _fits(players: int, tables: int, limits: TableLimits) -> bool:
    """``players`` can sit at ``tables`` tables within each table's limits."""
    return tables * limits.fewest <= players <= tables * limits.most


def _fresh(event_id: int) -> Event:
    """The event read again after its turn was taken (not as the session
    remembers it)."""
    db.session.expire_all()
    return get(event_id)


def _raced(exc: Exception) -> EventError:
    return EventError([Problem("games", "edit_conflict", gettext(
        "Another device changed this evening at the same moment: look again, then try again."))], 409)


def draw(event_id: int, seed: int | None = None, tables: list[list[str]] | None = None) -> Event:
    """Seat the players present for the evening's next game and start one
    ordinary game per table (the first seat starts the first round), all in
    one transaction that holds the event's turn (its row locked on
    PostgreSQL, the write turn on SQLite): two taps draw once.

    The first game is drawn by the event's ``seating``; later ones follow its
    ``reseat`` rule from the finishing order of the game before (newcomers
    join the smallest table; a fresh draw when the ladder no longer fits).

    :param seed: the draw's seed (default: from the event and the game number,
        so a repeated request draws the same tables).
    :param tables: the seating to make instead, names by table, table 1
        first: the one proposed (:func:`next_seating`) as the desk edited it.
    :raises NoEvent: no such event.
    :raises EventError: a table is still playing (``game_finished`` is not
        reached yet: code ``bad_value``), or too few or too many players;
        ``edit_conflict`` (status 409) when another device drew the tables
        while this request waited for its turn.
    """
    seen = get(event_id)
    if seen.match is not None:
        raise EventError([Problem("games", "bad_value", gettext(
            "A league match seats each of its games: choose who plays it under the match."))])
    if seen.playing:
        raise EventError([Problem("games", "bad_value",
                                  gettext("Every table must finish its game before the next draw."))])
    with transaction_or_conflict(_raced, (EventError,)):
        take_turn(EventRow.__table__, [event_id])
        ev = _fresh(event_id)
        if ev.playing:  # drawn meanwhile: the tables stay as that draw seated them
            raise EventError([Problem("games", "edit_conflict", gettext(
                "The tables were just drawn on another device."))], 409)
        number = len(ev.season) + 1
        seated = _seated_or_refused(ev, seed if seed is not None else event_id * 1000 + number)
        if tables is not None:
            seated = _chosen(ev, tables, seated)
        try:
            games = [read_game({"format": "domino-game-record", "version": 1, "kind": ev.kind,
                                "set": ev.set_n, "rules": dict(ev.rules), "players": list(seats),
                                "first_starter": seats[0], "rounds": [],
                                **({"teams": teams_of(seats)} if ev.in_pairs else {})}, confirm=True)
                     for seats in seated]
        except RecordError as exc:
            raise EventError(exc.errors or exc.warnings) from exc
        ids = services.store_games(games)  # inside this transaction
        for table_no, game_id in enumerate(ids, 1):
            db.session.add(EventGameRow(game_id=game_id, event_id=event_id, number=number,
                                        table_no=table_no, evening=ev.evening))
        db.session.flush()
        for game_id in ids:
            roster.refresh_game(game_id)
        db.session.execute(update(EventRow).where(EventRow.id == event_id)
                           .values(revision=EventRow.revision + 1))
    return get(event_id)


def undo_draw(event_id: int) -> Event:
    """Take back the latest draw while no table has recorded a round: its games
    are deleted. Decided inside the transaction that deletes them, after
    taking the turn of the event and of its tables' games (their rows locked
    on PostgreSQL, lowest id first, as a round save locks its game; the
    write turn on SQLite): a round being saved at a table is either seen, and
    the draw stays, or waits and finds its game gone.

    :raises EventError: a table has already played a round (status 409: the
        tables' tablets have started).
    """
    with transaction_or_conflict(_raced, (EventError,)):
        take_turn(EventRow.__table__, [event_id])
        ev = _fresh(event_id)
        if not ev.current:
            return ev
        ids = [t.game_id for t in ev.current]
        take_turn(GameRow.__table__, ids)
        played = db.session.execute(
            select(RoundRow.game_id).where(RoundRow.game_id.in_(ids)).limit(1)).first()
        if played is not None or any(t.rounds_played for t in _fresh(event_id).current):
            raise EventError([Problem("games", "edit_conflict", gettext(
                "A table has already played a round: the draw stays."))], 409)
        db.session.execute(delete(EventGameRow).where(EventGameRow.game_id.in_(ids)))
        db.session.execute(delete(PlayerGameRow).where(PlayerGameRow.game_id.in_(ids)))
        db.session.execute(delete(GameRow).where(GameRow.id.in_(ids)))
        db.session.execute(update(EventRow).where(EventRow.id == event_id)
                           .values(revision=EventRow.revision + 1))
    return get(event_id)


def table_cards(ev: Event) -> list[dict[str, Any]]:
    """What each table's card shows, for the latest game of the evening:
    ``{"table", "game", "seats", "first", "deal", "schedule", "teams"}``;
    ``deal`` is the tiles dealt each player at that table (its own count of
    players, by the table in force:
    :meth:`~companion.rules.record.Table.standard_deal`), ``None`` when the
    game cannot be read; ``teams``: the two pairs at a night in pairs, else
    empty; ``schedule`` lists each round's
    number, engine double (Mexican Train) and who starts (one seat clockwise
    each round, docs/sources.md), read from the game's stored head (no scoring run)."""
    out: list[dict[str, Any]] = []
    for t in ev.current:
        game = db.session.get(GameRow, t.game_id)
        if game is None:
            continue
        table = parse_table(services.head_of(game), Problems())
        schedule: list[tuple[int, int | None, str | None]] = []
        if table is not None and table.is_train:
            schedule = [(n, e, starter(table.players, table.first_starter, n))
                        for n, e in enumerate(table.engines, 1)]
        deal = table.standard_deal() if table is not None else None
        out.append({"table": t.table_no, "game": t.game_id, "seats": list(t.players),
                    "first": game.first_starter, "deal": deal, "schedule": schedule,
                    "teams": [list(p) for p in t.teams]})
    return out


__all__ = ["draw", "table_cards", "undo_draw"]
