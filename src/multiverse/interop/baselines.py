"""Published baselines (issue 23): MaskablePPO on the Gymnasium env of each mode, and one
table of win rates on the lab's seeds beside random, heuristic, ISMCTS and OpenSpiel's MCTS.

Needs the `rl-train` extra (stable-baselines3, sb3-contrib, torch) for PPO and the `bench`
extra (open_spiel) for MCTS; the other rows need nothing more than the core.

    python -m multiverse.interop.baselines train --mode sentinels --steps 50000 --out ppo.zip
    python -m multiverse.interop.baselines evaluate --mode sentinels --model ppo.zip --games 200
    python -m multiverse.interop.baselines table --mode sentinels --games 200 --steps 50000
    python -m multiverse.interop.baselines speed --mode sentinels

Every evaluated game `i` is the lab's game `i` of run seed `--seed` (`game_seed(seed, i)`):
the same deals for every row. PPO is trained on seeds drawn from another stream (`TRAIN_SALT`),
never on the evaluation deals.
"""

from __future__ import annotations

import argparse
import json
import os
import time
from collections.abc import Callable
from typing import Any

PPO_DEFAULTS: dict[str, Any] = {  # pinned: the published figures were made with these
    "n_steps": 1024, "batch_size": 256, "learning_rate": 3e-4, "gamma": 0.995, "ent_coef": 0.01,
    "n_epochs": 4,
}
TRAIN_SALT = 0x7A11_5EED  # training deals: a stream apart from the lab's evaluation seeds


def _env(mode: str, config: dict[str, Any] | None, shaping: float, seed: int) -> Any:
    from multiverse.interop.gym_env import MultiverseEnv

    env = MultiverseEnv(mode=mode, config=config, reward_shaping=shaping)
    env.reset(seed=seed ^ TRAIN_SALT)  # later resets draw from the env's seeded generator
    return env


def train(mode: str, steps: int, seed: int = 1, config: dict[str, Any] | None = None,
          shaping: float = 0.0, verbose: int = 0, **ppo: Any) -> Any:
    """A MaskablePPO model trained for `steps` env steps on `mode` (its `MultiInputPolicy`
    reads the observation dict; the masks come from `env.action_masks()`)."""
    from sb3_contrib import MaskablePPO

    env = _env(mode, config, shaping, seed)
    model = MaskablePPO("MultiInputPolicy", env, seed=seed, verbose=verbose, device="cpu",
                        **{**PPO_DEFAULTS, **ppo})
    model.learn(total_timesteps=steps)
    return model


def ppo_policy(model: Any) -> Callable[[Any, Any], int]:
    """`(env, obs) → action`: the model's deterministic masked choice."""
    def act(env: Any, obs: Any) -> int:
        action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)
        return int(action)

    return act


def play_env_games(mode: str, act: Callable[[Any, Any], int], games: int, seed: int,
                   config: dict[str, Any] | None = None) -> dict[str, Any]:
    """Play the lab's games 0 … games-1 of run seed `seed` with `act` in every seat: wins,
    games, the win rate and its 95 % Wilson interval."""
    from multiverse.agents.seeds import game_seed
    from multiverse.interop.gym_env import MultiverseEnv
    from multiverse.lab.stats import wilson

    env = MultiverseEnv(mode=mode, config=config)
    wins = 0
    for i in range(games):
        obs, _ = env.reset(seed=game_seed(seed, i))
        done = False
        while not done:
            obs, reward, terminated, truncated, _ = env.step(act(env, obs))
            done = terminated or truncated
        wins += reward > 0
    low, high = wilson(wins, games)
    return {"games": games, "wins": wins, "win_rate": wins / games if games else 0.0, "ci95": [low, high]}


def lab_row(mode: str, agent: str, games: int, seed: int, level: str = "printed",
            **params: Any) -> dict[str, Any]:
    """An agent of the lab (`random`, `heuristic`, `ismcts` with `iterations=`) on the same
    games, played by the lab's own runner."""
    from multiverse.agents.seeds import AgentSpec, game_seed
    from multiverse.interop.training import training_config
    from multiverse.lab.runner import play_game
    from multiverse.lab.stats import wilson

    config = training_config(mode, level)
    spec = AgentSpec(agent, tuple(sorted(params.items())))
    wins = sum(play_game(config, spec, game_seed(seed, i))[0] == "win" for i in range(games))
    low, high = wilson(wins, games)
    return {"games": games, "wins": wins, "win_rate": wins / games if games else 0.0, "ci95": [low, high]}


def mcts_row(mode: str, games: int, seed: int, simulations: int = 50,
             level: str = "printed") -> dict[str, Any]:
    """OpenSpiel's `MCTSBot` (random rollouts, `simulations` per move, resampled clones) in
    every seat of the same games."""
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import mcts

    from multiverse.agents.seeds import game_seed
    from multiverse.interop.openspiel_game import game_string
    from multiverse.interop.training import training_fields
    from multiverse.lab.stats import wilson

    fields = ";".join(f"{k}:{v}" for k, v in training_fields(mode, level).items())
    extra = {"config": fields} if fields else {}
    wins = 0
    for i in range(games):
        game = pyspiel.load_game(game_string(mode, seed=game_seed(seed, i), **extra))
        rs = np.random.RandomState(i)
        bot = mcts.MCTSBot(game, 1.4, simulations, mcts.RandomRolloutEvaluator(1, rs), random_state=rs)
        state = game.new_initial_state()
        while not state.is_terminal():
            state.apply_action(bot.step(state))
        wins += state.returns()[0] > 0
    low, high = wilson(wins, games)
    return {"games": games, "wins": wins, "win_rate": wins / games if games else 0.0, "ci95": [low, high]}


def speed(mode: str, steps: int = 2000, seed: int = 1) -> dict[str, float]:
    """Env steps per second of random masked play: raw, in a 4-copy `SyncVectorEnv`, and
    under SB3's MaskablePPO (collection and update together, `n_steps` 512)."""
    import gymnasium as gym
    import numpy as np

    from multiverse.interop.gym_env import MultiverseEnv

    env = MultiverseEnv(mode=mode)
    env.action_space.seed(seed)
    _, info = env.reset(seed=seed)
    t = time.perf_counter()
    for _ in range(steps):
        _, _, term, trunc, info = env.step(env.action_space.sample(mask=info["action_mask"]))
        if term or trunc:
            _, info = env.reset()
    raw = steps / (time.perf_counter() - t)
    envs = gym.vector.SyncVectorEnv([lambda: MultiverseEnv(mode=mode) for _ in range(4)])
    obs, _ = envs.reset(seed=seed)
    envs.single_action_space.seed(seed)
    t = time.perf_counter()
    for _ in range(steps // 4):
        actions = np.array([envs.single_action_space.sample(mask=m) for m in obs["action_mask"]])
        obs, *_ = envs.step(actions)
    vector = (steps // 4) * 4 / (time.perf_counter() - t)
    envs.close()
    out = {"raw": round(raw, 1), "vector4": round(vector, 1)}
    try:
        import sb3_contrib  # noqa: F401
    except ImportError:
        return out
    t = time.perf_counter()
    train(mode, steps, seed, n_steps=512, batch_size=128)
    out["sb3_ppo"] = round(steps / (time.perf_counter() - t), 1)
    return out


def main(argv: list[str] | None = None) -> int:
    """The command; a bad value, a missing model file or a missing extra is one `error:` line
    and exit 2."""
    try:
        return _main(argv)
    except (ValueError, OSError, ImportError) as exc:
        import sys

        print(f"error: {str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__}",
              file=sys.stderr)
        return 2


def _main(argv: list[str] | None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="command", required=True)
    for name in ("train", "evaluate", "table", "speed"):
        p = sub.add_parser(name)
        p.add_argument("--mode", default="sentinels")
        p.add_argument("--seed", type=int, default=1)
        p.add_argument("--level", default="printed", help="printed, easier or easiest (interop.training)")
        if name in ("train", "table"):
            p.add_argument("--steps", type=int, default=50_000)
            p.add_argument("--shaping", type=float, default=0.0)
        if name in ("evaluate", "table"):
            p.add_argument("--games", type=int, default=200)
        if name == "train":
            p.add_argument("--out", default="ppo.zip")
        if name == "evaluate":
            p.add_argument("--model", required=True)
        if name == "table":
            p.add_argument("--iterations", default="50,200", help="the two ISMCTS budgets")
            p.add_argument("--simulations", type=int, default=50, help="OpenSpiel MCTS per move")
            p.add_argument("--mcts-games", type=int, default=50)
    args = ap.parse_args(argv)
    from multiverse.interop.training import training_fields

    fields = training_fields(args.mode, args.level)
    if args.command == "train":
        train(args.mode, args.steps, args.seed, fields, shaping=args.shaping).save(args.out)
        print(json.dumps({"saved": args.out, "steps": args.steps}))
    elif args.command == "evaluate":
        model_file = args.model if os.path.exists(args.model) else args.model + ".zip"
        if not os.path.exists(model_file):  # before the heavy import: the same line everywhere
            raise FileNotFoundError(f"no model file {args.model!r} (nor {args.model + '.zip'!r})")
        from sb3_contrib import MaskablePPO

        model = MaskablePPO.load(args.model, device="cpu")
        print(json.dumps(play_env_games(args.mode, ppo_policy(model), args.games, args.seed, fields)))
    elif args.command == "speed":
        print(json.dumps({"mode": args.mode, **speed(args.mode, seed=args.seed)}))
    else:
        def show(name: str, row: dict[str, Any], started: float) -> None:
            print(json.dumps({"mode": args.mode, "level": args.level, "seed": args.seed, "agent": name,
                              **row, "seconds": round(time.perf_counter() - started, 1)}), flush=True)

        for name in ("random", "heuristic"):
            t = time.perf_counter()
            show(name, lab_row(args.mode, name, args.games, args.seed, args.level), t)
        for n in (int(x) for x in args.iterations.split(",")):
            t = time.perf_counter()
            show(f"ismcts({n})", lab_row(args.mode, "ismcts", max(1, args.games // 4), args.seed,
                                         args.level, iterations=n), t)
        t = time.perf_counter()
        show(f"openspiel mcts({args.simulations})",
             mcts_row(args.mode, args.mcts_games, args.seed, args.simulations, args.level), t)
        t = time.perf_counter()
        model = train(args.mode, args.steps, args.seed, fields, shaping=args.shaping)
        show(f"ppo({args.steps} steps)",
             play_env_games(args.mode, ppo_policy(model), args.games, args.seed, fields), t)
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
