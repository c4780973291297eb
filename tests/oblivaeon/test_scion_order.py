"""The Scion Reserve stacked by `--scion-order` (OBL-S8): the players see which Scions come
next, the board shows the Scion Difficulty Chart to choose by (OBL-HE6), and a search
agent's samples keep what the players know."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from rich.console import Console

from multiverse.sentinels.oblivaeon.determinize import determinize
from multiverse.sentinels.oblivaeon.render import render_board
from multiverse.sentinels.oblivaeon.view import view

from .support import game


@pytest.mark.rule("OBL-S8")
def test_the_stacked_bottom_of_the_reserve_is_shown_and_kept_by_samples(tmp_path: Path) -> None:
    # Scion Two goes to the Second Battle Zone at setup; Scion Three is next; Scion Four
    # was left to chance (shuffled above the stacked ones: here it is the only one left)
    s = game(tmp_path, scion_order=("Scion Two", "Scion Three"))
    v = view(s, 0)
    assert v["reserve_next"] == ["Scion Three"] and v["reserve_size"] == 2
    rnd = random.Random(3)
    for _ in range(20):
        d = determinize(s, 0, rnd)
        assert view(d, 0) == v and d.reserve[0] == s.reserve[0]


@pytest.mark.rule("OBL-S8", "OBL-HE6")
def test_the_board_shows_the_scion_difficulty_chart(tmp_path: Path) -> None:
    s = game(tmp_path)
    console = Console(width=80, record=True)
    console.print(render_board(s, 0))
    text = console.export_text()
    assert "Scion Difficulty Chart" in text
    assert "1: Scion Four · Scion One · Scion Three · Scion Two" in text
