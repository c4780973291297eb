"""A bounded load test of a running `multiverse serve` on loopback (issue 11): many tables at
once, each with one human seat played by a script over the page's own channels (the
WebSocket for what is shown, `choose` for the click) and agents in the other seats.

Measured: the time from a click (the `choose` request sent) to the next decision of that
seat shown (the WebSocket message that offers its next options, or the end of the game).

    python -m multiverse.web.load --url http://127.0.0.1:8000 --tables 50 --clicks 30
    python -m multiverse.web.load --serve --ramp 25,50,75,100 --clicks 20

`--serve` starts its own `multiverse serve` on a free loopback port with a temporary
database, and kills it and deletes the database afterwards. `--ramp` makes one run per table
count (a JSON line each) and ends with a summary line: the largest count whose p95 is under
1 s. Every run is bounded: it stops after its clicks.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse


async def play_table(http: Any, url: str, body: dict[str, Any], clicks: int) -> list[float]:
    """Open a table and click the first option of seat 0 up to `clicks` times; returns the
    click-to-next-decision times in seconds."""
    import websockets

    r = await http.post(f"{url}/api/tables", json=body)
    r.raise_for_status()
    out = r.json()
    gid, link = out["id"], out["seats"][0]["link"]
    key = parse_qs(urlparse(link).query)["key"][0]
    times: list[float] = []
    ws_url = url.replace("http", "ws", 1) + f"/ws/tables/{gid}?key={key}"
    async with websockets.connect(ws_url, max_size=None) as ws:
        clicked: float | None = None
        while len(times) < clicks:
            msg = json.loads(await ws.recv())
            a = msg["answer"]
            d = a["decision"]
            mine = d is not None and d.get("options")
            if clicked is not None and (mine or a["result"] is not None):
                times.append(time.perf_counter() - clicked)
                clicked = None
            if a["result"] is not None:
                break
            if mine and clicked is None:
                clicked = time.perf_counter()
                r = await http.post(f"{url}/api/tables/{gid}/choose",
                                    json={"key": key, "decision": d["number"],
                                          "option": d["options"][0]["id"]})
                r.raise_for_status()
    return times


async def run(url: str, tables: int, clicks: int, seats: list[str], seed: int,
              mode: str = "dofp") -> dict[str, Any]:
    """One bounded run: `tables` tables at once, `clicks` clicks each; the figures."""
    import httpx

    body = {"mode": mode, "heroes": len(seats), "seats": seats}
    limits = httpx.Limits(max_connections=tables * 2, max_keepalive_connections=tables * 2,
                          keepalive_expiry=2.0)  # under uvicorn's 5 s: no reuse of a closing connection
    async with httpx.AsyncClient(timeout=120, limits=limits) as http:
        started = time.perf_counter()
        results = await asyncio.gather(*(play_table(http, url, {**body, "seed": seed + i}, clicks)
                                         for i in range(tables)))
        wall = time.perf_counter() - started
    times = sorted(t for ts in results for t in ts)
    if not times:
        raise SystemExit("no click was measured")

    def pct(p: float) -> float:
        return times[min(len(times) - 1, int(p * len(times)))]

    return {"tables": tables, "clicks": len(times), "seats": seats, "wall_s": round(wall, 2),
            "median_ms": round(1000 * statistics.median(times), 1), "p95_ms": round(1000 * pct(0.95), 1),
            "max_ms": round(1000 * times[-1], 1)}


P95_BOUND_MS = 1000.0  # the ramp's summary: the largest table count with p95 under this


def largest_under(runs: list[dict[str, Any]], bound_ms: float = P95_BOUND_MS) -> int | None:
    """The largest table count of `runs` whose p95 is under `bound_ms`, else None."""
    counts = [r["tables"] for r in runs if r["p95_ms"] < bound_ms]
    return max(counts) if counts else None


@dataclass
class LocalServer:
    """A `multiverse serve` of the script's own: its URL, process and temporary database."""

    url: str
    proc: subprocess.Popen[bytes]
    db: Path


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def local_server(tmp: Path | str | None = None, timeout: float = 60.0,
                 max_tables: int = 100) -> Iterator[LocalServer]:
    """`multiverse serve` on a free 127.0.0.1 port with a database in a new temporary folder
    (under `tmp` if given), playing up to `max_tables` tables at once (`--max-tables`); on
    leaving, the server is killed and the folder deleted."""
    import httpx

    with tempfile.TemporaryDirectory(prefix="multiverse-load-", dir=tmp) as folder:
        db, port = Path(folder) / "games.db", _free_port()
        with open(Path(folder) / "serve.err", "wb") as err:
            proc = subprocess.Popen([sys.executable, "-m", "multiverse.cli.main", "serve", "--host", "127.0.0.1",
                                     "--port", str(port), "--db", str(db), "--max-tables", str(max_tables)],
                                    stdout=subprocess.DEVNULL, stderr=err)
        try:
            url = f"http://127.0.0.1:{port}"
            deadline = time.monotonic() + timeout
            while True:
                if proc.poll() is not None:
                    why = (Path(folder) / "serve.err").read_text(errors="replace").strip()
                    raise SystemExit(f"the server did not start: {why.splitlines()[-1] if why else proc.returncode}")
                try:
                    if httpx.get(url + "/api/modes", timeout=2).status_code == 200:
                        break
                except httpx.HTTPError:
                    pass
                if time.monotonic() > deadline:
                    raise SystemExit(f"the server did not answer within {timeout:g} s")
                time.sleep(0.05)
            yield LocalServer(url, proc, db)
        finally:
            proc.kill()
            proc.wait(timeout=30)


def _counts(text: str) -> list[int]:
    try:
        counts = [int(x) for x in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r}: expected table counts separated by commas") from None
    if not counts or min(counts) < 1:
        raise argparse.ArgumentTypeError(f"{text!r}: every table count is at least 1")
    return counts


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--url", default="http://127.0.0.1:8000")
    ap.add_argument("--serve", action="store_true",
                    help="run against a server of its own (loopback, temporary database), not --url")
    ap.add_argument("--tables", type=int, default=50)
    ap.add_argument("--ramp", type=_counts, default=None,
                    help="table counts, e.g. 25,50,75,100: one run each, then the largest with p95 under 1 s")
    ap.add_argument("--clicks", type=int, default=30, help="clicks per table (fewer if its game ends)")
    ap.add_argument("--mode", default="dofp")
    ap.add_argument("--seats", default="human,random,heuristic")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    counts = args.ramp or [args.tables]
    seats = args.seats.split(",")

    def measure(url: str) -> None:
        runs = []
        for n in counts:
            runs.append(asyncio.run(run(url, n, args.clicks, seats, args.seed, args.mode)))
            print(json.dumps(runs[-1]), flush=True)
        if args.ramp:
            print(json.dumps({"ramp": counts, "seats": seats, "p95_bound_ms": P95_BOUND_MS,
                              "largest_under_bound": largest_under(runs)}), flush=True)

    import httpx

    try:
        if args.serve:
            with local_server(max_tables=max(100, sum(counts))) as server:  # a ramp's tables stay open
                measure(server.url)
        else:
            measure(args.url.rstrip("/"))
    except (httpx.HTTPError, OSError) as exc:  # no server there, or one that refused
        raise SystemExit(f"error: {args.url if not args.serve else 'the server'}: "
                         f"{str(exc).splitlines()[0] if str(exc) else type(exc).__name__}") from None
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
