"""Ending a game now: the table stops where it stands (docs/design.md,
"Ending a game now"; issue 27)."""

from __future__ import annotations

from sqlalchemy import update

from companion.games.models import GameRow
from companion.games.services.games import get_game
from companion.games.services.store import (
    NotFound,
    _players_lines,
    game_row,
    head_of,
    store_results,
)
from companion.games.services.values import GameView
from companion.rules import Game, read_game
from companion.rules.family_game import end_family_now
from companion.rules.game import end_now
from companion.store.db import db
from companion.store.tx import changed_rows, transaction


def finish_game(game_id: int) -> GameView:
    """End game ``game_id`` where it stands, in one transaction: its status
    becomes ``finished``, its standings are ranked by the kind's own order
    (:func:`companion.rules.game.end_now`; a kind read by its own module,
    :func:`companion.rules.family_game.end_family_now`) and stored with the game, and the
    features that keep something of it (the players' lines) follow through
    :data:`companion.games.signals.games_changed`, inside the same write.

    :param game_id: the game's id.
    :return: the game as stored once ended.
    :raises NotFound: no such game (or it is in the trash).
    :raises RecordError: ``game_finished`` (over already) or
        ``nothing_played`` (no round yet); nothing changes.
    """
    with transaction():
        claimed = changed_rows(db.session.execute(
            update(GameRow).where(GameRow.id == game_id, GameRow.shelf != "trash")
            .values(revision=GameRow.revision + 1)
            .execution_options(synchronize_session=False)))
        if claimed != 1:
            raise NotFound(f"no game {game_id}")
        row = game_row(game_id)
        read = read_game({**head_of(row), "rounds": [r.data for r in row.rounds]}, confirm=True)
        game = end_now(read) if isinstance(read, Game) else end_family_now(read)
        row.ended_by_players = True
        store_results(row, game)
        _players_lines(game_id)
    return get_game(game_id)
