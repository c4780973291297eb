"""Reading position documents (YAML or JSON files, or mappings) and checking their fields.

Every problem raises `PositionError` naming the field: "position: heroes[0].hand: …".
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import yaml

from multiverse.engine.errors import PositionError


def read_position(source: str | Path | dict[str, Any]) -> tuple[dict[str, Any], Path | None]:
    """The position's mapping and the folder of its file (None for a mapping)."""
    if isinstance(source, dict):
        return source, None
    p = Path(source)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as exc:
        raise PositionError(f"{p}: cannot read position file: {exc}") from None
    try:
        doc = json.loads(text) if p.suffix == ".json" else yaml.safe_load(text)
    except (yaml.YAMLError, json.JSONDecodeError) as exc:
        raise PositionError(f"{p}: not valid {'JSON' if p.suffix == '.json' else 'YAML'}: {exc}") from None
    if not isinstance(doc, dict):
        raise PositionError(f"{p}: a position is a mapping of fields")
    return doc, p.parent


def field_error(where: str, msg: str) -> PositionError:
    return PositionError(f"position: {where}: {msg}")


def as_int(value: Any, where: str) -> int:
    if isinstance(value, bool):
        raise field_error(where, f"expected a whole number, got {value!r}")
    try:
        return int(value)
    except (TypeError, ValueError):
        raise field_error(where, f"expected a whole number, got {value!r}") from None


def as_list(value: Any, where: str) -> list:
    if not isinstance(value, list):
        raise field_error(where, f"expected a list, got {value!r}")
    return value
