"""The player page's charts, drawn on the server as SVG numbers (no script, no CDN).

* :func:`engine_bars`: Mexican Train, the average points per round by engine
  double, 12-12 (or the set's highest) down to 0-0; an engine never played
  has no bar.
* :func:`totals_over_time`: the player's total of each finished game, oldest
  first, one dot per game, a line through them (one kind at a time: totals of
  different kinds do not compare).

The partial ``templates/players/_charts.html`` draws them; colours are classes
in ``static/app.css`` (so the Content-Security-Policy holds).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from companion.games.chart import nice_step
from companion.rules.stats.records import GameRef

WIDTH, HEIGHT = 360, 220
"""The charts' size in SVG units: about the width they are shown at (the
player page's chart column on a 1024 px tablet, a 390 px phone), so that
their 14-unit numbers read at about 14 px, never under 12 (issue 27: a
720-unit chart shown 360 px wide had 7 px labels)."""
LEFT, RIGHT, TOP, BOTTOM = 40, 12, 14, 30
ROW = 22
"""The height of one engine's row in the bar chart (SVG units)."""
ENGINE_LEFT, VALUE_ROOM = 52, 36
"""The bar chart's margins: the engine's name ("12-12") left of its bar, the
average right of the longest bar."""


@dataclass(frozen=True)
class Bar:
    """One engine's bar, drawn across (one row per engine, so its name and
    its average read at full size however narrow the chart).

    :ivar engine: the engine double's suit (12 for 12-12).
    :ivar x: left edge; :ivar y: top; :ivar width: width; :ivar height: height (SVG units).
    :ivar average: points per round at this engine, ``None`` when never played.
    :ivar label_x: where the average is written (just past the bar's end).
    :ivar label_y: the row's text baseline (the engine's name and the average).
    """

    engine: int
    x: float
    y: float
    width: float
    height: float
    average: float | None
    label_x: float
    label_y: float = 0.0


@dataclass(frozen=True)
class BarChart:
    """Bars by engine, one row each: viewBox size, the plot ``(left, top,
    right, bottom)``, the points axis ticks ``(x, value)`` along the bottom
    and the bars, highest engine first (top row)."""

    width: int
    height: int
    plot: tuple[float, float, float, float]
    y_ticks: tuple[tuple[float, int], ...]
    bars: tuple[Bar, ...]


@dataclass(frozen=True)
class TimeChart:
    """Totals over time: viewBox size, the plot, the points ticks, the polyline
    ``points`` ("x,y x,y …") and ``dots`` ``(x, y, game id, total, day)``,
    the first and last day under the axis."""

    width: int
    height: int
    plot: tuple[float, float, float, float]
    y_ticks: tuple[tuple[float, int], ...]
    points: str
    dots: tuple[tuple[float, float, int, int, str], ...]
    first_day: str
    last_day: str


def _scale(values: Sequence[float], most: int = 6) -> tuple[float, float, int]:
    lo = min([0.0, *values])
    hi = max([0.0, *values])
    step = nice_step(hi - lo, most)
    lo = math.floor(lo / step) * step
    hi = max(math.ceil(hi / step) * step, lo + step)
    return lo, hi, step


def engine_bars(per_engine: Sequence[tuple[int, float | None]]) -> BarChart | None:
    """The bar chart of average points per round by engine, one row each.

    :param per_engine: ``[(suit, average or None)]`` highest engine first, as
        :meth:`companion.rules.stats.PlayerStats.per_engine` gives.
    :return: the chart, or ``None`` without a Mexican Train round.
    """
    if not per_engine or all(a is None for _, a in per_engine):
        return None
    lo, hi, step = _scale([a for _, a in per_engine if a is not None], most=4)
    height = TOP + ROW * len(per_engine) + BOTTOM
    left, top, right, bottom = float(ENGINE_LEFT), float(TOP), float(WIDTH - VALUE_ROOM), float(height - BOTTOM)

    def x_at(v: float) -> float:
        return round(left + (right - left) * (v - lo) / (hi - lo), 1)

    bars = []
    for i, (suit, avg) in enumerate(per_engine):
        y = round(top + i * ROW + ROW * 0.15, 1)
        h = round(ROW * 0.7, 1)
        baseline = round(top + i * ROW + ROW * 0.5 + 5, 1)
        if avg is None:
            bars.append(Bar(suit, x_at(0), y, 0.0, h, None, x_at(0) + 4, baseline))
            continue
        x0, x1 = x_at(0), x_at(avg)
        bars.append(Bar(suit, min(x0, x1), y, round(abs(x1 - x0), 1), h, avg, round(max(x0, x1) + 4, 1), baseline))
    ticks = tuple((x_at(v), int(v)) for v in range(int(lo), int(hi) + 1, step))
    return BarChart(WIDTH, height, (left, top, right, bottom), ticks, tuple(bars))


def totals_over_time(history: Sequence[GameRef]) -> TimeChart | None:
    """The line of the player's game totals, oldest game first.

    :param history: the games (:attr:`companion.rules.stats.PlayerStats.history`),
        of one kind.
    :return: the chart, or ``None`` with fewer than two games.
    """
    if len(history) < 2:
        return None
    lo, hi, step = _scale([g.total for g in history])
    left, top, right, bottom = float(LEFT), float(TOP), float(WIDTH - RIGHT), float(HEIGHT - BOTTOM)
    n = len(history)

    def x_at(i: int) -> float:
        return round(left + (right - left) * i / (n - 1), 1)

    def y_at(v: float) -> float:
        return round(bottom - (bottom - top) * (v - lo) / (hi - lo), 1)

    dots = tuple(
        (x_at(i), y_at(g.total), g.game_id, g.total, g.played_on.isoformat()) for i, g in enumerate(history)
    )
    ticks = tuple((y_at(v), int(v)) for v in range(int(lo), int(hi) + 1, step))
    return TimeChart(
        WIDTH, HEIGHT, (left, top, right, bottom), ticks,
        " ".join(f"{x},{y}" for x, y, *_ in dots), dots,
        history[0].played_on.isoformat(), history[-1].played_on.isoformat(),
    )


__all__ = ["Bar", "BarChart", "TimeChart", "engine_bars", "totals_over_time"]
