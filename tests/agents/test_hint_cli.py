"""`hint` in interactive play: the top options with estimated win rates."""

from __future__ import annotations

from typer.testing import CliRunner

import multiverse.agents.ismcts as ismcts
from multiverse.cli.main import app


def test_hint_in_play(tmp_path, monkeypatch):
    real = ismcts.hint
    monkeypatch.setattr(ismcts, "hint", lambda state, top=3, time_limit=None, seed=0: real(
        state, top=top, iterations=10, time_limit=None, seed=seed, rollout="random"))
    r = CliRunner().invoke(app, ["play", "dofp", "--seed", "3", "--db", str(tmp_path / "g.db")],
                           input="hint\nquit\n")
    assert r.exit_code == 0, r.output
    assert "Hint (ISMCTS" in r.stdout and "est. win" in r.stdout
