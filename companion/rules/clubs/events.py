"""Club nights: the standings of an evening (or a season) across its tables.

Every table's game is an ordinary game; an event only adds its games' lines up
(:class:`~companion.rules.stats.PlayerGame`, from the stored results). The
event chooses its scoring (house rules of clubs and leagues; no document gives
them):

* ``place_points``: at a table of *n* players the 1st scores *n* points, the
  2nd *n* - 1, … the last 1; players sharing a place all score that place's
  points (two sharing 1st at a table of four score 4 each; the next is 3rd and
  scores 2); a player who left a game early scores 0 for it.
* ``points_per_round``: the game points a player scored per round played
  (their round points, without a late arrival's starting total), so tables
  that played different numbers of rounds compare. Lower is better in Mexican
  Train (lowest total wins, all the documents), higher in the classic games and
  picture dominoes ([RU]).
* ``wins``: games won (a shared first place counts as a win).

Tie-breaks (shown on the standings page, in this order): the event's scoring
first, then the other two measures in the order place points, wins, points per
round, then rounds gone out (more is better). Players still equal share a
place (1, 1, 3). In a game in pairs (partnership dominoes) partners share
their pair's place, so rounds gone out, which the pair wins together whoever
played the last tile, is no tie-break between them: it counts only for games
of single players.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Final

from companion.rules.kinds import EventScoring, ScoredBy, kind_spec
from companion.rules.stats.records import PlayerGame, highest_wins

SCORINGS: Final[tuple[str, ...]] = tuple(EventScoring)
"""The event scorings (see the module's text)."""

MEASURES: Final[tuple[str, ...]] = ("place_points", "wins", "points_per_round", "rounds_out")
"""Every measure of a standing, in the fixed order used after the event's own scoring."""


def place_points(rank: int | None, table_size: int) -> int:
    """Place points of one game: ``table_size - rank + 1``; 0 for a player who
    left early (``rank`` ``None``).

    :param rank: the place at the table (shared places repeat: 1, 1, 3).
    :param table_size: players with a place at that table.
    :raises ValueError: a rank outside 1..table_size.
    """
    if rank is None:
        return 0
    if not 1 <= rank <= table_size:
        raise ValueError(f"rank {rank} at a table of {table_size}")
    return table_size - rank + 1


def tie_breaks(scoring: str, in_pairs: bool = False) -> tuple[str, ...]:
    """The measures that order the standings, the event's scoring first.

    :param in_pairs: the games are played in pairs: rounds gone out (the
        pair's, whichever partner laid the last tile) is left out, so partners
        share their pair's place.
    :raises ValueError: an unknown scoring.
    """
    if scoring not in SCORINGS:
        raise ValueError(f"unknown event scoring {scoring!r}")
    rest = tuple(m for m in MEASURES if m != scoring and not (in_pairs and m == "rounds_out"))
    return (scoring,) + rest


@dataclass(frozen=True)
class EventStanding:
    """One player's line in an event's standings.

    :ivar place: the place (1, 1, 3 when equal on every measure).
    :ivar player: the name.
    :ivar games: games played in the event (finished ones).
    :ivar wins: games won (shared first places included).
    :ivar place_points: the sum of :func:`place_points` (points).
    :ivar rounds: rounds played.
    :ivar points: game points scored over those rounds.
    :ivar rounds_out: rounds gone out (a tie-break in games of single
        players only, see the module's text).
    """

    place: int
    player: str
    games: int
    wins: int
    place_points: int
    rounds: int
    points: int
    rounds_out: int

    @property
    def points_per_round(self) -> Fraction | None:
        """Game points per round played (exact); ``None`` without rounds."""
        return Fraction(self.points, self.rounds) if self.rounds else None


def event_standings(
    lines: Iterable[PlayerGame],
    scoring: str = EventScoring.PLACE_POINTS,
    roster: Sequence[str] = (),
) -> list[EventStanding]:
    """The standings of an event from its finished games' lines.

    :param lines: the :class:`PlayerGame` lines of the event's games (lines of
        unfinished games are left out: a table still playing counts once done).
    :param scoring: one of :data:`SCORINGS`.
    :param roster: who came; players of the roster without a finished game are
        listed last with nothing, sharing the last place.
    :return: the standings, best first (see the module's text for tie-breaks).
    :raises ValueError: an unknown scoring.
    """
    done = [g for g in lines if g.finished]
    lower_better = any(not highest_wins(g.kind) for g in done)
    # in pairs, going out is the pair's: never a tie-break between partners
    order = tie_breaks(scoring, any(kind_spec(g.kind).scored_by is ScoredBy.TEAM for g in done))
    acc: dict[str, list[int]] = {name: [0, 0, 0, 0, 0, 0] for name in roster}
    for g in done:
        row = acc.setdefault(g.player, [0, 0, 0, 0, 0, 0])
        row[0] += 1
        row[1] += int(g.won)
        row[2] += place_points(g.rank, g.ranked)
        row[3] += g.rounds_played
        row[4] += g.points
        row[5] += g.rounds_out

    def key(name: str) -> tuple[object, ...]:
        games, wins, pp, rounds, points, out = acc[name]
        ppr = Fraction(points, rounds) if rounds else None
        values: dict[str, object] = {
            "place_points": -pp,
            "wins": -wins,
            # No rounds: after everyone who played a round.
            "points_per_round": (1, Fraction(0)) if ppr is None else (0, ppr if lower_better else -ppr),
            "rounds_out": -out,
        }
        return (0 if games else 1,) + tuple(values.get(m, 0) for m in order)

    names = sorted(acc, key=lambda n: (key(n), n.casefold(), n))
    out: list[EventStanding] = []
    for i, name in enumerate(names):
        games, wins, pp, rounds, points, gone = acc[name]
        same = bool(out) and key(out[-1].player) == key(name)
        place = out[-1].place if same else i + 1
        out.append(EventStanding(place, name, games, wins, pp, rounds, points, gone))
    return out
