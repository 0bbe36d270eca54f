"""Club nights in pairs (partnership dominoes, rules-families.md section 1):
the pairs of a game, the tables of two pairs, and the standings by pair.

Players either check in as a pair (they stay partners all night) or alone
(drawn into pairs afresh at every game, partners who already played together
kept apart where a swap allows). A table seats two pairs, partners opposite:
seats 1 and 3, seats 2 and 4 (docs/design.md "Teams"), so the seat list is
``[a1, b1, a2, b2]`` for pairs ``(a1, a2)`` and ``(b1, b2)``. A pair's place
in a game is its rank at its table; the standings by pair count games won,
then points (the pair's total in each game, pagat Partnership: the first
pair to the target wins). Pure: standard library only.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from companion.rules.clubs.seating import PairCounts, SeatingError, _avoid_repeats

PAIR_TABLE = 4
"""Players at a table of two pairs."""


def form_pairs(players: Sequence[str], fixed: Iterable[Sequence[str]], seed: int = 0,
               partnered: PairCounts | None = None) -> list[tuple[str, str]]:
    """The pairs of the next game: every fixed pair whose partners are both
    present, then the players present without one, shuffled by ``seed`` and
    paired in turn; a swap between two drawn pairs is made when it lowers how
    often the drawn partners already played together (``partnered``).

    :param players: the names present, each once.
    :param fixed: pairs checked in together (a pair with a partner absent
        leaves the other to the draw).
    :param seed: the draw's seed: the same arguments give the same pairs.
    :param partnered: ``{frozenset({a, b}): games played as partners}``.
    :return: the pairs, fixed ones first, in the order given.
    :raises SeatingError: ``duplicate_player``; ``bad_value`` when the
        players cannot all be paired (an odd count).
    """
    here = list(dict.fromkeys(players))
    if len(here) != len(players):
        raise SeatingError("duplicate_player", "a name is present twice")
    present = set(here)
    pairs: list[tuple[str, str]] = []
    paired: set[str] = set()
    for pair in fixed:
        a, b = pair[0], pair[1]
        if a in present and b in present and a != b and not {a, b} & paired:
            pairs.append((a, b))
            paired.update((a, b))
    singles = [p for p in here if p not in paired]
    if len(singles) % 2:
        raise SeatingError("bad_value", "an odd number of players cannot all be paired")
    rng = random.Random(seed)
    rng.shuffle(singles)
    drawn = [[singles[i], singles[i + 1]] for i in range(0, len(singles), 2)]
    if partnered and len(drawn) > 1:
        _avoid_repeats(drawn, partnered, None, rng)
    return pairs + [(a, b) for a, b in drawn]


def pair_name(pair: Sequence[str]) -> str:
    """A pair's name: its players joined by ``+`` in the order given
    (docs/design.md "Teams")."""
    return "+".join(pair)


def seat_pairs(pairs: Sequence[tuple[str, str]], available: int, seed: int = 0,
               met: PairCounts | None = None) -> list[list[str]]:
    """Tables of two pairs: the pairs shuffled by ``seed``, two to a table;
    where a swap allows, two pairs that already met are kept apart (``met``
    counts meetings of pairs by :func:`pair_name`).

    :param pairs: the game's pairs (:func:`form_pairs`).
    :param available: tables the club can set up.
    :return: each table's seats, partners opposite: ``[a1, b1, a2, b2]``.
    :raises SeatingError: ``too_few_players`` (fewer than two pairs),
        ``bad_value`` (an odd number of pairs: a pair would sit out),
        ``too_many_players`` (more tables than ``available``).
    """
    if len(pairs) < 2:
        raise SeatingError("too_few_players", "a table needs two pairs")
    if len(pairs) % 2:
        raise SeatingError("bad_value", "an odd number of pairs cannot all sit at tables of two pairs")
    if len(pairs) // 2 > available:
        raise SeatingError("too_many_players", "more pairs than the tables can seat")
    by_name = {pair_name(p): p for p in pairs}
    units = list(by_name)
    rng = random.Random(seed)
    rng.shuffle(units)
    tables = [[units[i], units[i + 1]] for i in range(0, len(units), 2)]
    if met and len(tables) > 1:
        _avoid_repeats(tables, met, None, rng)
    out = []
    for first, second in tables:
        (a1, a2), (b1, b2) = by_name[first], by_name[second]
        out.append([a1, b1, a2, b2])
    return out


def teams_of(seats: Sequence[str]) -> list[list[str]]:
    """The two pairs of a table of four: seats 1 and 3, seats 2 and 4."""
    if len(seats) != PAIR_TABLE:
        raise ValueError(f"a table of pairs seats {PAIR_TABLE}, not {len(seats)}")
    return [[seats[0], seats[2]], [seats[1], seats[3]]]


@dataclass(frozen=True)
class PairGame:
    """One pair's finished game at a club night.

    :ivar pair: the two names, as the game's ``teams`` gives them.
    :ivar rank: the pair's place at its table (1 or 2; ``None``: left).
    :ivar total: the pair's total (points).
    :ivar rounds: hands played.
    """

    pair: tuple[str, str]
    rank: int | None
    total: int
    rounds: int


@dataclass(frozen=True)
class PairStanding:
    """One pair's line in a night's standings by pair.

    :ivar place: the place (shared when games won and points are equal).
    :ivar pair: the two names.
    :ivar games: finished games played together.
    :ivar wins: games the pair won.
    :ivar points: the pair's totals added over those games.
    :ivar rounds: hands played.
    """

    place: int
    pair: tuple[str, str]
    games: int
    wins: int
    points: int
    rounds: int

    @property
    def name(self) -> str:
        """The pair's name (:func:`pair_name`)."""
        return pair_name(self.pair)

    def as_json(self) -> dict[str, object]:
        """``{"place", "pair", "name", "games", "wins", "points", "rounds"}``."""
        return {"place": self.place, "pair": list(self.pair), "name": self.name, "games": self.games,
                "wins": self.wins, "points": self.points, "rounds": self.rounds}


def pair_standings(games: Iterable[PairGame], fixed: Iterable[Sequence[str]] = ()) -> list[PairStanding]:
    """The standings by pair: the most games won first, then the most points,
    then the name; equal wins and points share a place. A pair is the same
    two players whichever order a game names them in; it keeps the first
    order seen.

    :param games: one :class:`PairGame` per pair per finished game.
    :param fixed: pairs checked in together, listed with nothing until they play.
    """
    acc: dict[frozenset[str], list[int]] = {}
    names: dict[frozenset[str], tuple[str, str]] = {}
    for pair in fixed:
        key = frozenset(pair)
        names.setdefault(key, (pair[0], pair[1]))
        acc.setdefault(key, [0, 0, 0, 0])
    for g in games:
        key = frozenset(g.pair)
        names.setdefault(key, g.pair)
        row = acc.setdefault(key, [0, 0, 0, 0])
        row[0] += 1
        row[1] += int(g.rank == 1)
        row[2] += g.total
        row[3] += g.rounds

    def order(key: frozenset[str]) -> tuple[object, ...]:
        games_, wins, points, _ = acc[key]
        return (0 if games_ else 1, -wins, -points)

    keys = sorted(acc, key=lambda k: (order(k), pair_name(names[k]).casefold()))
    out: list[PairStanding] = []
    for i, key in enumerate(keys):
        place = out[-1].place if out and order(frozenset(out[-1].pair)) == order(key) else i + 1
        out.append(PairStanding(place, names[key], *acc[key]))
    return out


def partnered_counts(teams: Iterable[Sequence[Sequence[str]]]) -> dict[frozenset[str], int]:
    """How often two players were partners: ``{frozenset({a, b}): games}``
    over games' ``teams``."""
    out: dict[frozenset[str], int] = {}
    for game in teams:
        for pair in game:
            key = frozenset(pair)
            out[key] = out.get(key, 0) + 1
    return out


def pairs_met(teams: Iterable[Sequence[Sequence[str]]]) -> dict[frozenset[str], int]:
    """How often two pairs met at a table, by :func:`pair_name`, over
    games' ``teams`` (for :func:`seat_pairs`)."""
    out: dict[frozenset[str], int] = {}
    for game in teams:
        if len(game) == 2:
            key = frozenset((pair_name(game[0]), pair_name(game[1])))
            out[key] = out.get(key, 0) + 1
    return out
