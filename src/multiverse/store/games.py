"""SQLite store of played games (DESIGN 4: a saved game is its start plus its list of choices).

A game row holds how the game starts (configuration JSON, seed, and the position document
when it started from a position), who sat where, and the outcome. The `moves` table holds
one row per decision: the option id chosen and the state hash after it, so a replay can
check itself decision by decision.

Every problem with the database file (not a database, a folder, read-only, newer schema,
missing when opened read-only, a malformed row) is a `StoreError` with a one-line message
naming the file; `GameInUse` says that another process has the game open (`GameStore.lock`).
A database whose games or moves table, or one of their columns, is missing is damaged: opening
it is a `StoreError` naming what is missing (never a fresh, empty moves table beside the old
games). Every write of a game holds that game's lock, so two processes never write one game.
"""

from __future__ import annotations

import contextlib
import functools
import json
import os
import sqlite3
import struct
import sys
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, ParamSpec, TypeVar

from multiverse.engine.errors import MultiverseError

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows: locks held within this process only
    fcntl = None  # type: ignore[assignment]

ENV_VAR = "MULTIVERSE_DB"
SCHEMA_VERSION = 1
MAX_SEED = 2**63 - 1  # SQLite's INTEGER is a signed 64-bit number

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
COLUMNS = {"games": ("id", "created", "updated", "mode", "config", "seed", "position", "seats",
                     "start_hash", "result", "reason", "rounds", "final_hash"),
           "moves": ("game_id", "ply", "choice", "hash")}


class StoreError(MultiverseError):
    """The games database cannot be used as asked: names the file and what is wrong."""


class DamagedGame(StoreError):
    """A stored game whose row cannot be read; `problem` says which field and why."""

    def __init__(self, message: str, problem: str) -> None:
        super().__init__(message)
        self.problem = problem


class GameConflict(StoreError):
    """A write that contradicts the stored game (a decision stored already, no such game):
    retrying it cannot succeed, unlike a full disk or a read-only file."""


class GameInUse(StoreError):
    """Another process holds the lock of this game (`GameStore.lock`)."""

    def __init__(self, game_id: int, pid: int | None) -> None:
        self.game_id, self.pid = game_id, pid
        where = "open in another process" + (f" (pid {pid})" if pid else "")
        if pid == os.getpid():
            where = "already open in this process"
        super().__init__(f"game {game_id} is {where}")


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
    problem: str | None = None  # set by `list` for a row it cannot read (which field, why)

    @property
    def heroes(self) -> list[str]:
        return list(self.config.get("heroes") or [])

    @property
    def label(self) -> str:
        """The mode as shown to players, as its registered mode labels it (`dofp`,
        `dofp solo`, `standard`, `sentinels`), plus ` (pos)` for a game started from a
        position; a mode this program does not know is shown by its name."""
        from multiverse import modes
        from multiverse.engine.errors import UnknownMode

        try:
            out = modes.get(self.mode).label(self.config)
        except UnknownMode:
            out = self.mode
        return out + (" (pos)" if self.position is not None else "")


P = ParamSpec("P")
R = TypeVar("R")


def _describe(exc: sqlite3.Error) -> str:
    return str(exc) or type(exc).__name__


def _guarded(method: Callable[P, R]) -> Callable[P, R]:
    """A SQLite error inside a store method becomes a one-line `StoreError` naming the file."""

    @functools.wraps(method)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        store = args[0]
        if store.damage:  # type: ignore[attr-defined]
            raise StoreError(store.damage)  # type: ignore[attr-defined]
        try:
            return method(*args, **kwargs)
        except sqlite3.Error as exc:
            raise StoreError(f"{store.path}: {_describe(exc)}") from exc  # type: ignore[attr-defined]

    return wrapper


# ----- per-game locks ---------------------------------------------------------------------
# One POSIX record lock per game: byte `game_id` of the sidecar file `<database>.locks`.
# The kernel drops a process's locks when it ends, however it ends (SIGKILL included), so a
# killed `play` never leaves a game locked. POSIX locks belong to the process, and closing
# any descriptor of the file drops them all, so each process keeps one descriptor per lock
# file while it holds a lock in it, and remembers which games it holds itself.
_GUARD = threading.Lock()
_LOCK_FILES: dict[str, list[int]] = {}  # lock file -> [descriptor, locks held through it]
_HELD: set[tuple[str, int]] = set()


def _forget_locks() -> None:  # a forked child inherits none of its parent's POSIX locks
    global _GUARD
    _GUARD = threading.Lock()
    _LOCK_FILES.clear()
    _HELD.clear()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_locks)


def _holder_pid(fd: int, game_id: int) -> int | None:
    """The pid of the process that holds byte `game_id` (Linux, 64-bit: `struct flock` is
    l_type, l_whence, l_start, l_len, l_pid), else None."""
    if fcntl is None or not sys.platform.startswith("linux") or struct.calcsize("P") != 8:
        return None
    fmt = "hhqqi"
    try:
        query = struct.pack(fmt, fcntl.F_WRLCK, os.SEEK_SET, game_id, 1, 0).ljust(32, b"\0")
        answer = fcntl.fcntl(fd, fcntl.F_GETLK, query)
        l_type, _, _, _, pid = struct.unpack(fmt, answer[:struct.calcsize(fmt)])
    except (OSError, struct.error):
        return None
    return pid if l_type != fcntl.F_UNLCK and pid > 0 else None


class GameLock:
    """The lock of one stored game, held until `release()`, the end of its `with` block, the
    store's `close()`, or the end of the process (however it ends)."""

    def __init__(self, db_path: Path, game_id: int) -> None:
        self.file = os.path.realpath(db_path) + ".locks"
        self.game_id = game_id
        self.held = False
        with _GUARD:
            if (self.file, game_id) in _HELD:
                raise GameInUse(game_id, os.getpid())
            entry = _LOCK_FILES.get(self.file)
            if entry is None:
                try:
                    fd = os.open(self.file, os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0), 0o644)
                except OSError as exc:
                    raise StoreError(f"cannot open the lock file {self.file}: {exc.strerror}") from None
                entry = _LOCK_FILES[self.file] = [fd, 0]
            try:
                if fcntl is not None:
                    fcntl.lockf(entry[0], fcntl.LOCK_EX | fcntl.LOCK_NB, 1, game_id, os.SEEK_SET)
            except OSError:
                pid = _holder_pid(entry[0], game_id)
                if entry[1] == 0:
                    os.close(entry[0])
                    del _LOCK_FILES[self.file]
                raise GameInUse(game_id, pid) from None
            entry[1] += 1
            _HELD.add((self.file, game_id))
            self.held = True

    def release(self) -> None:
        """Let other processes open the game (idempotent)."""
        with _GUARD:
            if not self.held:
                return
            self.held = False
            _HELD.discard((self.file, self.game_id))
            entry = _LOCK_FILES.get(self.file)
            if entry is None:
                return
            if fcntl is not None:
                fcntl.lockf(entry[0], fcntl.LOCK_UN, 1, self.game_id, os.SEEK_SET)
            entry[1] -= 1
            if entry[1] <= 0:
                os.close(entry[0])
                del _LOCK_FILES[self.file]

    def __enter__(self) -> GameLock:
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()


# ----- the store --------------------------------------------------------------------------
class GameStore:
    """The games database.

    `GameStore(path)` opens it for reading and writing, creating it and its folders when
    missing (`create=False`: a missing file is a `StoreError`). It runs in WAL mode with
    `synchronous=NORMAL`: every commit is in the write-ahead log before the call returns,
    so a killed process (even `kill -9`) loses nothing committed; only a power cut or an OS
    crash may lose the last commits, the price of not waiting for the disk at every decision
    (FULL would fsync once per decision and slow auto games for no gain against a kill).
    Every write commits, and `add_move` commits one decision at a time.

    `GameStore(path, readonly=True)` opens it with SQLite's `mode=ro` and never creates the
    file or its folders (a missing one is `StoreError("no games database at PATH")`); SQLite
    may leave its `-wal`/`-shm` companions beside a WAL database, which the next writer removes.

    Opening checks the file at once: a folder, a file that is not a SQLite database, a
    read-only file opened for writing and a schema newer than this program's are each a
    `StoreError`; so is any later SQLite error. So is a damaged schema (the games or the
    moves table, or one of their columns, missing), unless `damaged_ok`: then the store opens
    with `damage` set to that one line, writes nothing at open, and every game method (and
    `lock`) raises it, so that a server can still start and list its tables as damaged.

    Every write of a game (`add_move`, `add_moves`, `add_last_move`, `truncate`, `finish`,
    `set_seats`, `set_hash`, `delete`) holds the game's lock: the one this process holds, else
    one taken for that write alone (`GameInUse` when another process has the game open).
    """

    def __init__(self, path: str | Path | None = None, readonly: bool = False, *,
                 create: bool = True, damaged_ok: bool = False) -> None:
        self.path = Path(path) if path else default_db_path()
        self.readonly = readonly
        self.damage: str | None = None  # the one line naming a damaged schema (`damaged_ok`)
        self.lock_file = os.path.realpath(self.path) + ".locks"  # read once: every write asks
        self._locks: list[GameLock] = []
        self._has_games = True  # False: a read-only database without the games table (empty)
        self.db = self._open(create and not readonly, damaged_ok)

    def _open(self, create: bool, damaged_ok: bool) -> sqlite3.Connection:
        path = self.path
        try:
            is_dir, exists = path.is_dir(), path.exists()
        except OSError as exc:
            raise StoreError(f"cannot reach {path}: {exc.strerror or exc}") from None
        if is_dir:
            raise StoreError(f"{path} is a folder, not a games database")
        if not exists and not create:
            raise StoreError(f"no games database at {path}")
        if not self.readonly:
            folder = path.parent
            if create:
                try:
                    folder.mkdir(parents=True, exist_ok=True)
                except OSError as exc:
                    raise StoreError(f"cannot create the folder {folder} for {path}: "
                                     f"{exc.strerror or exc}") from None
            if exists and not os.access(path, os.W_OK):
                raise StoreError(f"{path} is read-only: cannot store games in it")
            if not os.access(folder, os.W_OK):
                raise StoreError(f"the folder {folder} is read-only: cannot store games in {path}")
        mode = "ro" if self.readonly else "rw" if not create else "rwc"
        uri = Path(os.path.abspath(path)).as_uri() + f"?mode={mode}"
        try:
            db = sqlite3.connect(uri, uri=True)
        except sqlite3.Error as exc:
            raise StoreError(f"cannot open {path}: {_describe(exc)}") from None
        try:
            self._check(db)
            if self.damage is not None and not damaged_ok:
                raise StoreError(self.damage)
            if not self.readonly and self.damage is None:
                self._prepare(db)
        except BaseException:
            db.close()
            raise
        return db

    def _check(self, db: sqlite3.Connection) -> None:
        """Is it a SQLite database of a schema this program knows?"""
        try:
            db.execute("PRAGMA schema_version").fetchone()
            version = db.execute("PRAGMA user_version").fetchone()[0]
            tables = {n for (n,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            columns = {t: {row[1] for row in db.execute(f"PRAGMA table_info({t})")}
                       for t in COLUMNS if t in tables}
        except sqlite3.DatabaseError as exc:
            if "not a database" in str(exc) or "malformed" in str(exc):
                raise StoreError(f"{self.path} is not a SQLite database (corrupt, or another kind "
                                 "of file)") from None
            raise StoreError(f"cannot read {self.path}: {_describe(exc)}") from None
        if version > SCHEMA_VERSION:
            raise StoreError(f"{self.path} is a games database of version {version}, newer than "
                             f"this program's ({SCHEMA_VERSION}); use a newer multiverse")
        self._has_games = "games" in tables
        self.damage = self._schema_damage(columns)

    def _schema_damage(self, columns: dict[str, set[str]]) -> str | None:
        """What is missing of the games and moves tables (None: both whole, or both absent,
        a new database)."""
        if not columns:
            return None
        for table, other in (("games", "moves"), ("moves", "games")):
            if table not in columns:
                return f"{self.path} is damaged: it has a {other} table but no {table} table"
        for table, names in COLUMNS.items():
            missing = [c for c in names if c not in columns[table]]
            if missing:
                word = "column" if len(missing) == 1 else "columns"
                return f"{self.path} is damaged: its {table} table has no {word} {', '.join(missing)}"
        return None

    def _prepare(self, db: sqlite3.Connection) -> None:
        """WAL, the schema, and the version, on a read-write connection."""
        try:
            db.execute("PRAGMA journal_mode = WAL").fetchone()
            db.execute("PRAGMA synchronous = NORMAL")
            db.execute("PRAGMA foreign_keys = ON")
            with db:
                db.executescript(SCHEMA)
                db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        except sqlite3.Error as exc:
            if "readonly" in str(exc):
                raise StoreError(f"{self.path} is read-only: cannot store games in it") from None
            raise StoreError(f"cannot write to {self.path}: {_describe(exc)}") from None
        self._has_games = True

    def close(self) -> None:
        """Release the locks taken through this store and close the database (idempotent)."""
        for lock in self._locks:
            lock.release()
        self._locks.clear()
        self.db.close()

    def __enter__(self) -> GameStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ----- locking ------------------------------------------------------------------
    def lock(self, game_id: int) -> GameLock:
        """Take the lock of a game so that no other process plays it at the same time.
        Raises `GameInUse` when another process (or another lock of this one) holds it.
        The lock is released by `release()`, its `with` block, `close()`, or the end of the
        process (even by SIGKILL)."""
        if self.readonly:
            raise StoreError(f"{self.path} is open read-only: cannot lock game {game_id}")
        if self.damage:
            raise StoreError(self.damage)
        lock = GameLock(self.path, game_id)
        self._locks.append(lock)
        return lock

    def holds(self, game_id: int) -> bool:
        """Whether this process holds the lock of the game (through any store)."""
        return (self.lock_file, game_id) in _HELD

    def check_locks(self) -> None:
        """`StoreError` (one line) unless the lock file `<database>.locks` can be opened: a
        folder there, or a read-only one, means no game of the database can be locked."""
        file = self.lock_file
        try:
            os.close(os.open(file, os.O_RDWR | os.O_CREAT | getattr(os, "O_CLOEXEC", 0), 0o644))
        except OSError as exc:
            raise StoreError(f"cannot open the lock file {file}: {exc.strerror}; no game of "
                             f"{self.path} can be played") from None

    @contextlib.contextmanager
    def _writing(self, game_id: int) -> Iterator[None]:
        """Hold the game's lock for a write: the process's own, else one for this write
        (`GameInUse` when another process holds it). A read-only store takes none: SQLite
        refuses its writes."""
        if self.readonly or self.holds(game_id):
            yield
            return
        lock = GameLock(self.path, game_id)
        try:
            yield
        finally:
            lock.release()

    # ----- writing ------------------------------------------------------------------
    @_guarded
    def create(self, *, mode: str, config: dict[str, Any], seed: int, seats: list[str],
               start_hash: str, position: dict[str, Any] | None = None) -> int:
        """A new, unfinished game with no moves; returns its id. A seed outside 0..2**63-1
        (what SQLite's INTEGER holds) is a `StoreError`."""
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
            raise StoreError(f"seed {seed!r} cannot be stored in {self.path}: a stored game's seed "
                             f"is a whole number from 0 to {MAX_SEED}")
        now = _now()
        with self.db:
            cur = self.db.execute(
                "INSERT INTO games (created, updated, mode, config, seed, position, seats,"
                " start_hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (now, now, mode, json.dumps(config, sort_keys=True), seed,
                 None if position is None else json.dumps(position, default=str),
                 json.dumps(seats), start_hash))
        return int(cur.lastrowid)  # type: ignore[arg-type]

    @_guarded
    def add_move(self, game_id: int, ply: int, choice: str, hash: str) -> None:
        """Store and commit one decision (ply is 1-based): call it after every applied
        decision, so that a killed process loses at most the decision in flight."""
        self._insert_moves(game_id, [(game_id, ply, choice, hash)])

    @_guarded
    def add_last_move(self, game_id: int, ply: int, choice: str, hash: str, *, result: str | None,
                      reason: str | None, rounds: int, final_hash: str) -> None:
        """Store the decision that ends the game and its outcome in one commit: a failed
        write stores neither, so the caller may simply try again."""
        self._insert_moves(game_id, [(game_id, ply, choice, hash)],
                           (result, reason, rounds, final_hash))

    @_guarded
    def add_moves(self, game_id: int, first_ply: int, moves: list[tuple[str, str]]) -> None:
        """Store (choice, hash-after) pairs as plies first_ply, first_ply+1, … (1-based)."""
        if moves:
            self._insert_moves(game_id, [(game_id, first_ply + i, c, h)
                                         for i, (c, h) in enumerate(moves)])

    def _insert_moves(self, game_id: int, rows: list[tuple[int, int, str, str]],
                      outcome: tuple[str | None, str | None, int, str] | None = None) -> None:
        try:
            with self._writing(game_id), self.db:
                self.db.executemany(
                    "INSERT INTO moves (game_id, ply, choice, hash) VALUES (?, ?, ?, ?)", rows)
                if outcome is not None:
                    self._finish(game_id, *outcome)
                self._touch(game_id)
        except sqlite3.IntegrityError as exc:
            if "FOREIGN KEY" in str(exc):
                raise GameConflict(f"no game {game_id} in {self.path}") from None
            plies = f"{rows[0][1]}" if len(rows) == 1 else f"{rows[0][1]} to {rows[-1][1]}"
            raise GameConflict(f"game {game_id} in {self.path} already has decision {plies} "
                             "stored") from None

    @_guarded
    def truncate(self, game_id: int, plies: int) -> None:
        """Keep only the first `plies` moves (undo) and mark the game unfinished."""
        with self._writing(game_id), self.db:
            self.db.execute("DELETE FROM moves WHERE game_id = ? AND ply > ?", (game_id, plies))
            self.db.execute("UPDATE games SET result = NULL, reason = NULL, final_hash = NULL"
                            " WHERE id = ?", (game_id,))
            self._touch(game_id)

    @_guarded
    def finish(self, game_id: int, *, result: str | None, reason: str | None, rounds: int,
               final_hash: str) -> None:
        """Record the outcome (result None: stopped before the end)."""
        with self._writing(game_id), self.db:
            self._finish(game_id, result, reason, rounds, final_hash)
            self._touch(game_id)

    def _finish(self, game_id: int, result: str | None, reason: str | None, rounds: int,
                final_hash: str) -> None:
        self.db.execute("UPDATE games SET result = ?, reason = ?, rounds = ?, final_hash = ?"
                        " WHERE id = ?", (result, reason, rounds, final_hash, game_id))

    @_guarded
    def set_seats(self, game_id: int, seats: list[str]) -> None:
        with self._writing(game_id), self.db:
            self.db.execute("UPDATE games SET seats = ? WHERE id = ?", (json.dumps(seats), game_id))

    @_guarded
    def set_hash(self, game_id: int, ply: int, value: str) -> None:
        """Overwrite one stored hash (ply 0 is the start); for tests and repairs."""
        with self._writing(game_id), self.db:
            if ply == 0:
                self.db.execute("UPDATE games SET start_hash = ? WHERE id = ?", (value, game_id))
            else:
                self.db.execute("UPDATE moves SET hash = ? WHERE game_id = ? AND ply = ?",
                                (value, game_id, ply))

    @_guarded
    def delete(self, game_id: int) -> int:
        """Delete a game and its moves; returns how many decisions it had. `StoreError` when
        there is no such game, `GameInUse` when another process has it open."""
        if not self._has_games or self.db.execute("SELECT 1 FROM games WHERE id = ?",
                                                  (game_id,)).fetchone() is None:
            raise StoreError(f"no game {game_id} in {self.path}")
        mine = any(lock.held and lock.game_id == game_id for lock in self._locks)
        lock = None if mine else GameLock(self.path, game_id)
        try:
            with self.db:
                moves = self.db.execute("DELETE FROM moves WHERE game_id = ?", (game_id,)).rowcount
                self.db.execute("DELETE FROM games WHERE id = ?", (game_id,))
        finally:
            if lock is not None:
                lock.release()
        return moves

    def _touch(self, game_id: int) -> None:
        self.db.execute("UPDATE games SET updated = ? WHERE id = ?", (_now(), game_id))

    # ----- reading ------------------------------------------------------------------
    _COLUMNS = ("id, created, mode, config, seed, position, seats, start_hash, result, reason,"
                " rounds, final_hash")

    @staticmethod
    def _record(row: tuple) -> GameRecord:
        """The record of a row; a row that cannot be read is flagged in `problem`."""
        (gid, created, mode, config, seed, position, seats, start_hash, result, reason, rounds,
         final_hash) = row
        problems: list[str] = []

        def decode(name: str, text: Any, kind: type, nullable: bool = False) -> Any:
            if text is None and nullable:
                return None
            try:
                value = json.loads(text)
            except (TypeError, ValueError) as exc:
                problems.append(f"{name} is not JSON ({exc})")
                return None
            if not isinstance(value, kind):
                problems.append(f"{name} is not a JSON {'object' if kind is dict else 'list'}")
                return None
            return value

        config_v = decode("config", config, dict)
        position_v = decode("position", position, dict, nullable=True)
        seats_v = decode("seats", seats, list)
        if seats_v is not None and not all(isinstance(x, str) for x in seats_v):
            problems.append("seats is not a list of names")
            seats_v = None
        if isinstance(seed, bool) or not isinstance(seed, int):
            problems.append(f"seed {seed!r} is not a whole number")
            seed = 0
        for name, value in (("mode", mode), ("created", created), ("start_hash", start_hash)):
            if not isinstance(value, str):
                problems.append(f"{name} {value!r} is not text")
        return GameRecord(id=gid, created=str(created), mode=str(mode), config=config_v or {},
                          seed=seed, position=position_v, seats=seats_v or [],
                          start_hash=str(start_hash), result=result, reason=reason,
                          rounds=rounds, final_hash=final_hash,
                          problem="; ".join(problems) or None)

    @_guarded
    def get(self, game_id: int) -> GameRecord | None:
        """The game with its moves, or None. A malformed row is a `StoreError` naming the
        game and the field."""
        if not self._has_games:
            return None
        row = self.db.execute(f"SELECT {self._COLUMNS} FROM games WHERE id = ?",
                              (game_id,)).fetchone()
        if row is None:
            return None
        rec = self._record(row)
        moves = self.db.execute("SELECT ply, choice, hash FROM moves WHERE game_id = ? ORDER BY ply",
                                (game_id,)).fetchall()
        for n, (ply, choice, value) in enumerate(moves, 1):
            if ply != n:
                rec.problem = rec.problem or f"decision {n} is missing from its moves"
            elif not isinstance(choice, str) or not isinstance(value, str):
                rec.problem = rec.problem or f"the choice or hash of decision {n} is not text"
        if rec.problem:
            raise DamagedGame(f"game {game_id} in {self.path} is malformed: {rec.problem}", rec.problem)
        rec.choices = [c for _, c, _ in moves]
        rec.hashes = [h for _, _, h in moves]
        rec.decisions = len(moves)
        return rec

    @_guarded
    def list(self, limit: int | None = None) -> list[GameRecord]:
        """Every game, newest first, with its number of decisions but not its moves. A row
        that cannot be read is listed with `problem` set, so the others still show."""
        if not self._has_games:
            return []
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
