"""Club nights: the events, check-in, the draw, the big screen, the standings,
the PDFs (table cards, standings), and their JSON API (``/api/events…``).
Thin: parse the request, call :mod:`companion.club`, render."""

from __future__ import annotations

import json
from datetime import date
from importlib import import_module
from typing import Any

from flask import (
    Blueprint,
    Response,
    abort,
    flash,
    jsonify,
    redirect,
    render_template,
    request,
    url_for,
)

from companion.clubs import nights as club
from companion.clubs import pairs as club_pairs
from companion.clubs import people
from companion.clubs import tables as club_tables
from companion.clubs.form import LATE_NAMES, event_from_form
from companion.clubs.match import match_view
from companion.players.records import standings_csv as standings_csv_text
from companion.players.views import KIND_NAMES, rule_set_label
from companion.rules.clubs.events import EventStanding
from companion.rules.clubs.league import FORMATS, formats_for
from companion.rules.errors import Problem, Problems
from companion.rules.family_counts import START_PRESETS
from companion.rules.kinds import kind_spec, kinds_on_pages
from companion.rules.profile import PRESETS, parse_rules
from companion.rules.stats.records import rule_set_key
from companion.rules.tiles import SET_SIZES
from companion.sheets import pdf
from companion.web import pagecache
from companion.web.errors import problems_response
from companion.web.http import csv_download
from companion.web.i18n import gettext, lazy_gettext, translated
from companion.web.jsonbody import BadJSON, request_json

bp = Blueprint("events", __name__)
api = Blueprint("events_api", __name__, url_prefix="/api/events")

SCORING_NAMES = {
    "place_points": lazy_gettext("Place points (a table of n: n for 1st … 1 for last)"),
    "points_per_round": lazy_gettext("Game points per round played"),
    "wins": lazy_gettext("Games won"),
}
MEASURE_NAMES = {
    "place_points": lazy_gettext("place points"),
    "wins": lazy_gettext("games won"),
    "points_per_round": lazy_gettext("points per round"),
    "rounds_out": lazy_gettext("rounds gone out"),
}
SEATING_NAMES = {
    "random": lazy_gettext("At random"),
    "balanced": lazy_gettext("Balanced by standing (strong and weak at every table)"),
}
RESEAT_NAMES = {
    "move_down": lazy_gettext("The lowest of each table move down a table, the best of the table below move up"),
    "by_standing": lazy_gettext("By the evening's standings (the best at table 1)"),
    "draw": lazy_gettext("A new draw, keeping apart who already played together"),
    "keep": lazy_gettext("Everyone stays at their table"),
}


def _event_or_404(event_id: int) -> club.Event:
    try:
        return club.get(event_id)
    except club.NoEvent:
        abort(404)


def measures(keys: Any) -> str:
    """Measures of the standings named in the page's language, comma separated."""
    return ", ".join(str(MEASURE_NAMES[k]) for k in keys)


def rule_set_name(ev: club.Event) -> str:
    """The evening's rule set as the start page names it ("This app's
    defaults", a named rule set, or "House rules (…)"); the late-arrival rule
    is said on its own beside the draw. A kind with rules of its own
    (partnership dominoes, Chicken Foot) is named by its own preset's title
    when the rules are one, else "House rules": never Mexican Train's names."""
    module = ev.game_kind.spec.rules_module
    if module is not None:
        try:
            family = import_module(f"companion.rules.families.{module}")
        except ModuleNotFoundError:  # a kind read by a shared module: no presets of its own
            return gettext("House rules")
        presets = getattr(family, "PRESETS", {})
        # a module's own rules (pairs, Chicken Foot: parse_rules) or the counting games' (read_rules)
        parse = getattr(family, "parse_rules", None) or getattr(family, "read_rules", None)
        rules = dict(ev.rules)
        rules.pop("late_join", None)
        mine = parse(rules, Problems()) if parse is not None else None
        for preset in presets.values():
            if getattr(preset, "set_n", ev.set_n) != ev.set_n:
                continue
            # a counting game's preset names only the values it changes (its JSON rules)
            theirs = preset.rules if hasattr(preset, "set_n") or parse is None else parse(
                json.loads(json.dumps(dict(preset.rules))), Problems())
            if theirs == mine:
                return translated(getattr(preset, "title", None) or preset.label)
        return gettext("House rules")
    changed = parse_rules(ev.rules, Problems()).changed()
    changed.pop("late_join", None)
    return rule_set_label(rule_set_key(changed))


def _names_context() -> dict[str, Any]:
    return {"family_presets": START_PRESETS, "match_formats": FORMATS,
            "match_kinds": " ".join(k for k in kinds_on_pages() if formats_for(k)),
            "mt_preset_kinds": " ".join(k for k in kinds_on_pages()
                                        if kind_spec(k).named_presets and kind_spec(k).rules_module is None),
            "measures": measures, "rule_set_name": rule_set_name, "kind_names": KIND_NAMES, "scoring_names": SCORING_NAMES, "seating_names": SEATING_NAMES,
                "reseat_names": RESEAT_NAMES, "late_names": LATE_NAMES, "late_default": club.LATE_JOIN_DEFAULT,
                "measure_names": MEASURE_NAMES, "sets": SET_SIZES, "presets": PRESETS}


@bp.get("/events")
def index():
    """The club nights, newest first, and the form for a new one."""
    return render_template("clubs/index.html", events=club.events(), counts=club.games_played_counts(),
                           values={"held_on": date.today().isoformat()}, errors={}, **_names_context())


@bp.post("/events")
def create():
    """Create an event from the form (optionally checking players in)."""
    try:
        ev = club.create(event_from_form(request.form))
    except club.EventError as exc:
        errors = {p.path.split("[")[0].split(".")[0]: p.message for p in exc.problems}
        return render_template("clubs/index.html", events=club.events(), counts=club.games_played_counts(),
                               values=request.form, errors=errors, **_names_context()), 422
    return redirect(url_for("events.detail", event_id=ev.id))


def _detail(ev: club.Event, errors: dict[str, str] | None = None, status: int = 200, typed: str = "",
            pair_typed: tuple[str, str] | None = None):
    return render_template("clubs/detail.html", ev=ev, standings=club.standings(ev.id, ev),
                           known=people.regulars(), errors=errors or {}, typed=typed, pair_typed=pair_typed,
                           **_pairs_context(ev), **_names_context()), status


def _pairs_context(ev: club.Event) -> dict[str, Any]:
    """At a night in pairs, its standings by pair; at a league match, the match."""
    return {"pair_standings": club_pairs.standings_by_pair(ev.id, ev) if ev.in_pairs else [],
            "match": match_view(ev)}


@bp.get("/events/<int:event_id>")
def detail(event_id: int):
    """The evening's desk: check-in, who is here, the draw, every table's game."""
    return _detail(_event_or_404(event_id))


@bp.post("/events/<int:event_id>/players")
def check_in(event_id: int):
    """Check players in (one name per line or several fields)."""
    ev = _event_or_404(event_id)
    names = [n for raw in request.form.getlist("name") for n in raw.replace(",", "\n").splitlines() if n.strip()]
    if not names:
        return _detail(ev, {"name": gettext("Type a name.")}, 422)
    try:
        club.check_in(event_id, names)
    except club.EventError as exc:  # the list comes back as typed, to mend one line
        return _detail(ev, {"name": exc.problems[0].message}, 422, typed="\n".join(request.form.getlist("name")))
    return redirect(url_for("events.detail", event_id=event_id) + "#present")


@bp.post("/events/<int:event_id>/pairs")
def check_in_pair(event_id: int):
    """Check two players in as a pair (a night in pairs); what was typed comes
    back with the message when refused."""
    ev = _event_or_404(event_id)
    typed = (request.form.get("pair_a", ""), request.form.get("pair_b", ""))
    try:
        club_pairs.check_in_pairs(event_id, [list(typed)])
    except club.EventError as exc:
        return _detail(ev, {"pair": exc.problems[0].message}, 422, pair_typed=typed)
    return redirect(url_for("events.detail", event_id=event_id) + "#present")


@bp.post("/events/<int:event_id>/players/<int:player_id>/leave")
def leave(event_id: int, player_id: int):
    """A player goes home: not seated at later games."""
    _event_or_404(event_id)
    club.leave(event_id, player_id)
    return redirect(url_for("events.detail", event_id=event_id) + "#present")


@bp.get("/events/<int:event_id>/seating")
def seating(event_id: int):
    """The next game's seating, shown before it is made: who sits at which
    table, each player's table to change, then *Seat these tables*."""
    ev = _event_or_404(event_id)
    if ev.playing:
        return redirect(url_for("events.detail", event_id=event_id) + "#tables")
    try:
        plan = club_tables.next_seating(ev)
    except club.EventError as exc:
        return _detail(ev, {"draw": exc.problems[0].message}, 422)
    return render_template("clubs/seating.html", ev=ev, plan=plan, errors={}, **_names_context())


def _tables_from_form(form: Any) -> list[list[str]] | None:
    """The seating sent by the preview (``tables``: how many were shown;
    ``name-<i>`` and ``table-<i>``, 1-based tables, players in the order
    shown, ``shown-<i>`` the table each was shown at), or ``None`` when the
    form sent none. A player moved by the desk sits after the table's own. A table left empty stays in
    the list (the draw refuses it); a table number that is not one of those
    shown gives ``[]`` (refused too)."""
    chosen: list[tuple[str, int]] = []
    moved: list[tuple[str, int]] = []
    i = 0
    while f"name-{i}" in form:
        try:
            table = int(form.get(f"table-{i}", ""))
        except ValueError:
            table = 0
        (chosen if form.get(f"shown-{i}") == str(table) else moved).append((form[f"name-{i}"], table))
        i += 1
    chosen += moved
    if not chosen:
        return None
    shown = form.get("tables", "")
    count = int(shown) if shown.isascii() and shown.isdigit() else max(t for _, t in chosen)
    if count > len(chosen):  # more tables than players: never a seating the preview showed
        return []
    tables: list[list[str]] = [[] for _ in range(count)]
    for name, table in chosen:
        if not 1 <= table <= count:
            return []
        tables[table - 1].append(name)
    return tables


@bp.post("/events/<int:event_id>/draw")
def draw(event_id: int):
    """Draw the tables of the evening's next game (as the preview was left, when sent from it)."""
    ev = _event_or_404(event_id)
    tables = _tables_from_form(request.form)
    try:
        club_tables.draw(event_id, tables=tables)
    except club.EventError as exc:
        if exc.status == 409:  # drawn meanwhile (a double tap, another tablet): show that draw's tables
            flash(exc.problems[0].message, "error")
            return redirect(url_for("events.detail", event_id=event_id) + "#tables", 303)
        if tables is not None and not ev.playing:
            plan = club_tables.next_seating(ev)
            return render_template("clubs/seating.html", ev=ev, plan=plan, edited=tables,
                                   errors={"draw": exc.problems[0].message}, **_names_context()), 422
        return _detail(ev, {"draw": exc.problems[0].message}, 422)
    return redirect(url_for("events.detail", event_id=event_id) + "#tables")


@bp.post("/events/<int:event_id>/undo-draw")
def undo_draw(event_id: int):
    """Take back the latest draw while no table has played a round."""
    _event_or_404(event_id)
    try:
        club_tables.undo_draw(event_id)
    except club.EventError as exc:
        return _detail(_event_or_404(event_id), {"draw": exc.problems[0].message}, exc.status)
    flash(gettext("The draw is taken back."), "ok")
    return redirect(url_for("events.detail", event_id=event_id))


@bp.post("/events/<int:event_id>/evenings")
def next_evening(event_id: int):
    """A season: start its next evening (everyone checks in again)."""
    ev = _event_or_404(event_id)
    try:
        club.next_evening(event_id, request.form.get("held_on", ""))
    except club.EventError as exc:
        return _detail(ev, {"evening": exc.problems[0].message}, 422)
    flash(gettext("Evening %(n)s of the season: check everyone in.", n=ev.evening + 1), "ok")
    return redirect(url_for("events.detail", event_id=event_id) + "#present")


@bp.get("/events/<int:event_id>/standings")
def standings(event_id: int):
    """The evening's standings, the scoring and its tie-breaks stated (kept until
    the event or one of its games changes)."""
    try:
        versions = club.standings_version(event_id)
    except club.NoEvent:
        abort(404)
    def render() -> str:
        ev = club.get(event_id)
        return render_template("clubs/standings.html", ev=ev, standings=club.standings(event_id, ev),
                               **_pairs_context(ev), **_names_context())

    return pagecache.page(versions, render)


@bp.get("/events/<int:event_id>/screen")
def screen(event_id: int):
    """The big screen: every table's game and the standings, following live."""
    ev = _event_or_404(event_id)
    return render_template("clubs/screen.html", ev=ev, standings=club.standings(event_id, ev),
                           **_pairs_context(ev), **_names_context())


def _pdf(template: str, filename: str, **context: Any) -> Response:
    html = render_template(template, **context)
    return Response(pdf.render_pdf(html), mimetype="application/pdf",
                    headers={"Content-Disposition": f'inline; filename="{filename}"'})


@bp.get("/events/<int:event_id>/cards.pdf")
def cards_pdf(event_id: int):
    """Table cards: who sits where (seat order), the engine schedule, the rules."""
    ev = _event_or_404(event_id)
    if not ev.current or ev.match is not None:  # a match's games are seated one by one, by its captains
        abort(404)
    from companion.games.rule_lines import rules_in_play

    if ev.game_kind.spec.rules_module is not None:  # a game with rules of its own: its rule set by name
        target = ev.rules.get("target_score")
        rules = [{"short": rule_set_name(ev)}] + ([{"short": gettext("to %(n)s", n=target)}] if target else [])
    else:  # the late arrival is the organiser's rule, said once in the evening's header: not on the cards
        rules = [r for r in rules_in_play(parse_rules(dict(ev.rules), Problems())) if r["key"] != "late_join"]
    return _pdf("sheets/event_cards.html", f"event-{event_id}-tables.pdf", ev=ev, cards=club_tables.table_cards(ev),
                rules=rules, **_names_context())


@bp.get("/events/<int:event_id>/standings.pdf")
def standings_pdf(event_id: int):
    """The standings on paper."""
    ev = _event_or_404(event_id)
    return _pdf("sheets/event_standings.html", f"event-{event_id}-standings.pdf", ev=ev,
                standings=club.standings(event_id, ev), **_pairs_context(ev), **_names_context())


@bp.get("/events/<int:event_id>/standings.csv")
def standings_csv(event_id: int):
    """The standings as CSV, for a spreadsheet."""
    _event_or_404(event_id)
    return csv_download(standings_csv_text(club.standings(event_id)), f"event-{event_id}-standings.csv")


# ---------------------------------------------------------------- API


def _event_json(ev: club.Event) -> dict[str, Any]:
    """An event for the API, with its league match where it is one."""
    view = match_view(ev)
    return {**ev.as_json(), **({"match": view.as_json()} if view is not None else {})}


def _problems(problems: list[Problem], status: int = 422):
    return problems_response(problems, status=status)


def _body() -> dict[str, Any] | None:
    if not request.is_json:
        return None
    try:
        body = request_json(request)
    except BadJSON:
        return None
    return body if isinstance(body, dict) else None


def _bad_body():
    return _problems([Problem("", "bad_value", gettext("The body must be a JSON object."))])


@api.errorhandler(club.NoEvent)
def _missing(_exc: club.NoEvent):
    return _problems([Problem("", "not_found", gettext("There is no such event."))], 404)


@api.errorhandler(club.EventError)
def _refused(exc: club.EventError):
    return _problems(exc.problems, exc.status)


def standing_json(s: EventStanding) -> dict[str, Any]:
    """One standings line as JSON (points per round as a number with 2 decimals)."""
    ppr = s.points_per_round
    return {"place": s.place, "player": s.player, "games": s.games, "wins": s.wins,
            "place_points": s.place_points, "rounds": s.rounds, "points": s.points,
            "points_per_round": None if ppr is None else round(float(ppr), 2), "rounds_out": s.rounds_out}


@api.get("")
def api_list():
    """``GET /api/events`` → ``{"events": [{"id", "name", "held_on", "kind", "games"}]}``."""
    counts = club.game_counts()
    return jsonify(events=[{"id": e.id, "name": e.name, "held_on": e.held_on.isoformat(), "kind": e.kind,
                            "set": e.set_n, "games": counts.get(e.id, 0)} for e in club.events()])


@api.post("/<int:event_id>/evenings")
def api_next_evening(event_id: int):
    """``POST /api/events/<id>/evenings`` ``{"held_on": "YYYY-MM-DD"}``: a
    season's next evening (everyone checks in again) → 201 with the event."""
    body = _body()
    if body is None:
        return _bad_body()
    return jsonify(_event_json(club.next_evening(event_id, body.get("held_on")))), 201


@api.post("")
def api_create():
    """``POST /api/events`` (see :func:`companion.club.create`) → 201 with the event."""
    body = _body()
    if body is None:
        return _bad_body()
    ev = club.create(body)
    return jsonify(_event_json(ev)), 201


@api.get("/<int:event_id>")
def api_event(event_id: int):
    """``GET /api/events/<id>`` → the event, who came, every table's game."""
    return jsonify(_event_json(club.get(event_id)))


@api.get("/<int:event_id>/revision")
def api_revision(event_id: int):
    """``GET /api/events/<id>/revision`` → ``{"revision"}``: changes with the
    event and with any table's game (the big screen polls it)."""
    return jsonify(revision=club.get(event_id).live_revision)


@api.post("/<int:event_id>/players")
def api_check_in(event_id: int):
    """``POST /api/events/<id>/players`` ``{"players": [names]}`` → the event."""
    body = _body()
    if body is None or not isinstance(body.get("players"), list):
        return _problems([Problem("players", "bad_value", gettext("Send the names as a list."))])
    return jsonify(_event_json(club.check_in(event_id, body["players"])))


@api.post("/<int:event_id>/pairs")
def api_check_in_pairs(event_id: int):
    """``POST /api/events/<id>/pairs`` ``{"pairs": [[name, name], …]}``: check
    players in as pairs, partners for the evening (a night in pairs) → the event."""
    body = _body()
    if body is None:
        return _bad_body()
    return jsonify(_event_json(club_pairs.check_in_pairs(event_id, body.get("pairs"))))


@api.post("/<int:event_id>/players/<int:player_id>/leave")
def api_leave(event_id: int, player_id: int):
    """``POST /api/events/<id>/players/<player>/leave`` → the event."""
    return jsonify(_event_json(club.leave(event_id, player_id)))


@api.post("/<int:event_id>/draw")
def api_draw(event_id: int):
    """``POST /api/events/<id>/draw`` ``{"seed"?}`` → 201 with the event and its new tables."""
    body = _body() or {}
    seed = body.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
        return _problems([Problem("seed", "bad_value", gettext("Send a whole number."))])
    return jsonify(_event_json(club_tables.draw(event_id, seed))), 201


@api.get("/<int:event_id>/standings")
def api_standings(event_id: int):
    """``GET /api/events/<id>/standings`` → the scoring, its tie-breaks, the
    lines by player; at a night in pairs also ``pairs``, the standings by pair
    (:class:`companion.rules.clubs.pairs.PairStanding`)."""
    ev = club.get(event_id)
    by_pair = {"pairs": [p.as_json() for p in club_pairs.standings_by_pair(event_id, ev)]} if ev.in_pairs else {}
    return jsonify(scoring=ev.scoring, tie_breaks=list(ev.tie_breaks),
                   standings=[standing_json(s) for s in club.standings(event_id, ev)], **by_pair)
