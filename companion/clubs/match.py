"""A club night run as a league match between two teams: the match checked
when the night is made (:func:`check_match`) and where it stands
(:func:`match_view`: its games, who played them, the score in games, the
league points once every game is over). The league's rules are
:mod:`companion.rules.clubs.league`; each game of the match is an ordinary
game of the night (:mod:`companion.clubs.match_games` starts it).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.clubs.values import Event, TableGame
from companion.rules.clubs.league import (
    FORMATS,
    MatchError,
    MatchFormat,
    MatchGame,
    lineup,
    match_result,
    spread_tables,
)
from companion.rules.errors import Problems
from companion.rules.record.document import MAX_NAME
from companion.rules.stats.records import clean_name
from companion.web.i18n import gettext

TEAM_NAME_MOST = 40
"""Characters of a team's name."""

TEAM_MOST = 30
"""Players a team may name."""


def _count(value: Any) -> int | None:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().isascii() and value.strip().isdigit():  # not "²"
        return int(value.strip())
    return None


def check_match(data: Any, kind: Any, problems: Problems) -> dict[str, Any] | None:
    """A new night's ``match``, checked: ``{"format": key, "teams": [{"name",
    "players": [names]}, {…}], "singles"?, "doubles"?}`` (the counts only for a
    league that leaves them to the night: Leek).

    :return: the match as stored (names cleaned), or ``None`` when refused:
        problems added (``bad_value``) at ``match.format``, ``match.singles``,
        ``match.teams[i].name``, ``match.teams[i].players``.
    """
    if not isinstance(data, Mapping):
        problems.error("match", "bad_value", gettext("Choose one of the offered values."))
        return None
    fmt = FORMATS.get(data.get("format")) if isinstance(data.get("format"), str) else None
    if fmt is None or kind not in fmt.kinds:
        problems.error("match.format", "bad_value", gettext("Choose a league this game is played in."))
        return None
    singles, doubles = _count(data.get("singles")), _count(data.get("doubles"))
    try:
        games = lineup(fmt, kind, singles, doubles)
    except MatchError:
        problems.error("match.singles", "bad_value", gettext(
            "Give the singles and doubles of the match: whole numbers, %(most)s games at most.", most=20))
        return None
    teams = _check_teams(data.get("teams"), 2 if any(g.doubles for g in games) else 1, problems)
    if teams is None:
        return None
    out: dict[str, Any] = {"format": fmt.key, "teams": teams}
    if not fmt.fixed:
        out.update(singles=singles, doubles=doubles)
    return out


def _check_teams(raw: Any, fewest: int, problems: Problems) -> list[dict[str, Any]] | None:
    """Two teams, each a name and its players (at least ``fewest``), nobody in both."""
    if not isinstance(raw, list) or len(raw) != 2 or not all(isinstance(t, Mapping) for t in raw):
        problems.error("match.teams", "bad_value", gettext("A match is between two teams."))
        return None
    teams: list[dict[str, Any]] = []
    for i, team in enumerate(raw):
        name = clean_name(team.get("name")) if isinstance(team.get("name"), str) else ""
        if not name or len(name) > TEAM_NAME_MOST:
            problems.error(f"match.teams[{i}].name", "bad_value", gettext(
                "Give each team a name of at most %(most)s characters.", most=TEAM_NAME_MOST))
        raw_players = team.get("players")
        players = [clean_name(n) for n in raw_players if isinstance(n, str) and clean_name(n)] if isinstance(
            raw_players, list) else []
        players = list(dict.fromkeys(players))
        if len(players) < fewest or len(players) > TEAM_MOST or any(len(n) > MAX_NAME for n in players):
            problems.error(f"match.teams[{i}].players", "bad_value", gettext(
                "Name the team's players, one a line: %(fewest)s to %(most)s.", fewest=fewest, most=TEAM_MOST))
        teams.append({"name": name, "players": players})
    if problems.errors:
        return None
    if teams[0]["name"].casefold() == teams[1]["name"].casefold():
        problems.error("match.teams[1].name", "bad_value", gettext("The two teams need different names."))
        return None
    both = {n.casefold() for n in teams[0]["players"]} & {n.casefold() for n in teams[1]["players"]}
    if both:
        problems.error("match.teams[1].players", "bad_value", gettext(
            "Nobody plays for both teams: %(names)s.", names=", ".join(sorted(both))))
        return None
    return teams


# ---------------------------------------------------------------- where the match stands


@dataclass(frozen=True)
class MatchGameView:
    """One game of the match as the pages show it.

    :ivar game: the league's game (number, kind, singles or doubles).
    :ivar table: the night's game once started, else ``None``.
    :ivar sides: the players of each team at it, ``(first, second)``.
    :ivar winner: 0 or 1 once finished with a winner, else ``None``.
    :ivar totals: each team's total in the game (points), ``(first, second)``.
    """

    game: MatchGame
    table: TableGame | None
    sides: tuple[tuple[str, ...], tuple[str, ...]]
    winner: int | None
    totals: tuple[int | None, int | None]

    @property
    def started(self) -> bool:
        """The game is seated (playing or over)."""
        return self.table is not None

    @property
    def finished(self) -> bool:
        """The game is over."""
        return self.table is not None and self.table.finished


@dataclass(frozen=True)
class MatchView:
    """The match of a night.

    :ivar format: the league's format.
    :ivar names: the two teams' names.
    :ivar players: each team's players.
    :ivar games: every game of the match, in order.
    :ivar won: games won by each team.
    :ivar finished: every game is over.
    :ivar winner: 0 or 1 once finished (``None``: not yet, or a drawn match).
    :ivar league_points: each team's league points once finished (``None``
        before, or where the league's points are not known).
    """

    format: MatchFormat
    names: tuple[str, str]
    players: tuple[tuple[str, ...], tuple[str, ...]]
    games: tuple[MatchGameView, ...]
    won: tuple[int, int]
    finished: bool
    winner: int | None
    league_points: tuple[int, int] | None

    def offered_tables(self, tables: int) -> dict[int, int]:
        """The table offered to each game not started yet, by its number:
        the free tables spread over the next games, then the tables in play
        again (:func:`~companion.rules.clubs.league.spread_tables`).

        :param tables: tables the club can set up (the night's ``tables``).
        :return: ``{game number: table number}``, e.g. with nothing started
            and 3 tables, games 1–9 at tables 1, 2, 3, 1, 2, 3, 1, 2, 3.
        """
        busy = {g.table.table_no for g in self.games if g.table is not None and not g.table.finished}
        waiting = [g.game.number for g in self.games if g.table is None]
        return dict(zip(waiting, spread_tables(len(waiting), busy, max(1, tables)), strict=True))

    def as_json(self) -> dict[str, Any]:
        """The match for ``GET /api/events/<id>`` (``match``)."""
        return {
            "format": self.format.key,
            "teams": [{"name": n, "players": list(p)} for n, p in zip(self.names, self.players, strict=True)],
            "games": [{"number": g.game.number, "kind": g.game.kind,
                       "players_a_side": g.game.size, "rules": dict(g.game.rules),
                       "game": g.table.game_id if g.table else None,
                       "status": g.table.status if g.table else "not_started",
                       "sides": [list(s) for s in g.sides], "totals": list(g.totals), "winner": g.winner}
                      for g in self.games],
            "won": list(self.won), "finished": self.finished, "winner": self.winner,
            "league_points": list(self.league_points) if self.league_points is not None else None,
        }


def games_of(match: Mapping[str, Any], kind: str) -> tuple[MatchGame, ...]:
    """The games of a stored match.

    :raises MatchError: a stored match no longer valid (not reached for one
        :func:`check_match` stored).
    """
    return lineup(FORMATS[match["format"]], kind, match.get("singles"), match.get("doubles"))


def match_view(ev: Event) -> MatchView | None:
    """Where the night's match stands, or ``None`` for an ordinary night.

    Each game of the match is the night's game of the same number; its
    winner is the team of the player (or pair) ranked first at its end.
    """
    if ev.match is None:
        return None
    match = ev.match
    names = (str(match["teams"][0]["name"]), str(match["teams"][1]["name"]))
    players = (tuple(match["teams"][0]["players"]), tuple(match["teams"][1]["players"]))
    tables = {t.number: t for _, played in ev.season for t in played}
    views = [_game_view(g, tables.get(g.number), players) for g in games_of(match, ev.kind)]
    result = match_result(FORMATS[match["format"]], len(views), [g.winner for g in views if g.finished])
    return MatchView(FORMATS[match["format"]], names, players, tuple(views), result.won, result.finished,
                     result.winner, result.league_points)


def _team_of(name: str, players: Sequence[Sequence[str]]) -> int | None:
    return next((i for i, team in enumerate(players) if name in team), None)


def _game_view(game: MatchGame, table: TableGame | None,
               players: tuple[tuple[str, ...], tuple[str, ...]]) -> MatchGameView:
    if table is None:
        return MatchGameView(game, None, ((), ()), None, (None, None))
    sides: tuple[list[str], list[str]] = ([], [])
    for name in table.players:
        team = _team_of(name, players)
        if team is not None:
            sides[team].append(name)
    total = {s["player"]: s.get("total") for s in table.standings}
    totals = tuple(next((total.get(n) for n in side if total.get(n) is not None), None) for side in sides)
    winner = None
    if table.finished:
        first = {_team_of(s["player"], players) for s in table.standings if s.get("rank") == 1}
        winner = first.pop() if len(first) == 1 else None
    return MatchGameView(game, table, (tuple(sides[0]), tuple(sides[1])), winner,
                         (totals[0], totals[1]))


__all__ = ["MatchGameView", "MatchView", "check_match", "games_of", "match_view"]
