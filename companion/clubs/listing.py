"""Club nights as a list: the latest events, how many games each has, and
the club night a game is a table of.

Queries across events, each one read; :mod:`companion.clubs.nights`
re-exports them.
"""

from __future__ import annotations

from sqlalchemy import bindparam, func, select

from companion.clubs.models import EventGameRow, EventRow
from companion.clubs.values import ClubTable, EventListing
from companion.games.models import GameRow
from companion.store.db import db


def table_of_game(game_id: int) -> ClubTable | None:
    """The club night a game is a table of, or ``None`` for a game of its own."""
    found = db.session.execute(_TABLE_OF_GAME, {"game_id": game_id}).first()
    return None if found is None else ClubTable(*found)


_TABLE_OF_GAME = (
    select(EventRow.id, EventRow.name, EventGameRow.table_no, EventGameRow.number)
    .join(EventRow, EventRow.id == EventGameRow.event_id)
    .where(EventGameRow.game_id == bindparam("game_id"))
)


def events(limit: int = 100) -> list[EventListing]:
    """The latest events, newest first (at most ``limit``)."""
    rows = db.session.execute(
        select(EventRow.id, EventRow.name, EventRow.held_on, EventRow.kind, EventRow.set_n, EventRow.evenings)
        .order_by(EventRow.held_on.desc(), EventRow.id.desc()).limit(limit))
    return [EventListing(r.id, r.name, r.held_on, r.kind, r.set_n, 1 + len(r.evenings or ())) for r in rows]


def game_counts() -> dict[int, int]:
    """Every table's game per event, seated or played (``GET /api/events``)."""
    return dict(db.session.execute(
        select(EventGameRow.event_id, func.count()).group_by(EventGameRow.event_id)).all())


def games_played_counts() -> dict[int, int]:
    """Games begun per event, every evening of a season, for the list of
    events: a game of the evening (its tables drawn together) counts once a
    round is saved at one of its tables, as the standings count it
    (:attr:`~companion.clubs.values.Event.season_games_played`); a game just seated does not."""
    return dict(db.session.execute(
        select(EventGameRow.event_id, func.count(EventGameRow.number.distinct()))
        .join(GameRow, GameRow.id == EventGameRow.game_id)
        .where(GameRow.rounds_played > 0)
        .group_by(EventGameRow.event_id)).all())
