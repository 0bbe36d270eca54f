"""Club nights in the engine: seating players at tables and the evening's standings (pure)."""
