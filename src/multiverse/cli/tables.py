"""Tables that fit the terminal without cutting a value (`content show`, `games list`,
`bench`, `modes`): a table is drawn as a table when every value of it reads whole at the
console's width; else each row is stacked, one `column: value` after another, wrapped at
words."""

from __future__ import annotations

import io
import re

from rich.console import Console
from rich.table import Table
from rich.text import Text

from multiverse.cli.screen import wrap

_SPLIT = re.compile(r"[\s│┃|─━╇╈┼┡┩╭╮╰╯]+")


def cells(table: Table) -> list[list[str]]:
    """The table's rows as plain strings, column by column."""
    cols = [[c.plain if isinstance(c, Text) else str(c) for c in col._cells] for col in table.columns]
    return [list(row) for row in zip(*cols, strict=True)] if cols else []


def _words(text: str) -> set[str]:
    return {w for w in _SPLIT.split(text) if w}


def fits(table: Table, width: int) -> bool:
    """Whether the table drawn at `width` shows every value whole: no line wider than
    `width`, and every word of every cell as one word of the drawing."""
    probe = Console(width=width, file=io.StringIO(), record=True, highlight=False,
                    color_system=None)
    probe.print(table, soft_wrap=False)
    drawn = probe.export_text()
    if any(len(line) > width for line in drawn.splitlines()):
        return False
    seen = _words(drawn)
    return all(w in seen for row in cells(table) for value in row for w in _words(value))


def stacked(table: Table, width: int) -> list[str]:
    """The table as lines: its title, then each row's first value and its other columns
    as `column: value`, wrapped at words."""
    names = [Text.from_markup(c.header).plain if isinstance(c.header, str) else str(c.header)
             for c in table.columns]
    out: list[str] = []
    if table.title:
        title = table.title.plain if isinstance(table.title, Text) else str(table.title)
        out += wrap(title, width)
    for row in cells(table):
        first, *rest = row
        parts = [f"{name}: {value}" for name, value in zip(names[1:], rest, strict=True)
                 if value.strip()]
        out += wrap(f"{names[0]}: {first}" if names[0] else first, width, 2, "• ")
        out += [line for p in parts for line in wrap(p.replace("\n", "; "), width, 6, "    ")]
    return out


def keep_words(table: Table) -> None:
    """No column narrower than its longest word (or its header): rich then wraps a
    cell at its words rather than cutting one."""
    for col, values in zip(table.columns, zip(*cells(table), strict=True) if cells(table) else (),
                           strict=False):
        header = col.header.plain if isinstance(col.header, Text) else str(col.header)
        longest = max((len(w) for v in (*values, header) for w in _words(v)), default=0)
        col.min_width = max(col.min_width or 0, longest)


def print_table(console: Console, table: Table) -> None:
    """Print `table` as a table when it fits the console's width whole, else stacked."""
    keep_words(table)
    if fits(table, console.width):
        if table.title:  # the title at the terminal's width, not the table's
            title = table.title if isinstance(table.title, Text) else Text(str(table.title))
            for line in wrap(title.plain, console.width):
                console.print(Text(line, style=table.title_style or "italic"), soft_wrap=True)
            table.title = None
        console.print(table, soft_wrap=False)
        return
    for line in stacked(table, console.width):
        console.print(Text(line), soft_wrap=True)
