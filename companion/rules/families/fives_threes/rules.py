"""Fives and Threes: the rules of a table (kind ``fives_threes``).

:data:`RULE_KEYS` with their defaults and sources, :data:`PRESETS`,
:class:`FivesThreesRules` and :func:`read_rules`; the counts that score and
their points (:func:`count_points`, :func:`keypad`, :func:`check_count`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ...errors import N_, Problems, tr
from ..counts import (
    DIRECTION_KEY,
    DRAW_COUNTS_KEY,
    CountKey,
    Direction,
    Keypad,
    Preset,
    RuleKey,
    read_rule_values,
)

KIND = "fives_threes"

_PAGAT = "pagat Fives and Threes (https://gambiter.com/domino/western/fives_and_threes.html)"
_LEEK = "Leek Domino League (http://www.leekdominoleague.org.uk/rules1.html)"
_TEESDALE = "Teesdale league (http://bcad5sand3s.co.uk/what_is_fives_and_threes.htm)"

RULE_KEYS: tuple[RuleKey, ...] = (
    RuleKey("target_score", 61, minimum=1, maximum=10_000,
            label=N_("Game: 61 (once round the board) or 121 (twice round)"),
            source=_PAGAT + "; " + _LEEK + "; Solihull & Warwickshire league"),
    RuleKey("exact_target", True, (True, False),
            label=N_("The target must be reached exactly; a score that would pass it is not pegged"),
            source=_PAGAT + "; " + _TEESDALE),
    RuleKey("chip_out_point", 1, minimum=0, maximum=5,
            label=N_("Points for laying the last tile (chipping out)"), source=_PAGAT + "; " + _LEEK),
    RuleKey("no_win_on_down", False, (False, True),
            label=N_("The winning points cannot come from the first tile of a hand"),
            source=_TEESDALE + "; " + _LEEK),
    RuleKey("knock_bonus", 0, minimum=0, maximum=5,
            label=N_("Points per knock for the next player who can play"),
            source="sadmansoftware (http://www.sadmansoftware.com/fivesandthrees/)"),
    RuleKey("score_pips_variant", False, (False, True),
            label=N_("American Threes and Fives: a count scores itself, twice when divisible by both"),
            source="dominorules (https://www.dominorules.com/threes-and-fives)"),
    DRAW_COUNTS_KEY,
    DIRECTION_KEY,
)
"""Every rule key of the kind, with its default."""

DEAL_PAGAT: Mapping[int, int] = {2: 7, 3: 5, 4: 5}
"""pagat: 7 tiles each for two players, 5 for three or four; no drawing."""

PRESETS: Mapping[str, Preset] = {
    "fives_threes": Preset("fives_threes", N_("Fives and Threes (61)"), _PAGAT, {}),
    "twice_round": Preset("twice_round", N_("Fives and Threes, twice round (121)"),
                          _LEEK + "; Solihull & Warwickshire league", {"target_score": 121}),
    "teesdale": Preset("teesdale", N_("Teesdale league"), _TEESDALE,
                       {"no_win_on_down": True, "draw_counts": {2: 9, 4: 6}}),
    "leek": Preset("leek", N_("Leek league"), _LEEK,
                   {"chip_out_point": 0, "no_win_on_down": True, "draw_counts": {2: 9, 4: 6}}),
}
"""The named rule sets of the start page (a preset's dealing table overrides
pagat's for the numbers of players it names)."""

MOST_SHOWN = 22
"""The highest count a two-ended double-six line shows (6-6 and 5-5 at the ends)."""

NEVER_SHOWN = frozenset({19, 21})
"""Counts up to 22 that two ends never show: an odd count needs a single end
(at most 6) beside a double (at most 12), so 17 is the highest odd one."""


@dataclass(frozen=True)
class FivesThreesRules:
    """The rules of one Fives and Threes game (every key of :data:`RULE_KEYS`).

    :ivar target_score: the target, in points.
    :ivar exact_target: scores that would pass it are not pegged.
    :ivar chip_out_point: points for going out.
    :ivar no_win_on_down: the winning points cannot come from a hand's first tile.
    :ivar knock_bonus: points per knock (0: off).
    :ivar score_pips_variant: the count scores itself (doubled when divisible by 15).
    :ivar draw_counts: tiles dealt by number of players (over pagat's 7 / 5 / 5).
    :ivar direction: the way play passes.
    """

    target_score: int = 61
    exact_target: bool = True
    chip_out_point: int = 1
    no_win_on_down: bool = False
    knock_bonus: int = 0
    score_pips_variant: bool = False
    draw_counts: Mapping[int, int] | None = None
    direction: Direction = Direction.CLOCKWISE

    def deal(self) -> Mapping[int, int]:
        """Tiles dealt by number of players."""
        return {**DEAL_PAGAT, **(self.draw_counts or {})}

    @property
    def most_per_play(self) -> int:
        """The most points one play can score (8 for a count of 15; 30 in the variant)."""
        return max(count_points(c, self.score_pips_variant)
                   for c in range(MOST_SHOWN + 1) if c not in NEVER_SHOWN)


def read_rules(data: Any, problems: Problems, path: str = "rules") -> FivesThreesRules:
    """Read a record's ``rules`` for ``fives_threes``.

    :return: the rules (defaults where a value was refused). Problems:
        ``unknown_rule``, ``bad_value``.
    """
    v = read_rule_values(data, RULE_KEYS, problems, path)
    return FivesThreesRules(
        target_score=v["target_score"], exact_target=v["exact_target"],
        chip_out_point=v["chip_out_point"], no_win_on_down=v["no_win_on_down"],
        knock_bonus=v["knock_bonus"], score_pips_variant=v["score_pips_variant"],
        draw_counts=v["draw_counts"], direction=Direction(v["direction"]),
    )


def count_points(count: int, score_pips_variant: bool = False) -> int:
    """What a count scores (pagat's table): count ÷ 3 when divisible by three,
    plus count ÷ 5 when divisible by five; 0 for a count of 0 or one divisible
    by neither. 3 → 1, 5 → 1, 6 → 2, 9 → 3, 10 → 2, 12 → 4, 15 → 8, 18 → 6,
    20 → 4.

    :param count: the count on the two ends, in pips.
    :param score_pips_variant: dominorules' American game: the count itself,
        twice when divisible by both (15 → 30, 12 → 12).
    :return: points.
    """
    if count <= 0:
        return 0
    by3, by5 = count % 3 == 0, count % 5 == 0
    if score_pips_variant:
        return count * 2 if by3 and by5 else count if by3 or by5 else 0
    return (count // 3 if by3 else 0) + (count // 5 if by5 else 0)


def keypad(rules: FivesThreesRules) -> Keypad:
    """The counts that score on a two-ended line, with their points, for the
    score pad: 3, 5, 6, 9, 10, 12, 15, 18, 20."""
    keys = tuple(CountKey(c, count_points(c, rules.score_pips_variant))
                 for c in range(1, MOST_SHOWN + 1)
                 if c not in NEVER_SHOWN and count_points(c, rules.score_pips_variant))
    return Keypad(keys)


def check_count(count: int, rules: FivesThreesRules, path: str, problems: Problems) -> bool:
    """Check one scoring play's count (brief section 3, "What it can check").

    :return: ``True`` when the count can show and scores. Problems:
        ``count_impossible`` (above 22, or 19 or 21: a two-ended line never
        shows them), ``count_not_scoring`` (0, or divisible by neither 3 nor 5).
    """
    if count > MOST_SHOWN or count in NEVER_SHOWN:
        problems.error(path, "count_impossible",
                       tr("A line with two ends never shows a count of %(count)s.", count=count),
                       count=count)
        return False
    if not count_points(count, rules.score_pips_variant):
        problems.error(path, "count_not_scoring",
                       tr("A count of %(count)s scores nothing: it is divisible by neither 3 nor 5.",
                          count=count), count=count)
        return False
    return True
