"""Helpers of the web tests."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse


def wait_for(get: Any, seat: int | None, timeout: float = 60.0) -> dict:
    """Poll `get()` (an answer) until it is `seat`'s decision or the game is over."""
    deadline = time.monotonic() + timeout
    while True:
        a = get()
        d = a["decision"]
        if a["result"] is not None or (d is not None and d["seat"] == seat and "options" in d):
            return a
        assert time.monotonic() < deadline, f"no decision for seat {seat}: {a['decision']}"
        time.sleep(0.01)


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """`multiverse serve --db DB --port PORT` in a subprocess, stopped by `kill()` (SIGKILL)."""

    def __init__(self, db: Any, port: int, *args: str) -> None:
        import os
        import subprocess
        import sys

        self.url = f"http://127.0.0.1:{port}"
        env = {**os.environ, "MULTIVERSE_DB": str(db) + ".unused"}
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "multiverse.cli.main", "serve", "--db", str(db), "--port", str(port),
             *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
        import httpx

        deadline = time.monotonic() + 30
        while True:
            assert self.proc.poll() is None, self.proc.stderr.read().decode()  # type: ignore[union-attr]
            try:
                if httpx.get(self.url + "/api/modes", timeout=2).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.05)

    def kill(self) -> None:
        import signal

        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=30)
        for stream in (self.proc.stdout, self.proc.stderr):
            if stream is not None:
                stream.close()


# ----- the real browser: Debian's chromium through Playwright (never its own download) ------
CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
NO_CHROMIUM = ("Debian's chromium is not installed at /usr/bin/chromium "
               "(apt-get install -y chromium)")


@contextmanager
def chromium() -> Iterator[Any]:
    """A headless Debian chromium, closed on leaving."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            yield b
        finally:
            b.close()


# ----- the JSON API: a table opened, its seats' keys ----------------------------------------
DFP = {"mode": "dofp", "heroes": 3, "seed": 1, "seats": ["human", "human", "random"]}


def key_of(link: str) -> str:
    """The secret key of a seat's link."""
    return parse_qs(urlparse(link).query)["key"][0]


def open_table(client: Any, body: dict[str, Any] = DFP) -> tuple[int, list[str | None]]:
    """A table opened through `POST /api/tables`: its id and each seat's key (None for an
    agent's seat)."""
    r = client.post("/api/tables", json=body)
    assert r.status_code == 200, r.text
    out = r.json()
    return out["id"], [None if x["link"] is None else key_of(x["link"]) for x in out["seats"]]


def watch_key(db: Any, gid: int) -> str:
    """The spectators' secret of table `gid`, read from the database `db`."""
    import sqlite3

    con = sqlite3.connect(db)
    try:
        return con.execute("SELECT watch FROM web_tables WHERE game_id = ?", (gid,)).fetchone()[0]
    finally:
        con.close()
