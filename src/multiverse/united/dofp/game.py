"""The Days of Future Past game: new games, JSON, and the public entry points."""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from pydantic import ValidationError

from multiverse.content.loader import load_content
from multiverse.engine.errors import ContentError, SaveError
from multiverse.united import (  # noqa: F401  (registers the rule steps)
    board,
    damage,
    effects,
    hero_turn,
    villain_turn,
)
from multiverse.united.config import UnitedConfig
from multiverse.united.dofp import challenge, nimrod, protocol, turn  # noqa: F401
from multiverse.united.dofp.setup import setup
from multiverse.united.state import UnitedState
from multiverse.united.tables import Tables, build_tables

FORMAT = "multiverse/united-state/1"


@lru_cache(maxsize=32)
def tables_for(config_json: str) -> Tables:
    config = UnitedConfig.model_validate_json(config_json)
    return build_tables(config, load_content(config.content))


def tables(config: UnitedConfig) -> Tables:
    return tables_for(config.model_dump_json())


def new_game(config: UnitedConfig | None = None, seed: int = 0, log: bool = False) -> UnitedState:
    """A new game at its first decision. `log=True` records events with narration."""
    config = config or UnitedConfig()
    s = setup(tables(config), seed)
    if log:
        s.log = []
        if s.log is not None:
            s.emit("setup", f"Days of Future Past: {', '.join(s.T.hero_names)} against the "
                   f"Sentinels (seed {seed})", seed=seed)
    s.advance()
    return s


def to_json(s: UnitedState) -> str:
    """The whole state as JSON (mid-effect included): configuration plus data."""
    return json.dumps({"format": FORMAT, "config": s.T.config.model_dump(mode="json"),
                       "state": s.data_dict()}, separators=(",", ":"))


def from_json(text: str | dict[str, Any]) -> UnitedState:
    """Load a state saved by `to_json`; a malformed one raises `SaveError`."""
    try:
        doc = json.loads(text) if isinstance(text, str) else text
    except json.JSONDecodeError as exc:
        raise SaveError(f"state JSON is not valid JSON: {exc}") from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise SaveError(f"state JSON: expected an object with format {FORMAT!r}")
    try:
        config = UnitedConfig.model_validate(doc.get("config", {}))
    except ValidationError as exc:
        raise SaveError(f"state JSON: bad config: {exc}") from None
    s = object.__new__(UnitedState)
    try:
        s.T = tables(config)
    except ContentError as exc:
        raise SaveError(f"state JSON: the config does not fit the content: {exc}") from None
    data = doc.get("state")
    if not isinstance(data, dict):
        raise SaveError("state JSON: expected 'state' to be an object of fields")
    s.load_data(data)
    try:
        s.advance()
    except (LookupError, TypeError, ValueError, AttributeError) as exc:
        raise SaveError(f"state JSON: the data does not fit its stack: {exc!r}") from None
    return s


UnitedState.to_json = to_json  # type: ignore[attr-defined]
UnitedState.from_json = staticmethod(from_json)  # type: ignore[attr-defined]
