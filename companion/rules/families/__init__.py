"""The domino families added after the founding games: one module per kind
of game (``shared/rules-families.md``; sources in docs/sources.md).

* :mod:`.partnership` — kind ``partnership``: Latin partnership dominoes,
  two pairs, partners opposite; presets common, Cuban, Dominican, Puerto
  Rican 500.
* :mod:`.chicken_foot` — kind ``chicken_foot``: the centre double from the
  set's highest down to 0-0, the deal table, 0-0 worth 50.
* :mod:`.all_fives` — kind ``all_fives``: All Fives, Muggins, Sniff and Five
  Up as presets of one rule set (spinner keys, points or fives, hand bonus).
* :mod:`.fives_threes` — kind ``fives_threes``: Fives and Threes, 61 exact or
  121, the chip-out point, no win on the down.
* :mod:`.texas42` — kind ``texas42``: bids, the contract, made or set, marks.

Shared helpers: :mod:`.counts` (reading scoring plays, the lead's count,
rounding to five, seats and teams, rule keys and presets) and
:mod:`.pegging` (totals with exact targets, peg moves for the peg board,
standings where ties share a rank).

Like the rest of :mod:`companion.rules`, these modules use the standard
library only and import nothing of the engine but :mod:`companion.rules.errors`
and :mod:`companion.rules.tiles`.
"""
