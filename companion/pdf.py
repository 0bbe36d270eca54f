"""Score sheets as PDF: the one module that owns WeasyPrint.

The boundary follows indico's PDF receipts (style.md): a plain-data context
is built from the checked :class:`~companion.rules.game.Game` (strings, numbers,
lists and dicts only; no ORM objects), a Jinja template under
``templates/pdf/`` turns it into HTML, and WeasyPrint lays that out with a URL
fetcher that serves the app's own ``static/`` files and refuses everything
else, so a sheet never reaches the network or the rest of the disk.

The Jinja environment is our own (not Flask's), so a sheet can be printed with
or without an application or request context (CLI, tests, background jobs).
Fonts are the machine's (DejaVu Sans, Noto Sans CJK when installed), named in
the stylesheet and embedded in the PDF by WeasyPrint.
"""

from __future__ import annotations

import datetime
import mimetypes
import re
import unicodedata
from contextvars import ContextVar
from functools import lru_cache
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit
from urllib.request import url2pathname

import jinja2

from .labels import POINT_RULES, RULE_LABELS, VALUE_LABELS
from .rules.game import Game
from .rules.kinds import GameStatus
from .rules.profile import OPTIONS_BY_KEY
from .rules.schedule import starter

ROOT = Path(__file__).resolve().parent.parent
"""The repository root: ``templates/`` and ``static/`` live here."""
TEMPLATES = ROOT / "templates"
STATIC = ROOT / "static"
TEMPLATE = "pdf/sheet.html"
STYLESHEET = "pdf/sheet.css"
"""The sheet's stylesheet, relative to ``static/`` (fetched through the URL fetcher)."""

PAPERS: dict[str, tuple[float, float]] = {
    "a4": (210.0, 297.0),
    "letter": (215.9, 279.4),
    "a5": (148.0, 210.0),
    "half-letter": (139.7, 215.9),
}
"""Paper sizes in mm (portrait): the full pages and their halves (A5, half Letter)."""
HALF_OF: dict[str, str] = {"a4": "a5", "letter": "half-letter"}
"""The half-page size of each full paper (``size=half``)."""
HALF_PORTRAIT_MAX_PLAYERS = 8
"""On a half page, more players than this turn the sheet landscape."""
"""Paper sizes, portrait width × height in millimetres."""
PORTRAIT_MAX_PLAYERS = 8
"""Up to this many players a sheet is portrait; more turn it landscape."""

# Page geometry in millimetres (the stylesheet uses the same margins).
_MARGIN_X = 12.0
_MARGIN_Y = 10.0
_FIXED_COLUMNS = 41.0  # round, engine, starter
_ROUND_COLUMN = 13.0  # the round column alone (games without engines)
_ROW_MAX = 13.0  # the roomiest round row: room to write by hand
_ROW_MIN = 5.0  # the smallest row the compact type fits in; below, a second page
_ROW_STEP = 0.5  # how much a row shrinks when the sheet does not fit yet
_COMPACT_BELOW = 8.0  # rows lower than this use the compact type sizes
_OPEN_ROWS = 13  # rows on a sheet for a game without a fixed schedule (classic, picture)

class ResourceRefused(ValueError):
    """A sheet asked for a resource outside the app's ``static/`` folder."""


# ---------------------------------------------------------------- language

_LANGUAGE: ContextVar[str] = ContextVar("sheet_language", default="en")
"""The language of the sheet being made (set by :func:`_in_language`)."""


def _catalogue():
    from .i18n import catalogue

    return catalogue(_LANGUAGE.get())


def _t(message: str, /, **params: Any) -> str:
    """``message`` in the sheet's language, ``str.format``-ed with ``params``."""
    text = _catalogue().ugettext(message) if message else message
    return text.format(**params) if params else text


class _in_language:
    """``with _in_language("ko"):`` makes the sheet's words Korean inside."""

    def __init__(self, language: str | None):
        self.language = language or "en"

    def __enter__(self):
        self.token = _LANGUAGE.set(self.language)

    def __exit__(self, *exc):
        _LANGUAGE.reset(self.token)


# ---------------------------------------------------------------- context


def _ordinal(n: int) -> str:
    # Translators: a place in the standings on the sheet ("1st"; "1." or "1위" elsewhere).
    place = _t("{n}th")
    if place != "{n}th":
        return place.format(n=n)
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _format_date(day: datetime.date) -> str:
    """``Saturday 14 June 2025`` in English; the language's full date elsewhere."""
    if _LANGUAGE.get() != "en":
        from babel.dates import format_date

        return format_date(day, format="full", locale=_LANGUAGE.get())
    weekdays = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
    months = (
        "January", "February", "March", "April", "May", "June", "July",
        "August", "September", "October", "November", "December",
    )  # fmt: skip
    return f"{weekdays[day.weekday()]} {day.day} {months[day.month - 1]} {day.year}"


def _names(names: list[str]) -> str:
    """``Ana``, ``Ana and Ben``, ``Ana, Ben and Chen``."""
    if len(names) <= 1:
        return "".join(names)
    return _t("{names} and {last}", names=", ".join(names[:-1]), last=names[-1])


def _rule_value(key: str, value: Any) -> str:
    """A rule's value as it reads on paper: ``50 points``, ``5-5``, ``×2``."""
    if value is None:
        return _t("as scheduled")
    if key == "double_blank_points" and value == 0:
        return _t("face value (0 points)")
    if key == "draw_counts":
        counts = sorted((int(players), tiles) for players, tiles in value.items())
        return ", ".join(
            _t("{players} players: {tiles}", players=players, tiles=tiles) for players, tiles in counts
        )
    if key in ("start_engine", "end_engine"):
        return f"{value}-{value}"
    if key == "out_on_double_multiplier":
        return f"×{value}"
    if key == "round_to":
        return _t("nearest {value}", value=value)
    if key in POINT_RULES:
        return _t("{value} points", value=value)
    if isinstance(value, str):
        return _t(VALUE_LABELS[value]) if value in VALUE_LABELS else value.replace("_", " ")
    return str(value)


def _rules_in_play(game: Game) -> list[dict[str, Any]]:
    """The rule lines printed with the grid: the set, the deal, the
    double-blank (Mexican Train), then every rule changed from the defaults,
    each with its explanation from :data:`~companion.rules.profile.OPTIONS`."""
    table = game.table
    rules = table.rules
    n = table.set_n
    if table.engines:
        first, last = table.engines[0], table.engines[-1]
        set_explain = _t(
            "{size} tiles; {rounds} rounds, engines {first}-{first} to {last}-{last}.",
            size=table.set.size, rounds=len(table.engines), first=first, last=last,
        )
    else:
        set_explain = _t("{size} tiles.", size=table.set.size)
    lines: list[dict[str, Any]] = [
        {"label": _t("Set"), "value": _t("Double-{n}", n=n), "explain": set_explain},
        {
            "label": _t("Deal"),
            "value": _t("{n} tiles each", n=table.standard_deal()),
            "explain": _t(
                "{players} players; a round's own deal may differ.", players=len(table.players)
            ),
        },
    ]
    changed = rules.changed()
    shown = dict(changed)
    if table.kind.has_engine:
        shown.setdefault("double_blank_points", rules.double_blank_points)
    for key in [k for k in OPTIONS_BY_KEY if k in shown] + sorted(set(shown) - set(OPTIONS_BY_KEY)):
        option = OPTIONS_BY_KEY.get(key)
        default = option.default if option is not None else None
        lines.append(
            {
                "label": (
                    _t(RULE_LABELS[key])
                    if key in RULE_LABELS
                    else key.replace("_", " ").capitalize()
                ),
                "value": _rule_value(key, shown[key]),
                "explain": _t(option.explain) if option is not None else "",
                "changed": key in changed,
                "default": (
                    _rule_value(key, default) if key in changed and default is not None else None
                ),
            }
        )
    for line in lines:
        line.setdefault("changed", False)
        line.setdefault("default", None)
    return lines


def _geometry(
    paper: str, players: int, round_count: int, rule_lines: int, has_engines: bool = True
) -> dict[str, Any]:
    """Orientation and row height so the whole sheet fits one page."""
    width, height = PAPERS[paper]
    half = paper in HALF_OF.values()
    landscape = players > (HALF_PORTRAIT_MAX_PLAYERS if half else PORTRAIT_MAX_PLAYERS)
    if landscape:
        width, height = height, width
    usable = height - 2 * _MARGIN_Y
    # Heights measured on rendered sheets: title block, the rule lines (a
    # caption and about 4 mm a line; landscape sheets run them on in one
    # paragraph), the grid's head and totals row, the standings, the legend
    # and gaps. Only a first guess: _fit_one_page adjusts rows until it fits.
    inline_rules = landscape or half  # the rules run on in one paragraph under the standings
    rules_mm = (4.0 + (1.0 if half else 2.5) * rule_lines) if inline_rules else (4.0 + 4.0 * rule_lines)
    bottom = 36.0 + rules_mm
    fixed = 14.0 + 24.0 + bottom + 13.0 + 6.0
    row = max(_ROW_MIN, min(_ROW_MAX, (usable - fixed) / round_count))
    row = int(row * 2) / 2  # whole half millimetres, rounded down
    fixed_columns = _FIXED_COLUMNS if has_engines else _ROUND_COLUMN
    player_mm = (width - 2 * _MARGIN_X - fixed_columns) / players
    points_mm = int(player_mm * 0.42 * 10) / 10
    return {
        "paper": paper,
        "orientation": "landscape" if landscape else "portrait",
        "inline_rules": inline_rules,
        "half": half,
        "page_size": f"{width}mm {height}mm",
        "row_mm": row,
        "compact": row < _COMPACT_BELOW,
        "player_mm": round(player_mm, 1),
        "points_mm": points_mm,
        "total_mm": int((player_mm - points_mm) * 10) / 10,
    }


_PT_MM = 25.4 / 72
# Advance of a digit in DejaVu Sans, in em (regular 0.636, bold 0.696), and a
# generous average for a bold letter of a name.
_DIGIT_EM = 0.64
_BOLD_DIGIT_EM = 0.70
_BOLD_LETTER_EM = 0.68


def _fit_pt(width_mm: float, chars: float, em: float, largest: float, smallest: float) -> float:
    """The largest type size (pt, ≤ ``largest``) at which ``chars`` characters
    of ``em`` width fit ``width_mm``; never below ``smallest``."""
    size = width_mm / (max(chars, 1) * em * _PT_MM)
    return round(max(smallest, min(largest, size)), 1)


def _with_row(context: dict[str, Any], row_mm: float) -> dict[str, Any]:
    """``context`` with round rows ``row_mm`` high and type sized to fit the cells.

    Numbers never spill out of their cell: the points, running totals and
    final totals are set as large as their widest value allows (four-digit
    totals in narrow columns get smaller type); the names heading the grid
    share one size, the one at which the longest word fits its column.
    """
    compact = row_mm < _COMPACT_BELOW
    digits = context["digits"]
    player_mm = context["player_mm"]
    points_chars = max(digits["points"], 2) + (0.6 if digits["marked"] else 0)
    totals_chars = max(digits["totals"], 3)
    type_pt = {
        "points": _fit_pt(
            context["points_mm"] - 2.6, points_chars, _DIGIT_EM, 7.5 if compact else 8.5, 5.5
        ),
        "running": _fit_pt(
            context["total_mm"] - 3.0, totals_chars, _BOLD_DIGIT_EM, 10.0 if compact else 12.0, 6.0
        ),
        "final": _fit_pt(player_mm - 3.5, totals_chars, _BOLD_DIGIT_EM, 14.0, 7.0),
    }
    # one size for every name: the one the longest word needs (never below 6.5 pt);
    # a name whose longest word still does not fit gets its own smaller size,
    # down to 5 pt, and past that breaks with a hyphen, never in mid-word unmarked
    longest = max(_word_em(word) for name in context["players"] for word in _name_words(name))
    type_pt["names"] = _fit_pt(player_mm - 2.5, longest / _BOLD_LETTER_EM, _BOLD_LETTER_EM, 10.0, 6.5)
    heads = [fit_name(name, player_mm - 2.5, type_pt["names"]) for name in context["players"]]
    return {**context, "row_mm": row_mm, "compact": compact, "type_pt": type_pt, "name_heads": heads}


_SMALLEST_NAME_PT = 5.0
"""The smallest type for a name heading the grid (pt); past it a name is hyphenated."""
_SOFT_HYPHEN = "\u00ad"


def _name_words(name: str) -> list[str]:
    """The pieces of a name that cannot be broken without a hyphen: split at
    spaces, and after a hyphen ("Maximilian-" and "Alexander")."""
    return [w for w in re.split(r"\s+|(?<=-)", name) if w]


def _char_em(ch: str) -> float:
    """A generous advance of one character in bold (em): East Asian wide
    characters and emoji are about one em, other letters :data:`_BOLD_LETTER_EM`."""
    if unicodedata.combining(ch) or ch in "\u200d\ufe0f":
        return 0.0
    if unicodedata.east_asian_width(ch) in ("W", "F") or ord(ch) >= 0x1F000:
        return 1.05
    return _BOLD_LETTER_EM


def _word_em(word: str) -> float:
    """The width of ``word`` in bold, in em."""
    return sum(_char_em(ch) for ch in word)


def fit_name(name: str, width_mm: float, common_pt: float) -> dict[str, Any]:
    """How a name heads its column of the grid: ``{"text", "pt"}``.

    At ``common_pt`` when its longest word fits ``width_mm``; otherwise at the
    size that word needs, but not below 5 pt; a word too long even then gets
    soft hyphens (U+00AD), so it breaks with a hyphen where it must ("Konstanti-
    nopoulos"), never silently in mid-word.

    :param name: the player's name.
    :param width_mm: the column's width for text (mm).
    :param common_pt: the size shared by the names that fit (pt).
    :return: ``text`` (the name, perhaps with soft hyphens) and ``pt`` (type size).
    """
    words = _name_words(name)
    longest = max((_word_em(w) for w in words), default=1.0)
    pt = common_pt
    if longest * common_pt * _PT_MM > width_mm:
        pt = round(max(_SMALLEST_NAME_PT, width_mm / (longest * _PT_MM)) - 0.05, 1)
    room_em = width_mm / (pt * _PT_MM)
    if longest <= room_em:
        return {"text": name, "pt": pt}
    pieces = []
    for word in re.split(r"(\s+)", name):
        out, run = "", 0.0
        for ch in word:
            w = _char_em(ch)
            # leave room for the hyphen a break would show (about half an em)
            if run + w > room_em - 0.5 and run > 0 and not word.isspace():
                out += _SOFT_HYPHEN
                run = 0.0
            out += ch
            run = 0.0 if ch == "-" else run + w
        pieces.append(out)
    return {"text": "".join(pieces), "pt": pt}


def _kind_words(game: Game) -> dict[str, str]:
    """How the sheet names the game, its winner and its unit."""
    table = game.table
    kind = table.kind
    if kind.has_engine:
        last = table.engines[-1] if table.engines else 0
        return {
            "name": _t("Mexican Train"),
            "unit": _t("points"),
            "wins": _t("lowest total wins"),
            "hint": _t(
                "Game in progress: the lowest total after the {last}-{last} round wins.", last=last
            ),
        }
    if not kind.counts_pips:
        return {
            "name": _t("Picture dominoes"),
            "unit": _t("rounds won"),
            "wins": _t("most rounds won wins"),
            "hint": _t("A tally of who went out first in each round."),
        }
    target = table.rules.target_score
    return {
        "name": _t("Draw dominoes") if kind.has_boneyard else _t("Block dominoes"),
        "unit": _t("points"),
        "wins": _t("first to {target} points wins", target=target),
        "hint": _t("Game in progress: the first to reach {target} points wins.", target=target),
    }


def _blank_cells(count: int) -> list[dict[str, Any]]:
    return [
        {"points": None, "total": None, "out": False, "double_blank": False, "absent": False}
        for _ in range(count)
    ]


def sheet_context(
    game: Game,
    *,
    played_on: datetime.date,
    paper: str = "a4",
    blank: bool = False,
    title: str | None = None,
    language: str | None = None,
) -> dict[str, Any]:
    """The plain data a score sheet template needs (no domain objects).

    Scores, running totals, standings and winners come from the game
    (:meth:`Game.scores`, :meth:`Game.running_totals`, :meth:`Game.standings`,
    :meth:`Game.winners`); nothing is scored here.

    :param game: the checked game.
    :param played_on: the day the game is (or was) played.
    :param paper: ``"a4"`` or ``"letter"``, or the half pages ``"a5"`` and
        ``"half-letter"`` (:data:`PAPERS`).
    :param blank: leave every score cell empty (a sheet to play on paper).
    :param title: the sheet's heading; ``"Mexican Train score sheet"`` by default.
    :param language: the language of the sheet's words (a code of
        :data:`companion.i18n.LANGUAGES`); English by default.
    :return: a dict of strings, numbers, booleans, lists and dicts. Points and
        totals are ints (points), ``None`` where a cell stays empty.
    :raises ValueError: for an unknown ``paper``.
    """
    if paper not in PAPERS:
        raise ValueError(f"paper must be one of {', '.join(PAPERS)}, not {paper!r}")
    with _in_language(language):
        context = _sheet_context(game, played_on=played_on, paper=paper, blank=blank, title=title)
    return {**context, "language": language or "en"}


def _sheet_context(
    game: Game, *, played_on: datetime.date, paper: str, blank: bool, title: str | None
) -> dict[str, Any]:
    table = game.table
    players = list(table.players)
    rules = table.rules
    words = _kind_words(game)
    has_engines = bool(table.engines)
    played = () if blank else game.rounds
    scores = game.scores() if played else []
    running = game.running_totals() if played else []
    # Mexican Train lists every round of the schedule; games without one list
    # the rounds played and room for more.
    row_count = len(table.engines) if has_engines else max(len(played) + 3, _OPEN_ROWS)

    rounds: list[dict[str, Any]] = []
    for i in range(row_count):
        number = i + 1
        rnd = played[i] if i < len(played) else None
        absent = set(rnd.absent) if rnd is not None else set()
        engine = table.engines[i] if has_engines else None
        row: dict[str, Any] = {
            "number": number,
            "engine": f"{engine}-{engine}" if engine is not None else "",
            "starter": (
                starter(table.players, table.first_starter, number, absent) if has_engines else ""
            ),
            "played": rnd is not None,
            "next": not blank and i == len(played) and not game.finished,
            "ended": rnd.ended if rnd is not None else None,
            "unverified": rnd is not None and rnd.unverified,
            "cells": _blank_cells(len(players)),
        }
        if rnd is not None:
            went_out = set(rnd.went_out)
            row["cells"] = []
            for name in players:
                hand = rnd.hands.get(name)
                row["cells"].append(
                    {
                        "points": scores[i].get(name),
                        "total": running[i].get(name),
                        "out": name in went_out,
                        "double_blank": bool(
                            hand is not None
                            and hand.double_blank
                            and not hand.out
                            and rules.double_blank_points > 0
                        ),
                        "absent": name in absent,
                    }
                )
        rounds.append(row)

    if blank:
        status = "blank"
    elif game.finished:
        status = GameStatus.FINISHED
    elif game.rounds:
        status = GameStatus.IN_PROGRESS
    else:
        status = "not_started"

    standings: list[dict[str, Any]] = []
    totals: list[int | None] = [None] * len(players)
    winners_list: list[str] = []
    if status in (GameStatus.IN_PROGRESS, GameStatus.FINISHED):
        by_player = game.totals()
        totals = [by_player[name] for name in players]
        winners_list = list(game.winners()) if status == GameStatus.FINISHED else []
        standings = [
            {
                "rank": s.rank,
                "place": _ordinal(s.rank) if s.rank is not None else _t("left"),
                "player": s.player,
                "total": s.total,
                "winner": s.player in winners_list,
            }
            for s in game.standings()
        ]
    rule_lines = _rules_in_play(game)
    context: dict[str, Any] = {
        "title": title or _t("{game} score sheet", game=words["name"]),
        "game_name": words["name"],
        "unit": words["unit"],
        "wins": words["wins"],
        "progress_hint": words["hint"],
        "played_on": _format_date(played_on),
        "played_on_iso": played_on.isoformat(),
        "blank": blank,
        "status": status,
        "set_label": _t("Double-{n}", n=table.set_n),
        "has_engines": has_engines,
        "rules": rule_lines,
        "double_blank_points": rules.double_blank_points if table.kind.has_engine else 0,
        "players": players,
        "rounds": rounds,
        "round_count": table.round_count,
        "rounds_played": len(played),
        "totals": totals,
        "standings": standings,
        "winners": winners_list,
        "winners_text": _names(winners_list),
        "winning_total": standings[0]["total"] if standings else None,
        "any_absent": any(c["absent"] for r in rounds for c in r["cells"]),
        "stylesheet": STYLESHEET,
    }
    numbers = [c["points"] for r in rounds for c in r["cells"] if c["points"] is not None]
    context["digits"] = {
        "points": max((len(str(n)) for n in numbers), default=2),
        "totals": max((len(str(t)) for t in totals if t is not None), default=2),
        "marked": any(c["double_blank"] for r in rounds for c in r["cells"]),
    }
    geometry = _geometry(paper, len(players), row_count, len(rule_lines), has_engines)
    return _with_row(context | geometry, geometry["row_mm"])


# ---------------------------------------------------------------- rendering


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
    # ``_()`` in the sheet template: the catalogue of the sheet's language.
    env.install_gettext_callables(  # type: ignore[attr-defined]
        gettext=lambda s: _catalogue().ugettext(s),
        ngettext=lambda s, p, n: _catalogue().ungettext(s, p, n),
        pgettext=lambda c, s: _catalogue().upgettext(c, s),
        npgettext=lambda c, s, p, n: _catalogue().unpgettext(c, s, p, n),
        newstyle=True,
    )
    return env


def render_html(context: dict[str, Any]) -> str:
    """The sheet's HTML from :func:`sheet_context`'s data (names escaped), in
    the context's ``language``."""
    with _in_language(context.get("language")):
        return _environment().get_template(TEMPLATE).render(**context)


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


def _fit_one_page(context: dict[str, Any]):
    """Lay the sheet out, shrinking the round rows until it fits one page.

    :return: the laid-out document (one page unless rows hit ``_ROW_MIN``).
    """
    document = _layout(render_html(context))
    while len(document.pages) > 1 and context["row_mm"] > _ROW_MIN:
        context = _with_row(context, max(_ROW_MIN, context["row_mm"] - _ROW_STEP))
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
    """The score sheet of a Mexican Train game as a one-page PDF.

    A filled sheet shows the date, the rules in play (set, deal, double-blank
    points and every rule changed from the defaults, explained), one column
    per player in seat order, one row per round with its engine double and
    starter, each played round's points and running totals (rounds still to
    play listed with empty cells), a totals row and the standings (lowest
    total wins; equal totals share a rank; the winner or tied winners named
    once the game is finished). A blank sheet (``blank=True``) keeps the
    names, engines and starters and leaves every score cell empty, to play on
    paper. Up to :data:`PORTRAIT_MAX_PLAYERS` players the page is portrait,
    beyond that landscape; row heights shrink so that every round fits.

    Rules: the schedule (N-N down to 0-0, the start moving one seat clockwise)
    and the scoring come from :mod:`companion.rules` (the documents of docs/sources.md,
    docs/sources.md); this function only lays them out.

    :param game: the checked game (:func:`companion.rules.read_game`).
    :param played_on: the day of the game, printed on the sheet.
    :param paper: ``"a4"`` (595 × 842 pt), ``"letter"`` (612 × 792 pt), or
        half a page: ``"a5"`` (420 × 595 pt), ``"half-letter"`` (396 × 612 pt).
    :param blank: print an empty sheet for playing on paper.
    :param title: the heading; ``"Mexican Train score sheet"`` by default.
    :param language: the language of the sheet (a code of
        :data:`companion.i18n.LANGUAGES`, e.g. ``"ko"``); English by default.
        Fonts: DejaVu Sans carries Latin and Cyrillic, Noto Sans CJK Hangul.
    :return: the PDF document, as bytes.
    :raises ValueError: for an unknown ``paper``.
    """
    context = sheet_context(
        game, played_on=played_on, paper=paper, blank=blank, title=title, language=language
    )
    return _fit_one_page(context).write_pdf()


__all__ = [
    "PAPERS",
    "ResourceRefused",
    "fetch_static",
    "render_html",
    "render_pdf",
    "score_sheet_pdf",
    "sheet_context",
    "static_path",
]
