"""Strength for CPU (issue 24): each agent's win rate, with its 95 % interval, against the
CPU seconds one game costs it: random, heuristic, ISMCTS at each budget and the strong agent,
on the same games (the lab's seeds), stored like any run so a re-run only plays what is new.

`multiverse lab curve MODE --budgets 50,200,1000 --games 300 [--plot curve.png]`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from multiverse.agents.seeds import AgentSpec
from multiverse.lab.runner import run_lab
from multiverse.lab.store import LabStore

CURVE_KEYS = ("agent", "games", "wins", "win_rate", "ci95", "cpu_seconds_per_game",
              "cpu_seconds_median", "cpu_games", "mean_decisions")


def curve_agents(budgets: list[int], strong: bool = True,
                 stop_early: list[tuple[int, float | bool]] | None = None) -> list[AgentSpec]:
    """random, heuristic, ISMCTS at each budget (fast rollouts), ISMCTS at each `(budget,
    stop_early)` point (True: stop once the choice is made; a share: once the lead exceeds
    that share of the iterations left), and, with `strong`, the strong agent."""
    specs = [AgentSpec("random"), AgentSpec("heuristic")]
    specs += [AgentSpec("ismcts", (("iterations", n), ("rollout", "fast"))) for n in budgets]
    specs += [AgentSpec("ismcts", (("iterations", n), ("rollout", "fast"), ("stop_early", share)))
              for n, share in stop_early or ()]
    if strong:
        specs.append(AgentSpec("strong"))
    return specs


def strength_curve(config: Any, specs: list[AgentSpec], games: int, seed: int, store: LabStore,
                   jobs: int = 1, backend: str = "local", address: str | None = None,
                   on_row: Any = None) -> list[dict[str, Any]]:
    """One point per agent: its run of `games` games (stored, resumed) and what it cost."""
    rows = []
    for spec in specs:
        r = run_lab(config, spec, games, seed, store, jobs=jobs, backend=backend, address=address)
        row = {k: r[k] for k in CURVE_KEYS}
        rows.append(row)
        if on_row is not None:
            on_row(row)
    return rows


def plot_curve(rows: list[dict[str, Any]], out: Path, title: str) -> Path:
    """Win rate (Wilson interval) against CPU seconds per game, log scale; needs matplotlib."""
    try:
        import matplotlib
    except ImportError:
        raise RuntimeError("plots need matplotlib: pip install 'multiverse[lab]'") from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4.5), dpi=110)
    for r in rows:
        x = max(r["cpu_seconds_per_game"] or 0.0, 1e-4)
        lo, hi = r["ci95"]
        ax.errorbar([x], [r["win_rate"]], yerr=[[r["win_rate"] - lo], [hi - r["win_rate"]]],
                    marker="o", capsize=4, label=r["agent"])
    ax.set_xscale("log")
    ax.set_xlabel("CPU seconds per game (log)")
    ax.set_ylabel("win rate (95 % Wilson interval)")
    ax.set_ylim(0, 1)
    ax.grid(alpha=0.3)
    ax.set_title(title)
    ax.legend(loc="best", fontsize="small")
    fig.tight_layout()
    fig.savefig(out)
    plt.close(fig)
    return out


__all__ = ["CURVE_KEYS", "curve_agents", "plot_curve", "strength_curve"]
