"""The pages of a game played in pairs and scored from the pips left (Latin
partnership dominoes, ``rules-families.md`` section 1).

The game page (the next-hand card with who leads, the hand form, the pairs'
scoreboard and a bar to the target), the table view, and a preview of a
hand's points as it is typed (``GET /games/<id>/hand-preview``: the rules
module scores it, nothing is stored). :mod:`.pages` hands these games here
(:func:`~companion.games.partnership_form.pairs_by_pips`); the forms are read
by :mod:`companion.games.partnership_form`.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from flask import Blueprint, abort, jsonify, render_template, request

from companion.games import services
from companion.games.forms import errors_by_field, errors_for_hands
from companion.games.partnership_form import (
    CHOICE_KEYS,
    LIST_KEY,
    NUMBER_KEYS,
    bonus_fields,
    hand_from_form,
    pairs_by_pips,
    preset_values,
)
from companion.games.partnership_words import CHOICE_LABELS, ITEM_LABELS, RULE_LABELS
from companion.games.views import undo as undo_views
from companion.rules import RecordError
from companion.rules.errors import Problem
from companion.rules.families import partnership as lp
from companion.rules.kinds import kinds_where
from companion.rules.record.entry import about_hand
from companion.web.i18n import translated
from companion.web.labels import KIND_NAMES

bp = Blueprint("partnership", __name__)


@bp.app_template_global("lp_start")
def lp_start() -> dict[str, Any]:
    """What the start form's part for games in pairs shows: the kinds it is
    for (``data-kinds``; ``others``: the kinds the common rules are for), the presets (each with the values its fields take)
    and every rule key with its label and choices, translated."""
    fields = []
    defaults = lp.PartnershipRules().as_dict()
    for key in (*CHOICE_KEYS, *NUMBER_KEYS, LIST_KEY):
        choices = [(value, translated(words)) for value, words in CHOICE_LABELS.get(key, {}).items()]
        default = defaults[key]
        shown = " ".join(str(v) for v in default) if key == LIST_KEY else default
        fields.append({"key": key, "label": translated(RULE_LABELS[key]), "choices": choices,
                       "default": shown})
    return {
        "kinds": " ".join(kinds_where(lambda s: s.on_pages and pairs_by_pips(s))),
        "others": " ".join(kinds_where(lambda s: s.on_pages and not pairs_by_pips(s) and not s.scores_during_play)),
        "presets": [(name, translated(p.title), preset_values(p)) for name, p in lp.PRESETS.items()],
        "fields": fields,
    }


def rules_in_play(rules: lp.PartnershipRules) -> list[str]:
    """The rules that differ from the common rules, each as "label: value"."""
    out = []
    for key, value in rules.changed().items():
        if key == LIST_KEY:
            shown = " / ".join(str(v) for v in value)
        elif key in CHOICE_LABELS:
            shown = translated(CHOICE_LABELS[key].get(value, value))
        else:
            shown = str(value)
        out.append(f"{translated(RULE_LABELS[key])}: {shown}")
    return out


def rule_set_name(rules: lp.PartnershipRules, set_n: int) -> str | None:
    """The name of the rule set the table plays, translated (``"Dominican,
    to 200"``), when its rules and set are exactly one of the presets
    (:data:`~companion.rules.families.partnership.PRESETS`); ``None`` for a
    table's own mix, whose changed rules :func:`rules_in_play` lists. The
    direction of play is left out of the comparison: it is where the table
    sits, not a rule of the set."""
    for preset in lp.PRESETS.values():  # the direction of play is the table's, not the rule set's
        if replace(preset.rules, direction=rules.direction) == rules and preset.set_n == set_n:
            return translated(preset.title)
    return None


def _pair_words(names: list[str]) -> str:
    return " & ".join(names)


def page_context(game: services.GameView, edit: int | None = None) -> dict[str, Any]:
    """What both pages of a game in pairs show: the pairs (names, totals,
    share of the target), the hands with their items, who leads next.

    ``edit``: the number of a hand being corrected; each pair's ``bar`` (the
    total its bar shows, the preview adding the hand as typed) leaves that
    hand out. Otherwise ``bar`` is the total."""
    derived = game.as_json()
    table = game.table.inner
    target = table.rules.target_score
    names = list(table.teams.names)
    totals = {s["name"]: s["total"] for s in derived["team_standings"]}
    pairs = [{"name": name, "players": list(pair), "words": _pair_words(list(pair)),
              "total": totals.get(name, 0), "share": min(100, round(100 * totals.get(name, 0) / target)),
              "rank": next(s["rank"] for s in derived["team_standings"] if s["name"] == name)}
             for name, pair in zip(names, table.teams.pairs, strict=True)]
    corrected = derived["rounds"][edit - 1] if edit and 1 <= edit <= len(derived["rounds"]) else None
    for p in pairs:
        p["bar"] = p["total"] - (corrected["team_scores"].get(p["name"], 0) if corrected else 0)
        p["share"] = max(0, min(100, round(100 * p["bar"] / target)))
    hands = []
    for r in derived["rounds"]:
        items = [f"+{i['points']} {translated(ITEM_LABELS.get(i['kind'], i['kind']))}" for i in r.get("items", [])]
        hands.append({"number": r["number"], "leader": r.get("leader"), "out": r.get("out"),
                      "blocked": r.get("ended") == lp.Ended.BLOCKED, "scores": r["team_scores"],
                      "totals": r["team_totals"], "winner": r.get("winner"), "lines": items})
    return {"derived": derived, "pairs": pairs, "hands": hands, "target": target,
            "lead": derived.get("next_round"), "rules": table.rules,
            "winners": [p for p in pairs if p["rank"] == 1] if game.finished else []}


def render_pairs_game(game: services.GameView, values: Any, errors: dict[str, list[str]],
                      warnings: list[Any], status: int, edit: int | None,
                      draft_restore: bool = False, refused: bool = False) -> tuple[str, int]:
    """The game page of a game in pairs (``templates/games/partnership/game.html``).

    ``draft_restore``: the form is a new hand's own (or a correction as
    stored), so the draft this browser kept of it comes back (``static/app.js``);
    ``refused``: the form is a refused hand as typed (a reload shows it again,
    never sends it again).
    """
    players = list(game.table.players)
    if values is None:
        values = {}
    by_box = bonus_boxes(errors, bonus_fields(values, players))
    return render_template(
        "games/partnership/game.html", game=game, players=players, values=values,
        errors=errors, hand_errors=errors_for_hands(errors, players), warnings=warnings,
        pass_errors=by_box, bonus_errors=by_box.pop("", []),
        edit=edit, draft_restore=draft_restore, refused=refused, kind_names=KIND_NAMES, rules_in_play=rules_in_play(game.table.inner.rules),
        rule_set_name=rule_set_name(game.table.inner.rules, game.table.set_n),
        undo=undo_views.notice(game), **page_context(game, edit),
    ), status


def bonus_boxes(errors: dict[str, list[str]], fields: list[str]) -> dict[str, list[str]]:
    """The messages about the bonuses, by box: ``pass-<seat>`` for a pass
    count (``bonuses[i]…`` of a pass, ``fields`` naming each bonus's box, or
    ``bonuses.pass-<seat>`` as typed), ``""`` for the others."""
    out: dict[str, list[str]] = {}
    for key, msgs in errors.items():
        if not key.startswith("bonuses"):
            continue
        box = key.split(".", 1)[1] if key.startswith("bonuses.pass-") else ""
        at = re.match(r"bonuses\[(\d+)\]", key)
        if at and int(at.group(1)) < len(fields) and fields[int(at.group(1))].startswith("pass-"):
            box = fields[int(at.group(1))]
        out.setdefault(box, []).extend(msgs)
    return out


def render_pairs_table(game: services.GameView, spectator: bool, view_key: str | None) -> str:
    """The table view of a game in pairs (``templates/games/partnership/table.html``)."""
    return render_template("games/partnership/table.html", game=game, spectator=spectator,
                           view_key=view_key, kind_names=KIND_NAMES, **page_context(game))


def typed_hand(game: services.GameView):
    """The hand form read for ``game``: ``(data, problems, confirm)``. With a
    box refused as typed, what the rules refuse in the other boxes comes
    along (:func:`rest_of_hand`), so every problem shows at once."""
    parsed = hand_from_form(request.form, list(game.table.players), game.table.inner.rules)
    problems = list(parsed.problems)
    if problems:
        problems += rest_of_hand(game, parsed.data, problems, (request.view_args or {}).get("number"))
    return parsed.data, problems, bool(request.form.get("confirm"))


def rest_of_hand(game: services.GameView, data: dict[str, Any], typed: list[Problem],
                 number: int | None) -> list[Problem]:
    """The rules' problems with hand ``number`` (``None``: the next hand) as
    read from the form, leaving out those about a box already refused as
    typed (``typed``: the form's problems, whose box was left out of
    ``data``)."""
    try:
        played = lp.read_game(game.record(), confirm=True)
        count = len(played.hands)
        lp.check_hand(played, data, number if number and 1 <= number <= count else count + 1, confirm=True)
    except RecordError as exc:
        refused = {_field(p.path) for p in typed}
        names = {key.split(".")[1] for key in refused if key.startswith("hands.")}
        return [p for p in exc.errors if _field(p.path) not in refused
                and not any(about_hand(_field(p.path), n) for n in names)]
    return []


def _field(path: str) -> str:
    """A problem's path without its ``rounds[n].`` prefix."""
    return path.split("]", 1)[1].lstrip(".") if path.startswith("rounds[") else path


@bp.get("/games/<int:game_id>/hand-preview")
def hand_preview(game_id: int):
    """A hand's points as typed so far (the form's fields in the query
    string; ``edit`` the number of a hand being corrected): ``{"ok": true,
    "scores": {pair: points}, "totals": {pair: total after it}, "items":
    [...]}``, or ``{"ok": false, "errors": {field: [messages]}}`` while it
    cannot be scored. Nothing is stored."""
    try:
        game = services.get_game(game_id)
    except services.NotFound:
        abort(404)
    if not pairs_by_pips(game.table.kind.spec):
        abort(404)
    parsed = hand_from_form(request.args, list(game.table.players), game.table.inner.rules)
    if parsed.problems:
        return jsonify(ok=False, errors=errors_by_field(parsed.problems))
    record = game.record()
    edit = request.args.get("edit", type=int)
    try:
        played = lp.read_game(record, confirm=True)
        number = edit if edit and 1 <= edit <= len(played.hands) else len(played.hands) + 1
        hand = lp.check_hand(played, parsed.data, number, confirm=True)
    except RecordError as exc:
        return jsonify(ok=False, errors=errors_by_field(exc.errors))
    result = lp.score_hand(played.table, hand)
    names = played.table.teams.names
    before = lp.PartnershipGame(played.table, played.hands[: number - 1]).totals()
    return jsonify(
        ok=True,
        scores={names[i]: result.points[i] for i in range(2)},
        totals={names[i]: before[i] + result.points[i] for i in range(2)},
        items=[{"pair": names[i.team], "points": i.points,
                "label": translated(ITEM_LABELS.get(i.kind.value, i.kind.value))} for i in result.items],
    )
