"""The one reading of numbers that arrive in a request: a path, a query
string, a form, a JSON body or a multipart upload.

A number is written with the ASCII digits ``0``-``9`` (a leading ``-`` where
negatives make sense), and fits the column that stores it: the ids and
counts of this app are PostgreSQL ``integer`` columns (32-bit, see the
models), so :data:`INT32_MIN`..\\ :data:`INT32_MAX` unless a caller gives a
narrower range. Python's ``int()`` and ``str.isdigit`` accept much more
(``²``, ``①``, Arabic-Indic ``٣``, thousands of digits): what they let
through used to reach the database and answer 500.

A number that is not one, or out of range, raises :class:`BadNumber`; the
app answers it (:func:`init_app`) with 422 ``bad_value`` at the field. An id
in a path is read by :class:`companion.web.security.BoundedInt` with the same
rule and is a 404 when it is not one."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from flask import Flask, request
from flask.typing import ResponseReturnValue

from companion.rules.errors import Problem
from companion.web.errors import problems_response
from companion.web.i18n import gettext

INT32_MIN = -(2**31)
"""The smallest value of an ``integer`` column (PostgreSQL; SQLite holds more)."""
INT32_MAX = 2**31 - 1
"""The largest value of an ``integer`` column: the largest id."""
INT64_MIN = -(2**63)
"""The smallest value of a ``bigint`` column."""
INT64_MAX = 2**63 - 1
"""The largest value of a ``bigint`` column."""

DECIMAL = re.compile(r"-?[0-9]+", re.ASCII)
"""A whole number as this app reads it: ASCII digits, a leading minus at most."""

_LONGEST = 40
"""Digits beyond which a number is out of every range (not worth converting)."""


class BadNumber(ValueError):
    """A value that should be a whole number is not one, or is out of range.

    :ivar path: the field (``set``, ``ids``, ``rounds[0].number``).
    :ivar message: what to write instead, in the request's language.
    """

    def __init__(self, path: str, message: str) -> None:
        super().__init__(f"{path}: {message}")
        self.path = path
        self.message = message


def parse(value: Any, low: int = INT32_MIN, high: int = INT32_MAX) -> int | None:
    """``value`` as a whole number in ``low``..``high``, or ``None``.

    :param value: a ``str`` (spaces around it allowed) or an ``int`` (from
        JSON; ``bool`` is no number).
    :return: the number; ``None`` when ``value`` is not a whole number
        written in ASCII digits, or is out of range.
    """
    if not _written_as_number(value):
        return None
    if isinstance(value, str):
        text = value.strip()
        if len(text) > _LONGEST:
            return None
        value = int(text)
    return value if low <= value <= high else None


def _written_as_number(value: Any) -> bool:
    if isinstance(value, bool):
        return False
    return isinstance(value, int) or (isinstance(value, str) and DECIMAL.fullmatch(value.strip()) is not None)


def whole(value: Any, path: str, low: int = INT32_MIN, high: int = INT32_MAX) -> int:
    """``value`` read by :func:`parse`, or a refusal at ``path``.

    :raises BadNumber: not a whole number in ASCII digits, or out of
        ``low``..``high``.
    """
    number = parse(value, low, high)
    if number is not None:
        return number
    if not _written_as_number(value):
        raise BadNumber(path, gettext("Write a whole number with the digits 0 to 9."))
    raise BadNumber(path, gettext("Give a number from %(low)s to %(high)s.", low=low, high=high))


def optional(value: Any, path: str, low: int = INT32_MIN, high: int = INT32_MAX) -> int | None:
    """Like :func:`whole`, but nothing given (``None`` or blank text) is ``None``.

    :raises BadNumber: as :func:`whole`.
    """
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    return whole(value, path, low, high)


def arg(name: str, default: int | None = None, low: int = INT32_MIN, high: int = INT32_MAX,
        values: Mapping[str, Any] | None = None) -> int | None:
    """The number in the request's query string (or ``values``, a form)
    under ``name``; ``default`` when it is absent or blank.

    :raises BadNumber: as :func:`whole`.
    """
    source = request.args if values is None else values
    number = optional(source.get(name), name, low, high)
    return default if number is None else number


def ids(raws: Iterable[Any], path: str) -> list[int]:
    """Ids (1..:data:`INT32_MAX`) in the order given, each read by :func:`whole`.

    :raises BadNumber: one of them is no id.
    """
    return [whole(raw, path, 1, INT32_MAX) for raw in raws]


def _refused(exc: BadNumber) -> ResponseReturnValue:
    """422 ``bad_value`` at the field: the JSON envelope for the API (and a
    client asking JSON), the message as text for a page."""
    if request.path.startswith("/api/") or request.accept_mimetypes.best == "application/json":
        return problems_response([Problem(exc.path, "bad_value", exc.message)])
    return exc.message + "\n", 422, {"Content-Type": "text/plain; charset=utf-8"}


def init_app(app: Flask) -> None:
    """Answer every :class:`BadNumber` a view lets out with 422 ``bad_value``."""
    app.register_error_handler(BadNumber, _refused)
