"""What each device keeps for itself: its theme, and the offline machinery of
the web app (the service worker at the site's root; the manifest is
``static/manifest.webmanifest``).

The theme is a cookie (``theme``: ``auto``, ``light``, ``dark`` or
``contrast``) that ``templates/base.html`` writes into ``<html data-theme>``,
so the page is drawn in its colours from the first paint, without a script;
``auto`` follows the system's ``prefers-color-scheme`` and ``prefers-contrast``.
"""

from __future__ import annotations

import hashlib
import json
import mimetypes
from functools import lru_cache
from pathlib import Path
from typing import Any

from flask import Blueprint, Response, current_app, request, url_for
from werkzeug.wrappers import Response as BaseResponse

from companion.web.i18n import keep_device_setting, lazy_gettext

bp = Blueprint("device", __name__)

mimetypes.add_type("application/manifest+json", ".webmanifest")

THEME_COOKIE = "theme"
THEME_COOKIE_AGE = 60 * 60 * 24 * 365 * 2
THEMES = {
    "auto": lazy_gettext("Automatic"),
    "light": lazy_gettext("Light"),
    "dark": lazy_gettext("Dark"),
    "contrast": lazy_gettext("High contrast"),
}
"""The themes, by cookie value, with their names."""

PRECACHE = ("app.css", "pages.css", "chart.css", "panels.css", "photo-dialog.css", "app.js", "start.js", "table.js", "icon.svg", "icon-192.png",
            "icon-512.png", "manifest.webmanifest")
"""Static files the service worker keeps from its first start (others as they are used)."""


def current_theme() -> str:
    """This device's theme (``auto`` when it chose none)."""
    chosen = request.cookies.get(THEME_COOKIE, "auto")
    return chosen if chosen in THEMES else "auto"


@bp.app_context_processor
def _theme_context() -> dict[str, Any]:
    return {"themes": THEMES, "current_theme": current_theme}


@bp.get("/theme/<name>")
def set_theme(name: str) -> BaseResponse:
    """Keep ``name`` as this device's theme (a cookie), then go back to ``?next=``."""
    return keep_device_setting(THEME_COOKIE, name, THEMES, THEME_COOKIE_AGE)


@lru_cache(maxsize=4)
def _static_version(static_folder: str, stamp: tuple[int, ...]) -> str:
    digest = hashlib.sha256()
    for name in PRECACHE:
        path = Path(static_folder) / name
        if path.exists():
            digest.update(name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:12]


def static_version() -> str:
    """A short hash of the precached static files: a new one makes the tablets
    fetch the new service worker, which then drops the old cache."""
    folder = current_app.static_folder or ""
    stamp = tuple(
        (Path(folder) / n).stat().st_mtime_ns if (Path(folder) / n).exists() else 0
        for n in PRECACHE
    )
    return _static_version(folder, stamp)


@bp.get("/sw.js")
def service_worker() -> Response:
    """The service worker, from the site's root so that it serves every page.

    It is ``static/sw.js`` with the cache version and the list of files to keep
    filled in; it is never cached itself (``no-cache``), so a new version is
    found on the next visit.
    """
    source = Path(current_app.static_folder or "", "sw.js").read_text(encoding="utf-8")
    files = [url_for("static", filename=n) for n in PRECACHE]
    body = source.replace("__VERSION__", static_version()).replace(
        "__PRECACHE__", json.dumps(files)
    )
    response = Response(body, mimetype="text/javascript")
    response.headers["Cache-Control"] = "no-cache"
    response.headers["Service-Worker-Allowed"] = "/"
    return response


__all__ = ["THEMES", "bp", "current_theme", "service_worker", "set_theme", "static_version"]
