"""The engine's own benchmark (DESIGN property 8): `python -m multiverse.bench [--json]`.

Random 3-hero playouts of every mode — Days of Future Past, the standard game, and
Sentinels of the Multiverse (Luminary, The Harpy, Lifeline) — the choices drawn from the
benchmark's own `random.Random` (never the game's generator). Measured, each as the median of 5 timed
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

from multiverse import modes as registry
from multiverse.engine.state import GameState

Config = Any  # any registered mode's configuration
CONFIG = registry.get("dofp").make_config("logan,kitty-pryde,storm")  # the headline figures
REPETITIONS = 5
CLONE_SAMPLE_GAMES = 50  # clone at every decision point of this many games
JSON_SAMPLE = 500  # states round-tripped through JSON per repetition
BASELINE_INTS = 40

Record = tuple[int, list[str]]  # (game seed, choices)


def engine(config: Config) -> tuple[Callable[..., GameState], Callable[[Any], str], Callable[[str], Any]]:
    """`(new_game, to_json, from_json)` of the mode a configuration belongs to."""
    mode = registry.of_config(config)
    return (lambda c, seed=0: mode.new_game(c, seed)), mode.to_json, mode.from_json


def new_game(config: Config, seed: int) -> Any:
    return registry.of_config(config).new_game(config, seed)


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


def record_games(games: int, config: Config = CONFIG) -> list[Record]:
    """Play `games` random playouts; keep each game's seed and choices for replay."""
    out: list[Record] = []
    for g in range(games):
        rnd = agent_rng(g)
        s = new_game(config, seed=g)
        choices: list[str] = []
        while (d := s.decision()) is not None:
            oid = agent_choice(rnd, d)
            s.apply(oid)
            choices.append(oid)
        out.append((g, choices))
    return out


def sample_states(records: list[Record], games: int, config: Config = CONFIG) -> list[Any]:
    """The state at every decision point of the first `games` recorded games."""
    states: list[Any] = []
    for g, choices in records[:games]:
        s = new_game(config, seed=g)
        for oid in choices:
            states.append(s.clone())
            s.apply(oid)
    return states


def _replay(starts: list[Any], records: list[Record]) -> None:
    for s, (_, choices) in zip(starts, records, strict=True):
        for oid in choices:
            s.decision()
            s.apply(oid)
        s.decision()


def _play_with_agent(starts: list[Any], records: list[Record]) -> None:
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


def _full_games(n: int, config: Config = CONFIG) -> None:
    for g in range(n):
        rnd = agent_rng(g)
        s = new_game(config, seed=g)
        while (d := s.decision()) is not None:
            s.apply(agent_choice(rnd, d))


def _clone_all(states: list[Any]) -> None:
    for s in states:
        s.clone()


def baseline_copy(lists: list[list[int]]) -> None:
    """The minimal peer: a plain Python loop copying a list of 40 ints per step."""
    for lst in lists:
        lst[:]


def _json_all(states: list[Any]) -> None:
    if not states:
        return
    _, to_json, from_json = engine(states[0].T.config)
    for s in states:
        from_json(to_json(s))


def _hash_all(states: list[Any]) -> None:
    for s in states:
        s.state_hash()


def repetition(records: list[Record], states: list[Any], rep: int,
               config: Config = CONFIG) -> dict[str, float]:
    """One timed repetition; every figure in microseconds except games/s."""
    games = len(records)
    decisions = max(1, sum(len(c) for _, c in records))
    starts = [new_game(config, seed=g) for g, _ in records]
    t_replay = _timed(lambda: _replay(starts, records))
    starts = [new_game(config, seed=g) for g, _ in records]
    t_agent_play = _timed(lambda: _play_with_agent(starts, records))
    if sum(s.decisions for s in starts) != decisions:
        raise RuntimeError("the agent's games differ from the recorded ones: not deterministic")
    pending = [s.decision() for s in states]
    t_agent = _timed(lambda: _agent_only(pending, rep))
    t_setup = _timed(lambda: [new_game(config, seed=g) for g, _ in records])
    t_games = _timed(lambda: _full_games(games, config))
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


def measure(games: int = 200, repetitions: int = REPETITIONS,
            config: Config = CONFIG) -> dict[str, Any]:
    """Warm up, then `repetitions` timed repetitions; return the medians and the context."""
    records = record_games(games, config)
    states = sample_states(records, min(games, CLONE_SAMPLE_GAMES), config)
    warm = max(1, min(games, 20))
    repetition(records[:warm], states[: max(1, len(states) // 10)], -1, config)  # warm-up
    reps = [repetition(records, states, r, config) for r in range(repetitions)]
    medians = {k: statistics.median(r[k] for r in reps) for k in reps[0]}
    decisions = sum(len(c) for _, c in records)
    return {
        "benchmark": "multiverse.bench",
        "mode": config.mode,
        "heroes": list(config.heroes),
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


# ----- every mode, ISMCTS, and OpenSpiel beside us ---------------------------------------

def bench_configs() -> dict[str, Any]:
    """Every registered mode with its three default heroes (and default options)."""
    return {m.name: m.make_config("3") for m in registry.all_modes()}


SPIEL_GAMES = (  # (label, OpenSpiel name): the C++ games through pyspiel, and OpenSpiel's
    ("tic_tac_toe", "tic_tac_toe"),  # own pure-Python implementations of the same games
    ("kuhn_poker", "kuhn_poker"),
    ("python_tic_tac_toe", "python_tic_tac_toe"),
    ("python_kuhn_poker", "python_kuhn_poker"),
)
ISMCTS_STATES = 8
ISMCTS_ITERATIONS = 100


def playout_loop(config: Config, games: int, seed: int) -> int:
    """The shared random-playout loop, on our engine: new game, then pick uniformly among the
    legal options until the end. Returns the number of steps (decisions)."""
    rnd = random.Random(seed)
    steps = 0
    for g in range(games):
        s = new_game(config, seed=g)
        while (d := s.decision()) is not None:
            opts = d.options
            s.apply(opts[rnd.randrange(len(opts))].id)
            steps += 1
    return steps


def spiel_playout_loop(game: Any, games: int, seed: int) -> int:
    """The same loop on an OpenSpiel game: a uniform legal action (or chance outcome) per
    step. Returns the number of steps (`apply_action` calls, chance nodes included)."""
    rnd = random.Random(seed)
    steps = 0
    for _ in range(games):
        st = game.new_initial_state()
        while not st.is_terminal():
            if st.is_chance_node():
                outcomes = st.chance_outcomes()
                st.apply_action(outcomes[rnd.randrange(len(outcomes))][0])
            else:
                legal = st.legal_actions()
                st.apply_action(legal[rnd.randrange(len(legal))])
            steps += 1
    return steps


def ismcts_states(config: Config) -> list[Any]:
    """The states ISMCTS is timed from: a third into each of `ISMCTS_STATES` random games."""
    states = []
    for g, choices in record_games(ISMCTS_STATES, config):
        s = new_game(config, seed=g)
        for oid in choices[: len(choices) // 3]:
            s.apply(oid)
        if s.decision() is not None:
            states.append(s)
    return states


def ismcts_loop(states: list[Any], iterations: int = ISMCTS_ITERATIONS) -> int:
    """The default ISMCTS agent's search from each state (no tree reuse); returns the
    iterations run, so `timed_rounds` gives µs per iteration beside OpenSpiel's steps."""
    from multiverse.agents.ismcts import ISMCTSAgent

    agent = ISMCTSAgent(7, iterations=iterations, reuse=False)
    for s in states:
        agent.search(s, s.decision().seat)  # type: ignore[union-attr]
    return iterations * len(states)


def measure_ismcts(config: Config, repetitions: int = REPETITIONS,
                   iterations: int = ISMCTS_ITERATIONS) -> dict[str, float]:
    """ISMCTS iterations per second from states met in random play: the default agent (fast
    rollouts to the next hero turn, then the evaluation; heuristic priors) and, as
    `ismcts_random_*`, uniformly random rollouts to the end of the game with uniform priors."""
    from multiverse.agents.ismcts import ISMCTSAgent

    states = ismcts_states(config)

    out: dict[str, float] = {"ismcts_states": len(states), "ismcts_iterations": iterations}
    for label, params in (("ismcts", {}),
                          ("ismcts_random", {"rollout": "random", "turns": None, "prior": "uniform"})):
        def run(params: dict[str, Any] = params) -> None:
            agent = ISMCTSAgent(7, iterations=iterations, reuse=False, **params)
            for s in states:
                agent.search(s, s.decision().seat)  # type: ignore[union-attr]

        run()  # warm-up
        t = statistics.median(_timed(run) for _ in range(repetitions))
        total = iterations * len(states)
        out[f"{label}_iterations_per_s"] = total / t
        out[f"{label}_us_per_iteration"] = t / total * 1e6
    return out


def openspiel_peers(games: int) -> dict[str, tuple[Any, Callable[[], int], int]] | None:
    """OpenSpiel's games (`SPIEL_GAMES`), each with its shared random-playout loop and the
    games that loop plays (`max(50, 10 * games)`); None when OpenSpiel is not installed."""
    try:
        import open_spiel.python.games  # noqa: F401  (registers the pure-Python games)
        import pyspiel
    except ImportError:
        return None
    n = max(50, games * 10)
    out: dict[str, tuple[Any, Callable[[], int], int]] = {}
    for label, name in SPIEL_GAMES:
        game = pyspiel.load_game(name)
        out[label] = (game, lambda game=game: spiel_playout_loop(game, n, 1), n)
    return out


def spiel_clone_us(game: Any, repetitions: int) -> float:
    """µs per `clone()` of an OpenSpiel state (200 initial states, median of repetitions)."""
    sample = [game.new_initial_state() for _ in range(200)]
    t = statistics.median(_timed(lambda: [x.clone() for x in sample]) for _ in range(repetitions))
    return t / len(sample) * 1e6


def timed_rounds(loops: dict[str, Callable[[], int]],
                 repetitions: int) -> tuple[dict[str, list[float]], dict[str, list[float]]]:
    """Every loop once as a warm-up, then `repetitions` rounds that each time every loop once,
    back to back: µs per step and seconds of each loop, round by round (a slow moment of a
    shared machine falls on the loops of one round together)."""
    for fn in loops.values():
        fn()
    us: dict[str, list[float]] = {k: [] for k in loops}
    secs: dict[str, list[float]] = {k: [] for k in loops}
    for _ in range(repetitions):
        for k, fn in loops.items():
            box: list[int] = []
            t = _timed(lambda box=box, fn=fn: box.append(fn()))
            us[k].append(t / max(1, box[0]) * 1e6)
            secs[k].append(t)
    return us, secs


def round_ratio(ours: list[float], theirs: list[float]) -> float:
    """Ours ÷ theirs, round by round, and the median of those ratios."""
    return statistics.median(a / b for a, b in zip(ours, theirs, strict=True))


def measure_all(games: int = 200, repetitions: int = REPETITIONS) -> dict[str, Any]:
    """Every mode (3 heroes), ISMCTS, and OpenSpiel in the same run. The shared random
    playout loops of every mode and every OpenSpiel game are timed in the same rounds
    (`timed_rounds`), and each ratio is the median of the per-round ratios."""
    modes: dict[str, Any] = {}
    loops: dict[str, Callable[[], int]] = {}
    for mode, config in bench_configs().items():
        r = measure(games, repetitions, config)
        r.update(measure_ismcts(config, repetitions))
        modes[mode] = r
        loops[mode] = lambda config=config: playout_loop(config, games, 1)
        starts = ismcts_states(config)
        loops[f"ismcts:{mode}"] = lambda starts=starts: ismcts_loop(starts)
    peers = openspiel_peers(games) or {}
    us, secs = timed_rounds({**loops, **{f"openspiel:{k}": p[1] for k, p in peers.items()}},
                            repetitions)
    for mode, r in modes.items():
        r["us_per_step_playout_loop"] = statistics.median(us[mode])
        r["games_per_s_playout_loop"] = games / max(1e-9, statistics.median(secs[mode]))
        # the search timed in the same rounds: three runs spread over the whole bench, so a
        # slow stretch of a shared machine weighs on one round, not on all three
        r["ismcts_iterations_per_s_rounds"] = 1e6 / statistics.median(us[f"ismcts:{mode}"])
        if "openspiel:python_tic_tac_toe" in us:
            r["ismcts_iteration_vs_python_ttt_step"] = round_ratio(
                us[f"ismcts:{mode}"], us["openspiel:python_tic_tac_toe"])
    spiel: dict[str, Any] | None = None
    ratios: dict[str, dict[str, float]] = {}
    if peers:
        spiel = {label: {"us_per_step": statistics.median(us[f"openspiel:{label}"]),
                         "games_per_s": n / max(1e-9, statistics.median(secs[f"openspiel:{label}"])),
                         "us_per_clone": spiel_clone_us(game, repetitions)}
                 for label, (game, _fn, n) in peers.items()}
        for mode in modes:
            ratios[mode] = {label: round_ratio(us[mode], us[f"openspiel:{label}"]) for label in peers}
    dofp = modes["dofp"]
    from multiverse.compiled import compiled_modules
    return {**dofp, "modes": modes, "openspiel": spiel, "ratio_vs_openspiel": ratios,
            "compiled": compiled_modules(), "bars": bars(modes, ratios)}


BARS = (  # issue 24's bars: (figure, mode, at most / at least, bar)
    ("step ÷ python_tic_tac_toe step", "dofp", "≤", 0.25),
    ("step ÷ python_tic_tac_toe step", "standard", "≤", 0.25),
    ("step ÷ python_tic_tac_toe step", "sentinels", "≤", 0.4),
    ("step ÷ python_tic_tac_toe step", "oblivaeon", "≤", 0.5),
    ("µs / clone", "dofp", "≤", 2.0),
    ("µs / clone", "sentinels", "≤", 5.0),
    ("ISMCTS iterations / s", "dofp", "≥", 20_000.0),
    ("ISMCTS iterations / s", "sentinels", "≥", 17_700.0),  # three times the 5.9k the issue measured
    ("ISMCTS iterations / s", "oblivaeon", "≥", 10_200.0),  # three times its 3.4k
)


def bars(modes: dict[str, Any], ratios: dict[str, dict[str, float]]) -> list[dict[str, Any]]:
    """Each of `BARS` with the figure this run measured and whether it is met (a ratio needs
    OpenSpiel: without it that bar is left out). The search's speed is the one timed in the
    shared rounds when the run has them (`measure_all`), else `measure_ismcts`'s."""
    out = []
    for figure, mode, sense, bar in BARS:
        if mode not in modes:
            continue
        if figure.startswith("step"):
            if "python_tic_tac_toe" not in ratios.get(mode, {}):
                continue
            value = ratios[mode]["python_tic_tac_toe"]
        elif figure == "µs / clone":
            value = modes[mode]["us_per_clone"]
        elif "ismcts_iterations_per_s_rounds" in modes[mode]:  # (measure_all: the rounds')
            value = modes[mode]["ismcts_iterations_per_s_rounds"]
        elif "ismcts_iterations_per_s" in modes[mode]:
            value = modes[mode]["ismcts_iterations_per_s"]
        else:
            continue
        met = value <= bar if sense == "≤" else value >= bar
        out.append({"figure": figure, "mode": mode, "bar": f"{sense} {bar:g}",
                    "measured": round(value, 3), "met": met})
    return out


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


def main(json_out: bool = False, games: int = 200, repetitions: int = REPETITIONS) -> int:
    """Run the benchmark; print rich tables, or one JSON object with `json_out`."""
    if games < 1:
        print("error: --games must be at least 1", file=sys.stderr)
        return 2
    r = measure_all(games, repetitions)
    if json_out:
        print(json.dumps(r))
        return 0
    from rich.console import Console
    from rich.table import Table

    from multiverse.cli.tables import print_table

    console = Console()
    for mode, m in r["modes"].items():
        table = Table(title=f"multiverse bench — {mode}: {m['games']} random 3-hero playouts, "
                            f"{m['decisions']} decisions; median of {m['repetitions']}")
        table.add_column("measure")
        table.add_column("median", justify="right")
        table.add_column("min … max", justify="right")
        table.add_column("note")
        for key, label, note in ROWS:
            lo, hi = m["spread"][key]
            table.add_row(label, f"{m[key]:,.2f}", f"{lo:,.2f} … {hi:,.2f}", note)
        table.add_row("µs / step, shared random-playout loop", f"{m['us_per_step_playout_loop']:,.2f}",
                      "", "same loop as OpenSpiel's row")
        if "ismcts_iterations_per_s" in m:
            table.add_row("ISMCTS iterations / s (default agent)", f"{m['ismcts_iterations_per_s']:,.0f}",
                          "", f"{m['ismcts_states']} states x {m['ismcts_iterations']}")
            table.add_row("ISMCTS iterations / s (random rollouts)",
                          f"{m['ismcts_random_iterations_per_s']:,.0f}", "", "to the end of the game")
        if "ismcts_iterations_per_s_rounds" in m:
            table.add_row("ISMCTS iterations / s (default agent, in the rounds)",
                          f"{m['ismcts_iterations_per_s_rounds']:,.0f}", "", "median of the rounds: the bar's")
        if "ismcts_iteration_vs_python_ttt_step" in m:
            table.add_row("ISMCTS iteration ÷ python_tic_tac_toe step",
                          f"{m['ismcts_iteration_vs_python_ttt_step']:,.2f}", "", "same rounds")
        print_table(console, table)
    spiel = r["openspiel"]
    if spiel:
        table = Table(title="OpenSpiel, the same random-playout loop in the same run (median)")
        table.add_column("game")
        table.add_column("µs / step", justify="right")
        table.add_column("µs / clone", justify="right")
        for mode in r["modes"]:
            table.add_column(f"{mode} ÷ it", justify="right")
        for label, g in spiel.items():
            table.add_row(label, f"{g['us_per_step']:,.3f}", f"{g['us_per_clone']:,.3f}",
                          *(f"{r['ratio_vs_openspiel'][mode][label]:,.1f}x" for mode in r["modes"]))
        print_table(console, table)
    else:
        console.print("OpenSpiel is not installed (pip install 'multiverse[bench]'): no peer row.",
                      markup=False)  # the brackets are the extra's name, not rich markup
    table = Table(title="Issue 24's bars, this run")
    for col in ("figure", "mode", "bar", "measured", "met"):
        table.add_column(col, justify="right" if col == "measured" else "left")
    for b in r["bars"]:
        table.add_row(b["figure"], b["mode"], b["bar"], f"{b['measured']:,.3f}", "yes" if b["met"] else "no")
    print_table(console, table)
    m = r["modes"]["dofp"]
    console.print(f"Python {m['python']} ({m['implementation']}, {m['machine']}, {m['cpus']} CPUs); "
                  f"compiled hot modules: {len(r['compiled'])} (setup.py; MULTIVERSE_PURE=1: none): "
                  f"{', '.join(sorted(x.removeprefix('multiverse.') for x in r['compiled'])) or 'none'}.",
                  markup=False)
    return 0


def cli(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m multiverse.bench", description=__doc__.split("\n")[0])
    p.add_argument("--json", action="store_true", dest="json_out", help="print one JSON object")
    p.add_argument("--games", type=int, default=200, help="random playouts per repetition")
    p.add_argument("--repetitions", type=int, default=REPETITIONS, help="timed repetitions")
    a = p.parse_args(argv)
    return main(a.json_out, a.games, a.repetitions)


if __name__ == "__main__":
    sys.exit(cli())
