"""Fives and Threes: league matches, for club nights.

A match of several games between two teams, as a league scores it
(:class:`MatchFormat`, :data:`MATCH_FORMATS`, :func:`league_points`): not
the engine of one game.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ...errors import N_
from .rules import _LEEK

# ---------------------------------------------------------------- league matches


@dataclass(frozen=True)
class MatchFormat:
    """How a league scores a match of several games between two teams.

    :ivar key: stable key. :ivar label: the name shown (marked for translation).
    :ivar source: the league's rules page.
    :ivar games: games in a match, or ``None`` where the source does not say.
    :ivar win_points: league points for winning the match.
    :ivar close_loss_points: league points for a loser who keeps it to one game
        (5–4 in a match of 9).
    :ivar points_per_game: league points for each game won.
    """

    key: str
    label: str
    source: str
    games: int | None
    win_points: int
    close_loss_points: int = 0
    points_per_game: int = 0


MATCH_FORMATS: Mapping[str, MatchFormat] = {
    "solihull": MatchFormat("solihull", N_("Solihull & Warwickshire: 9 games, 3 points, 1 for a 5–4 loss"),
                            "Solihull & Warwickshire District Domino League (https://domino-league.co.uk/rules)",
                            games=9, win_points=3, close_loss_points=1),
    "leek": MatchFormat("leek", N_("Leek: 2 points for the match, 1 per game won"), _LEEK,
                        games=None, win_points=2, points_per_game=1),
}
"""League match formats of the brief (section 3), for club nights."""


def league_points(fmt: MatchFormat, won: Mapping[str, int]) -> dict[str, int]:
    """League points of the two teams of a match.

    :param fmt: the league's format.
    :param won: games won by each of the two teams.
    :return: league points by team; a drawn match gives neither team the
        match points (the sources do not say; a league decides).
    :raises ValueError: for other than two teams, or more games than the match has.
    """
    if len(won) != 2:
        raise ValueError("a match is between two teams")
    if fmt.games is not None and sum(won.values()) > fmt.games:
        raise ValueError(f"a match has {fmt.games} games")
    (a, ga), (b, gb) = won.items()
    out = {a: ga * fmt.points_per_game, b: gb * fmt.points_per_game}
    if ga != gb:
        winner, loser = (a, b) if ga > gb else (b, a)
        out[winner] += fmt.win_points
        if abs(ga - gb) == 1:
            out[loser] += fmt.close_loss_points
    return out
