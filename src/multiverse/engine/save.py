"""Saving and loading any mode's state as JSON: configuration plus data (DESIGN 2).

A malformed document raises `SaveError` naming what is wrong; nothing half-loaded escapes.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from pydantic import BaseModel, ValidationError

from multiverse.engine.errors import ContentError, SaveError
from multiverse.engine.state import GameState


def state_to_json(s: GameState, fmt: str) -> str:
    return json.dumps({"format": fmt, "config": s.T.config.model_dump(mode="json"),  # type: ignore[attr-defined]
                       "state": s.data_dict()}, separators=(",", ":"))


def state_from_json(text: str | dict[str, Any], fmt: str, config_cls: type[BaseModel],
                    tables: Callable[[Any], Any], state_cls: type[GameState]) -> GameState:
    """Rebuild a state saved by `state_to_json` and bring back its pending decision."""
    try:
        doc = json.loads(text) if isinstance(text, str) else text
    except json.JSONDecodeError as exc:
        raise SaveError(f"state JSON is not valid JSON: {exc}") from None
    if not isinstance(doc, dict) or doc.get("format") != fmt:
        raise SaveError(f"state JSON: expected an object with format {fmt!r}")
    try:
        config = config_cls.model_validate(doc.get("config", {}))
    except ValidationError as exc:
        raise SaveError(f"state JSON: bad config: {exc}") from None
    s = state_cls.__new__(state_cls)
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
