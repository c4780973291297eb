"""SQLite persistence of played games (and, later, simulation results)."""

from multiverse.store.games import GameRecord, GameStore, default_db_path

__all__ = ["GameRecord", "GameStore", "default_db_path"]
