"""The board fits the terminal without cutting a name: at 80 and 120 columns no line is
wider than the terminal, nothing is cut with "…", and every Location's full name is in its
ring box (wrapped at spaces when it does not fit on one line). docs/cli.md states the rule."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console

from multiverse import modes

MODES = ("dofp", "standard", "sentinels", "oblivaeon")


def draw(mode: str, width: int) -> tuple[str, object]:
    m = modes.get(mode)
    s = m.new_game(m.make_config("3"), 1)
    console = Console(width=width, record=True, file=io.StringIO())
    console.print(m.render_board(s, 0), soft_wrap=False)
    return console.export_text(), s


def boxes(text: str) -> list[str]:
    """The text inside each box (╭ … ╯) of a drawing, its lines joined by spaces: a name
    wrapped inside a box reads whole again."""
    lines = text.splitlines()
    out = []
    for i, line in enumerate(lines):
        for top in re.finditer(r"╭[^╮]*╮", line):
            a, b = top.span()
            inner = []
            for below in lines[i + 1:]:
                if below[a:a + 1] == "╰":
                    break
                inner.append(below[a + 1:b - 1].strip(" │"))
            out.append(" ".join(x for x in inner if x))
    return out


@pytest.mark.parametrize("width", [80, 120])
@pytest.mark.parametrize("mode", MODES)
def test_no_line_is_wider_than_the_terminal_and_nothing_is_cut(mode: str, width: int):
    text, _ = draw(mode, width)
    assert max(len(line) for line in text.splitlines()) <= width
    assert "…" not in text


@pytest.mark.parametrize("width", [80, 120])
@pytest.mark.parametrize("mode", ["dofp", "standard"])
def test_every_location_name_is_whole_in_its_ring_box(mode: str, width: int):
    text, s = draw(mode, width)
    inside = boxes(text)
    for pos in range(6):
        name = s.loc_name(pos)
        assert any(box.startswith(name + " ") for box in inside), (name, inside)


def test_at_80_columns_a_long_name_wraps_at_a_space():
    text, _ = draw("dofp", 80)
    assert "│ Barbed-Wire Internment │" in text and "│ Yard " in text
    assert "Barbed-Wire Internm─" not in text


def test_the_heroes_table_shows_whole_location_names_at_120():
    text, _ = draw("dofp", 120)
    assert "│ 3 Collapsed Harbor Bridge │" in text
