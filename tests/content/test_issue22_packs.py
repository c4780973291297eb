"""Positions and packs that used to give a traceback, a wrong table or several error lines
(issue 22, item 8): each is one `error:` line naming the field, and the documented example
positions start in a state the engine's own invariants accept."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml
from pydantic import ValidationError
from typer.testing import CliRunner

from multiverse.cli.main import app
from multiverse.cli.play import position_mode
from multiverse.content.loader import default_pack_path
from multiverse.engine.errors import PositionError
from multiverse.engine.positions import read_position
from multiverse.united.config import UnitedConfig
from multiverse.united.position import load_position

EXAMPLES = sorted((Path(__file__).parents[2] / "docs" / "examples").glob("*.yaml"))


def run(*args: object):
    return CliRunner().invoke(app, [str(a) for a in args])


def error_lines(result) -> list[str]:
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return [x for x in result.stderr.splitlines() if x.strip()]


@pytest.mark.parametrize("mode", [["sentinels"], {"name": "sentinels"}, 3])
def test_a_mode_that_is_not_a_name_is_one_line(tmp_path, mode):
    f = tmp_path / "p.yaml"
    f.write_text(yaml.safe_dump({"config": {"mode": mode}}), encoding="utf-8")
    lines = error_lines(run("play", "--from", f, "--auto", "--db", tmp_path / "g.db"))
    assert len(lines) == 1
    assert lines[0].startswith(f"error: {f}: config.mode: expected a mode name (dofp, standard")


@pytest.mark.parametrize("solo", ["false", "no", "0", "true", 1, 0])
def test_solo_must_be_true_or_false(tmp_path, solo):
    """DFP-SOLO: a text or number for `solo` is refused, never read as a solo table."""
    doc = {"heroes": ["logan", "kitty-pryde"], "solo": solo}
    with pytest.raises(PositionError, match=r"^position: solo: Input should be a valid boolean"):
        load_position(doc)
    with pytest.raises(ValidationError):
        UnitedConfig.model_validate({"heroes": ["logan", "kitty-pryde", "storm"], "solo": solo})
    f = tmp_path / "p.yaml"
    f.write_text(yaml.safe_dump(doc), encoding="utf-8")
    lines = error_lines(run("play", "--from", f, "--auto", "--db", tmp_path / "g.db"))
    assert lines == [f"error: {f}: solo: Input should be a valid boolean (got {solo!r})"]


def test_solo_false_and_true_still_work():
    assert not load_position({"heroes": ["logan", "kitty-pryde"], "solo": False}).T.config.solo
    assert load_position({"heroes": ["logan", "kitty-pryde", "storm"], "solo": True}).T.config.solo


def broken_pack(tmp_path: Path) -> Path:
    """The default pack with two problems in each of three hero files (six in all)."""
    dest = tmp_path / "pack"
    shutil.copytree(default_pack_path(), dest)
    for hero in ("bishop", "logan", "storm"):
        f = dest / "heroes" / f"{hero}.yaml"
        doc = yaml.safe_load(f.read_text(encoding="utf-8"))
        doc["heroes"][0]["cards"][0]["copies"] = "many"
        doc["heroes"][0]["bogus"] = 1
        f.write_text(yaml.safe_dump(doc, sort_keys=False), encoding="utf-8")
    return dest


@pytest.mark.parametrize("flag", ["--content", "--set"])
def test_a_pack_with_several_problems_is_one_error_line(tmp_path, flag):
    pack = broken_pack(tmp_path)
    args = [flag, pack] if flag == "--content" else [flag, f"content={pack}"]
    lines = error_lines(run("play", "dofp", *args, "--auto", "--db", tmp_path / "g.db"))
    assert len(lines) == 1
    assert lines[0].startswith(f"error: dofp: {pack}/heroes/bishop.yaml: heroes[0].cards[0].copies: ")
    assert lines[0].endswith(" (and 5 more problems)")


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.name for p in EXAMPLES])
def test_every_documented_example_starts_in_a_state_the_invariants_accept(path):
    """docs/examples/*.yaml: loaded as `play --from` does, the mode's invariants hold."""
    doc = read_position(path)[0]
    mode = position_mode(doc, None)
    state = mode.load_position(doc)
    mode.check_invariants(state)
    assert state.decision() is not None


def test_a_round_without_a_turn_number_is_that_heros_turn_of_the_round():
    """MU-8: round 2 with the second of three heroes active is turn 5 (1-3 were round 1)."""
    s = load_position(EXAMPLES[0].with_name("example1.yaml"))
    assert (s.round, s.active, s.turn) == (2, 1, 5)


def test_a_turn_number_before_its_round_is_refused():
    doc = {"heroes": ["logan", "kitty-pryde"], "turn": {"round": 4, "number": 3}}
    with pytest.raises(PositionError, match=r"^position: turn.number: turn 3 cannot be in round 4"):
        load_position(doc)


def test_solo_as_text_with_heroes_on_the_command_line_names_solo(tmp_path):
    """DFP-SOLO: `solo: "false"` with `--heroes 2` is refused for `solo`, not read as a
    solo table that wants three heroes."""
    f = tmp_path / "p.yaml"
    f.write_text('solo: "false"\n', encoding="utf-8")
    lines = error_lines(run("play", "--from", f, "--heroes", 2, "--auto", "--db", tmp_path / "g.db"))
    assert lines == [f"error: {f}: solo: Input should be a valid boolean (got 'false')"]
