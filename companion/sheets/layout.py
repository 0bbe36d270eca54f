"""The page of a score sheet: paper, orientation, row height, type sizes.

Everything is worked out in millimetres and points before WeasyPrint lays the
sheet out, so that a whole game fits one page and no number or name spills
out of its cell; :func:`companion.pdf.score_sheet_pdf` then shrinks the rows
while a sheet still runs to a second page.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any

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
ROW_MAX = 13.0  # the roomiest round row: room to write by hand
ROW_MIN = 5.0  # the smallest row the compact type fits in; below, a second page
ROW_STEP = 0.5  # how much a row shrinks when the sheet does not fit yet
COMPACT_BELOW = 8.0  # rows lower than this use the compact type sizes
OPEN_ROWS = 13  # rows on a sheet for a game without a fixed schedule (classic, picture)

def geometry(
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
    # and gaps. Only a first guess: fit_one_page adjusts rows until it fits.
    inline_rules = landscape or half  # the rules run on in one paragraph under the standings
    rules_mm = (4.0 + (1.0 if half else 2.5) * rule_lines) if inline_rules else (4.0 + 4.0 * rule_lines)
    bottom = 36.0 + rules_mm
    fixed = 14.0 + 24.0 + bottom + 13.0 + 6.0
    row = max(ROW_MIN, min(ROW_MAX, (usable - fixed) / round_count))
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
        "compact": row < COMPACT_BELOW,
        "player_mm": round(player_mm, 1),
        "points_mm": points_mm,
        "total_mm": int((player_mm - points_mm) * 10) / 10,
    }


PT_MM = 25.4 / 72
# Advance of a digit in DejaVu Sans, in em (regular 0.636, bold 0.696), and a
# generous average for a bold letter of a name.
_DIGIT_EM = 0.64
_BOLD_DIGIT_EM = 0.70
_BOLD_LETTER_EM = 0.68


def fit_pt(width_mm: float, chars: float, em: float, largest: float, smallest: float) -> float:
    """The largest type size (pt, ≤ ``largest``) at which ``chars`` characters
    of ``em`` width fit ``width_mm``; never below ``smallest``."""
    size = width_mm / (max(chars, 1) * em * PT_MM)
    return round(max(smallest, min(largest, size)), 1)


def with_row(context: dict[str, Any], row_mm: float) -> dict[str, Any]:
    """``context`` with round rows ``row_mm`` high and type sized to fit the cells.

    Numbers never spill out of their cell: the points, running totals and
    final totals are set as large as their widest value allows (four-digit
    totals in narrow columns get smaller type); the names heading the grid
    share one size, the one at which the longest word fits its column.
    """
    compact = row_mm < COMPACT_BELOW
    digits = context["digits"]
    player_mm = context["player_mm"]
    points_chars = max(digits["points"], 2) + (0.6 if digits["marked"] else 0)
    totals_chars = max(digits["totals"], 3)
    type_pt = {
        "points": fit_pt(
            context["points_mm"] - 2.6, points_chars, _DIGIT_EM, 7.5 if compact else 8.5, 5.5
        ),
        "running": fit_pt(
            context["total_mm"] - 3.0, totals_chars, _BOLD_DIGIT_EM, 10.0 if compact else 12.0, 6.0
        ),
        "final": fit_pt(player_mm - 3.5, totals_chars, _BOLD_DIGIT_EM, 14.0, 7.0),
    }
    # one size for every name: the one the longest word needs (never below 6.5 pt);
    # a name whose longest word still does not fit gets its own smaller size,
    # down to 5 pt, and past that breaks with a hyphen, never in mid-word unmarked
    longest = max(word_em(word) for name in context["players"] for word in name_words(name))
    type_pt["names"] = fit_pt(player_mm - 2.5, longest / _BOLD_LETTER_EM, _BOLD_LETTER_EM, 10.0, 6.5)
    # the cell's padding, and a millimetre to spare: the width of a bold word
    # is estimated from average letters ("Bartholomew" broke in mid-word at 9 columns)
    heads = [fit_name(name, player_mm - 3.5, type_pt["names"]) for name in context["players"]]
    # the Starts column (18 mm, names on one line): the longest starter whole
    starters = [r.get("starter") or "" for r in context.get("rounds", ())]
    widest = max((word_em(s) for s in starters), default=0.0)
    type_pt["starter"] = fit_pt(_STARTER_MM - 2.5, widest / _BOLD_LETTER_EM, _BOLD_LETTER_EM,
                                7.0 if compact else 8.0, 5.0)
    return {**context, "row_mm": row_mm, "compact": compact, "type_pt": type_pt, "name_heads": heads}


_STARTER_MM = 18.0
"""The Starts column's width (mm, as ``col.c-starter`` in static/pdf/sheet.css)."""
_SMALLEST_NAME_PT = 5.0
"""The smallest type for a name heading the grid (pt); past it a name is hyphenated."""
_SOFT_HYPHEN = "\u00ad"


def name_words(name: str) -> list[str]:
    """The pieces of a name that cannot be broken without a hyphen: split at
    spaces, and after a hyphen ("Maximilian-" and "Alexander")."""
    return [w for w in re.split(r"\s+|(?<=-)", name) if w]


def char_em(ch: str) -> float:
    """A generous advance of one character in bold (em): East Asian wide
    characters and emoji are about one em, other letters :data:`_BOLD_LETTER_EM`."""
    if unicodedata.combining(ch) or ch in "\u200d\ufe0f":
        return 0.0
    if unicodedata.east_asian_width(ch) in ("W", "F") or ord(ch) >= 0x1F000:
        return 1.05
    return _BOLD_LETTER_EM


def word_em(word: str) -> float:
    """The width of ``word`` in bold, in em."""
    return sum(char_em(ch) for ch in word)


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
    words = name_words(name)
    longest = max((word_em(w) for w in words), default=1.0)
    pt = common_pt
    if longest * common_pt * PT_MM > width_mm:
        pt = round(max(_SMALLEST_NAME_PT, width_mm / (longest * PT_MM)) - 0.05, 1)
    room_em = width_mm / (pt * PT_MM)
    if longest <= room_em:
        return {"text": name, "pt": pt}
    pieces = []
    for word in re.split(r"(\s+)", name):
        out, run = "", 0.0
        for ch in word:
            w = char_em(ch)
            # leave room for the hyphen a break would show (about half an em)
            if run + w > room_em - 0.5 and run > 0 and not word.isspace():
                out += _SOFT_HYPHEN
                run = 0.0
            out += ch
            run = 0.0 if ch == "-" else run + w
        pieces.append(out)
    return {"text": "".join(pieces), "pt": pt}


