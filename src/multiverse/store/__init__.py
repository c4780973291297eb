"""SQLite persistence of played games (and, later, simulation results)."""

from multiverse.store.games import GameInUse, GameLock, GameRecord, GameStore, StoreError, default_db_path

__all__ = ["GameInUse", "GameLock", "GameRecord", "GameStore", "StoreError", "default_db_path"]
