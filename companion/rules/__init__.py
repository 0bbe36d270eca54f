"""The rules engine: pure Python, standard library only.

Tiles and sets (:mod:`.tiles`), the rule profile (:mod:`.profile`), the round
schedule and deal (:mod:`.schedule`), which hands are possible
(:mod:`.feasibility`), reading, checking and scoring a game (:mod:`.game`).
"""

from .errors import Problem, RecordError
from .game import Game, Hand, Round, Standing, Table, check_round, read_game, with_round
from .profile import OPTIONS, RuleProfile
from .schedule import engines, plan_round, rule_deal, standard_deal, starter
from .tiles import SET_SIZES, DominoSet, Tile, TileError, double

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
    "with_round",
]
