"""Backups and restores of the whole store: games, players and club nights."""
