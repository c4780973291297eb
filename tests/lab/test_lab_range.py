"""tools/lab_range.py: games i .. j of a lab point, played in parts, are the lab's own games
(the same seeds, the same results as `lab run` stores), and a part already played is kept."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from multiverse.cli.lab import build_config
from multiverse.lab.runner import AgentSpec, run_lab
from multiverse.lab.store import LabStore

TOOL = Path(__file__).resolve().parents[2] / "tools" / "lab_range.py"


def play(out: Path, first: int, last: int) -> None:
    subprocess.run([sys.executable, str(TOOL), "dofp", "--heroes", "3", "--agent", "heuristic",
                    "--first", str(first), "--last", str(last), "--out", str(out)],
                   check=True, capture_output=True, timeout=300)


def test_parts_played_apart_are_the_games_lab_run_stores(tmp_path):
    out = tmp_path / "part.jsonl"
    play(out, 3, 6)
    play(out, 0, 3)
    play(out, 0, 6)  # every game is in the file already: nothing is played again
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert sorted(r["index"] for r in lines) == list(range(6))
    config = build_config("dofp", "3")
    with LabStore(tmp_path / "lab.db") as store:
        run_lab(config, AgentSpec("heuristic"), 6, 1, store)
        stored = store.results(config.model_dump_json(), "heuristic", 1, 6)
    by_index = {r["index"]: r for r in lines}
    for row in stored:
        mine = by_index[row["game"]]
        assert (mine["seed"], mine["result"], mine["reason"], mine["rounds"], mine["decisions"]) == (
            row["game_seed"], row["result"], row["reason"], row["rounds"], row["decisions"])
        assert mine["cpu"] >= 0


def test_a_bad_hero_is_one_error_line_and_nothing_is_played(tmp_path):
    out = tmp_path / "part.jsonl"
    run = subprocess.run([sys.executable, str(TOOL), "oblivaeon", "--heroes", "nobody", "--last", "2",
                          "--out", str(out)], capture_output=True, text=True, timeout=120)
    assert run.returncode == 1
    assert run.stderr.strip().splitlines() == [run.stderr.strip()]
    assert run.stderr.startswith("error: --heroes: unknown hero 'nobody'")
    assert not out.exists()
