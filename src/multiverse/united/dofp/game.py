"""The Days of Future Past game: new games, JSON, and the public entry points."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from multiverse.content.loader import load_content
from multiverse.content.schema import with_cards
from multiverse.engine.save import state_from_json, state_to_json
from multiverse.united import (  # noqa: F401  (registers the rule steps)
    board,
    damage,
    effects,
    hero_turn,
    villain_turn,
    vocab,
)
from multiverse.united.config import UnitedConfig
from multiverse.united.dofp import challenge, nimrod, protocol, turn  # noqa: F401
from multiverse.united.dofp.setup import setup
from multiverse.united.state import UnitedState
from multiverse.united.tables import Tables, build_tables

FORMAT = "multiverse/united-state/1"


@lru_cache(maxsize=32)
def tables_for(config_json: str) -> Tables:
    """The tables of a configuration: its pack plus its extra cards (a position's `cards`)."""
    config = UnitedConfig.model_validate_json(config_json)
    return build_tables(config, with_cards(load_content(config.content), config.cards))


def tables(config: UnitedConfig) -> Tables:
    return tables_for(config.model_dump_json())


def new_game(config: UnitedConfig | None = None, seed: int = 0, log: bool = False) -> UnitedState:
    """A new game at its first decision. `log=True` records events with narration."""
    config = config or UnitedConfig()
    s = setup(tables(config), seed)
    if log:
        s.log = []
        t = s.T
        if t.mode == "standard":
            hunt = f", hunted by {t.sentinel_names[t.challenge]}" if t.challenge >= 0 else ""
            s.emit("setup", f"Marvel United: {', '.join(t.hero_names)} against "
                   f"{t.villain_name}{hunt} (seed {seed})", seed=seed)
        else:
            s.emit("setup", f"Days of Future Past: {', '.join(t.hero_names)} against the "
                   f"Sentinels (seed {seed})", seed=seed)
    s.advance()
    return s


def to_json(s: UnitedState) -> str:
    """The whole state as JSON (mid-effect included): configuration plus data."""
    return state_to_json(s, FORMAT)


def from_json(text: str | dict[str, Any]) -> UnitedState:
    """Load a state saved by `to_json`; a malformed one raises `SaveError`."""
    return state_from_json(text, FORMAT, UnitedConfig, tables, UnitedState)  # type: ignore[return-value]


