"""A server left running for friends (issue 22): one writer per game (an undo of a finished
table takes its lock first), one damaged table or database never stops the server (it is
listed damaged and refused; the others play on), and a write the store refuses for a while
(a full disk) only pauses the agent tables, which go on by themselves afterwards."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import time

import httpx
import pytest
from fastapi.testclient import TestClient
from web_support import DFP, Server, free_port, open_table, watch_key

from fault_kit import holder
from multiverse.agents import RandomAgent
from multiverse.store.games import SCHEMA, GameStore
from multiverse.store.replay import GameStart, verify
from multiverse.united.config import UnitedConfig
from multiverse.web.app import create_app
from multiverse.web.tables import TableKeys

SOLO = {"mode": "dofp", "heroes": 3, "seed": 1, "solo": True}  # every decision is seat 0's
HEROES = ("logan", "storm", "bishop")


def refused(r, status: int) -> str:
    assert r.status_code == status, (r.status_code, r.text)
    error = r.json()["error"]
    assert error and "\n" not in error
    return error


def until(check, timeout: float = 60.0):
    """Poll `check()` until it gives a true value; returns it."""
    deadline = time.monotonic() + timeout
    while not (value := check()):
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.01)
    return value


def replays(db, gid: int):
    """The stored game, checked hash by hash."""
    with GameStore(db, readonly=True) as store:
        rec = store.get(gid)
    _, problem = verify(rec)
    assert problem is None
    return rec


def warnings(err: str) -> list[str]:
    return [line for line in err.splitlines() if line.startswith("warning: ")]


def admin(client) -> list[dict]:
    key = client.app.state.hub.admin
    return client.get("/api/admin/tables", params={"key": key}).json()["tables"]


# ----- 1. one writer per game -----------------------------------------------------------------
def played_solo(db) -> tuple[int, str]:
    """A solo table played to its end by clicking, then its server closed."""
    with TestClient(create_app(db, allow_hosts=["testserver"])) as c:
        gid, (key,) = open_table(c, SOLO)
        while (a := c.get(f"/api/tables/{gid}", params={"key": key}).json())["result"] is None:
            d = a["decision"]
            r = c.post(f"/api/tables/{gid}/choose", json={"key": key, "decision": d["number"],
                                                          "option": d["options"][0]["id"]})
            assert r.status_code == 200, r.text
    return gid, key


def test_an_undone_finished_table_is_locked_so_play_resume_is_refused(db):
    """Before: the restarted server undid the finished table without its lock, `play
    --resume ID --auto` finished the game in another process, and the next click answered
    500 'already has decision N stored'."""
    gid, key = played_solo(db)
    server = Server(db, free_port())
    try:
        r = httpx.post(f"{server.url}/api/tables/{gid}/undo", json={"key": key}, timeout=30)
        assert r.status_code == 200 and r.json()["undone"] >= 1, r.text
        at = httpx.get(f"{server.url}/api/tables/{gid}/about", params={"key": watch_key(db, gid)}).json()["decisions"]
        other = subprocess.run([sys.executable, "-m", "multiverse.cli.main", "play", "--resume",
                                str(gid), "--auto", "--db", str(db)],
                               capture_output=True, text=True, timeout=120)
        assert other.returncode == 2, other.stdout + other.stderr
        assert other.stderr.strip() == \
            f"error: game {gid} is open in another process (pid {server.proc.pid})"
        assert replays(db, gid).decisions == at  # the other process wrote nothing
        a = httpx.get(f"{server.url}/api/tables/{gid}", params={"key": key}).json()
        d = a["decision"]
        r = httpx.post(f"{server.url}/api/tables/{gid}/choose", timeout=30,
                       json={"key": key, "decision": d["number"], "option": d["options"][0]["id"]})
        assert r.status_code == 200, r.text
    finally:
        server.kill()
    assert replays(db, gid).decisions == at + 1


def test_an_undo_of_a_table_another_process_holds_is_a_409_and_changes_nothing(db, quiet):
    gid, key = played_solo(db)
    before = replays(db, gid)
    child = holder(db, gid)
    try:
        with TestClient(create_app(db, allow_hosts=["testserver"])) as client:
            error = refused(client.post(f"/api/tables/{gid}/undo", json={"key": key}), 409)
            assert error == f"table {gid} is open in another process (pid {child.pid}): " \
                            "it cannot be changed here"
            about = client.get(f"/api/tables/{gid}/about", params={"key": watch_key(db, gid)}).json()
            assert about["undo"]["votes"] == [] and about["decisions"] == before.decisions
            after = replays(db, gid)
            assert (after.choices, after.result) == (before.choices, before.result)
            child.kill()
            child.wait()
            r = client.post(f"/api/tables/{gid}/undo", json={"key": key})  # free: taken back
            assert r.status_code == 200 and r.json()["undone"] >= 1
    finally:
        child.kill()
        child.wait()
    assert replays(db, gid).result is None


# ----- 2. a damaged table or database at start-up ---------------------------------------------
def stored_agent_table(store: GameStore, seed: int, decisions: int) -> int:
    config = UnitedConfig(heroes=HEROES)
    s = GameStart(config, seed).state(log=False)
    gid = store.create(mode="dofp", config=config.model_dump(mode="json"), seed=seed,
                       seats=["random"] * 3, start_hash=s.state_hash())
    agent = RandomAgent(seed)
    for ply in range(1, decisions + 1):
        d = s.decision()
        c = agent.choose(d)
        nxt = s.clone()
        nxt.apply(c)
        if nxt.decision() is None:  # one short of its end: the server plays the last one
            break
        s = nxt
        store.add_move(gid, ply, c, s.state_hash())
    TableKeys(store).add(gid, [None, None, None])
    return gid


def three_tables(db, page_size: int | None = None) -> list[int]:
    if page_size:
        con = sqlite3.connect(db)
        con.execute(f"PRAGMA page_size = {page_size}")
        con.executescript(SCHEMA)
        con.close()
    with GameStore(db) as store:
        return [stored_agent_table(store, 0, n) for n in (5, 60, 5)]


def damage(db, sql: str, *params: object) -> None:
    con = sqlite3.connect(db)
    con.execute(sql, params)
    con.commit()
    con.close()


ROWS = {
    "config not JSON": ("UPDATE games SET config = '{not json' WHERE id = ?", "config is not JSON"),
    "unknown mode": ("UPDATE games SET mode = 'chess' WHERE id = ?", "its start cannot be rebuilt"),
    "unknown hero": ("UPDATE games SET config = json_set(config, '$.heroes[0]', 'nobody') WHERE id = ?",
                     "its start cannot be rebuilt"),
    "a gap in the moves": ("DELETE FROM moves WHERE game_id = ? AND ply = 2",
                           "decision 2 is missing from its moves"),
    "seats not a list": ("UPDATE games SET seats = '{\"a\": 1}' WHERE id = ?", "seats is not a JSON list"),
}


def check_served_around(client, db, bad: int, sound: list[int], reason: str) -> None:
    """`bad` is listed damaged with `reason` and refused (409); the sound tables play to
    their end."""
    listed = {t["id"]: t for t in admin(client)}
    assert reason in listed[bad]["damaged"] and set(listed[bad]) == {"id", "damaged"}
    for path in (f"/api/tables/{bad}", f"/api/tables/{bad}/about"):
        assert reason in refused(client.get(path), 409)
    for gid in sound:
        until(lambda gid=gid: client.get(f"/api/tables/{gid}", params={"key": watch_key(db, gid)}).json()["result"])
    new, keys = open_table(client)
    assert client.get(f"/api/tables/{new}", params={"key": keys[0]}).status_code == 200


@pytest.mark.parametrize("fault", list(ROWS))
def test_a_damaged_row_is_listed_damaged_and_the_others_play_on(db, quiet, capsys, fault):
    sql, reason = ROWS[fault]
    first, bad, last = three_tables(db)
    damage(db, sql, bad)
    with TestClient(create_app(db, allow_hosts=["testserver"])) as client:
        check_served_around(client, db, bad, [first, last], reason)
    (line,) = warnings(capsys.readouterr().err)
    assert line.startswith(f"warning: table {bad} not resumed: table {bad} is damaged: ") and reason in line
    for gid in (first, last):
        assert replays(db, gid).result is not None


def corrupt_a_page_of(db, gid: int) -> None:
    """Garbage over a leaf page of the moves table that holds only game `gid`'s rows."""
    con = sqlite3.connect(db)
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    size = con.execute("PRAGMA page_size").fetchone()[0]
    lo, hi = con.execute("SELECT min(rowid), max(rowid) FROM moves WHERE game_id = ?", (gid,)).fetchone()
    leaves = con.execute("SELECT pageno, ncell FROM dbstat WHERE name = 'moves' AND pagetype = 'leaf'"
                         " ORDER BY path").fetchall()
    con.close()
    first = 1
    for pageno, ncell in leaves:
        if first > lo and first + ncell - 1 < hi:  # inside the game's rows, not at their ends
            with open(db, "r+b") as f:
                f.seek((pageno - 1) * size)
                f.write(b"\xa5" * size)
            return
        first += ncell
    raise AssertionError(f"no leaf page holds only game {gid}'s moves: {leaves}")


def test_a_malformed_page_of_one_table_is_that_table_damaged(db, quiet, capsys):
    """Before: 'database disk image is malformed' stopped the server at start-up."""
    first, bad, last = three_tables(db, page_size=512)
    corrupt_a_page_of(db, bad)
    with TestClient(create_app(db, allow_hosts=["testserver"])) as client:
        check_served_around(client, db, bad, [first, last], "database disk image is malformed")
    assert warnings(capsys.readouterr().err) == [
        f"warning: table {bad} not resumed: table {bad} is damaged: {db}: database disk image is malformed"]


def test_a_malformed_page_of_the_games_table_is_one_warning_and_a_503(db, quiet, capsys):
    """When the list of games itself cannot be read, no table can be told apart: the
    server still starts, says so in one line and opens no new table."""
    three_tables(db, page_size=512)
    con = sqlite3.connect(db)
    con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    (pageno,) = con.execute("SELECT pageno FROM dbstat WHERE name = 'games' AND pagetype = 'leaf'"
                            " ORDER BY path").fetchone()
    con.close()
    with open(db, "r+b") as f:
        f.seek((pageno - 1) * 512)
        f.write(b"\xa5" * 512)
    line = f"{db}: cannot read its tables: database disk image is malformed"
    with TestClient(create_app(db, allow_hosts=["testserver"])) as client:
        assert refused(client.post("/api/tables", json=DFP), 503) == line
    assert warnings(capsys.readouterr().err) == [f"warning: {line}"]


def whole_db_damage(db, fault: str) -> str:
    """Damage the database as a whole; returns the one line that names it."""
    if fault == "a dropped column":
        damage(db, "ALTER TABLE games DROP COLUMN reason")
        return f"{db} is damaged: its games table has no column reason"
    if fault == "a dropped moves table":
        damage(db, "DROP TABLE moves")
        return f"{db} is damaged: it has a games table but no moves table"
    locks = f"{os.path.realpath(db)}.locks"
    if os.path.exists(locks):
        os.remove(locks)
    os.mkdir(locks)
    return f"cannot open the lock file {locks}: Is a directory; no game of {db} can be played"


@pytest.mark.parametrize("fault", ["a dropped column", "a dropped moves table", "the lock file a folder"])
def test_a_database_that_cannot_be_played_is_one_warning_and_a_503(db, quiet, capsys, fault):
    """Before: the server did not start (or started a dropped moves table anew)."""
    tables = three_tables(db)
    line = whole_db_damage(db, fault)
    with TestClient(create_app(db, allow_hosts=["testserver"])) as client:
        assert admin(client) == [{"id": gid, "damaged": line} for gid in tables]
        for gid in tables:
            assert refused(client.get(f"/api/tables/{gid}", params={"key": watch_key(db, gid)}), 409) == line
        assert refused(client.post("/api/tables", json=DFP), 503) == line
    assert warnings(capsys.readouterr().err) == [f"warning: {line}"]
    if fault == "a dropped moves table":
        assert "moves" not in {n for (n,) in sqlite3.connect(db).execute(
            "SELECT name FROM sqlite_master WHERE type = 'table'")}


def test_serve_starts_on_a_database_with_a_dropped_column(db):
    """`multiverse serve` itself: it starts, prints one warning line and no traceback."""
    tables = three_tables(db)
    line = whole_db_damage(db, "a dropped column")
    server = Server(db, free_port())
    try:
        r = httpx.post(f"{server.url}/api/tables", json=DFP, timeout=30)
        assert (r.status_code, r.json()) == (503, {"error": line})
        r = httpx.get(f"{server.url}/api/tables/{tables[0]}", timeout=30)
        assert (r.status_code, r.json()) == (409, {"error": line})
        os.set_blocking(server.proc.stderr.fileno(), False)
        err = (server.proc.stderr.read() or b"").decode()
    finally:
        server.kill()
    assert err.splitlines() == [f"warning: {line}"]


# ----- 3. a write the store refuses only pauses the agents ------------------------------------
def test_agents_wait_out_a_store_that_refuses_writes_and_go_on(db, quiet, capsys):
    """Before: the first refused write stopped the table's agents until a restart."""
    deny = lambda action, *_: sqlite3.SQLITE_DENY if action in (  # noqa: E731
        sqlite3.SQLITE_INSERT, sqlite3.SQLITE_UPDATE, sqlite3.SQLITE_DELETE) else sqlite3.SQLITE_OK
    with TestClient(create_app(db, agent_delay=0.02, allow_hosts=["testserver"])) as client:
        hub = client.app.state.hub
        gid, _ = open_table(client, {**DFP, "seed": 0, "seats": ["random"] * 3})
        human, keys = open_table(client)
        until(lambda: len(hub.tables[gid].choices) >= 3)  # the agents are under way
        client.portal.call(hub.store.db.set_authorizer, deny)
        seen: list[str] = []
        err = until(lambda: seen.append(capsys.readouterr().err) or "".join(seen))
        assert err.startswith(f"warning: table {gid} cannot store decision "), err
        stuck = hub.tables[gid].choices[:]
        a = client.get(f"/api/tables/{human}", params={"key": keys[0]}).json()
        d = a["decision"]
        r = client.post(f"/api/tables/{human}/choose",
                        json={"key": keys[0], "decision": d["number"], "option": d["options"][0]["id"]})
        assert refused(r, 503) == f"{db}: not authorized"  # a click: one line, nothing moved
        assert client.get(f"/api/tables/{human}/about", params={"key": watch_key(db, human)}).json()["decisions"] == 0
        assert hub.tables[gid].choices == stuck and hub.tables[gid].state.result is None
        client.portal.call(hub.store.db.set_authorizer, None)
        until(lambda: client.get(f"/api/tables/{gid}", params={"key": watch_key(db, gid)}).json()["result"])
    err += capsys.readouterr().err
    lines = [line for line in err.splitlines() if f"table {gid}" in line]
    assert lines == [lines[0], f"table {gid}: decision {len(stuck) + 1} is stored; its agents play on"]
    assert lines[0] == f"warning: table {gid} cannot store decision {len(stuck) + 1}: {db}: not " \
                       "authorized; its agents try again until the store accepts writes"
    rec = replays(db, gid)
    assert rec.choices[:len(stuck)] == stuck and rec.result is not None


def test_a_file_size_limit_pauses_the_server_and_it_goes_on_without_restart(db):
    """A real refused write, in `multiverse serve`: RLIMIT_FSIZE lowered to one byte (as a
    full disk would) makes every write fail; a click is a one-line 500 that moves nothing,
    the agent table waits (one warning line), and once the limit is lifted the agent table
    plays to its end and the click goes through, with no restart."""
    import resource

    server = Server(db, free_port(), "--agent-delay", "0.02")
    try:
        c = httpx.Client(base_url=server.url, timeout=30)
        gid, _ = open_table(c, {**DFP, "seed": 0, "seats": ["random"] * 3})
        human, keys = open_table(c)
        until(lambda: c.get(f"/api/tables/{gid}/about", params={"key": watch_key(db, gid)}).json()["decisions"] >= 3)
        hard = resource.prlimit(server.proc.pid, resource.RLIMIT_FSIZE)[1]
        resource.prlimit(server.proc.pid, resource.RLIMIT_FSIZE, (1, hard))
        warning = server.proc.stderr.readline().decode().rstrip("\n")
        assert warning.startswith(f"warning: table {gid} cannot store decision "), warning
        assert warning.endswith(f": {db}: disk I/O error; its agents try again until the store "
                                "accepts writes")
        stuck = c.get(f"/api/tables/{gid}/about", params={"key": watch_key(db, gid)}).json()["decisions"]
        d = c.get(f"/api/tables/{human}", params={"key": keys[0]}).json()["decision"]
        click = {"key": keys[0], "decision": d["number"], "option": d["options"][0]["id"]}
        assert refused(c.post(f"/api/tables/{human}/choose", json=click), 503) == f"{db}: disk I/O error"
        assert c.get(f"/api/tables/{human}/about", params={"key": watch_key(db, human)}).json()["decisions"] == 0
        resource.prlimit(server.proc.pid, resource.RLIMIT_FSIZE, (resource.RLIM_INFINITY, hard))
        until(lambda: c.get(f"/api/tables/{gid}", params={"key": watch_key(db, gid)}).json()["result"])
        assert c.post(f"/api/tables/{human}/choose", json=click).status_code == 200
        os.set_blocking(server.proc.stderr.fileno(), False)
        err = (server.proc.stderr.read() or b"").decode()
        c.close()
    finally:
        server.kill()
    assert err.splitlines() == [f"table {gid}: decision {stuck + 1} is stored; its agents play on"]
    assert replays(db, gid).result is not None and replays(db, human).decisions == 1
