"""No traceback reaches a user: every command given bad input prints one `error:` line on
stderr and exits 2, writing nothing (issue: every bad input a one-line error)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from multiverse.cli.main import main
from multiverse.store.games import GameStore


def _write(path: Path, data: bytes | str) -> Path:
    if isinstance(data, bytes):
        path.write_bytes(data)
    else:
        path.write_text(data, encoding="utf-8")
    return path


def _files(folder: Path) -> set[str]:
    return {p.name for p in folder.iterdir()}


def case(name: str, args: list[str], expect: str):
    return pytest.param(args, expect, id=name)


CASES = [
    case("unknown option", ["play", "--bogus"], "error: No such option: --bogus"),
    case("seed not a number", ["play", "--seed", "x"], "error: Invalid value for '--seed'"),
    case("negative seed", ["play", "--seed", "-1"], "error: Invalid value for '--seed'"),
    case("unknown mode", ["play", "othermode"], "error: unknown mode 'othermode'; modes: dofp, standard, sentinels"),
    case("unknown hero", ["play", "--heroes", "logan,wolverine"],
         "error: --heroes: unknown hero 'wolverine'; dofp heroes: bishop, blink, kitty-pryde, ledger-voss, logan"),
    case("one unknown hero", ["play", "--heroes", "wolverine"], "error: --heroes: unknown hero 'wolverine'"),
    case("too many heroes", ["play", "sentinels", "--heroes", "6"],
         "error: --heroes 6: a sentinels game takes 3 to 5 heroes"),
    case("option of another mode", ["play", "dofp", "--environment", "x"],
         "error: --environment: not an option of dofp; dofp takes --heroes, --tie-break, --difficulty, --solo"),
    case("bad --set", ["play", "--set", "track_max"], "error: --set 'track_max': expected NAME=VALUE"),
    case("--set of a wrong type", ["play", "--set", "track_max=\"x\""],
         "error: dofp: track_max: Input should be a valid integer"),
    case("unknown agent", ["play", "--agent", "genius"], "error: unknown player 'genius'"),
    case("--iterations without ismcts", ["play", "--agent", "random", "--iterations", "5"],
         "error: --iterations is an option of the ismcts agent"),
    case("missing position file", ["play", "--from", "{tmp}/nowhere.yaml"], "error: Invalid value for '--from'"),
    case("position not UTF-8", ["play", "--from", "{tmp}/latin1.yaml"], "error: "),
    case("position seed not a number", ["play", "--from", "{tmp}/seed.yaml"],
         "error: {tmp}/seed.yaml: seed: expected a whole number from 0 to 9223372036854775807, got 'one'"),
    case("resume a missing game", ["play", "--resume", "9", "--db", "{tmp}/empty.db"], "error: no game 9 in "),
    case("resume from a missing database", ["play", "--resume", "1"], "error: no games database at "),
    case("corrupt database", ["play", "--db", "{tmp}/corrupt.db"], "error: "),
    case("database is a folder", ["play", "--db", "{tmp}"], "error: "),
    case("replay from a missing database", ["replay", "1", "--db", "{tmp}/missing.db"], "error: no games database at "),
    case("list a missing database", ["games", "list", "--db", "{tmp}/missing.db"], "error: no games database at "),
    case("delete a missing game", ["games", "delete", "4", "--db", "{tmp}/empty.db"], "error: no game 4 in "),
    case("list a corrupt database", ["games", "list", "--db", "{tmp}/corrupt.db"], "error: "),
    case("newer database", ["games", "list", "--db", "{tmp}/newer.db"], "error: "),
    case("lab: unknown mode", ["lab", "run", "othermode", "--games", "1", "--out", "{tmp}/lab.db"], "error: "),
    case("lab: too many heroes", ["lab", "run", "dofp", "--heroes", "9", "--games", "1", "--out", "{tmp}/lab.db"],
         "error: "),
    case("bench: no games", ["bench", "--games", "0"], "error: Invalid value for '--games'"),
    case("rules: unknown family", ["rules", "coverage", "--family", "XYZ"], "error: no rule ID matches XYZ"),
]


@pytest.mark.parametrize(("args", "expect"), CASES)
def test_bad_input_is_one_error_line_and_exit_2(tmp_path, monkeypatch, capsys, args, expect):
    monkeypatch.setenv("MULTIVERSE_DB", str(tmp_path / "games.db"))
    _write(tmp_path / "latin1.yaml", "heroes: [caf\xe9]\n".encode("latin-1"))
    _write(tmp_path / "seed.yaml", "seed: one\n")
    _write(tmp_path / "corrupt.db", b"this is not a database" * 50)
    newer = sqlite3.connect(tmp_path / "newer.db")
    newer.execute("PRAGMA user_version = 99")
    newer.close()
    GameStore(tmp_path / "empty.db").close()
    before = _files(tmp_path)
    argv = [a.replace("{tmp}", str(tmp_path)) for a in args]
    with pytest.raises(SystemExit) as exit_:
        raise SystemExit(main(argv))
    out, err = capsys.readouterr()
    assert exit_.value.code == 2, (out, err)
    assert "Traceback" not in out + err
    assert err.startswith(expect.replace("{tmp}", str(tmp_path))), err
    if expect.startswith("error:"):
        assert err.count("\n") == 1, err  # one line
    new = {name for name in _files(tmp_path) - before if not name.endswith(".locks")}
    assert new == set(), "a bad command writes nothing (a lock file beside a database aside)"
