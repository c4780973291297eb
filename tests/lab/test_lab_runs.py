"""Lab runs: deterministic per-game seeds, results independent of --jobs and of the backend,
resumable."""

from __future__ import annotations

import importlib.util

import pytest

from multiverse.lab.runner import AgentSpec, chunks, game_seed, run_lab
from multiverse.lab.store import LabStore
from multiverse.united.config import UnitedConfig

CONFIG = UnitedConfig(sentinel_health=2, track_max=30)


def rows(path, config=CONFIG, agent="heuristic", seed=1, games=12):
    with LabStore(path) as st:
        return st.results(config.model_dump_json(), agent, seed, games)


def test_game_seeds_are_stable_and_distinct():
    seeds = [game_seed(1, i) for i in range(1000)]
    assert len(set(seeds)) == 1000 and all(0 <= s < 2**63 for s in seeds)
    assert seeds[:3] == [game_seed(1, 0), game_seed(1, 1), game_seed(1, 2)]
    assert game_seed(2, 0) != game_seed(1, 0)


def test_chunks_cover_every_game_once():
    items = [(i, i) for i in range(103)]
    for jobs in (1, 2, 8):
        parts = chunks(items, jobs)
        assert [x for p in parts for x in p] == items


def test_jobs_1_and_jobs_2_store_the_same_results(tmp_path):
    spec = AgentSpec("heuristic")
    with LabStore(tmp_path / "one.db") as st:
        one = run_lab(CONFIG, spec, 12, 1, st, jobs=1)
    with LabStore(tmp_path / "two.db") as st:
        two = run_lab(CONFIG, spec, 12, 1, st, jobs=2)
    assert rows(tmp_path / "one.db") == rows(tmp_path / "two.db")
    assert len(rows(tmp_path / "one.db")) == 12
    for k in ("games", "wins", "win_rate", "ci95", "loss_reasons", "mean_rounds"):
        assert one[k] == two[k]


def test_a_rerun_resumes(tmp_path):
    spec = AgentSpec("random")
    seen = []
    with LabStore(tmp_path / "lab.db") as st:
        first = run_lab(CONFIG, spec, 6, 3, st, jobs=1)
        again = run_lab(CONFIG, spec, 10, 3, st, jobs=1, on_progress=lambda d, t: seen.append((d, t)))
    assert first["played"] == 6 and again["played"] == 4 and again["skipped"] == 6
    assert seen[0] == (6, 10) and seen[-1] == (10, 10)
    with LabStore(tmp_path / "fresh.db") as st:
        run_lab(CONFIG, spec, 10, 3, st, jobs=1)
    assert rows(tmp_path / "lab.db", agent="random", seed=3, games=10) == \
        rows(tmp_path / "fresh.db", agent="random", seed=3, games=10)


def test_agent_parameters_key_the_results(tmp_path):
    spec = AgentSpec("ismcts", (("iterations", 3), ("rollout", "random")))
    assert spec.key == "ismcts(iterations=3,rollout=random)"
    with LabStore(tmp_path / "lab.db") as st:
        r = run_lab(UnitedConfig(sentinel_health=1, track_max=40), spec, 2, 1, st, jobs=1)
    assert r["games"] == 2 and r["agent"] == spec.key


def test_unknown_backend(tmp_path):
    with LabStore(tmp_path / "lab.db") as st, pytest.raises(ValueError, match="backend"):
        run_lab(CONFIG, AgentSpec("random"), 1, 1, st, backend="carrier-pigeon")


@pytest.mark.skipif(importlib.util.find_spec("ray") is None, reason="ray is not installed")
@pytest.mark.parametrize("spec, games", [(AgentSpec("heuristic"), 8),
                                         (AgentSpec("strong", (("iterations", 3),)), 4)])
def test_ray_backend_stores_the_same_results_as_local(tmp_path, spec, games):
    """The same seeds give the same games on Ray as in one local process: the search agent's
    too (its generator is seeded per seat, never from the worker)."""
    with LabStore(tmp_path / "local.db") as st:
        run_lab(CONFIG, spec, games, 5, st, jobs=1)
    with LabStore(tmp_path / "ray.db") as st:
        r = run_lab(CONFIG, spec, games, 5, st, jobs=2, backend="ray")
    assert r["backend"] == "ray" and r["played"] == games
    local = rows(tmp_path / "local.db", agent=spec.key, seed=5, games=games)
    assert len(local) == games
    assert local == rows(tmp_path / "ray.db", agent=spec.key, seed=5, games=games)


def test_chunks_shrink_toward_the_end():
    parts = chunks([(i, i) for i in range(600)], 2)
    sizes = [len(p) for p in parts]
    assert sizes[0] == 25 and sizes[-1] == 1
    assert sizes == sorted(sizes, reverse=True)
    assert [len(p) for p in chunks([(i, i) for i in range(7)], 2, most=1)] == [1] * 7
