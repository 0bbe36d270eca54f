"""The leaderboard: players' counts over many games, ranked by the share won.

A :class:`Tally` is what a database can sum in one query over the players'
lines (:class:`~.stats.PlayerGame`); :func:`leaderboard` ranks the tallies of
players with at least a minimum number of finished games. Nothing re-runs the
rules engine.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from companion.rules.stats.records import NO_FILTERS, Filters, PlayerGame


@dataclass(frozen=True)
class Tally:
    """A player's counts over many games (what a database can sum in one query).

    :ivar player: the name.
    :ivar games: finished games played.
    :ivar wins: wins, shared ones included.
    :ivar shared_wins: shared first places.
    :ivar place_sum: the sum of the places of the games with a place.
    :ivar placed: games with a place (not left early).
    :ivar rounds: rounds played.
    :ivar rounds_out: rounds gone out.
    """

    player: str
    games: int
    wins: int
    shared_wins: int = 0
    place_sum: int = 0
    placed: int = 0
    rounds: int = 0
    rounds_out: int = 0

    @property
    def share_won(self) -> float:
        """Games won ÷ games played (0.0-1.0; 0.0 without games)."""
        return self.wins / self.games if self.games else 0.0

    @property
    def average_place(self) -> float | None:
        """The mean place over games with a place; ``None`` without one."""
        return self.place_sum / self.placed if self.placed else None


def tally(player: str, lines: Iterable[PlayerGame], filters: Filters = NO_FILTERS) -> Tally:
    """Count a player's finished games that pass ``filters`` into a :class:`Tally`."""
    mine = [g for g in lines if g.player == player and g.finished and filters.matches(g)]
    return Tally(
        player=player,
        games=len(mine),
        wins=sum(1 for g in mine if g.won),
        shared_wins=sum(1 for g in mine if g.shared_win),
        place_sum=sum(g.rank for g in mine if g.rank is not None),
        placed=sum(1 for g in mine if g.rank is not None),
        rounds=sum(g.rounds_played for g in mine),
        rounds_out=sum(g.rounds_out for g in mine),
    )


@dataclass(frozen=True)
class LeaderRow:
    """One line of the leaderboard.

    :ivar place: the place (shared by equal share won and wins: 1, 1, 3).
    :ivar tally: the player's counts.
    """

    place: int
    tally: Tally


def fitting_minimum(tallies: Iterable[Tally], wanted: int) -> int:
    """The minimum of finished games the leaderboard applies: ``wanted`` when
    somebody has played that many, else the most any player has (a new group
    of friends with two games each sees its two-game table, not an empty one).

    :param tallies: one :class:`Tally` per player.
    :param wanted: the minimum asked for (at least 1).
    :return: ``wanted``, or the largest ``games`` of the tallies when that is
        smaller (and above 0); ``wanted`` when nobody has a finished game.
    """
    most = max((t.games for t in tallies), default=0)
    return most if 0 < most < wanted else max(wanted, 1)


def leaderboard(tallies: Iterable[Tally], min_games: int = 5) -> list[LeaderRow]:
    """Players with at least ``min_games`` games, best first.

    Order: share of games won (higher first), then games won, then average
    place (lower first), then name (alphabetically, case-blind); players equal
    on the first three share a place.

    :param tallies: one :class:`Tally` per player.
    :param min_games: fewest finished games to be listed (at least 1).
    :return: the rows in order.
    """
    floor = max(min_games, 1)
    listed = [t for t in tallies if t.games >= floor]

    def merit(t: Tally) -> tuple[float, int, float]:
        avg = t.average_place
        return (-t.share_won, -t.wins, avg if avg is not None else float("inf"))

    listed.sort(key=lambda t: (merit(t), t.player.casefold(), t.player))
    rows: list[LeaderRow] = []
    for i, t in enumerate(listed):
        same = bool(rows) and merit(rows[-1].tally) == merit(t)
        rows.append(LeaderRow(rows[-1].place if same else i + 1, t))
    return rows
