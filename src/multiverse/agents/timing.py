"""ISMCTS's time per decision in any mode: `python -m multiverse.agents.timing MODE`.

Plays `--games` games (game `i` with the lab's seed `game_seed(seed, i)`, each seat's
agent with `agent_seed`, as `multiverse lab run` does) with ISMCTS in every seat and
reports the CPU time (`time.process_time`, which another process sharing the machine does
not inflate much) and the wall time per decision.

    python -m multiverse.agents.timing sentinels --iterations 100 --games 2
    python -m multiverse.agents.timing standard --iterations 200 --set challenge=sentinel-ii
"""

from __future__ import annotations

import json
import time
from typing import Any

from multiverse import modes
from multiverse.agents.ismcts import ISMCTSAgent
from multiverse.agents.seeds import agent_seed, game_seed


def time_decisions(mode_name: str, iterations: int, games: int = 2, seed: int = 1,
                   sets: dict[str, Any] | None = None, heroes: str | None = None) -> dict[str, Any]:
    """Per-decision CPU and wall time of ISMCTS over whole games of `mode_name`."""
    mode = modes.get(mode_name)
    config = mode.make_config(heroes, sets=sets or {})
    decisions = 0
    cpu = wall = 0.0
    results = []
    for i in range(games):
        gs = game_seed(seed, i)
        s = mode.new_game(config, gs)
        agents = [ISMCTSAgent(agent_seed(gs, k), iterations=iterations)
                  for k in range(mode.n_seats(config))]
        while (d := s.decision()) is not None:
            c0, w0 = time.process_time(), time.perf_counter()
            oid = agents[d.seat].choose(d, s)
            cpu += time.process_time() - c0
            wall += time.perf_counter() - w0
            s.apply(oid)
            decisions += 1
        results.append(s.result)
    return {"mode": mode_name, "iterations": iterations, "games": games, "seed": seed,
            "results": results, "decisions": decisions,
            "cpu_ms_per_decision": 1000 * cpu / decisions if decisions else 0.0,
            "wall_ms_per_decision": 1000 * wall / decisions if decisions else 0.0}


def main(argv: list[str] | None = None) -> int:
    import argparse

    ap = argparse.ArgumentParser(prog="python -m multiverse.agents.timing",
                                 description="ISMCTS's time per decision in a mode.")
    ap.add_argument("mode")
    ap.add_argument("--iterations", type=int, default=100)
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--heroes", default=None)
    ap.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                    help="a configuration field (repeatable)")
    a = ap.parse_args(argv)
    sets: dict[str, Any] = {}
    for item in a.set:
        name, _, value = item.partition("=")
        try:
            sets[name] = json.loads(value)
        except ValueError:
            sets[name] = value
    print(json.dumps(time_decisions(a.mode, a.iterations, a.games, a.seed, sets, a.heroes)))
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())


__all__ = ["time_decisions"]
