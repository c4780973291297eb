"""A bounded load test of a running `multiverse serve` on loopback (issue 11): many tables at
once, each with one human seat played by a script over the page's own channels (the
WebSocket for what is shown, `choose` for the click) and agents in the other seats.

Measured: the time from a click (the `choose` request sent) to the next decision of that
seat shown (the WebSocket message that offers its next options, or the end of the game).

    python -m multiverse.web.load --url http://127.0.0.1:8000 --tables 50 --clicks 30
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import time
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


async def run(url: str, tables: int, clicks: int, seats: list[str], seed: int) -> dict[str, Any]:
    import httpx

    body = {"mode": "dofp", "heroes": len(seats), "seats": seats}
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


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--url", default="http://127.0.0.1:8000")
    ap.add_argument("--tables", type=int, default=50)
    ap.add_argument("--clicks", type=int, default=30, help="clicks per table (fewer if its game ends)")
    ap.add_argument("--seats", default="human,random,heuristic")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    out = asyncio.run(run(args.url.rstrip("/"), args.tables, args.clicks, args.seats.split(","), args.seed))
    print(json.dumps(out))
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
