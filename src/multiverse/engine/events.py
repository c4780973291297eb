"""Structured events with a one-line narration (DESIGN property 7)."""

from __future__ import annotations

from typing import Any, NamedTuple


class Event(NamedTuple):
    kind: str
    text: str
    data: dict[str, Any]

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "text": self.text, **self.data}
