"""Players: the roster, a player's page, head to head, the leaderboard, CSV, and
their JSON API (``/api/players…``). Thin: parse the request, call
:mod:`companion.roster`, render."""

from __future__ import annotations

import json
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

from companion.games.services import GameSummary
from companion.players import records, roster
from companion.players.charts import engine_bars, totals_over_time
from companion.rules.errors import Problem
from companion.rules.kinds import kind_spec
from companion.rules.profile import OPTIONS_BY_KEY, PRESETS, preset_of
from companion.rules.stats.leaderboard import LeaderRow
from companion.rules.stats.records import Filters, GameRef, PlayerStats, highest_wins
from companion.sheets.words import rule_value
from companion.web import labels, numbers, pagecache
from companion.web.errors import problems_response
from companion.web.http import csv_download
from companion.web.i18n import gettext, lazy_gettext, translate, translated
from companion.web.jsonbody import BadJSON, request_json

bp = Blueprint("players", __name__)
api = Blueprint("players_api", __name__, url_prefix="/api/players")

KIND_NAMES = {kind: lazy_gettext(name) for kind, name in labels.KIND_NAMES.items()}
"""Each kind's name (:data:`companion.labels.KIND_NAMES`), in the page's language."""
DEFAULT_MIN_GAMES = 5


def _int_arg(name: str, default: int, low: int, high: int) -> int:
    """The number ``name`` of the query string, held within ``low``..``high``;
    ``default`` when absent.

    :raises numbers.BadNumber: not a number in ASCII digits, or beyond the
        database's integer.
    """
    value = numbers.arg(name, default)
    return max(low, min(high, value if value is not None else default))


def _player_or_404(player_id: int) -> roster.Player:
    try:
        return roster.get(player_id)
    except roster.RosterError:
        abort(404)


def rule_set_label(key: str) -> str:
    """A game's rule set as the start page names it: "This app's defaults", the
    preset's name, or "House rules (…)" with each changed rule and its value
    as the score sheet words them.

    :param key: a stored rule-set key (:func:`companion.rules.stats.rule_set_key`).
    """
    rules = json.loads(key) if key else {}
    if not rules:
        return gettext("This app's defaults")
    preset = preset_of(rules)
    if preset is not None:
        return translated(PRESETS[preset]["label"])
    if not set(rules) <= set(labels.RULE_LABELS):  # a rule with no words for it: never its key
        return gettext("House rules")
    parts = [f"{translated(labels.RULE_LABELS[k])}: {rule_value(k, rules[k])}"
             for k in OPTIONS_BY_KEY if k in rules]
    return gettext("House rules (%(rules)s)", rules="; ".join(parts))


# ---------------------------------------------------------------- pages


@bp.get("/players")
def index():
    """The roster: every player, with games and wins; add a player; compare."""
    search = request.args.get("q", "").strip()
    archived = request.args.get("archived") == "1"
    return render_template("players/index.html", players=roster.players(archived, search or None),
                           search=search, archived=archived, errors={}, values={})


@bp.post("/players")
def add():
    """Add a player to the roster."""
    try:
        player = roster.add(request.form.get("name", ""), confirm=bool(request.form.get("confirm")))
    except roster.LookAlike as exc:  # a confirm step: the page asks, the form is sent again
        return render_template("players/index.html", players=roster.players(), search="", archived=False,
                               errors={}, warning=exc.problems[0].message, values=request.form), 422
    except roster.RosterError as exc:
        return render_template("players/index.html", players=roster.players(), search="", archived=False,
                               errors={"name": exc.problem.message}, values=request.form), 422
    flash(gettext("%(name)s is on the roster.", name=player.name), "ok")
    return redirect(url_for("players.detail", player_id=player.id))


def _page_context(player_id: int, filters: Filters) -> dict[str, Any]:
    try:
        player, stats, choices = records.record(player_id, filters)
    except roster.RosterError:
        abort(404)
    reversed_dates = records.dates_reversed(request.args)  # no record, but why; the dates as typed
    dates = ({key: request.args.get(key, "") for key in ("since", "until")} if reversed_dates else
             {"since": filters.since.isoformat() if filters.since else "",
              "until": filters.until.isoformat() if filters.until else ""})
    kinds_played = {g.kind for g in stats.history}
    time_kind = filters.kind or (stats.history[-1].kind if stats.history else None)
    history = [g for g in stats.history if g.kind == time_kind]
    return {
        "player": player, "stats": stats, "filters": filters, "choices": choices, "kind_names": KIND_NAMES,
        "engine_chart": engine_bars(stats.per_engine()), "time_chart": totals_over_time(history),
        "time_kind": time_kind, "mixed": len(kinds_played) > 1, "recent": list(reversed(stats.history))[:20],
        "rule_set_label": rule_set_label, "highest_wins": highest_wins, "dates": dates,
        "dates_error": translated(labels.DATES_REVERSED) if reversed_dates else None,
        "partners": records.partners(player_id, filters),
    }


def in_play_round(game: GameSummary) -> str:
    """Where a game in play stands, as its kind says it: "round 3 of 13", or
    "hand 3" where the rounds are hands (:attr:`KindWords.round_words`)."""
    words, n, of = kind_spec(game.kind).words, game.rounds_played + 1, game.rounds_total
    own = words.round_word("in_play_of" if of else "in_play")
    if own:
        return translate(own, n=n, of=of) if of else translate(own, n=n)
    return gettext("round %(n)s of %(of)s", n=n, of=of) if of else gettext("round %(n)s", n=n)


def _version_or_404(*player_ids: int) -> tuple[int, ...]:
    versions = records.version(list(player_ids))
    if -1 in versions:
        abort(404)
    return versions


@bp.get("/players/<int:player_id>")
def detail(player_id: int):
    """A player's page: the games in play, then the record of finished games:
    places, the engine chart, totals over time, filters (kept until the
    player's record or a game in play changes)."""
    versions = _version_or_404(player_id)
    in_play = records.games_in_play(player_id)  # not in the record: kept by what they show
    return pagecache.page((versions, tuple(in_play)), lambda: render_template(
        "players/detail.html", in_play=in_play, in_play_round=in_play_round,
        **_page_context(player_id, records.parse_filters(request.args))))


def _manage(player: roster.Player, form_error: dict[str, str] | None = None, values: Any = None,
            status: int = 200, warning: str | None = None):
    others = [p for p in roster.players(include_archived=True) if p.id != player.id]
    return render_template("players/manage.html", player=player, others=others,
                           form_error=form_error or {}, values=values or {}, warning=warning), status


@bp.get("/players/<int:player_id>/manage")
def manage(player_id: int):
    """Rename, merge, archive."""
    return _manage(_player_or_404(player_id))


def _refused(player: roster.Player, exc: roster.RosterError, form: str):
    return _manage(player, {form: exc.problem.message}, request.form, exc.status)


@bp.post("/players/<int:player_id>/rename")
def rename(player_id: int):
    """Rename a player: every game follows."""
    player = _player_or_404(player_id)
    try:
        player = roster.rename(player_id, request.form.get("name", ""), confirm=bool(request.form.get("confirm")))
    except roster.LookAlike as exc:  # a confirm step: the page asks, the form is sent again
        return _manage(player, {}, request.form, 422, warning=exc.problems[0].message)
    except roster.RosterError as exc:
        return _refused(player, exc, "rename")
    flash(gettext("Renamed: every game now says %(name)s.", name=player.name), "ok")
    return redirect(url_for("players.detail", player_id=player_id))


@bp.post("/players/<int:player_id>/merge")
def merge(player_id: int):
    """Merge this entry into another (the same person entered twice)."""
    player = _player_or_404(player_id)
    into = numbers.parse(request.form.get("into", ""), 1, numbers.INT32_MAX) or -1
    try:
        target = roster.merge(player_id, into)
    except roster.RosterError as exc:
        return _refused(player, exc, "merge")
    flash(gettext("%(old)s and %(new)s are now one player.", old=player.name, new=target.name), "ok")
    return redirect(url_for("players.detail", player_id=target.id))


@bp.post("/players/<int:player_id>/archive")
def archive(player_id: int):
    """Archive a player (or bring him back)."""
    _player_or_404(player_id)
    player = roster.archive(player_id, request.form.get("archived", "1") == "1")
    flash(gettext("%(name)s is archived.", name=player.name) if player.archived
          else gettext("%(name)s is back on the roster.", name=player.name), "ok")
    return redirect(url_for("players.detail", player_id=player_id))


@bp.get("/players/compare")
def compare():
    """Head to head of the players ticked on the roster (``?id=1&id=2``), kept
    until one of their records changes."""
    ids = list(dict.fromkeys(numbers.ids(request.args.getlist("id"), "id")))[:12]
    filters = records.parse_filters(request.args)
    versions = records.version(ids)
    if len(ids) < 2 or -1 in versions:
        try:
            records.compare(ids, filters)
        except roster.RosterError as exc:
            return render_template("players/compare.html", result=None, error=exc.problem.message, ids=ids,
                                   filters=filters, kind_names=KIND_NAMES), 422
    return pagecache.page(versions, lambda: render_template(
        "players/compare.html", result=records.compare(ids, filters), error=None, ids=ids,
        filters=filters, kind_names=KIND_NAMES))


_SOME_ID = 987654321


def _player_links(ids: dict[str, int]) -> dict[str, str]:
    """Each player's page address (``{name: path}``), from one address built
    by the router (building each anew costs more than the row it links)."""
    pattern = url_for("players.detail", player_id=_SOME_ID)
    return {name: pattern.replace(str(_SOME_ID), str(pid)) for name, pid in ids.items()}


def _min_games() -> int:
    """The leaderboard's minimum of finished games from the query string:
    ``min_games`` (the API's name, docs/design.md) or ``min`` (the page's
    form), the first given; :data:`DEFAULT_MIN_GAMES` when neither is."""
    name = "min_games" if request.args.get("min_games") else "min"
    return _int_arg(name, DEFAULT_MIN_GAMES, 1, 1000)


@bp.get("/players/leaderboard")
def leaderboard():
    """The leaderboard: players with at least ``min`` (or ``min_games``)
    finished games, fewer when nobody has that many (said on the page); kept
    until any record changes."""
    filters = records.parse_filters(request.args)
    min_games = _min_games()

    def render() -> str:
        rows, ids, used = records.ranking_with_ids(filters, min_games)
        return render_template("players/leaderboard.html", rows=rows, links=_player_links(ids),
                               filters=filters, min_games=min_games, min_used=used,
                               kind_names=KIND_NAMES)

    return pagecache.page(records.roster_version(), render)


@bp.get("/players/stats.csv")
def stats_csv():
    """Every player's counts as CSV (the leaderboard's filters apply)."""
    body = records.stats_csv(records.tallies(records.parse_filters(request.args), include_archived=True))
    return csv_download(body, "players.csv")


@bp.get("/players/<int:player_id>/games.csv")
def games_csv(player_id: int):
    """One player's finished games as CSV (the page's filters apply)."""
    _player_or_404(player_id)
    lines = records.lines_of([player_id], records.parse_filters(request.args))
    return csv_download(records.games_csv(lines), f"player-{player_id}.csv")


# ---------------------------------------------------------------- API


def _problem(problem: Problem, status: int = 422):
    return problems_response([problem], status=status)


def _not_found():
    return _problem(Problem("", "not_found", gettext("There is no such player.")), 404)


def _body() -> dict[str, Any] | None:
    if not request.is_json:
        return None
    try:
        body = request_json(request)
    except BadJSON:
        return None
    return body if isinstance(body, dict) else None


def _bad_body():
    return _problem(Problem("", "bad_value", gettext("The body must be a JSON object.")))


@api.errorhandler(roster.LookAlike)
def _look_alike(exc: roster.LookAlike):
    return problems_response(warnings=exc.problems)


@api.errorhandler(roster.RosterError)
def _roster_refused(exc: roster.RosterError):
    if exc.problem.code == "unknown_player":
        return _not_found()
    return _problem(exc.problem, exc.status)


def stats_json(s: PlayerStats) -> dict[str, Any]:
    """A player's statistics as JSON (figures as in :class:`PlayerStats`)."""
    def ref(g: GameRef | None) -> dict[str, Any] | None:
        if g is None:
            return None
        return {"game": g.game_id, "date": g.played_on.isoformat(), "kind": g.kind, "total": g.total,
                "rank": g.rank}

    return {
        "games": s.games, "wins": s.wins, "shared_wins": s.shared_wins, "left": s.left,
        "share_won": s.share_won, "rounds": s.rounds, "points": s.points,
        "points_per_round": s.points_per_round, "rounds_out": s.rounds_out,
        "rounds_blocked": s.rounds_blocked, "double_blank": s.double_blank,
        "places": {str(k): v for k, v in s.places.items()},
        "per_engine": [{"engine": e, "average": a, "rounds": s.engine_rounds.get(e, 0)}
                       for e, a in s.per_engine()],
        "best": ref(s.best), "worst": ref(s.worst),
        "current_streak": s.current_streak, "longest_streak": s.longest_streak,
        "history": [ref(g) for g in s.history],
    }


def _filters_json(f: Filters) -> dict[str, Any]:
    return {"kind": f.kind, "set": f.set_n, "since": f.since.isoformat() if f.since else None,
            "until": f.until.isoformat() if f.until else None, "rules": f.rule_set}


@api.get("")
def api_list():
    """``GET /api/players`` → ``{"players": [{"id", "name", "archived", "games", "wins",
    "in_play"}]}`` (finished games, wins, games still being played; ``?archived=1``
    lists archived players too, ``?q=`` searches names)."""
    found = roster.players(request.args.get("archived") == "1", request.args.get("q") or None)
    return jsonify(players=[p.as_json() for p in found])


@api.post("")
def api_add():
    """``POST /api/players`` ``{"name"}`` → 201 with the player."""
    body = _body()
    if body is None:
        return _bad_body()
    player = roster.add(body.get("name"), confirm=body.get("confirm") is True)
    return jsonify(player.as_json()), 201


@api.get("/<int:player_id>")
def api_player(player_id: int):
    """``GET /api/players/<id>`` → the player, his statistics and ``partners``,
    his record with each partner in pairs (filters as the page; see
    :class:`companion.rules.stats.partners.PartnerRecord`)."""
    versions = records.version([player_id])
    if -1 in versions:
        return _not_found()
    filters = records.parse_filters(request.args)

    def render() -> str:
        player, stats, _ = records.record(player_id, filters)
        return json.dumps({"player": player.as_json(), "filters": _filters_json(filters),
                           "stats": stats_json(stats),
                           "partners": [p.as_json() for p in records.partners(player_id, filters)]},
                          ensure_ascii=False, separators=(",", ":"))

    return Response(pagecache.page(versions, render), mimetype="application/json")


@api.patch("/<int:player_id>")
def api_change(player_id: int):
    """``PATCH /api/players/<id>`` ``{"name"?, "archived"?}``: rename (every game
    follows) and/or archive."""
    body = _body()
    if body is None:
        return _bad_body()
    roster.get(player_id)
    if "archived" in body and not isinstance(body["archived"], bool):  # checked first: nothing changes
        return _problem(Problem("archived", "bad_value", gettext("Send true or false.")))
    if "name" in body:
        roster.rename(player_id, body["name"], confirm=body.get("confirm") is True)
    if "archived" in body:
        roster.archive(player_id, body["archived"])
    return jsonify(roster.get(player_id).as_json())


@api.post("/<int:player_id>/merge")
def api_merge(player_id: int):
    """``POST /api/players/<id>/merge`` ``{"into": other id}``: the same person
    entered twice; answers with the remaining player."""
    body = _body()
    if body is None:
        return _bad_body()
    into = numbers.parse(body.get("into"), 1, numbers.INT32_MAX) if isinstance(body.get("into"), int) else None
    if into is None:
        return _problem(Problem("into", "bad_value", gettext("Choose another player to merge with.")))
    roster.get(player_id)
    return jsonify(roster.merge(player_id, into).as_json())


@api.get("/<int:player_id>/games")
def api_games(player_id: int):
    """``GET /api/players/<id>/games`` → the player's finished games, oldest first."""
    roster.get(player_id)
    lines = sorted(records.lines_of([player_id], records.parse_filters(request.args)),
                   key=lambda g: (g.played_on, g.game_id))
    return jsonify(games=[
        {"game": g.game_id, "date": g.played_on.isoformat(), "kind": g.kind, "set": g.set_n,
         "total": g.total, "rank": g.rank, "won": g.won, "shared_win": g.shared_win,
         "rounds": g.rounds_played, "points": g.points, "rounds_out": g.rounds_out,
         "rounds_blocked": g.rounds_blocked, "double_blank": g.double_blank,
         "event": g.event_id} for g in lines])


@api.get("/head-to-head")
def api_head_to_head():
    """``GET /api/players/head-to-head?ids=1,2[,3…]`` → the games they all played,
    wins, and per pair: ahead, behind, level, average margin (points)."""
    ids = numbers.ids([raw for raw in request.args.get("ids", "").split(",") if raw.strip()], "ids")
    result = records.compare(ids, records.parse_filters(request.args))
    return jsonify(
        players=list(result.players), games=result.games, wins=dict(result.wins),
        pairs=[{"player": m.player, "other": m.other, "games": m.games, "ahead": m.ahead,
                "behind": m.behind, "level": m.level, "average_margin": m.average_margin}
               for m in result.matchups.values()],
    )


def _leader_json(rows: list[LeaderRow]) -> list[dict[str, Any]]:
    return [{"place": r.place, "player": r.tally.player, "games": r.tally.games, "wins": r.tally.wins,
             "shared_wins": r.tally.shared_wins, "share_won": r.tally.share_won,
             "average_place": r.tally.average_place} for r in rows]


@api.get("/leaderboard")
def api_leaderboard():
    """``GET /api/players/leaderboard?min_games=5`` (and the filters) → the rows;
    ``min`` is read as ``min_games`` too. ``min_games`` answers the minimum
    asked for, ``min_games_used`` the one applied: fewer when nobody has
    played that many finished games (the most anyone has)."""
    rows, used = records.ranking(records.parse_filters(request.args), _min_games())
    return jsonify(min_games=_min_games(), min_games_used=used, leaderboard=_leader_json(rows))
