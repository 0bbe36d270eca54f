"""The table's pages: games, the scoreboard with round entry, the table view, the sheet."""

from __future__ import annotations

from flask import Blueprint, Response, abort, flash, redirect, render_template, request, url_for

from .. import services
from ..chart import running_totals_chart
from ..forms import (
    errors_by_field,
    errors_for_hands,
    errors_for_players,
    game_from_form,
    round_from_form,
    round_to_form,
)
from ..i18n import current_language, gettext, translated
from ..labels import KIND_NAMES, RULE_LABELS, VALUE_LABELS
from ..pdf import HALF_OF
from ..pips import layout as pip_layout
from ..pips import layouts as pip_layouts
from ..rules import RecordError, check_round
from ..rules.profile import DRAW_COUNT_PRESETS, OPTIONS, OPTIONS_BY_KEY, PRESETS
from ..rules.tiles import SET_SIZES

bp = Blueprint("games", __name__)
bp.add_app_template_global(pip_layout, "pip_layout")
bp.add_app_template_global(pip_layouts, "pip_layouts")

def rules_in_play(rules) -> list[dict]:
    """The rules that differ from the defaults, each with its explanation."""
    out = []
    for key, value in rules.changed().items():
        if key == "draw_counts":
            shown = ", ".join(f"{p}→{n}" for p, n in value.items())
        else:
            shown = translated(VALUE_LABELS[value]) if value in VALUE_LABELS else value
        label = translated(RULE_LABELS[key]) if key in RULE_LABELS else key.replace("_", " ")
        out.append({"key": key, "value": shown, "explain": translated(OPTIONS_BY_KEY[key].explain),
                    "short": f"{label} {shown}"})
    return out


def _index_context(values=None, errors=None, warnings=None):
    return dict(
        games=[(row, services.load(row.id)[1]) for row in services.list_games()],
        known=services.known_players(),
        sets=SET_SIZES,
        values=values if values is not None else {},
        errors=errors or {},
        warnings=warnings or [],
        kind_names=KIND_NAMES,
        options=[o for o in OPTIONS if o.key != "draw_counts"],
        presets=PRESETS,
        draw_presets=DRAW_COUNT_PRESETS,
        value_labels=VALUE_LABELS,
        rule_labels={key: translated(label) for key, label in RULE_LABELS.items()},
    )


def _load_or_404(game_id: int):
    try:
        return services.load(game_id)
    except services.NotFound:
        abort(404)


@bp.get("/")
def index():
    """The list of games and the form to start one."""
    return render_template("index.html", **_index_context())


@bp.post("/games")
def create():
    """Start a game from the form; on a refusal show the form again as typed."""
    record, problems = game_from_form(request.form)
    confirm = bool(request.form.get("confirm"))
    warnings = []
    if not problems:
        try:
            row = services.create_game(record, confirm=confirm)
            return redirect(url_for("games.detail", game_id=row.id))
        except RecordError as exc:
            problems, warnings = exc.errors, exc.warnings
    context = _index_context(
        request.form, errors_for_players(errors_by_field(problems)), [] if problems else warnings
    )
    return render_template("index.html", **context), 422


def _render_game(row, game, values=None, errors=None, warnings=None, status=200, edit=None):
    plan = game.next_round()
    return (
        render_template(
            "game.html",
            row=row,
            game=game,
            derived=game.derived(),
            plan=plan,
            values=values if values is not None else {},
            errors=errors or {},
            hand_errors=errors_for_hands(errors or {}, game.table.players),
            warnings=warnings or [],
            edit=edit,
            kind_names=KIND_NAMES,
            rules_in_play=rules_in_play(game.table.rules),
            went_out=[rnd.went_out for rnd in game.rounds],
            chart=running_totals_chart(
                game.table.players, game.running_totals(), game.scores(), game.table.round_count
            ),
        ),
        status,
    )


@bp.get("/games/<int:game_id>")
def detail(game_id: int):
    """The scoreboard, the next-round card and the round entry form."""
    row, game = _load_or_404(game_id)
    return _render_game(row, game)


@bp.post("/games/<int:game_id>/rounds")
def add_round(game_id: int):
    """Record the next round from the form (the round number guards a double tap)."""
    row, game = _load_or_404(game_id)
    parsed, confirm = _read_round_form(game)
    number = request.form.get("number", type=int)
    problems, warnings = parsed.problems, []
    if not problems:
        try:
            saved = services.add_round(game_id, parsed.data, number=number, confirm=confirm)
            return redirect(url_for("games.detail", game_id=game_id, _anchor=f"round-{saved.number}"))
        except services.Conflict as exc:
            row, game = services.load(game_id)
            if number is not None and 1 <= number <= len(game.rounds):
                if _same_round(game, number, parsed.data):
                    # The same form arrived twice (double tap, reload): it is saved already.
                    flash(exc.problem.message, "info")
                    return redirect(url_for("games.detail", game_id=game_id))
                # Another tablet saved this round first, with other numbers: keep
                # what was typed here and offer it as a correction of that round.
                values = request.form.to_dict()
                values["version"] = str(services.get_round(row, number).version)
                message = gettext(
                    "Round %(n)s was just saved on another device with other numbers. What you "
                    "typed is kept below: save it as a correction of round %(n)s, or cancel.",
                    n=number,
                )
                return _render_game(
                    row, game, values=values, status=409, edit=number,
                    errors={"": [message]},
                )
            problems = [exc.problem]
        except RecordError as exc:
            problems, warnings = exc.errors, exc.warnings
    return _refused(game_id, problems, warnings)


def _read_round_form(game):
    """The round entry form read for ``game``; returns ``(parsed form, confirm)``."""
    parsed = round_from_form(request.form, list(game.table.players), game.table.kind)
    _deal_for_present(parsed.data, game)
    return parsed, bool(request.form.get("confirm"))


def _refused(game_id: int, problems, warnings, edit: int | None = None):
    """The game page again with the form as typed and each problem at its field:
    409 for an edit conflict, else 422."""
    row, game = services.load(game_id)
    return _render_game(
        row,
        game,
        values=request.form,
        errors=errors_by_field(problems),
        warnings=[] if problems else warnings,
        status=409 if any(p.code == "edit_conflict" for p in problems) else 422,
        edit=edit,
    )


def _deal_for_present(data: dict, game) -> None:
    """A player marked away leaves the deal box at the full table's count: take
    the count for the players present instead of warning about a house deal."""
    if data.get("absent") and data.get("dealt") == game.table.standard_deal():
        data.pop("dealt")


def _same_round(game, number: int, data: dict) -> bool:
    """True when ``data`` is what round ``number`` already holds (a form sent twice)."""
    try:
        rnd = check_round(game, data, number, confirm=True)
    except RecordError:
        return False
    return rnd.as_dict() == game.rounds[number - 1].as_dict()


@bp.get("/games/<int:game_id>/rounds/<int:number>/edit")
def edit_round(game_id: int, number: int):
    """The round entry form filled with a recorded round, to correct it."""
    row, game = _load_or_404(game_id)
    try:
        stored = services.get_round(row, number)
    except services.NotFound:
        abort(404)
    values = round_to_form(stored.data, list(game.table.players))
    values["version"] = str(stored.version)
    return _render_game(row, game, values=values, edit=number)


@bp.post("/games/<int:game_id>/rounds/<int:number>")
def update_round(game_id: int, number: int):
    """Save a corrected round; a newer version on another device is a conflict."""
    row, game = _load_or_404(game_id)
    parsed, confirm = _read_round_form(game)
    version = request.form.get("version", type=int)
    problems, warnings = parsed.problems, []
    if not problems:
        try:
            services.replace_round(game_id, number, parsed.data, version=version, confirm=confirm)
            return redirect(url_for("games.detail", game_id=game_id, _anchor=f"round-{number}"))
        except services.NotFound:
            abort(404)
        except services.Conflict as exc:
            problems = [exc.problem]
        except RecordError as exc:
            problems, warnings = exc.errors, exc.warnings
    return _refused(game_id, problems, warnings, edit=number)


@bp.post("/games/<int:game_id>/rounds/<int:number>/delete")
def delete_round(game_id: int, number: int):
    """Delete the last round."""
    try:
        services.delete_last_round(game_id, number)
    except services.NotFound:
        abort(404)
    except RecordError as exc:
        flash(exc.errors[0].message, "error")
    return redirect(url_for("games.detail", game_id=game_id))


@bp.post("/games/<int:game_id>/delete")
def delete_game(game_id: int):
    """Delete a whole game (asked from the game page)."""
    try:
        services.delete_game(game_id)
    except services.NotFound:
        abort(404)
    return redirect(url_for("games.index"))


@bp.get("/games/<int:game_id>/table")
def table(game_id: int):
    """The big view for a TV or a second tablet: standings, the last round and
    the next one. It refreshes itself (``static/table.js``); opened through the
    spectator link (``?view=``) it polls with the same key."""
    from ..auth import is_spectator

    row, game = _load_or_404(game_id)
    return render_template(
        "table.html",
        row=row,
        game=game,
        derived=game.derived(),
        plan=game.next_round(),
        spectator=is_spectator(),
        view_key=request.args.get("view"),
        kind_names=KIND_NAMES,
    )


@bp.get("/games/<int:game_id>/sheet.pdf")
def sheet(game_id: int):
    """The score sheet as PDF: ``?paper=letter`` for Letter, ``?size=half`` for half
    a page (A5, half Letter), ``?blank=1`` for an empty sheet."""
    from ..pdf import score_sheet_pdf

    row, game = _load_or_404(game_id)
    paper = request.args.get("paper", "a4").lower()
    if paper not in HALF_OF:
        abort(400)
    if request.args.get("size", "full") == "half":
        paper = HALF_OF[paper]
    blank = request.args.get("blank") in ("1", "true", "yes")
    pdf = score_sheet_pdf(
        game, played_on=row.created_at.date(), paper=paper, blank=blank, language=current_language()
    )
    name = f"score-sheet-{game_id}{'-blank' if blank else ''}.pdf"
    return Response(
        pdf,
        mimetype="application/pdf",
        headers={"Content-Disposition": f'inline; filename="{name}"'},
    )

