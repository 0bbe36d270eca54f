"""Train planner: the best personal train a hand can make from an open end.

The Mexican Train rule pages advise every player to arrange their hand into a
train running from the engine and to keep the rest as *extras* for the
Mexican train and the open trains ([MT-BE] [MT-MN] [MT-KO]); [RU]'s
first-turn variant even lets a player lay that whole train at once
(docs/sources.md, "First turn"). This module finds that train.

Rules of a train (docs/sources.md):

- tiles are joined end to end, starting from the open end (the engine
  double's suit, or the far end of the player's train), each tile matching
  the suit it is laid against;
- a double is one tile whose two halves show the same suit: in a personal
  train it simply continues the chain, it never branches ([RU]: "doubles
  do not branch", that is Chicken Foot);
- the train's value is compared by the chosen objective: ``"tiles"`` (most
  tiles, ties broken by most pips) or ``"pips"`` (most pips, ties broken by
  most tiles);
- with ``avoid_double_end`` the train may not end on a double (an open double
  at the end of a train must be satisfied at once — [MT-BE] [MT-MN] [MT-KO] — so
  a player planning a first-turn train may want to keep it in hand).

The package: :mod:`.request` (what a request may ask, its problems),
:mod:`.plan` (the answer), :mod:`.graph` (the hand's tiles as a graph),
:mod:`.matching` (the bounds), :mod:`.search` (:func:`plan_train`, the
planner) and :mod:`.exhaustive` (:func:`plan_train_exhaustive`, the plain
reference search for the tests and ``benchmarks/planner.py``).
"""

from companion.rules.planner.exhaustive import plan_train_exhaustive
from companion.rules.planner.plan import PlacedTile, TrainPlan
from companion.rules.planner.request import (
    DEFAULT_TIME_BUDGET,
    MAX_SET,
    OBJECTIVES,
    BadValue,
    EngineInHand,
    Objective,
    PlannerError,
    TileRepeated,
    TilesNotInSet,
    check_request,
)
from companion.rules.planner.search import plan_train

__all__ = [
    "DEFAULT_TIME_BUDGET",
    "MAX_SET",
    "OBJECTIVES",
    "BadValue",
    "EngineInHand",
    "Objective",
    "PlacedTile",
    "PlannerError",
    "TileRepeated",
    "TilesNotInSet",
    "TrainPlan",
    "check_request",
    "plan_train",
    "plan_train_exhaustive",
]
