"""The Monte Carlo balance lab: batch simulation, statistics, sweeps, plots, backends."""

from multiverse.lab.runner import AgentSpec, game_seed, play_game, run_lab
from multiverse.lab.stats import summarize, wilson
from multiverse.lab.store import LabStore

__all__ = ["AgentSpec", "LabStore", "game_seed", "play_game", "run_lab", "summarize", "wilson"]
