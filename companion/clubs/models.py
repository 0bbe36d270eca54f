"""Club nights: :class:`EventRow`, :class:`EventPlayerRow`,
:class:`EventGameRow`: a club night (or a season), who came, and which
ordinary games are its tables.
"""

from __future__ import annotations

from datetime import UTC, date, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    Date,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    String,
)
from sqlalchemy.orm import Mapped, mapped_column
from sqlalchemy.sql import false

from companion.store.db import db


def _now() -> datetime:
    return datetime.now(UTC)


class EventRow(db.Model):
    """A club night or a season: the game every table plays and how it is run."""

    __tablename__ = "event"

    id: Mapped[int] = mapped_column(primary_key=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    name: Mapped[str] = mapped_column(String(80))
    held_on: Mapped[date] = mapped_column(Date)
    kind: Mapped[str] = mapped_column(String(20))
    set_n: Mapped[int] = mapped_column(Integer)
    rules: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    """The rule profile of every table's game (a game record's ``rules``)."""
    scoring: Mapped[str] = mapped_column(String(20), default="place_points")
    seating: Mapped[str] = mapped_column(String(12), default="random")
    reseat: Mapped[str] = mapped_column(String(12), default="move_down")
    move: Mapped[int] = mapped_column(Integer, default=1)
    tables: Mapped[int] = mapped_column(Integer, default=3)
    """Tables the club can set up."""
    revision: Mapped[int] = mapped_column(Integer, default=1)
    """Raised on every change of the event (check-in, a draw)."""
    evenings: Mapped[list[str] | None] = mapped_column(JSON, nullable=True)
    """A season: the days of its evenings after the first (``held_on``), ISO
    dates in order; ``None`` or empty for a single evening."""
    pairs: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    """Tables of two pairs, partners opposite, for a game four may play in
    pairs (Fives and Threes, All Fives: doubles); a game always played in
    pairs (Texas 42, partnership dominoes) is in pairs whatever this says."""
    match: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    """A league match between two teams (:mod:`companion.rules.clubs.league`):
    ``{"format", "teams": [{"name", "players"}, …], "singles"?, "doubles"?}``;
    ``None`` for an ordinary club night."""


class EventPlayerRow(db.Model):
    """Somebody who came to the event."""

    __tablename__ = "event_player"

    event_id: Mapped[int] = mapped_column(ForeignKey("event.id", ondelete="CASCADE"), primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("player.id", ondelete="CASCADE"), primary_key=True)
    arrived_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    present: Mapped[bool] = mapped_column(Boolean, default=True)
    """False once the player went home (not seated at later games)."""
    partner_id: Mapped[int | None] = mapped_column(
        ForeignKey("player.id", ondelete="SET NULL"), nullable=True)
    """At a night in pairs, the partner he checked in with (both rows name
    each other); ``None``: checked in alone, drawn into a pair at each game."""


class EventGameRow(db.Model):
    """One table's game at the event: an ordinary game linked to it."""

    __tablename__ = "event_game"
    __table_args__ = (Index("ix_event_game_event_number", "event_id", "number", "table_no"),)

    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"), primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("event.id", ondelete="CASCADE"))
    number: Mapped[int] = mapped_column(Integer)
    """The evening's game number (1 for the first game of every table, …)."""
    table_no: Mapped[int] = mapped_column(Integer)
    """1-based table number (table 1 is the top table of a ladder)."""
    evening: Mapped[int] = mapped_column(Integer, default=1, server_default="1")
    """The evening of the season the game was played on (1 for a single evening)."""
