"""The game record: its checked values and the readers that build them from JSON (pure)."""
