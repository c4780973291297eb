"""Card steps as plain records: the engine reads a step's fields in its hottest loops, and a
pydantic model's attribute hook keeps the interpreter from specializing those reads. Each
content model class has its record class, whose fields are slots (a read is a slot's
descriptor, no instance dict to look the name up in)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel


class Record:
    """A content model's fields as plain attributes (nested models become records too);
    read-only by convention, like the model it copies. `Record(model)` makes the record of
    that model's class (`model`: its class's name)."""

    __slots__ = ()
    model = ""

    def __new__(cls, model: BaseModel) -> Record:
        rec = object.__new__(_record_class(type(model)))
        for name in type(model).model_fields:
            setattr(rec, name, plain(getattr(model, name)))
        return rec

    def __repr__(self) -> str:
        body = ", ".join(f"{k}={getattr(self, k)!r}" for k in self.__slots__)
        return f"{self.model}({body})"

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and all(
            getattr(self, k) == getattr(other, k) for k in self.__slots__)

    __hash__ = None  # type: ignore[assignment]

    def copy(self) -> Record:
        """A record of its own with the same fields (nested records are shared: read-only)."""
        new = object.__new__(type(self))
        for k in self.__slots__:
            setattr(new, k, getattr(self, k))
        return new


_CLASSES: dict[type, type[Record]] = {}  # content model class → its record class


def _record_class(model: type[BaseModel]) -> type[Record]:
    """The record class of a content model class: one slot per field, made once."""
    cls = _CLASSES.get(model)
    if cls is None:
        cls = _CLASSES[model] = type(f"{model.__name__}Record", (Record,), {
            "__slots__": tuple(model.model_fields), "model": model.__name__,
            "__module__": __name__})
    return cls


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
