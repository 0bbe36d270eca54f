"""A new game with the same players: "rematch" from a game's page."""

from __future__ import annotations

from flask import Blueprint, abort, redirect, url_for

from companion.games import services
from companion.rules import RecordError

bp = Blueprint("rematch", __name__)


def rematch_record(table) -> dict:
    """The record of a new game at the same table: the same kind, set, rules
    and seats (the pairs too), no rounds, and the first round started, or
    shaken in Texas 42, by the next player clockwise (one seat on from the
    last game's first starter or first shaker).

    :param table: the finished (or abandoned) game's table.
    :return: a game record (design.md) without rounds.
    """
    record = table.as_dict()
    record.pop("rounds", None)
    record.pop("away", None)  # a new game seats everybody again
    players = record["players"]
    for key in ("first_starter", "first_shaker"):
        first = record.get(key)
        if first in players:
            record[key] = players[(players.index(first) + 1) % len(players)]
    return record


@bp.post("/games/<int:game_id>/rematch")
def rematch(game_id: int):
    """Start the new game and open it."""
    try:
        game = services.get_game(game_id)
    except services.NotFound:
        abort(404)
    try:
        new = services.create_game(rematch_record(game.table), confirm=True)
    except RecordError:
        abort(409)
    return redirect(url_for("games.detail", game_id=new.id))


__all__ = ["bp", "rematch_record"]
