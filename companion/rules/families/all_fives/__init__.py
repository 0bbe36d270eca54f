"""All Fives and its cousins (kind ``all_fives``): Muggins, Sniff, Five Up.

After each play the open ends of the layout are added up (the *count*); when
the count is a multiple of five the player who made it scores it. At the end
of the hand the winner — the player out, or in a block the player or team with
the fewest pips — scores the pips left in the losers' hands, rounded to five.
The four games differ in the layout (``spinners``); the rest are rule keys.

Rules and sources (``shared/rules-families.md`` section 2 and its section 7;
to be carried into ``docs/sources.md``):

* pagat, All Fives — https://www.pagat.com/domino/cross/all_fives.html: the
  first double is a spinner; a count that is a multiple of five scores it;
  the winner scores the losers' pips rounded to the nearest five (remainder 1
  or 2 down, 3 or 4 up); a blocked hand goes to the lowest hand, a tie scores
  nobody with two or four players, with three the tied two share; game 250
  for two, 200 for three or four, or 61 pegged in fives; deal 9 / 7 / 5.
* pagat, Muggins — https://www.pagat.com/domino/line/muggins.html, and
  Foster's Complete Hoyle: no spinner; the best single play counts 20; deal
  7 / 5 / 5; a missed score may be claimed ("muggins").
* pagat, Sniff — http://www.pagat.com/tile/wdom/sniff.html: the first double
  (the sniff); US form: a spinner whose halves keep counting while exposed;
  British form: in line, one tile on each side; deal 7 / 6 / 5.
* Five Up (section 6 of the brief; http://www.ardent-tool.com/memory/abmc.txt):
  every double a spinner, one point per five, 5 tiles each.
* Variants: Wikipedia, Muggins (each hand rounded); gambit.com and the Domino
  All Fives app (difference); bonesdomino (round down); big6bones ("ten to
  get in"); digigamers (the game stops at the play reaching the target).

Entry points for the app (kinds table, forms, score pad, views, PDF):

* :func:`read_game` — a whole game record → :class:`AllFivesGame` (raises
  :class:`~companion.rules.errors.RecordError`).
* :meth:`AllFivesGame.add_hand` — check and add the next hand (``POST
  …/rounds``); :meth:`AllFivesGame.hands` ``[i].scores`` gives a round's
  ``scores`` (players) or ``team_scores`` (teams).
* :meth:`AllFivesGame.standings`, :attr:`AllFivesGame.totals`,
  :attr:`AllFivesGame.finished`, :attr:`AllFivesGame.winners`,
  :attr:`AllFivesGame.next_leader` — the game's state.
* :func:`keypad` — the counts that score and their points, for the score pad;
  :meth:`AllFivesGame.peg_board` — pegs before/after the last score.
* :data:`RULE_KEYS` (every key with its default, label and source),
  :data:`PRESETS` (All Fives, Muggins, Sniff, Five Up), :func:`read_rules`.

The package: :mod:`.rules` (the rule keys, their choices and the presets),
:mod:`.hand` (one hand: its scoring plays, the winner's bonus, each count
checked), :mod:`.reading` (reading and checking one hand) and :mod:`.game` (:class:`AllFivesGame` and :func:`read_game`).
It also offers the names it takes from :mod:`..counts` and :mod:`..pegging`.
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
    Rounding,
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
    round_to_five,
)
from ..pegging import PegBoard, Pegger, PegMove, ScoreKind, Standing, peg_board, reached, standings
from .game import AllFivesGame, read_game
from .hand import ROUND_KEYS, Bonus, HandResult, Play, check_count, hand_bonus
from .rules import (
    DEAL_ALL_FIVES,
    KIND,
    PRESETS,
    RULE_KEYS,
    AllFivesRules,
    BlockedTie,
    FirstLead,
    HandBonus,
    ScoreUnit,
    Spinners,
    WinCheck,
    keypad,
    read_rules,
)

__all__ = [
    "AllFivesGame",
    "AllFivesRules",
    "BlockedTie",
    "Bonus",
    "CountKey",
    "DEAL_ALL_FIVES",
    "DIRECTION_KEY",
    "DOUBLE_SIX",
    "DRAW_COUNTS_KEY",
    "Direction",
    "Ending",
    "FirstLead",
    "HandBonus",
    "HandLeft",
    "HandResult",
    "IGNORED_ROUND_KEYS",
    "KIND",
    "Keypad",
    "PRESETS",
    "PegBoard",
    "PegMove",
    "Pegger",
    "Play",
    "PlayEntry",
    "Preset",
    "ROUND_KEYS",
    "RULE_KEYS",
    "Rounding",
    "RuleKey",
    "ScoreKind",
    "ScoreUnit",
    "Seating",
    "Spinners",
    "Standing",
    "WinCheck",
    "check_count",
    "hand_bonus",
    "is_whole",
    "keypad",
    "lead_count",
    "peg_board",
    "reached",
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
    "round_to_five",
    "standings",
]
