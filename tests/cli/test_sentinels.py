"""`multiverse play sentinels`: automatic games for 3-5 heroes, stored games (replay, verify,
tampering, resume), interactive play fed by stdin with undo, the table render, positions,
refusals, and `content validate|schema|show` for Sentinels packs."""

from __future__ import annotations

import io
import json
import re
import shutil
from pathlib import Path

import pytest
import yaml
from cli_support import headers, last_json, run
from rich.console import Console

from multiverse.content.sentinels_schema import SentinelsContent
from multiverse.sentinels.config import SentinelsConfig
from multiverse.sentinels.content import default_sentinels_pack, load_sentinels_content
from multiverse.sentinels.game import new_game
from multiverse.sentinels.position import load_sentinels_position
from multiverse.sentinels.render import render_board
from multiverse.sentinels.tables import DAMAGE_TYPES
from multiverse.store.games import GameStore
from multiverse.store.replay import verify

ORDER = ("luminary", "the-harpy", "akash-thriya", "la-comodora", "lifeline")
THREE = ("luminary", "the-harpy", "lifeline")
REQUIRED = {"result", "reason", "rounds", "decisions", "final_hash", "seed", "game_id", "heroes",
            "mode", "villain", "environment", "seats", "solo", "challenge", "difficulty"}
DAMAGE = re.compile(r"deals (.+?) (\d+) (" + "|".join(DAMAGE_TYPES) + r") damage")


def stored(db: Path, game_id: int):
    with GameStore(db) as store:
        rec = store.get(game_id)
    assert rec is not None
    return rec


def board_text(s, seat: int) -> str:
    console = Console(width=120, record=True, file=io.StringIO())
    console.print(render_board(s, seat), soft_wrap=False)
    return console.export_text()


def config(heroes=THREE) -> SentinelsConfig:
    return SentinelsConfig(heroes=heroes, villain="warden-of-rust", environment="sunken-foundry")


# ------------------------------------------------------------------ automatic games


@pytest.mark.parametrize("n", [3, 4, 5])
def test_auto_json_finishes_with_every_field(db, n):
    out = last_json(run("play", "sentinels", "--heroes", n, "--seed", 3, "--auto", "--json",
                        "--db", db))
    assert set(out) >= REQUIRED
    assert out["result"] in ("win", "loss") and out["reason"]
    assert out["decisions"] > 0 and out["rounds"] >= 1
    assert out["heroes"] == list(ORDER[:n]) and out["seed"] == 3
    assert (out["mode"], out["villain"], out["environment"]) == (
        "sentinels", "warden-of-rust", "sunken-foundry")
    assert (out["solo"], out["challenge"], out["difficulty"]) == (None, None, None)
    assert out["seats"] == ["random"] * n
    rec = stored(db, out["game_id"])
    assert rec.mode == "sentinels" and rec.label == "sentinels"
    assert {k: rec.config[k] for k in ("mode", "heroes", "villain", "environment")} == {
        "mode": "sentinels", "heroes": list(ORDER[:n]), "villain": "warden-of-rust",
        "environment": "sunken-foundry"}
    assert rec.result == out["result"] and rec.decisions == out["decisions"]
    s, problem = verify(rec)
    assert problem is None and s.state_hash() == out["final_hash"] == rec.final_hash


def test_heroes_by_id_villain_and_environment(db):
    out = last_json(run("play", "sentinels", "--heroes", ",".join(THREE), "--villain",
                        "warden-of-rust", "--environment", "sunken-foundry", "--seed", 8,
                        "--agent", "random", "--json", "--db", db))
    assert out["heroes"] == list(THREE)
    assert (out["villain"], out["environment"]) == ("warden-of-rust", "sunken-foundry")


def test_json_mode_prints_only_the_json_line():
    result = run("play", "sentinels", "--seed", 2, "--auto", "--json")
    assert result.exit_code == 0, result.output
    assert len(result.stdout.strip().splitlines()) == 1


def test_same_seed_gives_the_same_game(db):
    common = ("play", "sentinels", "--heroes", 4, "--auto", "--json", "--db", db)
    a = last_json(run(*common, "--seed", 11))
    b = last_json(run(*common, "--seed", 11))
    c = last_json(run(*common, "--seed", 12))
    assert a["game_id"] != b["game_id"]
    assert (a["final_hash"], a["decisions"], a["rounds"]) == (b["final_hash"], b["decisions"],
                                                              b["rounds"])
    assert stored(db, a["game_id"]).hashes == stored(db, b["game_id"]).hashes
    assert stored(db, a["game_id"]).choices == stored(db, b["game_id"]).choices
    assert c["final_hash"] != a["final_hash"]


# ------------------------------------------------------------------ stored games


def test_stored_game_verifies_and_a_tampered_hash_fails(db):
    out = last_json(run("play", "sentinels", "--seed", 5, "--auto", "--json", "--db", db))
    gid = out["game_id"]
    ok = run("replay", gid, "--verify", "--db", db)
    assert ok.exit_code == 0, ok.output
    assert f"Game {gid} verified: {out['decisions']} decisions" in ok.stdout
    original = stored(db, gid).hashes[6]
    with GameStore(db) as store:
        store.set_hash(gid, 7, "0" * 32)
    bad = run("replay", gid, "--verify", "--db", db)
    assert bad.exit_code == 1
    assert "at decision 7" in bad.stderr and "0" * 32 in bad.stderr
    with GameStore(db) as store:
        store.set_hash(gid, 7, original)
        store.set_hash(gid, 0, "f" * 32)
    start = run("replay", gid, "--verify", "--db", db)
    assert start.exit_code == 1 and "decision 0 (the start)" in start.stderr


def test_replay_narrates_damage_with_its_type(db):
    out = last_json(run("play", "sentinels", "--seed", 4, "--auto", "--json", "--db", db))
    result = run("replay", out["game_id"], "--db", db)
    assert result.exit_code == 0, result.output
    assert DAMAGE.search(result.stdout), result.stdout[:2000]
    assert "» decision 1:" in result.stdout
    assert "verified" in result.stdout


def test_quit_then_resume_with_the_agent_finishes_the_same_game(db):
    first = run("play", "sentinels", "--seed", 9, "--db", db, input="1\n1\nquit\n")
    assert first.exit_code == 0, first.output
    rec = stored(db, 1)
    assert rec.result is None and len(rec.choices) == 2 and rec.seats == ["human"] * 3
    assert "continue with `multiverse play --resume 1" in first.stdout
    done = last_json(run("play", "--resume", 1, "--auto", "--json", "--db", db))
    assert done["game_id"] == 1 and done["mode"] == "sentinels" and done["result"]
    rec = stored(db, 1)
    assert len(rec.choices) == done["decisions"] and rec.seats == ["random"] * 3
    assert verify(rec)[1] is None and rec.final_hash == done["final_hash"]
    over = run("play", "--resume", 1, "--db", db)
    assert over.exit_code == 2 and "is over" in over.stderr


def test_games_list_shows_sentinels_games(db):
    last_json(run("play", "sentinels", "--seed", 1, "--auto", "--json", "--db", db))
    result = run("games", "list", "--db", db)
    assert result.exit_code == 0
    assert "sentinels" in result.stdout and "Luminary" in result.stdout  # heroes by name


# ------------------------------------------------------------------ interactive play


def test_interactive_numbers_and_undo(db):
    result = run("play", "sentinels", "--seed", 5, "--debug", "--db", db,
                 input="1\n1\nundo\n2\nzz\nquit\n")
    assert result.exit_code == 0, result.output
    seen = headers(result.stdout)
    assert [n for n, _, _ in seen] == [1, 2, 3, 2, 3, 3]
    assert seen[3][2] == seen[1][2]  # undo: the same position, hash for hash
    assert "Undone: back 1 decision, to decision 2." in result.stdout
    assert "'zz' is not an option" in result.stdout
    rec = stored(db, 1)
    s = new_game(config(ORDER[:3]), 5)
    expected = []
    for pick in (0, 1):  # 1, then 2 after the undo
        expected.append(s.decision().options[pick].id)
        s.apply(expected[-1])
    assert rec.choices == expected and rec.result is None
    assert rec.hashes[-1] == s.state_hash() == seen[-1][2]
    assert verify(rec)[1] is None


def test_interactive_board_prompt_and_narration(db):
    result = run("play", "sentinels", "--seed", 5, "--db", db, input="1\nboard\nquit\n")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Sentinels of the Multiverse · round 1" in out
    assert "(deciding)" in out and "Hero complexity:" in out
    assert re.search(r"Decision 1 · seat \d \((Luminary|The Harpy|Akash'Thriya)\)", out)
    assert re.search(r"^\s+1\. ", out, re.M)  # every choice is a numbered list
    assert "— The Warden of Rust's turn (villain, round 1) —" in out


def test_seats_mix_human_and_random(db):
    result = run("play", "sentinels", "--seed", 6, "--seats", "human,random,random", "--debug",
                 "--db", db, input="1\nquit\n")
    assert result.exit_code == 0, result.output
    assert {seat for _, seat, _ in headers(result.stdout)} == {0}
    assert stored(db, 1).seats == ["human", "random", "random"]


# ------------------------------------------------------------------ the table


def test_render_shows_hp_tokens_hand_and_powers():
    s = new_game(config(), 2)
    seat = s.decision().seat
    text = board_text(s, seat)
    t = s.T
    for h in range(t.n_heroes):
        char = t.character[h]
        assert f"HP {s.hp[char]}/{s.max_hp(char)}" in text
        assert f"complexity {t.complexity[h]}" in text
    harpy = t.hero_ids.index("the-harpy")
    sides, start = t.hero_tokens[harpy]
    counts = " · ".join(f"{start.count(i)} {side}" for i, side in enumerate(sides))
    assert f"Tokens: {counts}" in text
    assert f"Hand ({len(s.hand[seat])}): " in text
    assert text.count(f"Hand: {len(s.hand[(seat + 1) % 3])} cards") >= 1  # others counted
    assert "Powers: " in text and "(villain)" in text and "(environment)" in text
    vc = t.villain_character
    assert f"HP {s.hp[vc]}/{s.max_hp(vc)}" in text
    assert f"round {s.round}" in text


def test_render_shows_incapacitated_flipped_tokens_and_modifiers():
    pos = {"seed": 1, "heroes": [
        {"id": "luminary", "hp": 7},
        {"id": "the-harpy", "tokens": {"arcana": 1, "avian": 4}},
        {"id": "lifeline", "incapacitated": True}],
        "villain": {"id": "warden-of-rust", "flipped": True, "hp": 9,
                    "play": ["Corroding Aura"]},
        "environment": "sunken-foundry",
        "turn": {"whose": "luminary", "phase": "play"}}
    s = load_sentinels_position(pos)
    text = board_text(s, 0)
    assert "HP 7/" in text and "INCAPACITATED" in text and "FLIPPED" in text
    assert f"HP 9/{s.max_hp(s.T.villain_character)}" in text
    assert "Tokens: 1 arcana · 4 avian" in text
    assert "Modifiers in force" in text and "Corroding Aura:" in text
    assert "Luminary's turn · play phase" in text


def test_every_damage_event_names_its_type():
    s = new_game(config(), 7, log=True)
    from multiverse.agents import RandomAgent

    agent, seen = RandomAgent(1), 0
    while (d := s.decision()) is not None:
        s.apply(agent.choose(d))
        for e in s.take_events():
            if e.kind == "damage" and e.data["amount"] > 0:
                seen += 1
                assert e.data["type"] in DAMAGE_TYPES
                assert f"{e.data['amount']} {e.data['type']} damage" in e.text
    assert seen > 0


# ------------------------------------------------------------------ positions


def test_play_from_a_sentinels_position(db, tmp_path):
    path = tmp_path / "pos.yaml"
    path.write_text(yaml.safe_dump({
        "seed": 4, "heroes": [{"id": "luminary", "hp": 12}, "the-harpy", "lifeline"],
        "environment": "sunken-foundry", "turn": {"whose": "the-harpy", "phase": "play"}}))
    out = last_json(run("play", "--from", path, "--auto", "--json", "--db", db))
    assert out["mode"] == "sentinels" and out["heroes"] == list(THREE) and out["seed"] == 4
    rec = stored(db, out["game_id"])
    assert rec.position is not None and rec.label == "sentinels (pos)"
    assert rec.config["villain"] == "warden-of-rust"
    assert verify(rec)[1] is None
    shown = run("play", "sentinels", "--from", path, "--db", db, input="quit\n")
    assert shown.exit_code == 0, shown.output
    assert "HP 12/" in shown.stdout and "The Harpy's turn · play phase" in shown.stdout


def test_position_options_merge_and_conflicts(db, tmp_path):
    path = tmp_path / "pos.json"
    path.write_text(json.dumps({"config": {"mode": "sentinels"}, "villain": "warden-of-rust"}))
    out = last_json(run("play", "--from", path, "--heroes", 4, "--seed", 2, "--auto", "--json",
                        "--db", db))
    assert out["heroes"] == list(ORDER[:4]) and out["seed"] == 2
    clash = run("play", "--from", path, "--villain", "someone-else", "--db", db)
    assert clash.exit_code == 2 and "names its villain" in clash.stderr
    wrong = run("play", "dofp", "--from", path, "--db", db)
    assert wrong.exit_code == 2 and "is a sentinels position" in wrong.stderr


# ------------------------------------------------------------------ refusals


@pytest.mark.parametrize(("args", "message"), [
    (("--heroes", 2), "3 to 5 heroes"),
    (("--heroes", 6), "3 to 5 heroes"),
    (("--heroes", "luminary,luminary,lifeline"), "appears twice"),
    (("--heroes", "luminary,the-harpy,nobody"), "unknown hero"),
    (("--villain", "nobody"), "unknown villain"),
    (("--environment", "nowhere"), "unknown environment"),
    (("--agent", "genius", "--auto"), "unknown player 'genius'"),
    (("--challenge", "sentinel-i"), "--challenge: not an option of sentinels; sentinels takes "
                                    "--heroes, --villain, --environment"),
    (("--difficulty", "hard"), "--difficulty: not an option of sentinels"),
    (("--solo",), "--solo: not an option of sentinels"),
    (("--tie-break", "clockwise"), "--tie-break: not an option of sentinels"),
])
def test_refused_with_exit_2_and_nothing_stored(db, args, message):
    result = run("play", "sentinels", *args, "--seed", 1, "--db", db)
    assert result.exit_code == 2, result.output
    assert message in result.stderr
    with GameStore(db) as store:
        assert store.list() == []


def test_environment_is_refused_outside_sentinels(db):
    result = run("play", "standard", "--environment", "sunken-foundry", "--db", db)
    assert result.exit_code == 2
    assert "--environment: not an option of standard; standard takes --heroes, --villain" in result.stderr


def test_resume_refuses_the_environment_option(db):
    run("play", "sentinels", "--seed", 1, "--db", db, input="quit\n")
    result = run("play", "--resume", 1, "--environment", "sunken-foundry", "--db", db)
    assert result.exit_code == 2 and "--environment" in result.stderr


def test_hint_searches_a_sentinels_game_too(db):
    result = run("play", "sentinels", "--seed", 1, "--db", db, input="hint\nquit\n")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("Hint (ISMCTS"))
    options = [line for line in lines[at + 1:at + 4] if "est. win" in line]
    assert options and all("rollouts)" in line for line in options)
    assert stored(db, 1).choices == []  # a hint changes nothing


# ------------------------------------------------------------------ content commands


def test_validate_the_default_sentinels_pack():
    c = load_sentinels_content()
    result = run("content", "validate", default_sentinels_pack())
    assert result.exit_code == 0, result.output
    assert result.stderr == ""
    cards = sum(card.copies for h in c.heroes for card in h.cards)
    assert f"valid (Sentinels of the Multiverse pack, {len(c.heroes)} heroes, {cards} hero cards" \
        in result.stdout


def test_validate_a_broken_sentinels_file_names_the_file_and_place(tmp_path):
    pack = tmp_path / "pack"
    shutil.copytree(default_sentinels_pack(), pack)
    harpy = pack / "heroes" / "the-harpy.yaml"
    doc = yaml.safe_load(harpy.read_text())
    doc["heroes"][0]["cards"][0]["copies"] = "many"
    harpy.write_text(yaml.safe_dump(doc))
    result = run("content", "validate", pack)
    assert result.exit_code == 1
    assert f"{harpy}: heroes[0].cards[0].copies:" in result.stderr
    assert "read as a Sentinels of the Multiverse pack" in result.stderr
    assert "valid (" not in result.stdout
    villain = next(p for p in pack.glob("*.yaml") if "villains" in yaml.safe_load(p.read_text()))
    villain.write_text("villains: [\n")
    again = run("content", "validate", pack)
    assert again.exit_code == 1 and f"{villain}: line 2" in again.stderr


def test_validate_reports_the_closer_schema_when_keys_do_not_decide(tmp_path):
    bare = tmp_path / "bare.yaml"
    bare.write_text("pack: x\n")
    result = run("content", "validate", bare)
    assert result.exit_code == 1
    assert "both schemas tried" in result.stderr and "problem(s)" in result.stderr


def test_schema_for_sentinels(tmp_path):
    printed = run("content", "schema", "--game", "sentinels")
    assert printed.exit_code == 0
    schema = json.loads(printed.stdout)
    assert schema["title"].startswith("Sentinels of the Multiverse")
    assert schema["properties"] == SentinelsContent.model_json_schema()["properties"]
    out = tmp_path / "s.json"
    assert run("content", "schema", "--game", "sentinels", "--out", out).exit_code == 0
    assert json.loads(out.read_text()) == schema


SCION_DIFFICULTY = {"Aeon Master": 3, "Borr the Unstable": 2, "Dark Mind": 2, "Empyreon": 1,
                    "Faultless": 1, "Nixious the Chosen": 2, "Progeny": 3, "Rainek Kel'Voss": 3,
                    "Sanction": 1, "Voidsoul": 3}

@pytest.mark.rule("OBL-HE6")
def test_show_lists_the_hero_complexity_chart_and_the_scion_difficulty_chart():
    result = run("content", "show", "--game", "sentinels")
    assert result.exit_code == 0, result.output
    for h in load_sentinels_content().heroes:
        # a row of the table, or the row stacked when the table is wider than the terminal
        assert re.search(rf"{re.escape(h.id)}\s+(name: )?{re.escape(h.name)}\s+(HP: )?{h.hp}\s+"
                         rf"(complexity: )?{h.complexity}\b", result.stdout), h.id
    assert "Scion Difficulty Chart" in result.stdout
    for name, difficulty in SCION_DIFFICULTY.items():  # the chart as the insert prints it
        assert re.search(rf"{re.escape(name)}\s+(difficulty: )?{difficulty}\b", result.stdout), name
    both = run("content", "show")
    assert both.exit_code == 0 and "Marvel United" in both.stdout and "Sentinels" in both.stdout


def test_the_heuristic_agent_plays_a_sentinels_game(db):
    result = run("play", "sentinels", "--agent", "heuristic", "--auto", "--json", "--seed", 3, "--db", db)
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout.strip().splitlines()[-1])
    assert out["mode"] == "sentinels" and out["result"] in ("win", "loss") and out["decisions"] > 0


def test_the_docs_sentinels_example_position_plays_and_replays(db):
    example = Path(__file__).resolve().parents[2] / "docs" / "examples" / "sentinels.yaml"
    out = last_json(run("play", "--from", example, "--auto", "--json", "--db", db))
    assert (out["mode"], out["seed"], out["heroes"]) == ("sentinels", 3,
                                                         ["luminary", "the-harpy", "lifeline"])
    rec = stored(db, out["game_id"])
    assert rec.position["villain"] == {"hp": 12}
    s, problem = verify(rec)
    assert problem is None and s.state_hash() == out["final_hash"]
