"""A stored game survives `kill -9`: every decision is committed as it is applied, and a
resumed auto game plays on exactly as the uninterrupted one (agents are made afresh for
each decision from their seat's seed and the decision number)."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

GAME = ["play", "dofp", "--heroes", "3", "--seed", "5", "--agent", "ismcts", "--iterations", "30",
        "--auto", "--json"]


def multiverse(*args: str) -> list[str]:
    return [sys.executable, "-m", "multiverse.cli.main", *args]


def moves(db: Path) -> int:
    """Decisions stored so far (read while the writer runs: WAL lets readers in)."""
    if not db.exists():
        return 0
    con = sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=5)
    try:
        return con.execute("SELECT COUNT(*) FROM moves").fetchone()[0]
    except sqlite3.OperationalError:  # the tables are not there yet
        return 0
    finally:
        con.close()


def finished(out: str) -> dict:
    return json.loads(out.strip().splitlines()[-1])


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs POSIX signals")
def test_an_auto_game_killed_mid_run_resumes_to_the_uninterrupted_final_hash(tmp_path):
    env = {**os.environ, "MULTIVERSE_DB": str(tmp_path / "unused.db")}
    whole = subprocess.run(multiverse(*GAME, "--db", str(tmp_path / "whole.db")),
                           capture_output=True, text=True, env=env, timeout=600)
    assert whole.returncode == 0, whole.stderr
    expected = finished(whole.stdout)
    assert expected["decisions"] > 40

    db = tmp_path / "killed.db"
    proc = subprocess.Popen(multiverse(*GAME, "--db", str(db)), stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=env)
    deadline = time.monotonic() + 300
    while moves(db) < 20 and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.02)
    assert proc.poll() is None, "the game ended before it could be killed"
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=30)
    assert proc.returncode == -signal.SIGKILL
    kept = moves(db)
    assert 20 <= kept < expected["decisions"]

    resumed = subprocess.run(multiverse("play", "--resume", "1", "--auto", "--json", "--db", str(db)),
                             capture_output=True, text=True, env=env, timeout=600)
    assert resumed.returncode == 0, resumed.stderr
    out = finished(resumed.stdout)
    assert out["seats"] == ["ismcts(iterations=30)"] * 3  # the stored agents, not random ones
    assert (out["final_hash"], out["decisions"], out["result"]) == (
        expected["final_hash"], expected["decisions"], expected["result"])
    assert moves(db) == expected["decisions"]


def test_a_game_open_in_one_play_process_is_refused_to_a_second(tmp_path):
    db = tmp_path / "games.db"
    env = {**os.environ, "MULTIVERSE_DB": str(tmp_path / "unused.db")}
    first = subprocess.Popen(multiverse("play", "dofp", "--seed", "2", "--db", str(db)),
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             env=env, text=True)
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:  # the game row exists once the first is waiting
            if db.exists() and sqlite3.connect(db).execute(
                    "SELECT name FROM sqlite_master WHERE name = 'games'").fetchone():
                break
            time.sleep(0.05)
        time.sleep(0.5)
        second = subprocess.run(multiverse("play", "--resume", "1", "--auto", "--db", str(db)),
                                capture_output=True, text=True, env=env, timeout=120)
        assert second.returncode == 2
        assert second.stderr.startswith("error: game 1 is open in another process")
        assert "Traceback" not in second.stderr
        assert moves(db) == 0  # nothing written by the second process
    finally:
        first.communicate("quit\n", timeout=60)
    assert first.returncode == 0
    again = subprocess.run(multiverse("play", "--resume", "1", "--auto", "--json", "--db", str(db)),
                           capture_output=True, text=True, env=env, timeout=300)
    assert again.returncode == 0, again.stderr  # free once the first process has stopped
