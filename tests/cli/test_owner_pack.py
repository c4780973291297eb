"""An owner's pack on the command line: `--content PATH` for play, lab and content show,
`--heroes N` from the pack in use, and `content validate --report`."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
import yaml
from cli_support import last_json, run

from multiverse.content.loader import default_pack_path
from multiverse.store.games import GameStore
from multiverse.store.replay import verify


def renamed_pack(tmp_path: Path) -> Path:
    """The default pack with every hero's id prefixed `my-`, and the conditions naming a hero
    by id renamed too (file order: bishop, blink, kitty-pryde, ledger-voss, logan, …)."""
    dest = tmp_path / "pack"
    shutil.copytree(default_pack_path(), dest)

    def rename(x: object) -> object:  # a condition naming a hero names it by its new id
        if isinstance(x, dict):
            return {k: "my-" + v if k in ("hero_here", "hero_in_game") else rename(v) for k, v in x.items()}
        return [rename(v) for v in x] if isinstance(x, list) else x

    for f in sorted((dest / "heroes").glob("*.yaml")):
        doc = rename(yaml.safe_load(f.read_text(encoding="utf-8")))
        doc["heroes"][0]["id"] = "my-" + doc["heroes"][0]["id"]
        f.write_text(yaml.safe_dump(doc, sort_keys=False), encoding="utf-8")
    return dest


@pytest.mark.parametrize(("mode", "n"), [("dofp", 2), ("standard", 4), ("dofp", None)])
def test_play_a_pack_whose_heroes_are_not_the_default_ids(tmp_path, db, mode, n):
    pack = renamed_pack(tmp_path)
    flags = ["--heroes", n] if n else []
    out = last_json(run("play", mode, *flags, "--content", pack, "--agent", "random", "--auto",
                        "--json", "--seed", 4, "--db", db))
    assert out["heroes"] == ["my-bishop", "my-blink", "my-kitty-pryde", "my-ledger-voss"][: n or 3]
    with GameStore(db) as store:
        rec = store.get(out["game_id"])
    assert rec.config["content"] == str(pack.resolve())
    s, problem = verify(rec)  # the stored game replays from its configuration
    assert problem is None and s.state_hash() == out["final_hash"]


def test_play_names_heroes_of_the_pack_by_id(tmp_path, db):
    out = last_json(run("play", "dofp", "--heroes", "my-storm,my-logan", "--content",
                        renamed_pack(tmp_path), "--auto", "--json", "--seed", 1, "--db", db))
    assert out["heroes"] == ["my-storm", "my-logan"]


def test_without_content_the_default_heroes_and_game_are_unchanged(tmp_path, db):
    a = last_json(run("play", "dofp", "--heroes", 3, "--auto", "--json", "--seed", 9, "--db", db))
    b = last_json(run("play", "dofp", "--heroes", 3, "--auto", "--json", "--seed", 9, "--db", db,
                      "--content", default_pack_path()))
    assert a["heroes"] == ["logan", "kitty-pryde", "storm"]
    assert b["heroes"] == ["bishop", "blink", "kitty-pryde"]  # the pack's own order


@pytest.mark.parametrize(("args", "message"), [
    (["--heroes", "logan,storm"], "--heroes: unknown hero 'logan', 'storm'"),
    (["--set", "content=/x"], "give the pack once: --content PATH or --set content=PATH"),
])
def test_bad_content_words_are_one_line(tmp_path, db, args, message):
    r = run("play", "dofp", *args, "--content", renamed_pack(tmp_path), "--auto", "--json",
            "--db", db)
    assert r.exit_code == 2 and message in r.output
    assert r.output.count("error:") == 1


def test_a_missing_pack_is_named(tmp_path, db):
    r = run("play", "dofp", "--content", tmp_path / "nope", "--auto", "--json", "--db", db)
    assert r.exit_code == 2 and f"{tmp_path / 'nope'}: no such content file or folder" in r.output


def test_lab_run_plays_the_pack(tmp_path):
    r = run("lab", "run", "dofp", "--games", 3, "--agent", "random", "--content",
            renamed_pack(tmp_path), "--out", tmp_path / "lab.db", "--json", "--no-progress")
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout.strip().splitlines()[-1])["games"] == 3


def test_content_show_takes_content(tmp_path):
    r = run("content", "show", "--content", renamed_pack(tmp_path))
    assert r.exit_code == 0 and "my-bishop" in r.output and "my-storm" in r.output
    r = run("content", "show", default_pack_path(), "--content", default_pack_path())
    assert r.exit_code == 2 and "give the pack once" in r.output


def test_validate_report_counts_unsupported_effects_per_hero(tmp_path):
    pack = renamed_pack(tmp_path)
    f = pack / "heroes" / "logan.yaml"
    doc = yaml.safe_load(f.read_text(encoding="utf-8"))
    plain = [c for c in doc["heroes"][0]["cards"] if not c.get("effect")]
    plain[0]["unsupported"] = "says more than the vocabulary"
    plain[1]["unsupported"] = "another note"
    f.write_text(yaml.safe_dump(doc, sort_keys=False), encoding="utf-8")
    loc = pack / "locations.yaml"
    ldoc = yaml.safe_load(loc.read_text(encoding="utf-8"))
    ldoc["locations"][1]["unsupported"] = "moves a Threat"
    loc.write_text(yaml.safe_dump(ldoc, sort_keys=False), encoding="utf-8")
    r = run("content", "validate", pack, "--report")
    assert r.exit_code == 0, r.output
    marked = plain[0].get("copies", 1) + plain[1].get("copies", 1)
    lines = r.output.splitlines()
    at = lines.index(f"  my-logan: {marked} of {3 + marked} cards with a Special Effect")
    assert lines[at + 1: at + 3] == [f"    {plain[0]['name']}: says more than the vocabulary",
                                     f"    {plain[1]['name']}: another note"]  # what and why
    assert "  my-storm: 0 of 3 cards with a Special Effect" in lines
    at = lines.index(f"  Locations: 1 of {len(ldoc['locations'])} ({ldoc['locations'][1]['id']})")
    assert lines[at + 1] == f"    {ldoc['locations'][1]['name']}: moves a Threat"
    assert f"  in all: {marked} hero card(s), 1 Location(s)" in lines
    assert "unsupported" not in run("content", "validate", pack).output


def test_a_pack_of_only_supported_words_reports_none():
    r = run("content", "validate", default_pack_path(), "--report")
    assert r.exit_code == 0, r.output
    assert r.output.splitlines()[-1].endswith("in all: 0 hero card(s), 0 Location(s): none is marked unsupported")
    assert "  vigil-marrow: 0 of 12 cards with a Special Effect" in r.output.splitlines()


def test_lab_sweep_plays_the_pack(tmp_path):
    r = run("lab", "sweep", "dofp", "--param", "sentinel_health=3,4", "--games", 2, "--agent",
            "random", "--heroes", 2, "--content", renamed_pack(tmp_path), "--out",
            tmp_path / "lab.db", "--json", "--no-progress")
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout.strip().splitlines()[-1])
    assert [(p["values"], p["played"]) for p in out["points"]] == [
        ({"sentinel_health": 3}, 2), ({"sentinel_health": 4}, 2)]  # the pack's own heroes


def test_content_show_of_a_missing_pack_is_one_error_line():
    out = run("content", "show", "--content", "/nonexistent-pack")
    lines = [x for x in out.output.splitlines() if x.strip()]
    assert out.exit_code == 1
    assert lines == ["error: /nonexistent-pack: no such content file or folder "
                     "(see `multiverse content validate`)"]


def test_a_broken_word_in_a_pack_is_one_line_without_the_solo_hint(tmp_path, db):
    pack = renamed_pack(tmp_path)
    f = pack / "heroes" / "logan.yaml"
    doc = yaml.safe_load(f.read_text(encoding="utf-8"))
    doc["heroes"][0]["cards"][0]["effect"] = [{"verb": "on_villain_move", "when": "sometimes",
                                              "steps": [{"verb": "draw"}]}]
    f.write_text(yaml.safe_dump(doc, sort_keys=False), encoding="utf-8")
    r = run("play", "dofp", "--heroes", 3, "--content", pack, "--auto", "--db", db)
    assert r.exit_code == 2 and r.output.count("error:") == 1
    assert "heroes/logan.yaml: heroes[0].cards[0].effect[0].when" in r.output
    assert "--solo" not in r.output  # (that hint is for a wrong count of heroes)
    r = run("play", "dofp", "--heroes", 6, "--auto", "--db", db)
    assert r.exit_code == 2 and "(or --solo: one player, three heroes)" in r.output


def test_a_sentinels_pack_reports_its_cards_marked_unsupported(tmp_path):
    """An owner encoding a real box marks what the words cannot carry; `--report` lists it
    per deck (copies counted), OblivAeon's parts included, and a plain run says nothing."""
    from multiverse.sentinels.content import load_sentinels_content

    doc = load_sentinels_content().model_dump(mode="json", exclude_defaults=True)
    hero = doc["heroes"][0]
    hero["cards"][0]["unsupported"] = "the printed card also lets another player draw"
    doc["oblivaeon"]["shields"][0]["unsupported"] = "its second task"
    path = tmp_path / "box.yaml"
    path.write_text(yaml.safe_dump(doc, sort_keys=False), encoding="utf-8")
    r = run("content", "validate", path, "--report")
    assert r.exit_code == 0, r.output
    lines = r.output.splitlines()
    copies = hero["cards"][0].get("copies", 1)
    assert f"  {hero['id']}: {copies} of 40 ({hero['cards'][0]['name']})" in lines
    shields = doc["oblivaeon"]["shields"]
    assert f"  Shields: 1 of {len(shields)} ({shields[0]['name']})" in lines
    assert f"  in all: {copies + 1} card(s)" in lines
    assert "unsupported" not in run("content", "validate", path).output
