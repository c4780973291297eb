"""The fast rollout policy of search, for every mode: the best option by the mode's cheap
scores (`Mode.fast_scores`), or a random one.

`FastPolicy(rng, epsilon, scores)` picks the best-scored option (exact ties at random), or
with probability `epsilon` a uniformly random one, so rollouts do not all follow one line;
where the mode has no scores for a decision (`None`) it chooses at random. It draws only
from the generator it is given.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from multiverse.engine.decision import Decision

Scores = Callable[[Any, Any], "list[float] | None"]


def softmax(scores: list[float], temperature: float) -> list[float]:
    """Probabilities from scores (a prior for search)."""
    top = max(scores)
    ws = [math.exp((x - top) / temperature) for x in scores]
    total = sum(ws)
    return [w / total for w in ws]


class FastPolicy:
    """The best option by `scores(decision, state)` (ties at random), or a random one with
    probability `epsilon`. Without `scores` it asks the state's mode (`Mode.fast_scores`)."""

    __slots__ = ("epsilon", "rng", "scores")

    def __init__(self, rng: Any, epsilon: float = 0.1, scores: Scores | None = None) -> None:
        self.rng = rng
        self.epsilon = epsilon
        self.scores = scores

    def choose(self, d: Decision, s: Any) -> str:
        opts = d.options
        rng = self.rng
        n = len(opts)
        eps = self.epsilon
        if eps and rng.below(1 << 20) < eps * (1 << 20):
            o = opts[rng.below(n)]
            return o.id
        fn = self.scores
        if fn is None:
            from multiverse import modes

            fn = modes.of_state(s).fast_scores
        scores = fn(d, s)
        if scores is None:
            o = opts[rng.below(n)]
            return o.id
        best = max(scores)
        top = [i for i in range(n) if scores[i] == best]
        o = opts[top[0] if len(top) == 1 else top[rng.below(len(top))]]
        return o.id


__all__ = ["FastPolicy", "Scores", "softmax"]
