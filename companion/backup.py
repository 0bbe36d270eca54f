"""Backups, restores and spreadsheet exports of the stored games.

A backup is one JSON document (``.json``, or gzip-compressed when the file
name ends in ``.gz``) holding every stored row as it is: games with their ids,
revisions and spectator keys, rounds with their versions, the known player
names, and the schema revision it was taken from. :func:`restore` puts it back
into an empty database, in one transaction, after checking every field and
reading every game with the rules engine's record reader (the API's reader,
with its caps on rounds, players and names).

Every file the command line reads (a backup to restore, game records to
import) goes through :func:`read_document`: a size limit (also on what a gzip
file unpacks to), the API's strict JSON reader (no NUL, no lone surrogate, no
``NaN``, limited nesting), then the same checks as the API; a refusal is one
line (:class:`BackupError`) and changes nothing.

The CSV export is one row per round per player, for a spreadsheet.
"""

from __future__ import annotations

import csv
import gzip
import io
import json
import os
import re
import sys
import tempfile
import zlib
from collections.abc import Iterable
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, Any

from sqlalchemy import text

from . import club, roster, services
from .db import db
from .jsonbody import BadJSON, loads_strict
from .models import GameRow, PlayerRow, RoundRow
from .rules import RecordError, read_game
from .rules.record import MAX_NAME
from .security import ID_MAX

FORMAT = "domino-companion-backup"
VERSION = 1

MAX_FILE_BYTES = 64 * 1024 * 1024
"""The most a file the command line reads may hold, once unpacked (64 MiB:
thousands of games). ``COMPANION_MAX_FILE_MB`` in the environment changes it."""

VIEW_KEY = re.compile(r"[A-Za-z0-9_-]{16,64}")
"""A spectator key as :func:`~companion.security.new_view_key` makes them
(22 URL-safe characters; 16 to 64 accepted)."""


class BackupError(Exception):
    """A backup cannot be written or restored (the message says why); nothing
    was changed."""


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
    events = club.dump_events()
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


def _limit() -> int:
    try:
        return int(float(os.environ["COMPANION_MAX_FILE_MB"]) * 1024 * 1024)
    except (KeyError, ValueError):
        return MAX_FILE_BYTES


def read_document(path: str | os.PathLike[str], limit: int | None = None) -> Any:
    """Read a JSON file the command line was given (``-`` for standard input),
    plain or gzip-compressed, with :func:`~companion.jsonbody.loads_strict`.

    :param limit: the most bytes the file may hold once unpacked (default
        :data:`MAX_FILE_BYTES`); a gzip file is unpacked piece by piece and
        refused as soon as it passes the limit (a small "zip bomb" never
        fills the memory).
    :return: the parsed JSON value.
    :raises BackupError: unreadable, too big, not gzip or JSON as it claims, or
        JSON the API would refuse (one line naming the file).
    """
    limit = _limit() if limit is None else limit
    name = "standard input" if str(path) == "-" else str(path)
    try:
        if str(path) == "-":
            raw = sys.stdin.buffer.read(limit + 1)
        else:
            with open(path, "rb") as f:
                raw = f.read(limit + 1)
    except OSError as exc:
        raise BackupError(f"{name}: cannot be read ({exc.strerror or exc})") from None
    if len(raw) > limit:
        raise BackupError(f"{name}: larger than {limit // (1024 * 1024)} MB")
    if raw[:2] == b"\x1f\x8b":
        raw = _gunzip(raw, limit, name)
    try:
        return loads_strict(raw)
    except BadJSON as exc:
        raise BackupError(f"{name}: {exc}") from None


def _gunzip(raw: bytes, limit: int, name: str) -> bytes:
    """``raw`` unpacked (every gzip member), refused past ``limit`` bytes."""
    out = bytearray()
    data = raw
    try:
        while data:
            unpacker = zlib.decompressobj(wbits=31)
            while data and not unpacker.eof:
                out += unpacker.decompress(data, limit + 1 - len(out))
                if len(out) > limit:
                    raise BackupError(f"{name}: unpacks to more than {limit // (1024 * 1024)} MB")
                data = unpacker.unconsumed_tail
            if not unpacker.eof:
                raise BackupError(f"{name}: the gzip file is cut short")
            data = unpacker.unused_data.lstrip(b"\0")
    except zlib.error as exc:
        raise BackupError(f"{name}: not a readable gzip file ({exc})") from None
    return bytes(out)


def read_backup(path: str | os.PathLike[str]) -> dict[str, Any]:
    """Read a backup file written by :func:`write_backup` (plain or gzip);
    :func:`restore` checks its fields.

    :raises BackupError: unreadable (see :func:`read_document`), not a backup
        of this app, or an unknown version.
    """
    doc = read_document(path)
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise BackupError(f"{path}: not a Domino Table Companion backup")
    if doc.get("version") != VERSION:
        raise BackupError(f"{path}: backup version {doc.get('version')!r} is not known here")
    return doc


# -- checking a backup ---------------------------------------------------------------


def _whole(value: Any, where: str, least: int = 1) -> int:
    """``value`` when it is a whole number from ``least`` to :data:`~companion.security.ID_MAX`."""
    if isinstance(value, bool) or not isinstance(value, int) or not least <= value <= ID_MAX:
        raise BackupError(f"{where}: {value!r:.40} is not a whole number from {least} to {ID_MAX}")
    return value


def _when_ok(value: Any, where: str, required: bool = False) -> None:
    if value is None and not required:
        return
    if not isinstance(value, str):
        raise BackupError(f"{where}: {value!r} is not a date and time")
    try:
        datetime.fromisoformat(value)
    except ValueError:
        raise BackupError(f"{where}: {value[:40]!r} is not a date and time") from None


def _mapping(value: Any, where: str, what: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise BackupError(f"{where}: not {what} (an object)")
    return value


def _listing(value: Any, where: str, what: str) -> list[Any]:
    if not isinstance(value, list):
        raise BackupError(f"{where}: not a list of {what}")
    return value


def _record_of(g: dict[str, Any], where: str) -> dict[str, Any]:
    """The game record of a backed-up game (rounds in number order), every
    round's ``number`` and ``version`` checked."""
    rounds = _listing(g.get("rounds"), f"{where}.rounds", "rounds")
    for j, r in enumerate(rounds):
        at = f"{where}.rounds[{j}]"
        _mapping(r, at, "a round")
        _whole(r.get("number"), f"{at}.number")
        _whole(r.get("version", 1), f"{at}.version")
        _mapping(r.get("data"), f"{at}.data", "a round")
        _when_ok(r.get("created_at"), f"{at}.created_at")
        _when_ok(r.get("updated_at"), f"{at}.updated_at")
    numbers = sorted(r["number"] for r in rounds)
    if numbers != list(range(1, len(numbers) + 1)):
        raise BackupError(f"game {g.get('id')}: rounds are not numbered 1..n: {numbers[:20]}")
    record = {
        "format": "domino-game-record",
        "version": 1,
        "rounds": [r["data"] for r in sorted(rounds, key=lambda r: r["number"])],
    }
    for key in ("kind", "set", "players", "first_starter"):
        if key in g:
            record[key] = g[key]
    record["rules"] = g.get("rules") or {}
    return record


def _engine_line(exc: RecordError) -> str:
    first = exc.errors[0] if exc.errors else None
    return f"{first.path}: {first.code}: {first.message}" if first else str(exc)


def check_backup(doc: dict[str, Any]) -> dict[int, dict[str, Any]]:
    """Check every field of a backup document as :func:`dump` writes it, and
    read every game with the rules engine (the API's record reader).

    Checked: games and players are lists of objects; ids, revisions, round
    numbers and versions are whole numbers from 1 to
    :data:`~companion.security.ID_MAX`, ids unique; timestamps are ISO dates;
    a spectator key matches :data:`VIEW_KEY`; each game is a valid game
    record (kind, set, rules, players, rounds: the engine's checks and caps);
    each known player name is a text of 1 to ``MAX_NAME`` characters without
    control characters, names unique.

    :return: each game's head as the engine reads it (kind, set, rules,
        players, first_starter), by game id: what :func:`restore` stores.
    :raises BackupError: the first field that is not right, in one line.
    """
    games = _listing(doc.get("games", []), "games", "games")
    seen: dict[int, dict[str, Any]] = {}
    for i, g in enumerate(games):
        where = f"games[{i}]"
        _mapping(g, where, "a game")
        gid = _whole(g.get("id"), f"{where}.id")
        if gid in seen:
            raise BackupError(f"{where}.id: game {gid} appears twice")
        seen[gid] = {}
        _whole(g.get("revision", 1), f"{where}.revision")
        key = g.get("view_key")
        if key is not None and (not isinstance(key, str) or not VIEW_KEY.fullmatch(key)):
            raise BackupError(f"{where}.view_key: not a spectator key (16 to 64 letters, digits, - or _)")
        _when_ok(g.get("created_at"), f"{where}.created_at")
        _when_ok(g.get("updated_at"), f"{where}.updated_at")
        record = _record_of(g, where)
        try:
            seen[gid] = read_game(record, confirm=True).table.as_dict()
        except RecordError as exc:
            raise BackupError(f"game {gid} is not a valid game: {_engine_line(exc)}") from None
    names: set[str] = set()
    for i, p in enumerate(_listing(doc.get("players", []), "players", "player names")):
        where = f"players[{i}]"
        _mapping(p, where, "a player")
        name = p.get("name")
        if (not isinstance(name, str) or not 1 <= len(name) <= MAX_NAME
                or any(not c.isprintable() for c in name)):
            raise BackupError(f"{where}.name: not a name of 1 to {MAX_NAME} printable characters")
        if name in names:
            raise BackupError(f"{where}.name: {name!r} appears twice")
        names.add(name)
        _when_ok(p.get("last_played"), f"{where}.last_played")
        if not isinstance(p.get("archived", False), bool):
            raise BackupError(f"{where}.archived: not true or false")
    _check_events(doc, set(seen))
    return seen


def _text(value: Any, where: str, most: int) -> None:
    if (not isinstance(value, str) or not 1 <= len(value) <= most
            or any(not c.isprintable() for c in value)):
        raise BackupError(f"{where}: not a text of 1 to {most} printable characters")


def _check_events(doc: dict[str, Any], game_ids: set[int]) -> None:
    """The club nights of a backup (:func:`companion.club.dump_events`): every
    field of the shape and type its table holds, games only of this backup,
    each game in one event only, names as the players' names."""
    from datetime import date

    seen: set[int] = set()
    placed: set[int] = set()
    for i, e in enumerate(_listing(doc.get("events", []), "events", "events")):
        where = f"events[{i}]"
        _mapping(e, where, "an event")
        eid = _whole(e.get("id"), f"{where}.id")
        if eid in seen:
            raise BackupError(f"{where}.id: event {eid} appears twice")
        seen.add(eid)
        _text(e.get("name"), f"{where}.name", 80)
        held = e.get("held_on")
        try:
            if not isinstance(held, str):
                raise ValueError(held)
            date.fromisoformat(held)
        except ValueError:
            raise BackupError(f"{where}.held_on: not a date") from None
        for key, most in (("kind", 20), ("scoring", 20), ("seating", 12), ("reseat", 12)):
            _text(e.get(key), f"{where}.{key}", most)
        for key in ("set", "move", "tables"):
            _whole(e.get(key), f"{where}.{key}", least=0)
        _whole(e.get("revision", 1), f"{where}.revision")
        if not isinstance(e.get("rules", {}) or {}, dict):
            raise BackupError(f"{where}.rules: not rules (an object)")
        names: set[str] = set()
        for j, p in enumerate(_listing(e.get("players", []), f"{where}.players", "players")):
            at = f"{where}.players[{j}]"
            _mapping(p, at, "a player")
            _text(p.get("name"), f"{at}.name", MAX_NAME)
            if p["name"] in names:
                raise BackupError(f"{at}.name: {p['name']!r} appears twice")
            names.add(p["name"])
            if not isinstance(p.get("present", True), bool):
                raise BackupError(f"{at}.present: not true or false")
            _when_ok(p.get("arrived_at"), f"{at}.arrived_at")
        for j, g in enumerate(_listing(e.get("games", []), f"{where}.games", "games")):
            at = f"{where}.games[{j}]"
            _mapping(g, at, "a game of the event")
            gid = _whole(g.get("game"), f"{at}.game")
            if gid not in game_ids:
                raise BackupError(f"{at}.game: game {gid} is not in the backup")
            if gid in placed:
                raise BackupError(f"{at}.game: game {gid} belongs to two events")
            placed.add(gid)
            _whole(g.get("number"), f"{at}.number")
            _whole(g.get("table"), f"{at}.table")


# -- restore -----------------------------------------------------------------------


def database_is_empty() -> bool:
    """True when no game, round or player name is stored."""
    for model in (GameRow, RoundRow, PlayerRow):
        if db.session.execute(db.select(model.id).limit(1)).first() is not None:
            return False
    return True


def restore(doc: dict[str, Any], heads: dict[int, dict[str, Any]] | None = None) -> dict[str, int]:
    """Put a backup document back into an EMPTY database, in one transaction,
    keeping ids, revisions, versions, spectator keys and timestamps.

    Every field is first checked and every game read by the rules engine
    (:func:`check_backup`), so that a damaged backup is refused whole.

    :param doc: a document from :func:`dump` / :func:`read_backup`.
    :param heads: what :func:`check_backup` returned for ``doc``, when it was
        called already (else it is called here).
    :return: ``{"games": n, "rounds": n, "players": n}`` restored.
    :raises BackupError: the database is not empty, or a game in the backup is
        field is not right (nothing is written in any case).
    """
    if not database_is_empty():
        raise BackupError("the database is not empty: restore only into an empty database")
    if heads is None:
        heads = check_backup(doc)
    games = doc.get("games") or []
    try:
        for g in games:
            row = GameRow(
                id=g["id"],
                created_at=_parse_when(g.get("created_at")),
                updated_at=_parse_when(g.get("updated_at")),
                kind=heads[g["id"]]["kind"],
                set_n=heads[g["id"]]["set"],
                rules=heads[g["id"]]["rules"],
                players=heads[g["id"]]["players"],
                first_starter=heads[g["id"]]["first_starter"],
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
            db.session.add(row)
        roster.restore_players(doc.get("players") or [])
        db.session.flush()
        club.restore_events(doc.get("events") or [])
        for g in games:
            roster.refresh_game(g["id"])
        if db.session.get_bind().dialect.name == "postgresql":
            # Ids were given explicitly: move each sequence past the largest one.
            for table in ("game", "round", "player", "event"):
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
        records = _listing(data["games"], f"{source}: games", "game records")
    else:
        records = [data]
    games = []
    for i, record in enumerate(records):
        try:
            games.append(read_game(record, confirm=True))
        except RecordError as exc:
            raise BackupError(f"record {i}: {_engine_line(exc)}") from None
    ids = services.store_games(games)
    return ids


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
    for n, line in enumerate(csv_rows(game_ids)):  # noqa: B007 (n: rows written)
        writer.writerow(line)
    return max(n, 0)


def csv_text(game_ids: Iterable[int] | None = None) -> str:
    """The CSV export as one string (see :func:`write_csv`)."""
    buf = io.StringIO()
    write_csv(buf, game_ids)
    return buf.getvalue()
