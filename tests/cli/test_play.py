"""`multiverse play`: automatic games, interactive play fed by stdin, undo, resume, positions."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from cli_support import headers, last_json, run

from multiverse.agents import RandomAgent
from multiverse.engine.decision import Decision, Option
from multiverse.store.games import GameStore
from multiverse.store.replay import verify
from multiverse.united.config import UnitedConfig
from multiverse.united.dofp.game import new_game
from multiverse.united.position import load_position

REQUIRED = {"result", "reason", "rounds", "decisions", "final_hash", "seed", "game_id", "heroes"}
TWO = ("logan", "kitty-pryde")


def stored(db: Path, game_id: int):
    with GameStore(db) as store:
        rec = store.get(game_id)
    assert rec is not None
    return rec


def replayed_hash(config: UnitedConfig, seed: int, choices: list[str]) -> str:
    """The state hash after `choices`, computed without the CLI or the store."""
    s = new_game(config, seed)
    for c in choices:
        s.apply(c)
    return s.state_hash()


# ------------------------------------------------------------------ automatic games


@pytest.mark.parametrize(("flags", "heroes"), [
    (["--solo"], ["logan", "kitty-pryde", "storm"]),
    (["--heroes", "2"], ["logan", "kitty-pryde"]),
    (["--heroes", "3"], ["logan", "kitty-pryde", "storm"]),
    (["--heroes", "4"], ["logan", "kitty-pryde", "storm", "bishop"]),
])
def test_auto_json_game_finishes_and_is_stored(db, flags, heroes):
    out = last_json(run("play", "dofp", *flags, "--seed", 7, "--auto", "--json", "--db", db))
    assert set(out) >= REQUIRED
    assert out["result"] in ("win", "loss") and out["reason"]
    assert out["heroes"] == heroes and out["seed"] == 7
    assert out["solo"] is ("--solo" in flags)
    assert out["decisions"] > 0 and out["rounds"] >= 1
    rec = stored(db, out["game_id"])
    assert rec.result == out["result"] and rec.decisions == out["decisions"]
    assert rec.hashes[-1] == rec.final_hash == out["final_hash"]
    config = UnitedConfig(heroes=tuple(heroes), solo="--solo" in flags)
    assert replayed_hash(config, 7, rec.choices) == out["final_hash"]


def test_json_mode_prints_only_the_json_line(db):
    result = run("play", "--heroes", "3", "--seed", 2, "--auto", "--json", "--db", db)
    assert result.exit_code == 0
    assert len(result.stdout.strip().splitlines()) == 1
    assert json.loads(result.stdout)["seed"] == 2


def test_same_seed_gives_the_same_game(db):
    a = last_json(run("play", "--heroes", "3", "--seed", 11, "--auto", "--json", "--db", db))
    b = last_json(run("play", "--heroes", "3", "--seed", 11, "--auto", "--json", "--db", db))
    c = last_json(run("play", "--heroes", "3", "--seed", 12, "--auto", "--json", "--db", db))
    assert a["game_id"] != b["game_id"]
    assert (a["final_hash"], a["decisions"]) == (b["final_hash"], b["decisions"])
    assert stored(db, a["game_id"]).hashes == stored(db, b["game_id"]).hashes
    assert c["final_hash"] != a["final_hash"]


def test_heroes_by_name_and_tie_break_clockwise(db):
    out = last_json(run("play", "--heroes", "storm,bishop", "--seed", 4, "--tie-break",
                        "clockwise", "--auto", "--json", "--db", db))
    assert out["heroes"] == ["storm", "bishop"]
    rec = stored(db, out["game_id"])
    assert rec.config["tie_break"] == "clockwise"
    kinds = []
    verify(rec, on_step=lambda ply, opt, s: kinds.append(s.decision() and s.decision().kind))
    assert kinds and "sentinel_direction" not in kinds  # MU-1 tie decided clockwise, not asked


def test_agent_without_auto_plays_to_the_end_with_narration(db):
    result = run("play", "--heroes", "2", "--seed", 3, "--agent", "random", "--db", db)
    assert result.exit_code == 0, result.output
    assert "— Logan's turn (round 1) —" in result.stdout
    assert "The heroes lose:" in result.stdout or "The heroes win:" in result.stdout
    assert "Nimrod Activation" in result.stdout  # the final board is drawn
    assert stored(db, 1).result in ("win", "loss")


@pytest.mark.parametrize(("args", "message"), [
    (["--heroes", "5"], "2 to 4 heroes"),
    (["--heroes", "1"], "--solo"),
    (["--solo", "--heroes", "2"], "three heroes"),
    (["--heroes", "wolverine,storm"], "unknown hero 'wolverine'"),
    (["--agent", "genius"], "unknown player 'genius'"),
    (["--seats", "human"], "this game has 3"),
    (["--seats", "human,random,random", "--auto"], "every seat needs an agent"),
    (["othermode"], "unknown mode 'othermode'"),
])
def test_bad_command_lines_are_refused(db, args, message):
    result = run("play", *args, "--db", db)
    assert result.exit_code == 2
    assert message in result.stderr
    with GameStore(db) as store:
        assert store.list() == []


# ------------------------------------------------------------------ interactive play


def test_interactive_numbers_then_undo_returns_exactly_to_the_previous_decision(db):
    result = run("play", "--heroes", "2", "--seed", 5, "--debug", "--db", db,
                 input="1\n1\nundo\nquit\n")
    assert result.exit_code == 0, result.output
    seen = headers(result.stdout)
    assert [n for n, _, _ in seen] == [1, 2, 3, 2]
    assert seen[3][2] == seen[1][2]  # the same position, hash for hash
    assert "Undone: back 1 decision, to decision 2." in result.stdout
    rec = stored(db, 1)
    assert rec.result is None and len(rec.choices) == 1
    first = new_game(UnitedConfig(heroes=TWO), 5).decision().options[0].id
    assert rec.choices == [first]
    assert rec.hashes == [seen[1][2]] == [replayed_hash(UnitedConfig(heroes=TWO), 5, [first])]


def test_interactive_play_goes_on_after_undo(db):
    result = run("play", "--heroes", "2", "--seed", 5, "--debug", "--db", db,
                 input="1\n1\nundo\n2\n1\nquit\n")
    assert result.exit_code == 0, result.output
    assert [n for n, _, _ in headers(result.stdout)] == [1, 2, 3, 2, 3, 4]
    rec = stored(db, 1)
    s = new_game(UnitedConfig(heroes=TWO), 5)
    expected = []
    for pick in (0, 1, 0):  # 1, then 2 (after the undo), then 1
        expected.append(s.decision().options[pick].id)
        s.apply(expected[-1])
    assert rec.choices == expected
    assert rec.hashes[-1] == s.state_hash() == headers(result.stdout)[-1][2]
    assert verify(rec)[1] is None


def test_illegal_input_is_rejected_and_the_game_goes_on(db):
    result = run("play", "--heroes", "2", "--seed", 5, "--debug", "--db", db,
                 input="99\n0\nabc\n1\nquit\n")
    assert result.exit_code == 0, result.output
    assert "'99' is not an option: type a number from 1 to 4" in result.stdout
    assert "'0' is not an option" in result.stdout
    assert "'abc' is not an option" in result.stdout
    seen = headers(result.stdout)
    assert [n for n, _, _ in seen] == [1, 1, 1, 1, 2]
    assert len({h for n, _, h in seen if n == 1}) == 1  # rejected input changed nothing
    assert stored(db, 1).choices == [new_game(UnitedConfig(heroes=TWO), 5).decision().options[0].id]


def test_option_id_help_and_board_words(db):
    s = new_game(UnitedConfig(heroes=TWO), 5)
    second = s.decision().options[1].id
    result = run("play", "--heroes", "2", "--seed", 5, "--db", db,
                 input=f"help\nboard\n{second}\nquit\n")
    assert result.exit_code == 0, result.output
    assert "undo   take back your last decision" in result.stdout
    assert result.stdout.count("Days of Future Past · round") == 2  # the game's start, `board`
    assert stored(db, 1).choices == [second]


def test_undo_with_nothing_to_undo(db):
    result = run("play", "--heroes", "2", "--seed", 5, "--db", db, input="undo\nquit\n")
    assert "Nothing to undo" in result.stdout
    assert stored(db, 1).choices == []


def test_undo_takes_back_the_agents_decisions_after_the_human_one(db):
    common = ("play", "--heroes", "2", "--seed", 8, "--seats", "human,random", "--debug", "--db", db)
    probe = run(*common, input="1\n" * 40 + "quit\n")
    seen = headers(probe.stdout)
    assert {seat for _, seat, _ in seen} == {0}  # the agent never asks
    # the first human decision after which the agent played before the human's next one
    i = next(i for i in range(len(seen) - 1) if seen[i + 1][0] > seen[i][0] + 1)
    result = run(*common, input="1\n" * (i + 1) + "undo\nquit\n")
    after = headers(result.stdout)
    assert after[-1][:3:2] == seen[i][:3:2]  # same decision number, same state hash
    back = seen[i + 1][0] - seen[i][0]
    assert f"Undone: back {back} decision{'s' * (back != 1)}, to decision {seen[i][0]}." in result.stdout
    assert len(stored(Path(db), 2).choices) == seen[i][0] - 1


def test_end_of_input_exits_with_a_message(db):
    result = run("play", "--heroes", "2", "--seed", 5, "--db", db, input="1\n")
    assert result.exit_code == 1
    assert "input ended before the game did" in result.stderr
    assert "--resume 1" in result.stderr
    assert len(stored(db, 1).choices) == 1


def test_end_of_input_does_not_hang_in_a_real_process(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "multiverse.cli.main", "play", "--heroes", "2", "--seed", "5", "--db",
                           str(tmp_path / "g.db")], input="", capture_output=True, text=True,
                          timeout=60)
    assert proc.returncode == 1
    assert "input ended before the game did" in proc.stderr


def test_resume_continues_a_game_stopped_with_quit(db):
    first = run("play", "--heroes", "3", "--seed", 9, "--db", db, input="1\n1\n1\nquit\n")
    assert first.exit_code == 0
    assert "continue with `multiverse play --resume 1" in first.stdout
    before = stored(db, 1)
    assert len(before.choices) == 3 and before.result is None

    more = run("play", "--resume", 1, "--debug", "--db", db, input="2\nquit\n")
    assert more.exit_code == 0, more.output
    assert "Resuming game 1 at decision 4." in more.stdout
    assert headers(more.stdout)[0] == (4, headers(more.stdout)[0][1], before.hashes[-1])
    mid = stored(db, 1)
    assert mid.choices[:3] == before.choices and len(mid.choices) == 4

    end = last_json(run("play", "--resume", 1, "--auto", "--json", "--db", db))
    assert end["game_id"] == 1 and end["result"] in ("win", "loss")
    rec = stored(db, 1)
    assert rec.choices[:4] == mid.choices and rec.result == end["result"]
    assert rec.seats == ["random"] * 3
    assert verify(rec)[1] is None
    config = UnitedConfig(heroes=("logan", "kitty-pryde", "storm"))
    assert replayed_hash(config, 9, rec.choices) == end["final_hash"]

    over = run("play", "--resume", 1, "--db", db)
    assert over.exit_code == 2 and "is over" in over.stderr
    assert run("play", "--resume", 1, "--seed", 3, "--db", db).exit_code == 2
    assert "no game 42" in run("play", "--resume", 42, "--db", db).stderr


# ------------------------------------------------------------------ positions

POSITION = """\
seed: 11
heroes: [logan, storm]
phase: nimrod
nimrod: {location: 2, health: 3}
track: 11
"""


def test_play_from_a_position_file(tmp_path, db):
    path = tmp_path / "nimrod.yaml"
    path.write_text(POSITION)
    start = load_position(path)
    result = run("play", "--from", path, "--debug", "--db", db, input="1\nquit\n")
    assert result.exit_code == 0, result.output
    assert f"starts from the position in {path}" in " ".join(result.stdout.split())
    assert headers(result.stdout)[0][2] == start.state_hash()
    assert "NIMROD ♥3" in result.stdout  # Nimrod is drawn on the ring
    assert "[11]" in result.stdout  # the track marker

    out = last_json(run("play", "--from", path, "--auto", "--json", "--db", db))
    assert out["heroes"] == ["logan", "storm"] and out["seed"] == 11
    assert out["result"] in ("win", "loss")
    rec = stored(db, out["game_id"])
    assert rec.position == {"config": {"mode": "dofp"}, "seed": 11, "heroes": ["logan", "storm"], "phase": "nimrod",
                            "nimrod": {"location": 2, "health": 3}, "track": 11}
    assert rec.start_hash == start.state_hash()
    s, problem = verify(rec)
    assert problem is None and s.state_hash() == out["final_hash"]
    assert "dofp (pos)" in run("games", "list", "--db", db).stdout


def test_a_bad_position_file_is_named(tmp_path, db):
    path = tmp_path / "bad.yaml"
    path.write_text("track: 99\n")
    result = run("play", "--from", path, "--db", db)
    assert result.exit_code == 2
    assert result.stderr == f"error: {path}: track: expected a whole number from 0 to 14, got 99\n"


# ------------------------------------------------------------------ agents and startup


def test_random_agent_is_reproducible_and_uses_its_own_generator():
    d = Decision(0, "demo", "pick", tuple(Option(str(i), str(i)) for i in range(10)))
    a, b = RandomAgent(5), RandomAgent(5)
    picks = [a.choose(d) for _ in range(50)]
    assert picks == [b.choose(d) for _ in range(50)]
    assert len(set(picks)) > 5
    s = new_game(UnitedConfig(), 1)
    rng_before = s.rng
    RandomAgent(1).choose(s.decision())
    assert s.rng == rng_before


def test_the_command_starts_without_loading_the_engine():
    code = ("import sys, multiverse.cli.main; "
            "print(sorted(m for m in ('pydantic', 'multiverse.united.state', 'sqlite3', "
            "'multiverse.store') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
