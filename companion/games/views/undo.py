"""The short notice with *Undo* after a round was saved, corrected or deleted.

The change (:class:`companion.services.undo.Change`) travels as a signed token
in the game page's address (``?undo=``), so the notice survives the redirect
and nothing is kept on the server; the token cannot be forged (it is signed
with the app's secret key) and undoes only while the game still is at the
revision the change gave it.

A saved round taken back by *Undo* comes back in this device's round form, as
it was typed, so a correction is one change and a save: the round is kept in
the device's session (never in an address) while the game stays as the undo
left it.
"""

from __future__ import annotations

import json
import zlib
from typing import Any

from flask import Blueprint, abort, current_app, flash, redirect, request, session, url_for
from itsdangerous import BadSignature, URLSafeSerializer

from companion.games import services
from companion.games.forms import round_to_form
from companion.games.services import undo as undoing
from companion.rules import RecordError
from companion.web.i18n import gettext, translate

bp = Blueprint("undo", __name__)
SALT = "undo-round"
SHOWN = "undo_shown"
"""The session's entry naming the last notice this device was shown (its
token's signature)."""
TAKEN_BACK = "taken_back"
"""The session's entry holding the round this device last took back:
``{"game", "number", "revision", "data"}``."""
TAKEN_BACK_MAX = 1500
"""The most bytes a round taken back may take, compressed, in the session
cookie (a browser drops a cookie past 4 KB, and with it the device's sign-in);
a bigger one is not kept and the form comes back empty."""


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
    change in ``?undo=`` can still be undone (the game is at its revision),
    once per device: the page shown again with the same address (a reload
    where ``static/app.js`` could not drop ``?undo=``) has none."""
    token = request.args.get("undo")
    change = change_from(token, game.id)
    if token is None or change is None or change.revision != game.revision:
        return None
    mark = token.rsplit(".", 1)[-1]  # the token's signature: its change's own
    if session.get(SHOWN) == mark:
        return None
    session[SHOWN] = mark
    own = game.table.kind.spec.words.round_word(change.kind)  # "Hand 3 saved." where rounds are hands
    text = translate(own, n=change.number) if own else {
        undoing.ADDED: gettext("Round %(n)s saved.", n=change.number),
        undoing.CORRECTED: gettext("Round %(n)s corrected.", n=change.number),
        undoing.DELETED: gettext("Round %(n)s deleted.", n=change.number),
    }[change.kind]
    return {"text": text, "token": token}


def redirect_with_undo(game_id: int, change: undoing.Change, anchor: str | None = None):
    """To the game page with the notice of ``change``."""
    return redirect(url_for("games.detail", game_id=game_id, undo=token_for(game_id, change),
                            _anchor=anchor))


def keep_taken_back(game_id: int, number: int, outcome: undoing.Undone) -> None:
    """Keep in this device's session the round ``number`` of game ``game_id``
    that ``outcome`` took back (nothing when it took none back, or the round
    is too big for the cookie)."""
    if outcome.taken_back is None:
        return
    if len(zlib.compress(json.dumps(outcome.taken_back).encode())) > TAKEN_BACK_MAX:
        session.pop(TAKEN_BACK, None)
        return
    session[TAKEN_BACK] = {"game": game_id, "number": number, "revision": outcome.revision,
                           "data": outcome.taken_back}


def holds_taken_back(game_id: int) -> bool:
    """This device keeps a round taken back from game ``game_id`` (its page
    then is this device's own, not a kept one)."""
    kept = session.get(TAKEN_BACK)
    return isinstance(kept, dict) and kept.get("game") == game_id


def taken_back(game: services.GameView) -> dict[str, str] | None:
    """The round form's values of the round this device took back from
    ``game``, while the game is as the undo left it (that round is the next
    one, nothing changed since); otherwise ``None``, and a stale one is forgotten."""
    if not holds_taken_back(game.id):
        return None
    kept = session[TAKEN_BACK]
    plan = game.next_round()
    if (kept.get("revision") != game.revision or plan is None or plan.number != kept.get("number")
            or not isinstance(kept.get("data"), dict)):
        session.pop(TAKEN_BACK, None)
        return None
    return round_to_form(kept["data"], list(game.table.players))


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
        return redirect(url_for("games.detail", game_id=game_id, _anchor=f"round-{change.number}"))
    flash(outcome.message, "info" if isinstance(outcome, undoing.Undone) else "error")
    if isinstance(outcome, undoing.Undone):
        keep_taken_back(game_id, change.number, outcome)
    return redirect(url_for("games.detail", game_id=game_id, _anchor=landing(change, outcome)))


def landing(change: undoing.Change, outcome: undoing.Undone | undoing.NotUndone) -> str:
    """Where the game page opens after an undo (its ``#`` anchor), so a phone
    shows what changed: a saved round taken back is in the round form
    (``entry``, the scoreboard has no row of it any more); otherwise the
    round's row on the scoreboard."""
    if isinstance(outcome, undoing.Undone) and change.kind == undoing.ADDED:
        return "entry"
    return f"round-{change.number}"


__all__ = ["bp", "change_from", "holds_taken_back", "keep_taken_back", "landing", "notice", "redirect_with_undo",
           "taken_back", "token_for"]
