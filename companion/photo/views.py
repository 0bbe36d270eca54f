"""``POST /api/photo/hand``: count the pips of a hand from a photo (issue 15).

The photo is read on this server (``companion.photo``: OpenCV, no model, no
network) and answered as ``{"tiles", "pips", "double_blank", "uncertain",
"problems", "overlay"}``. Nothing is saved: the player checks the tiles in the
tile picker and confirms, and only then does the round entry take them. A
refused upload answers 422 with ``{"errors": [{"path", "code", "message"}]}``.
"""

from __future__ import annotations

from typing import Any

from flask import (
    Blueprint,
    Flask,
    Response,
    abort,
    current_app,
    jsonify,
    render_template,
    request,
    url_for,
)
from flask_wtf.csrf import CSRFError, validate_csrf
from werkzeug.exceptions import RequestEntityTooLarge
from wtforms import ValidationError

from companion.games import services
from companion.photo import gate, intake, store
from companion.photo.counter import Reading, read_hand
from companion.photo.overlay import png as overlay_png
from companion.rules.errors import Problem
from companion.rules.photo_check import check_photo_tiles
from companion.rules.tiles import SET_SIZES
from companion.web import numbers
from companion.web.access import open_to_phones
from companion.web.errors import problems_response
from companion.web.i18n import gettext

bp = Blueprint("photo", __name__, url_prefix="/api/photo")

_MARGIN = 256 * 1024  # the multipart envelope and the other fields


def _problems(errors: list[Problem], status: int = 422):
    return problems_response(errors, status=status)


def _intake_message(code: str) -> str:
    if code == "image_too_large":
        return gettext(
            "This photo is too large: at most %(mb)s MB and %(mp)s megapixels.",
            mb=intake.MAX_BYTES // (1024 * 1024), mp=intake.MAX_PIXELS // 1_000_000)
    if code == "image_too_costly":
        return gettext("This photo is too large to read in this file type. Send the photo as the camera "
                       "took it (JPEG), or a smaller one.")
    if code == "image_odd_shape":
        return gettext("This picture is too long and narrow to be a photo of tiles (at most %(ratio)s times "
                       "as long as it is wide). Take the photo again from above.", ratio=intake.MAX_ASPECT)
    if code == "image_unreadable":
        return gettext("This photo could not be read: it may be damaged or too small. Take it again.")
    return gettext("This file is not a photo (JPEG, PNG, WebP, BMP or TIFF).")


def problem_message(code: str) -> str:
    """What a reading's problem code means, for the player (see
    :data:`companion.photo.counter.PROBLEM_CODES`)."""
    messages = {
        "no_tiles": gettext("No tile was found. Lay the tiles face up, apart, on a plain mat, "
                            "and take the photo from above."),
        "no_bar": gettext("A tile without a centre bar: is it face down, or only partly in the photo?"),
        "touching": gettext("Some tiles touch: move them apart, or check those tiles."),
        "at_edge": gettext("A tile is cut by the edge of the photo."),
        "pips_unclear": gettext("Some pips run together or are unclear: check those tiles."),
        "beyond_set": gettext("A half shows more pips than this set has."),
        "odd_shape": gettext("Something tile-sized could not be read as a tile."),
    }
    return messages.get(code, gettext("Check the tiles."))


@bp.before_request
def _guard():
    """Room for a phone photo (the app's usual cap is for JSON), and the CSRF
    token for a browser session (a script sends the Bearer token instead)."""
    cap = intake.MAX_BYTES + _MARGIN
    if request.content_length is not None and request.content_length > cap:
        return _problems([Problem("image", "image_too_large", _intake_message("image_too_large"))])
    request.max_content_length = cap
    if request.method == "POST" and not request.headers.get("Authorization", "").lower().startswith("bearer "):
        try:
            validate_csrf(request.headers.get("X-CSRFToken") or request.form.get("csrf_token"))
        except ValidationError as exc:
            raise CSRFError(str(exc)) from exc


@bp.errorhandler(RequestEntityTooLarge)
def _too_large(_exc):
    return _problems([Problem("image", "image_too_large", _intake_message("image_too_large"))])


def _int_field(name: str, problems: list[Problem]) -> int | None:
    try:
        return numbers.optional(request.form.get(name), name, 0, numbers.INT32_MAX)
    except numbers.BadNumber as exc:
        problems.append(Problem(name, "bad_value", exc.message))
        return None


def round_context(game_id: int, number: int | None, player: str | None) -> tuple[int, int | None, dict[str, list[str]], int | None]:
    """The game's set, the round's engine, the tiles in other hands of that
    round (as stored), and the player's seat (1-based; ``None`` when unknown)."""
    game = services.get_game(game_id)
    table = game.table
    engine = None
    others: dict[str, list[str]] = {}
    if number is not None and 1 <= number <= len(game.rounds):
        rnd = game.rounds[number - 1]
        engine = rnd.data.get("engine")
        for name, hand in rnd.hands.items():
            if name != player and hand.get("tiles"):
                others[name] = [str(t) for t in hand["tiles"]]
    else:
        plan = game.next_round()
        if plan is not None and (number is None or number == plan.number):
            engine = plan.engine
    seat = list(table.players).index(player) + 1 if player in table.players else None
    return table.set_n, engine, others, seat


@bp.post("/hand")
def hand():
    """Read a hand from a photo.

    Form fields: ``image`` (the photo), optional ``set`` (6..18), ``game``,
    ``round`` (1-based), ``player`` (a name in that game), ``taken`` (tiles
    listed in other hands on the page, ``"12-5 3-1"``), ``labels`` (``0``:
    the overlay without the tiles' names, the page writes them).

    :return: 200 ``{"tiles", "pips", "double_blank", "uncertain", "problems",
        "overlay", "tiles_sure", "set", "width", "height", "marks"}`` (``marks``:
        see :func:`tile_marks`); 422 ``not_an_image``, ``image_too_large``,
        ``image_too_costly``, ``image_odd_shape``, ``image_unreadable``,
        ``unknown_set``, ``bad_value``; 404 for an unknown game; 503
        ``photo_busy`` (with ``Retry-After``) when every photo reader is busy.
    """
    problems: list[Problem] = []
    set_n = _int_field("set", problems)
    game_id = _int_field("game", problems)
    number = _int_field("round", problems)
    player = request.form.get("player", "").strip() or None
    if set_n is not None and set_n not in SET_SIZES:
        problems.append(Problem("set", "unknown_set", gettext("Sets are double-6, 9, 12, 15 or 18.")))
    if problems:
        return _problems(problems)
    engine = None
    others: dict[str, list[str]] = {}
    seat = None
    if game_id is not None:
        try:
            game_set, engine, others, seat = round_context(game_id, number, player)
        except services.NotFound:
            return _problems([Problem("game", "not_found", gettext("No such game."))], status=404)
        set_n = set_n or game_set
    return read_upload(set_n, engine, others, game_id, number, seat)


def tile_marks(reading: Reading, checked: list[Problem]) -> list[dict[str, Any]]:
    """Where each tile read lies in the photo, for the page to mark it (issue 26).

    :param reading: what :func:`~companion.photo.counter.read_hand` found.
    :param checked: the engine's problems with those tiles
        (:func:`~companion.rules.photo_check.check_photo_tiles`), each at
        ``tiles[i]``.
    :return: one ``{"tile", "corners", "sure", "problems"}`` per tile, in the
        order of ``tiles``: ``corners`` the face's four corners as ``[x, y]``
        in pixels of the picture read (``width`` × ``height`` of the answer;
        the overlay is that picture scaled), ``problems`` the player's words
        for each doubt about that tile (the reader's, then the engine's), and
        ``sure`` false when there is any.
    """
    marks = []
    for i, tile in enumerate(reading.tiles):
        words = [problem_message(code) for code in tile.problems]
        words += [p.message for p in checked if p.path == f"tiles[{i}]"]
        marks.append({
            "tile": tile.name,
            "corners": [[round(x, 1), round(y, 1)] for x, y in tile.corners],
            "sure": not words,
            "problems": words,
        })
    return marks


def _busy():
    """503 with ``Retry-After``: every photo reader of this process is busy."""
    response, status = _problems([Problem("image", "photo_busy", gettext(
        "Other photos are being read just now. Send this one again in %(seconds)s seconds.",
        seconds=gate.RETRY_AFTER))], status=503)
    response.headers["Retry-After"] = str(gate.RETRY_AFTER)
    return response, status


def read_upload(set_n: int | None, engine: int | None, others: dict[str, list[str]],
          game_id: int | None, number: int | None, seat: int | None):
    """Read the uploaded ``image`` and answer the reading (or the refusal).

    At most :func:`companion.photo.gate.readers` photos are read at once in
    this process (the tablet's and the seats' phones alike), each within
    :data:`companion.photo.intake.BUDGET_BYTES` of memory.

    :return: 200 with the reading; 422 (``not_an_image``, ``image_too_large``,
        ``image_too_costly``, ``image_odd_shape``, ``image_unreadable``); 503
        ``photo_busy`` with ``Retry-After`` (seconds) when every reader is busy.
    """
    upload = request.files.get("image")
    if upload is None:
        return _problems([Problem("image", "not_an_image", gettext("Send the photo as the field image."))])
    taken = request.form.get("taken", "").replace(",", " ").split()
    if taken:
        others = {**others, "": taken}
    data = upload.read(intake.MAX_BYTES + 1)
    try:
        with gate.reading():  # at most gate.readers() photos at once in this process
            try:
                photo = intake.read_photo(data)
            except intake.IntakeError as exc:
                return _problems([Problem("image", exc.code, _intake_message(exc.code))])
            del data
            reading = read_hand(photo.image, set_n)
            overlay = overlay_png(photo.image, reading, labels=request.form.get("labels") != "0")
            kept = None
            if (current_app.config.get("PHOTO_KEEP") and game_id is not None and number is not None
                    and seat is not None):
                kept = intake.plain_jpeg(photo.image)
            del photo
    except gate.Busy:
        return _busy()
    names = [t.name for t in reading.tiles]
    checked = check_photo_tiles(names, set_n or 18, engine, others)
    # "no tile was found" first: it is what the player must read (the rest only explains it)
    codes = sorted(reading.all_problems(), key=lambda code: code != "no_tiles")
    out_problems: list[dict[str, Any]] = [
        {"path": "", "code": code, "message": problem_message(code)} for code in codes
    ] + [p.as_dict() for p in checked]
    key = store.put_overlay(current_app.instance_path, overlay,
                            max_files=current_app.config.get("PHOTO_OVERLAY_FILES", store.OVERLAY_FILES),
                            max_bytes=current_app.config.get("PHOTO_OVERLAY_BYTES", store.OVERLAY_BYTES))
    if kept is not None:
        store.keep_photo(current_app.instance_path, game_id, number, seat, kept)
    return jsonify(
        tiles=names,
        pips=reading.pips,
        double_blank="0-0" in names,
        uncertain=reading.uncertain or bool(checked),
        problems=out_problems,
        overlay=url_for("photo.overlay", key=key),
        tiles_sure=[t.sure for t in reading.tiles],
        set=set_n,
        width=reading.width,
        height=reading.height,
        marks=tile_marks(reading, checked),
    )


@bp.get("/words")
@open_to_phones
def words():
    """The photo dialog's words in the page's language, fetched by
    ``static/app.js`` with ``static/photo.js`` when a photo is first chosen
    (issue 27, page weight: they are not written into every game page).

    :return: 200 JSON ``{name: text}``; each name is a ``data-`` attribute of
        ``#photo-status`` that ``photo.js`` reads (``{n}`` and ``{tile}`` are
        filled in by the script), and ``howto`` the guide's pictures with their
        captions (HTML, ``photo/_howto.html``).
    """
    slots = {"n": "{n}", "tile": "{tile}"}
    response = jsonify(
        reading=gettext("Reading the photo…"),
        readingOf=gettext("Reading %(name)s's photo…", name="{name}"),
        cancel=gettext("Cancel"),
        failed=gettext("The photo could not be sent. Try again, or pick the tiles by hand."),
        sure=gettext("Read from the photo: check the tiles, tap one to fix it, then Done."),
        doubt=gettext("Not sure of everything: check the tiles marked in orange, fix them, then Done."),
        doubtUnmarked=gettext("Not sure of this reading: check each tile against the hand, fix them, then Done."),
        unread=gettext("The photo could not be read. Pick the tiles by hand, or take the photo again."),
        overlayAlt=gettext("The photo with each pip circled and each tile labelled"),
        marksLabel=gettext("Tiles read, as numbered on the photo: tap one to fix it"),
        markTile=gettext("Tile %(n)s: %(tile)s.", **slots),
        markFixed=gettext("Tile %(n)s: %(tile)s, fixed.", **slots),
        markRemoved=gettext("Tile %(n)s: %(tile)s, taken out of the hand.", **slots),
        fix=gettext("Tile %(n)s, %(tile)s: tap the right tile in the set below.", **slots),
        remove=gettext("Remove this tile"),
        howto=render_template("photo/_howto.html", howto=url_for("static", filename="photo-howto.svg")),
    )
    response.headers["Cache-Control"] = "no-cache"  # the language may change between two photos
    response.headers["Vary"] = "Cookie"
    return response


@bp.get("/overlay/<key>.png")
@open_to_phones
def overlay(key: str):
    """The overlay of a recent reading (kept :data:`store.OVERLAY_SECONDS`).
    Its random key is its own permission: a seat's phone fetches it without
    the access token (:func:`~companion.web.access.open_to_phones`)."""
    png = store.get_overlay(current_app.instance_path, key)
    if png is None:
        abort(404)
    response = Response(png, mimetype="image/png")
    response.headers["Cache-Control"] = "private, max-age=900"
    return response


def init_app(app: Flask, csrf: Any) -> None:
    """Register the blueprint; its CSRF check is its own (:func:`_guard`), so
    scripts with the Bearer token can send photos too. ``PHOTO_KEEP`` may also
    come from ``COMPANION_PHOTO_KEEP=1``; the photo readers' gate is made here
    (:mod:`companion.photo.gate`)."""
    import os

    if os.environ.get("COMPANION_PHOTO_KEEP", "").lower() in ("1", "true", "yes", "on"):
        app.config.setdefault("PHOTO_KEEP", True)
    app.register_blueprint(bp)
    csrf.exempt(bp)
    gate.init_app(app)


__all__ = ["bp", "init_app", "problem_message", "tile_marks", "words"]
