"""Statistics of a batch of games: win rate with a Wilson interval, loss reasons, rounds."""

from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Iterable
from typing import Any

Z95 = 1.959963984540054  # the 97.5 % quantile of the standard normal


def wilson(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a binomial proportion (95 % by default).

    >>> [round(x, 4) for x in wilson(50, 100)]
    [0.4038, 0.5962]
    >>> wilson(0, 0)
    (0.0, 1.0)
    """
    if games <= 0:
        return (0.0, 1.0)
    p = wins / games
    z2 = z * z
    denom = 1 + z2 / games
    centre = (p + z2 / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z2 / (4 * games * games)) / denom
    low = 0.0 if wins <= 0 else max(0.0, centre - half)  # exact at the ends (no 1e-17 residue)
    high = 1.0 if wins >= games else min(1.0, centre + half)
    return (low, high)


def summarize(rows: Iterable[dict[str, Any]]) -> dict[str, Any]:
    """Summary of stored game rows (each with result, reason, rounds, decisions)."""
    rows = list(rows)
    n = len(rows)
    wins = sum(1 for r in rows if r["result"] == "win")
    low, high = wilson(wins, n)
    losses = Counter(r["reason"] or "" for r in rows if r["result"] != "win")
    rounds = sorted(r["rounds"] for r in rows)
    decisions = [r["decisions"] for r in rows]
    return {
        "games": n,
        "wins": wins,
        "win_rate": wins / n if n else 0.0,
        "ci95": [low, high],
        "loss_reasons": dict(losses.most_common()),
        "mean_rounds": statistics.fmean(rounds) if rounds else 0.0,
        "rounds": rounds_distribution(rounds),
        "mean_decisions": statistics.fmean(decisions) if decisions else 0.0,
    }


def rounds_distribution(rounds: list[int]) -> dict[str, Any]:
    """Quartiles and a histogram (round → games) of sorted round counts."""
    if not rounds:
        return {"min": None, "p25": None, "median": None, "p75": None, "max": None, "histogram": {}}
    def q(f: float) -> float:
        return float(statistics.quantiles(rounds, n=4, method="inclusive")[int(f * 4) - 1]) \
            if len(rounds) > 1 else float(rounds[0])
    return {"min": rounds[0], "p25": q(0.25), "median": float(statistics.median(rounds)),
            "p75": q(0.75), "max": rounds[-1],
            "histogram": {str(k): v for k, v in sorted(Counter(rounds).items())}}
