"""Chicken Foot (kind ``chicken_foot``): the family trains game, scored as
Mexican Train is.

One round per double of the set, from the highest down to 0-0 (double-nine:
10 rounds); the round's double goes in the centre. Players draw from a
boneyard when they cannot play. At the end of a round each player scores the
pips left in hand; the player who went out scores 0; the 0-0 left in a hand
scores 50. After the 0-0 round the lowest total wins.

Sources (the rules brief of the domino families, section 5; the public pages
below are to be listed in ``docs/sources.md``):

* Wikipedia's *Chicken Foot* article (mirrored at absoluteastronomy.com): the
  rounds from the highest double to 0-0, 2–8 players, the centre double's four
  sides, the round's end, lowest total wins, 7 tiles each;
* gamerules.com's Chicken Foot rules: the double-nine deal, 42 tiles shared
  (2: 21, 3: 14, 4: 11, 5: 8, 6: 7, 7: 6, 8: 5);
* a reproduced rule sheet (htfbw.com) and a Puremco rule copy: the 0-0 left
  in hand counts 50; a club sheet (docslib): 25; a rule page (chahssa): 0 or 50;
  a 2002 rule page (flash.net, archived): 25 per blank half;
* machead.com's Chicken Foot and a scoring program (github.com/hcherndon/
  chicken-foot-scoring): an unheld centre double is drawn for, or burnt (the
  next lower double opens); 50 for going out on a double (a house rule);
* nathan-long.com's house rules: a no-draw deal 14/10/7/6/5 for 2–6 players;
  a round may end when the boneyard runs out.

Entry points for the wiring (a "game kinds as data" table, forms, views, the
sheet PDF):

* :func:`read_game` ``(record, confirm=False) -> ChickenFootGame``: read and
  check a whole record (``kind``, ``set``, ``players``, ``rules``,
  ``rounds``); raises :class:`~companion.rules.errors.RecordError`.
* :func:`check_round` ``(game, data, number, confirm=False) -> ChickenFootRound``:
  check one round to add (``number = len(game.rounds) + 1``) or to replace.
* :meth:`ChickenFootGame.derived`: the record plus ``rounds[].scores``,
  ``rounds[].totals``, ``standings``, ``status``, ``winners`` and, while in
  progress, ``next_round`` (:class:`RoundPlan`: the centre double, the deal,
  the boneyard, what happens when nobody holds the centre double).
* :func:`round_scores` ``(table, rnd)``: one round's points by player.
* :func:`centre_doubles` (the schedule), :func:`deal` (the deal table),
  :data:`PRESETS`, :class:`ChickenFootRules` (every rule key with its
  default) and :func:`parse_rules`.

The engine checks each hand alone exactly, and all hands together by bounds
(enough distinct tiles, of the right weight); the full joint search of the
Mexican Train engine takes the same round shape (centre double as the engine)
and can be run on top by the wiring.

The package: :mod:`.rules` (the rule keys, their choices and the preset),
:mod:`.table` (the schedule of centre doubles, the deal table, the table,
read from a record's head), :mod:`.rounds` (one round: what each player had
left, its scores, the plan of the next round), :mod:`.check` (reading and
checking one round) and :mod:`.game` (the game, its standings, and the entry
points :func:`read_game` and :func:`check_round`).
"""

from .game import ChickenFootGame, Standing, check_round, rank_lowest_first, read_game
from .rounds import ChickenFootRound, HandLeft, RoundPlan, round_scores
from .rules import (
    DEFAULT_SET,
    DOUBLE_BLANK,
    FORTY_TWO,
    KIND,
    MAX_NAME,
    MAX_PLAYERS,
    MAX_POINTS,
    MIN_PLAYERS,
    NO_DRAW_DEAL,
    PRESETS,
    RULE_KEYS,
    SETS,
    SEVEN,
    ChickenFootRules,
    DrawTable,
    Ended,
    GameStatus,
    Preset,
    RoundEnd,
    UnheldDouble,
    parse_rules,
)
from .table import ChickenFootTable, centre_doubles, deal, read_table

__all__ = [
    "ChickenFootGame",
    "ChickenFootRound",
    "ChickenFootRules",
    "ChickenFootTable",
    "DEFAULT_SET",
    "DOUBLE_BLANK",
    "DrawTable",
    "Ended",
    "FORTY_TWO",
    "GameStatus",
    "HandLeft",
    "KIND",
    "MAX_NAME",
    "MAX_PLAYERS",
    "MAX_POINTS",
    "MIN_PLAYERS",
    "NO_DRAW_DEAL",
    "PRESETS",
    "Preset",
    "RULE_KEYS",
    "RoundEnd",
    "RoundPlan",
    "SETS",
    "SEVEN",
    "Standing",
    "UnheldDouble",
    "centre_doubles",
    "check_round",
    "deal",
    "parse_rules",
    "rank_lowest_first",
    "read_game",
    "read_table",
    "round_scores",
]
