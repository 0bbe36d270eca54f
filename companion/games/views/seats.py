"""Who sits at a game under way: add a player, one leaves the table, comes back.

Each view reads the form, calls one service function (:mod:`companion.services.seats`)
and goes back to the game's page; a refusal shows the page again with the
message beside the form and what was typed kept.
"""

from __future__ import annotations

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for

from companion.games import services
from companion.games.services import seats
from companion.rules import RecordError
from companion.web.i18n import gettext

bp = Blueprint("seats", __name__)


def _back(game_id: int):
    return redirect(url_for("games.detail", game_id=game_id, _anchor="table-seats"))


@bp.get("/games/<int:game_id>/seats/panel")
def panel_body(game_id: int):
    """The "someone joins or leaves" panel's forms on a page of their own: the
    game page fetches them when its closed panel opens (issue 27, page weight:
    its two forms are about 2 KB of an eight-player game's page). A finished
    game has no such panel: back to its page."""
    from companion.games.views.pages import _game_or_404, _last_totals
    from companion.rules.state import joining_total
    from companion.web.labels import VALUE_LABELS

    game = _game_or_404(game_id)
    plan = game.next_round()
    if plan is None:
        return redirect(url_for("games.detail", game_id=game_id))
    totals = [v for v in _last_totals(game).values() if v is not None]
    return render_template("games/seats_panel.html", game=game, plan=plan, seats_form={},
                           value_labels=VALUE_LABELS, joining_total=joining_total(game.table, totals))


@bp.post("/games/<int:game_id>/players")
def add_player(game_id: int):
    """Seat a newcomer after the chosen player (the form's ``name`` and ``after``)."""
    from companion.games.views.pages import render_game_with

    name = request.form.get("name", "")
    after = request.form.get("after") or None
    try:
        game = seats.add_player(game_id, name, after)
    except services.NotFound:
        abort(404)
    except RecordError as exc:
        problems = exc.errors or exc.warnings
        if problems[0].code in ("game_finished", "edit_conflict"):
            flash(problems[0].message, "error")  # the page has no players' form then
            return _back(game_id)
        return render_game_with(game_id, seats_form={
            "name": name, "after": after or "", "errors": [p.message for p in problems]}, status=422)
    plan = game.next_round()
    flash(gettext("%(name)s joins the game: they play from round %(n)s.",
                  name=name.strip(), n=plan.number) if plan else gettext("%(name)s joins the game.",
                                                                         name=name.strip()), "info")
    return _back(game_id)


@bp.post("/games/<int:game_id>/players/leave")
def leave(game_id: int):
    """The form's ``player`` leaves the table from the next round on."""
    return _seat_change(game_id, seats.leave_table, lambda name: gettext(
        "%(name)s has left the table: they sit out the rounds to come.", name=name))


@bp.post("/games/<int:game_id>/players/back")
def come_back(game_id: int):
    """The form's ``player`` is back at the table from the next round on."""
    return _seat_change(game_id, seats.come_back, lambda name: gettext(
        "%(name)s is back at the table from the next round.", name=name))


def _seat_change(game_id: int, change, done):
    name = request.form.get("player", "")
    try:
        change(game_id, name)
    except services.NotFound:
        abort(404)
    except RecordError as exc:
        flash((exc.errors or exc.warnings)[0].message, "error")
        return _back(game_id)
    flash(done(name), "info")
    return _back(game_id)


__all__ = ["bp"]
