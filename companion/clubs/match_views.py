"""A league match's pages and API: start a game of the match with the
players each captain sends (``POST /events/<id>/match/games``, ``POST
/api/events/<id>/match/games``). Thin: read the request, call
:func:`companion.clubs.match_games.start_game`, answer."""

from __future__ import annotations

from typing import Any

from flask import flash, jsonify, redirect, request, url_for

from companion.clubs import nights as club
from companion.clubs.match_games import start_game
from companion.clubs.views import _bad_body, _body, _detail, _event_json, _event_or_404, api, bp
from companion.web.i18n import gettext
from companion.web.numbers import parse as parse_number


def _names(form: Any, side: str) -> list[str]:
    return [form.get(f"{side}-{i}", "") for i in range(2) if form.get(f"{side}-{i}")]


@bp.post("/events/<int:event_id>/match/games")
def start_match_game(event_id: int):
    """Start a game of the match from its row: ``game`` (its number),
    ``home-0``/``home-1`` and ``away-0``/``away-1`` (the players chosen),
    ``table``; refused, the page comes back with the message at that game and
    the choices kept."""
    ev = _event_or_404(event_id)
    number = parse_number(request.form.get("game"))
    table = parse_number(request.form.get("table")) if request.form.get("table") else None
    try:
        ev = start_game(event_id, number, _names(request.form, "home"), _names(request.form, "away"), table)
    except club.EventError as exc:
        if exc.status == 409:  # started meanwhile: show it
            flash(exc.problems[0].message, "error")
            return redirect(url_for("events.detail", event_id=event_id) + "#match", 303)
        return _detail(ev, {"match": exc.problems[0].message, "match_game": str(number)}, 422)
    flash(gettext("Game %(n)s of the match has started.", n=number), "ok")
    return redirect(url_for("events.detail", event_id=event_id) + f"#match-{number}")


@api.post("/<int:event_id>/match/games")
def api_start_match_game(event_id: int):
    """``POST /api/events/<id>/match/games`` ``{"game": n, "home": [names],
    "away": [names], "table"?}`` → 201 with the event (its ``match``)."""
    body = _body()
    if body is None:
        return _bad_body()
    ev = start_game(event_id, body.get("game"), body.get("home"), body.get("away"), body.get("table"))
    return jsonify(_event_json(ev)), 201
