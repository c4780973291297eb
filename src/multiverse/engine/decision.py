"""The one decision protocol: who decides, a prompt, and options with stable ids (DESIGN 3).

Labels and prompts may be given lazily as a tuple `(function, *args)`: they are formatted
only when someone reads them, which keeps random playouts and search fast. The arguments
must be values that do not change with the game (names, numbers), never the state itself.
"""

from __future__ import annotations

from typing import Any

Text = str | tuple


def _text(t: Text) -> str:
    return t if type(t) is str else t[0](*t[1:])


class Option:
    """One legal choice: a stable id, a human label and structured data."""

    __slots__ = ("_label", "data", "id")

    def __init__(self, id: str, label: Text, data: dict[str, Any] | None = None) -> None:
        self.id = id
        self._label = label
        self.data = data

    @property
    def label(self) -> str:
        lab = self._label
        if type(lab) is not str:
            lab = self._label = _text(lab)
        return lab

    def __repr__(self) -> str:
        return f"Option({self.id!r}, {self.label!r}, {self.data!r})"

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Option) and self.id == other.id and self.data == other.data
                and self.label == other.label)

    __hash__ = None  # type: ignore[assignment]


class Decision:
    """The pending decision of a game."""

    __slots__ = ("_prompt", "kind", "options", "seat")

    def __init__(self, seat: int, kind: str, prompt: Text, options: tuple[Option, ...]) -> None:
        self.seat = seat
        self.kind = kind
        self._prompt = prompt
        self.options = options

    @property
    def prompt(self) -> str:
        p = self._prompt
        if type(p) is not str:
            p = self._prompt = _text(p)
        return p

    def ids(self) -> list[str]:
        return [o.id for o in self.options]

    def get(self, option_id: str) -> Option | None:
        for o in self.options:
            if o.id == option_id:
                return o
        return None

    def __eq__(self, other: object) -> bool:
        """Value equality (as when Decision was a NamedTuple): a loaded or cloned state's
        decision equals the original's."""
        return (isinstance(other, Decision) and self.seat == other.seat
                and self.kind == other.kind and self.options == other.options
                and self.prompt == other.prompt)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Decision(seat={self.seat}, kind={self.kind!r}, prompt={self.prompt!r}, options={list(self.options)!r})"

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "kind": self.kind,
            "prompt": self.prompt,
            "options": [{"id": o.id, "label": o.label, "data": o.data or {}} for o in self.options],
        }
