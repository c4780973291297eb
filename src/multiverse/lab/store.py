"""SQLite store of simulation results: one row per game, keyed so a run can resume.

A game is identified by its configuration (canonical JSON), its agent (name and
parameters), the run seed and its index in the run; its own seed is derived from the run
seed and the index (`multiverse.lab.runner.game_seed`), so re-running skips stored games
and any number of workers gives the same rows.
"""

from __future__ import annotations

import json
import sqlite3
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

SCHEMA = """
CREATE TABLE IF NOT EXISTS lab_results (
    config     TEXT NOT NULL,
    agent      TEXT NOT NULL,
    run_seed   INTEGER NOT NULL,
    game       INTEGER NOT NULL,
    game_seed  INTEGER NOT NULL,
    result     TEXT NOT NULL,
    reason     TEXT,
    rounds     INTEGER NOT NULL,
    decisions  INTEGER NOT NULL,
    cpu        REAL,
    PRIMARY KEY (config, agent, run_seed, game)
);
CREATE TABLE IF NOT EXISTS lab_runs (
    id        INTEGER PRIMARY KEY AUTOINCREMENT,
    created   TEXT NOT NULL,
    mode      TEXT NOT NULL,
    config    TEXT NOT NULL,
    agent     TEXT NOT NULL,
    run_seed  INTEGER NOT NULL,
    games     INTEGER NOT NULL,
    played    INTEGER NOT NULL,
    jobs      INTEGER NOT NULL,
    backend   TEXT NOT NULL,
    seconds   REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS lab_sweeps (
    id        INTEGER PRIMARY KEY AUTOINCREMENT,
    created   TEXT NOT NULL,
    mode      TEXT NOT NULL,
    params    TEXT NOT NULL,
    points    TEXT NOT NULL,
    agent     TEXT NOT NULL,
    run_seed  INTEGER NOT NULL,
    games     INTEGER NOT NULL
);
"""

Row = tuple[int, int, str, str, int, int, float]  # game, game_seed, result, reason, rounds,
# decisions, and the CPU seconds the game took in its worker (`time.process_time`: the agents'
# search and the engine; a store made before this column holds NULL there)


class LabStoreError(RuntimeError):
    """A file that cannot be opened as a lab store; its bytes are not touched."""


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class LabStore:
    """`with LabStore(path) as db: ...`"""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        if self.path.parent and not self.path.parent.exists():
            self.path.parent.mkdir(parents=True, exist_ok=True)
        self.conn = sqlite3.connect(self.path)
        try:
            self.conn.executescript(SCHEMA)
            columns = {r[1] for r in self.conn.execute("PRAGMA table_info(lab_results)")}
            if "cpu" not in columns:  # a store from before the CPU column: results kept, CPU unknown
                with self.conn:
                    self.conn.execute("ALTER TABLE lab_results ADD COLUMN cpu REAL")
        except sqlite3.Error as exc:  # not a lab store (a broken or foreign file): left as it is
            self.conn.close()
            raise LabStoreError(f"{self.path}: not a usable lab store ({exc})") from None

    def __enter__(self) -> LabStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self.conn.close()

    def stored_games(self, config: str, agent: str, run_seed: int) -> set[int]:
        cur = self.conn.execute(
            "SELECT game FROM lab_results WHERE config=? AND agent=? AND run_seed=?",
            (config, agent, run_seed))
        return {g for (g,) in cur}

    def add_results(self, config: str, agent: str, run_seed: int, rows: list[Row]) -> None:
        with self.conn:
            self.conn.executemany(
                "INSERT OR REPLACE INTO lab_results (config, agent, run_seed, game, game_seed, "
                "result, reason, rounds, decisions, cpu) VALUES (?,?,?,?,?,?,?,?,?,?)",
                [(config, agent, run_seed, *r) for r in rows])

    def results(self, config: str, agent: str, run_seed: int, games: int) -> list[dict[str, Any]]:
        cur = self.conn.execute(
            "SELECT game, game_seed, result, reason, rounds, decisions FROM lab_results "
            "WHERE config=? AND agent=? AND run_seed=? AND game < ? ORDER BY game",
            (config, agent, run_seed, games))
        keys = ("game", "game_seed", "result", "reason", "rounds", "decisions")
        return [dict(zip(keys, r, strict=True)) for r in cur]

    def cpu_seconds(self, config: str, agent: str, run_seed: int, games: int) -> list[float]:
        """The CPU seconds of each stored game of a run that has them, in game order."""
        cur = self.conn.execute(
            "SELECT cpu FROM lab_results WHERE config=? AND agent=? AND run_seed=? AND game < ? "
            "AND cpu IS NOT NULL ORDER BY game", (config, agent, run_seed, games))
        return [c for (c,) in cur]

    def add_run(self, mode: str, config: str, agent: str, run_seed: int, games: int, played: int,
                jobs: int, backend: str, seconds: float) -> int:
        with self.conn:
            cur = self.conn.execute(
                "INSERT INTO lab_runs (created, mode, config, agent, run_seed, games, played, "
                "jobs, backend, seconds) VALUES (?,?,?,?,?,?,?,?,?,?)",
                (_now(), mode, config, agent, run_seed, games, played, jobs, backend, seconds))
        return int(cur.lastrowid)

    def add_sweep(self, mode: str, params: list[str], points: list[dict[str, Any]], agent: str,
                  run_seed: int, games: int) -> int:
        with self.conn:
            cur = self.conn.execute(
                "INSERT INTO lab_sweeps (created, mode, params, points, agent, run_seed, games) "
                "VALUES (?,?,?,?,?,?,?)",
                (_now(), mode, json.dumps(params), json.dumps(points), agent, run_seed, games))
        return int(cur.lastrowid)

    def sweep(self, sweep_id: int | None = None) -> dict[str, Any] | None:
        """A stored sweep (the newest when no id is given)."""
        if sweep_id is None:
            cur = self.conn.execute("SELECT * FROM lab_sweeps ORDER BY id DESC LIMIT 1")
        else:
            cur = self.conn.execute("SELECT * FROM lab_sweeps WHERE id=?", (sweep_id,))
        row = cur.fetchone()
        if row is None:
            return None
        keys = [c[0] for c in cur.description]
        out = dict(zip(keys, row, strict=True))
        out["params"] = json.loads(out["params"])
        out["points"] = json.loads(out["points"])
        return out
