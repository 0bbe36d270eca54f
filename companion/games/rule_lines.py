"""The rules a game is played with that differ from the defaults, in
players' words (the game page's and the club night's "rules in play")."""

from __future__ import annotations

from companion.rules.options import OPTIONS_BY_KEY
from companion.web.i18n import translated
from companion.web.labels import RULE_LABELS, VALUE_LABELS


def rules_in_play(rules, words=None) -> list[dict]:
    """The rules that differ from the defaults, each with its explanation.

    :param rules: a :class:`~companion.rules.profile.RuleProfile`.
    :param words: the game kind's :class:`~companion.rules.kinds.KindWords`,
        whose own words for a rule or a choice (picture dominoes: a late
        child's start in rounds won) replace the common ones; ``None``: the common words.
    """
    out = []
    for key, value in rules.changed().items():
        own = words.rule_word(f"{key}.{value}") if words is not None and isinstance(value, str) else None
        if key == "draw_counts":
            shown = ", ".join(f"{p}→{n}" for p, n in value.items())
        elif own is not None:
            shown = translated(own)
        else:
            shown = translated(VALUE_LABELS[value]) if value in VALUE_LABELS else value
        label = translated(RULE_LABELS[key]) if key in RULE_LABELS else key.replace("_", " ")
        explain = (words.rule_word(key) if words is not None else None) or OPTIONS_BY_KEY[key].explain
        out.append({"key": key, "value": shown, "explain": translated(explain), "short": f"{label} {shown}"})
    return out


__all__ = ["rules_in_play"]
