"""The SQLite games store: records, replay verification, and the `games`/`replay` commands."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from multiverse.agents import RandomAgent
from multiverse.cli.main import app
from multiverse.store.games import GameStore, StoreError, default_db_path
from multiverse.store.replay import GameStart, verify
from multiverse.united.config import UnitedConfig


def cli(*args: object):
    return CliRunner().invoke(app, [str(a) for a in args])


def store_random_game(store: GameStore, seed: int = 3, heroes=("logan", "storm")) -> int:
    """Play a game with the random agent straight through the library and store it."""
    config = UnitedConfig(heroes=heroes)
    s = GameStart(config, seed).state(log=False)
    gid = store.create(mode="dofp", config=config.model_dump(mode="json"), seed=seed,
                       seats=["random"] * len(heroes), start_hash=s.state_hash())
    agent, moves = RandomAgent(seed), []
    while (d := s.decision()) is not None:
        c = agent.choose(d)
        s.apply(c)
        moves.append((c, s.state_hash()))
    store.add_moves(gid, 1, moves)
    store.finish(gid, result=s.result, reason=s.reason, rounds=s.round, final_hash=s.state_hash())
    return gid


def test_default_path_honours_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("MULTIVERSE_DB", str(tmp_path / "x.db"))
    assert default_db_path() == tmp_path / "x.db"
    monkeypatch.delenv("MULTIVERSE_DB")
    import platformdirs

    assert default_db_path() == Path(platformdirs.user_data_dir("multiverse")) / "games.db"
    monkeypatch.setenv("MULTIVERSE_DB", str(tmp_path / "sub" / "y.db"))
    with GameStore() as store:  # no path given: the environment's file, folder made
        pass
    assert store.path == tmp_path / "sub" / "y.db" and store.path.exists()


def test_records_round_trip(tmp_path):
    with GameStore(tmp_path / "g.db") as store:
        gid = store.create(mode="dofp", config={"heroes": ["logan", "storm"], "solo": False},
                           seed=2**63 - 1, seats=["human", "random"], start_hash="s0",
                           position={"seed": 1, "track": 3})
        store.add_moves(gid, 1, [("card:1", "h1"), ("move:2", "h2")])
        store.add_moves(gid, 3, [("end", "h3")])
        rec = store.get(gid)
        assert (rec.choices, rec.hashes, rec.decisions) == (["card:1", "move:2", "end"],
                                                            ["h1", "h2", "h3"], 3)
        assert rec.seed == 2**63 - 1 and rec.position == {"seed": 1, "track": 3}
        assert rec.seats == ["human", "random"] and rec.result is None
        assert rec.label == "dofp (pos)" and rec.heroes == ["logan", "storm"]

        store.truncate(gid, 1)
        assert store.get(gid).choices == ["card:1"]
        store.finish(gid, result="win", reason="all Sentinels and Nimrod", rounds=4,
                     final_hash="h1")
        listed = store.list()
        assert [(r.id, r.decisions, r.result, r.rounds) for r in listed] == [(gid, 1, "win", 4)]
        assert store.get(gid + 1) is None
        with pytest.raises(StoreError, match="already has decision 1 stored"):  # a ply is stored once
            store.add_moves(gid, 1, [("again", "x")])


def test_a_stored_game_verifies_and_a_tampered_hash_is_named(tmp_path):
    with GameStore(tmp_path / "g.db") as store:
        gid = store_random_game(store)
        rec = store.get(gid)
        s, problem = verify(rec)
        assert problem is None and s.state_hash() == rec.final_hash and s.result == rec.result

        store.set_hash(gid, 5, "0" * 32)
        _, problem = verify(store.get(gid))
        assert problem.startswith(f"decision 5 (choice {rec.choices[4]!r}): stored hash 000")
        store.set_hash(gid, 5, rec.hashes[4])
        store.set_hash(gid, 0, "f" * 32)
        assert verify(store.get(gid))[1].startswith("decision 0 (the start)")


def test_a_stored_choice_that_is_not_legal_is_named(tmp_path):
    with GameStore(tmp_path / "g.db") as store:
        gid = store_random_game(store)
        store.db.execute("UPDATE moves SET choice = 'no-such-option' WHERE game_id = ? AND ply = 3",
                         (gid,))
        store.db.commit()
        _, problem = verify(store.get(gid))
    assert problem.startswith("decision 3 (choice 'no-such-option'): not legal on replay")


def test_cli_game_is_listed_verified_and_tampering_fails(tmp_path):
    db = tmp_path / "g.db"
    played = cli("play", "--heroes", "3", "--seed", 21, "--auto", "--json", "--db", db)
    assert played.exit_code == 0, played.output
    out = json.loads(played.stdout.strip().splitlines()[-1])
    gid = out["game_id"]

    listed = cli("games", "list", "--db", db)
    assert listed.exit_code == 0
    row = next(line for line in listed.stdout.splitlines() if line.strip().startswith(str(gid)))
    assert "dofp" in row and " 21 " in row and f" {out['decisions']} " in row
    assert out["result"] in row

    ok = cli("replay", gid, "--verify", "--db", db)
    assert ok.exit_code == 0, ok.output
    assert f"Game {gid} verified: {out['decisions']} decisions" in ok.stdout

    with GameStore(db) as store:
        store.set_hash(gid, 7, "0" * 32)
    bad = cli("replay", gid, "--verify", "--db", db)
    assert bad.exit_code == 1
    assert "decision 7 (choice" in bad.stderr
    assert "verified" not in bad.stdout


def test_replay_prints_the_narration(tmp_path):
    db = tmp_path / "g.db"
    played = cli("play", "--heroes", "2", "--seed", 4, "--auto", "--json", "--db", db)
    out = json.loads(played.stdout.strip().splitlines()[-1])
    shown = cli("replay", out["game_id"], "--db", db)
    assert shown.exit_code == 0, shown.output
    text = shown.stdout
    assert "Days of Future Past: Logan, Kitty Pryde against the Sentinels (seed 4)" in text
    assert "— Logan's turn (round 1) —" in text
    assert "» decision 1: " in text and f"» decision {out['decisions']}: " in text
    assert ("The heroes lose:" if out["result"] == "loss" else "The heroes win:") in text


def test_replay_of_a_missing_game(tmp_path):
    with GameStore(tmp_path / "g.db"):
        pass
    result = cli("replay", 9, "--db", tmp_path / "g.db")
    assert result.exit_code == 2 and result.stderr.startswith(f"error: no game 9 in {tmp_path / 'g.db'}")


def test_games_list_on_an_empty_database_and_the_env_var(tmp_path, monkeypatch):
    with GameStore(tmp_path / "empty.db"):
        pass
    assert "No games stored" in cli("games", "list", "--db", tmp_path / "empty.db").stdout
    monkeypatch.setenv("MULTIVERSE_DB", str(tmp_path / "env.db"))
    played = cli("play", "--heroes", "2", "--seed", 1, "--auto", "--json")
    assert played.exit_code == 0
    with GameStore(tmp_path / "env.db") as store:
        assert len(store.list()) == 1
    assert "Logan" in cli("games", "list").stdout  # heroes by name


def test_a_standard_game_with_a_challenge_is_stored_and_verifies(tmp_path):
    config = UnitedConfig(mode="standard", villain="magistrate", challenge="sentinel-iii",
                          difficulty="heroic", under_pressure_after=0, heroes=("logan", "storm"))
    with GameStore(tmp_path / "g.db") as store:
        s = GameStart(config, 8).state(log=False)
        gid = store.create(mode="standard", config=config.model_dump(mode="json"), seed=8,
                           seats=["random", "random"], start_hash=s.state_hash())
        agent, moves = RandomAgent(8), []
        while (d := s.decision()) is not None:
            c = agent.choose(d)
            s.apply(c)
            moves.append((c, s.state_hash()))
        store.add_moves(gid, 1, moves)
        store.finish(gid, result=s.result, reason=s.reason, rounds=s.round,
                     final_hash=s.state_hash())
        rec = store.get(gid)
    assert rec.label == "standard" and rec.mode == "standard"
    assert UnitedConfig.model_validate(rec.config) == config  # the JSON carries everything
    replayed, problem = verify(rec)
    assert problem is None and replayed.state_hash() == rec.final_hash
    assert replayed.T.mode == "standard" and replayed.T.challenge == 2

    ok = cli("replay", gid, "--verify", "--db", tmp_path / "g.db")
    assert ok.exit_code == 0 and f"Game {gid} verified" in ok.stdout
