"""Agents: anything with `choose(decision) -> option_id` can fill a seat."""

from __future__ import annotations

from multiverse.agents.random_agent import RandomAgent

AGENTS = {"random": RandomAgent}


def make_agent(name: str, seed: int):
    """An agent by its name (`multiverse play --agent NAME`); KeyError names the known ones."""
    try:
        cls = AGENTS[name]
    except KeyError:
        raise KeyError(f"unknown agent {name!r}; known agents: {', '.join(sorted(AGENTS))}") from None
    return cls(seed)


__all__ = ["AGENTS", "RandomAgent", "make_agent"]
