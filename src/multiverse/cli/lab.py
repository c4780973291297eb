"""`multiverse lab`: thousands of games with agents, win rates with intervals, sweeps, plots.

Progress goes to stderr (a rich bar with games/s and ETA), results to stdout, so
`--json` output stays one parseable JSON object whatever the terminal.
"""

from __future__ import annotations

import os
from contextlib import contextmanager
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from typer.core import TyperGroup

if TYPE_CHECKING:  # click is typer's (vendored); the core install has no `click` package
    import click

MODES_PLACEHOLDER = "{modes}"


class _LabGroup(TyperGroup):
    """Fills the registered modes into the MODE argument's help when a command is looked
    up (not at import: `multiverse --help` must not load the game packages)."""

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        cmd = super().get_command(ctx, cmd_name)
        for p in cmd.params if cmd is not None else ():
            text = getattr(p, "help", None)
            if text and MODES_PLACEHOLDER in text:
                from multiverse import modes

                p.help = text.replace(MODES_PLACEHOLDER, ", ".join(modes.names()))  # type: ignore[attr-defined]
        return cmd


lab_app = typer.Typer(help="Batch simulation: win rates with confidence intervals, sweeps, plots.",
                      no_args_is_help=True, cls=_LabGroup)


class Backend(StrEnum):
    local = "local"
    ray = "ray"


class Rollout(StrEnum):
    fast = "fast"
    random = "random"
    heuristic = "heuristic"


ModeArg = Annotated[str, typer.Argument(
    help=f"The game mode: {MODES_PLACEHOLDER} (`multiverse modes` describes them)",
    metavar="MODE")]
HeroesOpt = Annotated[str | None, typer.Option(
    help="A number (the first N of the mode's default heroes, or of the --content pack's) or "
         "hero ids separated by commas",
    show_default="3")]
GamesOpt = Annotated[int, typer.Option(min=1, help="Games to play (per grid point in a sweep)")]
AgentOpt = Annotated[str, typer.Option(help="The agent in every seat: random, heuristic, ismcts or "
                                             "strong (ISMCTS with its mode's chosen settings)")]
JobsOpt = Annotated[int | None, typer.Option(
    min=1, help="Worker processes (Ray: CPUs of the local cluster)", show_default="the CPU count")]
SeedOpt = Annotated[int, typer.Option(min=0, max=2**63 - 1, help="Run seed: every game's seed derives from it")]
OutOpt = Annotated[Path, typer.Option("--out", help="SQLite file of results (re-running resumes)")]
JsonOpt = Annotated[bool, typer.Option("--json", help="Print one JSON object (progress stays on stderr)")]
BackendOpt = Annotated[Backend, typer.Option(help="local processes, or a Ray cluster")]
AddressOpt = Annotated[str | None, typer.Option(
    help="Ray cluster address (without it a local Ray cluster is started)")]
IterOpt = Annotated[int | None, typer.Option(min=1, help="ismcts: iterations per decision",
                                             show_default="100")]
RolloutOpt = Annotated[Rollout | None, typer.Option(help="ismcts: rollout policy", show_default="fast")]
AgentSetOpt = Annotated[list[str] | None, typer.Option(
    "--agent-set", help="ismcts: any other parameter, NAME=VALUE (repeatable), e.g. "
                        "--agent-set exploration=0.3 --agent-set turns=2")]
SoloOpt = Annotated[bool, typer.Option("--solo", help="dofp: one player, three heroes (DFP-SOLO)")]
VillainOpt = Annotated[str | None, typer.Option(help="standard and sentinels: the villain's id")]
EnvironmentOpt = Annotated[str | None, typer.Option(help="sentinels: the environment's id")]
SetOpt = Annotated[list[str] | None, typer.Option(
    "--set", help="Any configuration field of the mode, NAME=VALUE (repeatable), e.g. "
                  "--set track_max=18, --set challenge=sentinel-ii, --set hand_size=3")]
NoProgressOpt = Annotated[bool, typer.Option("--no-progress", help="No progress bar")]
ContentOpt = Annotated[Path | None, typer.Option(
    "--content", help="A content pack (file or folder) instead of the mode's default pack; "
                      "`--heroes N` takes its first N heroes", show_default="the default pack")]


class LabError(Exception):
    """A bad option: printed as `error: …` with exit code 2."""


def _fail(message: str) -> typer.Exit:
    from rich.text import Text

    from multiverse.cli.safe import safe_console
    from multiverse.plain import one_line

    safe_console(stderr=True, highlight=False, soft_wrap=True).print(
        Text(f"error: {one_line(message)}", style="red"))
    return typer.Exit(2)


def _value(text: str) -> Any:
    import json

    try:
        return json.loads(text)
    except ValueError:
        return text


def get_mode(name: str) -> Any:
    """The registered mode called `name` (`LabError` naming the registered ones)."""
    from multiverse import modes
    from multiverse.engine.errors import UnknownMode

    try:
        return modes.get(name)
    except UnknownMode as exc:
        raise LabError(str(exc)) from None


def parse_sets(sets: list[str] | None) -> dict[str, Any]:
    """`--set NAME=VALUE` items as configuration fields (values read as JSON when they parse)."""
    out: dict[str, Any] = {}
    for item in sets or []:
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            raise LabError(f"--set {item!r}: expected NAME=VALUE")
        out[name.strip()] = _value(value.strip())
    return out


def build_config(mode: str, heroes: str | None, solo: bool = False, villain: str | None = None,
                 sets: list[str] | None = None, extra: dict[str, Any] | None = None,
                 environment: str | None = None, content: Path | None = None) -> Any:
    """The configuration of `mode` from the command line's words (`mode.make_config`); a
    bad one is a `LabError` in one line."""
    from multiverse.engine.errors import MultiverseError

    m = get_mode(mode)
    options = {k: v for k, v in (("villain", villain), ("environment", environment)) if v is not None}
    sets_given = parse_sets(sets)
    if content is not None:
        if "content" in sets_given:
            raise LabError("give the pack once: --content PATH or --set content=PATH")
        sets_given["content"] = str(content.resolve())
    try:
        return m.make_config(heroes, options, solo, {**sets_given, **(extra or {})})
    except MultiverseError as exc:
        raise LabError(str(exc)) from None


ISMCTS_SETTABLE = ("turns", "prior", "exploration", "prime_visits", "prior_temperature", "epsilon",
                   "reuse", "horizon", "stop_early")


def build_agent(agent: str, iterations: int | None, rollout: Rollout | None,
                agent_set: list[str] | None = None):
    from multiverse.agents import AGENTS, AgentSpec

    if agent not in AGENTS:
        raise LabError(f"unknown agent {agent!r}; agents: {', '.join(AGENTS)}")
    if agent not in ("ismcts", "strong"):
        if iterations is not None or rollout is not None or agent_set:
            raise LabError("--iterations, --rollout and --agent-set are options of the ismcts "
                           "and strong agents")
        return AgentSpec(agent)
    params: dict[str, Any] = {}
    if agent == "ismcts" or iterations is not None:  # strong: its mode's settings, unless given
        params["iterations"] = iterations or 100
    if agent == "ismcts" or rollout is not None:
        params["rollout"] = (rollout or Rollout.fast).value
    for item in agent_set or []:
        name, sep, text = item.partition("=")
        name = name.strip()
        if not sep or name not in ISMCTS_SETTABLE:
            raise LabError(f"--agent-set {item!r}: expected NAME=VALUE with NAME one of "
                           f"{', '.join(ISMCTS_SETTABLE)}")
        params[name] = _value(text.strip())
    spec = AgentSpec(agent, tuple(sorted(params.items())))
    try:
        spec.make(0)
    except (TypeError, ValueError) as exc:
        raise LabError(f"bad {agent} parameters: {exc}") from None
    return spec


@contextmanager
def progress_bar(total: int, label: str, enabled: bool = True):
    """A rich progress bar on stderr: games done, games/s (this run), ETA. Yields a
    callback `update(done, total)`."""
    import time

    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    if not enabled:
        yield lambda done, total: None
        return
    console = Console(stderr=True)
    prog = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                    TextColumn("{task.fields[rate]} games/s"), TimeElapsedColumn(),
                    TextColumn("ETA"), TimeRemainingColumn(), console=console, transient=False)
    task = prog.add_task(label, total=total, rate="—")
    state = {"t0": time.perf_counter(), "first": None, "base": 0}

    def update(done: int, of: int) -> None:
        if state["first"] is None:
            state["first"], state["base"] = done, done
            state["t0"] = time.perf_counter()
        dt = time.perf_counter() - state["t0"]
        rate = (done - state["base"]) / dt if dt > 0 else 0.0
        prog.update(task, completed=done, total=of, rate=f"{rate:,.1f}")

    with prog:
        yield update


def _summary_table(r: dict[str, Any], title: str):
    from rich.table import Table

    t = Table(title=title, show_header=False)
    t.add_column("", style="bold")
    t.add_column("")
    lo, hi = r["ci95"]
    t.add_row("games", f"{r['games']:,} ({r['played']:,} played now, {r['skipped']:,} already stored)")
    t.add_row("wins", f"{r['wins']:,}")
    t.add_row("win rate", f"{r['win_rate']:.1%}  (95% Wilson interval {lo:.1%} - {hi:.1%})")
    rd = r["rounds"]
    if rd["min"] is not None:
        t.add_row("rounds", f"mean {r['mean_rounds']:.2f}; min {rd['min']}, quartiles {rd['p25']:g} / "
                            f"{rd['median']:g} / {rd['p75']:g}, max {rd['max']}")
        hist = "  ".join(f"{k}: {v}" for k, v in rd["histogram"].items())
        t.add_row("rounds histogram", hist)
    t.add_row("decisions / game", f"{r['mean_decisions']:.1f}")
    t.add_row("games / s", f"{r['games_per_second']:,.1f} ({r['jobs']} job(s), {r['backend']})")
    if "compiled" in r:
        t.add_row("engine", _engine_words(r["compiled"], r["hot_modules"]))
    if r.get("cpu_seconds_per_game") is not None:
        t.add_row("CPU s / game", f"{r['cpu_seconds_per_game']:,.3f} (median "
                                  f"{r['cpu_seconds_median']:,.3f}, {r['cpu_games']:,} games)")
    for reason, n in r["loss_reasons"].items():
        t.add_row("loss", f"{n:,} x {reason}")
    return t


def _public(r: dict[str, Any]) -> dict[str, Any]:
    keys = ("games", "wins", "win_rate", "ci95", "loss_reasons", "mean_rounds", "games_per_second",
            "rounds", "mean_decisions", "played", "skipped", "seconds", "mode", "agent", "seed",
            "jobs", "backend", "config", "cpu_seconds_per_game", "cpu_seconds_median", "cpu_games",
            "compiled", "hot_modules")
    return {k: r[k] for k in keys if k in r}


def _engine(r: dict[str, Any]) -> dict[str, Any]:
    """`r` with how many hot modules this machine's workers run compiled (`compiled`, of
    `hot_modules`): CPU seconds of the engine run from its source are several times the
    compiled build's, and a run should say which it measured."""
    from multiverse.compiled import HOT, from_source

    return {**r, "compiled": len(HOT) - len(from_source()), "hot_modules": len(HOT)}


def _engine_words(compiled: int, hot: int) -> str:
    """The summary's `engine` row: compiled, or how much runs from source and why."""
    if compiled == hot:
        return f"compiled ({hot} hot modules)"
    from multiverse.compiled import SourceWhenNewer

    why = ("MULTIVERSE_PURE=1" if SourceWhenNewer.pure else
           "a hot module edited since the build, or none built: `pip install -e .` compiles them")
    return (f"{hot - compiled} of {hot} hot modules from their Python source ({why}); the CPU "
            f"seconds are the source's, several times the compiled build's")


def _engine_line(engine: dict[str, Any]) -> str:
    """The `engine:` line `lab sweep` and `lab curve` print (`_engine`'s fields)."""
    return f"engine: {_engine_words(engine['compiled'], engine['hot_modules'])}"


def _prepare(backend: Backend, jobs: int | None) -> int:
    """Check the backend before anything runs (Ray missing: a one-line error)."""
    from multiverse.lab.runner import check_backend

    try:
        check_backend(backend.value)
    except (RuntimeError, ValueError) as exc:
        raise LabError(str(exc)) from None
    return jobs or os.cpu_count() or 1


def _store(path: Path) -> Any:
    """The lab store at `path`; a file that is not one is a one-line error, left untouched."""
    from multiverse.lab.store import LabStore, LabStoreError

    try:
        return LabStore(path)
    except LabStoreError as exc:
        raise _fail(str(exc)) from None


def _title(mode: str, config: Any, solo: bool) -> str:
    return f"{mode}, {len(config.heroes)} heroes{' (solo)' if solo else ''}"


@lab_app.command("run")
def run(
    mode: ModeArg,
    heroes: HeroesOpt = None,
    games: GamesOpt = 1000,
    agent: AgentOpt = "heuristic",
    jobs: JobsOpt = None,
    seed: SeedOpt = 1,
    out: OutOpt = Path("lab.db"),
    json_out: JsonOpt = False,
    backend: BackendOpt = Backend.local,
    address: AddressOpt = None,
    iterations: IterOpt = None,
    rollout: RolloutOpt = None,
    agent_set: AgentSetOpt = None,
    solo: SoloOpt = False,
    villain: VillainOpt = None,
    environment: EnvironmentOpt = None,
    set_: SetOpt = None,
    content: ContentOpt = None,
    no_progress: NoProgressOpt = False,
) -> None:
    """Play N games with an agent in every seat; store them; print the win rate."""
    import json

    from multiverse.lab.runner import run_lab

    try:
        config = build_config(mode, heroes, solo, villain, set_, environment=environment,
                              content=content)
        spec = build_agent(agent, iterations, rollout, agent_set)
        jobs = _prepare(backend, jobs)
    except LabError as exc:
        raise _fail(str(exc)) from None
    with _store(out) as store, progress_bar(games, f"{mode} · {spec.key}",
                                               not no_progress) as update:
        try:
            r = run_lab(config, spec, games, seed, store, jobs=jobs, backend=backend.value,
                        address=address, on_progress=update)
        except RuntimeError as exc:
            raise _fail(str(exc)) from None
    r = _engine(r)
    if json_out:
        print(json.dumps(_public(r)), flush=True)
        return
    from multiverse.cli.safe import safe_console

    safe_console(highlight=False).print(_summary_table(
        r, f"{_title(mode, config, solo)}: {spec.key}, seed {seed}"))
    safe_console(highlight=False, soft_wrap=True).print(f"Stored in {out}.", style="dim")


@lab_app.command("sweep")
def sweep(
    mode: ModeArg,
    param: Annotated[list[str], typer.Option(
        "--param", help="A numeric configuration field of the mode and its values: "
                        "NAME=LOW..HIGH[:STEP] or NAME=V1,V2 (repeat for a grid); e.g. "
                        "sentinel_health=3..7 (dofp), hand_size=2..6 (sentinels)")],
    heroes: HeroesOpt = None,
    games: GamesOpt = 1000,
    agent: AgentOpt = "heuristic",
    jobs: JobsOpt = None,
    seed: SeedOpt = 1,
    out: OutOpt = Path("lab.db"),
    json_out: JsonOpt = False,
    backend: BackendOpt = Backend.local,
    address: AddressOpt = None,
    iterations: IterOpt = None,
    rollout: RolloutOpt = None,
    agent_set: AgentSetOpt = None,
    solo: SoloOpt = False,
    villain: VillainOpt = None,
    environment: EnvironmentOpt = None,
    set_: SetOpt = None,
    content: ContentOpt = None,
    no_progress: NoProgressOpt = False,
) -> None:
    """Run the same games over a grid of configuration values (common seeds per point)."""
    import json

    from multiverse.lab.runner import run_lab
    from multiverse.lab.sweep import SweepError, grid

    try:
        get_mode(mode)
        names, points = grid(param, mode)
        spec = build_agent(agent, iterations, rollout, agent_set)
        configs = [build_config(mode, heroes, solo, villain, set_, p, environment, content) for p in points]
        jobs = _prepare(backend, jobs)
    except (LabError, SweepError) as exc:
        raise _fail(str(exc)) from None
    total = games * len(points)
    results = []
    with _store(out) as store, progress_bar(total, f"{mode} sweep · {spec.key}",
                                               not no_progress) as update:
        for i, (p, config) in enumerate(zip(points, configs, strict=True)):
            base = i * games
            try:
                r = run_lab(config, spec, games, seed, store, jobs=jobs, backend=backend.value,
                            address=address,
                            on_progress=lambda done, _of, base=base: update(base + done, total))
            except RuntimeError as exc:
                raise _fail(str(exc)) from None
            results.append({"values": p, **_public(r)})
        sweep_id = store.add_sweep(mode, names, [
            {"values": p, "config": c.model_dump_json()} for p, c in zip(points, configs, strict=True)],
            spec.key, seed, games)
    engine = _engine({})
    if json_out:
        print(json.dumps({"sweep": sweep_id, "mode": mode, "params": names, "agent": spec.key,
                          "seed": seed, "games": games, **engine, "points": results}), flush=True)
        return
    from rich.table import Table

    from multiverse.cli.safe import safe_console

    t = Table(title=f"sweep {sweep_id}: {mode}, {spec.key}, {games} games per point, seed {seed}")
    for n in names:
        t.add_column(n, justify="right")
    for col in ("win rate", "95% interval", "mean rounds", "games/s"):
        t.add_column(col, justify="right")
    for r in results:
        lo, hi = r["ci95"]
        t.add_row(*(str(r["values"][n]) for n in names), f"{r['win_rate']:.1%}",
                  f"{lo:.1%} - {hi:.1%}", f"{r['mean_rounds']:.2f}", f"{r['games_per_second']:,.1f}")
    safe_console(highlight=False).print(t)
    safe_console(highlight=False, soft_wrap=True).print(_engine_line(engine))
    safe_console(highlight=False, soft_wrap=True).print(
        f"Stored in {out}; draw it with `multiverse lab plot {out} --out winrate.png`.", style="dim")


@lab_app.command("plot")
def plot(
    db: Annotated[Path, typer.Argument(help="The lab's SQLite file", exists=True, dir_okay=False)],
    out: Annotated[Path, typer.Option("--out", help="Image file to write (PNG, SVG, PDF)")] = Path(
        "winrate.png"),
    sweep_id: Annotated[int | None, typer.Option("--sweep", help="Which sweep",
                                                 show_default="the newest")] = None,
) -> None:
    """Draw win rate with its 95% interval against the swept value (needs matplotlib)."""
    from multiverse.lab.plot import plot_sweep

    with _store(db) as store:
        try:
            path = plot_sweep(store, out, sweep_id)
        except (LookupError, RuntimeError) as exc:
            raise _fail(str(exc)) from None
    print(f"wrote {path}")


def _early_budgets(flag: str, text: str) -> list[tuple[int, float | bool]]:
    """`N` (stop once the choice is made: `stop_early=True`) or `N@SHARE` (`stop_early=SHARE`,
    a share in (0, 1]), comma-separated (`LabError` otherwise)."""
    out: list[tuple[int, float | bool]] = []
    for item in filter(None, (b.strip() for b in text.split(","))):
        n, _, share = item.partition("@")
        try:
            iterations, part = int(n), float(share or 1)
        except ValueError:
            raise LabError(f"{flag} {text!r}: expected N or N@SHARE, e.g. 400,600@0.5") from None
        if iterations < 1 or not 0 < part <= 1:
            raise LabError(f"{flag} {text!r}: {item!r} needs at least 1 iteration and a share in (0, 1]")
        out.append((iterations, True if part == 1 else part))
    if not out:
        raise LabError(f"{flag} {text!r}: expected N or N@SHARE, e.g. 400,600@0.5")
    return out


def _budgets(flag: str, text: str) -> list[int]:
    """Whole numbers of iterations, at least 1, comma-separated (`LabError` otherwise)."""
    try:
        numbers = [int(b) for b in text.split(",") if b.strip()]
    except ValueError:
        raise LabError(f"{flag} {text!r}: expected whole numbers, e.g. 50,200,1000") from None
    if not numbers or min(numbers) < 1:
        raise LabError(f"{flag} {text!r}: expected whole numbers of at least 1")
    return numbers


@lab_app.command("curve")
def curve(
    mode: ModeArg,
    budgets: Annotated[str, typer.Option(help="ISMCTS iterations per decision, comma-separated")] = "50,200,1000",
    heroes: HeroesOpt = None,
    games: GamesOpt = 300,
    jobs: JobsOpt = None,
    seed: SeedOpt = 1,
    out: OutOpt = Path("lab.db"),
    json_out: JsonOpt = False,
    backend: BackendOpt = Backend.local,
    address: AddressOpt = None,
    no_strong: Annotated[bool, typer.Option("--no-strong", help="Leave the strong agent out")] = False,
    stop_early_budgets: Annotated[str, typer.Option(
        "--stop-early-budgets", help="ISMCTS budgets that stop once the choice is made "
                                     "(stop_early), comma-separated; N@SHARE stops once the "
                                     "lead exceeds that share of the iterations left")] = "",
    plot_out: Annotated[Path | None, typer.Option("--plot", help="Draw the curve to this image file")] = None,
    solo: SoloOpt = False,
    villain: VillainOpt = None,
    environment: EnvironmentOpt = None,
    set_: SetOpt = None,
) -> None:
    """Strength for CPU: win rate and CPU seconds per game of random, heuristic, ISMCTS at each
    budget and the strong agent, on the same games."""
    import json

    from multiverse.lab.curve import curve_agents, plot_curve, strength_curve

    try:
        config = build_config(mode, heroes, solo, villain, set_, environment=environment)
        numbers = _budgets("--budgets", budgets)
        early = (_early_budgets("--stop-early-budgets", stop_early_budgets)
                 if stop_early_budgets.strip() else [])
        jobs = _prepare(backend, jobs)
    except LabError as exc:
        raise _fail(str(exc)) from None

    engine = _engine({})  # (each row's CPU seconds are the compiled build's, or the source's)

    def show(row: dict[str, Any]) -> None:
        if json_out:
            print(json.dumps({**row, **engine}), flush=True)
        else:
            lo, hi = row["ci95"]
            cpu = row["cpu_seconds_per_game"]
            print(f"{row['agent']:<40} {row['win_rate']:6.1%}  ({lo:.1%} - {hi:.1%})  "
                  f"{'?' if cpu is None else f'{cpu:,.3f}'} CPU s / game  ({row['games']} games)", flush=True)

    with _store(out) as store:  # (a file that is not a store: its one error line, nothing else)
        if not json_out:
            print(_engine_line(engine), flush=True)
        try:
            rows = strength_curve(config, curve_agents(numbers, not no_strong, early), games, seed, store,
                                  jobs=jobs, backend=backend.value, address=address, on_row=show)
        except RuntimeError as exc:
            raise _fail(str(exc)) from None
    if plot_out is not None:
        try:
            plot_curve(rows, plot_out, f"{_title(mode, config, solo)}: {games} games each (seed {seed})")
        except RuntimeError as exc:
            raise _fail(str(exc)) from None
        print(f"wrote {plot_out}")
