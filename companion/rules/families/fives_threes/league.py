"""Fives and Threes: league matches, for club nights.

The match formats and their league points are :mod:`companion.rules.clubs.league`
(a club night runs the match); this module offers the Fives and Threes
leagues' formats under the names the family has always given them
(:data:`MATCH_FORMATS`, :func:`league_points` by team name): not the engine
of one game. Sources: Solihull & Warwickshire District Domino League
(https://domino-league.co.uk/rules), Leek Domino League
(http://www.leekdominoleague.org.uk/rules1.html).
"""

from __future__ import annotations

from collections.abc import Mapping

from ...clubs.league import FORMATS, MatchFormat
from ...clubs.league import league_points as _points

MATCH_FORMATS: Mapping[str, MatchFormat] = {k: FORMATS[k] for k in ("solihull", "leek")}
"""The league match formats of the brief that score league points (section 3)."""


def league_points(fmt: MatchFormat, won: Mapping[str, int]) -> dict[str, int]:
    """League points of the two teams of a finished match, by team name.

    :param fmt: the league's format (one of :data:`MATCH_FORMATS`).
    :param won: games won by each of the two teams (Solihull & Warwickshire
        ``{"Red": 5, "Blue": 4}`` → ``{"Red": 3, "Blue": 1}``).
    :return: league points by team; a drawn match gives neither team the
        match points (the sources do not say; a league decides).
    :raises ValueError: for other than two teams, more games than a match
        of a fixed length has, or a league without known league points.
    """
    if len(won) != 2:
        raise ValueError("a match is between two teams")
    if fmt.fixed and sum(won.values()) > (fmt.singles or 0) + (fmt.doubles or 0) + (fmt.other or ("", 0))[1]:
        raise ValueError("more games than the match has")
    (a, ga), (b, gb) = won.items()
    points = _points(fmt, (ga, gb))
    if points is None:
        raise ValueError("this league's points are not known")
    return {a: points[0], b: points[1]}


__all__ = ["MATCH_FORMATS", "MatchFormat", "league_points"]
