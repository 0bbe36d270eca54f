"""A player renamed (or merged) in a game in pairs: the names a game in
pairs keeps besides the seats (docs/design.md "Teams"; rules-families.md
section 1) written anew: the pairs, who led a hand, who went out, who made
the last play, the bonuses' player or pair, and the pairs' names
(``"Ana+Chen"``) in the stored points, totals and standings.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def _name(value: Any, old: set[str], new: str) -> Any:
    return new if isinstance(value, str) and value in old else value


def _team(value: Any, old: set[str], new: str) -> Any:
    """A pair's name, its players joined by ``+``, with the renamed player's part written anew."""
    if not isinstance(value, str):
        return value
    return "+".join(_name(part, old, new) for part in value.split("+"))


def _items(items: Any, old: set[str], new: str) -> Any:
    if not isinstance(items, list):
        return items
    out = []
    for item in items:
        if isinstance(item, Mapping):
            item = {**item, **{k: _name(item[k], old, new) for k in ("player",) if k in item},
                    **{k: _team(item[k], old, new) for k in ("team",) if k in item}}
        out.append(item)
    return out


def renamed_teams(teams: Any, old: set[str], new: str) -> Any:
    """A game's ``teams`` (two lists of two names) with the names written anew."""
    if not isinstance(teams, list):
        return teams
    return [[_name(n, old, new) for n in pair] if isinstance(pair, list) else pair for pair in teams]


def renamed_pairs_round(data: dict[str, Any], old: set[str], new: str) -> dict[str, Any]:
    """A hand's record in pairs: ``leader``, ``out``, ``locked_by``, ``bonuses``."""
    for key in ("leader", "out", "locked_by"):
        if key in data:
            data[key] = _name(data[key], old, new)
    if "bonuses" in data:
        data["bonuses"] = _items(data["bonuses"], old, new)
    return data


def renamed_pairs_result(result: dict[str, Any], old: set[str], new: str) -> dict[str, Any]:
    """A hand's stored result in pairs (its ``extra``: what the pairs'
    module derives): the pairs' points and totals by pair name, the winning
    pair, the scoring items."""
    if isinstance(result.get("extra"), Mapping):
        result["extra"] = renamed_pairs_result(dict(result["extra"]), old, new)
    for key in ("team_scores", "team_totals"):
        if isinstance(result.get(key), Mapping):
            result[key] = {_team(k, old, new): v for k, v in result[key].items()}
    for key in ("winner",):
        if key in result:
            result[key] = _team(result[key], old, new)
    if "items" in result:
        result["items"] = _items(result["items"], old, new)
    return result


def renamed_pairs_summary(summary: dict[str, Any], old: set[str], new: str) -> dict[str, Any]:
    """A game's stored summary in pairs: ``team_standings`` (each pair's
    players and name), the next hand's pair."""
    if isinstance(summary.get("team_standings"), list):
        summary["team_standings"] = [
            {**s, "team": renamed_teams([s.get("team")], old, new)[0], "name": _team(s.get("name"), old, new)}
            if isinstance(s, Mapping) else s for s in summary["team_standings"]]
    nxt = summary.get("next_round")
    if isinstance(nxt, dict) and "team" in nxt:
        nxt["team"] = _team(nxt["team"], old, new)
    return summary
