"""The domino families added after the founding games: one module per game kind."""
