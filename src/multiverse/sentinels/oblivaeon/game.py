"""The OblivAeon game: new games, JSON, entry points."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from multiverse.engine.save import state_from_json, state_to_json
from multiverse.sentinels import damage, effects, turns  # noqa: F401
from multiverse.sentinels.content import load_sentinels_content
from multiverse.sentinels.oblivaeon import turns as ob_turns  # noqa: F401
from multiverse.sentinels.oblivaeon import world  # noqa: F401
from multiverse.sentinels.oblivaeon.config import OblivaeonConfig
from multiverse.sentinels.oblivaeon.setup import setup
from multiverse.sentinels.oblivaeon.tables import build_oblivaeon_tables
from multiverse.sentinels.setup import deal_hands  # noqa: F401  (registers the step)
from multiverse.sentinels.state import SentinelsState
from multiverse.sentinels.tables import Tables

FORMAT = "multiverse/oblivaeon-state/1"


@lru_cache(maxsize=32)
def tables_for(config_json: str) -> Tables:
    config = OblivaeonConfig.model_validate_json(config_json)
    return build_oblivaeon_tables(config, load_sentinels_content(config.content))


def tables(config: OblivaeonConfig) -> Tables:
    return tables_for(config.model_dump_json())


def new_game(config: OblivaeonConfig | None = None, seed: int = 0, log: bool = False) -> SentinelsState:
    """A new OblivAeon game at its first decision. `log=True` records narration."""
    config = config or OblivaeonConfig()
    s = setup(tables(config), seed)
    if log:
        s.log = []
        t = s.T
        envs = [t.owner_names[o] for o in t.envs if s.azone[o] in (0, 1)]
        s.emit("setup", f"OblivAeon: {', '.join(s.oname(p) for p in range(t.n_heroes))} in the "
               f"First Battle Zone; {envs[0]} and {envs[1]} (seed {seed})", seed=seed)
    s.advance()
    return s


def to_json(s: SentinelsState) -> str:
    return state_to_json(s, FORMAT)


def from_json(text: str | dict[str, Any]) -> SentinelsState:
    """Load a state saved by `to_json`; a malformed one raises `SaveError`."""
    return state_from_json(text, FORMAT, OblivaeonConfig, tables, SentinelsState)  # type: ignore[return-value]
