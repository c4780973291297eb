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
    out = run("run", "dofp", "--agent", "strong", "--agent-set", "turns=x", "--out", db)
    assert out.exit_code == 2 and "error: bad strong parameters: turns must be a whole number" in out.output
    out = run("run", "dofp", "--agent", "ismcts", "--agent-set", "exploration=abc", "--out", db)
    assert out.exit_code == 2
    assert "error: bad ismcts parameters: exploration must be a number, 0 or more, not 'abc'" in out.output


def test_lab_run_sentinels_json(tmp_path):
    r = run("run", "sentinels", "--games", 4, "--agent", "heuristic", "--jobs", 1, "--seed", 2,
            "--out", tmp_path / "lab.db", "--json", "--no-progress")
    assert r.exit_code == 0, r.output
    doc = json.loads(r.stdout)
    assert {"games", "wins", "win_rate", "ci95", "loss_reasons", "mean_rounds",
            "games_per_second"} <= set(doc)
    assert doc["games"] == 4 and doc["mode"] == "sentinels" and doc["agent"] == "heuristic"
    assert doc["config"]["heroes"] == ["luminary", "the-harpy", "akash-thriya"]
    assert doc["config"]["villain"] == "warden-of-rust"
    assert doc["wins"] + sum(doc["loss_reasons"].values()) == 4 and doc["mean_rounds"] > 1
    again = json.loads(run("run", "sentinels", "--games", 4, "--agent", "heuristic", "--jobs", 2,
                           "--seed", 2, "--out", tmp_path / "lab2.db", "--json",
                           "--no-progress").stdout)
    assert {k: again[k] for k in ("wins", "ci95", "loss_reasons", "mean_rounds")} == \
        {k: doc[k] for k in ("wins", "ci95", "loss_reasons", "mean_rounds")}


def test_lab_run_sentinels_with_ismcts_and_options(tmp_path):
    r = run("run", "sentinels", "--heroes", "luminary,the-harpy,lifeline", "--games", 1,
            "--agent", "ismcts", "--iterations", 2, "--villain", "warden-of-rust",
            "--environment", "sunken-foundry", "--set", "hand_size=3", "--jobs", 1,
            "--out", tmp_path / "lab.db", "--json", "--no-progress")
    assert r.exit_code == 0, r.output
    doc = json.loads(r.stdout)
    assert doc["agent"] == "ismcts(iterations=2,rollout=fast)" and doc["games"] == 1
    assert doc["config"]["hand_size"] == 3 and doc["config"]["environment"] == "sunken-foundry"


@pytest.mark.skipif(importlib.util.find_spec("matplotlib") is None, reason="matplotlib is not installed")
def test_sweep_sentinels_hand_size_then_plot(tmp_path):
    db = tmp_path / "lab.db"
    r = run("sweep", "sentinels", "--param", "hand_size=3..4", "--games", 2, "--agent", "random",
            "--jobs", 1, "--out", db, "--json", "--no-progress")
    assert r.exit_code == 0, r.output
    doc = json.loads(r.stdout)
    assert doc["mode"] == "sentinels"
    assert [p["values"] for p in doc["points"]] == [{"hand_size": 3}, {"hand_size": 4}]
    assert [p["config"]["hand_size"] for p in doc["points"]] == [3, 4]
    png = tmp_path / "winrate.png"
    r = run("plot", db, "--out", png)
    assert r.exit_code == 0, r.output
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def one_line_error(r) -> str:
    assert r.exit_code == 2, r.output
    assert "Traceback" not in r.output
    lines = [x for x in r.stderr.splitlines() if x.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: "), r.stderr
    return lines[0]


def test_modes_are_validated_through_the_registry(tmp_path):
    db = tmp_path / "lab.db"
    line = one_line_error(run("run", "chess", "--out", db))
    assert "unknown mode 'chess'" in line and "dofp, standard, sentinels" in line
    assert "environment" in one_line_error(run("run", "dofp", "--environment", "sunken-foundry",
                                               "--out", db))
    assert "hand_size" in one_line_error(run("sweep", "dofp", "--param", "hand_size=3..4",
                                             "--out", db))
    assert "sentinel_health" in one_line_error(run("sweep", "sentinels", "--param",
                                                   "sentinel_health=3..4", "--out", db))
    one_line_error(run("run", "sentinels", "--heroes", "2", "--out", db))
    one_line_error(run("run", "sentinels", "--set", "hand_size=x", "--out", db))
    one_line_error(run("run", "sentinels", "--solo", "--out", db))
    assert not db.exists(), "nothing is written for a bad command"
    r = run("run", "--help")
    assert r.exit_code == 0 and "dofp, standard, sentinels" in r.stdout


def test_ray_backend_without_ray_is_a_one_line_error(tmp_path, monkeypatch):
    import sys

    monkeypatch.setitem(sys.modules, "ray", None)  # `import ray` now fails as if not installed
    db = tmp_path / "lab.db"
    for args in (("run", "sentinels"), ("sweep", "dofp", "--param", "sentinel_health=3..4")):
        line = one_line_error(run(*args, "--games", 2, "--backend", "ray", "--out", db))
        assert "Ray" in line and "pip install" in line
    assert not db.exists()


def test_a_file_that_is_not_a_lab_store_is_one_error_line_and_stays_as_it_was(tmp_path):
    bad = tmp_path / "lab.db"
    bad.write_bytes(b"not a database, just bytes\n" * 40)
    before = bad.read_bytes()
    for args in (("run", "dofp", "--games", 1, "--out", bad),
                 ("curve", "dofp", "--budgets", 1, "--games", 1, "--out", bad),
                 ("plot", bad)):
        r = run(*args)
        assert r.exit_code == 2, args
        assert r.output.startswith(f"error: {bad}: not a usable lab store") and "Traceback" not in r.output
    assert bad.read_bytes() == before
