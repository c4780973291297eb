"""The store's side of issue 22: a damaged schema (a dropped moves table, a dropped column)
is refused at open in one line instead of a fresh empty moves table or an SQLite error in
mid-game; every write of a game holds its lock, so a second process cannot write a game
another one plays; the last decision and the outcome are one commit."""

from __future__ import annotations

import sqlite3

import pytest
from typer.testing import CliRunner

from fault_kit import holder
from multiverse.cli.main import app
from multiverse.store import GameInUse, GameStore, StoreError

GAME = {"mode": "dofp", "config": {"heroes": ["logan", "storm"], "solo": False},
        "seats": ["random", "random"], "start_hash": "s0"}


def cli(*args: object):
    return CliRunner().invoke(app, [str(a) for a in args])


def error_line(result) -> str:
    assert result.exit_code == 2, (result.exit_code, result.output, result.exception)
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    return lines[0]


def stored_db(tmp_path, moves: int = 3):
    db = tmp_path / "g.db"
    with GameStore(db) as store:
        gid = store.create(seed=1, **GAME)
        store.add_moves(gid, 1, [(f"c{i}", f"h{i}") for i in range(1, moves + 1)])
    return db, gid


def tables_of(db) -> set[str]:
    with sqlite3.connect(db) as con:
        out = {n for (n,) in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    con.close()
    return out


def alter(db, sql: str) -> None:
    con = sqlite3.connect(db)
    con.execute(sql)
    con.commit()
    con.close()


# ----- 4. a damaged schema is refused, never recreated ----------------------------------------
def test_a_dropped_moves_table_is_refused_and_not_recreated(tmp_path):
    """Before: `_prepare` made a new empty moves table and the game restarted at decision 0."""
    db, gid = stored_db(tmp_path)
    alter(db, "DROP TABLE moves")
    message = f"{db} is damaged: it has a games table but no moves table"
    for readonly in (False, True):
        with pytest.raises(StoreError) as exc:
            GameStore(db, readonly=readonly)
        assert str(exc.value) == message
    assert "moves" not in tables_of(db)  # nothing written
    assert error_line(cli("games", "list", "--db", db)) == f"error: {message}"
    assert error_line(cli("play", "--resume", gid, "--auto", "--db", db)) == f"error: {message}"
    assert "moves" not in tables_of(db)


def test_a_missing_column_is_one_line_at_open(tmp_path):
    """Before: the store opened, and `get` failed later with 'no such column: reason'."""
    db, gid = stored_db(tmp_path)
    alter(db, "ALTER TABLE games DROP COLUMN reason")
    alter(db, "ALTER TABLE games DROP COLUMN rounds")
    message = f"{db} is damaged: its games table has no columns reason, rounds"
    for readonly in (False, True):
        with pytest.raises(StoreError) as exc:
            GameStore(db, readonly=readonly)
        assert str(exc.value) == message
    assert error_line(cli("games", "list", "--db", db)) == f"error: {message}"
    assert error_line(cli("replay", gid, "--db", db)) == f"error: {message}"


def test_a_damaged_schema_opened_for_the_server_names_its_damage_at_every_use(tmp_path):
    """`damaged_ok`: the store opens (so a server can list its tables as damaged) and every
    game method and lock raises the same line; nothing is written at open."""
    db, gid = stored_db(tmp_path)
    alter(db, "DROP TABLE moves")
    with GameStore(db, damaged_ok=True) as store:
        assert store.damage == f"{db} is damaged: it has a games table but no moves table"
        for call in (lambda: store.get(gid), lambda: store.list(), lambda: store.lock(gid),
                     lambda: store.add_move(gid, 4, "c", "h"), lambda: store.truncate(gid, 0),
                     lambda: store.create(seed=2, **GAME)):
            with pytest.raises(StoreError) as exc:
                call()
            assert str(exc.value) == store.damage
    assert "moves" not in tables_of(db)


def test_a_new_or_empty_database_is_still_made(tmp_path):
    for db in (tmp_path / "new.db", tmp_path / "empty.db"):
        if db.name == "empty.db":
            db.write_bytes(b"")
        with GameStore(db) as store:
            assert store.damage is None
            gid = store.create(seed=1, **GAME)
            store.add_move(gid, 1, "c1", "h1")
            assert store.get(gid).choices == ["c1"]
        assert {"games", "moves"} <= tables_of(db)


# ----- 1. every write of a game holds its lock -----------------------------------------------


def test_no_write_of_a_game_another_process_holds(tmp_path):
    """Before: a store wrote any game, whoever held it (two writers on one game)."""
    db, gid = stored_db(tmp_path)
    child = holder(db, gid)
    try:
        with GameStore(db) as store:
            writes = {
                "add_move": lambda: store.add_move(gid, 4, "c4", "h4"),
                "add_moves": lambda: store.add_moves(gid, 4, [("c4", "h4")]),
                "add_last_move": lambda: store.add_last_move(gid, 4, "c4", "h4", result="win",
                                                             reason="r", rounds=1, final_hash="h4"),
                "truncate": lambda: store.truncate(gid, 1),
                "finish": lambda: store.finish(gid, result="win", reason="r", rounds=1,
                                               final_hash="h3"),
                "set_seats": lambda: store.set_seats(gid, ["human", "human"]),
                "set_hash": lambda: store.set_hash(gid, 1, "x"),
                "delete": lambda: store.delete(gid),
            }
            for name, write in writes.items():
                with pytest.raises(GameInUse) as exc:
                    write()
                assert str(exc.value) == f"game {gid} is open in another process (pid {child.pid})", name
            rec = store.get(gid)
            assert (rec.choices, rec.hashes, rec.result, rec.seats) == \
                (["c1", "c2", "c3"], ["h1", "h2", "h3"], None, ["random", "random"])
            other = store.create(seed=2, **GAME)  # a new game is nobody else's
            store.add_move(other, 1, "c1", "h1")
    finally:
        child.kill()
        child.wait()
    with GameStore(db) as store:  # the holder gone: the game is written again
        store.add_move(gid, 4, "c4", "h4")
        with store.lock(gid):  # and under this process's own lock
            store.truncate(gid, 2)
        assert store.get(gid).choices == ["c1", "c2"]


def test_the_last_move_and_the_outcome_are_one_commit(tmp_path):
    """A failed write of the game's end stores neither the move nor the outcome, so the
    server can try it again (before, the move was stored and the outcome lost)."""
    db, gid = stored_db(tmp_path)
    with GameStore(db) as store:
        store.db.set_authorizer(lambda action, *_: sqlite3.SQLITE_DENY
                                if action == sqlite3.SQLITE_UPDATE else sqlite3.SQLITE_OK)
        with pytest.raises(StoreError) as exc:
            store.add_last_move(gid, 4, "c4", "h4", result="win", reason="r", rounds=2,
                                final_hash="h4")
        assert str(exc.value) == f"{db}: not authorized"
        store.db.set_authorizer(None)
        rec = store.get(gid)
        assert (rec.decisions, rec.result) == (3, None)
        store.add_last_move(gid, 4, "c4", "h4", result="win", reason="r", rounds=2, final_hash="h4")
        rec = store.get(gid)
        assert (rec.choices[-1], rec.result, rec.reason, rec.rounds, rec.final_hash) == \
            ("c4", "win", "r", 2, "h4")
