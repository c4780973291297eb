"""The lab's cost axis (issue 24): every stored game carries the CPU seconds it took in its
worker, a run reports them per game, and a store made before the column keeps its results."""

from __future__ import annotations

import sqlite3

from multiverse import modes
from multiverse.agents.seeds import AgentSpec
from multiverse.lab.runner import cpu_summary, run_lab
from multiverse.lab.store import LabStore

OLD_SCHEMA = """CREATE TABLE lab_results (config TEXT NOT NULL, agent TEXT NOT NULL,
run_seed INTEGER NOT NULL, game INTEGER NOT NULL, game_seed INTEGER NOT NULL,
result TEXT NOT NULL, reason TEXT, rounds INTEGER NOT NULL, decisions INTEGER NOT NULL,
PRIMARY KEY (config, agent, run_seed, game));"""


def test_each_game_stores_its_cpu_seconds(tmp_path):
    config = modes.get("dofp").make_config("3")
    with LabStore(tmp_path / "lab.db") as store:
        r = run_lab(config, AgentSpec("heuristic"), 3, 5, store)
        cpu = store.cpu_seconds(config.model_dump_json(), "heuristic", 5, 3)
    assert len(cpu) == 3 and all(c > 0 for c in cpu)
    assert r["cpu_games"] == 3 and r["cpu_seconds_per_game"] == sum(cpu) / 3
    assert r["cpu_seconds_median"] == sorted(cpu)[1]


def test_a_store_from_before_the_cpu_column_keeps_its_games(tmp_path):
    config = modes.get("dofp").make_config("3")
    key = config.model_dump_json()
    path = tmp_path / "old.db"
    with LabStore(tmp_path / "fresh.db") as fresh:  # game 0 as played today, for its row
        run_lab(config, AgentSpec("random"), 1, 9, fresh)
        row = fresh.results(key, "random", 9, 1)[0]
    conn = sqlite3.connect(path)
    conn.executescript(OLD_SCHEMA)
    conn.execute("INSERT INTO lab_results VALUES (?,?,?,?,?,?,?,?,?)",
                 (key, "random", 9, 0, row["game_seed"], row["result"], row["reason"],
                  row["rounds"], row["decisions"]))
    conn.commit()
    conn.close()
    with LabStore(path) as store:
        r = run_lab(config, AgentSpec("random"), 2, 9, store)
        assert store.results(key, "random", 9, 2)[0] == row  # kept, not replayed
    assert r["played"] == 1 and r["games"] == 2 and r["cpu_games"] == 1


def test_no_cpu_figure_without_games():
    assert cpu_summary([]) == {"cpu_seconds_per_game": None, "cpu_seconds_median": None,
                               "cpu_games": 0}
