"""A Gymnasium environment: one agent plays every seat of a cooperative game.

    >>> from multiverse.interop.gym_env import MultiverseEnv
    >>> env = MultiverseEnv(mode="dofp")
    >>> obs, info = env.reset(seed=7)
    >>> sorted(obs)
    ['action_mask', 'observation']
    >>> obs, reward, terminated, truncated, info = env.step(0)   # the first option

- Action space: `Discrete(max_options)`; action `i` is option `i` of the pending decision,
  in the engine's order. Actions `len(options) .. max_options-1` are masked; stepping one
  raises `IllegalAction` naming it and the legal options (nothing is remapped).
  `env.action_space.sample()` draws among the legal actions (see `LegalDiscrete`).
  `env.action_masks()` (what sb3-contrib's MaskablePPO asks for) and `env.action_mask()` give
  the mask as booleans and int8. In a vector env the batched `action_space.sample()` does not
  see each copy's mask: sample with `envs.single_action_space.sample(mask=m)` per row of
  `obs["action_mask"]` (or of `infos["action_mask"]`).
- `action_space="catalogue"`: `Discrete(catalogue.size)` over the configuration's fixed
  action catalogue (`multiverse.interop.catalogue`): action `a` means the same thing in
  every decision (`env.catalogue.names[a]`); the mask marks the pending options' actions.
  The default, `"options"`, is the above.
- Observation: `{"observation": float32 vector in [0, 1], "action_mask": int8 vector}`; the
  vector encodes `view(state, seat)` of the seat that decides now (`multiverse.interop.
  encoding`, layout in docs/interop.md and `env.encoder.describe()`); `info["action_mask"]`
  holds the same mask. `observation="compact"` leaves out the option rows (the `options`
  segment): the public state and the seat's own hand, for the catalogue's fixed actions.
- Every episode ends: after `max_decisions` steps (default: the mode's `max_game_length`, a
  bound no game reaches by its rules) `truncated` is True.
- Reward: +1 when the heroes win, -1 when they lose, 0 otherwise. `reward_shaping=c` adds
  `c * (gamma * phi(next) - phi(now))` with a public progress potential `phi` (0 at the end)
  and `gamma = shaping_gamma` (1 by default; give the learner's discount), the
  potential-based form, which leaves the best policy unchanged; it is off (0) by default.
- `reset(seed=s)` plays the game of seed `s` (the same game as `multiverse play --seed s`);
  `reset()` draws the next game seed from the environment's generator.
  `reset(options={"state": state_or_json})` starts from a given position.
"""

from __future__ import annotations

import weakref
from typing import Any, ClassVar

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from multiverse.engine.state import GameState
from multiverse.interop import games
from multiverse.interop.catalogue import ACTION_SPACES, Catalogue, check_choice
from multiverse.interop.encoding import OBSERVATIONS, Encoder, make_encoder, potential
from multiverse.interop.games import ActionSpaceTooSmall, IllegalAction

ENV_IDS = {"dofp": "multiverse/DaysOfFuturePast-v0", "standard": "multiverse/MarvelUnited-v0",
           "sentinels": "multiverse/Sentinels-v0", "oblivaeon": "multiverse/OblivAeon-v0"}


class LegalDiscrete(spaces.Discrete):
    """`Discrete(n)` whose `sample()` without a mask draws uniformly among the legal actions
    of its environment's pending decision, so a plain `env.action_space.sample()` loop
    never hits the illegal-action error. An explicit `mask=` or `probability=` is used as
    given. A pickled or deep-copied space forgets its environment and samples all of
    `0..n-1`, like `Discrete`."""

    def __init__(self, n: int, env: MultiverseEnv | None = None, seed: int | None = None) -> None:
        super().__init__(n, seed=seed)
        self._env = weakref.ref(env) if env is not None else None

    def sample(self, mask: Any = None, probability: Any = None) -> np.int64:
        if mask is None and probability is None and self._env is not None:
            env = self._env()
            if env is not None and env.state is not None and env.state.decision() is not None:
                mask = env.action_mask()
        return super().sample(mask=mask, probability=probability)

    def __getstate__(self) -> dict[str, Any]:
        state = dict(self.__dict__)
        state["_env"] = None
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        super().__setstate__(state)
        self._env = None


class MultiverseEnv(gym.Env):
    """Single-agent control of every seat of a Marvel United or Sentinels game."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi"], "render_fps": 1}

    def __init__(self, mode: str = "dofp", config: Any = None, max_options: int | None = None,
                 reward_shaping: float = 0.0, max_decisions: int | None = None,
                 render_mode: str | None = None, action_space: str = "options",
                 observation: str = "options", shaping_gamma: float = 1.0) -> None:
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r} is not one of {self.metadata['render_modes']}")
        self.action_kind = check_choice("action_space", action_space, ACTION_SPACES)
        self.observation_kind = check_choice("observation", observation, OBSERVATIONS)
        self.mode = mode
        self.config = games.make_config(mode, config)
        self.catalogue: Catalogue | None = (Catalogue.for_config(self.config)
                                            if action_space == "catalogue" else None)
        self.max_options = int(max_options or games.DEFAULT_MAX_OPTIONS[mode])
        self.reward_shaping = float(reward_shaping)
        if not 0.0 < shaping_gamma <= 1.0:
            raise ValueError(f"shaping_gamma {shaping_gamma!r}: expected a discount in (0, 1]")
        self.shaping_gamma = float(shaping_gamma)
        self.max_decisions = int(max_decisions or games.max_game_length(self.config))
        self.render_mode = render_mode
        self.n_seats = games.n_seats(self.config)
        probe = games.new_state(self.config, 0)
        self.encoder: Encoder = make_encoder(probe, self.n_seats, self.max_options,
                                             compact=observation == "compact")
        self.n_actions = self.catalogue.size if self.catalogue is not None else self.max_options
        self.observation_space = spaces.Dict({
            "observation": spaces.Box(0.0, 1.0, (self.encoder.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (self.n_actions,), np.int8),
        })
        self.action_space = LegalDiscrete(self.n_actions, env=self)
        self.state: GameState | None = None
        self.game_seed: int | None = None
        self._steps = 0
        self._phi = 0.0

    # ----- helpers -------------------------------------------------------------------
    def action_mask(self) -> np.ndarray:
        """1 for each action index the pending decision offers (all 0 when the game is over)."""
        d = self.state.decision() if self.state is not None else None
        if self.catalogue is not None:
            return self.catalogue.mask(d)
        mask = np.zeros(self.max_options, dtype=np.int8)
        if d is not None:
            games.check_fits(self.state, self.max_options)  # type: ignore[arg-type]
            mask[: len(d.options)] = 1
        return mask

    def action_masks(self) -> np.ndarray:
        """The mask as booleans: the method sb3-contrib's `MaskablePPO` looks for."""
        return self.action_mask().astype(bool)

    def _seat(self) -> int:
        """The seat whose view the observation shows: the deciding seat (seat 0 at the end)."""
        assert self.state is not None
        d = self.state.decision()
        return d.seat if d is not None else 0

    def _observe(self) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        assert self.state is not None
        s = self.state
        v = games.seat_view(s, self._seat())
        mask = self.action_mask()
        obs = {"observation": self.encoder.encode(v), "action_mask": mask}
        d = s.decision()
        info: dict[str, Any] = {
            "action_mask": mask.copy(), "seat": v["seat"], "decisions": s.decisions,
            "seed": self.game_seed, "result": s.result,
        }
        if d is not None:
            info["kind"] = d.kind
            info["option_ids"] = [o.id for o in d.options]
            if self.catalogue is not None:
                info["actions"] = self.catalogue.actions(d)  # the action of each option
        else:
            info["reason"] = s.reason
        self._phi = 0.0 if d is None else potential(v)
        return obs, info

    def describe_actions(self) -> list[str]:
        """`"i: option id — label"` for every legal action of the pending decision."""
        d = self.state.decision() if self.state is not None else None
        if d is None:
            return []
        acts = self.catalogue.actions(d) if self.catalogue is not None else range(len(d.options))
        return [f"{a}: {o.id} — {o.label}" for a, o in zip(acts, d.options, strict=True)]

    # ----- Gymnasium API -----------------------------------------------------------------
    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        super().reset(seed=seed)
        given = (options or {}).get("state")
        if given is not None:
            self.state = games.as_state(self.mode, given)
            if self.state.T.config != self.config:  # type: ignore[attr-defined]
                raise ValueError("the given state was played with another configuration than this env's")
            self.game_seed = None
        else:
            self.game_seed = int(seed) if seed is not None else int(self.np_random.integers(2**63))
            self.state = games.new_state(self.config, self.game_seed)
        self._steps = 0
        return self._observe()

    def step(self, action: Any) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        if self.state is None:
            raise IllegalAction(f"action {action!r}: call reset() before step()", action, [])
        option_id = self._option_id(action)
        before = self._phi
        self.state.apply(option_id)
        self._steps += 1
        obs, info = self._observe()
        terminated = self.state.result is not None
        reward = 0.0
        if terminated:
            reward = 1.0 if self.state.result == "win" else -1.0
        if self.reward_shaping:
            reward += self.reward_shaping * (self.shaping_gamma * self._phi - before)
        truncated = not terminated and self._steps >= self.max_decisions
        return obs, float(reward), terminated, bool(truncated), info

    def _option_id(self, action: Any) -> str:
        """The option id behind `action` (`IllegalAction` naming it; the state is untouched)."""
        assert self.state is not None
        if self.catalogue is not None:
            return self.catalogue.option_of(self.state.decision(), action)
        return games.check_action(self.state, action, self.max_options)

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.state is None:
            return None
        seat = self._seat()
        text = games.render_text(self.state, seat)
        d = self.state.decision()
        if d is None:
            return text + f"\nThe heroes {'win' if self.state.result == 'win' else 'lose'}: {self.state.reason}\n"
        return text + f"\nSeat {seat} — {d.prompt}\n" + "\n".join(f"  {a}" for a in self.describe_actions()) + "\n"

    def close(self) -> None:
        self.state = None


def _register() -> None:
    for mode, env_id in ENV_IDS.items():
        if env_id not in gym.registry:
            gym.register(id=env_id, entry_point="multiverse.interop.gym_env:MultiverseEnv",
                         kwargs={"mode": mode})


_register()

__all__ = ["ENV_IDS", "ActionSpaceTooSmall", "IllegalAction", "LegalDiscrete", "MultiverseEnv"]
