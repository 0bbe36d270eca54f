"""Access: every page and API route needs the access token.

Like Jupyter: ``make run`` prints the address with ``?token=…``; opening it once
opens a session on that device (a record on the server, its id in a cookie:
:mod:`companion.devices`). Scripts send ``Authorization: Bearer <token>``. The
token is ``COMPANION_TOKEN`` or is made on first start and kept in
``instance/token``; ``flask --app companion token --rotate`` makes a new one,
which every app process picks up at its next request (it watches the file),
and every session opened with the old one ends.
"""

from __future__ import annotations

import hashlib
import hmac
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from flask import (
    Blueprint,
    Flask,
    abort,
    current_app,
    g,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from flask.typing import ResponseReturnValue
from werkzeug.wrappers import Response

from companion.web import security
from companion.web import sessions as devices
from companion.web.errors import problem_reply
from companion.web.i18n import gettext

bp = Blueprint("auth", __name__)

OPEN_ENDPOINTS = {"static", "auth.login", "auth.logout", "health.healthz", "i18n.set_language",
                  "device.set_theme", "device.service_worker"}

_OPEN_TO_PHONES = "companion_open_to_phones"
_SPECTATOR_OK = "companion_spectator_ok"
_VIEW_KEYS = "companion.view_key_of"


def open_to_phones(view: Callable[..., Any]) -> Callable[..., Any]:
    """Mark a route that a player's phone reaches without the access token:
    the route checks its own key (a seat link's, a reading's random key).
    Every other route stays closed (:func:`_guard`)."""
    setattr(view, _OPEN_TO_PHONES, True)
    return view


def spectator_ok(view: Callable[..., Any]) -> Callable[..., Any]:
    """Mark a ``GET`` route of one game (a ``game_id`` in its address) that a
    spectator link opens read-only: the ``view`` key is checked against the
    game's key, found by the function given to :func:`view_keys_from`."""
    setattr(view, _SPECTATOR_OK, True)
    return view


def view_keys_from(app: Flask, key_of: Callable[[int], str | None]) -> None:
    """Tell access how to find a game's spectator key: ``key_of(game_id)`` →
    the stored key, or ``None`` (the games feature gives it; access knows no
    game)."""
    app.extensions[_VIEW_KEYS] = key_of


def _marked(mark: str) -> bool:
    view = current_app.view_functions.get(request.endpoint or "")
    return bool(getattr(view, mark, False))


def current_token() -> str:
    """The access token in force: ``COMPANION_TOKEN``, or the contents of
    ``instance/token`` read again whenever that file changes (``token --rotate``)."""
    app = current_app
    path = app.config.get("COMPANION_TOKEN_FILE")
    if path:
        try:
            stamp = os.stat(path).st_mtime_ns
        except OSError:
            stamp = None
        cached = app.extensions.get("companion_token_file")
        if stamp is not None and (cached is None or cached[0] != stamp):
            value = Path(path).read_text(encoding="utf-8").strip()
            if value:
                app.config["COMPANION_TOKEN"] = value
            app.extensions["companion_token_file"] = (stamp, app.config["COMPANION_TOKEN"])
    token: str = app.config["COMPANION_TOKEN"]
    return token


def token_mark(token: str | None = None) -> str:
    """A fingerprint of the access token (SHA-256, hex, 64 characters; never
    the token itself), kept beside what belongs to one token (the phones'
    seat links and QR codes): a new token (``token --rotate``) gives another.

    :param token: the token (default: the one in force, :func:`current_token`).
    """
    value = current_token() if token is None else token
    return hashlib.sha256(b"companion links\0" + value.encode()).hexdigest()


def token_ok(candidate: str | None) -> bool:
    """True when ``candidate`` is the access token (compared in constant time)."""
    if not candidate:
        return False
    expected = current_token()
    return hmac.compare_digest(candidate.encode(), expected.encode())


def _bearer() -> str | None:
    header = request.headers.get("Authorization", "")
    if header.lower().startswith("bearer "):
        return header[7:].strip()
    return None


def _wants_json() -> bool:
    return request.path.startswith("/api/") or request.accept_mimetypes.best == "application/json"


def _too_many(exc: Exception) -> ResponseReturnValue:
    """429 (Flask-Limiter's refusal, see :mod:`companion.security`): too many
    wrong tokens from this address; the sign-in page says so on the page."""
    seconds = security.retry_after()
    if request.endpoint == "auth.login":
        nxt = security.local_target(request.values.get("next")) or url_for("games.index")
        return (render_template("web/login.html", error="limited", next=nxt), 429,
                {"Retry-After": str(seconds)})
    message = gettext(
        "Too many wrong tokens from this address; try again in %(seconds)s s.", seconds=seconds
    )
    if _wants_json():
        return problem_reply("too_many_attempts", message, 429, {"Retry-After": str(seconds)})
    response = current_app.response_class(message + "\n", mimetype="text/plain")
    response.status_code = 429
    response.headers["Retry-After"] = str(seconds)
    return response


def _spectator_ok() -> bool:
    """A read-only spectator link: the game's table view and revision only, by GET.

    The key comes from ``?view=`` (then kept in the session for this game, so the
    table view's refresh works) or from the session.
    """
    if not _marked(_SPECTATOR_OK) or request.method not in ("GET", "HEAD"):
        return False
    game_id = (request.view_args or {}).get("game_id")
    if not isinstance(game_id, int):
        return False
    views = session.get("views") or {}
    candidate = request.args.get("view") or (views.get(str(game_id)) if isinstance(views, dict) else None)
    if not candidate:
        return False
    key_of = current_app.extensions.get(_VIEW_KEYS)
    stored = key_of(game_id) if key_of is not None else None
    if not security.view_key_ok(candidate, stored):
        return False
    if views.get(str(game_id)) != candidate:
        views = dict(views) if isinstance(views, dict) else {}
        views[str(game_id)] = candidate
        session["views"] = views
    g.spectator = True
    return True


def _json_or_csrf() -> ResponseReturnValue | None:
    """The API's writes let in by the session cookie (a tablet's or a seat's
    phone) take JSON, or carry the form's CSRF token; anything else answers
    415 ``bad_value`` and changes nothing.

    Why: the API's blueprints are exempt from the forms' CSRF check, and a
    page on the same host (another port of the home server) can make the
    browser post a form there with the cookie; it cannot send JSON, nor an
    ``Authorization`` header, without the browser asking first (CORS), which
    this app never allows. A script that sends the token in the header is
    not a browser's cookie, so it is not asked.

    :return: ``None`` to go on, or the 415 answer.
    """
    if request.method in ("GET", "HEAD", "OPTIONS") or not request.path.startswith("/api/"):
        return None
    if request.blueprint == "photo":  # checks the same itself, once its size cap is raised
        return None
    if request.is_json:
        return None
    bearer = _bearer()
    if bearer is not None and token_ok(bearer):
        return None
    from flask_wtf.csrf import validate_csrf
    from wtforms.validators import ValidationError

    try:
        validate_csrf(request.headers.get("X-CSRFToken") or request.form.get("csrf_token"))
    except ValidationError:
        return problem_reply(
            "bad_value", gettext("Send the body as JSON (Content-Type: application/json)."), 415)
    return None


def _guard() -> ResponseReturnValue | None:
    if request.endpoint in OPEN_ENDPOINTS:
        return None
    if _marked(_OPEN_TO_PHONES):  # a seat's phone: its key is checked by the route
        return _json_or_csrf()
    if devices.current_device(current_token()) is not None:
        return _json_or_csrf()
    # A blocked address never gets here: Flask-Limiter refused it first (429).
    bearer = _bearer()
    token = request.args.get("token") if request.method == "GET" else None
    if bearer is not None:
        if token_ok(bearer):
            return None
        security.sign_in_failed()
    if token is not None:
        if token_ok(token):
            devices.open_session(token)
            args = [(k, v) for k, v in request.args.items(multi=True) if k != "token"]
            target = request.path + ("?" + urlencode(args) if args else "")
            return redirect(security.local_target(target) or url_for("games.index"))
        security.sign_in_failed()
    if _spectator_ok():
        return None
    if _wants_json():
        return problem_reply("unauthorized", gettext("The access token is needed."), 401,
                             {"WWW-Authenticate": "Bearer"})
    return redirect(url_for("auth.login", next=request.full_path.rstrip("?")))


@bp.route("/login", methods=["GET", "POST"])
def login() -> ResponseReturnValue:
    """The page where a device opens its session by typing the token."""
    error = None
    nxt = security.local_target(request.values.get("next")) or url_for("games.index")
    if request.method == "POST":
        typed = request.form.get("token", "").strip()
        if not typed:
            # Nothing typed: say so (not a wrong token, so not counted against the limit).
            return render_template("web/login.html", error="empty", next=nxt), 422
        if token_ok(typed):
            devices.open_session(typed)
            return redirect(nxt)
        security.sign_in_failed()
        error = True
    return render_template("web/login.html", error=error, next=nxt), (401 if error else 200)


@bp.route("/logout", methods=["POST"])
def logout() -> Response:
    """Close this device's session, on the server too (see :mod:`companion.devices`)."""
    devices.current_device(current_token())
    return devices.logout_response()


def is_spectator() -> bool:
    """True when this request was let in by a game's read-only spectator link."""
    return bool(g.get("spectator"))


def init_app(app: Flask) -> None:
    """Install the guard in front of every route, and the page or JSON that
    answers an address blocked for too many wrong tokens."""
    from flask_limiter.errors import RateLimitExceeded

    app.before_request(_guard)
    app.register_error_handler(RateLimitExceeded, _too_many)


__all__ = ["bp", "current_token", "init_app", "is_spectator", "token_mark", "token_ok", "abort"]
