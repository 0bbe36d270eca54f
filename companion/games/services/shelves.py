"""Where a game sits: the list, the archive (hidden) or the trash (deleted,
restorable until the trash is emptied).
"""

from __future__ import annotations

from sqlalchemy import func, update

from companion.games.models import GameRow, RoundRow
from companion.games.services.store import NotFound, _players_lines
from companion.games.signals import tell_games_dropped
from companion.store.db import db
from companion.store.tx import changed_rows, transaction


def _shelve(game_id: int, shelf: str, allowed: tuple[str, ...]) -> None:
    with transaction():
        done = changed_rows(db.session.execute(
            update(GameRow).where(GameRow.id == game_id, GameRow.shelf.in_(allowed))
            .values(shelf=shelf, shelved_at=func.now(), revision=GameRow.revision + 1)
            .execution_options(synchronize_session=False)
        ))
        if done != 1:
            raise NotFound(f"no game {game_id}")
        _players_lines(game_id)


def archive_game(game_id: int, archived: bool = True) -> None:
    """Hide a game from the list (``archived``) or bring it back.

    :raises NotFound: no such game (or it is in the trash).
    """
    if archived:
        _shelve(game_id, "archive", ("games",))
    else:
        _shelve(game_id, "games", ("archive",))


def trash_game(game_id: int) -> None:
    """Delete a game: it goes to the trash, from where it can be restored.

    :raises NotFound: no such game (or it is in the trash already).
    """
    _shelve(game_id, "trash", ("games", "archive"))


def restore_game(game_id: int) -> None:
    """Take a game out of the trash, back into the list.

    :raises NotFound: no such game in the trash.
    """
    _shelve(game_id, "games", ("trash",))


def empty_trash() -> int:
    """Delete every game in the trash for good, with its rounds.

    :return: how many games were deleted.
    """
    with transaction():
        ids = list(db.session.execute(db.select(GameRow.id).where(GameRow.shelf == "trash")).scalars())
        if ids:
            db.session.execute(db.delete(RoundRow).where(RoundRow.game_id.in_(ids)))
            db.session.execute(db.delete(GameRow).where(GameRow.id.in_(ids)))
    if ids:
        tell_games_dropped(*ids)
    return len(ids)
