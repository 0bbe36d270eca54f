"""Seats and teams for the scoring-during-play families.

The direction of play, a team's name, :class:`Seating` (players in seat
order, partners opposite) read from a record by :func:`read_seating`, and a
player named in a round (:func:`read_player`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from ...errors import Problems, tr

# ---------------------------------------------------------------- seats and teams


class Direction(StrEnum):
    """Which way play passes (rule key ``direction``); ``players`` always
    lists the seats clockwise (rules-families.md section 0)."""

    CLOCKWISE = "clockwise"
    COUNTERCLOCKWISE = "counterclockwise"


def team_name(team: Sequence[str]) -> str:
    """A team's name: its players' names joined by ``+`` in the order given
    (``("Ana", "Chen")`` → ``"Ana+Chen"``; design.md, "Teams")."""
    return "+".join(team)


@dataclass(frozen=True)
class Seating:
    """Who sits where, and who scores together.

    A *side* is what a score belongs to: a player, or in a partnership game a
    team (named ``"Ana+Chen"``).

    :ivar players: the names in clockwise seat order.
    :ivar teams: two teams of two partners, or ``None`` when each plays alone.
    :ivar direction: the way play passes.
    """

    players: tuple[str, ...]
    teams: tuple[tuple[str, ...], ...] | None = None
    direction: Direction = Direction.CLOCKWISE

    @property
    def sides(self) -> tuple[str, ...]:
        """The sides in order: team names (first team first), else the players."""
        if self.teams is None:
            return self.players
        return tuple(team_name(t) for t in self.teams)

    def side_of(self, player: str) -> str:
        """The side ``player`` scores for: the team's name, or the player's own.

        :raises KeyError: for a name that is not at this table.
        """
        if player not in self.players:
            raise KeyError(player)
        if self.teams is None:
            return player
        return next(team_name(t) for t in self.teams if player in t)

    def members(self, side: str) -> tuple[str, ...]:
        """The players of ``side`` (one name for a player playing alone).

        :raises KeyError: for an unknown side.
        """
        if self.teams is None:
            if side not in self.players:
                raise KeyError(side)
            return (side,)
        for t in self.teams:
            if team_name(t) == side:
                return t
        raise KeyError(side)

    def next_player(self, player: str, steps: int = 1) -> str:
        """The player ``steps`` turns after ``player`` in the direction of play
        (clockwise: the next seat of ``players``)."""
        i = self.players.index(player)
        step = steps if self.direction is Direction.CLOCKWISE else -steps
        return self.players[(i + step) % len(self.players)]

    def opponents(self, side: str) -> tuple[str, ...]:
        """Every player not on ``side``, in seat order."""
        own = self.members(side)
        return tuple(p for p in self.players if p not in own)


def read_seating(
    record: Mapping[str, Any],
    problems: Problems,
    *,
    least: int,
    most: int,
    teams: str,
    direction: Direction = Direction.CLOCKWISE,
) -> Seating | None:
    """Read ``players`` and ``teams`` of a game record.

    :param least: fewest players (``too_few_players`` below it).
    :param most: most players (``too_many_players`` above it).
    :param teams: ``"required"`` (Texas 42), ``"optional"`` (four players may
        play in pairs) or ``"none"``.
    :return: the seating, or ``None`` when it cannot be read (problems added:
        ``bad_value``, ``duplicate_player``, ``unknown_player``; a team that is
        not two pairs of players at the table is ``bad_value`` here — the pairs
        issue's ``team_shape`` check is meant to run first when this is wired;
        partners side by side are accepted, see :func:`partners_opposite`).
    """
    players = _read_players(record.get("players"), problems, least=least, most=most)
    if players is None:
        return None
    raw_teams = record.get("teams")
    if raw_teams is None:
        if teams == "required":
            problems.error("teams", "bad_value",
                           tr("This game is played in two teams of two partners."))
            return None
        return Seating(players, None, direction)
    if teams == "none":
        problems.error("teams", "bad_value", tr("This game is not played in teams."))
        return None
    pairs = _read_teams(raw_teams, players, problems)
    if pairs is None:
        return None
    # Partners sitting side by side are a warning, not an error (brief section 0):
    # the pairs issue's team check gives it; see :func:`partners_opposite`.
    return Seating(players, pairs, direction)


def _read_players(raw: Any, problems: Problems, *, least: int, most: int) -> tuple[str, ...] | None:
    """``players`` of a game record: names, each seated once, ``least`` to
    ``most`` of them (said "exactly" when the two are equal); ``None`` (a
    problem added) otherwise."""
    if not isinstance(raw, list) or not all(isinstance(n, str) and n.strip() for n in raw):
        problems.error("players", "bad_value", tr("List the players by name, in seat order."))
        return None
    players = tuple(raw)
    seen: set[str] = set()
    for i, name in enumerate(players):
        if name in seen:
            problems.error(f"players[{i}]", "duplicate_player",
                           tr("%(name)s is seated twice.", name=name), name=name)
            return None
        seen.add(name)
    if least == most and len(players) != least:  # Texas 42: four, in two pairs (pagat 42)
        code = "too_few_players" if len(players) < least else "too_many_players"
        problems.error("players", code, tr("This game needs exactly %(n)s players.", n=least), least=least, most=most)
        return None
    if len(players) < least:
        problems.error("players", "too_few_players",
                       tr("This game needs at least %(least)s players.", least=least), least=least)
        return None
    if len(players) > most:
        problems.error("players", "too_many_players",
                       tr("This game takes at most %(most)s players.", most=most), most=most)
        return None
    return players


def _read_teams(raw_teams: Any, players: tuple[str, ...],
                problems: Problems) -> tuple[tuple[str, ...], ...] | None:
    """``teams`` of a game record: two pairs of the four ``players``, each
    player in one; ``None`` (a problem added) otherwise."""
    ok = (
        isinstance(raw_teams, list) and len(raw_teams) == 2 and len(players) == 4
        and all(isinstance(t, list) and len(t) == 2 for t in raw_teams)
    )
    if not ok:
        problems.error("teams", "bad_value",
                       tr("Teams are two pairs of partners, with four players at the table."))
        return None
    pairs = tuple(tuple(t) for t in raw_teams)
    named = [n for t in pairs for n in t]
    for i, t in enumerate(pairs):
        for j, name in enumerate(t):
            if name not in players:
                problems.error(f"teams[{i}][{j}]", "unknown_player" if isinstance(name, str) else "bad_value",
                               tr("%(name)s is not at this table.", name=name), name=name)
                return None
    if len(set(named)) != 4:
        problems.error("teams", "bad_value", tr("Each player belongs to one team."))
        return None
    return pairs


def partners_opposite(seating: Seating) -> bool:
    """True when each team's partners sit opposite (seats 1 and 3, 2 and 4),
    or when there are no teams; a record where they do not is still read
    (the warning belongs to the pairs issue's team check)."""
    return seating.teams is None or all(
        abs(seating.players.index(t[0]) - seating.players.index(t[1])) == 2 for t in seating.teams)


def read_player(value: Any, path: str, seating: Seating, problems: Problems) -> str | None:
    """A player's name at ``path``, or ``None`` with ``unknown_player``/``bad_value`` added."""
    if isinstance(value, str) and value in seating.players:
        return value
    problems.error(path, "unknown_player" if isinstance(value, str) else "bad_value",
                   tr("%(name)s is not at this table.", name=value), name=value)
    return None
