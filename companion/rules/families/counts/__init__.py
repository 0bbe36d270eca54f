"""What the scoring-during-play families share: seats and teams, rule keys and
presets, the scoring plays of a hand, the lead's count, rounding to five, the
pips left in the hands.

Rules (``shared/rules-families.md`` section 0; public pages listed in its
section 7, to be carried into ``docs/sources.md``):

* **The count** after a play is the sum of the pips on the open ends of the
  layout; a double across an end shows both halves; a tile alone on the table
  is both ends, so the lead counts its pips (6-4 → 10, 5-5 → 10) — pagat,
  the Fives family, https://pagat.com/domino/fives_family.html.
* **Rounding to five**: a whole number of pips rounds to the nearest multiple
  of five; a remainder of 1 or 2 goes down, 3 or 4 up, so there is never a
  tie (pagat, All Fives, https://www.pagat.com/domino/cross/all_fives.html);
  or always down (bonesdomino,
  https://bonesdomino.com/how-do-you-play-fives-in-dominoes).
* **Teams**: two lists of two names, partners sitting opposite; a team's name
  is its players' names joined by ``+`` (design.md, "Teams").

Nothing here knows a game's own rules; :mod:`.all_fives`,
:mod:`.fives_threes` and :mod:`.texas42` use these helpers to read a record
and report problems with paths such as ``rounds[0].plays[3].count``.

The package: :mod:`.values` (the double-six set, whole numbers, rounding to
five, the lead's count, the score pad's keypad), :mod:`.seats` (seats and
teams, read from a record), :mod:`.rules` (rule keys and presets, a record's
rule values), :mod:`.plays` (the scoring plays of a hand) and
:mod:`.hand_end` (the end of a hand: how it ended, the hands left, the deal,
who went out).
"""

from .hand_end import HAND_KEYS, Ending, HandLeft, read_dealt, read_ending, read_hands, read_out
from .plays import PLAY_KEYS, PlayEntry, read_in_play, read_plays
from .rules import DIRECTION_KEY, DRAW_COUNTS_KEY, Preset, RuleKey, read_rule_values
from .seats import Direction, Seating, partners_opposite, read_player, read_seating, team_name
from .values import (
    DOUBLE_SIX,
    IGNORED_ROUND_KEYS,
    CountKey,
    Keypad,
    Rounding,
    is_whole,
    lead_count,
    round_to_five,
)

__all__ = [
    "CountKey",
    "DIRECTION_KEY",
    "DOUBLE_SIX",
    "DRAW_COUNTS_KEY",
    "Direction",
    "Ending",
    "HAND_KEYS",
    "HandLeft",
    "IGNORED_ROUND_KEYS",
    "Keypad",
    "PLAY_KEYS",
    "PlayEntry",
    "Preset",
    "Rounding",
    "RuleKey",
    "Seating",
    "is_whole",
    "lead_count",
    "partners_opposite",
    "read_dealt",
    "read_ending",
    "read_hands",
    "read_in_play",
    "read_out",
    "read_player",
    "read_plays",
    "read_rule_values",
    "read_seating",
    "round_to_five",
    "team_name",
]
