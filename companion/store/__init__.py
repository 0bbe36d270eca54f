"""The store every feature writes through: the database session, the one transaction helper, files written whole."""
