"""Rebuild a game from its start and its choices; verify it against stored state hashes.

The same content, configuration, seed and choices always give the same game, hash by hash
(DESIGN 4), so replay, undo and resume all come from here. Both games are stored the same
way: Marvel United (`dofp`, `standard`) and Sentinels of the Multiverse (`sentinels`); the
stored mode says which configuration and engine rebuild it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from multiverse.engine.decision import Option
from multiverse.engine.errors import IllegalChoice
from multiverse.engine.state import GameState
from multiverse.sentinels.config import SentinelsConfig
from multiverse.store.games import GameRecord
from multiverse.united.config import UnitedConfig

SENTINELS = "sentinels"
GameConfig = UnitedConfig | SentinelsConfig


def is_sentinels(config: Any) -> bool:
    """A Sentinels of the Multiverse game (its configuration or stored mode)?"""
    mode = config if isinstance(config, str) else getattr(config, "mode", None)
    return mode == SENTINELS


def config_of(mode: str, data: dict[str, Any]) -> GameConfig:
    """The configuration stored with a game of `mode`."""
    if is_sentinels(mode):
        return SentinelsConfig.model_validate(data)
    return UnitedConfig.model_validate(data)


@dataclass(frozen=True)
class GameStart:
    """How a game starts: a configuration and seed, or a position document."""

    config: GameConfig
    seed: int
    position: dict[str, Any] | None = None

    @property
    def sentinels(self) -> bool:
        return is_sentinels(self.config)

    def state(self, log: bool = True) -> Any:
        """The starting state (recording narration when `log`)."""
        if self.sentinels:
            return self._sentinels_state(log)
        if self.position is None:
            from multiverse.united.dofp.game import new_game

            return new_game(self.config, self.seed, log=log)  # type: ignore[arg-type]
        from multiverse.united.position import load_position

        s = load_position(self.position)
        s.log = [] if log else None
        return s

    def _sentinels_state(self, log: bool) -> GameState:
        if self.position is None:
            from multiverse.sentinels.game import new_game

            return new_game(self.config, self.seed, log=log)  # type: ignore[arg-type]
        load = sentinels_position_loader()
        s = load(self.position)
        s.log = [] if log else None
        return s

    @classmethod
    def of(cls, record: GameRecord) -> GameStart:
        return cls(config_of(record.mode, record.config), record.seed, record.position)


def sentinels_position_loader() -> Callable[[Any], GameState]:
    """`multiverse.sentinels.position.load_sentinels_position`; a `PositionError` says so
    when this installation does not have it."""
    try:
        from multiverse.sentinels.position import load_sentinels_position
    except ImportError as exc:
        from multiverse.engine.errors import PositionError

        raise PositionError(
            f"Sentinels positions are not available in this installation ({exc})") from None
    return load_sentinels_position


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
