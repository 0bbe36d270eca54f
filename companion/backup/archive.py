"""Backups, restores and spreadsheet exports of the stored games.

A backup is one JSON document (``.json``, or gzip-compressed when the file
name ends in ``.gz``) holding every stored row as it is: games with their ids,
revisions and spectator keys, rounds with their versions, the known player
names, the club nights, and the schema revision it was taken from.
:func:`restore` puts it back into an empty database, in one transaction,
after :func:`~companion.backup_check.check_backup` has checked every field
and read every game with the rules engine.

Files given to the command line are read by
:func:`~companion.backup_check.read_document` (limits, strict JSON); a
refusal is one line (:class:`~companion.backup_check.BackupError`) and
changes nothing.

The CSV export is one row per round per player, for a spreadsheet.
"""

from __future__ import annotations

import gzip
import io
import json
import os
from collections.abc import Iterable
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, Any

from sqlalchemy import text

from companion.backup import clubs as club_backup
from companion.backup.check import (
    FORMAT,
    VERSION,
    BackupError,
    check_backup,
    engine_line,
    listing,
)
from companion.games import services
from companion.games.models import GameRow, PlayerRow, RoundRow
from companion.players import roster
from companion.rules import RecordError, read_game
from companion.store.db import db
from companion.store.files import write_atomic
from companion.web import csvfile

# -- backup ------------------------------------------------------------------------


def _when(value: datetime | None) -> str | None:
    if value is None:
        return None
    if value.tzinfo is None:
        value = value.replace(tzinfo=UTC)
    return value.isoformat()


def _parse_when(value: str | None) -> datetime | None:
    return datetime.fromisoformat(value) if value else None


def schema_revision() -> str | None:
    """The Alembic revision the database is at, or ``None`` when unknown."""
    try:
        return db.session.execute(text("SELECT version_num FROM alembic_version")).scalar()
    except Exception:  # noqa: BLE001 - no version table: a database made without migrations
        db.session.rollback()
        return None


def dump() -> dict[str, Any]:
    """Every stored game, round and player name as a backup document.

    Read in one transaction (on PostgreSQL a repeatable-read snapshot), so a
    round saved while the backup runs is either wholly in it or not at all.

    :return: ``{"format", "version", "created_at", "schema", "games", "players"}``;
        each game carries its stored columns and ``rounds`` (number, data,
        version, timestamps).
    """
    db.session.rollback()
    if db.session.get_bind().dialect.name == "postgresql":
        db.session.connection(execution_options={"isolation_level": "REPEATABLE READ"})
    games = []
    for row in db.session.execute(db.select(GameRow).order_by(GameRow.id)).scalars():
        games.append(
            {
                "id": row.id,
                "created_at": _when(row.created_at),
                "updated_at": _when(row.updated_at),
                "kind": row.kind,
                "set": row.set_n,
                "rules": dict(row.rules or {}),
                "players": list(row.players),
                "first_starter": row.first_starter,
                **({"away": list(row.away)} if row.away else {}),
                **({"teams": [list(t) for t in row.teams]} if row.teams else {}),
                **({"ended_by_players": True} if row.ended_by_players else {}),
                "revision": row.revision,
                "view_key": row.view_key,
                "shelf": row.shelf,
                "rounds": [
                    {
                        "number": r.number,
                        "data": r.data,
                        "version": r.version,
                        "created_at": _when(r.created_at),
                        "updated_at": _when(r.updated_at),
                    }
                    for r in row.rounds
                ],
            }
        )
    players = roster.dump_players()
    events = club_backup.dump_events()
    doc = {
        "format": FORMAT,
        "version": VERSION,
        "created_at": datetime.now(UTC).isoformat(),
        "schema": schema_revision(),
        "games": games,
        "players": players,
        "events": events,
    }
    db.session.rollback()
    return doc


def write_backup(path: str | os.PathLike[str]) -> dict[str, int]:
    """Write :func:`dump` to ``path`` (gzip when it ends in ``.gz``), atomically:
    a temporary file in the same folder, flushed to disk, then renamed.

    :return: ``{"games": n, "rounds": n, "players": n}`` written.
    :raises OSError: when the file cannot be written.
    """
    doc = dump()
    target = Path(path)
    raw = json.dumps(doc, ensure_ascii=False, indent=1).encode()
    if target.name.endswith(".gz"):
        raw = gzip.compress(raw, mtime=0)
    write_atomic(target, raw, durable=True)
    return {
        "games": len(doc["games"]),
        "rounds": sum(len(g["rounds"]) for g in doc["games"]),
        "players": len(doc["players"]),
    }


# -- restore -----------------------------------------------------------------------


def database_is_empty() -> bool:
    """True when no game, round or player name is stored."""
    for model in (GameRow, RoundRow, PlayerRow):
        if db.session.execute(db.select(model.id).limit(1)).first() is not None:
            return False
    return True


def _game_row(g: dict[str, Any], head: dict[str, Any]) -> GameRow:
    """The row of a backed-up game ``g`` with its rounds; ``head`` is the
    engine's reading of its kind, set, rules, players and first starter."""
    row = GameRow(
        id=g["id"],
        created_at=_parse_when(g.get("created_at")),
        updated_at=_parse_when(g.get("updated_at")),
        kind=head["kind"],
        set_n=head["set"],
        rules=head["rules"],
        players=head["players"],
        # a kind read by its own module keeps no first starter: the row's (42's first shaker), else its first seat
        first_starter=head.get("first_starter") or g.get("first_starter") or head["players"][0],
        away=head.get("away"),
        teams=head.get("teams"),
        ended_by_players=bool(head.get("ended_by_players", g.get("ended_by_players") is True)),
        revision=g.get("revision", 1),
        shelf=g.get("shelf") if g.get("shelf") in services.SHELVES else "games",
    )
    if g.get("view_key"):
        row.view_key = g["view_key"]
    for r in sorted(g["rounds"], key=lambda r: r["number"]):
        row.rounds.append(
            RoundRow(
                number=r["number"],
                data=r["data"],
                version=r.get("version", 1),
                created_at=_parse_when(r.get("created_at")),
                updated_at=_parse_when(r.get("updated_at")),
            )
        )
    return row


def restore(doc: dict[str, Any], heads: dict[int, dict[str, Any]] | None = None) -> dict[str, int]:
    """Put a backup document back into an EMPTY database, in one transaction,
    keeping ids, revisions, versions, spectator keys and timestamps.

    Every field is first checked and every game read by the rules engine
    (:func:`check_backup`), so that a damaged backup is refused whole.

    :param doc: a document from :func:`dump` / :func:`read_backup`.
    :param heads: what :func:`check_backup` returned for ``doc``, when it was
        called already (else it is called here).
    :return: ``{"games": n, "rounds": n, "players": n}`` restored.
    :raises BackupError: the database is not empty, or a field of the backup
        is not right (nothing is written in either case).
    """
    if not database_is_empty():
        raise BackupError("the database is not empty: restore only into an empty database")
    if heads is None:
        heads = check_backup(doc)
    games = doc.get("games") or []
    with services.transaction() as session:
        session.add_all(_game_row(g, heads[g["id"]]) for g in games)
        roster.restore_players(doc.get("players") or [])
        session.flush()
        club_backup.restore_events(doc.get("events") or [])
        # One batch: each player's lines folded in date order, whatever the backup's order.
        roster.refresh_games(*(g["id"] for g in games))
        if session.get_bind().dialect.name == "postgresql":
            # Ids were given explicitly: move each sequence past the largest one.
            for table in ("game", "round", "player", "event"):
                session.execute(
                    text(
                        f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                        f"COALESCE((SELECT MAX(id) FROM \"{table}\"), 0) + 1, false)"
                    )
                )
    services.recheck(stale_only=True)  # the results the engine derives, stored beside each game
    return {
        "games": len(games),
        "rounds": sum(len(g["rounds"]) for g in games),
        "players": len(doc.get("players") or []),
    }


# -- import ------------------------------------------------------------------------


def import_records(data: Any, source: str = "the file") -> list[int]:
    """Store game records (one record, or ``{"games": [...]}``) as new games:
    all of them or none.

    Every record is first read by the rules engine exactly as the API reads a
    new game (:func:`~companion.rules.read_game`, with its caps), then all are
    stored in one transaction with the known player names.

    :param data: the parsed file (see :func:`read_document`).
    :param source: the file's name, for the message.
    :return: the new games' ids, in the file's order.
    :raises BackupError: a record is refused (the first one, in one line:
        ``record <i>: <path>: <code>: <message>``); nothing is stored.
    """
    if isinstance(data, dict) and "games" in data:
        records = listing(data["games"], f"{source}: games", "game records")
    else:
        records = [data]
    games = []
    for i, record in enumerate(records):
        try:
            games.append(read_game(record, confirm=True))
        except RecordError as exc:
            raise BackupError(f"record {i}: {engine_line(exc)}") from None
    ids = services.store_games(games)
    return ids


# -- CSV ---------------------------------------------------------------------------

CSV_COLUMNS = ["game", "played_on", "round", "engine", "player", "pips", "points", "total"]
"""The CSV export's header: one row per round per player. ``pips`` is the plain
pip sum left in the hand, ``points`` what the round scored (the double-blank
rule applied), ``total`` the running total after that round."""


def csv_rows(game_ids: Iterable[int] | None = None) -> Iterable[list[Any]]:
    """The CSV export's rows (header first) for some games, or every game oldest first.

    :param game_ids: the games to export; ``None`` for all.
    :raises services.NotFound: one of ``game_ids`` does not exist.
    """
    yield list(CSV_COLUMNS)
    ids = list(game_ids) if game_ids is not None else services.game_ids()
    for gid in ids:
        game = services.get_game(gid, include_trash=True)
        derived = game.as_json()
        played_on = game.created_at.date().isoformat() if game.created_at else ""
        for rnd in derived["rounds"]:
            hands = rnd.get("hands") or {}
            scores = rnd.get("scores") or {}
            totals = rnd.get("totals") or {}
            for player in derived["players"]:
                if player not in hands and player not in scores:
                    continue  # not at the table that round
                yield [
                    gid,
                    played_on,
                    rnd.get("number"),
                    rnd.get("engine", ""),
                    player,
                    (hands.get(player) or {}).get("pips", ""),
                    scores.get(player, ""),
                    totals.get(player, ""),
                ]


def write_csv(out: IO[str], game_ids: Iterable[int] | None = None) -> int:
    """Write :func:`csv_rows` to ``out``.

    :return: the number of data rows written (the header not counted).
    :raises services.NotFound: one of ``game_ids`` does not exist.
    """
    writer = csvfile.writer(out)
    n = -1
    for n, line in enumerate(csv_rows(game_ids)):  # noqa: B007 (n: rows written)
        writer.writerow(line)
    return max(n, 0)


def csv_text(game_ids: Iterable[int] | None = None) -> str:
    """The CSV export as one string (see :func:`write_csv`)."""
    buf = io.StringIO()
    write_csv(buf, game_ids)
    return buf.getvalue()
