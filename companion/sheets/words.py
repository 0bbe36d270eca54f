"""The words of a score sheet, in the sheet's own language.

A sheet is printed in the language asked for (``language=``), with or without
a request: :class:`companion.i18n.in_language` sets it for the making of one
sheet, and every word goes through the one translation path of the app
(``tr``/``trn`` of :mod:`companion.rules.errors`, installed by
:mod:`companion.i18n`, ``%(name)s`` placeholders). Labels of rules and
values come from :mod:`companion.labels`, shared with the pages.
"""

from __future__ import annotations

import datetime
from typing import Any

from companion.rules.errors import join_names, tr, trn
from companion.rules.game import Game
from companion.rules.profile import OPTIONS_BY_KEY
from companion.web.i18n import language_in_use
from companion.web.labels import POINT_RULES, RULE_LABELS, VALUE_LABELS


def ordinal(n: int) -> str:
    # Translators: a place in the standings on the sheet ("1st"; "1." or "1위" elsewhere).
    place = tr("%(n)sth")
    if place != "%(n)sth":
        return place % {"n": n}
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def format_date(day: datetime.date) -> str:
    """``Saturday 14 June 2025`` in English; the language's full date elsewhere."""
    if language_in_use() != "en":
        from babel.dates import format_date

        return format_date(day, format="full", locale=language_in_use())
    weekdays = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
    months = (
        "January", "February", "March", "April", "May", "June", "July",
        "August", "September", "October", "November", "December",
    )  # fmt: skip
    return f"{weekdays[day.weekday()]} {day.day} {months[day.month - 1]} {day.year}"


def names_text(names: list[str]) -> str:
    """``Ana``, ``Ana and Ben``, ``Ana, Ben, and Chen``: joined as the
    language in use joins a list (Babel's ``format_list`` in the app)."""
    return join_names(names)


def rule_value(key: str, value: Any) -> str:
    """A rule's value as it reads on paper: ``50 points``, ``5-5``, ``×2``."""
    if value is None:
        return tr("as scheduled")
    if key == "double_blank_points" and value == 0:
        return tr("face value (0 points)")
    if key == "draw_counts":
        counts = sorted((int(players), tiles) for players, tiles in value.items())
        return ", ".join(
            tr("%(players)s players: %(tiles)s", players=players, tiles=tiles) for players, tiles in counts
        )
    if key in ("start_engine", "end_engine"):
        return f"{value}-{value}"
    if key == "out_on_double_multiplier":
        return f"×{value}"
    if key == "round_to":
        return tr("nearest %(value)s", value=value)
    if key in POINT_RULES:
        return tr("%(value)s points", value=value)
    if isinstance(value, str):
        return tr(VALUE_LABELS[value]) if value in VALUE_LABELS else value.replace("_", " ")
    return str(value)


def rules_in_play(game: Game) -> list[dict[str, Any]]:
    """The rule lines printed with the grid: the set, the deal, the
    double-blank (Mexican Train), then every rule changed from the defaults,
    each with its explanation from :data:`~companion.rules.profile.OPTIONS`."""
    table = game.table
    rules = table.rules
    n = table.set_n
    if table.engines:
        first, last = table.engines[0], table.engines[-1]
        set_explain = tr(
            "%(size)s tiles; %(rounds)s rounds, engines %(first)s-%(first)s to %(last)s-%(last)s.",
            size=table.set.size, rounds=len(table.engines), first=first, last=last,
        )
    else:
        set_explain = tr("%(size)s tiles.", size=table.set.size)
    set_line = {"label": tr("Set"), "value": tr("Double-%(n)s", n=n), "explain": set_explain}
    if not table.kind.counts_pips:  # picture dominoes: picture words, no pips or doubles
        set_line = {"label": tr("Set"), "value": tr("Picture tiles"),
                    "explain": tr("%(size)s tiles, a picture on each half.", size=table.set.size)}
    lines: list[dict[str, Any]] = [
        set_line,
        {
            "label": tr("Deal"),
            "value": trn("%(n)s tile each", "%(n)s tiles each", table.standard_deal()),
            "explain": tr(
                "%(players)s players; a round's own deal may differ.", players=len(table.players)
            ),
        },
    ]
    changed = rules.changed()
    shown = dict(changed)
    if table.kind.has_engine:
        shown.setdefault("double_blank_points", rules.double_blank_points)
    for key in [k for k in OPTIONS_BY_KEY if k in shown] + sorted(set(shown) - set(OPTIONS_BY_KEY)):
        option = OPTIONS_BY_KEY.get(key)
        default = option.default if option is not None else None
        lines.append(
            {
                "label": (
                    tr(RULE_LABELS[key])
                    if key in RULE_LABELS
                    else key.replace("_", " ").capitalize()
                ),
                "value": (tr(own) if (own := table.kind.spec.words.rule_word(f"{key}.{shown[key]}")) is not None
                          else rule_value(key, shown[key])),
                "explain": tr(table.kind.spec.words.rule_word(key) or option.explain) if option is not None else "",
                "changed": key in changed,
                "default": (
                    rule_value(key, default) if key in changed and default is not None else None
                ),
            }
        )
    for line in lines:
        line.setdefault("changed", False)
        line.setdefault("default", None)
    return lines


def kind_words(game: Game) -> dict[str, str]:
    """How the sheet names the game, its winner and its unit: the words of
    the kind's row (:class:`~companion.rules.kinds.KindWords`), translated,
    with the last engine's suit and the target score filled in.

    :return: ``{"name", "unit", "wins", "hint"}``, each a translated line.
    """
    table = game.table
    words = table.kind.spec.words
    fill = {"last": table.engines[-1] if table.engines else 0, "target": table.rules.target_score}
    return {
        "name": tr(words.name),
        "unit": tr(words.unit),
        "wins": tr(words.wins, **fill),
        "hint": tr(words.hint, **fill),
    }


