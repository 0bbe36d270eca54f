"""Head to head: two or more players' record in the games they played together.

Folds the players' lines (:class:`~.stats.PlayerGame`, written from stored
results) of the games they all finished: who finished ahead of whom how often
and by how much on average. Who wins each kind of game is
:func:`~.stats.highest_wins`'s (docs/sources.md); nothing re-runs the rules
engine.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from companion.rules.stats.records import NO_FILTERS, Filters, PlayerGame, highest_wins


@dataclass(frozen=True)
class Matchup:
    """One player against another over the games both finished in.

    :ivar player: the first player.
    :ivar other: the second.
    :ivar games: finished games both played (both with a place).
    :ivar ahead: games ``player`` finished ahead of ``other``.
    :ivar behind: games ``player`` finished behind.
    :ivar level: games they shared a place.
    :ivar margin: the sum, over those games, of how many points ``player``
        finished better than ``other`` (their totals' difference, positive when
        ``player`` did better: a lower total in Mexican Train, a higher one
        otherwise).
    """

    player: str
    other: str
    games: int = 0
    ahead: int = 0
    behind: int = 0
    level: int = 0
    margin: int = 0

    @property
    def average_margin(self) -> float | None:
        """Points ``player`` finished better than ``other`` per game (negative: worse)."""
        return self.margin / self.games if self.games else None


@dataclass(frozen=True)
class HeadToHead:
    """Two or more players' record in the games they all played.

    :ivar players: the players, as asked.
    :ivar games: finished games in which every one of them has a place.
    :ivar wins: per player, those games won (shared first places included).
    :ivar matchups: every ordered pair ``(a, b)`` with ``a != b``.
    """

    players: tuple[str, ...]
    games: int
    wins: Mapping[str, int]
    matchups: Mapping[tuple[str, str], Matchup]


def head_to_head(players: Sequence[str], lines: Iterable[PlayerGame], filters: Filters = NO_FILTERS) -> HeadToHead:
    """The record of ``players`` in the finished games where all of them have a
    place (a game one of them left early is not counted).

    :param players: two or more distinct names.
    :param lines: game lines of (at least) these players.
    :param filters: which games count.
    :raises ValueError: fewer than two players, or a name twice.
    """
    names = tuple(players)
    if len(names) < 2 or len(set(names)) != len(names):
        raise ValueError("head to head needs two or more different players")
    wanted = set(names)
    by_game: dict[int, dict[str, PlayerGame]] = {}
    for g in lines:
        if g.player in wanted and g.finished and g.rank is not None and filters.matches(g):
            by_game.setdefault(g.game_id, {})[g.player] = g
    together = [game for game in by_game.values() if len(game) == len(names)]
    wins = {n: sum(1 for game in together if game[n].won) for n in names}
    matchups: dict[tuple[str, str], Matchup] = {}
    for a in names:
        for b in names:
            if a == b:
                continue
            ahead = behind = level = margin = 0
            for game in together:
                ga, gb = game[a], game[b]
                assert ga.rank is not None and gb.rank is not None
                if ga.rank < gb.rank:
                    ahead += 1
                elif ga.rank > gb.rank:
                    behind += 1
                else:
                    level += 1
                diff = ga.total - gb.total
                margin += diff if highest_wins(ga.kind) else -diff
            matchups[(a, b)] = Matchup(a, b, len(together), ahead, behind, level, margin)
    return HeadToHead(names, len(together), wins, matchups)
