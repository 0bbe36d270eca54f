"""A player's record after one game's line changed, worked out from the
record alone (:func:`fold_line`): a change of constant size, whatever the
length of the player's history. :func:`~.records.player_stats` over every
line stays the reference; what cannot be worked out so is left to it.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import date

from companion.rules.stats.records import GameRef, PlayerGame, PlayerStats, highest_wins

_SUMS = ("wins", "shared_wins", "left", "rounds", "points", "rounds_out", "rounds_blocked", "double_blank")
"""The counts and sums of :class:`PlayerStats` that one line adds to."""


def _ref_of(line: PlayerGame) -> GameRef:
    return GameRef(line.game_id, line.played_on, line.kind, line.total, line.rank, line.rule_set)


def _quality(ref: GameRef) -> tuple[tuple[int, int], tuple[date, int]]:
    """:func:`~.records.player_stats`'s key for the best (smallest) and worst
    (largest) game: the place (a game left after every place), the total in
    the kind's direction, then the game's order."""
    place = ref.rank if ref.rank is not None else 1_000_000
    return ((place, -ref.total if highest_wins(ref.kind) else ref.total), (ref.played_on, ref.game_id))


def _add_to(counts: dict[int, int], key: int, by: int) -> None:
    value = counts.get(key, 0) + by
    if value:
        counts[key] = value
    else:
        counts.pop(key, None)


def _sums(stats: PlayerStats, old: PlayerGame | None, new: PlayerGame | None) -> PlayerStats:
    """``stats`` with the counts, sums, places and engine sums of ``old``
    taken away and those of ``new`` added (best, worst, streaks and history
    unchanged)."""
    sums = {name: getattr(stats, name) for name in _SUMS}
    places, engine_rounds, engine_points = dict(stats.places), dict(stats.engine_rounds), dict(stats.engine_points)
    for line, sign in ((old, -1), (new, 1)):
        if line is None:
            continue
        adds = (line.won, line.shared_win, line.left, line.rounds_played, line.points, line.rounds_out,
                line.rounds_blocked, line.double_blank)
        for name, value in zip(_SUMS, adds, strict=True):
            sums[name] += sign * int(value)
        if line.rank is not None:
            _add_to(places, line.rank, sign)
        for suit, pts in line.engines:
            _add_to(engine_rounds, suit, sign)
            engine_points[suit] = engine_points.get(suit, 0) + sign * pts
    return replace(
        stats, games=stats.games + (new is not None) - (old is not None), **sums,
        places=dict(sorted(places.items())), engine_rounds=dict(sorted(engine_rounds.items())),
        engine_points={s: engine_points.get(s, 0) for s in sorted(engine_rounds)},
    )


def _added(stats: PlayerStats, new: PlayerGame, keep: int) -> PlayerStats | None:
    """A game added: foldable only after the latest game (streaks run in date order)."""
    history = stats.history
    if history and (new.played_on, new.game_id) <= (history[-1].played_on, history[-1].game_id):
        return None
    ref = _ref_of(new)
    best = ref if stats.best is None or _quality(ref) < _quality(stats.best) else stats.best
    worst = ref if stats.worst is None or _quality(ref) > _quality(stats.worst) else stats.worst
    current = stats.current_streak + 1 if new.won else 0
    return replace(stats, best=best, worst=worst, current_streak=current,
                   longest_streak=max(stats.longest_streak, current), history=(*history, ref)[-keep:])


def _removed(stats: PlayerStats, old: PlayerGame, keep: int) -> PlayerStats | None:
    """A game taken away: foldable only when it was the latest game, a win
    that did not end the longest streak, neither the best nor the worst, and
    the kept history stays full."""
    history = stats.history
    if (not history or history[-1].game_id != old.game_id or not old.won
            or stats.current_streak >= stats.longest_streak
            or old.game_id in (getattr(stats.best, "game_id", None), getattr(stats.worst, "game_id", None))):
        return None
    if len(history) - 1 < min(stats.games, keep):  # ``stats.games``: already without the game
        return None
    return replace(stats, current_streak=stats.current_streak - 1, history=history[:-1])


def _corrected(stats: PlayerStats, old: PlayerGame, new: PlayerGame) -> PlayerStats | None:
    """The same game, same day, corrected: foldable when its win or loss
    stays, its best game does not get worse nor its worst game better."""
    if old.won != new.won:
        return None
    ref = _ref_of(new)
    best, worst = stats.best, stats.worst
    if best is not None and best.game_id == old.game_id:
        if _quality(ref) > _quality(best):
            return None
        best = ref
    elif best is None or _quality(ref) < _quality(best):
        best = ref
    if worst is not None and worst.game_id == old.game_id:
        if _quality(ref) < _quality(worst):
            return None
        worst = ref
    elif worst is None or _quality(ref) > _quality(worst):
        worst = ref
    return replace(stats, best=best, worst=worst,
                   history=tuple(ref if g.game_id == ref.game_id else g for g in stats.history))


def fold_line(stats: PlayerStats, old: PlayerGame | None, new: PlayerGame | None,
              keep: int) -> PlayerStats | None:
    """A player's record after one game's line changed, worked out from the
    record alone (not from the player's other lines).

    ``stats`` must be :func:`~.records.player_stats` of every line (no
    filter), except that :attr:`PlayerStats.history` may hold only the
    latest ``keep`` games (all of them when there are fewer). The answer
    keeps that shape: :func:`~.records.player_stats` of the lines with
    ``old`` replaced by ``new``, its history cut to the latest ``keep``.

    Always folded: the counts and sums, the places, the engine sums. Best,
    worst, streaks and the kept history are folded for a game added after
    the latest one, the latest game taken away when it was a win that did
    not end the longest streak (and neither the best nor the worst), and a
    correction that keeps the game's win or loss and neither makes its best
    game worse nor its worst game better. Anything else (a game added
    before the latest, an older game taken away, a win turned into a loss
    …) answers ``None``: the caller recounts from every line.

    :param stats: the player's record before the change.
    :param old: the player's line of the game before the change, ``None``
        when it had none (a line of a game not finished counts as none).
    :param new: the line after the change, ``None`` when it has none now
        (the game deleted, no longer finished, the player no longer seated).
    :param keep: how many of the latest games the history keeps (≥ 1).
    :return: the record after the change, or ``None`` when it must be recounted.
    :raises ValueError: ``old`` and ``new`` are lines of different games.
    """
    old = old if old is not None and old.finished else None
    new = new if new is not None and new.finished else None
    if old is None and new is None:
        return stats
    if old is not None and new is not None:
        if old.game_id != new.game_id:
            raise ValueError("old and new are lines of different games")
        if old.played_on != new.played_on:  # the game moved in time: out, then in again
            out = fold_line(stats, old, None, keep)
            return None if out is None else fold_line(out, None, new, keep)
    summed = _sums(stats, old, new)
    if summed.games == 0:
        return PlayerStats(player=stats.player)
    if old is None:
        assert new is not None
        return _added(summed, new, keep)
    if new is None:
        return _removed(summed, old, keep)
    return _corrected(summed, old, new)
