"""Reinforcement-learning adapters over the one decision protocol (docs/interop.md).

- `multiverse.interop.gym_env` — `MultiverseEnv`, a Gymnasium environment (one agent plays
  every seat); registered as `multiverse/DaysOfFuturePast-v0`, `multiverse/MarvelUnited-v0`
  and `multiverse/Sentinels-v0`.
- `multiverse.interop.pettingzoo_env` — a PettingZoo AEC environment, one agent per seat.
- `multiverse.interop.openspiel_game` — pyspiel games `python_multiverse_dofp`,
  `python_multiverse_standard`, `python_multiverse_sentinels`.

Observations come from `view(state, seat)` only (`multiverse.interop.encoding`), so hidden
information stays hidden. The third-party libraries (the `rl` extra: gymnasium,
pettingzoo; the `bench` extra: open_spiel) are imported by those modules only, never by
this package or by the engine.
"""

from multiverse.interop.games import MODES, ActionSpaceTooSmall, IllegalAction

__all__ = ["MODES", "ActionSpaceTooSmall", "IllegalAction"]
