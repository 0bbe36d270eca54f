"""The JSON API of docs/design.md. Every answer is JSON; refusals carry
``{"errors": [{"path", "code", "message"}]}`` (or ``warnings``) and change nothing."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, jsonify, request

from .. import services
from ..i18n import gettext
from ..jsonbody import BadJSON, request_json
from ..rules import RecordError
from ..rules.errors import Problem

bp = Blueprint("api", __name__, url_prefix="/api")


def _problems(errors: list[Problem], warnings: list[Problem] | None = None, status: int = 422):
    body: dict[str, Any] = {}
    if errors:
        body["errors"] = [p.as_dict() for p in errors]
    if warnings:
        body["warnings"] = [p.as_dict() for p in warnings]
    return jsonify(body), status


def _json_body() -> tuple[dict[str, Any] | None, Any]:
    """The request's JSON object, or an error answer (415 not JSON, 422 not an object)."""
    if not request.is_json:
        return None, _problems(
            [Problem("", "bad_value", gettext("Send the body as JSON (Content-Type: application/json)."))],
            status=415,
        )
    try:
        body = request_json(request)
    except BadJSON as exc:
        return None, _problems([Problem("", "bad_value", str(exc))])
    if not isinstance(body, dict):
        return None, _problems([Problem("", "bad_value", gettext("The body must be a JSON object."))])
    return body, None


def _not_found(what: str = "game"):
    message = gettext("No such game.") if what == "game" else gettext("No such game or round.")
    return _problems([Problem("", "not_found", message)], status=404)


@bp.errorhandler(RecordError)
def _refused(exc: RecordError):
    return _problems(exc.errors, exc.warnings)


@bp.errorhandler(services.Conflict)
def _conflict(exc: services.Conflict):
    return _problems([exc.problem], status=409)


@bp.errorhandler(services.NotFound)
def _missing(exc: services.NotFound):
    return _not_found("game or round")


def _flag(body: dict[str, Any], key: str) -> bool:
    return body.pop(key, False) is True


def _game_json(game_id: int) -> dict[str, Any]:
    row, game = services.load(game_id)
    data = game.derived()
    data["id"] = row.id
    data["revision"] = row.revision
    data["created_at"] = row.created_at.isoformat()
    for out, stored in zip(data["rounds"], row.rounds):
        out["version"] = stored.version
    return data


def _saved_round(data: dict[str, Any], saved) -> dict[str, Any]:
    """The saved round as the game now shows it; when another device has changed
    the game since (deleted that round, say), the round as it was saved."""
    rounds = data["rounds"]
    if saved.number <= len(rounds) and rounds[saved.number - 1].get("version") == saved.version:
        return rounds[saved.number - 1]
    return {**saved.data, "number": saved.number, "version": saved.version}


@bp.post("/games")
def create_game():
    """Create a game from a record (rounds optional) → 201 ``{"id": …}``."""
    body, error = _json_body()
    if error:
        return error
    confirm = _flag(body, "confirm")
    row = services.create_game(body, confirm=confirm)
    return jsonify(id=row.id), 201, {"Location": f"/api/games/{row.id}"}


@bp.get("/games")
def list_games():
    """Every game: id, players, set, status, rounds played and the leaders."""
    out = []
    for row in services.list_games():
        _, game = services.load(row.id)
        standings = game.standings()
        out.append(
            {
                "id": row.id,
                "kind": row.kind,
                "set": row.set_n,
                "players": list(row.players),
                "rounds_played": len(game.rounds),
                "rounds_total": game.table.round_count,
                "status": "finished" if game.finished else "in_progress",
                "leaders": [s.player for s in standings if s.rank == 1],
                "created_at": row.created_at.isoformat(),
            }
        )
    return jsonify(games=out)


@bp.get("/games/<int:game_id>")
def get_game(game_id: int):
    """The record with derived fields and each round's ``version``."""
    return jsonify(_game_json(game_id))


@bp.post("/games/<int:game_id>/rounds")
def add_round(game_id: int):
    """Add the next round → 201; ``number`` guards against a repeated send (409),
    and so does an ``Idempotency-Key`` header: the same key again answers 201
    with the round it added (``Idempotent-Replayed: true``), adding nothing."""
    body, error = _json_body()
    if error:
        return error
    key = request.headers.get("Idempotency-Key")
    if key is not None:
        key = key.strip()
        if not 1 <= len(key) <= 200 or not key.isascii() or not key.isprintable():
            return _problems([Problem("Idempotency-Key", "bad_value", gettext(
                "The Idempotency-Key header must be 1 to 200 printable ASCII characters."))])
        done = services.round_for_key(game_id, key)
        if done is not None:
            return _replayed(game_id, done)
    confirm = _flag(body, "confirm")
    number = body.pop("number", None)
    if number is not None and (not isinstance(number, int) or isinstance(number, bool)):
        return _problems([Problem("number", "bad_value", "number must be a whole number.")])
    try:
        saved = services.add_round(game_id, body, number=number, confirm=confirm,
                                   idempotency_key=key)
    except services.Conflict:
        done = services.round_for_key(game_id, key) if key is not None else None
        if done is None:
            raise
        return _replayed(game_id, done)  # the same request, saved meanwhile by its twin
    data = _game_json(game_id)
    return jsonify(round=_saved_round(data, saved), game=data), 201


def _replayed(game_id: int, number: int):
    """The answer to a repeated ``Idempotency-Key``: the round it added, as the
    game now shows it (201, as the first time)."""
    data = _game_json(game_id)
    rounds = data["rounds"]
    shown = rounds[number - 1] if number <= len(rounds) else {"number": number}
    return jsonify(round=shown, game=data), 201, {"Idempotent-Replayed": "true"}


@bp.put("/games/<int:game_id>/rounds/<int:number>")
def replace_round(game_id: int, number: int):
    """Replace round ``number`` → 200; an older ``version`` than stored is 409."""
    body, error = _json_body()
    if error:
        return error
    confirm = _flag(body, "confirm")
    version = body.pop("version", None)
    body.pop("number", None)
    if version is not None and (not isinstance(version, int) or isinstance(version, bool)):
        return _problems([Problem("version", "bad_value", "version must be a whole number.")])
    saved = services.replace_round(game_id, number, body, version=version, confirm=confirm)
    data = _game_json(game_id)
    return jsonify(round=_saved_round(data, saved), game=data), 200


@bp.delete("/games/<int:game_id>/rounds/<int:number>")
def delete_round(game_id: int, number: int):
    """Delete the last round → 204."""
    services.delete_last_round(game_id, number)
    return "", 204


@bp.get("/games/<int:game_id>/revision")
def revision(game_id: int):
    """A cheap check for the table view: the game's revision number."""
    row = services.get_row(game_id)
    return jsonify(id=row.id, revision=row.revision)


@bp.app_errorhandler(404)
@bp.app_errorhandler(405)
def _api_http_error(exc):
    """Under ``/api/`` a missing route or method answers JSON like every other
    refusal; elsewhere the usual page."""
    if not request.path.startswith("/api/"):
        return exc
    code = "not_found" if exc.code == 404 else "bad_value"
    return _problems([Problem("", code, exc.description or exc.name)], status=exc.code)
