"""Pages kept per process until what they show changes.

A page made from stored records (a player's page, the leaderboard, an
event's standings) is kept under a key that names everything it was made
from: the path with its query, the language and theme of the request, and the
version counters of the records read (a player's ``stats_version``, an
event's and its games' revisions). A changed record gives a new key, so a
kept page is never out of date; the oldest keys are dropped past
:data:`SIZE`. A page shown with a one-time message is never kept. A page
holding forms is kept with a placeholder where the request's CSRF token
stood (:func:`page` with ``forms=True``) and gets the token of the request
that reads it, so every device posts with its own session's token.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any

from flask import current_app, g, request, session
from flask_wtf.csrf import generate_csrf

from companion.web.i18n import current_language

SIZE = 512
"""Pages kept per process."""
_lock = threading.Lock()


def _store() -> OrderedDict[Hashable, Any]:
    pages: OrderedDict[Hashable, Any] = current_app.extensions.setdefault("companion.pages", OrderedDict())
    return pages


CSRF_HOLE = "\x00csrf-token\x00"
"""Where the request's CSRF token goes in a kept page (a NUL never occurs in a rendered page)."""


def page(versions: Hashable, render: Callable[[], str], forms: bool = False) -> str:
    """The page for this request and these record versions: kept, or rendered
    by ``render`` (and kept).

    :param versions: the version counters of every record the page reads.
    :param render: makes the page's HTML.
    :param forms: the page holds forms: it is kept without its CSRF token and
        served with the token of the request reading it.
    """
    key = request_key(versions)
    html = None if key is None else kept(key)
    if html is None:
        html = render()
        if key is not None:
            keep(key, html, forms)
        return html
    return with_token(html) if forms else html


def with_token(html: str) -> str:
    """A kept page with this request's CSRF token in its forms."""
    return html.replace(CSRF_HOLE, generate_csrf())


def request_key(versions: Hashable) -> Hashable | None:
    """This request's key for a page made from ``versions``; ``None`` when
    the page must not be kept (a one-time message is shown)."""
    if session.get("_flashes"):
        return None
    from companion.web.device import current_theme

    return (request.full_path, current_language(), current_theme(), g.get("device") is not None,
            versions)


def kept(key: Hashable) -> Any:
    """The page kept under ``key`` (from :func:`request_key`), or ``None``;
    one holding forms still has :data:`CSRF_HOLE` (see :func:`with_token`)."""
    store = _store()
    with _lock:
        html = store.get(key)
        if html is not None:
            store.move_to_end(key)
        return html


def keep(key: Hashable, html: Any, forms: bool = False) -> None:
    """Keep ``html`` under ``key`` (a page, or any answer that does not change,
    such as an API answer's text and headers); with ``forms``, this request's
    CSRF token in the page is kept as :data:`CSRF_HOLE`."""
    if forms:
        html = html.replace(generate_csrf(), CSRF_HOLE)
    store = _store()
    with _lock:
        store[key] = html
        while len(store) > SIZE:
            store.popitem(last=False)
