"""Fitting a position evaluation from self-play, for every mode: the rows of heuristic
self-play at each hero turn, an L2-regularised logistic regression (Newton's method, numpy
needed for the fit only, never for play) and the refit command line. The models themselves
live beside their games (`united.value`, `sentinels.value`, `sentinels.oblivaeon.value`)."""

from __future__ import annotations

import math
from typing import Any


def fit_logistic(x: Any, y: Any, l2: float = 1e-3, steps: int = 50) -> Any:
    """Newton's method for L2-regularised logistic regression (numpy arrays)."""
    import numpy as np

    w = np.zeros(x.shape[1])
    reg = l2 * len(y) * np.eye(x.shape[1])
    reg[0, 0] = 0.0
    for _ in range(steps):
        p = 1 / (1 + np.exp(-np.clip(x @ w, -30, 30)))
        g = x.T @ (p - y) + reg @ w
        h = (x * (p * (1 - p))[:, None]).T @ x + reg
        dw = np.linalg.solve(h, g)
        w -= dw
        if np.abs(dw).max() < 1e-9:
            break
    return w



def collect_all(collect_fn: Any, configs: list[Any], games: int, seed: int,
                jobs: int) -> list[Any]:
    """`collect_fn(config, games, seed + i)` for each configuration, in `jobs` spawned
    processes when more than one, its rows joined in configuration order."""
    if jobs > 1:
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        ctx = multiprocessing.get_context("spawn")
        with ProcessPoolExecutor(max_workers=jobs, mp_context=ctx) as pool:
            parts = list(pool.map(collect_fn, configs, [games] * len(configs),
                                  [seed + i for i in range(len(configs))]))
    else:
        parts = [collect_fn(c, games, seed + i) for i, c in enumerate(configs)]
    return [r for part in parts for r in part]



def self_play_rows(features_fn: Any, config: Any, games: int,
                   seed: int = 0) -> list[tuple[list[float], int]]:
    """(features, won) at every decision of the mode's `turn_kind` (the start of a hero's
    play phase) in heuristic self-play: the training rows of the Sentinels-engine models."""
    from multiverse import modes
    from multiverse.agents.seeds import AgentSpec, agent_seed, game_seed

    mode = modes.of_config(config)
    spec = AgentSpec("heuristic")
    rows: list[tuple[list[float], int]] = []
    for i in range(games):
        gs = game_seed(seed, i)
        s = mode.new_game(config, gs)
        agents = [spec.make(agent_seed(gs, k)) for k in range(mode.n_seats(config))]
        mine: list[list[float]] = []
        while (d := s.decision()) is not None:
            if d.kind == mode.turn_kind:
                mine.append(features_fn(s))
            s.apply(agents[d.seat].choose(d, s))
        won = int(s.result == "win")
        rows += [(x, won) for x in mine]
    return rows



def fit_model(rows: list[tuple[list[float], int]], names: Any) -> dict[str, Any]:
    """A logistic model on (features, won) rows, with its log-loss and a constant guess's."""
    import numpy as np

    xs = np.array([x for x, _ in rows])
    ys = np.array([y for _, y in rows], dtype=float)
    w = fit_logistic(xs, ys)
    p = 1 / (1 + np.exp(-np.clip(xs @ w, -30, 30)))
    eps = 1e-12
    loss = float(-np.mean(ys * np.log(p + eps) + (1 - ys) * np.log(1 - p + eps)))
    base = float(ys.mean())
    base_loss = float(-(base * math.log(base + eps) + (1 - base) * math.log(1 - base + eps)))
    return {"names": names, "weights": [round(float(v), 4) for v in w], "positions": len(rows),
            "win_share": base, "log_loss": loss, "log_loss_constant": base_loss}



def refit_main(prog: str, what: str, games: int, fit_fn: Any, argv: list[str] | None) -> int:
    """The command line of a model's refit: `--games`, `--seed`, `--jobs`; prints the fit
    and the weights to paste into the module."""
    import argparse
    import json

    ap = argparse.ArgumentParser(prog=f"python -m {prog}",
                                 description=f"Refit the {what} on heuristic self-play.")
    ap.add_argument("--games", type=int, default=games, help="games per training configuration")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=1)
    a = ap.parse_args(argv)
    r = fit_fn(a.games, a.seed, a.jobs)
    print(json.dumps(r, indent=1))
    models = r.items() if "weights" not in r else [("weights", r)]
    for name, m in models:
        print(f"    {name.upper()}: ({', '.join(f'{v:g}' for v in m['weights'])}),")
    return 0


def fit_self_play(features_fn: Any, names: Any, configs: list[Any], games: int, seed: int,
                  jobs: int) -> dict[str, Any]:
    """A model fitted on `self_play_rows` of each configuration (in `jobs` processes): the
    Sentinels-engine models' refit."""
    from functools import partial

    out = fit_model(collect_all(partial(self_play_rows, features_fn), configs, games, seed, jobs), names)
    return {**out, "games": games * len(configs)}


__all__ = ["collect_all", "fit_logistic", "fit_model", "fit_self_play", "refit_main", "self_play_rows"]
