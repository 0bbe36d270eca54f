"""Players' records from stored results: a player's record, head to head, the leaderboard (pure, standard library only)."""
