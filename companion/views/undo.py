"""The short notice with *Undo* after a round was saved, corrected or deleted.

The change (:class:`companion.services.undo.Change`) travels as a signed token
in the game page's address (``?undo=``), so the notice survives the redirect
and nothing is kept on the server; the token cannot be forged (it is signed
with the app's secret key) and undoes only while the game still is at the
revision the change gave it.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, current_app, flash, redirect, request, url_for
from itsdangerous import BadSignature, URLSafeSerializer

from .. import services
from ..i18n import gettext
from ..rules import RecordError
from ..services import undo as undoing

bp = Blueprint("undo", __name__)
SALT = "undo-round"


def _serializer() -> URLSafeSerializer:
    return URLSafeSerializer(current_app.secret_key, salt=SALT)


def token_for(game_id: int, change: undoing.Change) -> str:
    """The signed token of ``change`` of game ``game_id``."""
    return _serializer().dumps({"game": game_id, **change.as_dict()})


def change_from(token: str | None, game_id: int) -> undoing.Change | None:
    """The change a token carries for game ``game_id``; ``None`` when the
    token is missing, forged or for another game."""
    if not token or len(token) > 8000:
        return None
    try:
        data: Any = _serializer().loads(token)
    except BadSignature:
        return None
    if not isinstance(data, dict) or data.get("game") != game_id:
        return None
    return undoing.Change.from_dict(data)


def notice(game: services.GameView) -> dict[str, Any] | None:
    """The notice to show on ``game``'s page: ``{"text", "token"}`` while the
    change in ``?undo=`` can still be undone (the game is at its revision)."""
    token = request.args.get("undo")
    change = change_from(token, game.id)
    if change is None or change.revision != game.revision:
        return None
    text = {
        undoing.ADDED: gettext("Round %(n)s saved.", n=change.number),
        undoing.CORRECTED: gettext("Round %(n)s corrected.", n=change.number),
        undoing.DELETED: gettext("Round %(n)s deleted.", n=change.number),
    }[change.kind]
    return {"text": text, "token": token}


def redirect_with_undo(game_id: int, change: undoing.Change, anchor: str | None = None):
    """To the game page with the notice of ``change``."""
    return redirect(url_for("games.detail", game_id=game_id, undo=token_for(game_id, change),
                            _anchor=anchor))


@bp.post("/games/<int:game_id>/undo")
def undo(game_id: int):
    """Undo the change in the form's ``token`` (one transaction, results derived
    again); refused with a message when the game has moved on since."""
    change = change_from(request.form.get("token"), game_id)
    if change is None:
        abort(400)
    try:
        outcome = undoing.undo(game_id, change)
    except services.NotFound:
        abort(404)
    except RecordError as exc:
        flash(exc.errors[0].message if exc.errors else exc.warnings[0].message, "error")
        return redirect(url_for("games.detail", game_id=game_id))
    flash(outcome.message, "info" if isinstance(outcome, undoing.Undone) else "error")
    return redirect(url_for("games.detail", game_id=game_id, _anchor=f"round-{change.number}"))


__all__ = ["bp", "change_from", "notice", "redirect_with_undo", "token_for"]
