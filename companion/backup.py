"""Backups, restores and spreadsheet exports of the stored games.

A backup is one JSON document (``.json``, or gzip-compressed when the file
name ends in ``.gz``) holding every stored row as it is: games with their ids,
revisions and spectator keys, rounds with their versions, the known player
names, and the schema revision it was taken from. :func:`restore` puts it back
into an empty database, in one transaction, after checking every game with the
rules engine.

The CSV export is one row per round per player, for a spreadsheet.
"""

from __future__ import annotations

import csv
import gzip
import io
import json
import os
import tempfile
from datetime import datetime, timezone
from pathlib import Path
from typing import IO, Any, Iterable

from sqlalchemy import text

from . import services
from .db import db
from .models import GameRow, PlayerRow, RoundRow
from .rules import RecordError, read_game

FORMAT = "domino-companion-backup"
VERSION = 1


class BackupError(Exception):
    """A backup cannot be written or restored (the message says why); nothing
    was changed."""


# -- backup ------------------------------------------------------------------------


def _when(value: datetime | None) -> str | None:
    if value is None:
        return None
    if value.tzinfo is None:
        value = value.replace(tzinfo=timezone.utc)
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
                "revision": row.revision,
                "view_key": row.view_key,
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
    players = [
        {"name": p.name, "last_played": _when(p.last_played)}
        for p in db.session.execute(db.select(PlayerRow).order_by(PlayerRow.name)).scalars()
    ]
    doc = {
        "format": FORMAT,
        "version": VERSION,
        "created_at": datetime.now(timezone.utc).isoformat(),
        "schema": schema_revision(),
        "games": games,
        "players": players,
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
    fd, tmp = tempfile.mkstemp(prefix=target.name + ".", suffix=".tmp", dir=target.parent or ".")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(raw)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, target)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
    return {
        "games": len(doc["games"]),
        "rounds": sum(len(g["rounds"]) for g in doc["games"]),
        "players": len(doc["players"]),
    }


def read_backup(path: str | os.PathLike[str]) -> dict[str, Any]:
    """Read a backup file written by :func:`write_backup` (plain or gzip).

    :raises BackupError: not a backup of this app, or an unknown version.
    :raises OSError: the file cannot be read.
    """
    raw = Path(path).read_bytes()
    if raw[:2] == b"\x1f\x8b":
        raw = gzip.decompress(raw)
    try:
        doc = json.loads(raw)
    except ValueError as exc:
        raise BackupError(f"{path}: not JSON ({exc})") from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise BackupError(f"{path}: not a Domino Table Companion backup")
    if doc.get("version") != VERSION:
        raise BackupError(f"{path}: backup version {doc.get('version')!r} is not known here")
    return doc


# -- restore -----------------------------------------------------------------------


def database_is_empty() -> bool:
    """True when no game, round or player name is stored."""
    for model in (GameRow, RoundRow, PlayerRow):
        if db.session.execute(db.select(model.id).limit(1)).first() is not None:
            return False
    return True


def restore(doc: dict[str, Any]) -> dict[str, int]:
    """Put a backup document back into an EMPTY database, in one transaction,
    keeping ids, revisions, versions, spectator keys and timestamps.

    Every game is first read by the rules engine (:func:`~companion.rules.read_game`)
    so that a damaged backup is refused whole.

    :param doc: a document from :func:`dump` / :func:`read_backup`.
    :return: ``{"games": n, "rounds": n, "players": n}`` restored.
    :raises BackupError: the database is not empty, or a game in the backup is
        not a valid game (nothing is written in either case).
    """
    if not database_is_empty():
        raise BackupError("the database is not empty: restore only into an empty database")
    games = doc.get("games") or []
    for g in games:
        record = {
            "format": "domino-game-record",
            "version": 1,
            "kind": g["kind"],
            "set": g["set"],
            "rules": g.get("rules") or {},
            "players": g["players"],
            "first_starter": g["first_starter"],
            "rounds": [r["data"] for r in sorted(g["rounds"], key=lambda r: r["number"])],
        }
        numbers = sorted(r["number"] for r in g["rounds"])
        if numbers != list(range(1, len(numbers) + 1)):
            raise BackupError(f"game {g.get('id')}: rounds are not numbered 1..n: {numbers}")
        try:
            read_game(record, confirm=True)
        except RecordError as exc:
            first = exc.errors[0] if exc.errors else None
            detail = f"{first.path}: {first.code}: {first.message}" if first else str(exc)
            raise BackupError(f"game {g.get('id')} is not a valid game: {detail}") from None
    try:
        for g in games:
            row = GameRow(
                id=g["id"],
                created_at=_parse_when(g.get("created_at")),
                updated_at=_parse_when(g.get("updated_at")),
                kind=g["kind"],
                set_n=g["set"],
                rules=g.get("rules") or {},
                players=list(g["players"]),
                first_starter=g["first_starter"],
                revision=g.get("revision") or 1,
            )
            if g.get("view_key"):
                row.view_key = g["view_key"]
            for r in g["rounds"]:
                row.rounds.append(
                    RoundRow(
                        number=r["number"],
                        data=r["data"],
                        version=r.get("version") or 1,
                        created_at=_parse_when(r.get("created_at")),
                        updated_at=_parse_when(r.get("updated_at")),
                    )
                )
            db.session.add(row)
        for p in doc.get("players") or []:
            db.session.add(PlayerRow(name=p["name"], last_played=_parse_when(p.get("last_played"))))
        db.session.flush()
        if db.session.get_bind().dialect.name == "postgresql":
            # Ids were given explicitly: move each sequence past the largest one.
            for table in ("game", "round", "player"):
                db.session.execute(
                    text(
                        f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                        f"COALESCE((SELECT MAX(id) FROM \"{table}\"), 0) + 1, false)"
                    )
                )
        db.session.commit()
    except BaseException:
        db.session.rollback()
        raise
    return {
        "games": len(games),
        "rounds": sum(len(g["rounds"]) for g in games),
        "players": len(doc.get("players") or []),
    }


# -- CSV ---------------------------------------------------------------------------

CSV_COLUMNS = ["game", "played_on", "round", "engine", "player", "pips", "points", "total"]
"""The CSV export's header: one row per round per player. ``pips`` is the plain
pip sum left in the hand, ``points`` what the round scored (the double-blank
rule applied), ``total`` the running total after that round."""


def _cell(value: Any) -> Any:
    """Keep a spreadsheet from reading a name as a formula (=, +, -, @, tab, CR)."""
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value


def csv_rows(game_ids: Iterable[int] | None = None) -> Iterable[list[Any]]:
    """The CSV export's rows (header first) for some games, or every game oldest first.

    :param game_ids: the games to export; ``None`` for all.
    :raises services.NotFound: one of ``game_ids`` does not exist.
    """
    yield list(CSV_COLUMNS)
    ids = list(game_ids) if game_ids is not None else [r.id for r in services.list_games()][::-1]
    for gid in ids:
        row, game = services.load(gid)
        derived = game.derived()
        played_on = row.created_at.date().isoformat() if row.created_at else ""
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
                    _cell(player),
                    (hands.get(player) or {}).get("pips", ""),
                    scores.get(player, ""),
                    totals.get(player, ""),
                ]


def write_csv(out: IO[str], game_ids: Iterable[int] | None = None) -> int:
    """Write :func:`csv_rows` to ``out``.

    :return: the number of data rows written (the header not counted).
    :raises services.NotFound: one of ``game_ids`` does not exist.
    """
    writer = csv.writer(out, lineterminator="\r\n")
    n = -1
    for n, line in enumerate(csv_rows(game_ids)):
        writer.writerow(line)
    return max(n, 0)


def csv_text(game_ids: Iterable[int] | None = None) -> str:
    """The CSV export as one string (see :func:`write_csv`)."""
    buf = io.StringIO()
    write_csv(buf, game_ids)
    return buf.getvalue()
