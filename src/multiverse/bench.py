"""The engine's own benchmark (DESIGN property 8): `python -m multiverse.bench [--json]`.

Random 3-hero Days of Future Past playouts, the choices drawn from the benchmark's own
`random.Random` (never the game's generator). Measured, each as the median of 5 timed
repetitions after one warm-up repetition, with the garbage collector paused while a
section is timed (as `timeit` does):

- **decision** — µs per decision of the engine alone: the recorded choices of every game
  are replayed, so the timed loop holds only `decision()` and `apply()`;
- **agent** — µs per choice of the random agent alone (`randrange` over the options of
  decisions met in play), reported apart; **with agent** plays the very same games with
  the agent choosing as it goes;
- **clone** — µs per `clone()` of the states met at each decision point of a sample;
- **JSON round-trip** — µs per `from_json(to_json(s))` over a sample of those states;
- **hash** — µs per `state_hash()`;
- **games/s** — whole playouts per second: `new_game`, the agent and the engine;
- **baseline_copy** — a minimal peer run in the same process: a plain Python loop that
  copies one list of 40 ints per step (`lst[:]`). The clone is reported as a ratio to it,
  which says more than a raw figure on a shared machine.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

from multiverse.united.config import UnitedConfig
from multiverse.united.dofp.game import from_json, new_game, to_json
from multiverse.united.state import UnitedState

CONFIG = UnitedConfig(heroes=("logan", "kitty-pryde", "storm"))
REPETITIONS = 5
CLONE_SAMPLE_GAMES = 50  # clone at every decision point of this many games
JSON_SAMPLE = 500  # states round-tripped through JSON per repetition
BASELINE_INTS = 40

Record = tuple[int, list[str]]  # (game seed, choices)


def _timed(fn: Callable[[], Any]) -> float:
    """Seconds taken by `fn()` with the garbage collector paused."""
    enabled = gc.isenabled()
    gc.collect()
    gc.disable()
    try:
        t0 = time.perf_counter()
        fn()
        return time.perf_counter() - t0
    finally:
        if enabled:
            gc.enable()


AGENT_SEED = 2024


def agent_rng(game: int) -> random.Random:
    """The random agent's own generator for one game (never the game's generator)."""
    return random.Random(AGENT_SEED * 1_000_003 + game)


def agent_choice(rnd: random.Random, d) -> str:
    return d.options[rnd.randrange(len(d.options))].id


def record_games(games: int) -> list[Record]:
    """Play `games` random playouts; keep each game's seed and choices for replay."""
    out: list[Record] = []
    for g in range(games):
        rnd = agent_rng(g)
        s = new_game(CONFIG, seed=g)
        choices: list[str] = []
        while (d := s.decision()) is not None:
            oid = agent_choice(rnd, d)
            s.apply(oid)
            choices.append(oid)
        out.append((g, choices))
    return out


def sample_states(records: list[Record], games: int) -> list[UnitedState]:
    """The state at every decision point of the first `games` recorded games."""
    states: list[UnitedState] = []
    for g, choices in records[:games]:
        s = new_game(CONFIG, seed=g)
        for oid in choices:
            states.append(s.clone())
            s.apply(oid)
    return states


def _replay(starts: list[UnitedState], records: list[Record]) -> None:
    for s, (_, choices) in zip(starts, records, strict=True):
        for oid in choices:
            s.decision()
            s.apply(oid)
        s.decision()


def _play_with_agent(starts: list[UnitedState], records: list[Record]) -> None:
    """The same games as recorded (same agent generators), choosing as they go."""
    for s, (g, _) in zip(starts, records, strict=True):
        rnd = agent_rng(g)
        while (d := s.decision()) is not None:
            s.apply(agent_choice(rnd, d))


def _agent_only(decisions: list, seed: int) -> None:
    """The agent's choice alone, on decisions met in play."""
    rnd = random.Random(seed)
    for d in decisions:
        agent_choice(rnd, d)


def _full_games(n: int) -> None:
    for g in range(n):
        rnd = agent_rng(g)
        s = new_game(CONFIG, seed=g)
        while (d := s.decision()) is not None:
            s.apply(agent_choice(rnd, d))


def _clone_all(states: list[UnitedState]) -> None:
    for s in states:
        s.clone()


def baseline_copy(lists: list[list[int]]) -> None:
    """The minimal peer: a plain Python loop copying a list of 40 ints per step."""
    for lst in lists:
        lst[:]


def _json_all(states: list[UnitedState]) -> None:
    for s in states:
        from_json(to_json(s))


def _hash_all(states: list[UnitedState]) -> None:
    for s in states:
        s.state_hash()


def repetition(records: list[Record], states: list[UnitedState], rep: int) -> dict[str, float]:
    """One timed repetition; every figure in microseconds except games/s."""
    games = len(records)
    decisions = max(1, sum(len(c) for _, c in records))
    starts = [new_game(CONFIG, seed=g) for g, _ in records]
    t_replay = _timed(lambda: _replay(starts, records))
    starts = [new_game(CONFIG, seed=g) for g, _ in records]
    t_agent_play = _timed(lambda: _play_with_agent(starts, records))
    if sum(s.decisions for s in starts) != decisions:
        raise RuntimeError("the agent's games differ from the recorded ones: not deterministic")
    pending = [s.decision() for s in states]
    t_agent = _timed(lambda: _agent_only(pending, rep))
    t_setup = _timed(lambda: [new_game(CONFIG, seed=g) for g, _ in records])
    t_games = _timed(lambda: _full_games(games))
    t_clone = _timed(lambda: _clone_all(states))
    lists = [list(range(BASELINE_INTS)) for _ in states]
    t_base = _timed(lambda: baseline_copy(lists))
    js = states[:: max(1, len(states) // JSON_SAMPLE)][:JSON_SAMPLE]
    t_json = _timed(lambda: _json_all(js))
    t_hash = _timed(lambda: _hash_all(states))
    us_decision = t_replay / decisions * 1e6
    us_with_agent = t_agent_play / decisions * 1e6
    us_clone = t_clone / len(states) * 1e6
    us_base = t_base / len(states) * 1e6
    return {
        "us_per_decision": us_decision,
        "us_agent_per_decision": t_agent / len(pending) * 1e6,
        "us_per_decision_with_agent": us_with_agent,
        "us_per_clone": us_clone,
        "us_baseline_copy": us_base,
        "clone_vs_baseline_copy": us_clone / us_base if us_base else float("inf"),
        "us_per_json_roundtrip": t_json / len(js) * 1e6,
        "us_per_state_hash": t_hash / len(states) * 1e6,
        "us_per_new_game": t_setup / games * 1e6,
        "games_per_s": games / t_games,
    }


def measure(games: int = 200, repetitions: int = REPETITIONS) -> dict[str, Any]:
    """Warm up, then `repetitions` timed repetitions; return the medians and the context."""
    records = record_games(games)
    states = sample_states(records, min(games, CLONE_SAMPLE_GAMES))
    warm = max(1, min(games, 20))
    repetition(records[:warm], states[: max(1, len(states) // 10)], -1)  # warm-up
    reps = [repetition(records, states, r) for r in range(repetitions)]
    medians = {k: statistics.median(r[k] for r in reps) for k in reps[0]}
    decisions = sum(len(c) for _, c in records)
    return {
        "benchmark": "multiverse.bench",
        "mode": "dofp",
        "heroes": list(CONFIG.heroes),
        "games": games,
        "decisions": decisions,
        "decisions_per_game": decisions / games,
        "clone_sample_states": len(states),
        "repetitions": repetitions,
        "statistic": "median",
        **{k: round(v, 3) for k, v in medians.items()},
        "spread": {k: [round(min(r[k] for r in reps), 3), round(max(r[k] for r in reps), 3)]
                   for k in reps[0]},
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "machine": platform.machine(),
        "cpus": os.cpu_count(),
    }


ROWS = (
    ("us_per_decision", "µs / decision (engine: decision() + apply())", "~10 µs budget"),
    ("us_agent_per_decision", "µs / choice of the random agent alone", "reported apart"),
    ("us_per_decision_with_agent", "µs / decision with the agent", ""),
    ("us_per_clone", "µs / clone", "~10 µs budget"),
    ("us_baseline_copy", "µs / baseline_copy step (copy 40 ints)", "peer, same run"),
    ("clone_vs_baseline_copy", "clone ÷ baseline_copy", "ratio"),
    ("us_per_json_roundtrip", "µs / JSON round-trip", ""),
    ("us_per_state_hash", "µs / state_hash()", ""),
    ("us_per_new_game", "µs / new_game()", ""),
    ("games_per_s", "games / s (3 heroes, random agent)", ""),
)


def main(json_out: bool = False, games: int = 200) -> int:
    """Run the benchmark; print a rich table, or one JSON object with `json_out`."""
    if games < 1:
        print("games must be at least 1", file=sys.stderr)
        return 2
    r = measure(games)
    if json_out:
        print(json.dumps(r))
        return 0
    from rich.console import Console
    from rich.table import Table

    table = Table(title=f"multiverse bench — {r['games']} random 3-hero DFP playouts, "
                        f"{r['decisions']} decisions; median of {r['repetitions']}")
    table.add_column("measure")
    table.add_column("median", justify="right")
    table.add_column("min … max", justify="right")
    table.add_column("note")
    for key, label, note in ROWS:
        lo, hi = r["spread"][key]
        table.add_row(label, f"{r[key]:,.2f}", f"{lo:,.2f} … {hi:,.2f}", note)
    console = Console()
    console.print(table)
    console.print(f"Python {r['python']} ({r['implementation']}, {r['machine']}, "
                  f"{r['cpus']} CPUs); {r['decisions_per_game']:.1f} decisions per game; "
                  f"clones timed on {r['clone_sample_states']} states.")
    return 0


def cli(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m multiverse.bench", description=__doc__.split("\n")[0])
    p.add_argument("--json", action="store_true", dest="json_out", help="print one JSON object")
    p.add_argument("--games", type=int, default=200, help="random playouts per repetition")
    a = p.parse_args(argv)
    return main(a.json_out, a.games)


if __name__ == "__main__":
    sys.exit(cli())
