"""The one CSV writer of the app (the players' statistics and games, a club
night's standings, the backup's round-by-round export).

Two defences against a spreadsheet taking a name for a formula (OWASP, "CSV
Injection"):

* a text cell that begins with ``=``, ``+``, ``-``, ``@``, a tab or a carriage
  return is written inert, with a leading ``'``;
* every cell that holds a separator (``,`` or ``;``: a spreadsheet set to
  Russian, Belarusian or Croatian splits lines at ``;``), a quote mark or a
  line break is quoted, so whatever separator the spreadsheet uses, the cell
  stays one cell and its first character is the one checked above.

The standard library's :mod:`csv` quotes only around its own separator, so a
``Zoe;=1+1;`` went out bare; the few lines here replace it."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import IO, Any

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""First characters that make a spreadsheet read a cell as a formula."""

QUOTED_WHEN_HOLDING = (",", ";", '"', "\n", "\r")
"""Characters that make a cell be written between quote marks."""

_PLAIN_NUMBER = re.compile(r"-?[0-9]+(\.[0-9]+)?")


def inert(value: str) -> str:
    """``value`` with a ``'`` in front when it begins like a formula.

    A plain decimal number written as text (``-1.50``, points per round) is
    no formula and stays as it is.

    :param value: a text cell (a player's name, a kind's name).
    :return: the text a spreadsheet shows as text.
    """
    if value[:1] in FORMULA_STARTS and not _PLAIN_NUMBER.fullmatch(value):
        return "'" + value
    return value


def cell(value: Any) -> str:
    """One cell as written: text made :func:`inert`, numbers as they are
    (a negative total stays a number), ``None`` empty; quoted (quote marks
    doubled) when it holds a separator, a quote mark or a line break.

    :param value: a ``str``, ``int``, ``float`` or ``None``.
    :return: the cell's characters in the file.
    """
    if value is None:
        text = ""
    elif isinstance(value, str):
        text = inert(value)
    else:
        text = str(value)
    if any(ch in text for ch in QUOTED_WHEN_HOLDING):
        return '"' + text.replace('"', '""') + '"'
    return text


def line(cells: Iterable[Any]) -> str:
    """One CSV line (``,`` between cells, ending in CRLF) of :func:`cell`\\ s."""
    return ",".join(cell(v) for v in cells) + "\r\n"


def write_rows(out: IO[str], rows: Iterable[Iterable[Any]]) -> int:
    """Write ``rows`` to ``out`` as CSV lines.

    :return: the number of lines written.
    """
    n = 0
    for row in rows:
        out.write(line(row))
        n += 1
    return n


def csv_text(rows: Iterable[Iterable[Any]]) -> str:
    """``rows`` as one CSV text (see :func:`line`)."""
    return "".join(line(row) for row in rows)


class Writer:
    """A stand-in for :func:`csv.writer` that writes :func:`line`\\ s to ``out``."""

    def __init__(self, out: IO[str]) -> None:
        self.out = out

    def writerow(self, row: Iterable[Any]) -> None:
        """Write one row as a CSV line."""
        self.out.write(line(row))


def writer(out: IO[str]) -> Writer:
    """A :class:`Writer` on ``out`` (the shape of :func:`csv.writer`)."""
    return Writer(out)
