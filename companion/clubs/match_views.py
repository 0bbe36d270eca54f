"""A league match's pages and API: start a game of the match with the
players each captain sends (``POST /events/<id>/match/games``, ``POST
/api/events/<id>/match/games``), take one back before its first hand
(``…/match/games/<n>/undo``), add a reserve to a team (``…/match/players``).
Thin: read the request, call :mod:`companion.clubs.match_games`, answer."""

from __future__ import annotations

from typing import Any

from flask import flash, jsonify, redirect, request, url_for

from companion.clubs import nights as club
from companion.clubs.match_games import add_player, start_game, undo_game
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


@bp.post("/events/<int:event_id>/match/games/<int:number>/undo")
def undo_match_game(event_id: int, number: int):
    """Take back a game of the match before its first hand (the wrong players chosen)."""
    ev = _event_or_404(event_id)
    try:
        undo_game(event_id, number)
    except club.EventError as exc:
        return _detail(ev, {"match": exc.problems[0].message}, exc.status)
    flash(gettext("Game %(n)s of the match is taken back: choose its players again.", n=number), "ok")
    return redirect(url_for("events.detail", event_id=event_id) + f"#match-{number}")


@bp.post("/events/<int:event_id>/match/players")
def add_match_player(event_id: int):
    """A reserve joins a team: ``team`` (0 or 1) and ``name``; refused, the
    name typed comes back with the message."""
    ev = _event_or_404(event_id)
    team = parse_number(request.form.get("team"))
    try:
        add_player(event_id, team, request.form.get("name", ""))
    except club.EventError as exc:
        return _detail(ev, {"reserve": exc.problems[0].message, "reserve_team": str(team),
                            "reserve_typed": request.form.get("name", "")}, 422)
    return redirect(url_for("events.detail", event_id=event_id) + "#match")


@api.post("/<int:event_id>/match/games/<int:number>/undo")
def api_undo_match_game(event_id: int, number: int):
    """``POST /api/events/<id>/match/games/<n>/undo``: take the game back
    before its first hand → the event; 409 once a hand is recorded."""
    return jsonify(_event_json(undo_game(event_id, number)))


@api.post("/<int:event_id>/match/players")
def api_add_match_player(event_id: int):
    """``POST /api/events/<id>/match/players`` ``{"team": 0|1, "name"}``: a
    reserve joins a team → the event."""
    body = _body()
    if body is None:
        return _bad_body()
    return jsonify(_event_json(add_player(event_id, body.get("team"), body.get("name"))))
