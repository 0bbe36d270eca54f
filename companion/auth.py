"""Access: every page and API route needs the access token.

Like Jupyter: ``make run`` prints the address with ``?token=…``; opening it once
opens a session (a cookie) on that device. Scripts send
``Authorization: Bearer <token>``. The token is ``COMPANION_TOKEN`` or is made
on first start and kept in ``instance/token``.
"""

from __future__ import annotations

import hmac
from urllib.parse import urlencode

from flask import (
    Blueprint,
    Flask,
    abort,
    current_app,
    jsonify,
    redirect,
    render_template,
    request,
    session,
    url_for,
)

bp = Blueprint("auth", __name__)

OPEN_ENDPOINTS = {"static", "auth.login"}


def token_ok(candidate: str | None) -> bool:
    """True when ``candidate`` is the access token (compared in constant time)."""
    if not candidate:
        return False
    expected = current_app.config["COMPANION_TOKEN"]
    return hmac.compare_digest(candidate.encode(), expected.encode())


def _bearer() -> str | None:
    header = request.headers.get("Authorization", "")
    if header.lower().startswith("bearer "):
        return header[7:].strip()
    return None


def _guard():
    if request.endpoint in OPEN_ENDPOINTS:
        return None
    if session.get("authed"):
        return None
    if token_ok(_bearer()):
        return None
    token = request.args.get("token")
    if token is not None and request.method == "GET":
        if token_ok(token):
            session.clear()
            session["authed"] = True
            session.permanent = True
            args = {k: v for k, v in request.args.items() if k != "token"}
            return redirect(request.path + ("?" + urlencode(args) if args else ""))
    if request.path.startswith("/api/") or request.accept_mimetypes.best == "application/json":
        response = jsonify(
            errors=[{"path": "", "code": "unauthorized", "message": "The access token is needed."}]
        )
        response.status_code = 401
        response.headers["WWW-Authenticate"] = "Bearer"
        return response
    return redirect(url_for("auth.login", next=request.full_path.rstrip("?")))


@bp.route("/login", methods=["GET", "POST"])
def login():
    """The page where a device opens its session by typing the token."""
    error = None
    nxt = request.values.get("next") or url_for("games.index")
    if not nxt.startswith("/") or nxt.startswith("//"):
        nxt = url_for("games.index")
    if request.method == "POST":
        if token_ok(request.form.get("token", "").strip()):
            session.clear()
            session["authed"] = True
            session.permanent = True
            return redirect(nxt)
        error = True
    return render_template("login.html", error=error, next=nxt), (401 if error else 200)


@bp.route("/logout", methods=["POST"])
def logout():
    """Close this device's session."""
    session.clear()
    return redirect(url_for("auth.login"))


def init_app(app: Flask) -> None:
    """Install the guard in front of every route."""
    app.before_request(_guard)


__all__ = ["bp", "init_app", "token_ok", "abort"]
