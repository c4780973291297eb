"""Batch simulation: many games of one configuration with one agent in every seat, for
every registered mode (the game is reached through `multiverse.modes` only).

Determinism: game `i` of a run with seed `S` is played with the seed `game_seed(S, i)`,
and each seat's agent with `agent_seed(game_seed, seat)` (both in `multiverse.agents.seeds`,
re-exported here); nothing depends on which worker plays it or in which order, so
`--jobs 1`, `--jobs 8` and the Ray backend store exactly the same rows, and a re-run only
plays the games not stored yet.

Backends: `local` plays in this process (`jobs=1`) or in `jobs` processes
(`concurrent.futures`, spawned workers); `ray` sends chunks of games to a Ray cluster
(`address`), or to a local one it starts with `jobs` CPUs and stops afterwards.
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable, Iterator
from typing import Any

from multiverse import modes
from multiverse.agents.seeds import AGENT_SALT, AgentSpec, agent_seed, game_seed
from multiverse.lab.stats import summarize
from multiverse.lab.store import LabStore, Row

BACKENDS = ("local", "ray")


def play_game(config: Any, spec: AgentSpec, seed: int) -> tuple[str, str, int, int]:
    """Play one game with `spec` in every seat: (result, reason, rounds, decisions)."""
    mode = modes.of_config(config)
    s = mode.new_game(config, seed)
    agents = [spec.make(agent_seed(seed, i)) for i in range(mode.n_seats(config))]
    while (d := s.decision()) is not None:
        s.apply(agents[d.seat].choose(d, s))
    return s.result or "loss", s.reason or "", s.round, s.decisions  # type: ignore[attr-defined]


def config_from_json(config_json: str) -> Any:
    """A configuration of any mode from its JSON (the `mode` field names the mode)."""
    doc = json.loads(config_json)
    return modes.get(doc.get("mode")).config_from_json(doc)


def run_chunk(config_json: str, spec: AgentSpec, items: list[tuple[int, int]]) -> list[Row]:
    """Play the games `(index, seed)` of one chunk (in a worker)."""
    config = config_from_json(config_json)
    out: list[Row] = []
    for index, seed in items:
        started = time.process_time()
        result, reason, rounds, decisions = play_game(config, spec, seed)
        out.append((index, seed, result, reason, rounds, decisions, time.process_time() - started))
    return out


def chunks(items: list[tuple[int, int]], jobs: int, most: int = 25) -> list[list[tuple[int, int]]]:
    """Chunks small enough for a lively progress bar, large enough to keep workers busy.

    Guided scheduling: each chunk holds a quarter of an even share of the games still left
    (at most `most`), so chunks shrink toward the end of a run and no worker sits idle for
    long while another finishes a big last chunk."""
    out: list[list[tuple[int, int]]] = []
    jobs = max(1, jobs)
    i, n = 0, len(items)
    while i < n:
        size = max(1, min(most, math.ceil((n - i) / (jobs * 4))))
        out.append(items[i: i + size])
        i += size
    return out


def _local(config_json: str, spec: AgentSpec, parts: list[list[tuple[int, int]]],
           jobs: int) -> Iterator[list[Row]]:
    if jobs <= 1:
        for part in parts:
            yield run_chunk(config_json, spec, part)
        return
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor, as_completed

    ctx = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=jobs, mp_context=ctx) as pool:
        futures = [pool.submit(run_chunk, config_json, spec, part) for part in parts]
        try:
            for fut in as_completed(futures):
                yield fut.result()
        except BaseException:
            for fut in futures:
                fut.cancel()
            raise


def check_backend(backend: str) -> None:
    """`ValueError` for an unknown backend, `RuntimeError` when Ray is asked for but missing."""
    if backend not in BACKENDS:
        raise ValueError(f"unknown backend {backend!r}; backends: {', '.join(BACKENDS)}")
    if backend == "ray":
        try:
            import ray  # noqa: F401
        except ImportError:
            raise RuntimeError("--backend ray needs Ray, which is not installed: "
                               "pip install 'multiverse[ray]'") from None


def _ray(config_json: str, spec: AgentSpec, parts: list[list[tuple[int, int]]], jobs: int,
         address: str | None) -> Iterator[list[Row]]:
    check_backend("ray")
    import ray

    started = False
    if not ray.is_initialized():
        if address:
            ray.init(address=address, log_to_driver=False)
        else:
            ray.init(num_cpus=max(1, jobs), include_dashboard=False, log_to_driver=False)
        started = True
    try:
        remote = ray.remote(run_chunk)
        pending = [remote.remote(config_json, spec, part) for part in parts]
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                yield ray.get(ref)
    finally:
        if started:
            ray.shutdown()


def cpu_summary(cpu: list[float]) -> dict[str, Any]:
    """The CPU seconds per game (mean, median, and how many games carry them): the cost axis of
    the agents' strength curves (docs/agents.md)."""
    if not cpu:
        return {"cpu_seconds_per_game": None, "cpu_seconds_median": None, "cpu_games": 0}
    import statistics

    return {"cpu_seconds_per_game": statistics.fmean(cpu), "cpu_seconds_median": statistics.median(cpu),
            "cpu_games": len(cpu)}


def run_lab(config: Any, spec: AgentSpec, games: int, seed: int, store: LabStore,
            jobs: int = 1, backend: str = "local", address: str | None = None,
            on_progress: Callable[[int, int], None] | None = None) -> dict[str, Any]:
    """Play the games of a run not stored yet, store them, and summarize all `games`.

    `on_progress(done, total)` is called as games finish (counting stored ones as done)."""
    check_backend(backend)
    if games < 0:
        raise ValueError("games must be 0 or more")
    config_json = config.model_dump_json()
    stored = store.stored_games(config_json, spec.key, seed)
    todo = [(i, game_seed(seed, i)) for i in range(games) if i not in stored]
    done = games - len(todo)
    if on_progress:
        on_progress(done, games)
    parts = chunks(todo, jobs, most=1 if spec.name in ("ismcts", "strong") else 25)  # search: seconds a game
    t0 = time.perf_counter()
    stream = (_local(config_json, spec, parts, jobs) if backend == "local"
              else _ray(config_json, spec, parts, jobs, address))
    played = 0
    for rows in stream:
        store.add_results(config_json, spec.key, seed, rows)
        played += len(rows)
        if on_progress:
            on_progress(done + played, games)
    seconds = time.perf_counter() - t0
    store.add_run(config.mode, config_json, spec.key, seed, games, played, jobs, backend, seconds)
    summary = summarize(store.results(config_json, spec.key, seed, games))
    return {
        **summary,
        **cpu_summary(store.cpu_seconds(config_json, spec.key, seed, games)),
        "games_per_second": played / seconds if played and seconds > 0 else 0.0,
        "played": played,
        "skipped": games - played,
        "seconds": seconds,
        "mode": config.mode,
        "agent": spec.key,
        "seed": seed,
        "jobs": jobs,
        "backend": backend,
        "config": config.model_dump(mode="json"),
    }


__all__ = ["AGENT_SALT", "BACKENDS", "AgentSpec", "agent_seed", "check_backend", "chunks",
           "config_from_json", "cpu_summary", "game_seed", "play_game", "run_chunk", "run_lab"]
