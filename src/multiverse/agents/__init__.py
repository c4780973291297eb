"""Agents: anything with `choose(decision, state=None) -> option_id` can fill a seat.

The state, when given, is read only through `view(state, decision.seat)` (heuristic) or
through determinizations consistent with that view (ISMCTS); an agent draws from its own
generator, never from the game's. Agents reach a game only through the mode registry
(`multiverse.modes`), and never import the lab: the lab imports them.

Seeds: `agent_seed(game_seed, seat)` seeds a seat's agent, `decision_seed(agent_seed, n)`
an agent made afresh for decision `n`, `game_seed(run_seed, i)` game `i` of a lab run.
"""

from __future__ import annotations

from typing import Any

from multiverse.agents.heuristic import HeuristicAgent
from multiverse.agents.ismcts import ISMCTSAgent, hint, hint_lines
from multiverse.agents.random_agent import RandomAgent
from multiverse.agents.seeds import AgentSpec, agent_seed, decision_seed, game_seed
from multiverse.agents.strong import StrongAgent

AGENTS = {"random": RandomAgent, "heuristic": HeuristicAgent, "ismcts": ISMCTSAgent,
          "strong": StrongAgent}


def make_agent(name: str, seed: int, **params: Any) -> Any:
    """An agent by its name (`multiverse play --agent NAME`); KeyError names the known ones."""
    try:
        cls = AGENTS[name]
    except KeyError:
        raise KeyError(f"unknown agent {name!r}; known agents: {', '.join(sorted(AGENTS))}") from None
    return cls(seed, **params)


__all__ = ["AGENTS", "AgentSpec", "HeuristicAgent", "ISMCTSAgent", "RandomAgent", "StrongAgent", "agent_seed",
           "decision_seed", "game_seed", "hint", "hint_lines", "make_agent"]
