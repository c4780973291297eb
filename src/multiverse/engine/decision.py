"""The one decision protocol: who decides, a prompt, and options with stable ids (DESIGN 3)."""

from __future__ import annotations

from typing import Any, NamedTuple


class Option(NamedTuple):
    """One legal choice: a stable id, a human label and structured data."""

    id: str
    label: str
    data: dict[str, Any] | None = None


class Decision(NamedTuple):
    """The pending decision of a game."""

    seat: int
    kind: str
    prompt: str
    options: tuple[Option, ...]

    def ids(self) -> list[str]:
        return [o.id for o in self.options]

    def get(self, option_id: str) -> Option | None:
        for o in self.options:
            if o.id == option_id:
                return o
        return None

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "kind": self.kind,
            "prompt": self.prompt,
            "options": [{"id": o.id, "label": o.label, "data": o.data or {}} for o in self.options],
        }
