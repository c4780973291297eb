"""Card steps as plain records: the engine reads a step's fields in its hottest loops, and a
pydantic model's attribute hook keeps the interpreter from specializing those reads."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel


class Record:
    """A content model's fields as plain attributes (nested models become records too);
    read-only by convention, like the model it copies."""

    def __init__(self, model: BaseModel) -> None:
        fields = self.__dict__
        for name in type(model).model_fields:
            fields[name] = plain(getattr(model, name))
        fields["model"] = type(model).__name__

    def __repr__(self) -> str:
        body = ", ".join(f"{k}={v!r}" for k, v in self.__dict__.items() if k != "model")
        return f"{self.model}({body})"

    def __eq__(self, other: object) -> bool:
        return type(other) is Record and self.__dict__ == other.__dict__

    __hash__ = None  # type: ignore[assignment]


    def copy(self) -> Record:
        """A record of its own with the same fields (nested records are shared: read-only)."""
        new = object.__new__(Record)
        new.__dict__.update(self.__dict__)
        return new


# each content model made a record once: building the tables of many games of one pack
# (the lab, the random playouts) copies the record instead of reading the model again
_MADE: dict[int, tuple[BaseModel, Record]] = {}


def plain(value: Any) -> Any:
    """`value` with every pydantic model in it (also in lists and tuples) made a `Record`
    (a fresh copy of the top record each time: a table may adjust its own steps)."""
    if isinstance(value, BaseModel):
        made = _MADE.get(id(value))
        if made is None or made[0] is not value:
            made = _MADE[id(value)] = (value, Record(value))
        return made[1].copy()
    if type(value) is list:
        return [plain(v) for v in value]
    if type(value) is tuple:
        return tuple(plain(v) for v in value)
    return value
