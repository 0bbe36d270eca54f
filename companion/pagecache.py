"""Pages kept per process until what they show changes.

A page made from stored records (a player's page, the leaderboard, an
event's standings) is kept under a key that names everything it was made
from: the path with its query, the language and theme of the request, and the
version counters of the records read (a player's ``stats_version``, an
event's and its games' revisions). A changed record gives a new key, so a
kept page is never out of date; the oldest keys are dropped past
:data:`SIZE`. Pages holding a form's CSRF token, or shown with a one-time
message, are never kept.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable

from flask import current_app, request, session

from .i18n import current_language

SIZE = 512
"""Pages kept per process."""
_lock = threading.Lock()


def _store() -> OrderedDict[Hashable, str]:
    return current_app.extensions.setdefault("companion.pages", OrderedDict())


def page(versions: Hashable, render: Callable[[], str]) -> str:
    """The page for this request and these record versions: kept, or rendered
    by ``render`` (and kept).

    :param versions: the version counters of every record the page reads.
    :param render: makes the page's HTML.
    """
    if session.get("_flashes"):
        return render()  # a one-time message is shown: not kept
    from .views.device import current_theme

    key = (request.full_path, current_language(), current_theme(), versions)
    store = _store()
    with _lock:
        html = store.get(key)
        if html is not None:
            store.move_to_end(key)
            return html
    html = render()
    with _lock:
        store[key] = html
        while len(store) > SIZE:
            store.popitem(last=False)
    return html
