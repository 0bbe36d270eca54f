"""The picture of a finished game, to send to a family chat: the final
standings and the chart of the running totals as a PNG, made on our server.

The boundary is the score sheet's (:mod:`companion.sheets.pdf`, after
indico's receipts): a plain-data context (:func:`share_context`: strings,
numbers, lists, dicts), the template ``templates/sheets/share.html`` in the
picture's language, WeasyPrint with the fetcher that serves only ``static/``,
then the one page of that PDF drawn as pixels by PDFium (pypdfium2) and saved
as a PNG by Pillow. Nothing is scored here: the standings and totals are the
ones the game stored (:class:`companion.games.services.GameView`), the chart's
numbers come from :func:`companion.games.chart.running_totals_chart`.

Every height of the picture is fixed (rows, chart, bands), so the page is cut
to the picture's own height (:func:`picture_height`) and never runs to a
second page; a long name ends in "…" within its row.
"""

from __future__ import annotations

import io
from typing import Any

from companion.games.chart import Chart, running_totals_chart
from companion.games.services import GameView
from companion.rules.errors import tr, trn
from companion.web.i18n import in_language, translated
from companion.web.labels import kind_title

TEMPLATE = "sheets/share.html"
WIDTH = 720
"""The picture's width in CSS pixels (the PNG is :data:`SCALE` times as wide)."""
SCALE = 1.5
"""PNG pixels per CSS pixel: 1080 pixels wide, sharp on a phone's chat. (PDFium
draws a point as one pixel at scale 1, and a CSS pixel is 0.75 point.)"""
PAD = 28
"""The margin around the picture's content, CSS pixels."""
BAND, TITLE, ROW, GAP, FOOT = 44, 58, 40, 18, 34
"""Fixed heights (CSS pixels): the band with the game and the date, the
winner's line, one line of the standings, the gaps, the line under the chart."""
COLOURS = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#e67e00", "#17becf", "#8c564b", "#e377c2")
"""The chart's line colours: the light theme's ``--s0`` … ``--s7`` (``static/app.css``)."""
INK, MUTED, GRID = "#14213d", "#5c677d", "#d8d4c8"


class NotFinished(LookupError):
    """The game is still being played: its picture is made once it is finished."""


def _dash(style: int) -> str:
    """The line's dash pattern for a series style, as ``static/app.css`` draws it."""
    if style in (1, 5):
        return "10 5"
    if style in (3, 7, 8, 10, 12, 14):
        return "3 4"
    return ""


def _chart_data(chart: Chart | None, width: float) -> dict[str, Any] | None:
    """The chart's plain numbers for the template, with each line's colour and
    dash, and the height it takes when drawn ``width`` CSS pixels wide."""
    if chart is None:
        return None
    return {
        "width": chart.width, "height": chart.height, "plot": list(chart.plot),
        "x_ticks": [list(t) for t in chart.x_ticks], "y_ticks": [list(t) for t in chart.y_ticks],
        "series": [{"points": s.points, "dots": [[x, y] for x, y, _n, _v in s.dots],
                    "end": list(s.end), "label_y": s.label_y, "label": s.label,
                    "colour": COLOURS[s.style % len(COLOURS)], "dash": _dash(s.style)}
                   for s in chart.series],
        "shown_width": width, "shown_height": round(chart.height * width / chart.width, 1),
    }


def _rows(game: GameView) -> list[dict[str, Any]]:
    """The final standings: pairs in a game played in pairs (their players
    joined by " & "), else players."""
    if "team_standings" in game.summary:
        return [{"rank": s["rank"], "name": " & ".join(s["team"]), "total": s["total"]}
                for s in game.summary["team_standings"]]
    return [{"rank": s.rank, "name": s.player, "total": s.total} for s in game.standings()]


def _chart(game: GameView, width: float) -> dict[str, Any] | None:
    """The running totals' chart: a line per pair in a game played in pairs
    (a pair's total is each partner's, docs/design.md "Teams"), else a line
    per player."""
    table = game.table
    running, scores = game.running_totals(), game.scores()
    if "team_standings" not in game.summary:
        return _chart_data(running_totals_chart(table.players, running, scores, table.round_count), width)
    pairs = {" & ".join(s["team"]): s["team"][0] for s in game.summary["team_standings"]}
    by_pair = [{name: row.get(first) for name, first in pairs.items()} for row in running]
    pair_scores = [{name: row.get(first) for name, first in pairs.items()} for row in scores]
    return _chart_data(running_totals_chart(list(pairs), by_pair, pair_scores, table.round_count), width)


def picture_height(rows: int, chart_height: float | None) -> float:
    """The picture's height in CSS pixels: the bands, ``rows`` lines of the
    standings and the chart (its drawn height), each of a fixed height, and
    two pixels to spare for rounding (a page a hair too short would end on a
    second one)."""
    chart = chart_height + GAP if chart_height is not None else 0.0
    return 2 * PAD + BAND + GAP + TITLE + rows * ROW + chart + GAP + FOOT + 2


def share_context(game: GameView, *, language: str | None = None) -> dict[str, Any]:
    """The plain data of a finished game's picture (no domain objects).

    :param game: the stored game with its results.
    :param language: the picture's language (a code of
        :data:`companion.web.i18n.LANGUAGES`); English by default.
    :return: ``title`` (the kind and the set), ``played_on`` (ISO date),
        ``winners`` (the names ranked first: players, or pairs when ``pairs``), ``rows`` (``[{"rank", "name", "total"}]``, rank
        ``None`` for a player gone before the end), ``winning`` (the rank-1
        rows' names), ``chart`` (or ``None``), ``foot`` (rounds played), the
        sizes (``width``, ``height``, ``pad``, …) in CSS pixels, ``language``.
    :raises NotFinished: the game is still being played.
    """
    if not game.finished:
        raise NotFinished(game.id)
    table = game.table
    inner = WIDTH - 2 * PAD
    chart = _chart(game, inner)
    rows = _rows(game)
    with in_language(language):
        name = translated(kind_title(table.kind, table.as_dict().get("rules")))  # Muggins, Five Up…
        title = f"{name} · {tr('Double-%(n)s', n=table.set_n)}" if table.kind.counts_pips else name
        foot = trn("%(num)s round played", "%(num)s rounds played", len(game.rounds), num=len(game.rounds))
    return {
        "title": title, "played_on": game.created_at.date().isoformat(),
        "winners": [r["name"] for r in rows if r["rank"] == 1], "pairs": "team_standings" in game.summary,
        "rows": rows, "chart": chart, "foot": foot,
        "width": WIDTH, "inner": inner, "pad": PAD, "band": BAND, "title_h": TITLE, "row": ROW,
        "gap": GAP, "foot_h": FOOT, "ink": INK, "muted": MUTED, "grid": GRID,
        "height": picture_height(len(rows), chart["shown_height"] if chart else None),
        "language": language or "en",
    }


def share_png(context: dict[str, Any]) -> bytes:
    """The picture of :func:`share_context`'s data as PNG bytes,
    ``WIDTH × SCALE`` pixels wide (1080), its height as laid out.

    :raises ValueError: the layout did not give exactly one page (a bug).
    """
    import pypdfium2  # imported here: app start-up stays light

    from companion.sheets.pdf import template_pdf

    pdf = pypdfium2.PdfDocument(template_pdf(TEMPLATE, context))
    try:
        if len(pdf) != 1:
            raise ValueError(f"the picture ran to {len(pdf)} pages")
        image = pdf[0].render(scale=SCALE / 0.75).to_pil()
    finally:
        pdf.close()
    out = io.BytesIO()
    image.convert("RGB").save(out, format="PNG", optimize=True)
    return out.getvalue()
