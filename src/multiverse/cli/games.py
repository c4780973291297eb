"""`multiverse games list`, `multiverse games delete` and `multiverse replay`: the stored games
of every mode (Marvel United's `dofp` and `standard`, Sentinels of the Multiverse's `sentinels`).

`games list` and `replay` open the database read-only (a missing one is an error, never
created). Store problems raise `StoreError`, which the command prints as one `error:` line.
"""

from __future__ import annotations

import shlex
from functools import lru_cache
from pathlib import Path
from typing import Any

from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from multiverse.cli.screen import wrap
from multiverse.cli.tables import print_table
from multiverse.engine.decision import Option
from multiverse.store.games import GameStore, StoreError
from multiverse.store.replay import verify

OUTCOME = {"win": "the heroes won", "loss": "the heroes lost"}


def db_flag(db: Path | str | None) -> str:
    """` --db PATH` as the user gave it (quoted for a shell), for every hint that names a
    command; '' when the user gave no `--db`."""
    return "" if db is None else f" --db {shlex.quote(str(db))}"


@lru_cache(maxsize=16)
def _pack_names(family: str, content: str | None) -> dict[str, str]:
    """Hero id → name in a pack (empty when the pack cannot be read)."""
    try:
        if family == "united":
            from multiverse.content.loader import load_content

            return {h.id: h.name for h in load_content(content).heroes}
        from multiverse.sentinels.content import load_sentinels_content

        return {h.id: h.name for h in load_sentinels_content(content).heroes}
    except Exception:  # a moved or broken pack: the ids, as stored
        return {}


def hero_names(r: Any) -> str:
    """A stored game's heroes by name ("Logan, Kitty Pryde"), their ids when unknown."""
    from multiverse import modes

    try:
        family = modes.get(r.mode).family
    except Exception:  # an unknown mode: the ids
        return ", ".join(r.heroes)
    content = r.config.get("content") if isinstance(r.config, dict) else None
    names = _pack_names(family, content if isinstance(content, str) else None)
    return ", ".join(names.get(h, h) for h in r.heroes)


def list_games(db: Path | None, console: Console, limit: int | None = None) -> int:
    """The stored games, newest first; a row that cannot be read is shown as malformed,
    with what is wrong, below the table."""
    with GameStore(db, readonly=True) as store:
        records = store.list(limit)
        path = store.path
    if not records:
        console.print(Text(f"No games stored in {path}."))
        return 0
    # the path on its own line: folded at the width when longer (a path has no words)
    console.print(Text(f"Games in {path}", overflow="fold"), soft_wrap=False)
    table = Table(box=box.SIMPLE_HEAD)
    for col, justify in (("id", "right"), ("mode", "left"), ("heroes", "left"),
                         ("seed", "right"), ("decisions", "right"), ("result", "left"),
                         ("date", "left")):
        table.add_column(col, justify=justify, no_wrap=col != "heroes",  # type: ignore[arg-type]
                         min_width=14 if col == "heroes" else None)
    for r in records:
        result = "malformed" if r.problem else r.result or "unfinished"
        style = {"win": "green", "loss": "red", "malformed": "red"}.get(result, "yellow")
        table.add_row(str(r.id), r.label, hero_names(r), str(r.seed), str(r.decisions),
                      Text(result, style=style), r.created[:10])
    print_table(console, table)
    for r in records:
        if r.problem:
            console.print(Text(f"game {r.id} is malformed: {r.problem}; "
                               f"`multiverse games delete {r.id}{db_flag(db)}` deletes it",
                               style="red"))
    return 0


def delete_game(game_id: int, db: Path | None, console: Console) -> int:
    """Delete a stored game and its moves (never creates a database)."""
    with GameStore(db, create=False) as store:
        decisions = store.delete(game_id)
        path = store.path
    console.print(Text(f"Deleted game {game_id} ({decisions} decisions) from {path}."))
    return 0


def replay_game(game_id: int, check_only: bool, db: Path | None, console: Console,
                err: Console) -> int:
    """Re-run a stored game, checking every stored hash; print its narration unless
    `check_only`. Exit code 1 names the first decision that does not match; a store problem
    (no database, no such game, a malformed row) is a `StoreError`."""
    with GameStore(db, readonly=True) as store:
        rec = store.get(game_id)
        path = store.path
    if rec is None:
        raise StoreError(f"no game {game_id} in {path} (`multiverse games list{db_flag(db)}` "
                         "lists the stored games)")

    def say(text: str, style: str = "", first: str = "", indent: int = 0) -> None:
        for line in wrap(text, console.width, indent, first):  # at words, never mid-word
            console.print(Text(line, style=style), soft_wrap=True)

    def narrate(ply: int, option: Option | None, s: Any) -> None:
        if option is not None:
            say(option.label, "dim", f"» decision {ply}: ", 4)
        for e in s.take_events():
            say(e.text, "bold" if e.kind in ("turn", "game_over") else "")

    s, problem = verify(rec, log=not check_only, on_step=None if check_only else narrate)
    if problem:
        err.print(Text(f"game {game_id}: replay does not match the stored game at {problem}",
                       style="red"))
        return 1
    outcome = OUTCOME.get(rec.result or "", "unfinished")
    if rec.result and (s.result != rec.result or s.state_hash() != rec.final_hash):
        err.print(Text(f"game {game_id}: stored outcome {rec.result} / {rec.final_hash}, "
                       f"replay gives {s.result} / {s.state_hash()}", style="red"))
        return 1
    for line in wrap(f"Game {game_id} verified: {rec.decisions} decisions and the start, "
                     f"every state hash matches ({outcome}).", console.width):
        console.print(Text(line, style="green"), soft_wrap=True)
    return 0
