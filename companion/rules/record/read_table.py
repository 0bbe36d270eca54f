"""Reading a record's head: kind, set, rules, players and first starter.

Everything of a game fixed before the first round becomes a
:class:`~.record.Table`. Rule sources: the player counts each set is usually
played with and the deal (:mod:`.schedule`); the classic games are played with
a double-six set by two to four players ([RU], docs/sources.md).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from typing import Any

from companion.rules.errors import Problems, tr, trn
from companion.rules.kinds import DEFAULT_KIND, GameKind
from companion.rules.profile import check_rules_apply, parse_rules
from companion.rules.record.document import (
    MAX_NAME,
    RECORD_FORMAT,
    RECORD_KEYS,
    RECORD_VERSION,
    Table,
    is_int,
)
from companion.rules.schedule import (
    LARGE_SET_MAX_PLAYERS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    USUAL_PLAYERS,
)
from companion.rules.tiles import SET_SIZES


def parse_table(record: Any, problems: Problems) -> Table | None:
    """Read and check a record's head (everything but ``rounds``).

    Errors go to ``problems`` (``unknown_kind``, ``unknown_set``,
    ``unknown_rule``, ``bad_value``, ``too_few_players``, ``too_many_players``,
    ``duplicate_player``, ``unknown_player``, ``deal_exceeds_set``) and the
    soft rule ``players_outside_range`` ([MT-MN] [MT-KO]; picture dominoes
    dealt beyond their 28 tiles, [RU]) as a warning.

    :return: the table, or ``None`` when it is too broken to check rounds against.
    """
    if not isinstance(record, Mapping):
        problems.error("", "bad_value", tr("A game record must be a JSON object."))
        return None
    _check_head_fields(record, problems)
    kind = _parse_kind(record, problems)
    set_n = _parse_set(record, kind, problems)
    rules = parse_rules(record.get("rules"), problems, set_n=set_n)
    most = kind.most_players if kind is not None else MAX_PLAYERS
    if kind is not None and kind.has_engine and set_n in (15, 18):
        most = LARGE_SET_MAX_PLAYERS  # above 12: the warning players_outside_range
    players = _parse_players(record.get("players"), problems, most)
    if players is None:
        return None
    first = _parse_first_starter(record, players, problems)
    if set_n is None or kind is None:
        return None
    check_rules_apply(rules, kind, problems)
    away = _parse_away(record.get("away"), players, problems)
    ended = record.get("ended_by_players", False)
    if not isinstance(ended, bool):
        problems.error("ended_by_players", "bad_value", tr("ended_by_players must be true or false."))
        ended = False
    table = Table(kind, set_n, rules, tuple(players), first, away, ended)
    if kind.has_engine:
        _check_train_rules(table, problems)
        lo, hi = USUAL_PLAYERS[set_n]
        if not lo <= len(players) <= hi:
            problems.warn(
                "players", "players_outside_range",
                tr("A double-%(set)s set is usually played by %(lo)s to %(hi)s players, not %(count)s.",
                   set=set_n, lo=lo, hi=hi, count=len(players)),
                players=len(players),
            )
    if kind.counts_pips:
        _check_deal_fits(table, problems)
    else:
        _check_picture_deal(table, problems)
    return table


def _check_head_fields(record: Mapping[str, Any], problems: Problems) -> None:
    """Only known fields; the format and version this engine reads."""
    for key in record:
        if key not in RECORD_KEYS:
            problems.error(str(key), "bad_value", tr("A game record has no field %(key)r.", key=key))
    if record.get("format", RECORD_FORMAT) != RECORD_FORMAT:
        problems.error("format", "bad_value", tr('format must be "%(format)s".', format=RECORD_FORMAT))
    if record.get("version", RECORD_VERSION) != RECORD_VERSION:
        problems.error("version", "bad_value", tr("Only version %(version)s records are read.", version=RECORD_VERSION))


def _parse_kind(record: Mapping[str, Any], problems: Problems) -> GameKind | None:
    kind = record.get("kind", DEFAULT_KIND)
    member = next((k for k in GameKind if k == kind), None)
    if member is None:
        problems.error("kind", "unknown_kind", tr("Unknown game kind %(kind)r.", kind=kind), kind=kind)
    return member


def _parse_set(record: Mapping[str, Any], kind: GameKind | None, problems: Problems) -> int | None:
    default_set = (kind or DEFAULT_KIND).default_set
    set_n = record.get("set", default_set)
    if not is_int(set_n) or set_n not in SET_SIZES:
        problems.error(
            "set", "unknown_set",
            tr("The set must be one of %(sets)s.", sets=", ".join(f"double-{n}" for n in SET_SIZES)),
        )
        return None
    if kind is not None and kind.only_set not in (None, set_n):
        problems.error("set", "unknown_set", tr("The classic block and draw games use a double-six set."))
        return None
    return int(set_n)


def _parse_first_starter(record: Mapping[str, Any], players: list[str], problems: Problems) -> str:
    first = record.get("first_starter", players[0] if players else None)
    if isinstance(first, str):
        first = clean_name(first)
    if first not in players:
        problems.error(
            "first_starter", "unknown_player",
            tr("The first starter %(player)r is not one of the players.", player=first), player=first,
        )
        first = players[0]
    return str(first)


def seated_names(value: Any, path: str, players: list[str] | tuple[str, ...], problems: Problems,
                 *, shape: str, twice: str, too_few: str) -> tuple[str, ...] | None:
    """A list of seated players' names that leaves at least two playing: a
    round's ``absent`` (:mod:`.read_round`) or the record's ``away``.

    :param shape: the message when ``value`` is not a list of names.
    :param twice: the message when a name is listed twice.
    :param too_few: the message when fewer than two would play.
    :return: the names in seat order; ``()`` for ``None``; ``None`` after an
        error (``bad_value``, ``unknown_player``, ``too_few_players``).
    """
    if value is None:
        return ()
    if not isinstance(value, list) or not all(isinstance(n, str) for n in value):
        problems.error(path, "bad_value", shape)
        return None
    for name in value:
        if name not in players:
            problems.error(path, "unknown_player", tr("%(name)s is not in this game.", name=name), player=name)
            return None
    if len(set(value)) != len(value):
        problems.error(path, "bad_value", twice)
        return None
    if len(players) - len(value) < MIN_PLAYERS:
        problems.error(path, "too_few_players", too_few)
        return None
    return tuple(n for n in players if n in value)


def _parse_away(value: Any, players: list[str], problems: Problems) -> tuple[str, ...]:
    """The optional ``away`` list: seated players who have left the table for
    now, each once, and at least two players left at the table."""
    if value is None:
        return ()
    if isinstance(value, list):
        value = [clean_name(n) if isinstance(n, str) else n for n in value]
    away = seated_names(
        value, "away", players, problems, shape=tr("away must be a list of players' names."),
        twice=tr("A player is listed twice as away."),
        too_few=trn("At least %(n)s player must stay at the table.",
                    "At least %(n)s players must stay at the table.", MIN_PLAYERS))
    return away or ()


def _check_deal_fits(table: Table, problems: Problems) -> None:
    """The standard deal for all players fits in the set (engine out)."""
    players, set_n = len(table.players), table.set_n
    deal = table.standard_deal()
    room = table.set.size - (1 if table.kind.has_engine else 0)
    if deal * players > room:
        problems.error(
            "rules.draw_counts", "deal_exceeds_set",
            tr("%(players)s players × %(deal)s tiles do not fit in a double-%(set)s set "
               "of %(size)s tiles with the engine out.", players=players, deal=deal,
               set=set_n, size=table.set.size)
            if table.kind.has_engine
            else tr("%(players)s players × %(deal)s tiles do not fit in a double-%(set)s set "
                    "of %(size)s tiles.", players=players, deal=deal, set=set_n,
                    size=table.set.size),
        )


def _check_picture_deal(table: Table, problems: Problems) -> None:
    """Picture dominoes: the deal for every child fits in the set, else the
    soft rule ``players_outside_range`` (a warning the table may confirm).

    [RU] deals 6 each, or 5 with more than four children, and gives no set
    size; the app takes the usual picture set of 28 tiles (double-six), which
    deals 5 each to five children and not to six (30 tiles). A table with a
    second set, or dealing fewer, confirms.
    """
    players, deal, size = len(table.players), table.standard_deal(), table.set.size
    if players * deal > size:
        problems.warn(
            "players", "players_outside_range",
            tr("A picture domino set has %(size)s tiles: %(count)s children at %(deal)s tiles "
               "each need %(need)s. Deal fewer tiles each, or play with a second set.",
               size=size, count=players, deal=deal, need=players * deal),
            players=players,
        )


def _check_train_rules(table: Table, problems: Problems) -> None:
    r, n = table.rules, table.set_n
    beyond = [key for key in ("start_engine", "end_engine") if (getattr(r, key) or 0) > n]
    for key in beyond:  # each at its own box (parse_rules already holds them to the set)
        value = getattr(r, key)
        problems.error(f"rules.{key}", "bad_value", tr("A double-%(set)s set has no %(value)s-%(value)s.", set=n, value=value))
    if beyond:
        return
    if not table.engines:
        problems.error(
            "rules.start_engine", "bad_value",
            tr("Engines from %(start)s-%(start)s to %(end)s-%(end)s leave no round in this order "
               "of engines.", start=r.start_engine, end=r.end_engine),
        )


def clean_name(name: str) -> str:
    """A name as kept: Unicode NFC (so "Zoë" typed two ways is one name), invisible
    format characters dropped, runs of spaces folded."""
    name = unicodedata.normalize("NFC", name)
    name = "".join(ch for ch in name if unicodedata.category(ch) != "Cf")
    return " ".join(name.split())


def _parse_players(value: Any, problems: Problems, most: int = MAX_PLAYERS) -> list[str] | None:
    if not isinstance(value, list):
        problems.error("players", "bad_value", tr("Give the players' names in seat order."))
        return None
    names: list[str] = []
    seen: set[str] = set()
    ok = True
    for i, name in enumerate(value):
        path = f"players[{i}]"
        if isinstance(name, str):
            name = clean_name(name)
        if not isinstance(name, str) or not name:
            problems.error(path, "bad_value", tr("A player's name cannot be empty."))
            ok = False
            continue
        if len(name) > MAX_NAME:
            problems.error(path, "name_too_long", trn("A name may have at most %(n)s character.",
                                                        "A name may have at most %(n)s characters.", MAX_NAME))
            ok = False
            continue
        if name.casefold() in seen:
            problems.error(path, "duplicate_player", tr("%(name)s is seated twice.", name=name), player=name)
            ok = False
            continue
        seen.add(name.casefold())
        names.append(name)
    if len(value) < MIN_PLAYERS:
        problems.error("players", "too_few_players", tr("A game needs at least %(least)s players.", least=MIN_PLAYERS))
        return None
    if len(value) > most:
        problems.error("players", "too_many_players", trn("At most %(n)s player can be seated.",
                                                                "At most %(n)s players can be seated.", most))
        return None
    return names if ok else None

