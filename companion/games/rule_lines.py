"""The rules a game is played with that differ from the defaults, in
players' words (the game page's and the club night's "rules in play")."""

from __future__ import annotations

from companion.rules.options import OPTIONS_BY_KEY
from companion.web.i18n import translated
from companion.web.labels import RULE_LABELS, VALUE_LABELS


def rules_in_play(rules) -> list[dict]:
    """The rules that differ from the defaults, each with its explanation.

    :param rules: a founding game's rules (``changed()``: ``{key: value}``).
    :return: ``[{"key", "value", "explain", "short"}]`` in the rules' order.
    """
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


__all__ = ["rules_in_play"]
