"""The load test's script works (a few tables), against a running server (`--url`) and against
its own (`--serve`, killed and its temporary database deleted afterwards) with a ramp of table
counts; the published figures come from `python -m multiverse.web.load --serve --ramp ...`."""

from __future__ import annotations

import asyncio
import json
import tempfile
from pathlib import Path

import httpx
import pytest
from web_support import Server, free_port

from multiverse.web.load import local_server, main, run


def test_the_load_script_measures_clicks_on_several_tables(db):
    server = Server(db, free_port())
    try:
        out = asyncio.run(run(server.url, 4, 5, ["human", "random", "heuristic"], 1))
    finally:
        server.kill()
    assert out["tables"] == 4 and 4 <= out["clicks"] <= 20
    assert 0 < out["median_ms"] <= out["p95_ms"] <= out["max_ms"]


def servers_under(folder: Path) -> list[str]:
    """The command lines of the running processes that name `folder` (Linux's /proc)."""
    out = []
    for cmdline in Path("/proc").glob("[0-9]*/cmdline"):
        try:
            text = cmdline.read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        if str(folder) in text:
            out.append(text)
    return out


NO_PROC = pytest.mark.skipif(not Path("/proc/self/cmdline").exists(), reason="reads the processes from /proc")


@NO_PROC
def test_the_own_server_is_killed_and_its_database_deleted(tmp_path):
    with local_server(tmp_path) as server:
        assert httpx.get(server.url + "/api/modes", timeout=10).status_code == 200
        assert server.db.parent.parent == tmp_path and len(servers_under(tmp_path)) == 1
    assert server.proc.poll() is not None and servers_under(tmp_path) == []
    assert not server.db.parent.exists() and list(tmp_path.iterdir()) == []


@NO_PROC
def test_a_ramp_against_its_own_server_reports_each_count_and_the_largest_under_1s(
        tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))  # the temporary database goes here
    assert main(["--serve", "--ramp", "2,3", "--clicks", "2", "--seats", "human,random"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [r["tables"] for r in lines[:2]] == [2, 3]
    for r in lines[:2]:
        assert set(r) == {"tables", "clicks", "seats", "wall_s", "median_ms", "p95_ms", "max_ms"}
        assert r["seats"] == ["human", "random"] and 0 < r["clicks"] <= 2 * r["tables"]
        assert 0 < r["median_ms"] <= r["p95_ms"] <= r["max_ms"] and r["wall_s"] > 0
    under = [r["tables"] for r in lines[:2] if r["p95_ms"] < 1000]
    assert lines[2] == {"ramp": [2, 3], "seats": ["human", "random"], "p95_bound_ms": 1000.0,
                        "largest_under_bound": max(under) if under else None}
    assert list(tmp_path.iterdir()) == [] and servers_under(tmp_path) == []


def test_a_ramp_of_no_table_is_one_error_line(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["--serve", "--ramp", "25,0"])
    assert exc.value.code == 2
    assert "'25,0': every table count is at least 1" in capsys.readouterr().err.splitlines()[-1]


def test_no_server_at_the_url_is_one_error_line():
    import pytest

    from multiverse.web.load import main

    with pytest.raises(SystemExit) as exit_:
        main(["--url", "http://127.0.0.1:1", "--tables", "1", "--clicks", "1"])
    assert str(exit_.value).startswith("error: http://127.0.0.1:1: ") and "\n" not in str(exit_.value)
