"""League matches: a club night run as a match between two teams.

A match is a fixed list of games (singles: one player of each team; doubles:
two of each, partners opposite), each an ordinary game of the night; the team
that wins more games wins the match, and the league gives points for it. The
formats are those of ``rules-families.md`` section 3, "League match formats"
(sources as ``docs/sources.md`` names them):

* Solihull & Warwickshire District Domino League
  (https://domino-league.co.uk/rules): 9 games a match, 6 singles and 3
  doubles; 3 league points for the match winner, 1 for a loser who keeps it
  to 5–4. Doubles are played "twice round" to 121.
* Leek Domino League (http://www.leekdominoleague.org.uk/rules1.html): 2
  points for winning the match and 1 for each game won; singles to 61,
  doubles to 121. Its page does not say how many games a match has: the
  night gives its singles and doubles.
* Northallerton & District league
  (http://www.spanglefish.com/NorthallertonandDistrictDominoLeague/index.asp?pageid=587983):
  8 four-handed games, 4 of straight dominoes (All Fives) and 4 of Fives and
  Threes. The brief gives no league points for it: the match is won in games.

A drawn match (as many games each) gives neither team the match points: the
sources do not say, a league decides.

Pure Python: :func:`lineup` (the games of a match), :func:`match_result`
(the score in games, the winner, the league points).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from companion.rules.errors import N_

ALL_FIVES = "all_fives"
FIVES_THREES = "fives_threes"

SOLIHULL = "Solihull & Warwickshire District Domino League (https://domino-league.co.uk/rules)"
LEEK = "Leek Domino League (http://www.leekdominoleague.org.uk/rules1.html)"
NORTHALLERTON = ("Northallerton & District league (http://www.spanglefish.com/"
                 "NorthallertonandDistrictDominoLeague/index.asp?pageid=587983)")

TWICE_ROUND: Mapping[str, Any] = MappingProxyType({"target_score": 121})
"""Doubles of the leagues: to 121, twice round the board (Leek; Solihull &
Warwickshire)."""

MOST_GAMES = 20
"""Games a match given by the night (Leek) may have at most."""


@dataclass(frozen=True)
class MatchGame:
    """One game of a match.

    :ivar number: 1-based, the match's order.
    :ivar kind: the game played (a record's ``kind``: ``fives_threes``, ``all_fives``).
    :ivar size: players of each team: 1 (singles) or 2 (doubles, partners opposite).
    :ivar rules: rule values over the night's (doubles to 121), JSON.
    """

    number: int
    kind: str
    size: int
    rules: Mapping[str, Any] = field(default_factory=dict)

    @property
    def doubles(self) -> bool:
        """Two players of each team, in pairs."""
        return self.size == 2


@dataclass(frozen=True)
class MatchFormat:
    """How a league plays and scores a match.

    :ivar key: stable key (``"solihull"``).
    :ivar label: its name for players (an ``N_`` template).
    :ivar source: the league's rules page.
    :ivar kinds: the games a night of this format may be (its first, the night's kind).
    :ivar singles: singles games, or ``None`` when the night gives them (Leek).
    :ivar doubles: doubles games of the night's kind, or ``None`` likewise.
    :ivar other: doubles of another kind first, ``(kind, games)``: Northallerton's
        4 of straight dominoes.
    :ivar doubles_kind: the game of its doubles when the league names it
        (Northallerton's 4 of Fives and Threes), ``None``: the night's.
    :ivar doubles_rules: rule values of its doubles (to 121), JSON.
    :ivar win_points: league points for winning the match, or ``None`` when
        the league's points are not known (Northallerton).
    :ivar close_loss_points: league points for a loser by one game (5–4).
    :ivar points_per_game: league points for each game won.
    """

    key: str
    label: str
    source: str
    kinds: tuple[str, ...]
    singles: int | None
    doubles: int | None
    other: tuple[str, int] | None = None
    doubles_kind: str | None = None
    doubles_rules: Mapping[str, Any] = field(default_factory=dict)
    win_points: int | None = None
    close_loss_points: int = 0
    points_per_game: int = 0

    @property
    def fixed(self) -> bool:
        """The league says how many games a match has (else the night does)."""
        return self.singles is not None and self.doubles is not None


FORMATS: Mapping[str, MatchFormat] = MappingProxyType({
    "solihull": MatchFormat(
        "solihull", N_("Solihull & Warwickshire: 6 singles and 3 doubles, 3 points to the winner, "
                       "1 to a 5–4 loser"),
        SOLIHULL, (FIVES_THREES,), singles=6, doubles=3, doubles_rules=TWICE_ROUND,
        win_points=3, close_loss_points=1),
    "leek": MatchFormat(
        "leek", N_("Leek: 2 points for the match and 1 for each game won"),
        LEEK, (FIVES_THREES,), singles=None, doubles=None, doubles_rules=TWICE_ROUND,
        win_points=2, points_per_game=1),
    "northallerton": MatchFormat(
        "northallerton", N_("Northallerton: 8 four-handed games, 4 of All Fives and 4 of Fives and Threes"),
        NORTHALLERTON, (FIVES_THREES, ALL_FIVES), singles=0, doubles=4, other=(ALL_FIVES, 4),
        doubles_kind=FIVES_THREES),
})
"""The league match formats of the brief, by key."""


class MatchError(ValueError):
    """A match that cannot be: ``code`` says why (``bad_value``), ``field`` where."""

    def __init__(self, field_name: str, message: str) -> None:
        self.field = field_name
        super().__init__(message)


def lineup(fmt: MatchFormat, kind: str, singles: int | None = None, doubles: int | None = None
           ) -> tuple[MatchGame, ...]:
    """The games of a match, in order: singles first, then doubles (the other
    kind's doubles before the night's own: Northallerton's straight dominoes
    first).

    :param fmt: the league's format.
    :param kind: the night's game; must be one of ``fmt.kinds``.
    :param singles: singles games when the format leaves them to the night.
    :param doubles: doubles games likewise.
    :return: the games, numbered from 1 (Solihull & Warwickshire: 6 singles to
        the night's target, 3 doubles to 121; Northallerton: 4 All Fives then
        4 Fives and Threes, whichever of the two the night is).
    :raises MatchError: a kind the format is not played with; a count the
        night must give and did not, or out of 0–:data:`MOST_GAMES`; a match
        of no game.
    """
    if kind not in fmt.kinds:
        raise MatchError("kind", "this league's match is not played with this game")
    s = fmt.singles if fmt.singles is not None else singles
    d = fmt.doubles if fmt.doubles is not None else doubles
    for name, n in (("singles", s), ("doubles", d)):
        if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= MOST_GAMES:
            raise MatchError(name, f"{name}: a whole number from 0 to {MOST_GAMES}")
    assert s is not None and d is not None
    plan: list[tuple[str, int, Mapping[str, Any]]] = [(kind, 1, {})] * s
    if fmt.other is not None:
        plan += [(fmt.other[0], 2, {})] * fmt.other[1]
    plan += [(fmt.doubles_kind or kind, 2, fmt.doubles_rules)] * d
    if not plan or len(plan) > MOST_GAMES:
        raise MatchError("singles", f"a match has 1 to {MOST_GAMES} games")
    return tuple(MatchGame(i, k, size, dict(rules)) for i, (k, size, rules) in enumerate(plan, 1))


@dataclass(frozen=True)
class MatchResult:
    """Where a match stands.

    :ivar won: games won by each team, ``(first, second)``.
    :ivar played: games finished (a game without a winner counts for neither).
    :ivar games: games in the match.
    :ivar finished: every game is finished.
    :ivar winner: 0 or 1, the team that won the match once finished; ``None``
        before, or for a drawn match.
    :ivar league_points: ``(first, second)`` once finished; ``None`` before,
        or where the league's points are not known.
    """

    won: tuple[int, int]
    played: int
    games: int
    finished: bool
    winner: int | None
    league_points: tuple[int, int] | None


def league_points(fmt: MatchFormat, won: tuple[int, int]) -> tuple[int, int] | None:
    """League points of the two teams of a finished match.

    :param fmt: the league's format.
    :param won: games won by each team.
    :return: ``(first, second)``: Solihull & Warwickshire 5–4 → (3, 1), 6–3 →
        (3, 0); Leek 6–3 → (2 + 6, 3) = (8, 3); ``None`` where the league's
        points are not known (Northallerton). A drawn match gives only the
        points per game.
    :raises ValueError: a negative count of games.
    """
    a, b = won
    if a < 0 or b < 0:
        raise ValueError("games won cannot be negative")
    if fmt.win_points is None:
        return None
    out = [a * fmt.points_per_game, b * fmt.points_per_game]
    if a != b:
        winner, loser = (0, 1) if a > b else (1, 0)
        out[winner] += fmt.win_points
        if abs(a - b) == 1:
            out[loser] += fmt.close_loss_points
    return out[0], out[1]


def match_result(fmt: MatchFormat, games: int, winners: Sequence[int | None]) -> MatchResult:
    """The match after its finished games.

    :param fmt: the league's format.
    :param games: games in the match (:func:`lineup`'s length).
    :param winners: for each finished game, the team that won it (0 or 1), or
        ``None`` when nobody did (a tie the game's rules leave standing).
    :return: the score in games, and once all ``games`` are finished the
        winner and the league points (:func:`league_points`).
    :raises ValueError: more finished games than the match has, or a winner
        that is not 0, 1 or ``None``.
    """
    if len(winners) > games:
        raise ValueError(f"a match of {games} games")
    if any(w not in (0, 1, None) for w in winners):
        raise ValueError("a game is won by team 0 or 1")
    won = (sum(1 for w in winners if w == 0), sum(1 for w in winners if w == 1))
    finished = len(winners) == games
    winner = None if not finished or won[0] == won[1] else (0 if won[0] > won[1] else 1)
    return MatchResult(won, len(winners), games, finished, winner,
                       league_points(fmt, won) if finished else None)


def formats_for(kind: str) -> tuple[MatchFormat, ...]:
    """The formats a night of ``kind`` may be run as (none for the other games)."""
    return tuple(f for f in FORMATS.values() if kind in f.kinds)


def spread_tables(waiting: int, busy: Sequence[int] | set[int] | frozenset[int], tables: int) -> list[int]:
    """The table offered to each game of a match not yet started, in the
    match's order: the free tables first, lowest first, one game each, then
    the tables in play (the next games wait for them), round and round. Our
    own rule: the league pages say the games are played, not where; a
    captain with three tables plays games 1–3 at tables 1–3, then 4–6 there
    again.

    :param waiting: games not started yet (≥ 0).
    :param busy: table numbers a game of the match is playing at (1-based).
    :param tables: tables the club can set up (≥ 1); a busy table above it
        counts too (a captain may choose any table).
    :return: ``waiting`` table numbers (1-based), e.g. ``spread_tables(4,
        {1}, 3) == [2, 3, 1, 2]``.
    :raises ValueError: ``tables`` below 1 or ``waiting`` negative.
    """
    if tables < 1 or waiting < 0:
        raise ValueError("a match needs a table, and no fewer than no game waits")
    top = max([tables, *busy])
    order = [n for n in range(1, top + 1) if n not in busy] + [n for n in range(1, top + 1) if n in busy]
    return [order[i % len(order)] for i in range(waiting)]


__all__ = ["FORMATS", "MatchError", "MatchFormat", "MatchGame", "MatchResult", "formats_for", "league_points",
           "lineup", "match_result", "spread_tables"]
