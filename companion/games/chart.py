"""The chart of each player's running total by round, drawn on the server.

:func:`running_totals_chart` turns :meth:`Game.running_totals
<companion.rules.game.Game.running_totals>` into plain numbers for an SVG line
chart: one polyline per player, the axes' ticks, and a name at the end of each
line (moved apart so they never overlap). The template partial
``templates/_chart.html`` draws it; no JavaScript, no library, no CDN, and the
Content-Security-Policy holds (colours come from classes in ``static/app.css``).
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

WIDTH = 720
"""The chart's width in SVG units (it scales to its box)."""
HEIGHT = 300
"""The chart's height in SVG units."""
LEFT, RIGHT, TOP, BOTTOM = 44, 140, 12, 30
"""Margins around the plot: room for the totals axis, the names, the rounds axis.
``LEFT`` and ``RIGHT`` are the least ones: they grow to fit the widest tick and
the widest end label (see :func:`text_width`)."""
LABEL_GAP = 18
"""The least vertical distance between two names at the lines' ends (SVG units);
the names are 15 units high (``.chart .series text`` in ``static/app.css``)."""
LABEL_SIZE = 15
"""The font size of the end labels, SVG units (as in ``static/app.css``)."""
TICK_SIZE = 26
"""The largest font size of the axes' numbers, SVG units (phones enlarge them to 26, shown at 12.5 px at 390 px wide)."""
LABEL_NAME_MAX = 12
"""The most characters of a name at a line's end (longer ones end in "…"); the
full name is in the chart's description and in the scoreboard."""
SERIES_STYLES = 16
"""Distinct line styles (colour and dash) before they repeat (``series-0`` …):
eight colours, the second eight with another dash than the first."""


@dataclass(frozen=True)
class Series:
    """One player's line.

    :ivar player: the player's name.
    :ivar style: which of the :data:`SERIES_STYLES` line styles (seat order).
    :ivar points: the polyline, ``"x,y x,y …"`` in SVG units.
    :ivar dots: ``(x, y, round, total)`` for each round played.
    :ivar total: the last total (points), ``None`` when the player never joined.
    :ivar label_y: where the name at the end of the line goes.
    :ivar end: ``(x, y)`` of the line's last point.
    :ivar label: the text at the line's end: the name (shortened to
        :data:`LABEL_NAME_MAX` characters) and the total.
    """

    player: str
    style: int
    points: str
    dots: tuple[tuple[float, float, int, int], ...]
    total: int | None
    label_y: float
    end: tuple[float, float]
    label: str = ""


@dataclass(frozen=True)
class Chart:
    """Everything the SVG partial draws; sizes in SVG units.

    :ivar width: the viewBox width.
    :ivar height: the viewBox height.
    :ivar plot: ``(left, top, right, bottom)`` of the plotting area.
    :ivar x_ticks: ``(x, round number)`` along the bottom.
    :ivar y_ticks: ``(y, points)`` along the left.
    :ivar series: one :class:`Series` per player, in seat order.
    """

    width: int
    height: int
    plot: tuple[float, float, float, float]
    x_ticks: tuple[tuple[float, int], ...]
    y_ticks: tuple[tuple[float, int], ...]
    series: tuple[Series, ...] = field(default_factory=tuple)


def nice_step(span: float, most: int = 6) -> int:
    """A round tick step (1, 2 or 5 times a power of ten) giving at most ``most`` steps.

    :param span: the range to cover (points), ≥ 0.
    :param most: the most steps wanted.
    :return: the step, a positive whole number.
    """
    if span <= 0:
        return 1
    raw = span / most
    power = 10 ** max(0, math.floor(math.log10(raw))) if raw >= 1 else 1
    for mult in (1, 2, 5, 10):
        if mult * power >= raw:
            return int(mult * power)
    return int(10 * power)  # pragma: no cover (the loop always returns)


def text_width(text: str, size: float = LABEL_SIZE) -> float:
    """A generous estimate of the width of ``text`` set in bold at ``size``.

    Wide enough for DejaVu Sans Bold (the app's font) and the usual system
    sans-serifs: lower-case Latin and Cyrillic letters and digits count
    0.72 em, capitals and wide letters such as "Ш" or "w" 0.9 em, a space
    0.35 em, East Asian wide characters and emoji 1.1 em, combining marks and
    joiners nothing. (The widest DejaVu Sans Bold letters are about 0.87 em.)

    :param text: the label.
    :param size: the font size (SVG units).
    :return: the width in SVG units.
    """
    em = 0.0
    for ch in text:
        if unicodedata.combining(ch) or ch in "\u200d\ufe0f":
            continue
        if unicodedata.east_asian_width(ch) in ("W", "F") or ord(ch) >= 0x1F000:
            em += 1.1
        elif ch.isupper() or ch in "mwMWШЩЖЮМФ":
            em += 0.9
        elif ch == " ":
            em += 0.35
        else:
            em += 0.72
    return em * size


def end_label(name: str, total: int | None, most: int = LABEL_NAME_MAX) -> str:
    """The text at a line's end: the name, cut to ``most`` characters with "…",
    then the total (points) in full.

    >>> end_label("Bartholomew", 12)
    'Bartholomew 12'
    >>> end_label("Maximilian-Alexander", 140)
    'Maximilian-… 140'

    :param name: the player's name.
    :param total: the last total, or ``None`` (then only the name).
    :param most: the most characters of the name kept.
    :return: the label.
    """
    shown = name if len(name) <= most else name[: most - 1].rstrip() + "…"
    return shown if total is None else f"{shown} {total}"


def spread_labels(wanted: Sequence[float], low: float, high: float, gap: float = LABEL_GAP) -> list[float]:
    """Move label positions apart so that neighbours are at least ``gap`` apart,
    keeping them between ``low`` and ``high`` and as near as can be to where
    they were wanted.

    :param wanted: the wished-for positions (y, SVG units), in any order.
    :param low: the smallest allowed position.
    :param high: the largest allowed position.
    :param gap: the least distance between two labels.
    :return: the positions, in the order of ``wanted``.
    """
    order = sorted(range(len(wanted)), key=lambda i: wanted[i])
    placed = [0.0] * len(wanted)
    previous = low - gap
    for i in order:
        placed[i] = max(wanted[i], previous + gap)
        previous = placed[i]
    # Pushed past the bottom: shift the tail back up, keeping the gaps.
    limit = high
    for i in reversed(order):
        if placed[i] > limit:
            placed[i] = limit
        limit = placed[i] - gap
    return placed


def _value_range(running: Sequence[Mapping[str, int | None]]) -> tuple[float, float, int]:
    """The chart's value axis: ``(lowest, highest, step)`` in points, 0 always
    inside, both ends on a multiple of a :func:`nice_step`."""
    values = [t for row in running for t in row.values() if t is not None]
    lo = min([0, *values])
    hi = max([0, *values])
    step = nice_step(hi - lo)
    lo = math.floor(lo / step) * step
    return lo, max(math.ceil(hi / step) * step, lo + step), step


def _line(name: str, running: Sequence[Mapping[str, int | None]],
          scores: Sequence[Mapping[str, int | None]] | None,
          x_at: Callable[[int], float], y_at: Callable[[float], float],
          ) -> tuple[list[tuple[float, float]], tuple[tuple[float, float, int, int], ...]]:
    """One player's line: its points (SVG units) and its dots ``(x, y, round,
    total)``; a late joiner's line starts from the total they joined with."""
    pts: list[tuple[float, float]] = []
    dots: list[tuple[float, float, int, int]] = []
    for n, row in enumerate(running, start=1):
        total = row.get(name)
        if total is None:
            continue
        if not pts and (n == 1 or scores is not None):
            scored = (scores[n - 1].get(name) or 0) if scores is not None else total
            pts.append((x_at(n - 1), y_at(total - scored)))
        pts.append((x_at(n), y_at(total)))
        dots.append((x_at(n), y_at(total), n, total))
    return pts, tuple(dots)


def running_totals_chart(players: Sequence[str], running: Sequence[Mapping[str, int | None]],
                         scores: Sequence[Mapping[str, int | None]] | None = None,
                         rounds_planned: int | None = None) -> Chart | None:
    """The line chart of each player's total after each round.

    Every line starts at round 0 with 0 points; a player who joined late starts
    at the round before the one they first played, from the total they joined
    with (``late_join``), and a round sat out keeps the line flat.

    :param players: the players in seat order.
    :param running: the totals after each round, as
        :meth:`~companion.rules.game.Game.running_totals` gives them (``None``
        for a player not yet joined).
    :param scores: each round's points by player (:meth:`~companion.rules.game.Game.scores`),
        to start a late joiner's line from the total they joined with; without
        it such a line starts at their first round.
    :param rounds_planned: the rounds the game will have (13 for a double-12
        Mexican Train), so the axis shows what is left; ``None`` when open-ended.
    :return: the :class:`Chart`, or ``None`` before the first round.
    """
    if not running:
        return None
    last_round = max(len(running), rounds_planned or 0, 1)
    lo, hi, step = _value_range(running)
    y_values = range(int(lo), int(hi) + 1, step)
    joined = [name for name in players if any(row.get(name) is not None for row in running)]
    finals = {name: next((row[name] for row in reversed(running) if row.get(name) is not None), None)
              for name in joined}
    labels = {name: end_label(name, finals[name]) for name in joined}
    # Room for the widest number on the left, the widest name on the right, and
    # every name one above the other without touching.
    left = float(max(LEFT, math.ceil(max(text_width(str(v), TICK_SIZE) for v in y_values)) + 10))
    right_margin = max(60, math.ceil(max((text_width(t) for t in labels.values()), default=0)) + 18)
    height = max(HEIGHT, TOP + 4 + BOTTOM + LABEL_GAP * max(len(joined) - 1, 0))
    top = float(TOP)
    right, bottom = float(WIDTH - right_margin), float(height - BOTTOM)

    def x_at(n: int) -> float:
        return round(left + (right - left) * n / last_round, 1)

    def y_at(points: float) -> float:
        return round(bottom - (bottom - top) * (points - lo) / (hi - lo), 1)

    x_every = 1 if last_round <= 16 else nice_step(last_round, 12)
    x_ticks = tuple((x_at(n), n) for n in range(0, last_round + 1, x_every))
    y_ticks = tuple((y_at(v), v) for v in y_values)
    lines = []
    for seat, name in enumerate(players):
        pts, dots = _line(name, running, scores, x_at, y_at)
        if pts:
            lines.append((seat, name, pts, dots, dots[-1][3] if dots else None))
    label_ys = spread_labels([p[-1][1] for _, _, p, _, _ in lines], top + 4, bottom)
    series = tuple(
        Series(player=name, style=seat % SERIES_STYLES, points=" ".join(f"{x:g},{y:g}" for x, y in pts),
               dots=dots, total=total, label_y=round(label_ys[i], 1), end=pts[-1], label=labels[name])
        for i, (seat, name, pts, dots, total) in enumerate(lines)
    )
    return Chart(WIDTH, height, (left, top, right, bottom), x_ticks, y_ticks, series)


__all__ = ["Chart", "Series", "end_label", "nice_step", "running_totals_chart", "spread_labels",
           "text_width"]
