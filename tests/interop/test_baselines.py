"""The published baselines' machinery (issue 23, item 7): every row on the lab's seeds, and
MaskablePPO training and evaluation (the `rl-train` extra, in the slow suite)."""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("gymnasium")

from multiverse.agents.seeds import game_seed  # noqa: E402
from multiverse.interop import baselines, games  # noqa: E402


def first_legal(env, obs):
    return int(np.flatnonzero(env.action_masks())[0])


def test_env_games_are_the_labs_games():
    """Game i of the evaluation is the lab's game i: the same deal, and the same choices
    give the same result as the engine played directly."""
    out = baselines.play_env_games("dofp", first_legal, 4, seed=3)
    config = games.make_config("dofp")
    wins = 0
    for i in range(4):
        s = games.new_state(config, game_seed(3, i))
        while (d := s.decision()) is not None:
            s.apply(d.options[0].id)
        wins += s.result == "win"
    assert out["games"] == 4 and out["wins"] == wins
    low, high = out["ci95"]
    assert 0.0 <= low <= out["win_rate"] <= high <= 1.0


def test_lab_rows_use_the_labs_runner():
    from multiverse import modes
    from multiverse.agents.seeds import AgentSpec
    from multiverse.lab.runner import play_game

    row = baselines.lab_row("sentinels", "random", 6, seed=2)
    config = modes.get("sentinels").make_config()
    wins = sum(play_game(config, AgentSpec("random"), game_seed(2, i))[0] == "win" for i in range(6))
    assert row["games"] == 6 and row["wins"] == wins
    ism = baselines.lab_row("dofp", "ismcts", 1, seed=2, iterations=5)
    assert ism["games"] == 1


def test_openspiel_mcts_plays_the_same_deals_to_the_end():
    pytest.importorskip("pyspiel")
    row = baselines.mcts_row("dofp", 1, seed=4, simulations=5)
    assert row["games"] == 1 and row["wins"] in (0, 1)


@pytest.mark.slow
def test_maskable_ppo_trains_and_its_evaluation_ends():
    pytest.importorskip("sb3_contrib", reason="the rl-train extra: pip install -e '.[rl-train]'")
    model = baselines.train("sentinels", 2048, seed=1)
    from multiverse.interop.gym_env import MultiverseEnv

    env = MultiverseEnv(mode="sentinels")
    obs, _ = env.reset(seed=5)
    act = baselines.ppo_policy(model)
    for _ in range(50):  # every action it picks is a legal one
        a = act(env, obs)
        assert env.action_masks()[a]
        obs, _, term, trunc, _ = env.step(a)
        if term or trunc:
            obs, _ = env.reset()
    out = baselines.play_env_games("sentinels", act, 3, seed=1)
    assert out["games"] == 3 and 0 <= out["wins"] <= 3


@pytest.mark.slow
def test_the_command_line_trains_saves_and_evaluates(tmp_path, capsys):
    pytest.importorskip("sb3_contrib", reason="the rl-train extra: pip install -e '.[rl-train]'")
    path = tmp_path / "ppo.zip"
    assert baselines.main(["train", "--mode", "dofp", "--steps", "1024", "--out", str(path)]) == 0
    assert path.exists()
    assert baselines.main(["evaluate", "--mode", "dofp", "--model", str(path), "--games", "2"]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert '"games": 2' in last


def test_bad_input_is_one_error_line(tmp_path, capsys):
    assert baselines.main(["table", "--level", "hardest"]) == 2
    assert capsys.readouterr().err == "error: level 'hardest': expected one of printed, easier, easiest\n"
    missing = tmp_path / "none.zip"
    assert baselines.main(["evaluate", "--model", str(missing), "--games", "1"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and "none.zip" in err and err.count("\n") == 1
