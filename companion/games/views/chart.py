"""The running totals chart on a page of its own, which the game page fetches
when its card nears the screen (issue 27, page weight: the chart is about a
sixth of an eight-player game's page); without scripts the card links here."""

from __future__ import annotations

from flask import Blueprint, abort, render_template

from companion.games.chart import running_totals_chart
from companion.games.views.pages import _game_or_404
from companion.web.html import tight

bp = Blueprint("chart", __name__)


@bp.get("/games/<int:game_id>/chart")
def chart(game_id: int) -> str:
    """The game's running totals chart (``figure.chart``) under the game's
    heading; 404 when no round is played yet (no line to draw)."""
    game = _game_or_404(game_id)
    t = game.table
    drawn = running_totals_chart(t.players, game.running_totals(), game.scores(), t.round_count)
    if drawn is None:
        abort(404)
    return tight(render_template("games/chart.html", game=game, chart=drawn))
