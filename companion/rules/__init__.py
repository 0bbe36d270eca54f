"""The rules engine: pure Python, standard library only.

Modules, from the smallest values up (rule sources: ``docs/sources.md``):

* :mod:`.tiles`: tiles and double-N sets.
* :mod:`.kinds` (with :mod:`.kind_row`): the game kinds as data, one record
  per kind, and the rule choices (``StrEnum``).
* :mod:`.profile`: the rule profile (every rule option, its default, its source).
* :mod:`.schedule`: the round schedule and deal (engines, starters, tiles dealt).
* :mod:`.record`: the game record's values (:mod:`.record.document`: hand,
  round, table, standing) and its readers (:mod:`.record.read_table`,
  :mod:`.record.read_round`, :mod:`.record.read_hand`), checking it field by field.
* :mod:`.joint`: whether one hand (:mod:`.joint.feasibility`) and all hands
  of a round together (:mod:`.joint.hands`, :mod:`.joint.decision`) can be
  made of real tiles.
* :mod:`.scoring`: each round's points and the ranking of players.
* :mod:`.game`: the game state (totals, standings, status, next round) and
  the entry points :func:`read_game` and :func:`check_round`.
* :mod:`.errors`: :class:`Problem`, the error codes, the one exception family
  (:class:`RulesError`), and the engine's translator hook.
* :mod:`.seat`: one player's hand sent from their phone.
* :mod:`.stats`: players' records, head to head, the leaderboard;
  :mod:`.clubs`: club nights' standings and seating at several tables.
* :mod:`.families`: the games played in pairs or scored during play
  (partnership, Chicken Foot, All Fives, Fives and Threes, Texas 42).
* :mod:`.planner`: the train planner (a package); :mod:`.simulate`: random
  real rounds (for tests and benchmarks).
"""

from companion.rules.errors import Problem, RecordError, RulesError
from companion.rules.game import Game, check_round, read_game
from companion.rules.profile import OPTIONS, RuleProfile
from companion.rules.record.document import Hand, Round, Standing, Table
from companion.rules.schedule import engines, plan_round, rule_deal, standard_deal, starter
from companion.rules.tiles import SET_SIZES, DominoSet, Tile, TileError, double

__all__ = [
    "OPTIONS",
    "SET_SIZES",
    "DominoSet",
    "Game",
    "Hand",
    "Problem",
    "RecordError",
    "Round",
    "RuleProfile",
    "RulesError",
    "Standing",
    "Table",
    "Tile",
    "TileError",
    "check_round",
    "double",
    "engines",
    "plan_round",
    "read_game",
    "rule_deal",
    "standard_deal",
    "starter",
]
