"""The rules reference page."""

from __future__ import annotations

from flask import Blueprint, render_template

from ..labels import RULE_LABELS, VALUE_LABELS
from ..rules.profile import OPTIONS

bp = Blueprint("reference", __name__)


@bp.get("/rules")
def rules():
    """Mexican Train and the classic games, in our words, with the choices this app makes."""
    return render_template("rules.html", options=OPTIONS, value_labels=VALUE_LABELS,
                           rule_labels=RULE_LABELS)
