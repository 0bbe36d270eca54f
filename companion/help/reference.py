"""The rules reference page."""

from __future__ import annotations

from flask import Blueprint, render_template

from companion.rules.profile import DRAW_COUNT_PRESETS, OPTIONS, PRESETS
from companion.rules.schedule import MAX_PLAYERS, MIN_PLAYERS, rule_deal
from companion.rules.tiles import SET_SIZES
from companion.web.labels import RULE_LABELS, VALUE_LABELS

bp = Blueprint("reference", __name__)


@bp.get("/rules")
def rules():
    """Mexican Train and the classic games, in our words, with the choices this app makes."""
    seats = list(range(MIN_PLAYERS, MAX_PLAYERS + 1))
    deal_table = {n: [rule_deal(n, p) for p in seats] for n in SET_SIZES}
    return render_template("help/rules.html", options=OPTIONS, value_labels=VALUE_LABELS,
                           rule_labels=RULE_LABELS, deal_seats=seats, deal_table=deal_table,
                           presets=PRESETS, draw_presets=DRAW_COUNT_PRESETS)
