"""Players' phones: a game's phone settings, each phone's link to a seat,
and the hands sent from seats for the round being played."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    DateTime,
    ForeignKey,
    Integer,
    String,
    UniqueConstraint,
    false,
)
from sqlalchemy.orm import Mapped, mapped_column

from companion.store.db import db
from companion.web.security import new_view_key


def _now() -> datetime:
    return datetime.now(UTC)


class PhoneAccessRow(db.Model):
    """A game's "every player's own phone" settings (companion/phones/links.py):
    the secret of the QR code the players scan, and whether the round saves
    itself once every seat has entered its hand."""

    __tablename__ = "phone_access"

    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"), primary_key=True)
    join_key: Mapped[str] = mapped_column(String(64), default=new_view_key)
    autosave: Mapped[bool] = mapped_column(Boolean, default=False)
    token_mark: Mapped[str | None] = mapped_column(String(64), nullable=True)
    """The fingerprint of the access token in force when ``join_key`` was made
    (:func:`companion.web.access.token_mark`): a new token ends the QR code."""
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)


class SeatLinkRow(db.Model):
    """One phone's link to one seat of a game: it may write that seat's hand of
    the current round and nothing else, until revoked or the game ends."""

    __tablename__ = "seat_link"

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"), index=True)
    seat: Mapped[int] = mapped_column(Integer)
    key: Mapped[str] = mapped_column(String(64), unique=True, default=new_view_key)
    revoked: Mapped[bool] = mapped_column(Boolean, default=False)
    ended_by: Mapped[str | None] = mapped_column(String(16), nullable=True)
    """Why a revoked link ended: ``"revoked"`` (the tablet ended it), ``"new_qr"``,
    ``"taken_over"`` (another phone took the seat), ``"token"`` (a new access token)."""
    token_mark: Mapped[str | None] = mapped_column(String(64), nullable=True)
    """The fingerprint of the access token in force when the link was made: a
    link works only while that token is in force."""
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)


class SeatEntryRow(db.Model):
    """A hand sent from a seat's phone for a round not yet saved: the hand
    object of the game record (``{"pips": 23, "tiles_left": 3}``…) and
    whether that player went out."""

    __tablename__ = "seat_entry"
    __table_args__ = (UniqueConstraint("game_id", "number", "seat", name="uq_seat_entry_game_number_seat"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int] = mapped_column(Integer)
    hand: Mapped[dict[str, Any]] = mapped_column(JSON)
    out: Mapped[bool] = mapped_column(Boolean, default=False)
    led: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    """In a game in pairs: that player led the hand (said on the phone when
    the next-hand card cannot name the leader)."""
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now, onupdate=_now)
