"""The load test's script works (a few tables); the published figures come from
`python -m multiverse.web.load --tables 50` against a real server (docs/web.md)."""

from __future__ import annotations

import asyncio

from web_support import Server, free_port

from multiverse.web.load import run


def test_the_load_script_measures_clicks_on_several_tables(db):
    server = Server(db, free_port())
    try:
        out = asyncio.run(run(server.url, 4, 5, ["human", "random", "heuristic"], 1))
    finally:
        server.kill()
    assert out["tables"] == 4 and 4 <= out["clicks"] <= 20
    assert 0 < out["median_ms"] <= out["p95_ms"] <= out["max_ms"]
