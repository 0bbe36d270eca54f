"""Stored games. A game's head and each round's record are kept as JSON in the
shapes of docs/design.md, checked by the rules engine when they are written; beside
them is what the engine derived at that moment (each round's points and running
totals; the game's standings, status, winners and next round), so reading a game
or a list runs no engine."""

from __future__ import annotations

import secrets
from collections.abc import Iterable
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy import false as sa_false
from sqlalchemy.orm import Mapped, mapped_column, relationship

from companion.rules.stats.records import search_key
from companion.store.db import db
from companion.web.security import new_view_key


def _now() -> datetime:
    return datetime.now(UTC)


def names_column(players: Iterable[str]) -> str:
    """A game's ``names`` column: every player's name folded to lower case
    (``str.casefold``), each between newlines (``"\\nana\\nben\\n"``), so
    ``LIKE '%\\nben\\n%'`` finds the games where Ben sat."""
    return "\n" + "\n".join(p.casefold() for p in players) + "\n"


def search_names_column(players: Iterable[str]) -> str:
    """A game's ``search_names`` column: every player's name as the list's
    search compares it (:func:`companion.rules.stats.search_key`: case and
    accents ignored), each between newlines (``"\nceline\nben\n"``)."""
    return "\n" + "\n".join(search_key(p) for p in players) + "\n"


def name_columns(players: Iterable[str]) -> dict[str, str]:
    """Both columns a game keeps of its players' names, kept up to date
    together whenever the seats change: ``names`` and ``search_names``."""
    players = list(players)
    return {"names": names_column(players), "search_names": search_names_column(players)}


class GameRow(db.Model):
    """One game: its table (kind, set, rules, seats), its rounds and the results
    derived from them."""

    __tablename__ = "game"
    __table_args__ = (
        Index("ix_game_shelf_status_id", "shelf", "status", "id"),
        Index("ix_game_shelf_id", "shelf", "id"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    updated_at: Mapped[datetime] = mapped_column(
        DateTime(timezone=True), default=_now, onupdate=_now
    )
    kind: Mapped[str] = mapped_column(String(20))
    set_n: Mapped[int] = mapped_column(Integer)
    rules: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    players: Mapped[list[str]] = mapped_column(JSON)
    first_starter: Mapped[str] = mapped_column(String(80))
    away: Mapped[list[str] | None] = mapped_column(JSON, nullable=True)
    """Players who have left the table for now (the record's ``away``); ``None``: nobody."""
    teams: Mapped[list[list[str]] | None] = mapped_column(JSON, nullable=True)
    """The pairs of a game in pairs (the record's ``teams``); ``None``: a game of single players."""
    ended_by_players: Mapped[bool] = mapped_column(Boolean, default=False, server_default=sa_false())
    """The table ended the game where it stood (the record's ``ended_by_players``)."""
    revision: Mapped[int] = mapped_column(Integer, default=1)
    """Raised on every change, so a table view can tell when to refresh."""
    view_key: Mapped[str] = mapped_column(String(64), default=new_view_key)
    """The secret of the game's read-only spectator link (``/games/<id>/table?view=…``)."""
    sheet_key: Mapped[str] = mapped_column(String(32), default=lambda: secrets.token_hex(16))
    """A random name of this game's kept score sheets (``instance/sheets/<id>/<key>/``):
    another database's game of the same id and revision (a restore, a switch
    to PostgreSQL on the same ``instance/``) has another key, so it never
    serves this one's sheet. Not part of a backup: a restored game gets a new one."""

    status: Mapped[str] = mapped_column(String(12), default="in_progress", server_default="in_progress")
    """``in_progress`` or ``finished``, as derived at the last change."""
    rounds_played: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    rounds_total: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """Rounds of a Mexican Train game (its schedule); ``None`` for the other kinds."""
    summary: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    """Standings, winners, leaders, rounds gone out and the next round
    (:meth:`companion.rules.state.GameState.summary`); ``None`` until derived."""
    engine_version: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The engine's scoring version that derived the results (``flask recheck``)."""
    recheck_problem: Mapped[str | None] = mapped_column(Text, nullable=True)
    """Why the current engine refuses this game, when it does (its old results are kept)."""
    names: Mapped[str] = mapped_column(Text, default="", server_default="")
    """The players' names folded to lower case, one per line, for the search
    (:func:`names_column`)."""
    search_names: Mapped[str] = mapped_column(Text, default="", server_default="")
    """The players' names with case and accents ignored, one per line, for the
    games list's text search (:func:`search_names_column`)."""
    shelf: Mapped[str] = mapped_column(String(8), default="games", server_default="games")
    """``games`` (listed), ``archive`` (hidden from the list) or ``trash`` (deleted, undoable)."""
    shelved_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)

    rounds: Mapped[list[RoundRow]] = relationship(
        back_populates="game", order_by="RoundRow.number", cascade="all, delete-orphan"
    )


class RoundRow(db.Model):
    """One recorded round; ``number`` is unique within its game, so a form sent
    twice cannot add the same round twice."""

    __tablename__ = "round"
    __table_args__ = (UniqueConstraint("game_id", "number", name="uq_round_game_number"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    data: Mapped[dict[str, Any]] = mapped_column(JSON)
    version: Mapped[int] = mapped_column(Integer, default=1)
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    """What the engine derived for the round: points, running totals, starter
    (:class:`companion.rules.state.RoundResult`)."""
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    updated_at: Mapped[datetime] = mapped_column(
        DateTime(timezone=True), default=_now, onupdate=_now
    )

    game: Mapped[GameRow] = relationship(back_populates="rounds")


class PlayerRow(db.Model):
    """A player of the roster: a name seen in a game, offered when a new game
    is set up. ``key`` (the name folded: Unicode NFC, case ignored) is unique,
    so "Ana" and "ana" are one player (companion/players/roster.py)."""

    __tablename__ = "player"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(80), unique=True)
    last_played: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    key: Mapped[str] = mapped_column(String(160), unique=True)
    archived: Mapped[bool] = mapped_column(Boolean, default=False, server_default=sa_false())
    stats_version: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    """Raised whenever the player's record changes (a finished game's lines, a
    rename, archiving), so a page made from it can be kept until then."""


class RoundRequest(db.Model):
    """A round added through the API with an ``Idempotency-Key`` header: the key
    and the round it added, so the same request sent again answers with that
    round instead of adding another (docs/design.md: ``number`` is optional)."""

    __tablename__ = "round_request"
    __table_args__ = (UniqueConstraint("game_id", "key", name="uq_round_request_game_key"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"), index=True)
    key: Mapped[str] = mapped_column(String(200))
    number: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    body_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    """SHA-256 (hex) of the request's body as canonical JSON
    (:func:`companion.games.services.rounds.body_hash`): the same key with
    another body is refused. ``None`` for requests stored before it was kept."""


class HistoryStampRow(db.Model):
    """One row whose number goes up with every committed change to the games
    or the roster (:mod:`companion.services.stamp`): the lists of games read
    it first, and a list made under the same number is the same list."""

    __tablename__ = "history_stamp"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=False)
    n: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
