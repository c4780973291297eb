"""The strong agent (issue 24): ISMCTS with the settings its mode registers, one name for every
mode; the lab runs it like any agent, and the curve puts every agent on CPU seconds per game."""

from __future__ import annotations

import json
import sqlite3
from typing import Any

import pytest
from typer.testing import CliRunner

from multiverse import modes
from multiverse.agents import AGENTS, ISMCTSAgent, StrongAgent
from multiverse.agents.seeds import AgentSpec, agent_seed, game_seed
from multiverse.cli.main import app
from multiverse.lab.curve import curve_agents, strength_curve
from multiverse.lab.runner import run_lab
from multiverse.lab.store import LabStore


def choices(mode_name: str, make, seed: int = 3, most: int = 40) -> list[str]:
    mode = modes.get(mode_name)
    config = mode.make_config("3")
    gs = game_seed(seed, 0)
    s = mode.new_game(config, gs)
    agents = [make(agent_seed(gs, k)) for k in range(mode.n_seats(config))]
    out = []
    while (d := s.decision()) is not None and len(out) < most:
        out.append(agents[d.seat].choose(d, s))
        s.apply(out[-1])
    return out


@pytest.mark.parametrize("mode_name", ["dofp", "sentinels"])
def test_strong_plays_its_modes_search_settings(mode_name, monkeypatch):
    mode = modes.get(mode_name)
    monkeypatch.setattr(type(mode), "strong_search", {"iterations": 4, "turns": 2})
    strong = choices(mode_name, StrongAgent)
    assert strong == choices(mode_name, lambda seed: ISMCTSAgent(seed, iterations=4, turns=2))
    agent = StrongAgent(5)
    s = mode.new_game(mode.make_config("3"), 5)
    agent.choose(s.decision(), s)
    assert (agent.search.iterations, agent.search.turns, agent.search.last_iterations) == (4, 2, 4)


def test_overrides_win_and_a_bad_one_fails_at_once(monkeypatch):
    monkeypatch.setattr(type(modes.get("dofp")), "strong_search", {"iterations": 50})
    s = modes.get("dofp").new_game(modes.get("dofp").make_config("3"), 1)
    assert StrongAgent(1, iterations=2).settings(s) == {"iterations": 2}
    assert StrongAgent(1).settings(s) == {"iterations": 50}
    with pytest.raises(TypeError):
        StrongAgent(1, oracle=True)
    assert AGENTS["strong"] is StrongAgent


def test_every_mode_names_its_strong_settings():
    for mode in modes.all_modes():
        ISMCTSAgent(0, **mode.strong_search)  # every keyword is one ISMCTS takes
        assert mode.strong_search["iterations"] >= 1


def test_lab_runs_strong_from_the_command_line(tmp_path, monkeypatch):
    monkeypatch.setattr(type(modes.get("dofp")), "strong_search", {"iterations": 2})
    r = CliRunner().invoke(app, ["lab", "run", "dofp", "--games", "2", "--agent", "strong", "--jobs", "1",
                                 "--out", str(tmp_path / "lab.db"), "--json", "--no-progress"])
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    assert out["agent"] == "strong" and out["games"] == 2 and out["cpu_games"] == 2
    r = CliRunner().invoke(app, ["lab", "run", "dofp", "--games", "1", "--agent", "strong",
                                 "--agent-set", "turns=2", "--jobs", "1", "--iterations", "1",
                                 "--out", str(tmp_path / "lab.db"), "--json", "--no-progress"])
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["agent"] == "strong(iterations=1,turns=2)"


def test_lab_run_says_whether_the_engine_ran_compiled(tmp_path, monkeypatch):
    """`lab run` says how many hot modules ran compiled beside its CPU seconds (JSON
    `compiled` of `hot_modules`; the table's `engine` row), and says so plainly when the
    engine runs from its Python source."""
    from multiverse import compiled

    def invoke(*extra: str) -> Any:
        r = CliRunner().invoke(app, ["lab", "run", "dofp", "--games", "1", "--agent", "random",
                                     "--jobs", "1", "--out", str(tmp_path / "lab.db"),
                                     "--no-progress", *extra])
        assert r.exit_code == 0, r.output
        return r

    monkeypatch.setattr(compiled, "from_source", lambda root=None: [])
    out = json.loads(invoke("--json").stdout)
    assert out["compiled"] == out["hot_modules"] == len(compiled.HOT)
    assert f"compiled ({len(compiled.HOT)} hot modules)" in invoke().stdout
    monkeypatch.setattr(compiled, "from_source", lambda root=None: list(compiled.HOT))
    monkeypatch.setattr(compiled.SourceWhenNewer, "pure", True)
    out = json.loads(invoke("--json").stdout)
    assert out["compiled"] == 0 and out["hot_modules"] == len(compiled.HOT)
    assert "│ engine " in invoke().stdout  # (the table's row; its words, wrapped there:)
    from multiverse.cli.lab import _engine_words

    assert _engine_words(0, 55) == ("55 of 55 hot modules from their Python source "
                                    "(MULTIVERSE_PURE=1); the CPU seconds are the source's, "
                                    "several times the compiled build's")
    monkeypatch.setattr(compiled.SourceWhenNewer, "pure", False)
    assert _engine_words(54, 55).startswith("1 of 55 hot modules from their Python source (a hot "
                                            "module edited since the build, or none built")


def test_sweep_and_curve_say_whether_the_engine_ran_compiled(tmp_path, monkeypatch):
    """`lab sweep` and `lab curve` say, as `lab run` does, whether their CPU seconds are the
    compiled build's: JSON `compiled` of `hot_modules` (the sweep's document, each curve
    row), and an `engine:` line in their text."""
    from multiverse import compiled

    def invoke(*args: str) -> Any:
        r = CliRunner().invoke(app, ["lab", *args, "--games", "1", "--jobs", "1",
                                     "--out", str(tmp_path / "lab.db")])
        assert r.exit_code == 0, r.output
        return r.stdout

    sweep = ("sweep", "dofp", "--param", "sentinel_health=1..2", "--agent", "random", "--no-progress")
    curve = ("curve", "dofp", "--budgets", "1", "--no-strong")
    hot = len(compiled.HOT)
    monkeypatch.setattr(compiled, "from_source", lambda root=None: [])
    doc = json.loads(invoke(*sweep, "--json"))
    assert (doc["compiled"], doc["hot_modules"], len(doc["points"])) == (hot, hot, 2)
    assert f"engine: compiled ({hot} hot modules)" in invoke(*sweep)
    rows = [json.loads(x) for x in invoke(*curve, "--json").splitlines()]
    assert [(r["agent"], r["compiled"], r["hot_modules"]) for r in rows] == [
        ("random", hot, hot), ("heuristic", hot, hot), ("ismcts(iterations=1,rollout=fast)", hot, hot)]
    assert invoke(*curve).splitlines()[0] == f"engine: compiled ({hot} hot modules)"
    monkeypatch.setattr(compiled, "from_source", lambda root=None: list(compiled.HOT))
    monkeypatch.setattr(compiled.SourceWhenNewer, "pure", True)
    assert json.loads(invoke(*sweep, "--json"))["compiled"] == 0
    assert {r["compiled"] for r in map(json.loads, invoke(*curve, "--json").splitlines())} == {0}
    assert invoke(*curve).splitlines()[0] == (
        f"engine: {hot} of {hot} hot modules from their Python source (MULTIVERSE_PURE=1); "
        "the CPU seconds are the source's, several times the compiled build's")


def test_the_curve_is_each_agent_on_the_same_games(tmp_path):
    config = modes.get("dofp").make_config("3")
    specs = curve_agents([2], strong=False)
    assert [s.key for s in specs] == ["random", "heuristic", "ismcts(iterations=2,rollout=fast)"]
    with LabStore(tmp_path / "lab.db") as store:
        rows = strength_curve(config, specs, 3, 4, store)
        alone = run_lab(config, AgentSpec("heuristic"), 3, 4, store)  # stored: nothing replayed
    assert [r["agent"] for r in rows] == [s.key for s in specs]
    assert rows[1]["wins"] == alone["wins"] and alone["played"] == 0
    assert all(r["games"] == 3 and r["cpu_games"] == 3 and r["cpu_seconds_per_game"] > 0 for r in rows)
    assert rows[0]["cpu_seconds_per_game"] < rows[2]["cpu_seconds_per_game"]  # search costs more


def test_curve_command_and_its_bad_budgets(tmp_path):
    db = tmp_path / "lab.db"
    r = CliRunner().invoke(app, ["lab", "curve", "dofp", "--budgets", "2", "--games", "2", "--no-strong",
                                 "--jobs", "1", "--out", str(db), "--json", "--plot", str(tmp_path / "c.png")])
    assert r.exit_code == 0, r.output
    lines = [json.loads(x) for x in r.stdout.splitlines() if x.startswith("{")]
    assert [x["agent"] for x in lines] == ["random", "heuristic", "ismcts(iterations=2,rollout=fast)"]
    assert (tmp_path / "c.png").stat().st_size > 1000
    for bad in ("x", "0", ""):
        r = CliRunner().invoke(app, ["lab", "curve", "dofp", "--budgets", bad, "--out", str(db)])
        assert r.exit_code == 2 and "error: --budgets" in r.output, bad


def test_curve_points_that_stop_once_the_choice_is_made(tmp_path):
    """`--stop-early-budgets`: ISMCTS at those budgets with `stop_early`, stored under the key
    `lab run --agent ismcts --agent-set stop_early=true` gives, so either finds the other's games."""
    db = tmp_path / "lab.db"
    run = CliRunner().invoke(app, ["lab", "run", "dofp", "--agent", "ismcts", "--iterations", "6",
                                   "--agent-set", "stop_early=true", "--games", "2", "--jobs", "1",
                                   "--out", str(db), "--json", "--no-progress"])
    assert run.exit_code == 0, run.output
    r = CliRunner().invoke(app, ["lab", "curve", "dofp", "--budgets", "2", "--stop-early-budgets", "6",
                                 "--games", "2", "--no-strong", "--jobs", "1", "--out", str(db), "--json"])
    assert r.exit_code == 0, r.output
    lines = [json.loads(x) for x in r.stdout.splitlines() if x.startswith("{")]
    assert [x["agent"] for x in lines][-1] == "ismcts(iterations=6,rollout=fast,stop_early=True)"
    stored = json.loads(run.stdout.splitlines()[-1])
    assert (lines[-1]["wins"], lines[-1]["games"]) == (stored["wins"], 2)
    with LabStore(db) as store:  # the curve replayed none of the games `lab run` stored
        again = run_lab(modes.get("dofp").make_config("3"),
                        AgentSpec("ismcts", (("iterations", 6), ("rollout", "fast"), ("stop_early", True))),
                        2, 1, store)
    assert again["played"] == 0
    bad = CliRunner().invoke(app, ["lab", "curve", "dofp", "--stop-early-budgets", "x", "--out", str(db)])
    assert bad.exit_code == 2 and "error: --stop-early-budgets" in bad.output


def test_curve_points_that_stop_at_a_share(tmp_path):
    """`--stop-early-budgets 6@0.5`: ISMCTS with `stop_early=0.5`, stored under the key
    `lab run --agent-set stop_early=0.5` gives; `N@1` is the exact `stop_early`; a share
    outside (0, 1] or a word is refused before anything runs."""
    db = tmp_path / "lab.db"
    run = CliRunner().invoke(app, ["lab", "run", "dofp", "--agent", "ismcts", "--iterations", "6",
                                   "--agent-set", "stop_early=0.5", "--games", "2", "--jobs", "1",
                                   "--out", str(db), "--json", "--no-progress"])
    assert run.exit_code == 0, run.output
    r = CliRunner().invoke(app, ["lab", "curve", "dofp", "--budgets", "2", "--stop-early-budgets",
                                 "6@0.5, 4@1", "--games", "2", "--no-strong", "--jobs", "1",
                                 "--out", str(db), "--json"])
    assert r.exit_code == 0, r.output
    lines = [json.loads(x) for x in r.stdout.splitlines() if x.startswith("{")]
    assert [x["agent"] for x in lines][-2:] == ["ismcts(iterations=6,rollout=fast,stop_early=0.5)",
                                                "ismcts(iterations=4,rollout=fast,stop_early=True)"]
    stored = json.loads(run.stdout.splitlines()[-1])
    assert (lines[-2]["wins"], lines[-2]["games"]) == (stored["wins"], 2)
    rows = sqlite3.connect(db).execute("select count(*) from lab_results").fetchone()[0]
    for bad in ("6@0", "6@1.5", "6@x", "0@0.5", "@0.5"):
        out = CliRunner().invoke(app, ["lab", "curve", "dofp", "--stop-early-budgets", bad, "--out", str(db)])
        assert out.exit_code == 2 and "error: --stop-early-budgets" in out.output, bad
    assert sqlite3.connect(db).execute("select count(*) from lab_results").fetchone()[0] == rows == 10


def test_days_of_future_past_plays_its_measured_point():
    """The dofp curve's chosen point (docs/agents.md): 150 iterations that stop once the
    choice is made, each rollout scored at the start of the second hero turn after its leaf;
    a mode without a measured curve keeps the default 200."""
    s = modes.get("dofp").new_game(modes.get("dofp").make_config("3"), 2)
    agent = StrongAgent(4)
    assert agent.settings(s) == {"iterations": 150, "turns": 2, "stop_early": True}
    agent.choose(s.decision(), s)
    assert (agent.search.iterations, agent.search.turns, agent.search.stop_early) == (150, 2, 1.0)
    assert 0 < agent.search.last_iterations < 150  # this first decision stops early
    assert modes.get("standard").strong_search == {"iterations": 200}


def test_oblivaeon_plays_its_measured_point():
    """OblivAeon's curve (docs/agents.md): 150 iterations, rollouts scored at the start of the
    second hero turn after the leaf, stopping once the choice is made."""
    mode = modes.get("oblivaeon")
    s = mode.new_game(mode.make_config("4"), 3)
    agent = StrongAgent(5)
    assert agent.settings(s) == {"iterations": 150, "turns": 2, "stop_early": True}
    oid = agent.choose(s.decision(), s)
    assert oid in s.decision().ids()
    assert (agent.search.iterations, agent.search.turns, agent.search.stop_early) == (150, 2, 1.0)
    assert 0 < agent.search.last_iterations <= 150


def test_sentinels_plays_its_measured_point():
    """The Sentinels strong point (docs/agents.md, "The strong points played again"): 100
    iterations, rollouts scored at the start of the second hero turn after the leaf,
    stopping once the choice is made."""
    mode = modes.get("sentinels")
    s = mode.new_game(mode.make_config("4"), 3)
    agent = StrongAgent(5)
    assert agent.settings(s) == {"iterations": 100, "turns": 2, "stop_early": True}
    oid = agent.choose(s.decision(), s)
    assert oid in s.decision().ids()
    assert (agent.search.iterations, agent.search.turns, agent.search.stop_early) == (100, 2, 1.0)
    assert 0 < agent.search.last_iterations <= 100
