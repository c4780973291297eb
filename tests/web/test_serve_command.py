"""`multiverse serve` as a command: its options, and a database it cannot use as one
`error:` line with exit 2 (before any server starts)."""

from __future__ import annotations

import pytest

from multiverse.cli.main import main


def test_serve_lists_its_options(capsys):
    assert main(["serve", "--help"]) == 0
    out = capsys.readouterr().out
    for flag in ("--host", "--port", "--db", "--agent-delay", "--allow-origin", "--allow-host", "--share-games"):
        assert flag in out


def test_a_database_that_cannot_be_used_is_one_error_line(tmp_path, capsys):
    assert main(["serve", "--db", str(tmp_path)]) == 2  # a folder
    err = capsys.readouterr().err
    assert err.startswith("error: ") and "folder" in err and "Traceback" not in err


def test_a_bad_port_is_refused(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["serve", "--port", "70000"])
    assert exit_.value.code == 2 and capsys.readouterr().err.startswith("error: ")
