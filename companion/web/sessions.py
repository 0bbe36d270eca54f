"""Signed-in devices: one server-side record per session, so a session can end.

Opening the app with the access token (``?token=``, the sign-in page) stores a
:class:`DeviceSession` and puts only its random id in the signed session
cookie. A request counts as signed in while that record exists **and** was
opened with the access token in force now (the record keeps a fingerprint of
it): so

* signing out deletes this device's record (a copied cookie opens nothing);
* a new token (``flask --app companion token --rotate``) ends every session
  opened with the old one, on every app process, at once;
* the tablet lists the devices signed in (``/devices``) and signs any of them out.

Why a table of our own rather than Flask-Session: Flask-Session keeps the whole
session dict on the server, but it cannot list the sessions, bind them to the
token or end one from another device; the signed cookie already carries the
little the app keeps per device (CSRF token, spectator keys), so only "who is
signed in" needs to live on the server, and that is this small table, in the
app's own database (one more store would be one more thing to run).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from datetime import UTC, datetime, timedelta

from flask import (
    Blueprint,
    Flask,
    abort,
    flash,
    g,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from flask.typing import ResponseReturnValue
from sqlalchemy import DateTime, Integer, String, delete
from sqlalchemy.orm import Mapped, mapped_column
from werkzeug.wrappers import Response

from companion.store.db import db
from companion.store.tx import changed_rows, transaction
from companion.web.i18n import gettext

bp = Blueprint("devices", __name__)

SESSION_KEY = "sid"
"""The session cookie's entry holding this device's session id."""

SEEN_EVERY = timedelta(minutes=5)
"""``last_seen`` is written at most this often per device (not on every request)."""


def _now() -> datetime:
    return datetime.now(UTC)


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


class DeviceSession(db.Model):  # type: ignore[name-defined,misc]  # db.Model: no type to mypy
    """One signed-in device.

    ``key_hash`` is the SHA-256 of the random id kept in the device's cookie (the
    id itself is never stored); ``token_mark`` the SHA-256 of the access token
    the session was opened with; ``label`` a short description of the browser
    (from its ``User-Agent``) and ``address`` the client address, both to tell
    the devices apart in the list.
    """

    __tablename__ = "device_session"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    key_hash: Mapped[str] = mapped_column(String(64), unique=True)
    token_mark: Mapped[str] = mapped_column(String(64))
    label: Mapped[str] = mapped_column(String(120), default="")
    address: Mapped[str] = mapped_column(String(64), default="")
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    last_seen: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)


def device_label(user_agent: str | None) -> str:
    """A short name for a browser from its ``User-Agent`` ("Chrome · Android").

    :param user_agent: the header as sent (may be empty).
    :return: browser and system when recognised, else the first 60 characters.
    """
    ua = user_agent or ""
    browser = next((name for token, name in (
        ("Firefox/", "Firefox"), ("Edg/", "Edge"), ("OPR/", "Opera"), ("SamsungBrowser/", "Samsung Internet"),
        ("Chrome/", "Chrome"), ("Chromium/", "Chromium"), ("Safari/", "Safari"),
    ) if token in ua), "")
    system = next((name for token, name in (
        ("Android", "Android"), ("iPad", "iPad"), ("iPhone", "iPhone"), ("Windows", "Windows"),
        ("Mac OS X", "macOS"), ("CrOS", "ChromeOS"), ("Linux", "Linux"),
    ) if token in ua), "")
    if browser or system:
        return " · ".join(x for x in (browser, system) if x)
    return "".join(c for c in ua[:60] if c.isprintable())


def open_session(token: str) -> None:
    """Sign this device in: a new record, its id in the (cleared) session cookie.

    :param token: the access token just accepted (its fingerprint is kept).
    """
    from companion.web.security import client_address

    sid = secrets.token_urlsafe(32)
    row = DeviceSession(
        key_hash=_digest(sid),
        token_mark=_digest(token),
        label=device_label(request.headers.get("User-Agent"))[:120],
        address=client_address()[:64],
    )
    with transaction():
        _prune()
        db.session.add(row)
    session.clear()
    session[SESSION_KEY] = sid
    session.permanent = True


def current_device(token: str) -> DeviceSession | None:
    """This request's session record when it is still open and was opened with
    ``token`` (the access token in force); else ``None`` (and the stale id is
    dropped from the cookie). Refreshes ``last_seen`` now and then.

    :param token: the access token in force.
    """
    if "device" in g:
        kept: DeviceSession | None = g.device
        return kept
    sid = session.get(SESSION_KEY)
    row = None
    if isinstance(sid, str) and sid:
        row = db.session.execute(
            db.select(DeviceSession).where(DeviceSession.key_hash == _digest(sid))
        ).scalar_one_or_none()
        if row is not None and not hmac.compare_digest(row.token_mark, _digest(token)):
            row = None
        if row is None:
            session.pop(SESSION_KEY, None)
        else:
            seen = row.last_seen if row.last_seen.tzinfo else row.last_seen.replace(tzinfo=UTC)
            if _now() - seen > SEEN_EVERY:
                with transaction():
                    row.last_seen = _now()
    g.device = row
    return row


def end_session(device_id: int) -> bool:
    """End one device's session (delete its record).

    :return: ``True`` when there was such a session.
    """
    with transaction():
        gone = db.session.execute(delete(DeviceSession).where(DeviceSession.id == device_id))
    return changed_rows(gone) == 1


def end_all_sessions() -> int:
    """End every session (after a new token).

    :return: how many were ended.
    """
    with transaction():
        gone = db.session.execute(delete(DeviceSession))
    return changed_rows(gone) or 0


def _signed_out_response() -> Response:
    """Back to the sign-in page, telling the browser to drop what it kept of
    this site's pages (``Clear-Site-Data``; the service worker also empties its
    page cache when it sees the sign-out)."""
    response = redirect(url_for("auth.login"))
    response.headers["Clear-Site-Data"] = '"cache", "storage"'
    return response


@bp.get("/devices")
def index() -> str:
    """The devices signed in, newest first; this one marked, each with a sign-out button."""
    me = g.get("device")
    rows = db.session.execute(
        db.select(DeviceSession).order_by(DeviceSession.last_seen.desc(), DeviceSession.id.desc())
    ).scalars().all()
    return render_template("web/devices.html", devices=rows, me=me.id if me is not None else None)


@bp.post("/devices/<int:device_id>/sign-out")
def sign_out(device_id: int) -> ResponseReturnValue:
    """Sign one device out (this one: back to the sign-in page)."""
    me = g.get("device")
    if not end_session(device_id):
        abort(404)
    if me is not None and me.id == device_id:
        session.clear()
        return _signed_out_response()
    flash(gettext("That device is signed out."), "info")
    return redirect(url_for("devices.index"))


def logout_response() -> Response:
    """End this device's session on the server and in the cookie (``/logout``)."""
    me = g.get("device")
    if me is not None:
        end_session(me.id)
    session.clear()
    return _signed_out_response()


def _prune(older_than_days: int = 400) -> None:
    """Forget sessions not seen for ``older_than_days`` (their cookie, which lasts
    a year, has expired); part of the caller's transaction."""
    cutoff = _now() - timedelta(days=older_than_days)
    db.session.execute(delete(DeviceSession).where(DeviceSession.last_seen < cutoff))


def init_app(app: Flask) -> None:
    """Register the devices page."""
    app.register_blueprint(bp)


__all__ = [
    "DeviceSession",
    "bp",
    "current_device",
    "device_label",
    "end_all_sessions",
    "end_session",
    "init_app",
    "logout_response",
    "open_session",
]
