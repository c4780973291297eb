"""SQLite store of played games (DESIGN 4: a saved game is its start plus its list of choices).

A game row holds how the game starts (configuration JSON, seed, and the position document
when it started from a position), who sat where, and the outcome. The `moves` table holds
one row per decision: the option id chosen and the state hash after it, so a replay can
check itself decision by decision.
"""

from __future__ import annotations

import json
import os
import sqlite3
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

ENV_VAR = "MULTIVERSE_DB"
SCHEMA_VERSION = 1

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    created     TEXT NOT NULL,
    updated     TEXT NOT NULL,
    mode        TEXT NOT NULL,
    config      TEXT NOT NULL,
    seed        INTEGER NOT NULL,
    position    TEXT,
    seats       TEXT NOT NULL,
    start_hash  TEXT NOT NULL,
    result      TEXT,
    reason      TEXT,
    rounds      INTEGER,
    final_hash  TEXT
);
CREATE TABLE IF NOT EXISTS moves (
    game_id  INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
    ply      INTEGER NOT NULL,
    choice   TEXT NOT NULL,
    hash     TEXT NOT NULL,
    PRIMARY KEY (game_id, ply)
);
"""


def default_db_path() -> Path:
    """`$MULTIVERSE_DB`, else `games.db` in the user data folder."""
    env = os.environ.get(ENV_VAR)
    if env:
        return Path(env)
    import platformdirs

    return Path(platformdirs.user_data_dir("multiverse")) / "games.db"


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


@dataclass
class GameRecord:
    """One stored game: its start, its choices with the hash after each, its outcome."""

    id: int
    created: str
    mode: str
    config: dict[str, Any]
    seed: int
    position: dict[str, Any] | None
    seats: list[str]
    start_hash: str
    result: str | None = None
    reason: str | None = None
    rounds: int | None = None
    final_hash: str | None = None
    decisions: int = 0
    choices: list[str] = field(default_factory=list)  # loaded by `get`, not by `list`
    hashes: list[str] = field(default_factory=list)

    @property
    def heroes(self) -> list[str]:
        return list(self.config.get("heroes") or [])

    @property
    def label(self) -> str:
        """The mode as shown to players: `dofp`, `dofp solo`, `standard`, `dofp (pos)` (from
        a position). The Villain, Challenge and difficulty are in `config`."""
        out = self.mode + (" solo" if self.config.get("solo") else "")
        return out + (" (pos)" if self.position is not None else "")


class GameStore:
    """The games database. Every write commits, so an interrupted game is never lost."""

    def __init__(self, path: str | Path | None = None) -> None:
        self.path = Path(path) if path else default_db_path()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(self.path)
        self.db.execute("PRAGMA foreign_keys = ON")
        version = self.db.execute("PRAGMA user_version").fetchone()[0]
        if version > SCHEMA_VERSION:
            raise sqlite3.DatabaseError(
                f"{self.path}: games database version {version} is newer than this program's "
                f"({SCHEMA_VERSION})")
        with self.db:
            self.db.executescript(SCHEMA)
            self.db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> GameStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ----- writing ------------------------------------------------------------------
    def create(self, *, mode: str, config: dict[str, Any], seed: int, seats: list[str],
               start_hash: str, position: dict[str, Any] | None = None) -> int:
        """A new, unfinished game with no moves; returns its id."""
        now = _now()
        with self.db:
            cur = self.db.execute(
                "INSERT INTO games (created, updated, mode, config, seed, position, seats,"
                " start_hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (now, now, mode, json.dumps(config, sort_keys=True), seed,
                 None if position is None else json.dumps(position, default=str),
                 json.dumps(seats), start_hash))
        return int(cur.lastrowid)  # type: ignore[arg-type]

    def add_moves(self, game_id: int, first_ply: int, moves: list[tuple[str, str]]) -> None:
        """Store (choice, hash-after) pairs as plies first_ply, first_ply+1, … (1-based)."""
        if not moves:
            return
        with self.db:
            self.db.executemany(
                "INSERT INTO moves (game_id, ply, choice, hash) VALUES (?, ?, ?, ?)",
                [(game_id, first_ply + i, c, h) for i, (c, h) in enumerate(moves)])
            self._touch(game_id)

    def truncate(self, game_id: int, plies: int) -> None:
        """Keep only the first `plies` moves (undo) and mark the game unfinished."""
        with self.db:
            self.db.execute("DELETE FROM moves WHERE game_id = ? AND ply > ?", (game_id, plies))
            self.db.execute("UPDATE games SET result = NULL, reason = NULL, final_hash = NULL"
                            " WHERE id = ?", (game_id,))
            self._touch(game_id)

    def finish(self, game_id: int, *, result: str | None, reason: str | None, rounds: int,
               final_hash: str) -> None:
        """Record the outcome (result None: stopped before the end)."""
        with self.db:
            self.db.execute("UPDATE games SET result = ?, reason = ?, rounds = ?, final_hash = ?"
                            " WHERE id = ?", (result, reason, rounds, final_hash, game_id))
            self._touch(game_id)

    def set_seats(self, game_id: int, seats: list[str]) -> None:
        with self.db:
            self.db.execute("UPDATE games SET seats = ? WHERE id = ?", (json.dumps(seats), game_id))

    def set_hash(self, game_id: int, ply: int, value: str) -> None:
        """Overwrite one stored hash (ply 0 is the start); for tests and repairs."""
        with self.db:
            if ply == 0:
                self.db.execute("UPDATE games SET start_hash = ? WHERE id = ?", (value, game_id))
            else:
                self.db.execute("UPDATE moves SET hash = ? WHERE game_id = ? AND ply = ?",
                                (value, game_id, ply))

    def _touch(self, game_id: int) -> None:
        self.db.execute("UPDATE games SET updated = ? WHERE id = ?", (_now(), game_id))

    # ----- reading ------------------------------------------------------------------
    _COLUMNS = ("id, created, mode, config, seed, position, seats, start_hash, result, reason,"
                " rounds, final_hash")

    def _record(self, row: tuple) -> GameRecord:
        (gid, created, mode, config, seed, position, seats, start_hash, result, reason, rounds,
         final_hash) = row
        return GameRecord(id=gid, created=created, mode=mode, config=json.loads(config), seed=seed,
                          position=None if position is None else json.loads(position),
                          seats=json.loads(seats), start_hash=start_hash, result=result,
                          reason=reason, rounds=rounds, final_hash=final_hash)

    def get(self, game_id: int) -> GameRecord | None:
        """The game with its moves, or None."""
        row = self.db.execute(f"SELECT {self._COLUMNS} FROM games WHERE id = ?",
                              (game_id,)).fetchone()
        if row is None:
            return None
        rec = self._record(row)
        moves = self.db.execute("SELECT choice, hash FROM moves WHERE game_id = ? ORDER BY ply",
                                (game_id,)).fetchall()
        rec.choices = [c for c, _ in moves]
        rec.hashes = [h for _, h in moves]
        rec.decisions = len(moves)
        return rec

    def list(self, limit: int | None = None) -> list[GameRecord]:
        """Every game, newest first, with its number of decisions but not its moves."""
        sql = (f"SELECT {', '.join('g.' + c.strip() for c in self._COLUMNS.split(','))},"
               " (SELECT COUNT(*) FROM moves m WHERE m.game_id = g.id)"
               " FROM games g ORDER BY g.id DESC")
        if limit:
            sql += f" LIMIT {int(limit)}"
        out = []
        for row in self.db.execute(sql):
            rec = self._record(row[:-1])
            rec.decisions = row[-1]
            out.append(rec)
        return out
