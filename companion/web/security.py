"""Keeping strangers out: security headers, secure cookies behind HTTPS, a limit
on sign-in attempts, the read-only spectator link of a game, and a strict JSON
parser for every request body (:mod:`companion.jsonbody`).

:func:`init_app` installs all of it (one line in the app factory).

Libraries, and why:

* **Security headers: Flask-Talisman.** It sends our Content-Security-Policy
  (:data:`CSP`: our own files only, no inline script or style, no nonce
  needed), ``X-Frame-Options: DENY``, ``nosniff``, the referrer policy and HSTS,
  per answer. Its HTTPS redirect stays off (the app serves a home network over
  plain HTTP; ``COMPANION_HTTPS`` turns on HSTS and the ``Secure`` cookie).
* **Sign-in throttling: Flask-Limiter.** One application-wide limit per
  client address, checked before the access guard and counted only for
  *failed* attempts (its ``deduct_when``): a wrong token at ``/login``, in
  ``?token=`` or in a Bearer header. Its storage is configurable
  (``RATELIMIT_STORAGE_URI``); by default it is the app's own database
  (:mod:`companion.web.signin_count`), so every worker process counts into
  one count: counted in each process's memory, gunicorn's four workers let
  four times the limit through. A wrong token is then one small database
  write (counted only for wrong tokens, never for the right one), and
  Flask-Limiter still does the windows and ``Retry-After``.

Settings (``instance/config.py``, the test mapping, or the environment):

``COMPANION_HTTPS`` (``1``)
    The app is only reached over HTTPS: the session cookie is always ``Secure``
    and ``Strict-Transport-Security`` is sent. Without it the cookie is
    ``Secure`` whenever the request itself came over HTTPS.
``COMPANION_PROXY`` (``1``)
    The app runs behind one reverse proxy that sets ``X-Forwarded-For``,
    ``-Proto``, ``-Host`` and ``-Prefix``: trust them (Werkzeug's ``ProxyFix``),
    so the client address and the scheme are the real ones.
``PUBLIC_URL`` (``COMPANION_PUBLIC_URL``)
    The address the app is reached at from outside, e.g.
    ``https://scores.example.org`` (with a path when the app lives under
    one). Spectator links are built from it (:func:`public_url_for`);
    without it, from the address the request came to (its ``Host``).
``LOGIN_MAX_FAILURES`` (10) and ``LOGIN_WINDOW_SECONDS`` (60)
    At most this many wrong tokens (at ``/login``, ``?token=`` or a Bearer
    header) from one client address within the window (a moving window); past
    that every sign-in attempt from that address answers 429 until the oldest
    failure has left the window. ``0`` failures switches the limit off.
``RATELIMIT_STORAGE_URI`` (``companion-db://``)
    Where Flask-Limiter counts: ``companion-db://`` in the app's database,
    for all processes together; ``memory://`` per app process; a URI such as
    ``redis://host:6379`` (with that client installed) in Redis.
"""

from __future__ import annotations

import hmac
import math
import secrets
import time
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from flask import Flask, Request, Response, current_app, g, request
from flask.sessions import SecureCookieSessionInterface
from flask_limiter import Limiter
from flask_talisman import Talisman
from werkzeug.middleware.proxy_fix import ProxyFix
from werkzeug.routing import IntegerConverter, Map

if TYPE_CHECKING:
    from _typeshed.wsgi import StartResponse, WSGIApplication, WSGIEnvironment

CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "object-src 'none'; frame-ancestors 'none'; base-uri 'self'; form-action 'self'"
)
"""The Content-Security-Policy of every answer: our own files only, no inline
script or style, never framed."""

HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
}
"""The headers every answer carries (sent by Flask-Talisman, see :func:`init_app`)."""


def _truthy(value: object) -> bool:
    return str(value).strip().lower() in ("1", "true", "yes", "on")


class SessionInterface(SecureCookieSessionInterface):
    """Flask's signed-cookie session whose cookie is ``Secure`` when the request
    came over HTTPS (or the app is configured as HTTPS only)."""

    def get_cookie_secure(self, app: Flask) -> bool:  # noqa: D102 (Flask's hook)
        if app.config.get("SESSION_COOKIE_SECURE") or app.config.get("COMPANION_HTTPS"):
            return True
        try:
            return request.is_secure
        except RuntimeError:  # outside a request
            return False


def _sign_in_attempt() -> bool:
    """True when this request tries a token: the sign-in form sent, a Bearer
    header, or ``?token=`` on a GET."""
    if request.endpoint == "auth.login" and request.method == "POST":
        return True
    if request.headers.get("Authorization", "").lower().startswith("bearer "):
        return True
    return request.method == "GET" and "token" in request.args


def sign_in_failed() -> None:
    """Count this request against its address's sign-in limit (a wrong token)."""
    g.sign_in_failed = True


def retry_after() -> int:
    """Seconds until the address of this (refused) request may try again (at least 1)."""
    limiter: Limiter = current_app.extensions["companion_limiter"]
    current = limiter.current_limit
    if current is None:
        return 1
    wait = math.ceil(current.window[0] - time.time())  # reset_at rounds up a whole second
    return max(1, min(wait, current.limit.get_expiry()))


def client_address(req: Request | None = None) -> str:
    """The client's address (the real one behind a trusted proxy, see ``COMPANION_PROXY``)."""
    return (req or request).remote_addr or "unknown"


# -- where a redirect may go ---------------------------------------------------


def local_target(value: str | None) -> str | None:
    """``value`` when it is a path on this site to send a browser to, else ``None``.

    The one check for every redirect that follows something the request
    carried (``?next=``, the ``Referer``, the path a ``?token=`` link opened).
    It goes by :func:`urllib.parse.urlsplit`'s reading of the address (which,
    like a browser, drops tabs and newlines before reading it), and refuses
    outright what a browser or a server might read differently: any control
    character (C0 or DEL) and any backslash. What is left must have no scheme
    and no host, and a path that starts with one ``/`` (``//host`` is another
    site).

    :param value: the address asked for (may be ``None`` or empty).
    :return: ``value`` unchanged when it is safe, else ``None``.
    """
    if not value or not isinstance(value, str):
        return None
    if "\\" in value or any(ord(c) < 0x20 or ord(c) == 0x7F for c in value):
        return None
    try:
        parts = urlsplit(value)
    except ValueError:  # e.g. an unclosed "[" read as an IPv6 host
        return None
    if parts.scheme or parts.netloc:
        return None
    if not parts.path.startswith("/") or parts.path.startswith("//"):
        return None
    return value


def local_referrer(referrer: str | None, host: str) -> str | None:
    """The path and query of ``referrer`` when it is a page of this site (same
    host as ``host``) that :func:`local_target` accepts, else ``None``.

    :param referrer: the ``Referer`` header as sent (may be malformed or ``None``).
    :param host: this request's host (``request.host``).
    """
    if not referrer or any(ord(c) < 0x20 or ord(c) == 0x7F for c in referrer):
        return None
    try:
        parts = urlsplit(referrer)
    except ValueError:
        return None
    if parts.scheme not in ("http", "https") or parts.netloc != host:
        return None
    return local_target(parts.path + (f"?{parts.query}" if parts.query else ""))


class UnreadableRefererDropped:
    """WSGI middleware: a ``Referer`` that is not an address at all (say
    ``http://[::1``, which :func:`urllib.parse.urlsplit` cannot read) is
    dropped before the app sees it, so no reader of it (ours, or Flask-WTF's
    same-origin check of forms over HTTPS, which then refuses the form with
    400) fails with a server error. A readable one is left as it is.

    :param app: the WSGI application to wrap.
    """

    def __init__(self, app: WSGIApplication) -> None:
        self.app = app

    def __call__(self, environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        referer = environ.get("HTTP_REFERER")
        if referer is not None:
            try:
                urlsplit(referer)
            except ValueError:
                del environ["HTTP_REFERER"]
        return self.app(environ, start_response)


# -- ids in addresses ---------------------------------------------------------------

ID_MAX = 2**31 - 1
"""The largest id or number an address may carry: PostgreSQL's ``integer``
(SQLite's integers go to 2^63 - 1, so this bound fits both)."""


class BoundedInt(IntegerConverter):
    """Werkzeug's ``int`` converter with an upper bound of :data:`ID_MAX`
    (unless a route gives its own ``max``): a larger number in
    ``/games/<int:game_id>`` matches no route (404) instead of reaching the
    database, which cannot hold it."""

    regex = r"[0-9]+"
    r"""ASCII digits only (Werkzeug's ``\d+`` also matches ``٣`` or ``²``, which
    ``/games/٣`` then read as game 3): anything else matches no route (404)."""

    def __init__(self, map: Map, *args: Any, **kwargs: Any) -> None:  # noqa: A002 (Werkzeug's name)
        kwargs.setdefault("max", ID_MAX)
        super().__init__(map, *args, **kwargs)


# -- spectator links ---------------------------------------------------------


def new_view_key() -> str:
    """A fresh random key for a game's spectator link (22 URL-safe characters)."""
    return secrets.token_urlsafe(16)


def view_key_ok(candidate: str | None, stored: str | None) -> bool:
    """True when ``candidate`` is the game's spectator key (constant-time compare).

    :param candidate: the ``view`` parameter sent, or ``None``.
    :param stored: the game's stored key, or ``None`` for no key.
    """
    if not candidate or not stored:
        return False
    return hmac.compare_digest(candidate.encode(), stored.encode())




# -- links shown to be shared ------------------------------------------------


def public_url_for(endpoint: str, **values: Any) -> str:
    """The absolute address of ``endpoint`` for a link that leaves this device
    (a spectator link): under ``PUBLIC_URL`` when it is set, else Flask's
    ``url_for(..., _external=True)`` (the request's host).

    :param endpoint: the route's endpoint; ``values`` its arguments.
    """
    from flask import url_for

    base: str | None = current_app.config.get("PUBLIC_URL")
    if not base:
        return url_for(endpoint, _external=True, **values)
    path = url_for(endpoint, **values)
    root = request.script_root if request else ""
    if root and path.startswith(root):
        path = path[len(root):]
    return base.rstrip("/") + path


def _public_url(value: object) -> str | None:
    """``PUBLIC_URL`` checked: an http(s) address with a host, no query."""
    if value in (None, ""):
        return None
    text = str(value).strip()
    parts = urlsplit(text)
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.query or parts.fragment \
            or any(ord(c) < 0x21 for c in text) or "\\" in text:
        raise ValueError(f"PUBLIC_URL: {text!r} is not an http(s) address such as https://scores.example.org")
    return text.rstrip("/")


# -- installation ------------------------------------------------------------


def cache_policy(response: Response) -> str | None:
    """The ``Cache-Control`` an answer gets when its view set none.

    Pages of a signed-in device: ``private, no-cache`` (no shared cache keeps
    them, the browser asks again each time, and the service worker may keep
    the last copy for offline use; signing out clears it). Every other
    answer with a family's games in it (JSON, PDF, CSV, the spectator view, the
    sign-in and devices pages, redirects): ``no-store``. Our own files and
    ``/healthz`` are left alone (``None``).
    """
    from flask import g

    if request.endpoint in ("static", "health.healthz"):
        return None
    if (response.status_code == 200 and response.mimetype == "text/html" and g.get("device") is not None
            and not g.get("spectator") and request.endpoint != "devices.index"):
        return "private, no-cache"
    return "no-store"


def _add_cache_control(response: Response) -> Response:
    if "Cache-Control" not in response.headers:
        policy = cache_policy(response)
        if policy:
            response.headers["Cache-Control"] = policy
    return response


def _refuse_nul() -> Response | None:
    """400 for a query or form value (or name) holding a NUL character: no
    database stores one in text (PostgreSQL refuses it), so it is never data."""
    try:
        values = request.values
    except Exception:  # noqa: BLE001 - a body Werkzeug cannot parse: the view decides
        return None
    for key, items in values.lists():
        if "\x00" in key or any("\x00" in v for v in items):
            response = current_app.response_class(
                "A value holds a NUL character.\n", status=400, mimetype="text/plain"
            )
            return response
    return None


def init_app(app: Flask) -> None:
    """Install the headers, the cookie policy, the proxy fix, the sign-in limit
    and the strict JSON parser.

    Reads ``COMPANION_HTTPS``, ``COMPANION_PROXY``, ``LOGIN_MAX_FAILURES`` and
    ``LOGIN_WINDOW_SECONDS`` from the config, then from the environment.

    :param app: the application being built.
    """
    _settings(app)
    app.add_template_global(public_url_for, "public_url_for")
    # Flask's documented way to wrap the WSGI app; mypy sees a method replaced.
    app.wsgi_app = UnreadableRefererDropped(app.wsgi_app)  # type: ignore[method-assign]
    if app.config["COMPANION_PROXY"]:
        app.wsgi_app = ProxyFix(  # type: ignore[method-assign]
            app.wsgi_app, x_for=1, x_proto=1, x_host=1, x_prefix=1)
    app.url_map.converters["int"] = BoundedInt  # before any route is registered
    _headers(app)
    app.session_interface = SessionInterface()  # Secure per request (after Talisman's settings)
    app.extensions["companion_limiter"] = _sign_in_limiter(app)
    app.after_request(_add_cache_control)
    app.before_request(_refuse_nul)
    from companion.web.jsonbody import StrictJSONProvider

    app.json = StrictJSONProvider(app)  # deep nesting, NaN, NUL: refused, never a 500


def _settings(app: Flask) -> None:
    """``COMPANION_HTTPS``, ``COMPANION_PROXY`` and ``PUBLIC_URL`` from the
    config, else the environment, made plain values."""
    import os

    for key in ("COMPANION_HTTPS", "COMPANION_PROXY"):
        if key not in app.config and key in os.environ:
            app.config[key] = _truthy(os.environ[key])
    if "PUBLIC_URL" not in app.config and os.environ.get("COMPANION_PUBLIC_URL"):
        app.config["PUBLIC_URL"] = os.environ["COMPANION_PUBLIC_URL"]
    app.config["PUBLIC_URL"] = _public_url(app.config.get("PUBLIC_URL"))
    app.config["COMPANION_HTTPS"] = _truthy(app.config.get("COMPANION_HTTPS", False))
    app.config["COMPANION_PROXY"] = _truthy(app.config.get("COMPANION_PROXY", False))
    if app.config["COMPANION_HTTPS"]:
        app.config["SESSION_COOKIE_SECURE"] = True


def _headers(app: Flask) -> None:
    """The security headers (:data:`CSP`, :data:`HEADERS`; HSTS over HTTPS)
    and the session cookie's flags, by Flask-Talisman."""
    Talisman(
        app,
        content_security_policy=CSP,
        frame_options=HEADERS["X-Frame-Options"],
        referrer_policy=HEADERS["Referrer-Policy"],
        x_content_type_options=True,
        force_https=False,
        strict_transport_security=app.config["COMPANION_HTTPS"],
        strict_transport_security_include_subdomains=False,
        strict_transport_security_max_age=365 * 24 * 3600,
        session_cookie_secure=app.config["COMPANION_HTTPS"],
        session_cookie_http_only=True,
        session_cookie_samesite=app.config.get("SESSION_COOKIE_SAMESITE", "Lax"),
    )


def _sign_in_limiter(app: Flask) -> Limiter:
    """Flask-Limiter counting failed sign-ins by address: ``LOGIN_MAX_FAILURES``
    (config, else ``COMPANION_LOGIN_MAX_FAILURES``, 10; 0 switches it off) in
    a moving window of ``LOGIN_WINDOW_SECONDS`` (60)."""
    import os

    failures = int(app.config.get("LOGIN_MAX_FAILURES",
                                  os.environ.get("COMPANION_LOGIN_MAX_FAILURES", 10)))
    window = int(float(app.config.get("LOGIN_WINDOW_SECONDS", 60)))
    from companion.web import signin_count  # registers its storage scheme with ``limits``

    # One count for every worker: in the app's database (memory:// counted per process).
    app.config.setdefault("RATELIMIT_STORAGE_URI", f"{signin_count.SCHEME}://")
    app.config.setdefault("RATELIMIT_KEY_PREFIX", "companion-sign-in")
    return Limiter(
        key_func=client_address,
        app=app,
        strategy="moving-window",
        application_limits=[f"{failures} per {window} second"] if failures > 0 else [],
        application_limits_exempt_when=lambda: not _sign_in_attempt(),
        application_limits_deduct_when=lambda response: bool(g.get("sign_in_failed")),
        default_limits=[],
        headers_enabled=False,
        enabled=failures > 0,
        swallow_errors=True,  # a database not yet migrated (503) must not fail the check
    )


__all__ = [
    "CSP",
    "HEADERS",
    "ID_MAX",
    "cache_policy",
    "BoundedInt",
    "SessionInterface",
    "client_address",
    "init_app",
    "retry_after",
    "sign_in_failed",
    "local_referrer",
    "local_target",
    "new_view_key",
    "public_url_for",
    "view_key_ok",
]
