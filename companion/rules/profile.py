"""The rule profile: the house rules a game is played with.

Every key of a game record's ``rules`` object (design.md) is a field here with
a default, an explanation and its source. Unknown keys are refused
(``unknown_rule``), never silently ignored.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any, Mapping

from .errors import Problems


@dataclass(frozen=True)
class Option:
    """How one rule key is read and explained.

    :ivar key: the key in the record's ``rules``.
    :ivar default: the value when the key is absent.
    :ivar choices: the allowed values for a choice, or ``None`` for a number.
    :ivar minimum: for a number, the smallest allowed value.
    :ivar maximum: for a number, the largest allowed value.
    :ivar explain: one line for the table, in our own words.
    :ivar source: where the rule comes from (a seed file or a public page).
    """

    key: str
    default: Any
    explain: str
    source: str
    choices: tuple[str, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None


OPTIONS: tuple[Option, ...] = (
    Option(
        "double_blank_points",
        50,
        "Points for the double-blank (0-0) left in a hand; 0 counts it at face value.",
        "seeds 000/002/004 (50 points); seeds 001/003 give no such rule (face value 0)",
        minimum=0,
        maximum=500,
    ),
    Option(
        "engine_order",
        "descending",
        "Engines run from the highest double down to 0-0, or from 0-0 up.",
        "seeds 000/001/002/004 (descending); ascending is a common house rule",
        choices=("descending", "ascending"),
    ),
    Option(
        "first_turn",
        "one_tile",
        "First turn: one tile on your own train or the Mexican train, or a whole train from the engine.",
        "seeds 000/002/004 (one_tile); seed 003 (build_train)",
        choices=("one_tile", "build_train"),
    ),
    Option(
        "after_double",
        "play_again",
        "After laying a double, play one more tile (which may itself be a double, and so on).",
        "seeds 000/002/004/003 (play_again); seed 001 (one_non_double)",
        choices=("play_again", "one_non_double"),
    ),
    Option(
        "open_doubles_order",
        "as_played",
        "Several open doubles are closed in the order they were laid, or in reverse.",
        "seeds 002/004 (as_played); seed 000 variant (reverse)",
        choices=("as_played", "reverse"),
    ),
    Option(
        "target_score",
        100,
        "Classic games: the game ends when a player reaches this many points.",
        "seed 003 (100; 50 for a quicker game)",
        minimum=1,
        maximum=10000,
    ),
    Option(
        "min_round_score",
        0,
        "Classic games: a round's points count only from this many upward (house rule: 15).",
        "seed 003 (house variant)",
        minimum=0,
        maximum=1000,
    ),
    Option(
        "draw_counts",
        None,
        "Tiles dealt to each player, by number of players (replaces the dealing table).",
        "rules-brief.md §2 (the seeds' table); any table the house prefers",
    ),
)

OPTIONS_BY_KEY: dict[str, Option] = {o.key: o for o in OPTIONS}


@dataclass(frozen=True)
class RuleProfile:
    """The rules in play for one game; every field has the default of :data:`OPTIONS`.

    :ivar double_blank_points: points for a 0-0 left in a hand (points).
    :ivar engine_order: ``"descending"`` or ``"ascending"``.
    :ivar first_turn: ``"one_tile"`` or ``"build_train"``.
    :ivar after_double: ``"play_again"`` or ``"one_non_double"``.
    :ivar open_doubles_order: ``"as_played"`` or ``"reverse"``.
    :ivar target_score: classic games' target (points).
    :ivar min_round_score: classic games' floor for a round's points (points).
    :ivar draw_counts: ``{players: tiles}`` replacing the dealing table, or ``None``.
    """

    double_blank_points: int = 50
    engine_order: str = "descending"
    first_turn: str = "one_tile"
    after_double: str = "play_again"
    open_doubles_order: str = "as_played"
    target_score: int = 100
    min_round_score: int = 0
    draw_counts: Mapping[int, int] | None = None

    def as_dict(self) -> dict[str, Any]:
        """Every rule with its value (``draw_counts`` keys as strings, for JSON)."""
        d = asdict(self)
        if self.draw_counts is not None:
            d["draw_counts"] = {str(k): v for k, v in sorted(self.draw_counts.items())}
        return d

    def changed(self) -> dict[str, Any]:
        """Only the rules that differ from the defaults (what a record stores)."""
        base = RuleProfile().as_dict()
        return {k: v for k, v in self.as_dict().items() if base[k] != v}


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def parse_rules(data: Any, problems: Problems, path: str = "rules") -> RuleProfile:
    """Read a record's ``rules`` object into a :class:`RuleProfile`.

    :param data: the ``rules`` value of a game record (a mapping; ``None`` means all defaults).
    :param problems: collector; unknown keys add ``unknown_rule``, wrong values ``bad_value``.
    :param path: the path prefix used in problems.
    :return: the profile (defaults where a value was refused, so checking can go on).
    """
    if data is None:
        return RuleProfile()
    if not isinstance(data, Mapping):
        problems.error(path, "bad_value", "The rules must be an object of rule: value.")
        return RuleProfile()
    values: dict[str, Any] = {}
    for key, value in data.items():
        opt = OPTIONS_BY_KEY.get(key)
        where = f"{path}.{key}"
        if opt is None:
            problems.error(where, "unknown_rule", f"There is no rule called {key!r}.", rule=key)
            continue
        if key == "draw_counts":
            counts = _parse_draw_counts(value, problems, where)
            if counts is not None:
                values[key] = counts
            continue
        if opt.choices is not None:
            if value not in opt.choices:
                problems.error(
                    where,
                    "bad_value",
                    f"{key} must be one of {', '.join(opt.choices)}.",
                    rule=key,
                )
                continue
        elif not _is_int(value) or not (opt.minimum <= value <= opt.maximum):
            problems.error(
                where,
                "bad_value",
                f"{key} must be a whole number from {opt.minimum} to {opt.maximum}.",
                rule=key,
            )
            continue
        values[key] = value
    return RuleProfile(**values)


def _parse_draw_counts(value: Any, problems: Problems, path: str) -> dict[int, int] | None:
    if value is None:
        return None
    if not isinstance(value, Mapping) or not value:
        problems.error(path, "bad_value", "draw_counts must map a number of players to tiles dealt.")
        return None
    out: dict[int, int] = {}
    for k, v in value.items():
        try:
            players = int(k)
        except (TypeError, ValueError):
            players = -1
        if not (1 <= players <= 20) or not _is_int(v) or not (1 <= v <= 100):
            problems.error(
                f"{path}.{k}",
                "bad_value",
                "draw_counts must map a number of players (1-20) to tiles dealt (1-100).",
            )
            continue
        out[players] = v
    return out or None


RULE_FIELDS: tuple[str, ...] = tuple(f.name for f in fields(RuleProfile))
