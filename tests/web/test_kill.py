"""`kill -9` of a real `multiverse serve` in the middle of a game: every choice answered
200 is stored, and the restarted server takes the table up where it was and finishes it."""

from __future__ import annotations

import signal
from urllib.parse import parse_qs, urlparse

import httpx
import pytest
from web_support import Server, free_port, wait_for

from multiverse.store.games import GameStore
from multiverse.store.replay import verify


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs POSIX signals")
def test_a_killed_server_restarts_and_the_table_finishes(db):
    port = free_port()
    server = Server(db, port)
    try:
        with httpx.Client(base_url=server.url, timeout=30) as http:
            out = http.post("/api/tables", json={"mode": "dofp", "heroes": 3, "seed": 7,
                                                 "seats": ["human", "random", "heuristic"]}).json()
            gid, link = out["id"], out["seats"][0]["link"]
            key = parse_qs(urlparse(link).query)["key"][0]
            url = f"/api/tables/{gid}"
            chosen = []
            for _ in range(8):
                a = wait_for(lambda: http.get(url, params={"key": key}).json(), 0)
                option = a["decision"]["options"][0]["id"]
                assert http.post(f"{url}/choose", json={"key": key, "decision": a["decision"]["number"],
                                                        "option": option}).status_code == 200
                chosen.append(option)
            before = http.get(url, params={"key": key}).json()
    finally:
        server.kill()
    with GameStore(db, readonly=True) as store:
        rec = store.get(gid)
    assert rec.result is None and [c for c in rec.choices if c in chosen]

    server = Server(db, port)
    try:
        with httpx.Client(base_url=server.url, timeout=30) as http:
            after = wait_for(lambda: http.get(url, params={"key": key}).json(), 0)
            if before["decision"] is not None and before["decision"]["seat"] == 0:
                assert after == before  # nothing moved: the human seat was to decide
            for _ in range(5000):
                a = wait_for(lambda: http.get(url, params={"key": key}).json(), 0)
                if a["result"] is not None:
                    break
                option = a["decision"]["options"][0]["id"]
                assert http.post(f"{url}/choose", json={"key": key, "decision": a["decision"]["number"],
                                                        "option": option}).status_code == 200
            assert a["result"] in ("win", "loss")
    finally:
        server.kill()
    with GameStore(db, readonly=True) as store:
        rec = store.get(gid)
    state, problem = verify(rec)
    assert problem is None and rec.result == state.result == a["result"]
