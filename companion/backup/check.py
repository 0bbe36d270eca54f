"""Reading the files the command line is given, and checking a backup.

Every file the command line reads (a backup to restore, game records to
import) goes through :func:`read_document`: a size limit (also on what a gzip
file unpacks to), the API's strict JSON reader (no NUL, no lone surrogate, no
``NaN``, limited nesting), then the same checks as the API; a refusal is one
line (:class:`BackupError`) and changes nothing. :func:`check_backup` checks
every field of a backup document and reads every game with the rules
engine's record reader (the API's reader, with its caps on rounds, players
and names) before :func:`companion.backup.restore` writes anything.
"""

from __future__ import annotations

import os
import re
import sys
import zlib
from datetime import datetime
from typing import Any

from companion.rules import RecordError, read_game
from companion.rules.record.document import MAX_NAME
from companion.web.jsonbody import BadJSON, loads_strict
from companion.web.security import ID_MAX

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



# -- reading a file ------------------------------------------------------------------


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


def listing(value: Any, where: str, what: str) -> list[Any]:
    """``value`` when it is a list (of ``what``), else :class:`BackupError` naming ``where``."""
    if not isinstance(value, list):
        raise BackupError(f"{where}: not a list of {what}")
    return value


def _record_of(g: dict[str, Any], where: str) -> dict[str, Any]:
    """The game record of a backed-up game (rounds in number order), every
    round's ``number`` and ``version`` checked."""
    rounds = listing(g.get("rounds"), f"{where}.rounds", "rounds")
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
    for key in ("kind", "set", "players", "first_starter", "away", "ended_by_players", "teams"):
        if key in g:
            record[key] = g[key]
    record["rules"] = g.get("rules") or {}
    return record


def engine_line(exc: RecordError) -> str:
    """The engine's first error as one line: ``path: code: message``."""
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
    games = listing(doc.get("games", []), "games", "games")
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
            raise BackupError(f"game {gid} is not a valid game: {engine_line(exc)}") from None
    names: set[str] = set()
    for i, p in enumerate(listing(doc.get("players", []), "players", "player names")):
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
    """The club nights of a backup (:func:`companion.club_backup.dump_events`): every
    field of the shape and type its table holds, games only of this backup,
    each game in one event only, names as the players' names."""
    seen: set[int] = set()
    placed: set[int] = set()
    for i, e in enumerate(listing(doc.get("events", []), "events", "events")):
        where = f"events[{i}]"
        _mapping(e, where, "an event")
        eid = _whole(e.get("id"), f"{where}.id")
        if eid in seen:
            raise BackupError(f"{where}.id: event {eid} appears twice")
        seen.add(eid)
        _check_event_fields(e, where)
        _check_event_players(e, where)
        _check_event_games(e, where, game_ids, placed)


def _check_event_fields(e: dict[str, Any], where: str) -> None:
    """An event's own fields: name, dates, settings and rules."""
    from datetime import date

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
    for j, day in enumerate(listing(e.get("evenings") or [], f"{where}.evenings", "days")):
        try:
            date.fromisoformat(day if isinstance(day, str) else "")
        except ValueError:
            raise BackupError(f"{where}.evenings[{j}]: not a date") from None
    if not isinstance(e.get("rules", {}) or {}, dict):
        raise BackupError(f"{where}.rules: not rules (an object)")
    if not isinstance(e.get("pairs", False), bool):
        raise BackupError(f"{where}.pairs: not true or false")
    if e.get("match") is not None:
        _check_event_match(e["match"], e.get("kind"), f"{where}.match")


def _check_event_match(match: Any, kind: Any, where: str) -> None:
    """A league match as :func:`companion.clubs.match.check_match` stored it."""
    from companion.rules.clubs.league import FORMATS, MatchError, lineup

    _mapping(match, where, "a match")
    fmt = FORMATS.get(match.get("format")) if isinstance(match.get("format"), str) else None
    if fmt is None:
        raise BackupError(f"{where}.format: no such league")
    try:
        lineup(fmt, kind if isinstance(kind, str) else "", match.get("singles"), match.get("doubles"))
    except MatchError:
        raise BackupError(f"{where}: not a match of this league and game") from None
    teams = listing(match.get("teams"), f"{where}.teams", "teams")
    if len(teams) != 2:
        raise BackupError(f"{where}.teams: not two teams")
    for j, team in enumerate(teams):
        _mapping(team, f"{where}.teams[{j}]", "a team")
        _text(team.get("name"), f"{where}.teams[{j}].name", 40)
        for k, name in enumerate(listing(team.get("players"), f"{where}.teams[{j}].players", "players")):
            _text(name, f"{where}.teams[{j}].players[{k}]", MAX_NAME)


def _check_event_players(e: dict[str, Any], where: str) -> None:
    """An event's players: each named once, present and arrival well formed."""
    names: set[str] = set()
    for j, p in enumerate(listing(e.get("players", []), f"{where}.players", "players")):
        at = f"{where}.players[{j}]"
        _mapping(p, at, "a player")
        _text(p.get("name"), f"{at}.name", MAX_NAME)
        if p["name"] in names:
            raise BackupError(f"{at}.name: {p['name']!r} appears twice")
        names.add(p["name"])
        if not isinstance(p.get("present", True), bool):
            raise BackupError(f"{at}.present: not true or false")
        if "partner" in p and p["partner"] not in {q.get("name") for q in e.get("players", [])
                                                   if isinstance(q, dict)} - {p["name"]}:
            raise BackupError(f"{at}.partner: not another player of the event")
        _when_ok(p.get("arrived_at"), f"{at}.arrived_at")


def _check_event_games(e: dict[str, Any], where: str, game_ids: set[int],
                       placed: set[int]) -> None:
    """An event's games: games of this backup only, none already ``placed`` in
    another event (``placed`` gets this event's games)."""
    for j, g in enumerate(listing(e.get("games", []), f"{where}.games", "games")):
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
        _whole(g.get("evening", 1), f"{at}.evening")
