"""A player's summary as stored in :class:`~companion.players.models.PlayerSummaryRow`:
his whole record (:class:`~companion.rules.stats.records.PlayerStats`, every
finished game, no filter) as JSON, the latest :data:`HISTORY_KEPT` games of
his history kept, with the page's filter choices. Plain values in, plain
values out: no database here (companion/players/lines.py writes it). With
what one line adds to a player's tally (:class:`~companion.players.models.PlayerTallyRow`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import date
from typing import Any, Final

from companion.rules.stats.records import GameRef, PlayerGame, PlayerStats

HISTORY_KEPT: Final = 60
"""Games kept for the page's "totals over time" chart and the latest games:
the most recent ones (every game is in ``/players/<id>/games.csv``)."""


def _ref_json(g: GameRef | None) -> list[Any] | None:
    return None if g is None else [g.game_id, g.played_on.isoformat(), g.kind, g.total, g.rank, g.rule_set]


def _ref(v: Any) -> GameRef | None:
    """A stored game reference; one stored before the rule set was kept (five
    values) reads with the defaults' key."""
    if v is None:
        return None
    return GameRef(int(v[0]), date.fromisoformat(v[1]), v[2], int(v[3]), v[4], str(v[5]) if len(v) > 5 else "{}")


def summary_json(s: PlayerStats, choices: Mapping[str, list[Any]]) -> dict[str, Any]:
    """A player's whole record (every finished game, no filter) as stored in
    :class:`PlayerSummaryRow`: the counts, places, engine sums, best and worst
    game, streaks, the latest :data:`HISTORY_KEPT` games and the page's
    filter choices."""
    return {
        "games": s.games, "wins": s.wins, "shared_wins": s.shared_wins, "left": s.left,
        "rounds": s.rounds, "points": s.points, "rounds_out": s.rounds_out,
        "rounds_blocked": s.rounds_blocked, "double_blank": s.double_blank,
        "places": [[k, v] for k, v in sorted(s.places.items())],
        "engine_rounds": [[k, v] for k, v in sorted(s.engine_rounds.items())],
        "engine_points": [[k, v] for k, v in sorted(s.engine_points.items())],
        "best": _ref_json(s.best), "worst": _ref_json(s.worst),
        "current_streak": s.current_streak, "longest_streak": s.longest_streak,
        "history": [_ref_json(g) for g in s.history[-HISTORY_KEPT:]],
        "choices": dict(choices),
    }


def stats_from_summary(name: str, data: Mapping[str, Any]) -> tuple[PlayerStats, dict[str, list[Any]]]:
    """:class:`PlayerStats` (history: the latest :data:`HISTORY_KEPT` games) and
    the filter choices from a stored summary (:func:`summary_json`)."""
    stats = PlayerStats(
        player=name, games=data["games"], wins=data["wins"], shared_wins=data["shared_wins"],
        left=data["left"], rounds=data["rounds"], points=data["points"], rounds_out=data["rounds_out"],
        rounds_blocked=data["rounds_blocked"], double_blank=data["double_blank"],
        places={int(k): v for k, v in data["places"]},
        engine_rounds={int(k): v for k, v in data["engine_rounds"]},
        engine_points={int(k): v for k, v in data["engine_points"]},
        best=_ref(data["best"]), worst=_ref(data["worst"]),
        current_streak=data["current_streak"], longest_streak=data["longest_streak"],
        history=tuple(g for g in map(_ref, data["history"]) if g is not None),
    )
    return stats, dict(data["choices"])


def choices_of(lines: Iterable[PlayerGame]) -> dict[str, list[Any]]:
    """The kinds, sets and rule sets of finished games, for a page's filters:
    ``{"kinds": [...], "sets": [...], "rule_sets": [...]}``."""
    done = [g for g in lines if g.finished]
    return {"kinds": sorted({g.kind for g in done}), "sets": sorted({g.set_n for g in done}),
            "rule_sets": sorted({g.rule_set for g in done})}


TALLY_COUNTS: Final = ("games", "wins", "shared_wins", "place_sum", "placed", "rounds", "rounds_out")
"""The counts of a :class:`PlayerTallyRow`, summed over a group's lines."""


def tally_counts(line: PlayerGame) -> dict[str, int]:
    """What one finished game's line adds to its group's :class:`PlayerTallyRow`
    (``{count: n}`` over :data:`TALLY_COUNTS`; places as ranks, rounds as
    rounds played)."""
    return {"games": 1, "wins": int(line.rank == 1), "shared_wins": int(line.rank == 1 and line.firsts > 1),
            "place_sum": line.rank or 0, "placed": int(line.rank is not None),
            "rounds": line.rounds_played, "rounds_out": line.rounds_out}


__all__ = ["HISTORY_KEPT", "TALLY_COUNTS", "tally_counts", "choices_of", "stats_from_summary", "summary_json"]
