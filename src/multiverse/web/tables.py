"""The secrets of the browser tables, in their own table of the games database.

A row per table the server opened: the game's id (a row of `games`), one secret key per
seat (`null` for an agent's seat) and the spectators' secret (`watch`: the key of the watch
page and of the table's replay). The keys live beside the game so that a restarted server
serves the same links; nothing else about a table is stored here (its start, seats and
choices are the stored game). The server's admin secret (the key of its list of open
tables) is one row of `web_admin`, made the first time a server opens the database.
"""

from __future__ import annotations

import json
import secrets
import sqlite3

from multiverse.store.games import DamagedGame, GameStore, StoreError

SCHEMA = """
CREATE TABLE IF NOT EXISTS web_tables (
    game_id  INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
    keys     TEXT NOT NULL,
    watch    TEXT
);
CREATE TABLE IF NOT EXISTS web_admin (
    id   INTEGER PRIMARY KEY CHECK (id = 1),
    key  TEXT NOT NULL
);
"""


def new_key() -> str:
    """A seat's secret: 128 random bits, URL-safe."""
    return secrets.token_urlsafe(16)


class TableKeys:
    """The `web_tables` table of a games database (through the store's connection)."""

    def __init__(self, store: GameStore) -> None:
        self.store = store
        try:
            with store.db:
                store.db.executescript(SCHEMA)
        except sqlite3.Error as exc:
            raise StoreError(f"{store.path}: cannot prepare the table of web tables: {exc}") from None
        self._add_watch_keys()

    def _add_watch_keys(self) -> None:
        """A database of a server before the spectators' secret (no `watch` column) gets
        the column, and every table without a secret (there, or written by hand) a new one."""
        db = self.store.db
        try:
            with db:
                columns = [row[1] for row in db.execute("PRAGMA table_info(web_tables)")]
                if "watch" not in columns:
                    db.execute("ALTER TABLE web_tables ADD COLUMN watch TEXT")
                rows = db.execute("SELECT game_id FROM web_tables WHERE watch IS NULL"
                                  " OR typeof(watch) != 'text' OR watch = ''").fetchall()
                db.executemany("UPDATE web_tables SET watch = ? WHERE game_id = ?",
                               [(new_key(), gid) for (gid,) in rows])
        except sqlite3.Error as exc:
            raise StoreError(f"{self.store.path}: cannot add the spectators' keys to the table "
                             f"of web tables: {exc}") from None

    def add(self, game_id: int, keys: list[str | None]) -> str:
        """Store a new table's seats' keys with a new spectators' secret, which it returns."""
        watch = new_key()
        with self.store.db:
            self.store.db.execute("INSERT INTO web_tables (game_id, keys, watch) VALUES (?, ?, ?)",
                                  (game_id, json.dumps(keys), watch))
        return watch

    def watch(self, game_id: int) -> str | None:
        """The spectators' secret of a table, or None when the game is not a table."""
        row = self.store.db.execute("SELECT watch FROM web_tables WHERE game_id = ?",
                                    (game_id,)).fetchone()
        return None if row is None or not isinstance(row[0], str) else row[0]

    def get(self, game_id: int) -> list[str | None] | None:
        """The seats' keys of a table, or None when the game is not a table of the server;
        `DamagedGame` when the stored keys are not JSON."""
        row = self.store.db.execute("SELECT keys FROM web_tables WHERE game_id = ?",
                                    (game_id,)).fetchone()
        if row is None:
            return None
        try:
            return json.loads(row[0])
        except (TypeError, ValueError):
            raise DamagedGame(f"table {game_id} in {self.store.path}: its seats' keys are not JSON",
                              "its seats' keys are not JSON") from None

    def unfinished(self) -> list[int]:
        """The tables whose game has no result yet, oldest first."""
        rows = self.store.db.execute(
            "SELECT w.game_id FROM web_tables w JOIN games g ON g.id = w.game_id"
            " WHERE g.result IS NULL ORDER BY w.game_id").fetchall()
        return [gid for (gid,) in rows]

    def admin_key(self) -> str:
        """The server's admin secret: the stored one, else a new one stored now (so it
        survives a restart)."""
        row = self.store.db.execute("SELECT key FROM web_admin WHERE id = 1").fetchone()
        if row is not None:
            return row[0]
        key = new_key()
        with self.store.db:
            self.store.db.execute("INSERT OR IGNORE INTO web_admin (id, key) VALUES (1, ?)", (key,))
        return self.store.db.execute("SELECT key FROM web_admin WHERE id = 1").fetchone()[0]


def same_secret(given: str | None, secret: str) -> bool:
    """Whether `given` is `secret`, compared in constant time (as bytes)."""
    return given is not None and secrets.compare_digest(_bytes(given), _bytes(secret))


def _bytes(text: str) -> bytes:
    """A key as bytes: any text, non-ASCII and lone surrogates included (a JSON body may
    hold `"\\ud800"`), so a comparison never raises."""
    return text.encode("utf-8", "surrogatepass")
