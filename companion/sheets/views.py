"""The score sheet's address: ``/games/<id>/sheet.pdf``."""

from __future__ import annotations

from flask import Blueprint, Flask, Response, abort, request

from companion.games import services
from companion.sheets import kept as sheets
from companion.sheets.pdf import HALF_OF
from companion.web.http import etag_or_304
from companion.web.i18n import current_language, gettext

bp = Blueprint("sheets", __name__)


@bp.get("/games/<int:game_id>/sheet.pdf")
def sheet(game_id: int):
    """The score sheet as PDF: ``?paper=letter`` for Letter, ``?size=half`` for half
    a page (A5, half Letter), ``?blank=1`` for an empty sheet. Kept per game
    revision, paper and language; ``ETag``/``If-None-Match`` answer 304."""
    paper = request.args.get("paper", "a4").lower()
    if paper not in HALF_OF:
        abort(400)
    if request.args.get("size", "full") == "half":
        paper = HALF_OF[paper]
    blank = request.args.get("blank") in ("1", "true", "yes")
    try:
        revision, game_key = services.sheet_identity(game_id)
        key = sheets.SheetKey(game_id, game_key, revision, paper, current_language(), blank)
    except services.NotFound:
        abort(404)
    name = f"score-sheet-{game_id}{'-blank' if blank else ''}.pdf"

    def build() -> Response:
        try:
            pdf = sheets.sheet_pdf(key)
        except services.NotFound:
            abort(404)
        except sheets.NotReady:
            return Response(gettext("The score sheet of this kind of game is not ready yet."),
                            status=409, mimetype="text/plain")
        return Response(pdf, mimetype="application/pdf",
                        headers={"Content-Disposition": f'inline; filename="{name}"'})

    return etag_or_304(key.etag, build)


def init_app(app: Flask) -> None:
    """Register the sheet's route; kept sheets of games deleted for good go
    with them (:data:`companion.games.signals.games_dropped`)."""
    from companion.games.signals import games_dropped

    app.register_blueprint(bp)
    games_dropped.connect(sheets.on_games_dropped)
