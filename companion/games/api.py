"""The JSON API of docs/design.md. Every answer is JSON; refusals carry
``{"errors": [{"path", "code", "message"}]}`` (or ``warnings``) and change nothing
(:mod:`companion.envelope` builds them)."""

from __future__ import annotations

from datetime import date
from typing import Any

from flask import Blueprint, current_app, jsonify, request, url_for

from companion.games import services
from companion.games.services.names import ids_by_name
from companion.rules import RecordError
from companion.web import numbers, pagecache
from companion.web.access import spectator_ok
from companion.web.errors import error_page, problem_response, problems_response
from companion.web.http import etag_or_304
from companion.web.i18n import gettext
from companion.web.jsonbody import BadJSON, request_json

bp = Blueprint("api", __name__, url_prefix="/api")


class _Refused(Exception):
    """A request refused before it reaches a service (its answer is ready)."""

    def __init__(self, answer):
        self.answer = answer


@bp.errorhandler(_Refused)
def _refused_early(exc: _Refused):
    return exc.answer


@bp.errorhandler(RecordError)
def _refused(exc: RecordError):
    return problems_response(exc.errors, exc.warnings)


@bp.errorhandler(services.NotFound)
def _missing(exc: services.NotFound):
    return problem_response("not_found", gettext("No such game or round."), 404)


def _body() -> dict[str, Any]:
    """The request's JSON object (415 when not JSON, 422 when not an object)."""
    if not request.is_json:
        raise _Refused(problem_response(
            "bad_value", gettext("Send the body as JSON (Content-Type: application/json)."), 415))
    try:
        body = request_json(request)
    except BadJSON as exc:
        raise _Refused(problem_response("bad_value", str(exc), 422)) from None
    if not isinstance(body, dict):
        raise _Refused(problem_response("bad_value", gettext("The body must be a JSON object."), 422))
    return body


def _whole(body: dict[str, Any], key: str) -> int | None:
    value = body.pop(key, None)
    if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
        raise _Refused(problem_response("bad_value", f"{key} must be a whole number.", 422, key))
    return numbers.optional(value, key)


def _with_player_ids(games: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each game's JSON with the roster ids of its players beside their names:
    ``player_ids`` (``{name: id}``); the record's fields stay as
    docs/design.md gives them."""
    ids = ids_by_name({n for g in games for n in g.get("players", ())})
    for g in games:
        _add_player_ids(g, ids)
    return games


def _add_player_ids(game: dict[str, Any], ids: dict[str, int]) -> dict[str, Any]:
    """``game``'s JSON with ``player_ids``: the ids of its players among ``ids``."""
    game["player_ids"] = {n: ids[n] for n in game.get("players", ()) if n in ids}
    return game


def _game_json(game_id: int) -> dict[str, Any]:
    """The game's JSON with its players' roster ids, read as one snapshot (one
    connection, not one per read)."""
    with services.one_read():
        return _with_player_ids([services.get_game(game_id).as_json()])[0]


def _saved_answer(game_id: int, outcome, status: int):
    """The answer to a round save: the round as saved and the game as it is now
    (the round as saved even when another device changed the game at once)."""
    if isinstance(outcome, (services.AlreadySaved, services.Conflicted)):
        return problems_response([outcome.problem], status=409)
    if outcome.game is not None and outcome.player_ids is not None:
        data = _add_player_ids(outcome.game.as_json(), outcome.player_ids)  # as the save left it
        return jsonify(round=data["rounds"][-1], game=data), status
    try:
        data = _game_json(game_id)
    except services.NotFound:
        return jsonify(round=outcome.round.as_json(), game=None), status
    rounds, mine = data["rounds"], outcome.round
    shown = rounds[mine.number - 1] if mine.number <= len(rounds) else None
    if shown is None or shown.get("version") != mine.version:
        shown = mine.as_json()
    return jsonify(round=shown, game=data), status


@bp.post("/games")
def create_game():
    """Create a game from a record (rounds optional) → 201 ``{"id": …}``."""
    body = _body()
    game = services.create_game(body, confirm=body.pop("confirm", False) is True)
    return jsonify(id=game.id), 201, {"Location": f"/api/games/{game.id}"}


def _date(name: str) -> date | None:
    raw = request.args.get(name)
    if not raw:
        return None
    try:
        return date.fromisoformat(raw)
    except ValueError:
        raise _Refused(problem_response("bad_value", gettext(
            "%(name)s must be a date such as 2026-11-29.", name=name), 422, name)) from None


def query_from_args(args) -> services.GameQuery:
    """The list's filters from the query string: ``page``, ``per_page``,
    ``player``, ``kind``, ``status``, ``since``, ``until`` (dates), ``q`` (text
    in a name), ``shelf`` (``games``, ``archive``, ``trash``).

    :raises _Refused: 422 ``bad_value`` for a date that is none, or ``since``
        a later day than ``until``.
    """
    shelf = args.get("shelf", "games")
    query = services.GameQuery(
        page=numbers.arg("page", 1, values=args) or 1,
        per_page=numbers.arg("per_page", 20, values=args) or 20,
        player=args.get("player") or None,
        kind=args.get("kind") or None,
        status=args.get("status") or None,
        since=_date("since"), until=_date("until"),
        text=args.get("q") or None,
        shelf=shelf if shelf in services.SHELVES else "games",
    )
    if query.dates_reversed:
        raise _Refused(problem_response("bad_value", gettext(
            "since (%(since)s) is after until (%(until)s): no day lies between them.",
            since=str(query.since), until=str(query.until)), 422, "since"))
    return query


@bp.get("/games")
def list_games():
    """One page of games, newest first (``{"games": [...]}``), each with id,
    players, set, status, rounds played and the leaders; a ``Link`` header
    points to the next page (and the previous one).

    The answer is kept under the history stamp (:mod:`companion.services.stamp`),
    read first: until a game or the roster changes, the same address is
    answered again without reading the list."""
    stamp = services.history_stamp()
    key = None if stamp is None else pagecache.request_key(("api.list_games", stamp))
    kept = None if key is None else pagecache.kept(key)
    if kept is None:
        kept = _list_answer()
        if key is not None:
            pagecache.keep(key, kept)
    body, link = kept
    response = current_app.response_class(body, mimetype="application/json")
    if link:
        response.headers["Link"] = link
    return response


def _list_answer() -> tuple[str, str]:
    """The list's JSON text and its ``Link`` header ("" for none)."""
    page = services.list_games(query_from_args(request.args))
    links = []
    args = {k: v for k, v in request.args.items() if k not in ("page", "per_page")}
    if page.has_next:
        url = url_for("api.list_games", **args, page=page.page + 1, per_page=page.per_page)
        links.append(f'<{url}>; rel="next"')
    if page.page > 1:
        url = url_for("api.list_games", **args, page=page.page - 1, per_page=page.per_page)
        links.append(f'<{url}>; rel="prev"')
    body = current_app.json.dumps({"games": _with_player_ids([g.as_json() for g in page.items])})
    return body + "\n", ", ".join(links)


@bp.get("/games/<int:game_id>")
def get_game(game_id: int):
    """The record with derived fields and each round's ``version`` (``ETag``;
    304 when ``If-None-Match`` names the current one).

    The JSON is kept under the game's stamp (:func:`companion.services.game_stamp`,
    read first: its revision rises with every change, a rename's too), so an
    unchanged game is answered again without reading its rounds."""
    stamp = services.game_stamp(game_id)
    _, revision, engine_version = stamp[:3]
    key = pagecache.request_key(("api.get_game", stamp))
    body = None if key is None else pagecache.kept(key)
    if body is None:
        body = current_app.json.dumps(_game_json(game_id)) + "\n"
        if key is not None:
            pagecache.keep(key, body)
    return etag_or_304(f"g{game_id}-r{revision}-e{engine_version}",
                       lambda: current_app.response_class(body, mimetype="application/json"))


@bp.delete("/games/<int:game_id>")
def trash_game(game_id: int):
    """Move a game to the trash → 204 (``POST …/restore`` takes it back)."""
    services.trash_game(game_id)
    return "", 204


@bp.post("/games/<int:game_id>/restore")
def restore_game(game_id: int):
    """Take a game out of the trash → 204."""
    services.restore_game(game_id)
    return "", 204


@bp.post("/games/<int:game_id>/archive")
def archive_game(game_id: int):
    """Hide a game from the list (``{"archived": false}`` brings it back) → 204."""
    body = _body() if request.data else {}
    services.archive_game(game_id, archived=body.get("archived", True) is not False)
    return "", 204


@bp.post("/games/<int:game_id>/finish")
def finish_game(game_id: int):
    """End the game where it stands (design.md, "Ending a game now") → 200 with
    the game: ``status`` ``finished``, ``standings`` and ``winners`` by the
    kind's own order; 422 ``game_finished`` (over already) or
    ``nothing_played`` (no round yet), 404 for no such game."""
    services.finish_game(game_id)
    return jsonify(_game_json(game_id))


@bp.delete("/trash")
def empty_trash():
    """Delete every game in the trash for good → 200 ``{"deleted": n}``."""
    return jsonify(deleted=services.empty_trash())


@bp.post("/games/<int:game_id>/rounds")
def add_round(game_id: int):
    """Add the next round → 201; ``number`` guards against a repeated send (409),
    and so does an ``Idempotency-Key`` header: the same key again answers 201
    with the round it added (``Idempotent-Replayed: true``), adding nothing."""
    body = _body()
    digest = services.body_hash(body)
    key = _idempotency_key(game_id, digest)
    confirm = body.pop("confirm", False) is True
    number = _whole(body, "number")
    outcome = services.add_round(game_id, body, number=number, confirm=confirm, idempotency_key=key,
                                 key_body_hash=digest)
    if isinstance(outcome, services.Conflicted) and key is not None:
        done = services.round_for_key(game_id, key, digest)
        if done is not None:
            return _replayed(game_id, done)  # the same request, saved meanwhile by its twin
    return _saved_answer(game_id, outcome, 201)


def _idempotency_key(game_id: int, digest: str) -> str | None:
    """The request's ``Idempotency-Key`` (checked); a key already used in this
    game with the same body (``digest``, :func:`services.body_hash`) ends the
    request with the answer it had (:func:`_replayed`); with another body, 422
    ``idempotency_key_reused`` (:func:`services.round_for_key`)."""
    key = request.headers.get("Idempotency-Key")
    if key is None:
        return None
    key = key.strip()
    if not 1 <= len(key) <= 200 or not key.isascii() or not key.isprintable():
        raise _Refused(problem_response("bad_value", gettext(
            "The Idempotency-Key header must be 1 to 200 printable ASCII characters."), 422,
            "Idempotency-Key"))
    done = services.round_for_key(game_id, key, digest)
    if done is not None:
        raise _Refused(_replayed(game_id, done))
    return key


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
    body = _body()
    confirm = body.pop("confirm", False) is True
    version = _whole(body, "version")
    body.pop("number", None)
    outcome = services.replace_round(game_id, number, body, version=version, confirm=confirm)
    return _saved_answer(game_id, outcome, 200)


@bp.delete("/games/<int:game_id>/rounds/<int:number>")
def delete_round(game_id: int, number: int):
    """Delete the last round → 204. The round's ``version`` as the sender read
    it goes in an ``If-Match: <version>`` header or ``?version=<version>``;
    when the round has another version now (corrected from another device)
    the answer is 409 ``edit_conflict`` and the round stays. Without a
    version the round is deleted whatever it now is (kept for scripts; the
    page always sends it)."""
    outcome = services.delete_last_round(game_id, number, version=_round_version_sent())
    if isinstance(outcome, services.Conflicted):
        return problems_response([outcome.problem], status=409)
    return "", 204


def _round_version_sent() -> int | None:
    """The round version a request names: its ``If-Match`` header (``3``,
    ``"3"`` or ``W/"3"``), else ``?version=``; ``None`` when it names none.

    :raises _Refused: 422 ``bad_value`` when it is not a whole number.
    """
    raw = request.headers.get("If-Match")
    path = "If-Match"
    if raw is None:
        raw, path = request.args.get("version"), "version"
    if raw is None:
        return None
    text = raw.strip().removeprefix("W/").strip('"')
    if not text.isascii() or not text.isdigit() or len(text) > 9:
        raise _Refused(problem_response("bad_value", gettext(
            "Send the round's version as a whole number."), 422, path))
    return int(text)


@bp.get("/games/<int:game_id>/revision")
@spectator_ok
def revision(game_id: int):
    """A cheap check for the table view: the game's revision number."""
    return jsonify(id=game_id, revision=services.game_revision(game_id))


@bp.app_errorhandler(404)
@bp.app_errorhandler(405)
def _api_http_error(exc):
    """Under ``/api/`` a missing route or method answers JSON like every other
    refusal; elsewhere the app's own page for a missing page (404, in the
    reader's language, with a way back) or the usual one (405)."""
    if not request.path.startswith("/api/"):
        return error_page(404) if exc.code == 404 else exc
    code = "not_found" if exc.code == 404 else "bad_value"
    return problem_response(code, exc.description or exc.name, exc.code)
