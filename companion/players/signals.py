"""What the players feature tells (or asks) the features above it (club
nights), as Flask's own signals are made (blinker). The players feature
never imports club nights: they connect here.

Each signal is sent with the sender ``"players"`` and named arguments,
inside the caller's transaction.
"""

from __future__ import annotations

from blinker import Namespace

_signals = Namespace()

players_merged = _signals.signal("players-merged")
"""Player ``source_id`` (int) becomes player ``target_id`` (int), inside the
merge's transaction, before ``source_id`` leaves the roster: what a feature
keeps of ``source_id`` moves to ``target_id``."""

event_of_game = _signals.signal("event-of-game")
"""Asked while the players' lines of game ``game_id`` (int) are written: a
receiver answers the id (int) of the club night the game is a table of, or
``None``."""

SENDER = "players"
"""The sender every players signal is sent with."""


def tell_players_merged(source_id: int, target_id: int) -> None:
    """Send :data:`players_merged` (inside the merge's transaction)."""
    players_merged.send(SENDER, source_id=source_id, target_id=target_id)


def ask_event_of_game(game_id: int) -> int | None:
    """The club night game ``game_id`` belongs to, as the receivers of
    :data:`event_of_game` answer (``None`` when none answers one)."""
    for _receiver, answer in event_of_game.send(SENDER, game_id=game_id):
        if answer is not None:
            return int(answer)
    return None
