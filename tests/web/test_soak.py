"""A `kill -9` soak of a real `multiverse serve` (issue 22): eight live tables of every mode,
agents in some seats and scripted humans in others (they play over the page's channels: the
WebSocket shows the decision, `choose` clicks it with the decision's number), the server
killed with SIGKILL at seeded random moments ten times and restarted on the same database.

Afterwards every click answered 200 is stored at its decision number, every table was taken
up again after each restart (it answers with its decision and goes on moving), every stored
game replays, and the server's stderr holds no traceback. A table whose game ends is replaced by
a new one of its kind at the next restart, so that eight tables are live at every kill; the
agents wait 0.02 s before each move (`--agent-delay`) so that games last through kills."""

from __future__ import annotations

import asyncio
import json
import random
import signal
import time
from dataclasses import dataclass, field
from typing import Any

import httpx
import pytest
import websockets
from web_support import Server, free_port, key_of

from multiverse.store.games import GameStore
from multiverse.store.replay import verify

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs POSIX signals")]

TABLES = [  # (mode, seats): a human in each, agents beside most
    ("dofp", ["human", "random", "heuristic"]),
    ("dofp", ["human", "human"]),
    ("standard", ["human", "heuristic"]),
    ("standard", ["random", "human", "random", "human"]),
    ("sentinels", ["human", "random", "heuristic"]),
    ("sentinels", ["heuristic", "human", "random", "random"]),
    ("oblivaeon", ["human", "random", "random"]),
    ("oblivaeon", ["random", "heuristic", "human"]),
]
KILLS = 10
SERVE = ["--agent-delay", "0.02"]  # agents at a human's pace, so that tables live through kills
MOVE_TIMEOUT = 90.0  # seconds for every unfinished table to move once after a restart


@dataclass
class Table:
    """What the test knows of one table: its id, its human seats' keys, its progress."""

    gid: int
    spec: int  # its row of TABLES
    keys: dict[int, str]
    decisions: int = 0  # the decisions made, as last shown over the WebSocket
    over: bool = False


@dataclass
class Soak:
    tables: list[Table] = field(default_factory=list)
    acked: list[tuple[int, int, str]] = field(default_factory=list)  # (gid, number, option) answered 200
    stderr: list[str] = field(default_factory=list)  # one per life of the server


async def play_seat(http: httpx.AsyncClient, url: str, table: Table, seat: int, soak: Soak,
                    rng: random.Random) -> None:
    """A scripted human: each decision of its seat shown over the WebSocket is clicked (a
    seeded random option) through `choose`; a 409 (the decision moved on) is passed over."""
    key = table.keys[seat]
    ws_url = url.replace("http", "ws", 1) + f"/ws/tables/{table.gid}?key={key}"
    async with websockets.connect(ws_url, max_size=None) as ws:
        async for raw in ws:
            msg = json.loads(raw)
            table.decisions = max(table.decisions, msg["about"]["decisions"])
            a, d = msg["answer"], msg["answer"]["decision"]
            if a["result"] is not None:
                table.over = True
                return
            if d is None or "options" not in d:
                continue
            option = rng.choice(d["options"])["id"]
            r = await http.post(f"{url}/api/tables/{table.gid}/choose",
                                json={"key": key, "decision": d["number"], "option": option})
            if r.status_code == 200:
                soak.acked.append((table.gid, d["number"], option))
            else:
                assert r.status_code == 409, r.text


async def top_up(http: httpx.AsyncClient, url: str, soak: Soak) -> None:
    """A new table for each row of TABLES whose table is over: eight live tables at every kill."""
    for i, (mode, seats) in enumerate(TABLES):
        if any(t.spec == i and not t.over for t in soak.tables):
            continue
        r = await http.post(f"{url}/api/tables", json={"mode": mode, "heroes": len(seats),
                                                       "seed": 100 + len(soak.tables), "seats": seats})
        assert r.status_code == 200, r.text
        out = r.json()
        soak.tables.append(Table(out["id"], i, {s["seat"]: key_of(s["link"]) for s in out["seats"]
                                                if s["link"] is not None}))


async def life(server: Server, soak: Soak, rng: random.Random) -> None:
    """One life of the server: every unfinished table answers with its decision, all of them
    move at least once, then a random moment later the server is killed."""
    url = server.url
    async with httpx.AsyncClient(timeout=60) as http:
        live = [t for t in soak.tables if not t.over]
        for t in live:  # taken up again: the stored decisions, and a decision (or the end) to show
            key = next(iter(t.keys.values()))
            r = await http.get(f"{url}/api/tables/{t.gid}", params={"key": key})
            assert r.status_code == 200, r.text
            a = r.json()
            assert a["decision"] is not None or a["result"] is not None, (t.gid, a)
            if a["decision"] is not None and "number" in a["decision"]:
                assert a["decision"]["number"] >= t.decisions
        await top_up(http, url, soak)
        live = [t for t in soak.tables if not t.over]
        start = {t.gid: t.decisions for t in live}
        players = [asyncio.create_task(play_seat(http, url, t, seat, soak, random.Random(rng.random())))
                   for t in live for seat in t.keys]
        deadline = time.monotonic() + MOVE_TIMEOUT
        while any(t.decisions <= start[t.gid] and not t.over for t in live):
            for p in players:
                if p.done() and p.exception() is not None:
                    raise p.exception()  # type: ignore[misc]
            stuck = [(t.gid, t.decisions) for t in live if t.decisions <= start[t.gid] and not t.over]
            assert time.monotonic() < deadline, f"tables that did not move after the restart: {stuck}"
            await asyncio.sleep(0.05)
        await asyncio.sleep(rng.uniform(0.0, 2.0))
        soak.stderr.append(await asyncio.to_thread(kill, server))  # clicks and moves in flight
        for p in players:
            p.cancel()
        for out in await asyncio.gather(*players, return_exceptions=True):
            assert not isinstance(out, AssertionError), out  # connection errors after the kill are expected


def kill(server: Server) -> str:
    """SIGKILL the server; its stderr."""
    server.proc.send_signal(signal.SIGKILL)
    server.proc.wait(timeout=30)
    err = server.proc.stderr.read().decode()  # type: ignore[union-attr]
    server.kill()  # closes the pipes (the process is gone already)
    return err


def check_store(db: Any, soak: Soak) -> None:
    """Every acknowledged click is the stored choice at its decision number; the test's
    progress is the stored one (what a restart takes up)."""
    with GameStore(db, readonly=True) as store:
        records = {t.gid: store.get(t.gid) for t in soak.tables}
    for gid, number, option in soak.acked:
        choices = records[gid].choices
        assert number < len(choices) and choices[number] == option, (gid, number, option)
    for t in soak.tables:
        assert len(records[t.gid].choices) >= t.decisions
        t.decisions = len(records[t.gid].choices)
        t.over = records[t.gid].result is not None


def test_ten_kills_lose_no_answered_click_and_every_table_goes_on(db):
    rng = random.Random(22)
    soak = Soak()
    port = free_port()
    server = Server(db, port, *SERVE)
    for _ in range(KILLS):
        asyncio.run(life(server, soak, rng))
        check_store(db, soak)
        server = Server(db, port, *SERVE)
    try:  # the last restart: every unfinished table is taken up once more
        with httpx.Client(base_url=server.url, timeout=60) as http:
            for t in soak.tables:
                key = next(iter(t.keys.values()))
                a = http.get(f"/api/tables/{t.gid}", params={"key": key}).json()
                assert a["decision"] is not None or a["result"] is not None
    finally:
        soak.stderr.append(kill(server))
    with GameStore(db, readonly=True) as store:
        for t in soak.tables:
            rec = store.get(t.gid)
            state, problem = verify(rec)
            assert problem is None, (t.gid, problem)
            assert rec.result == state.result
    assert soak.acked
    print(f"soak: {len(soak.acked)} clicks answered; decisions {[t.decisions for t in soak.tables]}; "
          f"over {[t.over for t in soak.tables]}")
    for err in soak.stderr:
        assert "Traceback" not in err, err
