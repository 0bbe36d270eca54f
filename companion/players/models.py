"""Players' stored lines, tallies and summaries.

* :class:`PlayerGameRow`: one player's line of one game (what
  :func:`companion.rules.stats.records.summarize` gives), written from the
  game's stored results whenever the game changes; the statistics read these
  lines and never the rounds.
* :class:`PlayerTallyRow`: a player's counts per kind, set and rule set,
  each line's counts added or taken away as it changes, so the leaderboard
  reads a few hundred rows.
* :class:`PlayerSummaryRow`: a player's whole record folded once, so their
  page reads one row whatever the length of their history.

The roster itself (one row per name) is :class:`companion.games.models.PlayerRow`:
a game's seats name it.
"""

from __future__ import annotations

from datetime import UTC, date, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    Date,
    ForeignKey,
    Index,
    Integer,
    String,
)
from sqlalchemy.orm import Mapped, mapped_column

from companion.store.db import db


def _now() -> datetime:
    return datetime.now(UTC)


class PlayerGameRow(db.Model):
    """One player's line of one game (see :class:`companion.rules.stats.PlayerGame`)."""

    __tablename__ = "player_game"
    __table_args__ = (
        Index("ix_player_game_player_day", "player_id", "played_on", "game_id"),
        Index("ix_player_game_event", "event_id"),
    )

    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"), primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("player.id", ondelete="CASCADE"), primary_key=True)
    name: Mapped[str] = mapped_column(String(80))
    """The name as written in the game (the roster's name since the last rename)."""
    kind: Mapped[str] = mapped_column(String(20))
    set_n: Mapped[int] = mapped_column(Integer)
    rule_set: Mapped[str] = mapped_column(String(400))
    played_on: Mapped[date] = mapped_column(Date)
    finished: Mapped[bool] = mapped_column(Boolean)
    total: Mapped[int] = mapped_column(Integer)
    rank: Mapped[int | None] = mapped_column(Integer, nullable=True)
    ranked: Mapped[int] = mapped_column(Integer)
    firsts: Mapped[int] = mapped_column(Integer)
    rounds_played: Mapped[int] = mapped_column(Integer)
    points: Mapped[int] = mapped_column(Integer)
    rounds_out: Mapped[int] = mapped_column(Integer)
    rounds_blocked: Mapped[int] = mapped_column(Integer)
    double_blank: Mapped[int] = mapped_column(Integer)
    engines: Mapped[list[Any]] = mapped_column(JSON, default=list)
    """``[[engine suit, points], …]`` of each Mexican Train round played."""
    event_id: Mapped[int | None] = mapped_column(Integer, nullable=True)
    revision: Mapped[int] = mapped_column(Integer, default=0)
    """The game's revision the line was written from."""


class PlayerTallyRow(db.Model):
    """A player's counts over finished games of one kind, set and rule set."""

    __tablename__ = "player_tally"

    player_id: Mapped[int] = mapped_column(ForeignKey("player.id", ondelete="CASCADE"), primary_key=True)
    kind: Mapped[str] = mapped_column(String(20), primary_key=True)
    set_n: Mapped[int] = mapped_column(Integer, primary_key=True)
    rule_set: Mapped[str] = mapped_column(String(400), primary_key=True)
    games: Mapped[int] = mapped_column(Integer, default=0)
    wins: Mapped[int] = mapped_column(Integer, default=0)
    shared_wins: Mapped[int] = mapped_column(Integer, default=0)
    place_sum: Mapped[int] = mapped_column(Integer, default=0)
    placed: Mapped[int] = mapped_column(Integer, default=0)
    rounds: Mapped[int] = mapped_column(Integer, default=0)
    rounds_out: Mapped[int] = mapped_column(Integer, default=0)


class PlayerSummaryRow(db.Model):
    """A player's whole record folded once (companion/players/summary.py:
    ``summary_json``), brought up to date by each change of one of his lines
    (companion/rules/stats/fold.py: ``fold_line``), recounted from his lines
    only when a change cannot be folded."""

    __tablename__ = "player_summary"

    player_id: Mapped[int] = mapped_column(ForeignKey("player.id", ondelete="CASCADE"), primary_key=True)
    data: Mapped[dict[str, Any]] = mapped_column(JSON)
