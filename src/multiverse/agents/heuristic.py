"""The heuristic agent of every mode: it plays the rules of thumb its mode registers
(`Mode.heuristic`): Marvel United's in `united.heuristic`, Sentinels' in
`sentinels.heuristic`."""

from __future__ import annotations

from typing import Any

from multiverse.engine.decision import Decision
from multiverse.engine.rng import SplitMix64


class HeuristicAgent:
    """The heuristic agent of every mode: the rules of thumb its mode registers
    (`Mode.heuristic`), made once per mode from this agent's seed.

    Without a state (a bare decision) it falls back to a uniform choice.
    """

    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.rng = SplitMix64(seed)
        self._by_mode: dict[str, Any] = {}

    def choose(self, decision: Decision, state: Any = None) -> str:
        if state is None:
            opts = decision.options
            return opts[self.rng.below(len(opts))].id
        from multiverse import modes

        mode = state.T.config.mode
        impl = self._by_mode.get(mode)
        if impl is None:
            impl = self._by_mode[mode] = modes.get(mode).heuristic(self.seed)
        return impl.choose(decision, state)


__all__ = ["HeuristicAgent"]
