"""The one place that turns problems into the JSON error envelope of docs/design.md:
``{"errors": [{"path", "code", "message"}]}`` (and/or ``"warnings"``)."""

from __future__ import annotations

from collections.abc import Iterable

from flask import Response, jsonify

from .rules.errors import Problem


def problems_response(
    errors: Iterable[Problem] = (), warnings: Iterable[Problem] = (), status: int = 422
) -> tuple[Response, int]:
    """The envelope for ``errors`` and ``warnings`` with the HTTP ``status``.

    :return: ``(response, status)`` for a Flask view to return.
    """
    body: dict[str, list[dict[str, str]]] = {}
    errors, warnings = list(errors), list(warnings)
    if errors:
        body["errors"] = [p.as_dict() for p in errors]
    if warnings:
        body["warnings"] = [p.as_dict() for p in warnings]
    return jsonify(body), status


def problem_response(code: str, message: str, status: int, path: str = "") -> tuple[Response, int]:
    """The envelope for one error."""
    return problems_response([Problem(path, code, message)], status=status)
