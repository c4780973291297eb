"""The Sentinels game: new games, JSON, entry points."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from multiverse.engine.save import state_from_json, state_to_json
from multiverse.sentinels import damage, effects, turns, vocab  # noqa: F401
from multiverse.sentinels import setup as setup_mod
from multiverse.sentinels.config import SentinelsConfig
from multiverse.sentinels.content import load_sentinels_content
from multiverse.sentinels.state import SentinelsState
from multiverse.sentinels.tables import Tables, build_tables

FORMAT = "multiverse/sentinels-state/1"


@lru_cache(maxsize=32)
def tables_for(config_json: str) -> Tables:
    config = SentinelsConfig.model_validate_json(config_json)
    return build_tables(config, load_sentinels_content(config.content))


def tables(config: SentinelsConfig) -> Tables:
    return tables_for(config.model_dump_json())


def new_game(config: SentinelsConfig | None = None, seed: int = 0, log: bool = False) -> SentinelsState:
    """A new game at its first decision. `log=True` records events with narration."""
    config = config or SentinelsConfig()
    s = setup_mod.setup(tables(config), seed)
    if log:
        s.log = []
        t = s.T
        s.emit("setup", f"Sentinels: {', '.join(t.owner_names[:t.n_heroes])} against "
               f"{t.owner_names[t.villain]} in {t.owner_names[t.env]} (seed {seed})", seed=seed)
    s.advance()
    return s


def to_json(s: SentinelsState) -> str:
    """The whole state as JSON (mid-effect included): configuration plus data."""
    return state_to_json(s, FORMAT)


def from_json(text: str | dict[str, Any]) -> SentinelsState:
    """Load a state saved by `to_json`; a malformed one raises `SaveError`."""
    return state_from_json(text, FORMAT, SentinelsConfig, tables, SentinelsState)  # type: ignore[return-value]


def any_to_json(s: SentinelsState) -> str:
    """`to_json` for either mode played on this engine (base game or OblivAeon)."""
    if s.T.config.mode == "oblivaeon":
        from multiverse.sentinels.oblivaeon.game import to_json as ob_to_json

        return ob_to_json(s)
    return to_json(s)
