"""What the games feature tells the features above it (players, club nights,
phones, kept sheets), as Flask's own signals are made (blinker). A game
never calls those features: they connect here.

Each signal is sent with the sender ``"games"`` and named arguments. A
signal sent inside a write is sent inside its transaction, before the
commit: a receiver writes in the same transaction, so what it keeps of the
game cannot disagree with the game, and a receiver's error undoes the write.
"""

from __future__ import annotations

from blinker import Namespace

_signals = Namespace()

games_changed = _signals.signal("games-changed")
"""A game's stored results changed (a round saved, corrected, deleted or
undone; players seated; a game created, restored, moved to the trash or
back). Arguments: ``game_ids`` (tuple of int). Sent inside the write."""

seats_moved = _signals.signal("seats-moved")
"""A player was seated before others: every seat from ``seat`` (0-based, int)
on moved one place on in game ``game_id`` (int). Sent inside the write."""

games_dropped = _signals.signal("games-dropped")
"""Games left the store or its shelves for good (deleted, trash emptied):
``game_ids`` (tuple of int). Sent after the commit: what is kept of them
elsewhere (files) may go."""

games_seated_by_others = _signals.signal("games-seated-by-others")
"""Asked while the start page lists the groups that played before: among
``game_ids`` (tuple of int), a receiver answers the ids (a set of int) of the
games another feature seated (a club night's tables, drawn among strangers),
which are no group of their own to seat again."""

SENDER = "games"
"""The sender every games signal is sent with."""


def tell_games_changed(*game_ids: int) -> None:
    """Send :data:`games_changed` for ``game_ids`` (inside the caller's write)."""
    games_changed.send(SENDER, game_ids=tuple(game_ids))


def tell_seats_moved(game_id: int, seat: int) -> None:
    """Send :data:`seats_moved` (inside the caller's write)."""
    seats_moved.send(SENDER, game_id=game_id, seat=seat)


def tell_games_dropped(*game_ids: int) -> None:
    """Send :data:`games_dropped` (after the commit)."""
    games_dropped.send(SENDER, game_ids=tuple(game_ids))


def ask_games_seated_by_others(game_ids: tuple[int, ...]) -> set[int]:
    """The games among ``game_ids`` that another feature seated, as the
    receivers of :data:`games_seated_by_others` answer (an empty set when
    none is connected)."""
    found: set[int] = set()
    for _receiver, answer in games_seated_by_others.send(SENDER, game_ids=game_ids):
        found |= set(answer or ())
    return found
