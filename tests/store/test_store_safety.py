"""The store never loses a move and never shows a traceback: every problem with the database
is a one-line `StoreError` naming the file, read-only commands create nothing, a game is
locked against a second process (and freed when that process is killed), and each decision
is committed as it is stored."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from typer.testing import CliRunner

from multiverse.cli.main import app
from multiverse.store import GameInUse, GameStore, StoreError
from multiverse.store.games import MAX_SEED

GAME = {"mode": "dofp", "config": {"heroes": ["logan", "storm"], "solo": False},
        "seats": ["random", "random"], "start_hash": "s0"}


def cli(*args: object):
    return CliRunner().invoke(app, [str(a) for a in args])


def files(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def new_game(store: GameStore, seed: int = 1, moves: int = 0) -> int:
    gid = store.create(seed=seed, **GAME)
    for ply in range(1, moves + 1):
        store.add_move(gid, ply, f"c{ply}", f"h{ply}")
    return gid


def error_line(result) -> str:
    """The command failed with exit 2 and exactly one `error:` line, no traceback."""
    assert result.exit_code == 2, (result.exit_code, result.output, result.exception)
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    return lines[0]


# ----- problems detected at open ---------------------------------------------------------
def test_a_file_that_is_not_a_database(tmp_path):
    bad = tmp_path / "g.db"
    bad.write_text("these are my notes, not a database\n" * 40)
    for readonly in (False, True):
        with pytest.raises(StoreError) as exc:
            GameStore(bad, readonly=readonly)
        assert str(exc.value) == f"{bad} is not a SQLite database (corrupt, or another kind of file)"
    assert bad.read_text() == "these are my notes, not a database\n" * 40
    assert files(tmp_path) == ["g.db"]
    assert error_line(cli("games", "list", "--db", bad)) == f"error: {bad} is not a SQLite database " \
        "(corrupt, or another kind of file)"
    assert error_line(cli("replay", 1, "--db", bad)).startswith(f"error: {bad} is not a SQLite")


def test_a_folder(tmp_path):
    folder = tmp_path / "g.db"
    folder.mkdir()
    for readonly in (False, True):
        with pytest.raises(StoreError) as exc:
            GameStore(folder, readonly=readonly)
        assert str(exc.value) == f"{folder} is a folder, not a games database"
    assert files(folder) == []
    assert error_line(cli("games", "list", "--db", folder)) == \
        f"error: {folder} is a folder, not a games database"


def test_a_read_only_file_opened_for_writing(tmp_path, monkeypatch):
    db = tmp_path / "g.db"
    with GameStore(db) as store:
        new_game(store)
    before = db.read_bytes()
    db.chmod(0o444)
    if os.geteuid() == 0:  # root may write anything: answer from the mode bits, as for a user
        real = os.access

        def access(p, mode):
            return bool(os.stat(p).st_mode & 0o200) if mode == os.W_OK else real(p, mode)

        monkeypatch.setattr("multiverse.store.games.os.access", access)
    try:
        with pytest.raises(StoreError) as exc:
            GameStore(db)
        assert str(exc.value) == f"{db} is read-only: cannot store games in it"
        assert db.read_bytes() == before
        with GameStore(db, readonly=True) as store:  # reading it is fine
            assert [r.id for r in store.list()] == [1]
    finally:
        db.chmod(0o644)


def test_a_newer_schema(tmp_path):
    db = tmp_path / "g.db"
    with GameStore(db) as store:
        new_game(store)
    con = sqlite3.connect(db)
    con.execute("PRAGMA user_version = 7")
    con.commit()
    con.close()
    before = db.read_bytes()
    message = f"{db} is a games database of version 7, newer than this program's (1); use a newer multiverse"
    for readonly in (False, True):
        with pytest.raises(StoreError) as exc:
            GameStore(db, readonly=readonly)
        assert str(exc.value) == message
    assert db.read_bytes() == before
    assert error_line(cli("games", "list", "--db", db)) == f"error: {message}"


def test_a_missing_database_opened_read_only_creates_nothing(tmp_path):
    db = tmp_path / "sub" / "dir" / "g.db"
    with pytest.raises(StoreError) as exc:
        GameStore(db, readonly=True)
    assert str(exc.value) == f"no games database at {db}"
    with pytest.raises(StoreError) as exc:
        GameStore(db, create=False)
    assert str(exc.value) == f"no games database at {db}"
    assert files(tmp_path) == []


def test_read_only_commands_on_a_mistyped_path_create_nothing(tmp_path):
    db = tmp_path / "typo" / "gmaes.db"
    assert error_line(cli("games", "list", "--db", db)) == f"error: no games database at {db}"
    assert error_line(cli("replay", 3, "--db", db)) == f"error: no games database at {db}"
    assert error_line(cli("replay", 3, "--verify", "--db", db)) == f"error: no games database at {db}"
    assert error_line(cli("games", "delete", 3, "--db", db)) == f"error: no games database at {db}"
    assert files(tmp_path) == []


def test_read_only_commands_use_the_environment_path_without_creating_it(tmp_path):
    env_db = Path(os.environ["MULTIVERSE_DB"])
    assert error_line(cli("games", "list")) == f"error: no games database at {env_db}"
    assert not env_db.exists() and files(tmp_path) == []


def test_an_empty_file_lists_no_games(tmp_path):
    db = tmp_path / "g.db"
    db.touch()
    with GameStore(db, readonly=True) as store:
        assert store.list() == [] and store.get(1) is None
    listed = cli("games", "list", "--db", db)
    assert listed.exit_code == 0 and listed.stdout == f"No games stored in {db}.\n"
    assert db.stat().st_size == 0


def test_a_read_only_store_refuses_writes_and_locks(tmp_path):
    db = tmp_path / "g.db"
    with GameStore(db) as store:
        new_game(store)
    with GameStore(db, readonly=True) as store:
        with pytest.raises(StoreError) as exc:
            store.add_move(1, 1, "c", "h")
        assert str(exc.value) == f"{db}: attempt to write a readonly database"
        with pytest.raises(StoreError) as exc:
            store.lock(1)
        assert str(exc.value) == f"{db} is open read-only: cannot lock game 1"
    with GameStore(db, readonly=True) as store:
        assert store.get(1).decisions == 0


# ----- WAL and per-decision commits ---------------------------------------------------------
def test_the_database_is_in_wal_mode_with_normal_sync(tmp_path):
    db = tmp_path / "g.db"
    with GameStore(db) as store:
        assert store.db.execute("PRAGMA synchronous").fetchone()[0] == 1  # NORMAL
        assert store.db.execute("PRAGMA foreign_keys").fetchone()[0] == 1
    con = sqlite3.connect(db)
    assert con.execute("PRAGMA journal_mode").fetchone()[0] == "wal"  # stored in the file
    con.close()


def test_add_move_commits_one_decision_at_a_time(tmp_path):
    db = tmp_path / "g.db"
    with GameStore(db) as store:
        gid = new_game(store, moves=2)
        with GameStore(db, readonly=True) as reader:  # another connection sees each commit
            assert reader.get(gid).choices == ["c1", "c2"]
            store.add_move(gid, 3, "c3", "h3")
            assert reader.get(gid).hashes == ["h1", "h2", "h3"]
        with pytest.raises(StoreError) as exc:
            store.add_move(gid, 2, "again", "x")
        assert str(exc.value) == f"game {gid} in {db} already has decision 2 stored"
        with pytest.raises(StoreError) as exc:
            store.add_move(99, 1, "c", "h")
        assert str(exc.value) == f"no game 99 in {db}"
        assert store.get(gid).choices == ["c1", "c2", "c3"]


CHILD = """
import sys
from multiverse.store import GameStore
store = GameStore(sys.argv[1])
{body}
print("ready", flush=True)
sys.stdin.read()  # hold everything until killed
"""


def start_child(body: str, *args: object) -> tuple[subprocess.Popen, list[str]]:
    """A Python child running `body` on `GameStore(args[0])`, then waiting to be killed;
    returns it with the lines it printed before it was ready."""
    child = subprocess.Popen([sys.executable, "-c", CHILD.format(body=textwrap.dedent(body)),
                              *map(str, args)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             text=True)
    printed = []
    while (line := child.stdout.readline()) != "ready\n":
        if not line:
            child.kill()
            raise AssertionError(f"the child ended before it was ready: {printed}")
        printed.append(line.rstrip("\n"))
    return child, printed


def kill9(child: subprocess.Popen) -> None:
    child.send_signal(signal.SIGKILL)
    assert child.wait(timeout=10) == -signal.SIGKILL


def test_moves_survive_a_sigkill_of_the_writer(tmp_path):
    db = tmp_path / "g.db"
    child, _ = start_child("""
        gid = store.create(mode="dofp", config={"heroes": ["logan"]}, seed=5, seats=["random"],
                           start_hash="s0")
        for ply in range(1, 41):
            store.add_move(gid, ply, f"c{ply}", f"h{ply}")
    """, db)
    try:
        kill9(child)  # killed with the connection open: no close, no checkpoint
    finally:
        child.kill()
    assert (tmp_path / "g.db-wal").exists()  # the moves are only in the write-ahead log
    with GameStore(db, readonly=True) as store:
        rec = store.get(1)
    assert rec.choices == [f"c{i}" for i in range(1, 41)] and rec.hashes[-1] == "h40"
    assert rec.seed == 5 and rec.result is None


# ----- the per-game lock ------------------------------------------------------------------
def test_a_game_open_in_another_process_is_refused_until_that_process_is_killed(tmp_path):
    db = tmp_path / "g.db"
    with GameStore(db) as store:
        gid = new_game(store, moves=3)
        other = new_game(store)
    child, _ = start_child(f"lock = store.lock({gid})", db)
    try:
        with GameStore(db) as store:
            with pytest.raises(GameInUse) as exc:
                store.lock(gid)
            assert str(exc.value) == f"game {gid} is open in another process (pid {child.pid})"
            assert exc.value.pid == child.pid and isinstance(exc.value, StoreError)
            with pytest.raises(GameInUse):
                store.delete(gid)
            assert store.get(gid).decisions == 3  # nothing deleted
            with store.lock(other) as lock:  # another game is free
                assert lock.held
            assert not lock.held
            deleted = cli("games", "delete", gid, "--db", db)
            assert error_line(deleted) == f"error: game {gid} is open in another process (pid {child.pid})"
            kill9(child)
            with store.lock(gid) as lock:  # the kernel released the killed process's lock
                assert lock.held
    finally:
        child.kill()
        child.wait()


def test_a_lock_is_released_by_release_and_close_and_refused_twice_in_one_process(tmp_path):
    db = tmp_path / "g.db"
    with GameStore(db) as store:
        gid = new_game(store)
        lock = store.lock(gid)
        with GameStore(db) as again, pytest.raises(GameInUse) as exc:
            again.lock(gid)
        assert str(exc.value) == f"game {gid} is already open in this process"
        lock.release()
        lock.release()  # idempotent
        store.lock(gid)  # held until close
    probe, printed = start_child(f"""
        from multiverse.store import GameInUse
        try:
            store.lock({gid})
            print("free", flush=True)
        except GameInUse as exc:
            print(exc, flush=True)
    """, db)
    try:
        assert printed == ["free"]
    finally:
        probe.kill()
        probe.wait()
    assert (tmp_path / "g.db.locks").is_file()  # the locks live beside the database


# ----- malformed rows -----------------------------------------------------------------------
def corrupt(db: Path, sql: str, *params: object) -> None:
    con = sqlite3.connect(db)
    con.execute(sql, params)
    con.commit()
    con.close()


def test_one_malformed_row_is_flagged_and_the_others_listed(tmp_path):
    db = tmp_path / "g.db"
    with GameStore(db) as store:
        for seed in (1, 2, 3, 4):
            new_game(store, seed, moves=seed)
    corrupt(db, "UPDATE games SET config = 'not json' WHERE id = 2")
    corrupt(db, "UPDATE games SET seats = '[1, 2]' WHERE id = 3")
    with GameStore(db, readonly=True) as store:
        listed = store.list()
        assert [(r.id, r.decisions, r.problem) for r in listed] == [
            (4, 4, None),
            (3, 3, "seats is not a list of names"),
            (2, 2, "config is not JSON (Expecting value: line 1 column 1 (char 0))"),
            (1, 1, None)]
        assert listed[0].heroes == ["logan", "storm"] and listed[1].seed == 3
        with pytest.raises(StoreError) as exc:
            store.get(2)
        assert str(exc.value) == (f"game 2 in {db} is malformed: config is not JSON (Expecting "
                                  "value: line 1 column 1 (char 0))")
        assert store.get(1).choices == ["c1"]

    shown = cli("games", "list", "--db", db)
    assert shown.exit_code == 0, shown.output
    rows = {line.split()[0]: line for line in shown.stdout.splitlines() if line[:4].strip().isdigit()}
    assert sorted(rows) == ["1", "2", "3", "4"]
    assert "malformed" in rows["2"] and "malformed" in rows["3"] and "malformed" not in rows["4"]
    notes = [line for line in shown.stdout.splitlines() if line.startswith("game ")]
    assert notes == [
        f"game 3 is malformed: seats is not a list of names; `multiverse games delete 3 --db {db}` "
        "deletes it",
        "game 2 is malformed: config is not JSON (Expecting value: line 1 column 1 (char 0)); "
        f"`multiverse games delete 2 --db {db}` deletes it"]
    assert error_line(cli("replay", 2, "--db", db)) == (
        f"error: game 2 in {db} is malformed: config is not JSON (Expecting value: line 1 column 1 "
        "(char 0))")


def test_other_malformed_fields_are_named(tmp_path):
    db = tmp_path / "g.db"
    with GameStore(db) as store:
        for seed in (1, 2, 3, 4):
            new_game(store, seed, moves=2)
    corrupt(db, "UPDATE games SET seed = 'one' WHERE id = 1")
    corrupt(db, "UPDATE games SET position = '[1]' WHERE id = 2")
    corrupt(db, "UPDATE games SET config = '\"x\"', seats = '{' WHERE id = 3")
    corrupt(db, "DELETE FROM moves WHERE game_id = 4 AND ply = 1")
    with GameStore(db, readonly=True) as store:
        assert {r.id: r.problem for r in store.list()} == {
            4: None,  # `list` does not read the moves
            3: "config is not a JSON object; seats is not JSON (Expecting property name enclosed "
               "in double quotes: line 1 column 2 (char 1))",
            2: "position is not a JSON object",
            1: "seed 'one' is not a whole number"}
        with pytest.raises(StoreError) as exc:
            store.get(4)
        assert str(exc.value) == f"game 4 in {db} is malformed: decision 1 is missing from its moves"


def test_a_seed_too_large_for_sqlite_is_refused_at_create(tmp_path):
    db = tmp_path / "g.db"
    with GameStore(db) as store:
        for seed in (MAX_SEED + 1, 2**64, -5):
            with pytest.raises(StoreError) as exc:
                store.create(seed=seed, **GAME)
            assert str(exc.value) == (f"seed {seed} cannot be stored in {db}: a stored game's seed "
                                      f"is a whole number from 0 to {MAX_SEED}")
        assert store.list() == []
        assert store.get(new_game(store, MAX_SEED)).seed == MAX_SEED


# ----- delete -------------------------------------------------------------------------------
def test_delete_removes_the_game_and_its_moves(tmp_path):
    db = tmp_path / "g.db"
    with GameStore(db) as store:
        first, second = new_game(store, 1, moves=5), new_game(store, 2, moves=2)
        assert store.delete(first) == 5
        assert store.get(first) is None and [r.id for r in store.list()] == [second]
        assert store.db.execute("SELECT COUNT(*) FROM moves WHERE game_id = ?",
                                (first,)).fetchone()[0] == 0
        assert store.get(second).choices == ["c1", "c2"]
        with pytest.raises(StoreError) as exc:
            store.delete(first)
        assert str(exc.value) == f"no game {first} in {db}"
        with store.lock(second):  # a game this store holds can be deleted through it
            assert store.delete(second) == 2


def test_games_delete_command(tmp_path):
    db = tmp_path / "g.db"
    with GameStore(db) as store:
        gid = new_game(store, moves=3)
    done = cli("games", "delete", gid, "--db", db)
    assert done.exit_code == 0 and done.stdout == f"Deleted game {gid} (3 decisions) from {db}.\n"
    assert error_line(cli("games", "delete", gid, "--db", db)) == f"error: no game {gid} in {db}"
    assert error_line(cli("games", "delete", 42, "--db", db)) == f"error: no game 42 in {db}"
    listed = cli("games", "list", "--db", db)
    assert listed.stdout == f"No games stored in {db}.\n"


def test_replay_of_a_missing_game_names_the_list_command_with_the_db(tmp_path):
    db = tmp_path / "my games.db"
    with GameStore(db) as store:
        new_game(store)
    assert error_line(cli("replay", 9, "--db", db)) == (
        f"error: no game 9 in {db} (`multiverse games list --db '{db}'` lists the stored games)")
