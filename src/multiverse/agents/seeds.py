"""Seeds of agents and games: every agent draws from its own SplitMix64 stream.

- `game_seed(run_seed, i)`: the seed of game `i` of a lab run (63 bits, an SQLite integer);
- `agent_seed(game_seed, seat)`: the seed of the agent in `seat` of that game;
- `decision_seed(agent_seed, n)`: the seed of an agent made afresh for decision number `n`
  (`multiverse play` does so, so an agent's choice depends only on its seed, the decision
  number and the state, and a resumed game plays on exactly as the uninterrupted one).

>>> agent_seed(7, 0) != agent_seed(7, 1)
True
>>> decision_seed(agent_seed(7, 0), 3) == decision_seed(agent_seed(7, 0), 3)
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from multiverse.engine.rng import GOLDEN, MASK, splitmix_next

AGENT_SALT = 0xA6E7_5EED_0000_0000
DECISION_SALT = 0xDEC1_5105_0000_0000


def game_seed(run_seed: int, index: int) -> int:
    """The seed of game `index` of a run (63 bits, so SQLite stores it as an integer)."""
    base = splitmix_next(run_seed & MASK)[1]
    return splitmix_next((base + index * GOLDEN) & MASK)[1] >> 1


def agent_seed(seed: int, seat: int) -> int:
    """The seed of the agent in `seat`: derived from the game's seed, but its own stream."""
    return splitmix_next(((seed ^ AGENT_SALT) + seat) & MASK)[1]


def decision_seed(agent_seed: int, decision_number: int) -> int:
    """The seed of an agent made for one decision (a SplitMix64 mix of both numbers)."""
    base = splitmix_next((agent_seed ^ DECISION_SALT) & MASK)[1]
    return splitmix_next((base + decision_number * GOLDEN) & MASK)[1]


@dataclass(frozen=True)
class AgentSpec:
    """An agent by name with its parameters (ISMCTS: iterations, rollout, …)."""

    name: str = "heuristic"
    params: tuple[tuple[str, Any], ...] = field(default=())

    @property
    def key(self) -> str:
        if not self.params:
            return self.name
        return f"{self.name}({','.join(f'{k}={v}' for k, v in sorted(self.params))})"

    def make(self, seed: int) -> Any:
        from multiverse.agents import AGENTS

        if self.name not in AGENTS:
            raise KeyError(f"unknown agent {self.name!r}; known agents: {', '.join(sorted(AGENTS))}")
        return AGENTS[self.name](seed, **dict(self.params))


__all__ = ["AGENT_SALT", "AgentSpec", "agent_seed", "decision_seed", "game_seed"]
