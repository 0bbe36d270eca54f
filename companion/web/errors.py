"""The one place that turns problems into the JSON error envelope of docs/design.md:
``{"errors": [{"path", "code", "message"}]}`` (and/or ``"warnings"``).

Every JSON refusal of the app (the API, the planner, the photo, players and
club-night APIs, sign-in) is answered here, and every code it carries is one
of :data:`companion.rules.errors.ERROR_CODES` or ``WARNING_CODES`` (the one
list that names them; docs/design.md, "Error codes")."""

from __future__ import annotations

from collections.abc import Iterable

from flask import Flask, Response, jsonify, render_template, request
from werkzeug.exceptions import HTTPException

from companion.rules.errors import ERROR_CODES, WARNING_CODES, Problem
from companion.web.i18n import gettext


def problems_response(
    errors: Iterable[Problem] = (), warnings: Iterable[Problem] = (), status: int = 422
) -> tuple[Response, int]:
    """The envelope for ``errors`` and ``warnings`` with the HTTP ``status``.

    :return: ``(response, status)`` for a Flask view to return.
    :raises AssertionError: a code outside the list (a programming error,
        caught by the tests).
    """
    body: dict[str, list[dict[str, str]]] = {}
    errors, warnings = list(errors), list(warnings)
    for problem in errors:
        assert problem.code in ERROR_CODES, problem.code
    for problem in warnings:
        assert problem.code in WARNING_CODES, problem.code
    if errors:
        body["errors"] = [p.as_dict() for p in errors]
    if warnings:
        body["warnings"] = [p.as_dict() for p in warnings]
    return jsonify(body), status


def problem_response(code: str, message: str, status: int, path: str = "") -> tuple[Response, int]:
    """The envelope for one error."""
    return problems_response([Problem(path, code, message)], status=status)


def problem_reply(code: str, message: str, status: int, headers: dict[str, str] | None = None) -> Response:
    """The envelope for one error of the whole request (``path`` ``""``) as a
    response object, with ``status`` and ``headers`` set (a refusal returned
    from a ``before_request`` hook or an error handler: 401, 415, 429)."""
    response, _ = problem_response(code, message, status)
    response.status_code = status
    response.headers.update(headers or {})
    return response


def error_page(status: int) -> tuple[str, int]:
    """The app's own page for a missing page (404) or a fault on our side
    (500), in the reader's language, with a way back to the games.

    :param status: 404 or 500 (any other status reads as 500's page).
    :return: ``(html, status)`` for a Flask error handler to return.
    """
    if status == 404:
        title = gettext("This page is not here")
        text = gettext("The address may be mistyped, or the game was deleted.")
    else:
        title = gettext("Something went wrong on our side")
        text = gettext("What was entered last may not be saved: go back, check it, and try again.")
    try:
        return render_template("web/error.html", title=title, text=text), status
    except Exception:  # noqa: BLE001 - the page itself failed (no database?): plain words then
        return f"{title}. {text}", status


def _server_error(exc: HTTPException) -> tuple[str, int] | HTTPException:
    """A fault while answering a page: :func:`error_page`; the API keeps its own answer."""
    if request.path.startswith("/api/"):
        return exc
    return error_page(500)


def init_app(app: Flask) -> None:
    """Answer a fault on a page with :func:`error_page` (a missing page is
    answered by the games' handler, which knows the API's envelope)."""
    app.register_error_handler(500, _server_error)
