"""The pages of a game: the scoreboard and round entry, undo, seats, a rematch."""
