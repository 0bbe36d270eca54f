"""Latin partnership dominoes (kind ``partnership``): a block game in pairs.

Four players in two fixed pairs, partners sitting opposite; play runs
counter-clockwise; double-six (7 tiles each, no boneyard) or double-nine (10
each, the other 15 tiles stay face down, unused). Nobody draws: a player who
cannot play passes. A hand ends when a player plays their last tile (a
*domino*) or when nobody can play (a *tranque*, blocked). The pair that won
the hand scores the pips left in the other pair's hands (or in all hands, or
the difference, as the table's rule says); the first pair to reach the target
wins the game.

Sources (the rules brief of the domino families, section 1; the public pages
below are to be listed in ``docs/sources.md``):

* the pagat page *Partnership Dominoes* (pagat.com/domino/line/partnership.html,
  mirrored at gambiter.com/domino/western/partnership.html): seating, the
  deal, counter-clockwise play, the 6-6 holder leads the first hand, the lead
  passes to the right, the losing pair's pips, a tranque won by the lower pair
  total, a tied tranque scores nobody, game 100;
* the pagat pages *Cuban Dominoes* and *Caribbean Dominoes*: double-nine with
  10 tiles each, the pair that won the last hand leads the next;
* a Puerto Rican scoring sheet (sacitc.blog, "quinientos"), a Puerto Rican
  players' thread and a Puerto Rican implementation in code
  (github.com/abw333/dominoes): game 500, all hands counted, 100/75/50/25 for
  the first four hands, capicú 100, chuchazo 100;
* a Dominican table rule page (dominoesonline.com, rule 1228128405) and a
  Dominican scoring guide (fichaflow.com): capicúa 25, the pass bonuses (25
  for a play that makes the three others pass; 25 or 50 when the lead is not
  answered), game 200;
* a Jamaican rules page (caribbeantrading.com) and an eastern-Cuban article
  (libreonline.com): a tranque won by the pair of the lowest single hand; a
  Spanish rules leaflet (tiendamab.com): a tied tranque has no winner by the
  international norm; the New York Domino League rules (dominohq.com): 6-6
  leads every hand, a tied tranque is replayed.

Entry points for the wiring (a "game kinds as data" table, forms, views, the
sheet PDF):

* :func:`read_game` ``(record, confirm=False) -> PartnershipGame``: read and
  check a whole record (``kind``, ``set``, ``players``, ``teams``, ``rules``,
  ``rounds``); raises :class:`~companion.rules.errors.RecordError`.
* :func:`check_hand` ``(game, data, number, confirm=False) -> PartnershipHand``:
  check one hand to add (``number = len(game.hands) + 1``) or to replace.
* :meth:`PartnershipGame.derived`: the record plus ``rounds[].team_scores``,
  ``rounds[].team_totals``, ``team_standings``, ``status``, ``winners`` and,
  while in progress, ``next_hand`` (who leads). :meth:`PartnershipGame.next_lead`,
  :meth:`~PartnershipGame.team_standings`, :meth:`~PartnershipGame.totals` and
  :attr:`~PartnershipGame.finished` give the same as values.
* :func:`score_hand` ``(table, hand) -> HandResult``: one hand's points by
  pair, with each item (pips, bonuses) for the round form's live totals.
* :data:`PRESETS` (by name: ``common``, ``cuban``, ``dominican``,
  ``puerto_rico_500``), :class:`PartnershipRules` (every rule key with its
  default) and :func:`parse_rules`.

The package: :mod:`.rules` (the rule keys, their choices and the presets),
:mod:`.table` (the pairs and the table, read from a record's head),
:mod:`.hand` (one hand: what was left, the bonuses, the items scored, who
leads), :mod:`.scoring` (who won a hand and what it scores), :mod:`.reading`
(the parts of a hand: pips or tiles left, tiles, the pool a hand of pips can
be made of), :mod:`.check` (reading and checking one hand) and :mod:`.game`
(the game, its standings, and the entry points :func:`read_game` and
:func:`check_hand`).
"""

from .game import PartnershipGame, TeamStanding, check_hand, lead_plan, rank_teams, read_game
from .hand import Bonus, HandLeft, HandResult, LeadPlan, PartnershipHand, ScoreItem
from .rules import (
    DEALT,
    DOUBLE_BLANK,
    KIND,
    LEAD_PASS_POINTS_DOUBLE,
    LEAD_PASS_POINTS_SINGLE,
    LEAD_TILE,
    MAX_HANDS,
    MAX_NAME,
    MAX_PASS_COUNT,
    MAX_POINTS,
    MAX_TARGET,
    PASS_POINTS,
    PLAYERS,
    PRESETS,
    RULE_KEYS,
    SETS,
    BlockedPoints,
    BlockedTie,
    BlockedWinner,
    BonusKind,
    Direction,
    Ended,
    FirstLead,
    GameStatus,
    HandPoints,
    ItemKind,
    LeadHow,
    NextLeader,
    PartnershipRules,
    PassBonus,
    Preset,
    parse_rules,
    preset,
)
from .scoring import hand_bonus, hand_winner, score_hand
from .table import PartnershipTable, Teams, read_table

__all__ = [
    "BlockedPoints",
    "BlockedTie",
    "BlockedWinner",
    "Bonus",
    "BonusKind",
    "DEALT",
    "DOUBLE_BLANK",
    "Direction",
    "Ended",
    "FirstLead",
    "GameStatus",
    "HandLeft",
    "HandPoints",
    "HandResult",
    "ItemKind",
    "KIND",
    "LEAD_PASS_POINTS_DOUBLE",
    "LEAD_PASS_POINTS_SINGLE",
    "LEAD_TILE",
    "LeadHow",
    "LeadPlan",
    "MAX_HANDS",
    "MAX_NAME",
    "MAX_PASS_COUNT",
    "MAX_POINTS",
    "MAX_TARGET",
    "NextLeader",
    "PASS_POINTS",
    "PLAYERS",
    "PRESETS",
    "PartnershipGame",
    "PartnershipHand",
    "PartnershipRules",
    "PartnershipTable",
    "PassBonus",
    "Preset",
    "RULE_KEYS",
    "SETS",
    "ScoreItem",
    "TeamStanding",
    "Teams",
    "check_hand",
    "hand_bonus",
    "hand_winner",
    "lead_plan",
    "parse_rules",
    "preset",
    "rank_teams",
    "read_game",
    "read_table",
    "score_hand",
]
