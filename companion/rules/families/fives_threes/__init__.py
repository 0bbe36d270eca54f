"""Fives and Threes (kind ``fives_threes``), the game of the UK pub leagues.

The tiles form one line with two ends. After each play the ends are added up
(the *count*); a count divisible by three scores count ÷ 3, divisible by five
count ÷ 5, and both when it is divisible by both (15 scores 5 + 3 = 8). The
player who lays his last tile scores one more point ("chipping out"). The
game is pegged on a cribbage board to exactly 61 (or 121, "twice round"): a
score that would pass the target is not pegged.

Rules and sources (``shared/rules-families.md`` section 3 and its section 7;
to be carried into ``docs/sources.md``):

* pagat, Fives and Threes (mirror:
  https://gambiter.com/domino/western/fives_and_threes.html): the count
  table; the chip-out point (in pairs when both partners are out; none in a
  block); 61 exactly; deal 7 tiles for two players, 5 for three or four, no
  drawing; the lead passes to the left.
* Teesdale league (http://bcad5sand3s.co.uk/what_is_fives_and_threes.htm):
  9 / 6 tiles; the winning points may not come from the first tile
  (``no_win_on_down``).
* Leek Domino League (http://www.leekdominoleague.org.uk/rules1.html): no
  point for the last domino; 9 / 6 tiles; singles 61, doubles 121.
* Solihull & Warwickshire league (https://domino-league.co.uk/rules): 121 for
  doubles.
* sadmansoftware (http://www.sadmansoftware.com/fivesandthrees/): the knock
  bonus; dominorules, Threes and Fives
  (https://www.dominorules.com/threes-and-fives): the American game that
  scores the count itself (``score_pips_variant``).

Entry points for the app (kinds table, forms, score pad, views, PDF):

* :func:`read_game` — a whole game record → :class:`FivesThreesGame` (raises
  :class:`~companion.rules.errors.RecordError`);
  :meth:`FivesThreesGame.add_hand` — check and add the next hand.
* :attr:`HandResult.scores` — a round's ``scores`` (players) or
  ``team_scores`` (teams); :attr:`HandResult.pegs` — every score, struck ones
  included, for the sheet.
* :meth:`FivesThreesGame.standings`, ``totals``, ``finished``, ``winners``,
  ``next_leader`` — the game's state; :meth:`FivesThreesGame.peg_board` —
  pegs before/after the latest score, overshoots struck.
* :func:`keypad` and :func:`count_points` — the counts that score (3, 5, 6,
  9, 10, 12, 15, 18, 20) and their points.
* :data:`RULE_KEYS`, :data:`PRESETS`, :func:`read_rules`.
* For club nights (a match of several games, not the engine of one game):
  :data:`MATCH_FORMATS` and :func:`league_points`.

The package: :mod:`.rules` (the rule keys, the presets, the counts that score
and their points), :mod:`.hand` (one hand: its scoring plays, read, checked
and scored), :mod:`.game` (:class:`FivesThreesGame` and :func:`read_game`)
and :mod:`.league` (league matches). It also offers the names it takes from
:mod:`..counts` and :mod:`..pegging`.
"""

from ..counts import (
    DIRECTION_KEY,
    DOUBLE_SIX,
    DRAW_COUNTS_KEY,
    IGNORED_ROUND_KEYS,
    CountKey,
    Direction,
    Ending,
    HandLeft,
    Keypad,
    PlayEntry,
    Preset,
    RuleKey,
    Seating,
    is_whole,
    lead_count,
    read_dealt,
    read_ending,
    read_hands,
    read_in_play,
    read_out,
    read_player,
    read_plays,
    read_rule_values,
    read_seating,
)
from ..pegging import PegBoard, Pegger, PegMove, ScoreKind, Standing, peg_board, standings
from .game import FivesThreesGame, read_game
from .hand import ROUND_KEYS, HandResult, Play
from .league import MATCH_FORMATS, MatchFormat, league_points
from .rules import (
    DEAL_PAGAT,
    KIND,
    MOST_SHOWN,
    NEVER_SHOWN,
    PRESETS,
    RULE_KEYS,
    FivesThreesRules,
    check_count,
    count_points,
    keypad,
    read_rules,
)

__all__ = [
    "CountKey",
    "DEAL_PAGAT",
    "DIRECTION_KEY",
    "DOUBLE_SIX",
    "DRAW_COUNTS_KEY",
    "Direction",
    "Ending",
    "FivesThreesGame",
    "FivesThreesRules",
    "HandLeft",
    "HandResult",
    "IGNORED_ROUND_KEYS",
    "KIND",
    "Keypad",
    "MATCH_FORMATS",
    "MOST_SHOWN",
    "MatchFormat",
    "NEVER_SHOWN",
    "PRESETS",
    "PegBoard",
    "PegMove",
    "Pegger",
    "Play",
    "PlayEntry",
    "Preset",
    "ROUND_KEYS",
    "RULE_KEYS",
    "RuleKey",
    "ScoreKind",
    "Seating",
    "Standing",
    "check_count",
    "count_points",
    "is_whole",
    "keypad",
    "lead_count",
    "league_points",
    "peg_board",
    "read_dealt",
    "read_ending",
    "read_game",
    "read_hands",
    "read_in_play",
    "read_out",
    "read_player",
    "read_plays",
    "read_rule_values",
    "read_rules",
    "read_seating",
    "standings",
]
