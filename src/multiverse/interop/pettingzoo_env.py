"""A PettingZoo AEC environment: one agent per seat, taking turns as the rules ask.

    >>> from multiverse.interop.pettingzoo_env import env
    >>> e = env(mode="dofp")
    >>> e.reset(seed=7)
    >>> e.possible_agents
    ['player_0', 'player_1', 'player_2']
    >>> obs, reward, terminated, truncated, info = e.last()
    >>> e.step(int(info["action_mask"].argmax()))   # the first legal action

- Agents: `player_0` … one per seat (one per hero; solo Days of Future Past has one seat).
  `agent_selection` is the seat of the pending decision, so the same agent may act several
  times in a row and the order follows the game (e.g. a wound decision mid-villain turn).
- Observation of an agent: a float32 NumPy vector (a `Box`) encoding `view(state, seat)` of
  that agent's seat only — never another seat's hand. Its action mask (int8: the pending
  decision's options for the selected agent, all zeros for the others) is in
  `infos[agent]["action_mask"]`, where PettingZoo's own tools look for it.
  `observation_format="dict"` gives the classic `{"observation": …, "action_mask": …}` instead
  (the mask is in `infos` as well).
- Actions: `Discrete(max_options)` over the pending decision's options in order; a masked
  action raises `IllegalAction` naming it (nothing is remapped). `action_space="catalogue"`:
  `Discrete(catalogue.size)` over the configuration's fixed action catalogue
  (`multiverse.interop.catalogue`; action `a` means `env.catalogue.names[a]` in every
  decision), the masks marking the pending options' actions. `observation="compact"`: the
  vectors without the option rows (the public state and the seat's own hand).
- Rewards: shared (cooperative): every agent gets +1 when the heroes win, -1 when they
  lose, 0 otherwise (plus the optional shaping of `reward_shaping`, in the potential-based
  form `c * (shaping_gamma * phi(next) - phi(now))`, shared as well).
  When the game ends every agent is terminated together.
- Every episode ends: after `max_decisions` steps (default: the mode's `max_game_length`, a
  bound no game reaches by its rules) every agent is truncated together.
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from multiverse.engine.state import GameState
from multiverse.interop import games
from multiverse.interop.catalogue import ACTION_SPACES, Catalogue, check_choice
from multiverse.interop.encoding import OBSERVATIONS, Encoder, make_encoder, potential
from multiverse.interop.games import ActionSpaceTooSmall, IllegalAction


class MultiverseAECEnv(AECEnv):
    """The seats of a Marvel United or Sentinels game as PettingZoo agents."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi"], "name": "multiverse_v0",
                                          "is_parallelizable": False}

    def __init__(self, mode: str = "dofp", config: Any = None, max_options: int | None = None,
                 reward_shaping: float = 0.0, max_decisions: int | None = None,
                 render_mode: str | None = None, observation_format: str = "array",
                 action_space: str = "options", observation: str = "options",
                 shaping_gamma: float = 1.0) -> None:
        super().__init__()
        self.action_kind = check_choice("action_space", action_space, ACTION_SPACES)
        self.observation_kind = check_choice("observation", observation, OBSERVATIONS)
        if observation_format not in ("array", "dict"):
            raise ValueError(f"observation_format {observation_format!r}: expected 'array' or 'dict'")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r} is not one of {self.metadata['render_modes']}")
        self.mode = mode
        self.config = games.make_config(mode, config)
        self.max_options = int(max_options or games.DEFAULT_MAX_OPTIONS[mode])
        self.reward_shaping = float(reward_shaping)
        if not 0.0 < shaping_gamma <= 1.0:
            raise ValueError(f"shaping_gamma {shaping_gamma!r}: expected a discount in (0, 1]")
        self.shaping_gamma = float(shaping_gamma)
        self.max_decisions = int(max_decisions or games.max_game_length(self.config))
        self.observation_format = observation_format
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"multiverse_{mode}_v0"}
        n = games.n_seats(self.config)
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self.agent_seat = {a: i for i, a in enumerate(self.possible_agents)}
        probe = games.new_state(self.config, 0)
        self.encoder: Encoder = make_encoder(probe, n, self.max_options,
                                             compact=observation == "compact")
        self.catalogue: Catalogue | None = (Catalogue.for_config(self.config)
                                            if action_space == "catalogue" else None)
        self.n_actions = self.catalogue.size if self.catalogue is not None else self.max_options
        vector = spaces.Box(0.0, 1.0, (self.encoder.size,), np.float32)
        obs_space: spaces.Space = vector if observation_format == "array" else spaces.Dict({
            "observation": vector, "action_mask": spaces.Box(0, 1, (self.n_actions,), np.int8)})
        self.observation_spaces = {a: obs_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.n_actions) for a in self.possible_agents}
        self.state: GameState | None = None
        self.game_seed: int | None = None
        self._seed_rng = np.random.default_rng()
        self._steps = 0
        self._phi = 0.0

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    # ----- observing ---------------------------------------------------------------------
    def action_mask(self, agent: str) -> np.ndarray:
        d = self.state.decision() if self.state is not None else None
        if self.catalogue is not None:
            return self.catalogue.mask(d if d is not None and d.seat == self.agent_seat[agent] else None)
        mask = np.zeros(self.max_options, dtype=np.int8)
        if d is not None and d.seat == self.agent_seat[agent]:
            games.check_fits(self.state, self.max_options)  # type: ignore[arg-type]
            mask[: len(d.options)] = 1
        return mask

    def observe(self, agent: str) -> np.ndarray | dict[str, np.ndarray]:
        assert self.state is not None, "call reset() first"
        vector = self.encoder.encode(games.seat_view(self.state, self.agent_seat[agent]))
        if self.observation_format == "array":
            return vector
        return {"observation": vector, "action_mask": self.action_mask(agent)}

    def _masks_in_infos(self) -> None:
        for a in self.agents:
            self.infos[a]["action_mask"] = self.action_mask(a)

    def _select(self) -> None:
        assert self.state is not None
        d = self.state.decision()
        if d is not None:
            games.check_fits(self.state, self.max_options)
            self.agent_selection = self.possible_agents[d.seat]

    def _public_potential(self) -> float:
        assert self.state is not None
        if self.state.decision() is None:
            return 0.0
        return potential(games.seat_view(self.state, 0))

    # ----- AEC API ---------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seed_rng = np.random.default_rng(seed)
        given = (options or {}).get("state")
        if given is not None:
            self.state = games.as_state(self.mode, given)
            if self.state.T.config != self.config:  # type: ignore[attr-defined]
                raise ValueError("the given state was played with another configuration than this env's")
            self.game_seed = None
        else:
            self.game_seed = int(seed) if seed is not None else int(self._seed_rng.integers(2**63))
            self.state = games.new_state(self.config, self.game_seed)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._steps = 0
        self._masks_in_infos()
        self._phi = self._public_potential() if self.reward_shaping else 0.0
        if self.state.decision() is None:  # a finished position was given
            self._finish()
        else:
            self._select()

    def _finish(self) -> None:
        assert self.state is not None
        for a in self.agents:
            self.terminations[a] = True
            self.infos[a] = {"result": self.state.result, "reason": self.state.reason}
        self._masks_in_infos()

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        assert self.state is not None
        if self.catalogue is not None:
            option_id = self.catalogue.option_of(self.state.decision(), action)
        else:
            option_id = games.check_action(self.state, action, self.max_options)
        self._cumulative_rewards[agent] = 0.0
        self.state.apply(option_id)
        self._steps += 1
        s = self.state
        reward = 0.0
        if s.result is not None:
            reward = 1.0 if s.result == "win" else -1.0
        if self.reward_shaping:
            phi = self._public_potential()
            reward += self.reward_shaping * (self.shaping_gamma * phi - self._phi)
            self._phi = phi
        self.rewards = {a: reward for a in self.agents}
        if s.result is not None:
            self._finish()
        elif self._steps >= self.max_decisions:
            for a in self.agents:
                self.truncations[a] = True
                self.infos[a]["truncated_at"] = self._steps
        else:
            self._select()
        self._masks_in_infos()
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode != "ansi" or self.state is None:
            return None
        d = self.state.decision()
        seat = d.seat if d is not None else 0
        text = games.render_text(self.state, seat)
        if d is None:
            return text + f"\nThe heroes {'win' if self.state.result == 'win' else 'lose'}: {self.state.reason}\n"
        acts = self.catalogue.actions(d) if self.catalogue is not None else range(len(d.options))
        opts = "\n".join(f"  {a}: {o.id} — {o.label}" for a, o in zip(acts, d.options, strict=True))
        return text + f"\n{self.possible_agents[seat]} — {d.prompt}\n{opts}\n"

    def close(self) -> None:
        pass


def raw_env(**kwargs: Any) -> MultiverseAECEnv:
    return MultiverseAECEnv(**kwargs)


def env(**kwargs: Any) -> AECEnv:
    """The environment wrapped as PettingZoo recommends (order enforcing)."""
    return wrappers.OrderEnforcingWrapper(raw_env(**kwargs))


__all__ = ["ActionSpaceTooSmall", "IllegalAction", "MultiverseAECEnv", "env", "raw_env"]
