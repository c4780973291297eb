"""The core stays light: the command and a game run without the optional extras (`lab`,
`ray`, `bench`, `rl`, `web`) and without the `click` package (typer vendors its own), so
the README's one-command play works on a bare install."""

from __future__ import annotations

import subprocess
import sys

OPTIONAL = ("click", "numpy", "matplotlib", "ray", "open_spiel", "pyspiel", "gymnasium",
            "pettingzoo", "fastapi", "uvicorn", "playwright")

PROGRAM = f"""
import sys
for name in {OPTIONAL!r}:
    sys.modules[name] = None  # importing any of them now raises ImportError
from multiverse.cli.main import main
code = main(["play", "dofp", "--seed", "1", "--auto", "--json", "--db", sys.argv[1]])
assert code == 0, code
code = main(["modes", "--json"])
assert code == 0, code
"""


def test_play_and_modes_need_no_optional_package(tmp_path):
    done = subprocess.run([sys.executable, "-c", PROGRAM, str(tmp_path / "games.db")],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert '"mode": "dofp"' in done.stdout and '"result": "' in done.stdout
