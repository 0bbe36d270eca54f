"""Reading a request's JSON body strictly: what ``request.get_json`` lets through
or turns into a server error is refused here as a plain ``bad_value``.

Why our own reader: the parsing itself is the standard library's ``json``;
what is added is a walk that refuses what PostgreSQL cannot store (NUL
characters, lone surrogates), ``NaN``/``Infinity`` and nesting deeper than a
record needs. The libraries looked at do other things: ``orjson`` and
``ujson`` parse faster but accept NUL characters and (``ujson``) lone
surrogates, which JSON itself allows; schema
validators (``jsonschema``, ``marshmallow``) check the shape after parsing,
which the rules engine does here with the players' own messages; Flask's
``get_json`` turns deep nesting into a server error. A few lines on top of
``json`` were the smallest sure answer."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from flask import Request
from flask.json.provider import DefaultJSONProvider

MAX_DEPTH = 32
"""Deepest nesting of arrays and objects accepted (a game record needs 4)."""


class BadJSON(ValueError):
    """The body is not acceptable JSON; the message says why."""


def _no_constant(name: str) -> Any:
    raise BadJSON(f"{name} is not a JSON number.")


def _string_problem(text: str) -> str | None:
    if "\x00" in text:
        return "The JSON holds a string with a NUL character (\\u0000)."
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return "The JSON holds a string that is not valid Unicode (a lone surrogate)."
    return None


def _check(value: Any, limit: int) -> None:
    """Walk ``value`` without recursion: its depth, and every key and string."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, str):
            problem = _string_problem(item)
            if problem:
                raise BadJSON(problem)
            continue
        if isinstance(item, dict):
            for key in item:
                problem = _string_problem(key)
                if problem:
                    raise BadJSON(problem)
            children: Iterable[Any] = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        if depth > limit:
            raise BadJSON(f"The JSON is nested deeper than {limit} levels.")
        stack.extend((child, depth + 1) for child in children)


def loads_strict(raw: bytes | str, max_depth: int = MAX_DEPTH) -> Any:
    """Parse JSON text strictly.

    Refused (:class:`BadJSON`): text that is not UTF-8, not JSON, ``NaN`` and
    ``Infinity``, nesting deeper than ``max_depth`` (including nesting so deep
    that the parser itself gives up), strings (values or keys) with lone
    surrogates or NUL characters (which PostgreSQL cannot store in text).

    :param raw: the body.
    :param max_depth: the deepest nesting allowed.
    :return: the parsed value.
    :raises BadJSON: as above.
    """
    try:
        text = raw.decode("utf-8") if isinstance(raw, (bytes, bytearray)) else raw
        value = json.loads(text, parse_constant=_no_constant)
    except BadJSON:
        raise
    except RecursionError:
        raise BadJSON("The JSON is nested too deeply.") from None
    except ValueError as exc:  # includes UnicodeDecodeError and JSONDecodeError
        raise BadJSON(f"The body is not valid JSON: {exc}") from None
    _check(value, max_depth)
    return value


def request_json(request: Request) -> Any:
    """The request's body parsed by :func:`loads_strict` (the size limit of
    ``MAX_CONTENT_LENGTH`` applies as for any body).

    :raises BadJSON: the body is not acceptable JSON.
    """
    return loads_strict(request.get_data(cache=True))


class StrictJSONProvider(DefaultJSONProvider):
    """Flask's JSON provider whose ``loads`` is :func:`loads_strict`, so every
    view's ``request.get_json()`` refuses what :func:`loads_strict` refuses
    (as a ``ValueError``: ``get_json(silent=True)`` then gives ``None``)
    instead of failing with a server error on very deep nesting."""

    def loads(self, s: str | bytes, **kwargs: Any) -> Any:
        """Parse ``s`` with :func:`loads_strict`; keyword arguments fall back to Flask's parser.

        :raises BadJSON: (a ``ValueError``) the text is refused.
        """
        if kwargs:
            return super().loads(s, **kwargs)
        return loads_strict(s)
