"""The strong agent (`multiverse lab run MODE --agent strong`): ISMCTS with the settings its
mode registers (`Mode.strong_search`), the point of the mode's strength curve that wins as
often as ISMCTS at 1,000 iterations for the least CPU (docs/agents.md, "Strength for CPU").

It is made per game like every agent (`StrongAgent(seed)`) and finds its mode at its first
decision, so one name serves every mode; keywords given to it override the mode's settings.
"""

from __future__ import annotations

from typing import Any

from multiverse.agents.ismcts import ISMCTSAgent
from multiverse.engine.decision import Decision
from multiverse.engine.rng import SplitMix64


class StrongAgent:
    """ISMCTS with its mode's `strong_search` settings (overridden by `overrides`)."""

    name = "strong"

    def __init__(self, seed: int = 0, **overrides: Any) -> None:
        self.seed = seed
        self.overrides = overrides
        self.rng = SplitMix64(seed)
        self.search: ISMCTSAgent | None = None
        if overrides:  # a bad keyword fails here, not at the first decision
            ISMCTSAgent(seed, **{"iterations": 1, **overrides})

    def settings(self, state: Any) -> dict[str, Any]:
        """The ISMCTS keywords this agent plays with in `state`'s mode."""
        from multiverse import modes

        return {**modes.of_state(state).strong_search, **self.overrides}

    def choose(self, decision: Decision, state: Any = None) -> str:
        if state is None:  # nothing to search: a uniform choice, as ISMCTS does
            opts = decision.options
            return opts[self.rng.below(len(opts))].id
        if self.search is None:
            self.search = ISMCTSAgent(self.seed, **self.settings(state))
        return self.search.choose(decision, state)


__all__ = ["StrongAgent"]
