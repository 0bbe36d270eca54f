"""Languages: the one module that owns Flask-Babel.

The language follows the browser's ``Accept-Language`` unless the device chose
one (kept in the ``lang`` cookie, set by ``/lang/<code>``). The catalogues are
``companion/translations/<code>/LC_MESSAGES/messages.po``; ``make run`` and
``make test`` compile them (``pybabel compile``), and the app compiles any
that are missing or stale when it starts, so a checkout without ``.mo`` files
still speaks every language.

The rules engine (``companion/rules``) knows nothing of Flask: its messages are
English templates passed through :func:`companion.rules.errors.tr`. This module
installs a translator there that looks each template up in the request's
catalogue, then formats it.
"""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from collections.abc import Container, Iterable
from contextvars import ContextVar, Token
from functools import cache, lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click
from babel import support
from flask import (
    Blueprint,
    Flask,
    current_app,
    has_app_context,
    has_request_context,
    redirect,
    request,
    url_for,
)
from flask_babel import Babel, get_locale, get_translations, lazy_gettext
from werkzeug.wrappers import Response

if TYPE_CHECKING:
    # Flask-Babel has no type hints: its two translators as it defines them.
    def gettext(string: str, **variables: Any) -> str: ...
    def ngettext(singular: str, plural: str, num: int, **variables: Any) -> str: ...
else:
    from flask_babel import gettext, ngettext

from companion.rules import errors as rule_errors

LANGUAGES: dict[str, str] = {
    "en": "English",
    "ru": "Русский",
    "be": "Беларуская",
    "hr": "Hrvatski",
    "mn": "Монгол",
    "ko": "한국어",
}
"""Languages with a catalogue, by code, with their own name."""

COOKIE = "lang"
"""The cookie that keeps a device's chosen language."""
COOKIE_AGE = 60 * 60 * 24 * 365 * 2

TRANSLATIONS = Path(__file__).resolve().parent.parent / "translations"
"""Where the catalogues live (``<code>/LC_MESSAGES/messages.po``)."""

babel = Babel()
bp = Blueprint("i18n", __name__)
log = logging.getLogger(__name__)


def select_locale() -> str:
    """The language of this request: the device's choice, else the browser's
    (English outside a request: the CLI's messages)."""
    if not has_request_context():
        return "en"
    chosen = request.cookies.get(COOKIE)
    if chosen in LANGUAGES:
        return chosen
    return request.accept_languages.best_match(list(LANGUAGES)) or "en"


def current_language() -> str:
    """The code of the language in use (``"en"`` outside a request)."""
    locale = get_locale()
    return locale.language if locale is not None else "en"


_SHEET_LANGUAGE: ContextVar[str | None] = ContextVar("sheet_language", default=None)
"""A language chosen for one piece of work outside the request's (a score
sheet printed in Korean); set by :class:`in_language`."""


class in_language:
    """``with in_language("ko"):`` makes every translation inside Korean,
    with or without a request (score sheets, the CLI)."""

    def __init__(self, language: str | None) -> None:
        self.language = language or "en"
        self.token: Token[str | None] | None = None

    def __enter__(self) -> None:
        self.token = _SHEET_LANGUAGE.set(self.language)

    def __exit__(self, *exc: object) -> None:
        if self.token is not None:
            _SHEET_LANGUAGE.reset(self.token)


def language_in_use() -> str:
    """The code of the language translations go to now: the one set by
    :class:`in_language`, else the request's, else English."""
    chosen = _SHEET_LANGUAGE.get()
    if chosen is not None:
        return chosen
    # an app without this module's Babel (a sheet made inside another Flask app) is English
    return current_language() if has_app_context() and "babel" in current_app.extensions else "en"


def translations() -> support.NullTranslations:
    """The catalogue every translation goes through: the language set by
    :class:`in_language`, else the request's (Flask-Babel's), else English."""
    chosen = _SHEET_LANGUAGE.get()
    if chosen is not None:
        return catalogue(chosen)
    # an app without this module's Babel (a sheet made inside another Flask app) is English
    if has_app_context() and "babel" in current_app.extensions:
        return _request_translations()
    return support.NullTranslations()


def _request_translations() -> support.NullTranslations:
    """Flask-Babel's catalogue of this request, looked up once per request and
    kept on the request (a page asks for it a few hundred times; each of
    Flask-Babel's own lookups finds the request, the locale and its cache anew).
    Flask-Babel settles the locale once per request too (kept in ``g``), so
    the two cannot disagree within a request."""
    if not has_request_context():
        now: support.NullTranslations = get_translations()
        return now
    environ = request.environ
    found: support.NullTranslations | None = environ.get("companion.translations")
    if found is None:
        found = environ["companion.translations"] = get_translations()
    return found


def translate(message: str, /, **params: Any) -> str:
    """The one translator of Python code: ``message`` (a template with
    ``%(name)s`` placeholders, as Flask-Babel's ``gettext``) from
    :func:`translations`, formatted with ``params`` when there are any.
    Installed as the engine's ``tr``."""
    text = translations().ugettext(message) if message else message
    return text % params if params else text


def translate_plural(singular: str, plural: str, n: int, /, **params: Any) -> str:
    """As :func:`translate`, with the plural form for ``n`` (given as ``%(n)s``).
    Installed as the engine's ``trn``."""
    return translations().ungettext(singular, plural, n) % {"n": n, **params}


def translated(message: str) -> str:
    """``message`` (marked elsewhere with ``N_``) in the current language."""
    return translations().ugettext(message) if message else message


@cache
def catalogue(language: str) -> support.NullTranslations:
    """The compiled catalogue of ``language`` (no request needed: the PDF, the
    CLI); English (the templates themselves) for ``"en"`` or a missing one."""
    if language not in LANGUAGES or language == "en":
        return support.NullTranslations()
    compile_catalogues()
    return support.Translations.load(str(TRANSLATIONS), [language], domain="messages")


def compile_catalogues(directory: Path = TRANSLATIONS, force: bool = False) -> list[Path]:
    """Compile every ``messages.po`` under ``directory`` whose ``.mo`` is
    missing or older (what ``pybabel compile -d`` does).

    :param force: compile even when the ``.mo`` looks up to date.
    :return: the ``.mo`` files written.
    """
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    written = []
    for po in sorted(directory.glob("*/LC_MESSAGES/messages.po")):
        mo = po.with_suffix(".mo")
        if not force and mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime:
            continue
        with po.open("rb") as f:
            catalog = read_po(f, locale=po.parent.parent.name)
        partial = mo.with_name(f".{mo.name}.{os.getpid()}")
        try:
            with partial.open("wb") as f:
                write_mo(f, catalog)
            os.replace(partial, mo)  # atomic: a server starting alongside never reads half a file
        except OSError as exc:  # a read-only checkout: the language stays English
            log.warning("cannot write %s: %s", mo, exc)
            continue
        written.append(mo)
    return written


def local_next() -> str:
    """Where a device setting (language, theme) goes back to: ``?next=`` when
    it is a path on this site, else the referring page of this site, else the
    games page. Never another site."""
    from companion.web.security import local_referrer, local_target

    nxt = local_target(request.args.get("next"))
    if nxt is None and not request.args.get("next"):
        nxt = local_referrer(request.referrer, request.host)
    if nxt is None:
        nxt = url_for("games.index")
    return nxt


@bp.get("/lang/<code>")
def set_language(code: str) -> Response:
    """Keep ``code`` as this device's language (a cookie), then go back.

    ``?next=/path`` (a path on this site) is where to go; else the page the
    link was on, else the games page.
    """
    return keep_device_setting(COOKIE, code, LANGUAGES, COOKIE_AGE)


def keep_device_setting(cookie: str, value: str, allowed: Container[str], max_age: int) -> Response:
    """Go back (:func:`local_next`) keeping ``value`` in ``cookie`` on this device
    when it is one of ``allowed``; an unknown value changes nothing."""
    response = redirect(local_next())
    if value in allowed:
        response.set_cookie(
            cookie, value, max_age=max_age, samesite="Lax", httponly=True,
            secure=request.is_secure,
        )
    return response


ROOT = TRANSLATIONS.parent.parent
KEYWORDS = ("lazy_gettext", "tr", "trn:1,2", "plural_words:1,2")
"""Extraction keywords beyond Babel's defaults (as in babel.cfg and the Makefile)."""

translate_cli = click.Group("translate", help="Extract, update and compile the catalogues.")


def _pybabel(*args: str) -> None:
    command = [sys.executable, "-m", "babel.messages.frontend", "-q", *args]
    if subprocess.call(command, cwd=ROOT):
        raise click.ClickException(" ".join(args[:1]) + " failed")


@translate_cli.command("update")
def _update_command() -> None:
    """Extract messages.pot and merge it into every catalogue."""
    keywords = [arg for k in KEYWORDS for arg in ("-k", k)]
    _pybabel("extract", "-F", "babel.cfg", *keywords, "--add-comments=Translators:",
             "--sort-by-file", "--project=Domino Table Companion", "-o", "messages.pot", ".")
    _pybabel("update", "-i", "messages.pot", "-d", str(TRANSLATIONS))


@translate_cli.command("compile")
def _compile_command() -> None:
    """Compile every catalogue (.po → .mo)."""
    for mo in compile_catalogues(force=True):
        click.echo(f"compiled {mo.relative_to(ROOT)}")


def _template_globals() -> dict[str, Any]:
    return {"languages": LANGUAGES, "current_language": current_language, "translated": translated,
            "join_list": join_list, "plural_words": plural_words}


def plural_words(singular: str, plural: str, **params: str) -> str:
    """Every plural form of a message, for a script that fills in the count:
    JSON ``{"one": ..., "few": ..., "many": ..., "other": ...}`` keyed by the
    language's CLDR plural categories (what the browser's ``Intl.PluralRules``
    answers), each the catalogue's form for a count of that category,
    formatted with ``params`` (the script's own placeholders: ``tiles="{tiles}"``).

    Worked out once per language and message in a process (the catalogues do
    not change while it runs), then remembered."""
    return _plural_words(language_in_use(), singular, plural, tuple(sorted(params.items())))


@lru_cache(maxsize=512)
def _plural_words(language: str, singular: str, plural: str,
                  params: tuple[tuple[str, str], ...]) -> str:
    import json

    from babel import Locale

    locale = Locale.parse(language)
    book = catalogue(language)
    values = dict(params)
    forms: dict[str, str] = {}
    for n in range(200):
        forms.setdefault(locale.plural_form(n), book.ungettext(singular, plural, n) % values)
    forms.setdefault("other", book.ungettext(singular, plural, 5) % values)
    return json.dumps(forms, ensure_ascii=False)


def init_babel(app: Flask) -> None:
    """Bind Babel to ``app`` with the catalogues under ``companion/translations``,
    install the engine's translator and the ``/lang/<code>`` switch."""
    app.config.setdefault("BABEL_TRANSLATION_DIRECTORIES", str(TRANSLATIONS))
    compile_catalogues()
    babel.init_app(app, locale_selector=select_locale)
    # the templates' _() and ngettext() through the request's kept catalogue
    app.jinja_env.install_gettext_callables(  # type: ignore[attr-defined]  # jinja2.ext.i18n adds it
        gettext=lambda s: translations().ugettext(s),
        ngettext=lambda s, p, n: translations().ungettext(s, p, n),
        newstyle=True,
        pgettext=lambda c, s: translations().upgettext(c, s),
        npgettext=lambda c, s, p, n: translations().unpgettext(c, s, p, n),
    )
    app.context_processor(_template_globals)
    app.register_blueprint(bp)
    app.cli.add_command(translate_cli)


__all__ = [
    "LANGUAGES",
    "babel",
    "catalogue",
    "compile_catalogues",
    "current_language",
    "gettext",
    "lazy_gettext",
    "ngettext",
    "plural_words",
    "select_locale",
    "translate",
    "translate_plural",
    "translated",
    "translations",
    "in_language",
    "join_list",
    "language_in_use",
]


# The engine's messages go through the same translator as every other message,
# as soon as the app's package is in use (also without a request: the CLI,
# score sheets). ``companion.rules`` alone stays English.
rule_errors.set_translator(translate, translate_plural)
rule_errors.set_list_joiner(lambda items: join_list(items))


def join_list(items: Iterable[object]) -> str:
    """Names (or tiles) joined the way the language in use joins a list
    (Babel's ``format_list``): ``Ana, Ben and Chen``, ``Ana, Ben и Chen``."""
    from babel.lists import format_list

    names = [str(item) for item in items]
    return format_list(names, locale=language_in_use()) if names else ""
