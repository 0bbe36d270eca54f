"""The service layer: every read and every change of a stored game.

A change is checked by the rules engine once, when it is written, and what the
engine derives is stored beside it (:mod:`companion.rules.state`): each round's points and
running totals, the game's standings, status, winners and next round. Reading
a game or a list is then a query or two and no engine run (:mod:`.values`).

A change reads what it needs, runs the engine outside any write lock, then
writes in one short transaction (:func:`.tx.transaction`) that first claims the
game's revision it read; when another device changed the game meanwhile the
claim fails and the change is worked out again on the new state (the last try
holds the game's lock throughout). Saving round n checks that round only and
costs work in the players, a correction of round k replays the stored points of
rounds k+1..n.

Views map what comes back: values (:class:`~.values.Saved`,
:class:`~.values.AlreadySaved`, :class:`~.values.Conflicted`) and the
exceptions :class:`~companion.rules.RecordError` (422) and :class:`NotFound` (404).

The package by concept: :mod:`.games` (create, read, recheck), :mod:`.listing`
(the history's pages), :mod:`.rounds` (add, correct, delete a round),
:mod:`.shelves` (archive, trash), :mod:`.change` (how one game is changed),
:mod:`.store` (storing derived results), :mod:`.stamp` (the number that
moves with every change of the games or the roster, under which the lists are
kept), :mod:`.tx` (the one transaction helper), :mod:`.values` (what comes back).
"""

from __future__ import annotations

from companion.games.services.ending import finish_game
from companion.games.services.games import (
    create_game,
    create_games,
    game_revision,
    game_stamp,
    get_game,
    recheck,
    sheet_identity,
    store_games,
)
from companion.games.services.listing import (
    MAX_PAGE,
    MAX_PER_PAGE,
    GameQuery,
    game_ids,
    known_players,
    list_games,
    recent_groups,
)
from companion.games.services.rounds import (
    add_round,
    body_hash,
    delete_last_round,
    replace_round,
    round_for_key,
)
from companion.games.services.shelves import (
    archive_game,
    empty_trash,
    restore_game,
    trash_game,
)
from companion.games.services.stamp import history_stamp
from companion.games.services.store import SHELVES, NotFound, head_of, store_results
from companion.games.services.values import (
    AlreadySaved,
    Conflicted,
    Deleted,
    GameSummary,
    GameView,
    Page,
    Recheck,
    RoundView,
    Saved,
)
from companion.rules.state import SCORING_VERSION
from companion.rules.state import check_round_at as check_round
from companion.store.tx import one_read, transaction

__all__ = [
    "AlreadySaved", "Conflicted", "Deleted", "GameQuery", "GameSummary", "GameView", "MAX_PAGE",
    "MAX_PER_PAGE", "NotFound", "Page", "Recheck", "RoundView", "SCORING_VERSION", "SHELVES",
    "Saved", "add_round", "archive_game", "body_hash", "check_round", "create_game", "create_games",
    "delete_last_round", "empty_trash", "finish_game", "game_ids", "game_revision", "game_stamp", "get_game", "head_of",
    "history_stamp",
    "known_players", "list_games", "recheck", "replace_round", "restore_game", "round_for_key", "sheet_identity",
    "one_read", "recent_groups", "store_games", "store_results", "transaction", "trash_game",
]
