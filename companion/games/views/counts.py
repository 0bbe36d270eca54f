"""The pages of the games scored during play: the start form of All Fives and
Fives and Threes with their named rule sets, the score pad (the game's page)
and the hand it sends.

The pad's logic is in :mod:`companion.rules.families.score_pad` (the keypad,
the order of turns, the hand read back) and the games' modules (every check,
the bonus, the pegs); this module reads the request, calls one service and
answers.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from flask import (
    Blueprint,
    abort,
    get_template_attribute,
    jsonify,
    redirect,
    render_template,
    request,
    url_for,
)

from companion.games import services
from companion.games.counts_words import CONTRACT_WORDS, TRUMP_WORDS, rule_lines
from companion.games.services import undo as undoing
from companion.games.views import undo as undo_views
from companion.rules import RecordError
from companion.rules.errors import Problem
from companion.rules.families.bid_pad import bid_pad, form_of_hand, read_bid_form, tally_words
from companion.rules.families.score_pad import (
    PAD_HAND_MOST,
    pad_field_errors,
    pad_hand_of,
    read_pad_hand,
)
from companion.rules.family_counts import START_PRESETS, board_of, pad_view, texas42_game
from companion.rules.family_counts import live_board as board_now
from companion.rules.kinds import HandEntry, kind_spec
from companion.web import numbers
from companion.web.i18n import gettext
from companion.web.labels import KIND_NAMES

bp = Blueprint("counts", __name__)

SEATS = 4
"""Most players of these games (2 to 4)."""


def uses_pad(game: services.GameView) -> bool:
    """The game's page is this module's: the score pad (hands entered as
    scoring plays, :attr:`HandEntry.PLAYS`) or 42's hand form (bids,
    :attr:`HandEntry.BIDS`)."""
    return game.table.kind.spec.form.entry in (HandEntry.PLAYS, HandEntry.BIDS)


def asks_pips(game: services.GameView) -> bool:
    """The game's score pad asks the pips left at the hand's end (All Fives
    and its cousins, whose winner's bonus is worked out from them): its page
    holds the players' phones panel, each phone sending its own pips left."""
    if game.table.kind.spec.form.entry is not HandEntry.PLAYS:
        return False
    view = pad_view(_record(game))
    return view is not None and view.pad.pips


def _record(game: services.GameView) -> dict[str, Any]:
    return {**game.table.as_dict(), "rounds": [dict(r.data) for r in game.rounds]}


def _rule_lines(game: services.GameView, target: int) -> list[dict[str, str]]:
    """The game's rules in play in players' words (:func:`counts_words.rule_lines`)."""
    return rule_lines(str(game.table.kind.spec.kind), game.table.as_dict().get("rules") or {}, target)


def render_pad(game: services.GameView, hand_text: str | None = None, errors: list[str] | None = None,
               status: int = 200, edit: int | None = None, version: int | None = None,
               field_errors: Mapping[str, list[str]] | None = None) -> tuple[str, int]:
    """The score pad page of ``game``, with a hand as typed and its refusals
    when it was refused (``field_errors`` beside their boxes, keyed as
    :func:`~companion.rules.families.score_pad.pad_field_errors` keys them;
    ``errors`` above the pad); with ``edit``, the pad correcting that saved
    hand (filled with it, or with ``hand_text`` as typed, and the ``version``
    of the hand it was read at)."""
    if game.table.kind.spec.form.entry is HandEntry.BIDS:
        return render_bids(game, errors, status)
    view = pad_view(_record(game))
    if view is None:
        abort(404)
    stored: Mapping[str, Any] = {}
    if edit is not None:
        if not 1 <= edit <= len(game.rounds):
            abort(404)
        rnd = game.rounds[edit - 1]
        stored = rnd.data
        version = rnd.version if version is None else version
        hand_text = hand_text or json.dumps(pad_hand_of(stored))
    html = render_template(
        "games/counts/pad.html", game=game, derived=game.as_json(), view=view, pad=view.pad.as_dict(),
        hand_text=hand_text or "", errors=errors or [], kind_names=KIND_NAMES, rule_lines=_rule_lines(game, view.target),
        undo=undo_views.notice(game), edit=edit, version=version, in_play=_in_play_of(stored, hand_text),
        field_errors=field_errors or {},
    )
    return html, status


def _refused(game: services.GameView, text: str, problems: list[Problem], **kw: Any) -> tuple[str, int]:
    """The pad shown again with the hand as typed (422), each refusal beside
    the box it is about, the others above the pad."""
    fields, rest = pad_field_errors(problems, list(game.table.players))
    return render_pad(game, text, rest, 422, field_errors=fields, **kw)


def _in_play_of(stored: Mapping[str, Any], hand_text: str | None) -> Mapping[str, Any] | None:
    """A hand kept as each player's points during play (``in_play``), as
    typed or stored; ``None`` for a hand kept as its scoring plays."""
    try:
        typed = json.loads(hand_text) if hand_text else None
    except ValueError:
        typed = None
    for hand in (typed, stored):
        if isinstance(hand, Mapping) and isinstance(hand.get("in_play"), Mapping):
            return hand["in_play"]
    return None


@bp.get("/games/<int:game_id>/pad/board")
def live_board(game_id: int):
    """The hand being played on the pad (``hand``: the pad's JSON,
    ``{"leader", "plays"}``) pegged after the saved hands, as JSON:
    ``board`` (the peg board drawn as on the page, or ``null`` for a game
    without one), ``struck`` (the indices of the plays not pegged) and
    ``down`` (those of them struck because the hand's first tile cannot win
    the game, ``no_win_on_down``); 422
    with ``error`` (the refusal's message) for a play the rules refuse."""
    try:
        game = services.get_game(game_id)
    except services.NotFound:
        abort(404)
    if not uses_pad(game):
        abort(404)
    try:
        hand = json.loads(request.args.get("hand", "{}")[:PAD_HAND_MOST])
    except ValueError:
        hand = None
    try:
        live = board_now(_record(game), hand)
    except RecordError as exc:
        return jsonify(error="\n".join(p.message for p in exc.errors)), 422
    if live is None:
        abort(404)
    board = None if live.board is None else \
        str(get_template_attribute("games/counts/_pegboard.html", "pegboard")(live.board, live.sides))
    return jsonify(board=board, struck=list(live.struck), down=list(live.down))


@bp.get("/games/<int:game_id>/pad/<int:number>/edit")
def edit_hand(game_id: int, number: int):
    """The score pad filled with saved hand ``number``, to correct it."""
    try:
        game = services.get_game(game_id)
    except services.NotFound:
        abort(404)
    if not uses_pad(game) or game.table.kind.spec.form.entry is not HandEntry.PLAYS:
        abort(404)
    return render_pad(game, edit=number)


@bp.post("/games/<int:game_id>/pad/<int:number>")
def correct_hand(game_id: int, number: int):
    """Save the corrected hand ``number``; the hands after it are scored
    again. Changed meanwhile on another device: 409 with what was typed kept."""
    try:
        game = services.get_game(game_id)
    except services.NotFound:
        abort(404)
    if not uses_pad(game) or game.table.kind.spec.form.entry is not HandEntry.PLAYS \
            or not 1 <= number <= len(game.rounds):
        abort(404)
    text = request.form.get("hand", "")
    version = request.form.get("version", type=int)
    data, problems = read_pad_hand(text, list(game.table.players))
    if problems.errors:
        return _refused(game, text, problems.errors, edit=number, version=version)
    try:
        outcome = services.replace_round(game_id, number, data, version=version)
    except RecordError as exc:
        return _refused(game, text, exc.errors + exc.warnings, edit=number, version=version)
    except services.NotFound:
        abort(404)
    if isinstance(outcome, services.Conflicted):
        return render_pad(services.get_game(game_id), text, [outcome.problem.message], 409, edit=number,
                          version=outcome.version)
    change = undoing.Change(undoing.CORRECTED, number, outcome.revision or 0, outcome.previous)
    return undo_views.redirect_with_undo(game_id, change, f"round-{number}")


def render_bids(game: services.GameView, errors: list[str] | None = None, status: int = 200,
                typed: Mapping[str, str] | None = None, edit: int | None = None,
                version: int | None = None) -> tuple[str, int]:
    """42's page: the marks drawn as ALL, the hands, the next hand's form;
    with ``edit``, the form filled with that saved hand (or with ``typed``),
    to correct it, and the ``version`` of the hand it was read at."""
    inner = texas42_game(_record(game))
    if edit is not None:
        if not 1 <= edit <= len(game.rounds):
            abort(404)
        pad = bid_pad(inner, edit)
        rnd = game.rounds[edit - 1]
        version = rnd.version if version is None else version
        if typed is None and pad is not None:
            typed = form_of_hand(rnd.data, pad)
    else:
        pad = None if game.finished else bid_pad(inner)  # ended by the table: no next hand
    tallies = {team: tally_words(marks) for team, marks in inner.totals.items()}
    html = render_template(
        "games/counts/bids.html", game=game, derived=game.as_json(), pad=pad, tallies=tallies,
        totals=inner.totals, errors=errors or [], typed=typed or {}, kind_names=KIND_NAMES,
        trump_words=TRUMP_WORDS, contract_words=CONTRACT_WORDS, rule_lines=_rule_lines(game, inner.rules.target_marks),
        undo=undo_views.notice(game), edit=edit, version=version,
    )
    return html, status


def _bids_game(game_id: int) -> services.GameView:
    """The 42 game ``game_id``; 404 for a game of another kind or none."""
    try:
        game = services.get_game(game_id)
    except services.NotFound:
        abort(404)
    if game.table.kind.spec.form.entry is not HandEntry.BIDS:
        abort(404)
    return game


@bp.post("/games/<int:game_id>/bids")
def save_bids(game_id: int):
    """Save 42's hand from its form; a refusal shows the form again as typed."""
    game = _bids_game(game_id)
    pad = None if game.finished else bid_pad(texas42_game(_record(game)))
    if pad is None:
        abort(404)
    data, problems = read_bid_form(request.form, pad)
    if problems.errors:
        return render_bids(game, [p.message for p in problems.errors], 422, request.form)
    number = numbers.parse(request.form.get("number"))
    try:
        outcome = services.add_round(game_id, data, number=number if isinstance(number, int) else None)
    except RecordError as exc:
        return render_bids(game, [p.message for p in exc.errors + exc.warnings], 422, request.form)
    if isinstance(outcome, services.Conflicted):
        return render_bids(services.get_game(game_id), [outcome.problem.message], 409, request.form)
    if isinstance(outcome, services.Saved):
        change = undoing.Change(undoing.ADDED, outcome.round.number, outcome.revision or 0)
        return undo_views.redirect_with_undo(game_id, change, "bids")
    return redirect(url_for("games.detail", game_id=game_id, _anchor="bids"))


@bp.get("/games/<int:game_id>/bids/<int:number>/edit")
def edit_bids(game_id: int, number: int):
    """42's hand form filled with saved hand ``number``, to correct it."""
    return render_bids(_bids_game(game_id), edit=number)


@bp.post("/games/<int:game_id>/bids/<int:number>")
def correct_bids(game_id: int, number: int):
    """Save 42's corrected hand ``number``; the marks after it are worked out
    again. Changed meanwhile on another device: 409 with what was tapped kept."""
    game = _bids_game(game_id)
    if not 1 <= number <= len(game.rounds):
        abort(404)
    pad = bid_pad(texas42_game(_record(game)), number)
    if pad is None:
        abort(404)
    version = request.form.get("version", type=int)
    data, problems = read_bid_form(request.form, pad)
    if problems.errors:
        return render_bids(game, [p.message for p in problems.errors], 422, request.form, number, version)
    try:
        outcome = services.replace_round(game_id, number, data, version=version)
    except RecordError as exc:
        return render_bids(game, [p.message for p in exc.errors + exc.warnings], 422, request.form, number,
                           version)
    except services.NotFound:
        abort(404)
    if isinstance(outcome, services.Conflicted):
        return render_bids(services.get_game(game_id), [outcome.problem.message], 409, request.form, number,
                           outcome.version)
    change = undoing.Change(undoing.CORRECTED, number, outcome.revision or 0, outcome.previous)
    return undo_views.redirect_with_undo(game_id, change, f"round-{number}")


def board_for(game: services.GameView) -> dict[str, Any] | None:
    """The peg board of ``game`` for the table view (``{"layout", "sides"}``),
    or ``None`` for a game without one."""
    if not game.table.kind.spec.scores_during_play:
        return None
    board = board_of(_record(game))
    return None if board is None else {"layout": board[0], "sides": board[1]}


def tallies_for(game: services.GameView) -> dict[str, Any] | None:
    """42's marks of each pair as the words ALL drawn for the table view
    (``{"Ana+Chen": ((("A", 3), ("L", 2), ("L", 0)),)}``, :func:`tally_words`),
    or ``None`` for a game of another kind."""
    if game.table.kind.spec.form.entry is not HandEntry.BIDS:
        return None
    inner = texas42_game(_record(game))
    return {team: tally_words(marks) for team, marks in inner.totals.items()}


def render_family(game: services.GameView, *, values: Any, draft_restore: bool, errors: Mapping[str, list[str]],
                  warnings: list[Any], status: int, edit: int | None) -> tuple[str, int]:
    """The page of ``game`` as :func:`pages.render_game` draws a family kind's
    (``FAMILY_PAGES``): the score pad, or 42's hand form."""
    return render_pad(game, errors=[m for ms in errors.values() for m in ms] or None, status=status,
                      edit=edit if game.table.kind.spec.form.entry is HandEntry.PLAYS else None)


FAMILY_PAGES = {"all_fives": render_family, "fives_threes": render_family, "texas42": render_family}
"""The game page of each of these kinds, by its rules module's name."""


@bp.post("/games/<int:game_id>/pad")
def save_hand(game_id: int):
    """Save the hand the pad sends; on a refusal show the pad again with the
    hand as typed and each refusal's message."""
    try:
        game = services.get_game(game_id)
    except services.NotFound:
        abort(404)
    if not uses_pad(game):
        abort(404)
    text = request.form.get("hand", "")
    data, problems = read_pad_hand(text, list(game.table.players))
    if problems.errors:
        return _refused(game, text, problems.errors)
    number = numbers.parse(request.form.get("number"))
    try:
        outcome = services.add_round(game_id, data, number=number if isinstance(number, int) else None)
    except RecordError as exc:
        return _refused(game, text, exc.errors + exc.warnings)
    if isinstance(outcome, services.Conflicted):
        return render_pad(services.get_game(game_id), text, [outcome.problem.message], 409)
    if isinstance(outcome, services.Saved):  # the notice offers to take the hand back
        change = undoing.Change(undoing.ADDED, outcome.round.number, outcome.revision or 0)
        return undo_views.redirect_with_undo(game_id, change, "pad")
    return redirect(url_for("games.detail", game_id=game_id, _anchor="pad"))


# ---------------------------------------------------------------- the start form


def record_from_form(form: Mapping[str, str]) -> tuple[dict[str, Any], list[str]]:
    """The game record of the start form: ``choice`` (``kind:preset``, a
    named rule set of the kind), ``player-0`` … ``player-3`` and ``pairs`` (four
    players in two pairs, partners opposite: seats 1 and 3, 2 and 4).

    :return: the record and the form's own refusals (messages).
    """
    kind, _, key = (form.get("choice") or "").partition(":")
    presets = START_PRESETS.get(kind)
    preset = presets.get(key) if presets is not None else None
    if presets is None or preset is None:
        return {}, [gettext("Choose a game.")]
    names = [(form.get(f"player-{i}") or "").strip() for i in range(SEATS)]
    players = [n for n in names if n]
    rules = json.loads(json.dumps(dict(preset.rules)))  # a dealing table's keys as JSON keeps them
    record: dict[str, Any] = {"kind": kind, "set": 6, "players": players, "rules": rules}
    spec = kind_spec(kind)
    if (form.get("pairs") or spec.team_size) and len(players) == SEATS:
        record["teams"] = [[players[0], players[2]], [players[1], players[3]]]
    if "first_shaker" in spec.record_fields and players:
        record["first_shaker"] = players[0]  # seat 1 shakes the first hand
    return record, []


def _start_context(values: Mapping[str, str] | None = None, errors: list[str] | None = None) -> dict[str, Any]:
    return {"values": values or {}, "errors": errors or [], "presets": START_PRESETS, "kind_names": KIND_NAMES,
            "seats": SEATS, "kind_spec": kind_spec}


def start_address(kind: str, players: Sequence[str]) -> str:
    """The address of this start form with ``kind`` chosen and ``players``
    (names in seat order; blanks skipped, the first :data:`SEATS` kept) in
    its seats: the start page's choice of one of these games leads there."""
    names = [n.strip()[:40] for n in players if n and n.strip()][:SEATS]
    return url_for("counts.start", kind=kind, **{f"player-{i}": n for i, n in enumerate(names)})


@bp.get("/counts/start")
def start():
    """The start form of the games scored during play (``kind`` and
    ``player-<seat>`` in the address fill it in)."""
    keys = ["kind", *(f"player-{i}" for i in range(SEATS))]
    values = {k: request.args.get(k, "")[:40] for k in keys}
    return render_template("games/counts/start.html", **_start_context(values))


@bp.post("/counts/start")
def create():
    """Start the game and open its score pad; a refusal shows the form again as typed."""
    record, errors = record_from_form(request.form)
    if not errors:
        try:
            game = services.create_game(record)
            return redirect(url_for("games.detail", game_id=game.id))
        except RecordError as exc:
            errors = [p.message for p in exc.errors + exc.warnings]
    return render_template("games/counts/start.html", **_start_context(request.form, errors)), 422


__all__ = ["FAMILY_PAGES", "board_for", "tallies_for", "bp", "record_from_form", "render_bids", "render_pad", "uses_pad"]
