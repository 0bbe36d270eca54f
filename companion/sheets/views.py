"""The score sheet's address, ``/games/<id>/sheet.pdf``, and a finished
game's picture, ``/games/<id>/share.png``."""

from __future__ import annotations

from flask import Blueprint, Flask, Response, abort, request

from companion.games import services
from companion.sheets import kept as sheets
from companion.sheets.pdf import HALF_OF
from companion.sheets.share import NotFinished
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


@bp.get("/games/<int:game_id>/share.png")
def share(game_id: int):
    """A finished game's picture to send to a family chat (PNG): its final
    standings and the chart of the running totals, in the request's language.
    409 with a line while the game is still being played. Kept per game
    revision and language; ``ETag``/``If-None-Match`` answer 304."""
    try:
        revision, game_key = services.sheet_identity(game_id)
    except services.NotFound:
        abort(404)
    key = sheets.SheetKey(game_id, game_key, revision, "share", current_language(), False, picture=True)

    def build() -> Response:
        try:
            png = sheets.share_png(key)
        except services.NotFound:
            abort(404)
        except sheets.NotReady:
            return _not_yet(gettext("The picture of this kind of game is not ready yet."))
        except NotFinished:
            return _not_yet(gettext("The picture is made once the game is finished: "
                                    "end the game or play its last round first."))
        return Response(png, mimetype="image/png", headers={
            "Content-Disposition": f'inline; filename="domino-game-{game_id}.png"'})

    return etag_or_304(key.etag, build)


def _not_yet(message: str) -> Response:
    """409 with a line saying why there is nothing to show yet."""
    return Response(message, status=409, mimetype="text/plain")


def init_app(app: Flask) -> None:
    """Register the sheet's route; kept sheets of games deleted for good go
    with them (:data:`companion.games.signals.games_dropped`)."""
    from companion.games.signals import games_dropped

    app.register_blueprint(bp)
    games_dropped.connect(sheets.on_games_dropped)
