"""Rule keys and presets for the scoring-during-play families.

:class:`RuleKey` (one key of a kind's ``rules``, its default, choices and
source), :class:`Preset`, and :func:`read_rule_values`, which reads a
record's ``rules`` against a kind's keys.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ...errors import N_, Problems, tr
from .seats import Direction
from .values import DOUBLE_SIX, is_whole

# ---------------------------------------------------------------- rule keys and presets


@dataclass(frozen=True)
class RuleKey:
    """One key of a kind's ``rules`` object.

    :ivar key: the key as written in a record.
    :ivar default: the JSON default; ``None`` where the default depends on the
        table (for example on the number of players) and is worked out there.
    :ivar choices: the allowed values, or ``None`` for a whole number between
        ``minimum`` and ``maximum`` (or a dealing table for ``draw_counts``).
    :ivar label: what the rule means, for a rules page (marked for translation).
    :ivar source: where the rule comes from (a public page, or "house rule").
    """

    key: str
    default: Any
    choices: tuple[Any, ...] | None = None
    minimum: int = 0
    maximum: int = 10_000
    label: str = ""
    source: str = ""


@dataclass(frozen=True)
class Preset:
    """A named rule set a table can start from, then change.

    :ivar key: stable key (``"muggins"``).
    :ivar label: the name shown (marked for translation).
    :ivar source: the rule page the preset follows.
    :ivar rules: the rule values it sets (JSON), the others at their default.
    """

    key: str
    label: str
    source: str
    rules: Mapping[str, Any] = field(default_factory=dict)


def read_rule_values(
    data: Any, keys: Sequence[RuleKey], problems: Problems, path: str = "rules"
) -> dict[str, Any]:
    """A record's ``rules`` object checked against ``keys``: every key with its
    value, the default where absent or refused.

    :param data: the ``rules`` value (a mapping, or ``None`` for all defaults).
    :return: ``{key: JSON value}`` for every key of ``keys``; ``draw_counts``
        comes back as ``{players: tiles}`` with whole-number keys.
    :raises: nothing; problems added: ``unknown_rule`` for a key this kind does
        not have, ``bad_value`` for a value outside the key's choices or range.
    """
    by_key = {k.key: k for k in keys}
    values: dict[str, Any] = {k.key: k.default for k in keys}
    if data is None:
        return values
    if not isinstance(data, Mapping):
        problems.error(path, "bad_value", tr("The rules must be an object of rule: value."))
        return values
    for key, value in data.items():
        rule = by_key.get(key)
        where = f"{path}.{key}"
        if rule is None:
            problems.error(where, "unknown_rule", tr("There is no rule called %(key)r in this game.",
                                                     key=key), rule=key)
            continue
        _read_rule_value(rule, value, where, problems, values)
    return values


def _read_rule_value(rule: RuleKey, value: Any, where: str, problems: Problems,
                     values: dict[str, Any]) -> None:
    """One rule's ``value`` into ``values`` when the rule takes it; else a
    ``bad_value`` problem (the default stays)."""
    key = rule.key
    if key == "draw_counts":
        counts = _read_draw_counts(value, where, problems)
        if counts is not None or value is None:
            values[key] = counts
        return
    if rule.choices is not None:
        if any(value == c and type(value) is type(c) for c in rule.choices):
            values[key] = value
        else:
            problems.error(where, "bad_value",
                           tr("This rule takes one of %(choices)s.",
                              choices=", ".join(str(c).lower() for c in rule.choices)), rule=key)
        return
    if value is None and rule.default is None:
        values[key] = None
    elif is_whole(value) and rule.minimum <= value <= rule.maximum:
        values[key] = value
    else:
        problems.error(where, "bad_value",
                       tr("Give a whole number from %(minimum)s to %(maximum)s.",
                          minimum=rule.minimum, maximum=rule.maximum), rule=key)


def _read_draw_counts(value: Any, path: str, problems: Problems) -> dict[int, int] | None:
    if value is None:
        return None
    out: dict[int, int] = {}
    if isinstance(value, Mapping) and value:
        for k, v in value.items():
            try:
                players = int(k)
            except (TypeError, ValueError):
                break
            if not (2 <= players <= 4 and is_whole(v) and 1 <= v <= DOUBLE_SIX.size // players):
                break
            out[players] = v
        else:
            return out
    problems.error(path, "bad_value",
                   tr("The dealing table gives, for 2 to 4 players, the tiles dealt to each "
                      "(all of them fitting in the double-six set)."))
    return None


DRAW_COUNTS_KEY = RuleKey(
    "draw_counts", None, label=N_("Tiles dealt to each player, by the number of players"),
    source="the rule pages differ; see each preset")
"""The shared ``draw_counts`` key (the existing engine's name for a dealing table)."""

DIRECTION_KEY = RuleKey(
    "direction", Direction.CLOCKWISE.value, tuple(d.value for d in Direction),
    label=N_("The way play passes round the table"), source="rules-families.md section 0")
"""The shared ``direction`` key."""
