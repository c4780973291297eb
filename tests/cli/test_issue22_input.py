"""The prompt and the terminal against hostile input (issue 22, items 6 and 7): digits that
are not ASCII and huge numbers get the usual "not an option" line, and a pack's control
characters never reach the terminal."""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import yaml
from cli_support import flat, run
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from multiverse.cli.play import Terminal, _pick
from multiverse.cli.safe import safe_console
from multiverse.content.loader import default_pack_path
from multiverse.engine.errors import ConfigError
from multiverse.modes import get as get_mode
from multiverse.plain import plain
from multiverse.united.config import UnitedConfig
from multiverse.united.dofp.game import new_game

TWO = ("logan", "kitty-pryde")
HUGE = "9" * 5000  # past Python's integer-string limit (4,300 digits)
TITLE = "\x1b]0;owned\x07"


def test_digits_that_are_not_ascii_and_huge_numbers_are_no_option(db):
    lines = ["²", "①", "፩", "?²", "?①", "? ፩", "log ²", "log ①", f"log {HUGE}", HUGE, f"?{HUGE}", "1", "quit"]
    result = run("play", "--heroes", "2", "--seed", 5, "--db", db, input="\n".join(lines) + "\n")
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code == 0, result.output
    for word in ("'²' is not an option", "'①' is not an option", "'፩' is not an option",
                 "'log ²' is not an option", "'log ①' is not an option"):
        assert word in result.stdout
    out = flat(result.stdout)
    assert out.count("type ? and an option's number") == 4  # ?², ?①, ? ፩, ?HUGE
    assert out.count("is not an option: type a number from 1 to") == 7
    assert HUGE not in result.stdout  # a huge word is shown cut short
    assert "Decision 2 " in result.stdout  # `1` then still picks the first option


DIGITS = st.characters(categories=("Nd", "No"))  # '²', '①', '፩', '٣' …
TYPED = st.one_of(st.text(), st.text(DIGITS, min_size=1), st.text("0123456789", min_size=4000))


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(word=TYPED)
def test_any_line_typed_names_an_option_or_none(word):
    """Whatever is typed (any unicode, digits of any script, thousands of digits), picking
    an option never raises: it names a listed option or none."""
    s = new_game(UnitedConfig(heroes=TWO), 5)
    d = s.decision()
    ids = {o.id for o in d.options}
    term = Terminal(safe_console(file=io.StringIO(), width=80), quiet=False)
    term.shown = term.numbering.numbers(d)
    assert term.pick(d, word) in ids | {None}
    assert _pick(d, word) in ids | {None}


def test_heroes_count_in_digits_that_are_not_ascii_is_refused():
    mode = get_mode("dofp")
    for text in ("²", "③", HUGE):
        try:
            mode.make_config(heroes=text)
        except ConfigError as exc:
            assert "\n" not in str(exc) and len(str(exc)) < 200
        else:
            raise AssertionError(f"--heroes {text[:10]} accepted")


def test_heroes_count_in_digits_is_refused_on_the_command_line(db):
    for text in ("²", HUGE):
        result = run("play", "--heroes", text, "--auto", "--db", db)
        assert result.exit_code == 2, result.output
        assert "error: --heroes" in result.stderr and "Traceback" not in result.output


def owned_pack(tmp_path: Path) -> Path:
    """The default pack with Logan's name carrying an escape sequence that retitles a terminal."""
    dest = tmp_path / "pack"
    shutil.copytree(default_pack_path(), dest)
    f = dest / "heroes" / "logan.yaml"
    doc = yaml.safe_load(f.read_text(encoding="utf-8"))
    doc["heroes"][0]["name"] = f"Lo{TITLE}gan\x9b2J\x08"
    f.write_text(yaml.safe_dump(doc, sort_keys=False), encoding="utf-8")
    return dest


def test_content_show_prints_no_control_character(tmp_path):
    result = run("content", "show", owned_pack(tmp_path))
    assert result.exit_code == 0, result.output
    assert "\nlogan " in result.stdout  # Logan's row is shown
    assert not any(c in result.output for c in "\x1b\x07\x9b\x08")


def test_narration_of_a_game_prints_no_control_character(tmp_path, db):
    result = run("play", "dofp", "--heroes", "logan,kitty-pryde", "--content", owned_pack(tmp_path),
                 "--agent", "random", "--auto", "--seed", 3, "--db", db)
    assert result.exit_code == 0, result.output
    assert "Logan" in result.stdout
    assert not any(c in result.output for c in "\x1b\x07\x9b\x08")


def test_the_prompt_shows_no_control_character(tmp_path, db):
    result = run("play", "dofp", "--heroes", "logan,kitty-pryde", "--content", owned_pack(tmp_path),
                 "--seed", 3, "--db", db, input=f"board\nzz{TITLE}\nquit\n")
    assert result.exit_code == 0, result.output
    assert "Logan" in result.stdout
    assert not any(c in result.output for c in "\x1b\x07\x9b\x08")


@given(st.text())
def test_plain_leaves_no_control_character(text):
    out = plain(text)
    assert not any(c != "\n" and c != "\t" and (ord(c) < 32 or 0x7f <= ord(c) <= 0x9f) for c in out)
    if text.isprintable():
        assert out == text
