"""The random agent: picks a legal option uniformly from its own generator (DESIGN 4)."""

from __future__ import annotations

from typing import Any

from multiverse.engine.decision import Decision
from multiverse.engine.rng import SplitMix64


class RandomAgent:
    """Chooses uniformly among the legal options.

    It draws from its own SplitMix64, never from the game's, so watching or re-running a
    game with it never disturbs the game's chance. The state, when given, is ignored.

    >>> from multiverse.engine.decision import Decision, Option
    >>> d = Decision(0, "demo", "pick", (Option("a", "A"), Option("b", "B")))
    >>> RandomAgent(1).choose(d) == RandomAgent(1).choose(d)
    True
    """

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = SplitMix64(seed)

    def choose(self, decision: Decision, state: Any = None) -> str:
        options = decision.options
        return options[self.rng.below(len(options))].id
