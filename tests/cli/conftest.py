"""Every CLI test runs against temporary databases, never the user's own."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _private_db(tmp_path, monkeypatch):
    monkeypatch.setenv("MULTIVERSE_DB", str(tmp_path / "env-games.db"))


@pytest.fixture
def db(tmp_path) -> Path:
    return tmp_path / "games.db"
