"""The Sentinels game: new games, JSON, entry points."""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from pydantic import ValidationError

from multiverse.engine.errors import ContentError, SaveError
from multiverse.sentinels import damage, effects, turns  # noqa: F401
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
    return json.dumps({"format": FORMAT, "config": s.T.config.model_dump(mode="json"),
                       "state": s.data_dict()}, separators=(",", ":"))


def from_json(text: str | dict[str, Any]) -> SentinelsState:
    """Load a state saved by `to_json`; a malformed one raises `SaveError`."""
    try:
        doc = json.loads(text) if isinstance(text, str) else text
    except json.JSONDecodeError as exc:
        raise SaveError(f"state JSON is not valid JSON: {exc}") from None
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise SaveError(f"state JSON: expected an object with format {FORMAT!r}")
    try:
        config = SentinelsConfig.model_validate(doc.get("config", {}))
        t = tables(config)
    except (ValidationError, ContentError) as exc:
        raise SaveError(f"state JSON: bad config: {exc}") from None
    data = doc.get("state")
    if not isinstance(data, dict):
        raise SaveError("state JSON: expected 'state' to be an object of fields")
    s = object.__new__(SentinelsState)
    s.T = t
    s.load_data(data)
    try:
        s.advance()
    except (LookupError, TypeError, ValueError, AttributeError) as exc:
        raise SaveError(f"state JSON: the data does not fit its stack: {exc!r}") from None
    return s


SentinelsState.to_json = to_json  # type: ignore[attr-defined]
SentinelsState.from_json = staticmethod(from_json)  # type: ignore[attr-defined]
