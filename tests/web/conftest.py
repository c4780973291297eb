"""The web tests run against temporary databases, never the user's own."""

from __future__ import annotations

import logging
from pathlib import Path

import pytest

pytest.importorskip("fastapi", reason="the web extra is not installed: pip install -e '.[web]'")


@pytest.fixture(autouse=True)
def _private_db(tmp_path, monkeypatch):
    monkeypatch.setenv("MULTIVERSE_DB", str(tmp_path / "env-games.db"))


@pytest.fixture
def db(tmp_path) -> Path:
    return tmp_path / "games.db"


@pytest.fixture
def quiet(caplog, capsys):
    """Fails the test if anything logged or printed to stderr holds a traceback."""
    caplog.set_level(logging.DEBUG)
    yield
    assert "Traceback" not in caplog.text
    assert "Traceback" not in capsys.readouterr().err
