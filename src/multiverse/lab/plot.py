"""`multiverse lab plot`: win rate with its 95 % interval against the swept value."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from multiverse.lab.stats import summarize
from multiverse.lab.store import LabStore


def sweep_series(store: LabStore, sweep_id: int | None = None) -> dict[str, Any]:
    """The stored sweep with each point's summary (from the stored games)."""
    sw = store.sweep(sweep_id)
    if sw is None:
        raise LookupError(f"no sweep{'' if sweep_id is None else f' {sweep_id}'} in {store.path}; "
                          "run `multiverse lab sweep` first")
    points = []
    for p in sw["points"]:
        rows = store.results(p["config"], sw["agent"], sw["run_seed"], sw["games"])
        points.append({"values": p["values"], **summarize(rows)})
    return {**sw, "points": points}


def plot_sweep(store: LabStore, out: Path, sweep_id: int | None = None) -> Path:
    """Draw the win rate and its Wilson interval against the first swept field (one line
    for each value of the other fields). Needs matplotlib (`multiverse[lab]`)."""
    try:
        import matplotlib
    except ImportError:
        raise RuntimeError("plots need matplotlib: pip install 'multiverse[lab]'") from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    sw = sweep_series(store, sweep_id)
    names = sw["params"]
    x_name, rest = names[0], names[1:]
    lines: dict[tuple, list[dict[str, Any]]] = {}
    for p in sw["points"]:
        lines.setdefault(tuple(p["values"][n] for n in rest), []).append(p)
    fig, ax = plt.subplots(figsize=(7, 4.5), dpi=110)
    for key, pts in lines.items():
        pts.sort(key=lambda p: p["values"][x_name])
        xs = [p["values"][x_name] for p in pts]
        ys = [p["win_rate"] for p in pts]
        lo = [max(0.0, p["win_rate"] - p["ci95"][0]) for p in pts]
        hi = [max(0.0, p["ci95"][1] - p["win_rate"]) for p in pts]
        label = ", ".join(f"{n}={v}" for n, v in zip(rest, key, strict=True)) or "win rate"
        ax.errorbar(xs, ys, yerr=[lo, hi], marker="o", capsize=4, label=label)
    if all(isinstance(p["values"][x_name], int) for p in sw["points"]):
        from matplotlib.ticker import MaxNLocator

        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    ax.set_xlabel(x_name)
    ax.set_ylabel("win rate (95 % Wilson interval)")
    ax.set_ylim(0, 1)
    ax.grid(alpha=0.3)
    ax.set_title(f"{sw['mode']}: {sw['agent']}, {sw['games']} games per point (seed {sw['run_seed']})")
    ax.legend(loc="best")
    fig.tight_layout()
    out = Path(out)
    fig.savefig(out)
    plt.close(fig)
    return out
