"""Agents: anything with `choose(decision, state=None) -> option_id` can fill a seat.

The state, when given, is read only through `view(state, decision.seat)` (heuristic) or
through determinizations consistent with that view (ISMCTS); an agent draws from its own
generator, never from the game's."""

from __future__ import annotations

from multiverse.agents.heuristic import HeuristicAgent
from multiverse.agents.ismcts import ISMCTSAgent, hint, hint_lines
from multiverse.agents.random_agent import RandomAgent

AGENTS = {"random": RandomAgent, "heuristic": HeuristicAgent, "ismcts": ISMCTSAgent}


def make_agent(name: str, seed: int):
    """An agent by its name (`multiverse play --agent NAME`); KeyError names the known ones."""
    try:
        cls = AGENTS[name]
    except KeyError:
        raise KeyError(f"unknown agent {name!r}; known agents: {', '.join(sorted(AGENTS))}") from None
    return cls(seed)


__all__ = ["AGENTS", "HeuristicAgent", "ISMCTSAgent", "RandomAgent", "hint", "hint_lines", "make_agent"]
