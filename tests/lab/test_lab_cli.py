"""`multiverse lab …` from the command line."""

from __future__ import annotations

import importlib.util
import json

import pytest
from typer.testing import CliRunner

from multiverse.cli.main import app


def run(*args):
    return CliRunner().invoke(app, ["lab", *map(str, args)])


def test_json_output_parses_with_the_progress_bar(tmp_path):
    out = tmp_path / "lab.db"
    r = run("run", "dofp", "--heroes", 3, "--games", 6, "--agent", "random", "--jobs", 1,
            "--seed", 1, "--out", out, "--json")
    assert r.exit_code == 0, r.output
    doc = json.loads(r.stdout)
    assert {"games", "wins", "win_rate", "ci95", "loss_reasons", "mean_rounds",
            "games_per_second"} <= set(doc)
    assert doc["games"] == 6 and len(doc["ci95"]) == 2 and doc["ci95"][0] <= doc["win_rate"] <= doc["ci95"][1]
    assert "games/s" in r.stderr  # the progress bar went to stderr
    again = json.loads(run("run", "dofp", "--games", 6, "--agent", "random", "--jobs", 1,
                           "--seed", 1, "--out", out, "--json").stdout)
    assert again["played"] == 0 and again["skipped"] == 6
    assert {k: again[k] for k in ("wins", "ci95", "loss_reasons")} == \
        {k: doc[k] for k in ("wins", "ci95", "loss_reasons")}


def test_run_prints_a_summary(tmp_path):
    r = run("run", "standard", "--games", 4, "--agent", "heuristic", "--jobs", 1,
            "--out", tmp_path / "lab.db", "--no-progress")
    assert r.exit_code == 0, r.output
    assert "win rate" in r.stdout and "Wilson" in r.stdout


def test_bad_options_are_errors(tmp_path):
    db = tmp_path / "lab.db"
    assert run("run", "dofp", "--agent", "oracle", "--out", db).exit_code == 2
    assert run("run", "dofp", "--heroes", "logan,nobody", "--out", db).exit_code == 2
    assert run("run", "dofp", "--set", "sentinel_health=0", "--out", db).exit_code == 2
    assert run("run", "dofp", "--iterations", 5, "--out", db).exit_code == 2
    assert run("sweep", "dofp", "--param", "heroes=1..2", "--out", db).exit_code == 2


@pytest.mark.skipif(importlib.util.find_spec("matplotlib") is None, reason="matplotlib is not installed")
def test_sweep_then_plot(tmp_path):
    db = tmp_path / "lab.db"
    r = run("sweep", "dofp", "--param", "sentinel_health=1..2", "--set", "track_max=30", "--games", 3,
            "--agent", "random", "--jobs", 1, "--out", db, "--json")
    assert r.exit_code == 0, r.output
    doc = json.loads(r.stdout)
    assert [p["values"] for p in doc["points"]] == [{"sentinel_health": 1}, {"sentinel_health": 2}]
    png = tmp_path / "winrate.png"
    r = run("plot", db, "--out", png)
    assert r.exit_code == 0, r.output
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_plot_without_a_sweep_is_an_error(tmp_path):
    db = tmp_path / "lab.db"
    run("run", "dofp", "--games", 1, "--agent", "random", "--jobs", 1, "--out", db, "--no-progress")
    assert run("plot", db, "--out", tmp_path / "x.png").exit_code == 2


def test_ismcts_parameters_from_the_command_line(tmp_path):
    db = tmp_path / "lab.db"
    r = run("run", "dofp", "--games", 1, "--agent", "ismcts", "--iterations", 3, "--agent-set", "turns=2",
            "--agent-set", "reuse=false", "--set", "sentinel_health=1", "--set", "track_max=40",
            "--jobs", 1, "--out", db, "--json", "--no-progress")
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["agent"] == "ismcts(iterations=3,reuse=False,rollout=fast,turns=2)"
    for bad in (("--agent", "ismcts", "--agent-set", "oracle=1"),
                ("--agent", "ismcts", "--agent-set", "turns=0"),
                ("--agent", "ismcts", "--agent-set", "prior"),
                ("--agent", "heuristic", "--agent-set", "turns=2")):
        assert run("run", "dofp", *bad, "--out", db).exit_code == 2, bad
