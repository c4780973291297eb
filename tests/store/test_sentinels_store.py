"""Sentinels games in the store: the same tables as Marvel United's (configuration JSON,
seed, choices, hashes); replay and verification pick the engine by the stored mode, through
the registry of modes."""

from __future__ import annotations

import pytest

from multiverse import modes
from multiverse.agents import RandomAgent
from multiverse.sentinels.config import SentinelsConfig
from multiverse.sentinels.game import new_game
from multiverse.store.games import GameStore
from multiverse.store.replay import GameStart, verify
from multiverse.united.config import UnitedConfig

CONFIG = SentinelsConfig(heroes=("luminary", "the-harpy", "lifeline"), villain="warden-of-rust",
                         environment="sunken-foundry")


def store_sentinels_game(store: GameStore, seed: int = 3, position: dict | None = None) -> int:
    start = GameStart(CONFIG, seed, position)
    s = start.state(log=False)
    gid = store.create(mode="sentinels", config=CONFIG.model_dump(mode="json"), seed=seed,
                       seats=["random"] * 3, start_hash=s.state_hash(), position=position)
    agent, moves = RandomAgent(seed), []
    while (d := s.decision()) is not None:
        c = agent.choose(d)
        s.apply(c)
        moves.append((c, s.state_hash()))
    store.add_moves(gid, 1, moves)
    store.finish(gid, result=s.result, reason=s.reason, rounds=s.round, final_hash=s.state_hash())
    return gid


def test_the_stored_mode_picks_the_configuration():
    assert modes.get("sentinels").config_from_json(CONFIG.model_dump(mode="json")) == CONFIG
    assert isinstance(modes.get("dofp").config_from_json(UnitedConfig().model_dump(mode="json")),
                      UnitedConfig)
    assert modes.of_config(CONFIG).family == "sentinels"
    assert modes.of_config(UnitedConfig()).family == "united"


def test_start_is_the_engine_new_game():
    a = GameStart(CONFIG, 12).state(log=False)
    assert a == new_game(CONFIG, 12) and a.state_hash() == new_game(CONFIG, 12).state_hash()
    logged = GameStart(CONFIG, 12).state(log=True)
    assert logged.log is not None and logged.state_hash() == a.state_hash()


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_stored_sentinels_game_replays_hash_for_hash(tmp_path, seed):
    with GameStore(tmp_path / "g.db") as store:
        gid = store_sentinels_game(store, seed)
        rec = store.get(gid)
    assert rec.mode == "sentinels" and rec.config["environment"] == "sunken-foundry"
    s, problem = verify(rec)
    assert problem is None and s.result == rec.result and s.state_hash() == rec.final_hash
    rec.hashes[4] = "0" * 32
    _, problem = verify(rec)
    assert problem is not None and problem.startswith("decision 5 ")


def test_a_stored_sentinels_position_replays(tmp_path):
    position = {"seed": 6, "config": {"mode": "sentinels"},
                "heroes": [{"id": "luminary", "hp": 9}, "the-harpy", "lifeline"],
                "villain": "warden-of-rust", "environment": "sunken-foundry",
                "turn": {"whose": "lifeline", "phase": "play"}}
    with GameStore(tmp_path / "g.db") as store:
        gid = store_sentinels_game(store, 6, position)
        rec = store.get(gid)
    assert rec.position == position and rec.label == "sentinels (pos)"
    s0 = GameStart.of(rec).state(log=False)
    assert s0.hp[s0.T.character[0]] == 9 and s0.turn == 2
    assert verify(rec)[1] is None
