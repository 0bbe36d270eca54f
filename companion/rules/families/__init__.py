"""The domino families that score while the tiles are laid, and Texas 42.

One module per kind of game (``shared/rules-families.md``, sections 2–4):

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
