"""The train planner: a page to pick a hand and see the best train, and
``POST /api/planner`` (issue 4). The search itself is ``companion.rules.planner``."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, jsonify, render_template, request

from companion.rules.errors import Problem
from companion.rules.planner import OBJECTIVES, check_request, plan_train
from companion.rules.tiles import SET_SIZES
from companion.web.errors import problem_response, problems_response
from companion.web.i18n import gettext

bp = Blueprint("planner", __name__)


def _plan(body: dict[str, Any]):
    """Check a request and plan; returns ``(plan, problems)`` (each a :class:`Problem`)."""
    args = (
        body.get("set", 12),
        body.get("open_end", body.get("set", 12)),
        body.get("hand", []),
        body.get("objective", "tiles"),
        body.get("avoid_double_end", False),
    )
    from_engine = body.get("from_engine", True)
    if not isinstance(from_engine, bool):
        from_engine = True
    hand = args[2]
    if isinstance(hand, str):
        hand = hand.replace(",", " ").split()
    if not isinstance(hand, list):
        return None, [Problem("hand", "bad_value", gettext('hand must be a list of tiles such as "12-5".'))]
    _, problems = check_request(args[0], args[1], hand, args[3], args[4], from_engine=from_engine)
    if problems:
        return None, [p.problem for p in problems]
    plan = plan_train(args[0], args[1], hand, args[3], args[4], from_engine=from_engine)
    return plan, []


def _plan_json(plan) -> dict[str, Any]:
    return {
        "train": plan.train_text(),
        "extras": plan.extras_text(),
        "tiles": plan.tiles,
        "pips": plan.pips,
        "pips_left": plan.pips_left,
        "optimal": plan.optimal,
        "end": plan.end,
    }


@bp.post("/api/planner")
def api_plan():
    """``{"set", "open_end", "hand", "objective", "avoid_double_end"}`` → the best train;
    422 with ``tiles_not_in_set``, ``tile_repeated``, ``engine_in_hand``, ``bad_value``."""
    if not request.is_json:
        return problem_response("bad_value", gettext("Send the body as JSON."), 415)
    body = request.get_json(silent=True)
    if not isinstance(body, dict):
        return problem_response("bad_value", gettext("The body must be a JSON object."), 422)
    plan, problems = _plan(body)
    if problems:
        return problems_response(problems)
    return jsonify(_plan_json(plan))


@bp.route("/planner", methods=["GET", "POST"])
def page():
    """Pick or type a hand; see the train from the open end, drawn as dominoes."""
    values = request.form if request.method == "POST" else request.args
    plan, problems = None, []
    if request.method == "POST":
        def number(key, default):
            text = (values.get(key) or "").strip()
            return int(text) if text.isdecimal() and len(text) < 10 else (text or default)

        body = {
            "set": number("set", 12),
            "open_end": number("open_end", 12),
            "hand": values.get("hand", ""),
            "objective": values.get("objective", "tiles"),
            "avoid_double_end": bool(values.get("avoid_double_end")),
            "from_engine": bool(values.get("from_engine")),
        }
        plan, problems = _plan(body)
    return (
        render_template(
            "help/planner.html",
            values=values,
            plan=plan,
            problems=problems,
            sets=SET_SIZES,
            objectives=OBJECTIVES,
        ),
        422 if problems else 200,
    )
