"""Texas 42 (kind ``texas42``): bids, tricks and marks, four players in two
fixed pairs.

Each hand one player shakes (mixes) the tiles; the bidding starts at his left
and goes once round the table, the shaker bidding last: pass, 30 to 41
points, or marks (42 = 1 mark, 84 = 2 marks …). The highest bidder names
trumps and must take the points bid (a point bid) or all seven tricks (a mark
bid). Made, his pair scores the marks (one for a point bid); set, the other
pair does. The game is 7 marks, drawn as the strokes of the word ALL.

Rules and sources (``shared/rules-families.md`` section 4 and its section 7;
to be carried into ``docs/sources.md``):

* pagat, 42 — https://www.pagat.com/domino/trick/42.html: four players,
  partners opposite, 7 tiles each, no boneyard; the shake passes clockwise;
  7 tricks of 1 point and the count tiles 5-5, 6-4 (10 each), 5-0, 4-1, 3-2
  (5 each), 42 points in all.
* 42-online, basic rules — http://www.42-online.com/how.php; Harper 42
  tournament rules — http://www.harpercommunitypark.org/42-tournament.html:
  one bid each from the shaker's left; each bid higher than the last; the
  first mark bid 1 or 2 marks, then one mark more; all pass: the shaker must
  bid (``forced_bid``); made and set; marks.
* Hearne Chamber tournament — http://hearnechamber.org/42-registration/: all
  pass, the tiles are reshaken and nobody scores (``forced_bid: false``).
* forty-two.50megs — http://forty-two.50megs.com/Forty-Two_Bid.html: 7 marks
  tallied as ALL.
* Lechner Hall rules — http://www.texas42.net/lechnerhall.html: nello (at
  least 1 mark), plunge (4 marks), splash (3 marks), sevens; raises of up to
  two marks (``mark_raise_limit: 2``). dominorules, Sevens —
  https://www.dominorules.com/sevens.

Entry points for the app (kinds table, forms, score pad, views, PDF):

* :func:`read_game` — a whole game record → :class:`Texas42Game` (raises
  :class:`~companion.rules.errors.RecordError`);
  :meth:`Texas42Game.add_hand` — check and add the next hand.
* :attr:`HandResult.marks` — a round's ``team_scores`` (marks by team name).
* :meth:`Texas42Game.standings`, ``totals`` (marks), ``finished``,
  ``winners``, ``next_shaker``, ``next_bidder`` — the game's state;
  :func:`all_tally` — marks drawn as the strokes of ALL.
* :data:`RULE_KEYS`, :data:`PRESETS`, :func:`read_rules`; :data:`TRUMPS`.

The package: :mod:`.rules` (the constants, the rule keys, the presets),
:mod:`.bids` (a bid, the bidding and the contract, read and checked),
:mod:`.hand` (one hand: its result, points and tricks, read and checked) and
:mod:`.game` (:class:`Texas42Game`, :func:`read_game` and :func:`all_tally`).
It also offers the names it takes from :mod:`..counts` and :mod:`..pegging`.
"""

from ..counts import (
    DIRECTION_KEY,
    IGNORED_ROUND_KEYS,
    Direction,
    Preset,
    RuleKey,
    Seating,
    is_whole,
    read_player,
    read_rule_values,
    read_seating,
)
from ..pegging import Standing, standings
from .bids import Bid, BidEntry, Contract, read_bid
from .game import Texas42Game, all_tally, read_game
from .hand import ROUND_KEYS, HandResult
from .rules import (
    ALL_STROKES,
    COUNT_TILES,
    HAND_POINTS,
    HIGHEST_POINT_BID,
    KIND,
    LOWEST_BID,
    PRESETS,
    RULE_KEYS,
    TRICKS,
    TRUMPS,
    ContractType,
    Result,
    Texas42Rules,
    read_rules,
)

__all__ = [
    "ALL_STROKES",
    "Bid",
    "BidEntry",
    "COUNT_TILES",
    "Contract",
    "ContractType",
    "DIRECTION_KEY",
    "Direction",
    "HAND_POINTS",
    "HIGHEST_POINT_BID",
    "HandResult",
    "IGNORED_ROUND_KEYS",
    "KIND",
    "LOWEST_BID",
    "PRESETS",
    "Preset",
    "ROUND_KEYS",
    "RULE_KEYS",
    "Result",
    "RuleKey",
    "Seating",
    "Standing",
    "TRICKS",
    "TRUMPS",
    "Texas42Game",
    "Texas42Rules",
    "all_tally",
    "is_whole",
    "read_bid",
    "read_game",
    "read_player",
    "read_rule_values",
    "read_rules",
    "read_seating",
    "standings",
]
