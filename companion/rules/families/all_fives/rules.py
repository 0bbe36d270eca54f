"""All Fives and its cousins: the rules of a table (kind ``all_fives``).

Each rule key's choices (spinners, score unit, hand bonus, blocked tie, win
check, first lead), :data:`RULE_KEYS` with their defaults and sources,
:data:`PRESETS` (All Fives, Muggins, Sniff, Five Up), :class:`AllFivesRules`,
:func:`read_rules` and the score pad's :func:`keypad`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from ...errors import N_, Problems
from ..counts import (
    DIRECTION_KEY,
    DRAW_COUNTS_KEY,
    CountKey,
    Direction,
    Keypad,
    Preset,
    Rounding,
    RuleKey,
    read_rule_values,
)

KIND = "all_fives"

# ---------------------------------------------------------------- rule keys


class Spinners(StrEnum):
    """Which doubles can be played on from four sides (rule key ``spinners``)."""

    NONE = "none"
    """Muggins: one line, two ends."""
    FIRST = "first"
    """All Fives: the first double only."""
    SNIFF_US = "sniff_us"
    """Sniff, US form: the first double is a spinner whose halves keep counting
    while exposed."""
    SNIFF_UK = "sniff_uk"
    """Sniff, British form: the first double lies in line, one tile each side."""
    ALL = "all"
    """Five Up: every double."""

    @property
    def most_shown(self) -> int | None:
        """The highest count the layout can show, in pips; ``None``: no small
        bound. A line shows at most 22 (6-6 and 5-5 at the ends); with one
        spinner four arm ends show at most 36 (0-0 spinner; 6-6, 5-5, 4-4,
        3-3 at the ends)."""
        if self is Spinners.NONE:
            return 22
        if self is Spinners.ALL:
            return None
        return 36

    @property
    def most_scored(self) -> int | None:
        """The highest count that scores (brief, section 2, "count range"):
        20 without a spinner, 35 with one, no small bound in Five Up."""
        shown = self.most_shown
        return None if shown is None else shown - shown % 5


class ScoreUnit(StrEnum):
    """What a count is worth (rule key ``score_unit``)."""

    PIPS = "pips"
    """The count as is (a count of 15 scores 15 points), kept on paper."""
    FIVES = "fives"
    """The count divided by five, pegged on a cribbage board (15 → 3)."""


class HandBonus(StrEnum):
    """What the winner of a hand scores from the losers' hands (``hand_bonus``)."""

    OPPONENTS_ROUNDED = "opponents_rounded"
    """The losers' pips added, the total rounded to five (pagat)."""
    EACH_HAND_ROUNDED = "each_hand_rounded"
    """Each loser's hand rounded to five, then added (Wikipedia, Muggins)."""
    DIFFERENCE_ROUNDED = "difference_rounded"
    """The losers' pips less the winner's own, rounded (gambit.com)."""
    NONE = "none"
    """No bonus."""


class BlockedTie(StrEnum):
    """A blocked hand with a tie for the fewest pips (``blocked_tie``)."""

    NOBODY = "nobody"
    """Nobody scores the bonus (pagat, two or four players)."""
    SHARE = "share"
    """The tied players share it (pagat, three players)."""


class WinCheck(StrEnum):
    """When the game is over (``win_check``)."""

    IMMEDIATE = "immediate"
    """At the score that reaches the target, as on a cribbage board."""
    HAND_END = "hand_end"
    """At the end of the hand in which a total reached the target."""


class FirstLead(StrEnum):
    """Who leads a hand (``first_lead``)."""

    WINNER = "winner"
    """The first hand by lot; then whoever went out; after a block, by lot."""
    HIGHEST_DOUBLE = "highest_double"
    """The holder of the highest double leads it (the tiles decide)."""


_PAGAT = "pagat All Fives (https://www.pagat.com/domino/cross/all_fives.html)"

RULE_KEYS: tuple[RuleKey, ...] = (
    RuleKey("spinners", Spinners.FIRST.value, tuple(s.value for s in Spinners),
            label=N_("Spinners: none (Muggins), the first double (All Fives), the sniff, every double"),
            source="pagat, the Fives family (https://pagat.com/domino/fives_family.html)"),
    RuleKey("score_unit", ScoreUnit.PIPS.value, tuple(u.value for u in ScoreUnit),
            label=N_("Scores in points, or in fives on a cribbage board"), source=_PAGAT),
    RuleKey("hand_bonus", HandBonus.OPPONENTS_ROUNDED.value, tuple(b.value for b in HandBonus),
            label=N_("What the winner of a hand scores from the losers' hands"),
            source=_PAGAT + "; Wikipedia, Muggins; gambit.com"),
    RuleKey("rounding", Rounding.NEAREST.value, tuple(r.value for r in Rounding),
            label=N_("Pips rounded to the nearest five, or down"), source=_PAGAT + "; bonesdomino"),
    RuleKey("blocked_tie", None, tuple(t.value for t in BlockedTie),
            label=N_("A tie for the fewest pips in a blocked hand: nobody scores, or the tied share "
                     "(by default nobody with two or four players, share with three)"), source=_PAGAT),
    RuleKey("target_score", None, minimum=1, maximum=10_000,
            label=N_("Game: 250 for two players, 200 for three or four, 61 in fives"),
            source=_PAGAT + "; Foster's Hoyle (100); brainzilla (150); gambit.com (200/400)"),
    RuleKey("exact_target", False, (False, True),
            label=N_("A score that would pass the target is not added"), source=_PAGAT + " (variants)"),
    RuleKey("win_check", WinCheck.IMMEDIATE.value, tuple(w.value for w in WinCheck),
            label=N_("The game stops at the score that reaches the target, or at the hand's end"),
            source="digigamers Muggins; onlinedominogames"),
    RuleKey("entry_minimum", 0, minimum=0, maximum=100,
            label=N_("A player's first score must be at least this count (ten to get in)"),
            source="big6bones"),
    RuleKey("subtract_own", False, (False, True),
            label=N_("At the hand's end every player loses his own pips, rounded"),
            source=_PAGAT + " (variants)"),
    RuleKey("muggins_claims", False, (False, True),
            label=N_("An opponent may claim a score the player missed"),
            source="Wikipedia, Muggins; Foster's Hoyle"),
    RuleKey("first_lead", FirstLead.WINNER.value, tuple(f.value for f in FirstLead),
            label=N_("Who leads: whoever went out last hand, or the holder of the highest double"),
            source=_PAGAT + "; gambit.com; Wikipedia, Muggins"),
    DRAW_COUNTS_KEY,
    DIRECTION_KEY,
)
"""Every rule key of the kind, with its default (``None``: worked out from the
number of players or the score unit, see :class:`AllFivesRules`)."""

DEAL_ALL_FIVES: Mapping[int, int] = {2: 9, 3: 7, 4: 5}
"""pagat All Fives: 9 / 7 / 5 tiles for 2 / 3 / 4 players (the kind's default)."""

PRESETS: Mapping[str, Preset] = {
    "all_fives": Preset("all_fives", N_("All Fives"), _PAGAT,
                        {"spinners": "first"}),
    "muggins": Preset("muggins", N_("Muggins"),
                      "pagat Muggins (https://www.pagat.com/domino/line/muggins.html); Foster's Hoyle",
                      {"spinners": "none", "draw_counts": {2: 7, 3: 5, 4: 5}}),
    "sniff": Preset("sniff", N_("Sniff"), "pagat Sniff (http://www.pagat.com/tile/wdom/sniff.html), US form",
                    {"spinners": "sniff_us", "draw_counts": {2: 7, 3: 6, 4: 5}}),
    "five_up": Preset("five_up", N_("Five Up"),
                      "domino-play's Five-Up page (http://www.ardent-tool.com/memory/abmc.txt)",
                      {"spinners": "all", "score_unit": "fives", "target_score": 61,
                       "draw_counts": {2: 5, 3: 5, 4: 5}}),
}
"""The named rule sets of the start page."""


@dataclass(frozen=True)
class AllFivesRules:
    """The rules of one All Fives game (every key of :data:`RULE_KEYS`).

    :ivar spinners: the layout.
    :ivar score_unit: points (pips) or fives.
    :ivar hand_bonus: the end-of-hand bonus.
    :ivar rounding: how pips round to five.
    :ivar blocked_tie: as given, or ``None`` for the player-count default.
    :ivar target_score: as given (in the game's unit), or ``None`` for the default.
    :ivar exact_target: overshooting scores are struck.
    :ivar win_check: when the game stops.
    :ivar entry_minimum: a side's first score must be at least this count, in pips.
    :ivar subtract_own: each player loses his own pips at the hand's end.
    :ivar muggins_claims: ``claimed_by`` is allowed.
    :ivar first_lead: who leads the next hand.
    :ivar draw_counts: tiles dealt by number of players, or ``None`` (9 / 7 / 5).
    :ivar direction: the way play passes.
    """

    spinners: Spinners = Spinners.FIRST
    score_unit: ScoreUnit = ScoreUnit.PIPS
    hand_bonus: HandBonus = HandBonus.OPPONENTS_ROUNDED
    rounding: Rounding = Rounding.NEAREST
    blocked_tie: BlockedTie | None = None
    target_score: int | None = None
    exact_target: bool = False
    win_check: WinCheck = WinCheck.IMMEDIATE
    entry_minimum: int = 0
    subtract_own: bool = False
    muggins_claims: bool = False
    first_lead: FirstLead = FirstLead.WINNER
    draw_counts: Mapping[int, int] | None = None
    direction: Direction = Direction.CLOCKWISE

    def target(self, players: int) -> int:
        """The target in the game's unit: as given, else 61 in fives, else 250
        for two players and 200 for three or four (pagat)."""
        if self.target_score is not None:
            return self.target_score
        if self.score_unit is ScoreUnit.FIVES:
            return 61
        return 250 if players == 2 else 200

    def tie_rule(self, sides: int) -> BlockedTie:
        """The blocked-tie rule: as given, else share with three sides, else nobody."""
        if self.blocked_tie is not None:
            return self.blocked_tie
        return BlockedTie.SHARE if sides == 3 else BlockedTie.NOBODY

    def deal(self) -> Mapping[int, int]:
        """Tiles dealt by number of players."""
        return self.draw_counts or DEAL_ALL_FIVES

    def points(self, pips: int) -> int:
        """A count or a rounded bonus (pips, a multiple of five) in the game's unit."""
        return pips // 5 if self.score_unit is ScoreUnit.FIVES else pips


def read_rules(data: Any, problems: Problems, path: str = "rules") -> AllFivesRules:
    """Read a record's ``rules`` for ``all_fives``.

    :return: the rules (defaults where a value was refused). Problems:
        ``unknown_rule``, ``bad_value``.
    """
    v = read_rule_values(data, RULE_KEYS, problems, path)
    return AllFivesRules(
        spinners=Spinners(v["spinners"]), score_unit=ScoreUnit(v["score_unit"]),
        hand_bonus=HandBonus(v["hand_bonus"]), rounding=Rounding(v["rounding"]),
        blocked_tie=None if v["blocked_tie"] is None else BlockedTie(v["blocked_tie"]),
        target_score=v["target_score"], exact_target=v["exact_target"],
        win_check=WinCheck(v["win_check"]), entry_minimum=v["entry_minimum"],
        subtract_own=v["subtract_own"], muggins_claims=v["muggins_claims"],
        first_lead=FirstLead(v["first_lead"]), draw_counts=v["draw_counts"],
        direction=Direction(v["direction"]),
    )


def keypad(rules: AllFivesRules) -> Keypad:
    """The counts that score, with their points, for the score pad: 5, 10, …
    up to 20 without a spinner and 35 with one (Five Up: 5–35 and more).

    :return: a :class:`~.counts.Keypad` in the game's unit (15 → 15 points, or 3 fives).
    """
    top = rules.spinners.most_scored
    keys = tuple(CountKey(c, rules.points(c)) for c in range(5, (top or 35) + 1, 5))
    return Keypad(keys, more=top is None)
