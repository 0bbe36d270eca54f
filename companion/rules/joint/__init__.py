"""Whether all the hands of a round can be made together of one set's real tiles: the bounds, the quick witness and the exact search (pure)."""
