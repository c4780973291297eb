"""`multiverse content …`, and the sub-commands that hand over to other modules."""

from __future__ import annotations

import json
import shutil
import sys
import types

import yaml
from cli_support import run

from multiverse.content.jsonschema import export_schema
from multiverse.content.loader import default_pack_path, load_content


def test_validate_the_default_pack():
    c = load_content()
    result = run("content", "validate", default_pack_path())
    assert result.exit_code == 0, result.output
    assert result.stderr == ""
    cards = sum(card.copies for h in c.heroes for card in h.cards)
    assert f"valid ({len(c.heroes)} heroes, {cards} hero cards" in result.stdout
    assert f"{len(c.dofp.threats)} threats" in result.stdout


def test_validate_a_broken_file_names_it(tmp_path):
    pack = tmp_path / "pack"
    shutil.copytree(default_pack_path(), pack)
    storm = pack / "heroes" / "storm.yaml"
    doc = yaml.safe_load(storm.read_text())
    doc["heroes"][0]["cards"][0]["copies"] = "many"
    storm.write_text(yaml.safe_dump(doc))
    (pack / "locations.yaml").write_text("locations: [\n")  # not YAML at all
    result = run("content", "validate", pack)
    assert result.exit_code == 1
    assert f"{pack / 'locations.yaml'}: line 2" in result.stderr
    assert "not valid YAML" in result.stderr
    assert "problem(s)" in result.stderr
    assert "valid (" not in result.stdout

    (pack / "locations.yaml").write_text(yaml.safe_dump(
        yaml.safe_load((default_pack_path() / "locations.yaml").read_text())))
    again = run("content", "validate", pack)
    assert again.exit_code == 1
    assert f"{storm}: heroes[0].cards[0].copies:" in again.stderr


def test_schema_is_printed_and_written(tmp_path):
    printed = run("content", "schema")
    assert printed.exit_code == 0
    assert json.loads(printed.stdout) == export_schema()
    out = tmp_path / "s" / "united.schema.json"
    written = run("content", "schema", "--out", out)
    assert written.exit_code == 0 and f"wrote {out}" in written.stdout
    assert json.loads(out.read_text()) == export_schema()


def test_rules_coverage_hands_over_its_families(monkeypatch):
    import multiverse.rules.coverage as coverage

    calls = []
    monkeypatch.setattr(coverage, "main", lambda families: calls.append(families) or 3)
    result = run("rules", "coverage", "--family", "DFP-A", "--family", "MU")
    assert result.exit_code == 3
    assert calls == [["DFP-A", "MU"]]
    assert run("rules", "coverage").exit_code == 3 and calls[-1] == []


def test_bench_hands_over_its_options(monkeypatch):
    calls = []
    fake = types.ModuleType("multiverse.bench")
    fake.main = lambda json_out, games: calls.append((json_out, games)) or 0
    monkeypatch.setitem(sys.modules, "multiverse.bench", fake)
    assert run("bench", "--json", "--games", 7).exit_code == 0
    assert run("bench").exit_code == 0
    assert calls == [(True, 7), (False, 200)]
