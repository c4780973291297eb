"""`multiverse games list` and `multiverse replay`: the stored games of every mode
(Marvel United's `dofp` and `standard`, Sentinels of the Multiverse's `sentinels`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from multiverse.engine.decision import Option
from multiverse.store.games import GameStore
from multiverse.store.replay import verify

OUTCOME = {"win": "the heroes won", "loss": "the heroes lost"}


def list_games(db: Path | None, console: Console, limit: int | None = None) -> int:
    with GameStore(db) as store:
        records = store.list(limit)
        path = store.path
    if not records:
        console.print(Text(f"No games stored in {path}."))
        return 0
    table = Table(title=f"Games in {path}", title_justify="left", box=box.SIMPLE_HEAD)
    for col, justify in (("id", "right"), ("mode", "left"), ("heroes", "left"),
                         ("seed", "right"), ("decisions", "right"), ("result", "left"),
                         ("date", "left")):
        table.add_column(col, justify=justify, no_wrap=col != "heroes",  # type: ignore[arg-type]
                         min_width=14 if col == "heroes" else None)
    for r in records:
        result = r.result or "unfinished"
        style = {"win": "green", "loss": "red"}.get(result, "yellow")
        table.add_row(str(r.id), r.label, ", ".join(r.heroes), str(r.seed), str(r.decisions),
                      Text(result, style=style), r.created[:10])
    console.print(table, soft_wrap=False)
    return 0


def replay_game(game_id: int, check_only: bool, db: Path | None, console: Console,
                err: Console) -> int:
    """Re-run a stored game, checking every stored hash; print its narration unless
    `check_only`. Exit code 1 names the first decision that does not match."""
    with GameStore(db) as store:
        rec = store.get(game_id)
        path = store.path
    if rec is None:
        err.print(Text(f"error: no game {game_id} in {path}"))
        return 2

    def narrate(ply: int, option: Option | None, s: Any) -> None:
        if option is not None:
            console.print(Text(f"» decision {ply}: {option.label}", style="dim"))
        for e in s.take_events():
            console.print(Text(e.text, style="bold" if e.kind in ("turn", "game_over") else ""))

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
    console.print(Text(f"Game {game_id} verified: {rec.decisions} decisions and the start, "
                       f"every state hash matches ({outcome}).", style="green"))
    return 0
