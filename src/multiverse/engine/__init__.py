"""Game-agnostic core: decisions, options, errors, RNG, events, state base."""

from multiverse.engine.decision import Decision, Option
from multiverse.engine.errors import IllegalChoice, MultiverseError
from multiverse.engine.rng import SplitMix64

__all__ = ["Decision", "IllegalChoice", "MultiverseError", "Option", "SplitMix64"]
