"""`multiverse play standard`: Missions against a Villain, Sentinel Challenges, difficulty
Challenges — automatic games, stored games (replay, resume), refusals, `--help`."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import typer
from cli_support import headers, last_json, run

from multiverse.cli.main import app
from multiverse.store.games import GameStore
from multiverse.store.replay import GameStart, verify
from multiverse.united.config import UnitedConfig
from multiverse.united.dofp.game import new_game
from multiverse.united.tables import WILD

ROOT = Path(__file__).resolve().parents[2]
REQUIRED = {"result", "reason", "rounds", "decisions", "final_hash", "seed", "game_id", "heroes",
            "solo", "seats", "mode", "villain", "challenge", "difficulty"}
HEROES = ("logan", "kitty-pryde", "storm", "bishop")
CHALLENGES = (None, "sentinel-i", "sentinel-ii", "sentinel-iii")
DIFFICULTIES = ("normal", "moderate", "hard", "heroic")


def stored(db: Path, game_id: int):
    with GameStore(db) as store:
        rec = store.get(game_id)
    assert rec is not None
    return rec


def play_options() -> list[str]:
    """Every option of `multiverse play`, as the command line spells it."""
    command = typer.main.get_command(app).commands["play"]  # type: ignore[attr-defined]
    return sorted(o for p in command.params for o in p.opts if o.startswith("--"))


# ------------------------------------------------------------------ automatic games


@pytest.mark.parametrize("difficulty", DIFFICULTIES)
@pytest.mark.parametrize("challenge", CHALLENGES)
@pytest.mark.parametrize("n", [2, 3, 4])
def test_standard_auto_json_finishes_with_every_field(db, n, challenge, difficulty):
    flags = ["--challenge", challenge] if challenge else []
    out = last_json(run("play", "standard", "--heroes", n, *flags, "--difficulty", difficulty,
                        "--seed", 3, "--auto", "--json", "--db", db))
    assert set(out) >= REQUIRED
    assert out["result"] in ("win", "loss") and out["reason"]
    assert out["decisions"] > 0 and out["rounds"] >= 1
    assert (out["mode"], out["villain"], out["challenge"], out["difficulty"]) == (
        "standard", "magistrate", challenge, difficulty)
    assert out["heroes"] == list(HEROES[:n]) and out["seed"] == 3
    rec = stored(db, out["game_id"])  # the stored configuration carries everything
    assert rec.mode == "standard" and rec.label == "standard"
    assert {k: rec.config[k] for k in ("mode", "villain", "challenge", "difficulty")} == {
        "mode": "standard", "villain": "magistrate", "challenge": challenge,
        "difficulty": difficulty}
    s, problem = verify(rec)
    assert problem is None and s.state_hash() == out["final_hash"] == rec.final_hash


def test_json_mode_prints_only_the_json_line():
    result = run("play", "standard", "--seed", 2, "--auto", "--json")
    assert result.exit_code == 0, result.output
    assert len(result.stdout.strip().splitlines()) == 1


def test_same_seed_gives_the_same_standard_game(db):
    common = ("play", "standard", "--heroes", 3, "--challenge", "sentinel-iii", "--auto",
              "--json", "--db", db)
    a = last_json(run(*common, "--seed", 11))
    b = last_json(run(*common, "--seed", 11))
    c = last_json(run(*common, "--seed", 12))
    assert a["game_id"] != b["game_id"]
    assert (a["final_hash"], a["decisions"]) == (b["final_hash"], b["decisions"])
    assert stored(db, a["game_id"]).hashes == stored(db, b["game_id"]).hashes
    assert c["final_hash"] != a["final_hash"]


def test_the_json_game_is_the_library_game(db):
    out = last_json(run("play", "standard", "--heroes", "storm,bishop", "--challenge",
                        "sentinel-ii", "--difficulty", "hard", "--under-pressure-after", 2,
                        "--vulnerable-after", 3, "--seed", 5, "--auto", "--json", "--db", db))
    rec = stored(db, out["game_id"])
    config = UnitedConfig(mode="standard", villain="magistrate", challenge="sentinel-ii",
                          difficulty="hard", under_pressure_after=2, vulnerable_after=3,
                          heroes=("storm", "bishop"))
    assert UnitedConfig.model_validate(rec.config) == config
    s = new_game(config, 5)
    assert s.state_hash() == rec.start_hash
    for c in rec.choices:
        s.apply(c)
    assert s.state_hash() == out["final_hash"]


def test_difficulty_removes_the_wild_cards(db):
    for level, gone in (("moderate", {1}), ("hard", {2}), ("heroic", {1, 2})):
        out = last_json(run("play", "standard", "--difficulty", level, "--seed", 1, "--auto",
                            "--json", "--db", db))
        t = GameStart.of(stored(db, out["game_id"])).state(log=False).T
        wilds = {t.card_sym[c][WILD] for cards in t.hero_cards for c in cards}
        assert not wilds & gone and wilds - gone, level


# ------------------------------------------------------------------ stored games


def test_replay_verify_and_narration_of_a_stored_standard_game(db):
    out = last_json(run("play", "standard", "--challenge", "sentinel-iii", "--seed", 4,
                        "--auto", "--json", "--db", db))
    gid = out["game_id"]
    ok = run("replay", gid, "--verify", "--db", db)
    assert ok.exit_code == 0, ok.output
    assert f"Game {gid} verified: {out['decisions']} decisions" in ok.stdout

    shown = run("replay", gid, "--db", db)
    assert shown.exit_code == 0, shown.output
    text = " ".join(shown.stdout.split())  # (lines wrapped at words to the terminal)
    assert ("Marvel United: Logan, Kitty Pryde, Storm against The Magistrate, hunted by "
            "Sentinel III (seed 4)") in text
    assert "The Magistrate plays " in text  # MU-9: the Villain's first turn
    assert "Sentinel III (Challenge) activates after Logan's turn" in text  # DFP-C4
    assert re.search(r"Sentinel III grabs (Logan|Kitty Pryde|Storm)", text)  # DFP-C10

    row = next(line for line in run("games", "list", "--db", db).stdout.splitlines()
               if line.strip().startswith(str(gid)))
    assert "standard" in row and " 4 " in row

    with GameStore(db) as store:
        store.set_hash(gid, 3, "0" * 32)
    bad = run("replay", gid, "--verify", "--db", db)
    assert bad.exit_code == 1 and "decision 3 (choice" in bad.stderr


def test_a_stored_standard_game_resumes_as_it_was(db):
    first = run("play", "standard", "--heroes", 2, "--challenge", "sentinel-i", "--difficulty",
                "moderate", "--seed", 9, "--db", db, input="1\n1\nquit\n")
    assert first.exit_code == 0, first.output
    assert "Marvel United vs The Magistrate · round 1 · turn 1 · Logan's turn" in first.stdout
    assert "Sentinel I Challenge · Moderate difficulty" in first.stdout
    assert "Missions 0/3: Rescue Civilians 0/6" in first.stdout
    assert len(stored(db, 1).choices) == 2

    refused = run("play", "--resume", 1, "--challenge", "sentinel-ii", "--db", db)
    assert refused.exit_code == 2 and "drop --challenge" in refused.stderr
    assert run("play", "standard", "--resume", 1, "--db", db).exit_code == 2

    more = run("play", "--resume", 1, "--debug", "--db", db, input="1\nquit\n")
    assert more.exit_code == 0, more.output
    assert "Resuming game 1 at decision 3." in more.stdout
    assert headers(more.stdout)[0][2] == stored(db, 1).hashes[1]

    end = last_json(run("play", "--resume", 1, "--auto", "--json", "--db", db))
    assert (end["mode"], end["challenge"], end["difficulty"]) == (
        "standard", "sentinel-i", "moderate")
    rec = stored(db, 1)
    assert rec.result == end["result"] and verify(rec)[1] is None


def test_a_standard_game_from_a_position(tmp_path, db):
    path = tmp_path / "held.yaml"
    path.write_text("seed: 6\nheroes: [logan, storm]\n"
                    "missions: {rescued: 6, thugs: 2}\n"
                    "challenge: {location: 1, health: 4, holding: storm}\n")
    result = run("play", "standard", "--challenge", "sentinel-iii", "--from", path, "--db", db,
                 input="quit\n")
    assert result.exit_code == 0, result.output
    assert "Rescue Civilians 6/6 ✓" in result.stdout
    assert "Sentinel III ♥4" in result.stdout and "held by Sentinel III" in result.stdout
    rec = stored(db, 1)
    assert rec.position["config"] == {"mode": "standard", "challenge": "sentinel-iii"}
    assert rec.mode == "standard" and rec.label == "standard (pos)"

    out = last_json(run("play", "--from", path, "--challenge", "sentinel-iii", "standard",
                        "--auto", "--json", "--db", db))
    assert (out["villain"], out["challenge"]) == ("magistrate", "sentinel-iii")
    assert verify(stored(db, out["game_id"]))[1] is None

    clash = tmp_path / "dofp.yaml"
    clash.write_text("config: {mode: dofp}\nseed: 1\n")
    refused = run("play", "standard", "--from", clash, "--db", db)
    assert refused.exit_code == 2 and "is a dofp position" in refused.stderr


# ------------------------------------------------------------------ refusals


@pytest.mark.parametrize(("args", "message"), [
    (["dofp", "--challenge", "sentinel-i"], "Sentinel Challenge"),
    (["--challenge", "sentinel-iii"], "Sentinel Challenge"),  # dofp is the default mode
    (["dofp", "--villain", "magistrate"], "--villain: only for the standard game"),
    (["dofp", "--under-pressure-after", "0"], "--under-pressure-after"),
    (["dofp", "--vulnerable-after", "1"], "--vulnerable-after"),
    (["standard", "--villain", "loki"], "unknown Villain 'loki'"),
    (["standard", "--villain", "nimrod"], "unknown Villain 'nimrod'"),
    (["standard", "--heroes", "5"], "2 to 4 heroes"),
])
def test_bad_standard_command_lines_are_refused(db, args, message):
    result = run("play", *args, "--auto", "--db", db)
    assert result.exit_code == 2, result.output
    assert message in result.stderr
    assert "Traceback" not in result.output
    with GameStore(db) as store:
        assert store.list() == []


@pytest.mark.parametrize("args", [
    ["standard", "--challenge", "sentinel-iv"],
    ["standard", "--difficulty", "legendary"],
    ["standard", "--under-pressure-after", "4"],
    ["standard", "--vulnerable-after", "-1"],
])
def test_out_of_range_values_are_refused_by_the_parser(db, args):
    result = run("play", *args, "--db", db)
    assert result.exit_code == 2
    assert "Invalid value" in result.output


# ------------------------------------------------------------------ documentation


def test_help_lists_every_option_and_both_modes():
    result = run("play", "--help")
    assert result.exit_code == 0
    options = play_options()
    assert {"--villain", "--challenge", "--difficulty", "--under-pressure-after",
            "--vulnerable-after"} <= set(options)
    for option in options:
        assert option in result.stdout, option
    for word in ("dofp", "standard", "sentinel-i", "sentinel-iii", "heroic", "magistrate"):
        assert word in result.stdout, word


@pytest.mark.parametrize("doc", ["README.md", "docs/cli.md"])
def test_the_docs_name_every_play_option(doc):
    text = (ROOT / doc).read_text(encoding="utf-8")
    for option in play_options():
        if option != "--help":
            assert f"`{option}" in text or f" {option}" in text, (doc, option)
    for command in ("multiverse play dofp --heroes 3 --seed 1",
                    "multiverse play standard --villain magistrate --heroes 3 "
                    "--challenge sentinel-iii"):
        if doc == "README.md":
            assert command in text, command
