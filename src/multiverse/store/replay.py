"""Rebuild a game from its start and its choices; verify it against stored state hashes.

The same content, configuration, seed and choices always give the same game, hash by hash
(DESIGN 4), so replay, undo and resume all come from here. Every mode is stored the same
way; the stored mode names, through the registry, the configuration and engine that
rebuild it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from multiverse import modes
from multiverse.engine.decision import Option
from multiverse.engine.errors import IllegalChoice
from multiverse.modes.base import Mode
from multiverse.store.games import GameRecord


@dataclass(frozen=True)
class GameStart:
    """How a game starts: a configuration and seed, or a position document."""

    config: Any
    seed: int
    position: dict[str, Any] | None = None

    @property
    def mode(self) -> Mode:
        return modes.of_config(self.config)

    def state(self, log: bool = True) -> Any:
        """The starting state (recording narration when `log`)."""
        mode = self.mode
        if self.position is None:
            return mode.new_game(self.config, self.seed, log=log)
        s = mode.load_position(self.position)
        s.log = [] if log else None
        return s

    @classmethod
    def of(cls, record: GameRecord) -> GameStart:
        mode = modes.get(record.mode)
        return cls(mode.config_from_json(record.config), record.seed, record.position)


def verify(record: GameRecord, log: bool = False,
           on_step: Callable[[int, Option | None, Any], None] | None = None,
           ) -> tuple[Any, str | None]:
    """Re-run a stored game checking every stored hash.

    `on_step(ply, option, state)` is called after the start (ply 0, option None) and after
    each decision (with `log`, the state holds that step's narration events). Returns the
    state reached and None, or the state at the first problem and a message naming the
    decision (0 is the start)."""
    s = GameStart.of(record).state(log=log)
    got = s.state_hash()
    if on_step:
        on_step(0, None, s)
    if got != record.start_hash:
        return s, f"decision 0 (the start): stored hash {record.start_hash}, replay gives {got}"
    for ply, (c, want) in enumerate(zip(record.choices, record.hashes, strict=True), 1):
        d = s.decision()
        option = d.get(c) if d else None
        try:
            s.apply(c)
        except IllegalChoice as exc:
            return s, f"decision {ply} (choice {c!r}): not legal on replay: {exc}"
        if on_step:
            on_step(ply, option, s)
        got = s.state_hash()
        if got != want:
            return s, f"decision {ply} (choice {c!r}): stored hash {want}, replay gives {got}"
    return s, None
