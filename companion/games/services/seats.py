"""Who sits at a game under way: a player joins, leaves the table, comes back.

The record is rewritten by :mod:`companion.rules.joining`, checked whole by
the engine, and stored with every result derived again, through the one way a
game is changed (:mod:`.change`). A newcomer seated between two others moves the
later seats' phone links and entries one seat on, so every phone keeps its
player.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.games.services.change import _change, _Tail, _Write
from companion.games.services.games import get_game
from companion.games.services.store import (
    _players_lines,
    _remember_players,
    game_row,
    head_of,
    store_results,
)
from companion.games.services.values import Conflicted, GameView, table_of
from companion.games.signals import tell_seats_moved
from companion.rules import Game, RecordError, joining, read_game
from companion.rules.errors import Problem
from companion.web.i18n import gettext


def add_player(game_id: int, name: Any, after: str | None = None) -> GameView:
    """Seat ``name`` clockwise after ``after`` (after the last seat when
    ``None``) in a game under way; they play from the next round, starting
    from the total the rule ``late_join`` gives.

    :raises RecordError: ``game_finished``, ``bad_value`` (no name, a name too
        long), ``duplicate_player``, ``unknown_player`` (``after``),
        ``too_many_players``; nothing changes.
    :raises NotFound: no such game.
    """
    return _reseat(game_id, lambda record: joining.join(record, name, after))


def leave_table(game_id: int, name: str) -> GameView:
    """``name`` leaves the table: the rounds to come neither deal to them nor
    let them start, and the round entry marks them as sitting out.

    :raises RecordError: ``game_finished``, ``unknown_player``, ``bad_value``
        (already away), ``too_few_players`` (fewer than two would stay).
    :raises NotFound: no such game.
    """
    return _reseat(game_id, lambda record: joining.leave(record, name))


def come_back(game_id: int, name: str) -> GameView:
    """``name``, who left the table, plays again from the next round.

    :raises RecordError: ``game_finished``, ``unknown_player``, ``bad_value`` (not away).
    :raises NotFound: no such game.
    """
    return _reseat(game_id, lambda record: joining.come_back(record, name))


def _reseat(game_id: int, rewrite: Callable[[dict[str, Any]], dict[str, Any]]) -> GameView:
    """Rewrite the game's record and store it, as every change of a game is
    made (:func:`.change._change`: the engine outside the write lock, the
    write claiming the revision read, the last try holding the lock)."""

    def decide(tail: _Tail) -> _Write[None]:
        if tail.row.status == "finished":
            raise RecordError([Problem("", "game_finished", gettext("This game is over."))])
        before = table_of(head_of(tail.row))
        record = rewrite({**before.as_dict(), "rounds": [dict(r.data) for r in tail.rounds]})
        game = read_game(record, confirm=True)
        if not isinstance(game, Game):  # a kind read by its own module seats nobody anew
            raise RecordError([Problem("", "bad_value", gettext(
                "Players cannot join or leave this kind of game."))])
        return _Write(lambda _claimed: _store(game_id, before.players, record, game))

    if isinstance(_change(game_id, 1, decide), Conflicted):
        raise RecordError([Problem("", "edit_conflict",
                                   gettext("The game was just changed from another device."))])
    return get_game(game_id)


def _store(game_id: int, seated: tuple[str, ...], record: dict[str, Any], game: Game) -> None:
    row = game_row(game_id)
    head = game.table.as_dict()
    row.away = head.get("away")
    new = [n for n in head["players"] if n not in seated]
    if new:
        row.players = head["players"]
        for r in row.rounds:
            r.data = record["rounds"][r.number - 1]
            r.version += 1
        tell_seats_moved(game_id, head["players"].index(new[0]))
        _remember_players(new)
    store_results(row, game)
    _players_lines(game_id)
