"""Languages: the one module that owns Flask-Babel.

The language follows the browser's ``Accept-Language`` unless the device chose
one (kept in a cookie).
"""

from __future__ import annotations

from flask import Flask, request
from flask_babel import Babel, gettext, lazy_gettext, ngettext

LANGUAGES: dict[str, str] = {"en": "English"}
"""Languages with a catalogue, by code, with their own name."""

babel = Babel()


def select_locale() -> str:
    """The language of this request: the device's choice, else the browser's."""
    chosen = request.cookies.get("lang")
    if chosen in LANGUAGES:
        return chosen
    return request.accept_languages.best_match(list(LANGUAGES)) or "en"



def init_babel(app: Flask) -> None:
    """Bind Babel to ``app`` with the catalogues under ``companion/translations``."""
    app.config.setdefault("BABEL_TRANSLATION_DIRECTORIES", "translations")
    babel.init_app(app, locale_selector=select_locale)


__all__ = ["LANGUAGES", "babel", "gettext", "lazy_gettext", "ngettext", "select_locale"]
