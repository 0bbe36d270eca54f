"""The rules engine: pure Python, standard library only.

Modules, from the smallest values up (rule sources: ``docs/sources.md``):

* :mod:`.tiles`: tiles and double-N sets.
* :mod:`.kinds`: game kinds and rule choices (``StrEnum``); what a kind means.
* :mod:`.profile`: the rule profile (every rule option, its default, its source).
* :mod:`.schedule`: the round schedule and deal (engines, starters, tiles dealt).
* :mod:`.record`: the game record's values (hand, round, table, standing).
* :mod:`.read_table`, :mod:`.read_round`, :mod:`.read_hand`: reading a record
  (its head, each round, each hand) and checking it field by field.
* :mod:`.feasibility`: whether one hand can be made of real tiles.
* :mod:`.joint`, :mod:`.joint_decision`: whether all hands of a round can be
  made at once.
* :mod:`.scoring`: each round's points and the ranking of players.
* :mod:`.game`: the game state (totals, standings, status, next round) and
  the entry points :func:`read_game` and :func:`check_round`.
* :mod:`.errors`: :class:`Problem`, the error codes, the one exception family
  (:class:`RulesError`), and the engine's translator hook.
* :mod:`.seat`: one player's hand sent from their phone.
* :mod:`.stats`, :mod:`.head_to_head`, :mod:`.leaderboard`: players'
  statistics; :mod:`.events`, :mod:`.seating`: club nights' standings and
  seating at several tables.
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
