"""Players joining a game under way, leaving the table and coming back.

A game record seats its players once, before round 1. A player who arrives
later takes a seat between two others: the record gains the name in the seat
order and every round already played lists them as absent, so their first
round is the next one and they start from the total the rule ``late_join``
gives (0, the highest total of those playing, or their average: the house
rules of docs/sources.md; :func:`.state.joining_total`). A player who leaves is
listed in the record's ``away``: the rounds to come neither deal to them nor
let them start (:meth:`.state.GameState.next_round`), and the round entry
marks them as sitting out; their total stays and, if they are still away at
the end of a Mexican Train game, they get no place in the final standings.
Coming back takes them off ``away``.

These functions only rewrite a record; :func:`.game.read_game` then checks
the result (too many players, a name used twice, a name too long...).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.rules.errors import Problem, RecordError, tr
from companion.rules.record.read_table import clean_name
from companion.rules.stats.records import name_key


def _refuse(path: str, code: str, message: str, **params: Any) -> RecordError:
    return RecordError([Problem(path, code, message, params)])


def _seated(record: Mapping[str, Any], name: str, path: str) -> None:
    if name not in record.get("players", ()):
        raise _refuse(path, "unknown_player", tr("%(player)r is not one of the players.", player=name),
                      player=name)


def join(record: Mapping[str, Any], name: Any, after: str | None = None) -> dict[str, Any]:
    """The record with ``name`` seated clockwise after ``after`` (after the
    last seat when ``None``), absent from every round played so far.

    :param record: a game record (docs/design.md) of a game under way.
    :param name: the newcomer's name, as typed (cleaned as names are).
    :param after: a seated player, or ``None``.
    :return: a new record; ``record`` is not changed.
    :raises RecordError: ``bad_value`` (no name), ``duplicate_player`` (the
        name is seated already), ``unknown_player`` (``after`` is not seated).
    """
    if not isinstance(name, str) or not clean_name(name):
        raise _refuse("name", "bad_value", tr("Type the new player's name."))
    name = clean_name(name)
    players = list(record.get("players", ()))
    seated = next((p for p in players if name_key(p) == name_key(name)), None)
    if seated is not None:  # the same name, in any case ("bob" when Bob is seated)
        raise _refuse("name", "duplicate_player", tr("%(player)s is already at the table.", player=seated),
                      player=seated)
    if after is None:
        seat = len(players)
    else:
        _seated(record, after, "after")
        seat = players.index(after) + 1
    rounds = []
    for rnd in record.get("rounds", ()):
        rnd = dict(rnd)
        rnd["absent"] = [*rnd.get("absent", ()), name]
        rounds.append(rnd)
    return {**record, "players": [*players[:seat], name, *players[seat:]], "rounds": rounds}


def leave(record: Mapping[str, Any], name: str) -> dict[str, Any]:
    """The record with ``name`` away from the table for the rounds to come.

    :raises RecordError: ``unknown_player`` (not seated), ``bad_value``
        (already away).
    """
    _seated(record, name, "player")
    away = list(record.get("away", ()))
    if name in away:
        raise _refuse("player", "bad_value", tr("%(player)s has already left the table.", player=name),
                      player=name)
    players = list(record["players"])
    return {**record, "away": [n for n in players if n in away or n == name]}


def come_back(record: Mapping[str, Any], name: str) -> dict[str, Any]:
    """The record with ``name`` back at the table from the next round on.

    :raises RecordError: ``unknown_player`` (not seated), ``bad_value`` (not away).
    """
    _seated(record, name, "player")
    away = list(record.get("away", ()))
    if name not in away:
        raise _refuse("player", "bad_value", tr("%(player)s is at the table.", player=name), player=name)
    out = {**record, "away": [n for n in away if n != name]}
    if not out["away"]:
        del out["away"]
    return out
