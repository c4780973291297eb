"""The Monte Carlo balance lab: batch simulation, statistics, sweeps, plots, backends.

The lab imports the agents (never the reverse); `AgentSpec`, `agent_seed` and `game_seed`
live in `multiverse.agents.seeds` and are re-exported here."""

from multiverse.lab.runner import AgentSpec, agent_seed, game_seed, play_game, run_lab
from multiverse.lab.stats import summarize, wilson
from multiverse.lab.store import LabStore

__all__ = ["AgentSpec", "LabStore", "agent_seed", "game_seed", "play_game", "run_lab", "summarize",
           "wilson"]
