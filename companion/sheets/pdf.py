"""Score sheets as PDF: the one module that owns WeasyPrint.

The boundary follows indico's PDF receipts: a plain-data context is built
from the checked :class:`~companion.rules.game.Game` (:mod:`companion.sheet`:
the words in :mod:`~companion.sheet.words`, the page in
:mod:`~companion.sheet.layout`, the data in :mod:`~companion.sheet.context`;
strings, numbers, lists and dicts only, no ORM objects), a Jinja template
under ``templates/pdf/`` turns it into HTML, and WeasyPrint lays that out with
a URL fetcher that serves the app's own ``static/`` files and refuses
everything else, so a sheet never reaches the network or the rest of the disk.

The Jinja environment is our own (not Flask's), so a sheet can be printed with
or without an application or request context (CLI, tests, background jobs).
Fonts are the machine's (DejaVu Sans, Noto Sans CJK when installed), named in
the stylesheet and embedded in the PDF by WeasyPrint.
"""

from __future__ import annotations

import datetime
import mimetypes
from functools import lru_cache
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit
from urllib.request import url2pathname

import jinja2

from companion.rules.game import Game
from companion.sheets.context import STYLESHEET, sheet_context
from companion.sheets.layout import (
    HALF_OF,
    PAPERS,
    PORTRAIT_MAX_PLAYERS,
    ROW_MIN,
    ROW_STEP,
    with_row,
)
from companion.web.i18n import in_language, translations

ROOT = Path(__file__).resolve().parents[2]
"""The repository root: ``templates/`` and ``static/`` live here."""
TEMPLATES = ROOT / "templates"
STATIC = ROOT / "static"
TEMPLATE = "sheets/sheet.html"


class ResourceRefused(ValueError):
    """A sheet asked for a resource outside the app's ``static/`` folder."""


@lru_cache(maxsize=1)
def _environment() -> jinja2.Environment:
    """Our own Jinja environment over ``templates/``: works outside a request."""
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(TEMPLATES),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        extensions=["jinja2.ext.i18n"],
    )
    # ``_()`` in the sheet template: the app's one translation path, in the sheet's language.
    env.install_gettext_callables(  # type: ignore[attr-defined]
        gettext=lambda s: translations().ugettext(s),
        ngettext=lambda s, p, n: translations().ungettext(s, p, n),
        pgettext=lambda c, s: translations().upgettext(c, s),
        npgettext=lambda c, s, p, n: translations().unpgettext(c, s, p, n),
        newstyle=True,
    )
    return env


def render_html(context: dict[str, Any]) -> str:
    """The sheet's HTML from :func:`sheet_context`'s data (names escaped), in
    the context's ``language``; with the context's ``template`` when it names
    one (the pairs' sheet: :mod:`companion.sheets.partnership`)."""
    with in_language(context.get("language")):
        return _environment().get_template(context.get("template", TEMPLATE)).render(**context)


def static_path(url: str, static_root: Path = STATIC) -> Path:
    """The file under ``static_root`` that ``url`` names, or a refusal.

    Only ``file:`` URLs (no host, or ``localhost``) that resolve, symbolic links
    followed, to an existing file inside ``static_root`` are served; http(s),
    data:, other files on the disk and ``..`` escapes are refused.

    :param url: an absolute URL, as WeasyPrint resolves it against the base URL.
    :param static_root: the folder served (the app's ``static/``).
    :return: the file's path.
    :raises ResourceRefused: for anything else.
    """
    parts = urlsplit(url)
    if parts.scheme.lower() != "file" or parts.netloc not in ("", "localhost"):
        raise ResourceRefused(f"score sheets load only the app's static files, not {url!r}")
    root = static_root.resolve()
    try:
        path = Path(url2pathname(unquote(parts.path))).resolve()
    except (OSError, RuntimeError, ValueError) as exc:
        raise ResourceRefused(f"not a usable path: {url!r}") from exc
    if not path.is_relative_to(root) or not path.is_file():
        raise ResourceRefused(f"{url!r} is not a file of the app's static folder")
    return path


def _url_fetcher(static_root: Path = STATIC):
    """A WeasyPrint URL fetcher serving :func:`static_path` files only.

    Recent WeasyPrint releases take a :class:`weasyprint.urls.URLFetcher`
    instance, older ones a function returning a dict; both are served here.
    A refusal raises :class:`ResourceRefused`, which WeasyPrint logs and skips.
    """
    from weasyprint import urls

    def load(url: str) -> tuple[Path, bytes, str]:
        path = static_path(url, static_root)
        mime = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        return path, path.read_bytes(), mime

    base = getattr(urls, "URLFetcher", None)
    if base is None:  # pragma: no cover - older WeasyPrint: a plain function

        def fetch_dict(url: str) -> dict[str, Any]:
            path, body, mime = load(url)
            return {"string": body, "mime_type": mime, "redirected_url": path.as_uri()}

        return fetch_dict

    class StaticOnlyFetcher(base):  # type: ignore[misc, valid-type]
        """Serves ``static/`` files; never opens a network connection."""

        def fetch(self, url, headers=None):
            path, body, mime = load(url)
            return urls.URLFetcherResponse(path.as_uri(), body, {"Content-Type": mime})

    return StaticOnlyFetcher(allowed_protocols=("file",), allow_redirects=False)


def fetch_static(url: str) -> bytes:
    """Fetch ``url`` as a score sheet would: the bytes of a ``static/`` file.

    :raises ResourceRefused: for anything outside ``static/``.
    """
    response = _url_fetcher()(url)
    if isinstance(response, dict):  # pragma: no cover - older WeasyPrint
        return response["string"]
    try:
        return response.read()
    finally:
        response.close()


def _layout(html: str):
    """Lay ``html`` out with WeasyPrint, relative URLs resolved in ``static/``.

    :return: the laid-out :class:`weasyprint.document.Document`.
    """
    from weasyprint import HTML  # imported here: app start-up stays light

    source = HTML(string=html, base_url=STATIC.resolve().as_uri() + "/", url_fetcher=_url_fetcher())
    return source.render()


def render_pdf(html: str) -> bytes:
    """The PDF of ``html``, laid out as :func:`_layout` does (all its pages)."""
    return _layout(html).write_pdf()


def template_pdf(template: str, context: dict[str, Any]) -> bytes:
    """The PDF of another template under ``templates/`` (a finished game's
    picture, :mod:`companion.sheets.share`), rendered in the context's
    ``language`` and laid out as a sheet is (:func:`_layout`: ``static/``
    files only).

    :param template: the template's path under ``templates/``.
    :param context: its plain data (strings, numbers, lists, dicts).
    """
    with in_language(context.get("language")):
        html = _environment().get_template(template).render(**context)
    return render_pdf(html)


def fit_one_page(context: dict[str, Any]):
    """Lay the sheet out, shrinking the round rows until it fits one page.

    :return: the laid-out document (one page unless rows hit ``ROW_MIN``).
    """
    document = _layout(render_html(context))
    while len(document.pages) > 1 and context["row_mm"] > ROW_MIN:
        context = with_row(context, max(ROW_MIN, context["row_mm"] - ROW_STEP))
        document = _layout(render_html(context))
    return document


def score_sheet_pdf(
    game: Game,
    *,
    played_on: datetime.date,
    paper: str = "a4",
    blank: bool = False,
    title: str | None = None,
    language: str | None = None,
) -> bytes:
    """The score sheet of a game (any kind) as a one-page PDF.

    A filled sheet shows the date, the rules in play (set, deal, double-blank
    points and every rule changed from the defaults, explained), one column
    per player in seat order, one row per round (Mexican Train: with its
    engine double and starter, every round of the schedule listed; the other
    kinds: the rounds played, and while the game goes on room for more), each played round's points
    and running totals, a totals row and the standings (lowest total wins in
    Mexican Train, highest in the others; equal totals share a rank; the
    winner or tied winners named once the game is finished). A blank sheet
    (``blank=True``) keeps the names, engines and starters and leaves every
    score cell empty, to play on paper. Up to :data:`PORTRAIT_MAX_PLAYERS`
    players the page is portrait, beyond that landscape; row heights shrink
    so that every round fits.

    Rules: the schedule and the scoring come from :mod:`companion.rules`
    (``docs/sources.md``); this function only lays them out.

    :param game: the checked game (:func:`companion.rules.read_game`).
    :param played_on: the day of the game, printed on the sheet.
    :param paper: ``"a4"`` (595 × 842 pt), ``"letter"`` (612 × 792 pt), or
        half a page: ``"a5"`` (420 × 595 pt), ``"half-letter"`` (396 × 612 pt).
    :param blank: print an empty sheet for playing on paper.
    :param title: the heading; "<game> score sheet" (``"Mexican Train score
        sheet"``, ``"Draw dominoes score sheet"``...) by default.
    :param language: the language of the sheet (a code of
        :data:`companion.i18n.LANGUAGES`, e.g. ``"ko"``); English by default.
        Fonts: DejaVu Sans carries Latin and Cyrillic, Noto Sans CJK Hangul.
    :return: the PDF document, as bytes.
    :raises ValueError: for an unknown ``paper``.
    """
    context = sheet_context(
        game, played_on=played_on, paper=paper, blank=blank, title=title, language=language
    )
    return fit_one_page(context).write_pdf()


__all__ = [
    "HALF_OF",
    "PAPERS",
    "PORTRAIT_MAX_PLAYERS",
    "STYLESHEET",
    "ResourceRefused",
    "fetch_static",
    "fit_one_page",
    "render_html",
    "render_pdf",
    "score_sheet_pdf",
    "sheet_context",
    "static_path",
    "template_pdf",
]
