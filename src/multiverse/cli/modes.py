"""`multiverse modes`: the registered game modes, their heroes and their options."""

from __future__ import annotations

import json

from rich import box
from rich.console import Console
from rich.table import Table

from multiverse import modes
from multiverse.cli.tables import print_table


def show_modes(json_out: bool, console: Console) -> int:
    described = [m.describe() for m in modes.all_modes()]
    if json_out:
        print(json.dumps(described))
        return 0
    table = Table(title="Game modes (`multiverse play MODE`)", title_justify="left",
                  box=box.SIMPLE_HEAD, show_lines=True)
    for col in ("mode", "what it is", "heroes", "options"):
        table.add_column(col, overflow="fold")
    for d in described:
        h = d["heroes"]
        heroes = f"{h['min']}-{h['max']}; default {', '.join(h['default'][:3])}"
        opts = "\n".join(o["flag"] + (f" {'|'.join(o['choices'])}" if "choices" in o else "")
                         for o in d["options"])
        table.add_row(d["name"], d["description"], heroes, opts)
    print_table(console, table)
    return 0
