"""The table's pages: games, the scoreboard with round entry, the table view, the sheet.

Each view reads the form, calls one service function and redirects or shows
the page again; what the engine derived is read back from the store.
"""

from __future__ import annotations

from dataclasses import replace
from datetime import date
from functools import lru_cache

from flask import Blueprint, Response, abort, flash, redirect, render_template, request, url_for

from companion.games import chicken_foot, forms, services
from companion.games.chart import running_totals_chart
from companion.games.forms import (
    errors_by_field,
    errors_for_hands,
    errors_for_players,
    game_from_form,
    kind_of,
    pips_box_wrong,
    round_from_form,
    round_to_form,
)
from companion.games.partnership_form import hand_to_form, pairs_by_pips, start_errors
from companion.games.pips import layout as pip_layout
from companion.games.pips import layouts as pip_layouts
from companion.games.rule_lines import rules_in_play
from companion.games.services import undo as undoing
from companion.games.views import chicken_foot as chicken_foot_page
from companion.games.views import counts as counts_views
from companion.games.views import partnership as pairs_views
from companion.games.views import undo as undo_views
from companion.rules import RecordError
from companion.rules.profile import DRAW_COUNT_PRESETS, OPTIONS, PRESETS
from companion.rules.record.entry import about_hand, rest_to_mend
from companion.rules.scoring import double_blank_changes_points
from companion.rules.seat import each_hand_alone
from companion.rules.state import joining_total
from companion.rules.tiles import SET_SIZES
from companion.web import numbers, pagecache
from companion.web.access import spectator_ok
from companion.web.html import tight
from companion.web.i18n import current_language, gettext, translated
from companion.web.labels import DATES_REVERSED, KIND_NAMES, RULE_LABELS, VALUE_LABELS
from companion.web.security import local_target

bp = Blueprint("games", __name__)
bp.add_app_template_global(pip_layout, "pip_layout")
bp.add_app_template_global(pip_layouts, "pip_layouts")

FAMILY_PAGES = {"chicken_foot": chicken_foot_page.render, **counts_views.FAMILY_PAGES}
"""The game page of each kind read by its own rules module, by the module's name (``KindSpec.rules_module``)."""

PER_PAGE = 20
LIST = "games"
"""The games list's ``id`` on the games page: a change made from the list (or
told there) opens the page on it, not on the new-game form above it (a phone
would show the form and leave the list below the fold)."""


def _day(name: str) -> date | None:
    try:
        return date.fromisoformat(request.args.get(name, ""))
    except ValueError:
        return None


def _list_query() -> services.GameQuery:
    """The list's filters from the page's query string (bad values ignored)."""
    shelf = request.args.get("shelf", "games")
    return services.GameQuery(
        per_page=PER_PAGE, player=request.args.get("player") or None,
        kind=request.args.get("kind") if request.args.get("kind") in KIND_NAMES else None,
        since=_day("since"), until=_day("until"), text=request.args.get("q") or None,
        shelf=shelf if shelf in services.SHELVES else "games",
    )


def _index_context(values=None, errors=None, warnings=None):
    query = _list_query()
    lists = {}
    dates_error = None
    with services.one_read():  # the lists and the names from one snapshot, one read
        if query.dates_reversed:  # no list, but why: the form keeps the dates as typed
            dates_error = translated(DATES_REVERSED)
        elif query.shelf == "games":
            for status, arg in (("in_progress", "open_page"), ("finished", "page")):
                page = numbers.arg(arg, 1, 1) or 1
                lists[status] = services.list_games(replace(query, status=status, page=page))
        else:
            lists["shelf"] = services.list_games(
                replace(query, page=numbers.arg("page", 1, 1) or 1))
        known = services.known_players()
        groups = services.recent_groups()
    return dict(
        lists=lists,
        query=query,
        dates_error=dates_error,
        filters={k: v for k, v in request.args.items() if k not in ("page", "open_page", "trashed", "archived")},
        trashed=numbers.parse(request.args.get("trashed"), 1),
        archived=numbers.parse(request.args.get("archived"), 1),
        known=known,
        groups=groups,
        sets=SET_SIZES,
        values=values if values is not None else {},
        errors=errors or {},
        warnings=warnings or [],
        kind_names=KIND_NAMES,
        options=[o for o in OPTIONS if o.key != "draw_counts"],
        presets=PRESETS,
        draw_presets=DRAW_COUNT_PRESETS,
        value_labels=VALUE_LABELS,
        rule_labels=_rule_labels(current_language()),
        cf=chicken_foot.start_choices(),
    )


@lru_cache(maxsize=16)
def _rule_labels(language: str) -> dict[str, str]:
    """Every rule's label in ``language`` (the request's: translated once per language)."""
    return {key: translated(label) for key, label in RULE_LABELS.items()}


def _game_or_404(game_id: int) -> services.GameView:
    """The stored game; 404 when there is none, 409 with a line saying so for
    a kind the pages cannot show yet (:attr:`~companion.rules.kinds.KindSpec.on_pages`)."""
    try:
        game = services.get_game(game_id)
    except services.NotFound:
        abort(404)
    if not game.table.kind.spec.on_pages:
        abort(Response(gettext("The page of this kind of game is not ready yet."), status=409,
                       mimetype="text/plain"))
    return game


@bp.get("/")
def index():
    """The games (in progress and finished apart, a page at a time, with
    filters) and the form to start one.

    The page is kept under the history stamp (:mod:`companion.services.stamp`),
    read first: until a game or the roster changes, the same address is served
    again without reading the lists (:mod:`companion.pagecache`).
    """
    stamp = services.history_stamp()
    if stamp is None:
        return render_template("games/index.html", **_index_context())
    return pagecache.page(("index", stamp), lambda: render_template("games/index.html", **_index_context()),
                          forms=True)


@bp.post("/games")
def create():
    """Start a game from the form; on a refusal show the form again as typed. A game
    scored during play has its own start form: led there with the typed players."""
    if (chosen := kind_of(request.form)) is not None and chosen.spec.scores_during_play:
        return redirect(counts_views.start_address(chosen, request.form.getlist("player")), 303)
    record, problems = game_from_form(request.form)
    warnings = []
    if not problems:
        try:
            game = services.create_game(record, confirm=bool(request.form.get("confirm")))
            return redirect(url_for("games.detail", game_id=game.id))
        except RecordError as exc:
            problems, warnings = exc.errors, exc.warnings
    errors = errors_for_players(errors_by_field(problems))
    kind = kind_of(request.form)
    if kind is not None and pairs_by_pips(kind.spec):  # each rule's message at the pairs' own box
        errors = start_errors(errors)
    context = _index_context(request.form, errors, [] if problems else warnings)
    return render_template("games/index.html", **context), 422


def render_game_with(game_id: int, seats_form: dict, status: int = 422):
    """The game's page again with the players' form as typed and its messages
    (``seats_form``: ``{"name", "after", "errors"}``)."""
    html, _ = render_game(_game_or_404(game_id), seats_form=seats_form)
    return html, status


def render_game(game: services.GameView, values=None, errors=None, warnings=None, status=200,
                edit=None, seats_form=None, refused=False, draft_restore=False):
    errors = dict(errors or {})
    if edit is not None and not 1 <= edit <= len(game.rounds):
        # the round was deleted on another device meanwhile: what was typed is
        # kept, now as the entry of the next round
        errors[""] = errors.get("", []) + [gettext(
            "Round %(n)s was deleted on another device. What you typed is kept below.", n=edit)]
        edit, status = None, 409
    t = game.table
    if pairs_by_pips(t.kind.spec):  # a game in pairs: its own page (views/partnership.py)
        if values is None:  # a new hand's own form takes back this browser's draft of it
            values, draft_restore = {}, edit is None and not undo_views.holds_taken_back(game.id)
        return pairs_views.render_pairs_game(game, values, errors, warnings, status, edit,
                                             draft_restore=draft_restore, refused=refused)
    if values is None:
        values, draft_restore = _new_round_values(game, edit)
    if t.kind.spec.rules_module in FAMILY_PAGES:
        return FAMILY_PAGES[t.kind.spec.rules_module](
            game, values=values, draft_restore=draft_restore, errors=errors, warnings=warnings or [],
            status=status, edit=edit)
    return (
        tight(render_template(
            "games/game.html",
            game=game,
            derived=game.as_json(),
            plan=game.next_round(),
            values=values,
            draft_restore=draft_restore,
            refused=refused,
            seats_form=seats_form or {},
            value_labels=VALUE_LABELS,
            blank_counts=double_blank_changes_points(t),
            joining_total=joining_total(t, [v for v in _last_totals(game).values() if v is not None]),
            errors=errors,
            hand_errors=errors_for_hands(errors, t.players),
            pips_wrong=pips_box_wrong(errors, t.players),
            warnings=warnings or [],
            edit=edit,
            kind_names=KIND_NAMES,
            rules_in_play=rules_in_play(t.rules, t.kind.spec.words),
            went_out=[rnd.went_out for rnd in game.rounds],
            chart=running_totals_chart(t.players, game.running_totals(), game.scores(), t.round_count),
            undo=undo_views.notice(game),
        )),
        status,
    )


@bp.get("/games/<int:game_id>")
def detail(game_id: int):
    """The scoreboard, the next-round card and the round entry form.

    Kept per game stamp (:func:`companion.services.game_stamp`: every change
    of the game gives a new one), language, theme and device
    (:mod:`companion.pagecache`), so showing it again reads one small row and
    renders nothing; a page with the players' phones panel (a game in play)
    reads the phones each time and is not kept, nor one with the notice of a
    change (``?undo=``) or this device's round taken back
    (:mod:`companion.views.undo`).
    """
    try:
        key = pagecache.request_key(("game", services.game_stamp(game_id)))
    except services.NotFound:
        abort(404)
    if undo_views.holds_taken_back(game_id) or "undo" in request.args:
        # this device's own form, filled with the round it took back; or a
        # notice with its Undo, shown once
        key = None
    html = pagecache.kept(key) if key is not None else None
    if html is not None:
        return pagecache.with_token(html)
    game = _game_or_404(game_id)
    html, status = render_game(game)
    if key is not None and not _shows_phones(game):
        pagecache.keep(key, html, forms=True)
    return html, status


def _last_totals(game: services.GameView) -> dict:
    return dict(game.rounds[-1].result.totals) if game.rounds else {}


def _new_round_values(game: services.GameView, edit: int | None) -> tuple[dict[str, str], bool]:
    """The round form's values before anything is typed: the round this device
    just took back with *Undo*, as it was saved; else :func:`_away_ticked`.

    :return: the values, and whether they are a new round's own (not a
        correction, no round taken back in them): only such a form takes back
        the draft this browser kept of the round (``static/app.js``), never
        one the server filled.
    """
    if edit is None:
        kept = undo_views.taken_back(game)
        if kept is not None:
            return kept, False
    return _away_ticked(game, edit), edit is None


def _away_ticked(game: services.GameView, edit: int | None) -> dict[str, str]:
    """A new round's form starts with the players away from the table ticked
    as sitting it out."""
    if edit is not None:
        return {}
    players = game.table.players
    return {f"absent-{players.index(n)}": "1" for n in game.table.away}


def _shows_phones(game: services.GameView) -> bool:
    """The game page holds the players' phones panel (game.html; the pad's if it asks pips)."""
    return game.next_round() is not None and (game.table.kind.counts_pips or counts_views.asks_pips(game))


def _typed_round(game: services.GameView, new: bool = False):
    """The round entry form read for ``game``: ``(data, typing problems, confirm)``;
    with a box refused as typed, what else the round shows wrong too
    (:func:`companion.rules.entry.rest_to_mend`; for the ``new`` round, each
    other hand checked against the round's engine and deal too)."""
    if pairs_by_pips(game.table.kind.spec):
        return pairs_views.typed_hand(game)
    parsed = round_from_form(request.form, list(game.table.players), game.table.kind)
    problems = list(parsed.problems)
    if problems and game.table.kind.counts_pips:
        problems += rest_to_mend(game.table, parsed.data, problems)
        if new:  # every box at once: a hand beyond any hand's reach beside a refused box
            hands = parsed.data.get("hands") or {}
            named = [n for n in hands if any(about_hand(p.path, n) for p in problems)]
            problems += each_hand_alone(game, hands, skip=named)
    return parsed.data, problems, bool(request.form.get("confirm"))


@bp.post("/games/<int:game_id>/rounds")
def add_round(game_id: int):
    """Record the next round from the form (the round number guards a double tap)."""
    data, problems, confirm = _typed_round(_game_or_404(game_id), new=True)
    number = numbers.parse(request.form.get("number"))  # unreadable: no double-tap guard
    try:
        outcome = None if problems else services.add_round(
            game_id, data, number=number, confirm=confirm, entry=True)
    except RecordError as exc:
        return _refused(game_id, exc.errors, exc.warnings)
    except services.NotFound:
        abort(404)
    if isinstance(outcome, services.Saved):
        change = undoing.Change(undoing.ADDED, outcome.round.number, outcome.revision or 0)
        # the game's last round: to the winner's card and its "New game with these players";
        # otherwise to the next round's form, where the scorekeeper types next (issue 27:
        # the page jumped 1,000-1,700 px down to the scoreboard)
        over = outcome.game is not None and outcome.game.finished
        return undo_views.redirect_with_undo(game_id, change, "winner" if over else "entry")
    if isinstance(outcome, services.AlreadySaved):
        flash(outcome.problem.message, "info")
        return redirect(url_for("games.detail", game_id=game_id))
    if isinstance(outcome, services.Conflicted) and outcome.taken_by_other:
        return _taken_by_other(game_id, outcome)
    return _refused(game_id, [outcome.problem] if outcome else problems, [])


def _taken_by_other(game_id: int, outcome: services.Conflicted):
    """Another tablet saved this round first, with other numbers: keep what was
    typed here and offer it as a correction of that round (409)."""
    values = forms.typed_with_tiles(request.form)
    values["version"] = str(outcome.version)
    message = gettext(
        "Round %(n)s was just saved on another device with other numbers. What you "
        "typed is kept below: save it as a correction of round %(n)s, or cancel.",
        n=outcome.number,
    )
    return render_game(_game_or_404(game_id), values=values, status=409, edit=outcome.number,
                        errors={"": [message]}, refused=True)


def _refused(game_id: int, problems, warnings, edit: int | None = None):
    """The game page again with the form as typed and each problem at its field:
    409 for an edit conflict, else 422."""
    return render_game(
        _game_or_404(game_id),
        values=forms.typed_with_tiles(request.form),
        errors=errors_by_field(problems),
        warnings=[] if problems else warnings,
        status=409 if any(p.code == "edit_conflict" for p in problems) else 422,
        edit=edit,
        refused=True,
    )


@bp.get("/games/<int:game_id>/rounds/<int:number>/edit")
def edit_round(game_id: int, number: int):
    """The round entry form filled with a recorded round, to correct it."""
    game = _game_or_404(game_id)
    if not 1 <= number <= len(game.rounds):
        abort(404)
    stored = game.rounds[number - 1]
    players = list(game.table.players)
    pairs = pairs_by_pips(game.table.kind.spec)
    values = (hand_to_form if pairs else round_to_form)(stored.data, players)
    values["version"] = str(stored.version)
    # what this browser typed into this version of the round and has not saved comes back (static/app.js)
    return render_game(game, values=values, edit=number, draft_restore=True)


@bp.post("/games/<int:game_id>/rounds/<int:number>")
def update_round(game_id: int, number: int):
    """Save a corrected round; a newer version on another device is a conflict."""
    data, problems, confirm = _typed_round(_game_or_404(game_id))
    version = request.form.get("version", type=int)
    try:
        outcome = None if problems else services.replace_round(
            game_id, number, data, version=version, confirm=confirm, entry=True)
    except RecordError as exc:
        return _refused(game_id, exc.errors, exc.warnings, edit=number)
    except services.NotFound:
        return _refused(game_id, problems, [], edit=number)
    if isinstance(outcome, services.Saved):
        change = undoing.Change(undoing.CORRECTED, number, outcome.revision or 0, outcome.previous)
        return undo_views.redirect_with_undo(game_id, change, f"round-{number}")
    return _refused(game_id, [outcome.problem] if outcome else problems, [], edit=number)


@bp.post("/games/<int:game_id>/rounds/<int:number>/delete")
def delete_round(game_id: int, number: int):
    """Delete the last round."""
    try:
        outcome = services.delete_last_round(game_id, number, version=request.form.get("version", type=int))
    except services.NotFound:
        abort(404)
    except RecordError as exc:
        flash(exc.errors[0].message, "error")
        return redirect(url_for("games.detail", game_id=game_id))
    if isinstance(outcome, services.Deleted):
        change = undoing.Change(undoing.DELETED, number, outcome.revision, outcome.data)
        return undo_views.redirect_with_undo(game_id, change)
    flash(outcome.problem.message, "error")
    return redirect(url_for("games.detail", game_id=game_id))


@bp.post("/games/<int:game_id>/delete")
def delete_game(game_id: int):
    """Delete a game: it goes to the trash (the list offers to undo it)."""
    try:
        services.trash_game(game_id)
    except services.NotFound:
        abort(404)
    return redirect(url_for("games.index", trashed=game_id, _anchor=LIST))


@bp.post("/games/<int:game_id>/finish")
def finish_game(game_id: int):
    """End the game where it stands (the form asks first), then show its
    winner's card; a game over already, or with no round yet, says so."""
    try:
        services.finish_game(game_id)
    except services.NotFound:
        abort(404)
    except RecordError as exc:
        flash(exc.errors[0].message, "error")
    return redirect(url_for("games.detail", game_id=game_id, _anchor="winner"))


@bp.post("/games/<int:game_id>/restore")
def restore_game(game_id: int):
    """Take a game out of the trash."""
    try:
        services.restore_game(game_id)
    except services.NotFound:
        abort(404)
    return redirect(url_for("games.detail", game_id=game_id))


@bp.post("/games/<int:game_id>/archive")
def archive_game(game_id: int):
    """Hide a game from the list, then show the list with a notice that offers
    to take it out again (as a deleted game's offers its undo); ``archived=0``
    brings it back, then goes to ``next`` (the list the form was on, a path of
    this site) or the game's page."""
    archived = request.form.get("archived", "1") != "0"
    try:
        services.archive_game(game_id, archived=archived)
    except services.NotFound:
        abort(404)
    if archived:
        return redirect(url_for("games.index", archived=game_id, _anchor=LIST))
    flash(gettext("The game is out of the archive: the list of games shows it again."), "ok")
    return redirect(local_target(request.form.get("next")) or url_for("games.detail", game_id=game_id))


@bp.post("/trash/empty")
def empty_trash():
    """Delete every game in the trash for good."""
    n = services.empty_trash()
    flash(gettext("Games deleted for good: %(n)s.", n=n), "info")
    return redirect(url_for("games.index", shelf="trash", _anchor=LIST))


@bp.get("/games/<int:game_id>/table")
@spectator_ok
def table(game_id: int):
    """The big view for a TV or a second tablet: standings, the last round and
    the next one. It refreshes itself (``static/table.js``); opened through the
    spectator link (``?view=``) it polls with the same key."""
    from companion.web.access import is_spectator

    game = _game_or_404(game_id)
    if pairs_by_pips(game.table.kind.spec):
        return pairs_views.render_pairs_table(game, is_spectator(), request.args.get("view"))
    return render_template(
        "games/table.html",
        game=game,
        derived=game.as_json(),
        plan=game.next_round(),
        spectator=is_spectator(),
        view_key=request.args.get("view"),
        kind_names=KIND_NAMES,
        pegboard=counts_views.board_for(game),
        tallies=counts_views.tallies_for(game),
    )
