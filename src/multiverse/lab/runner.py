"""Batch simulation: many games of one configuration with one agent in every seat.

Determinism: game `i` of a run with seed `S` is played with the seed `game_seed(S, i)`,
and each seat's agent with `agent_seed(game_seed, seat)`; nothing depends on which worker
plays it or in which order, so `--jobs 1`, `--jobs 8` and the Ray backend store exactly the
same rows, and a re-run only plays the games not stored yet.

Backends: `local` plays in this process (`jobs=1`) or in `jobs` processes
(`concurrent.futures`, spawned workers); `ray` sends chunks of games to a Ray cluster
(`address`), or to a local one it starts with `jobs` CPUs and stops afterwards.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from multiverse.engine.rng import GOLDEN, MASK, splitmix_next
from multiverse.lab.stats import summarize
from multiverse.lab.store import LabStore, Row
from multiverse.united.config import UnitedConfig

BACKENDS = ("local", "ray")
AGENT_SALT = 0xA6E7_5EED_0000_0000


def game_seed(run_seed: int, index: int) -> int:
    """The seed of game `index` of a run (63 bits, so SQLite stores it as an integer)."""
    base = splitmix_next(run_seed & MASK)[1]
    return splitmix_next((base + index * GOLDEN) & MASK)[1] >> 1


def agent_seed(seed: int, seat: int) -> int:
    """The seed of the agent in `seat`: derived from the game's seed, but its own stream."""
    return splitmix_next(((seed ^ AGENT_SALT) + seat) & MASK)[1]


@dataclass(frozen=True)
class AgentSpec:
    """An agent by name with its parameters (ISMCTS: iterations, rollout, …)."""

    name: str = "heuristic"
    params: tuple[tuple[str, Any], ...] = field(default=())

    @property
    def key(self) -> str:
        if not self.params:
            return self.name
        return f"{self.name}({','.join(f'{k}={v}' for k, v in sorted(self.params))})"

    def make(self, seed: int):
        from multiverse.agents import AGENTS

        if self.name not in AGENTS:
            raise KeyError(f"unknown agent {self.name!r}; known agents: {', '.join(sorted(AGENTS))}")
        return AGENTS[self.name](seed, **dict(self.params))


def play_game(config: UnitedConfig, spec: AgentSpec, seed: int) -> tuple[str, str, int, int]:
    """Play one game with `spec` in every seat: (result, reason, rounds, decisions)."""
    from multiverse.united.dofp.game import new_game

    s = new_game(config, seed=seed)
    seats = 1 if config.solo else config.n_heroes
    agents = [spec.make(agent_seed(seed, i)) for i in range(seats)]
    while (d := s.decision()) is not None:
        s.apply(agents[d.seat].choose(d, s))
    return s.result or "loss", s.reason or "", s.round, s.decisions


def run_chunk(config_json: str, spec: AgentSpec, items: list[tuple[int, int]]) -> list[Row]:
    """Play the games `(index, seed)` of one chunk (in a worker)."""
    config = UnitedConfig.model_validate_json(config_json)
    out: list[Row] = []
    for index, seed in items:
        result, reason, rounds, decisions = play_game(config, spec, seed)
        out.append((index, seed, result, reason, rounds, decisions))
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


def _ray(config_json: str, spec: AgentSpec, parts: list[list[tuple[int, int]]], jobs: int,
         address: str | None) -> Iterator[list[Row]]:
    try:
        import ray
    except ImportError:
        raise RuntimeError("the ray backend needs Ray: pip install 'multiverse[ray]'") from None
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


def run_lab(config: UnitedConfig, spec: AgentSpec, games: int, seed: int, store: LabStore,
            jobs: int = 1, backend: str = "local", address: str | None = None,
            on_progress: Callable[[int, int], None] | None = None) -> dict[str, Any]:
    """Play the games of a run not stored yet, store them, and summarize all `games`.

    `on_progress(done, total)` is called as games finish (counting stored ones as done)."""
    if backend not in BACKENDS:
        raise ValueError(f"unknown backend {backend!r}; backends: {', '.join(BACKENDS)}")
    if games < 0:
        raise ValueError("games must be 0 or more")
    config_json = config.model_dump_json()
    stored = store.stored_games(config_json, spec.key, seed)
    todo = [(i, game_seed(seed, i)) for i in range(games) if i not in stored]
    done = games - len(todo)
    if on_progress:
        on_progress(done, games)
    parts = chunks(todo, jobs, most=1 if spec.name == "ismcts" else 25)  # search: seconds a game
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
