"""Reading position documents (YAML or JSON files, or mappings) and checking their fields.

Every problem raises `PositionError` with one line per problem, each naming the field and
what was expected: "position: heroes[0].hand: …". A file that cannot be read or parsed is
named: "FILE: not UTF-8 text …".
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import yaml
from pydantic import ValidationError

from multiverse.engine.errors import ContentError, PositionError

MAX_SEED = 2**63 - 1  # a seed is stored as SQLite's signed 64-bit INTEGER
SHOWN = 60  # characters of a wrong value quoted in a message
# Pydantic names the union member tried (`int`, `literal['x']`, `function-after[...]`) in an
# error's location; those are not places in the document.
UNION_TAG = re.compile(r"^(int|str|float|bool|none|(literal|function-\w+|list|dict|tuple)\[.*\])$")


def yaml_problem(exc: yaml.YAMLError) -> str:
    """`line L, column C: not valid YAML: what` (1-based, as editors count), one line."""
    mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
    where = f"line {mark.line + 1}, column {mark.column + 1}: " if mark is not None else ""
    what = getattr(exc, "problem", None) or (str(exc).splitlines() or ["?"])[0]
    context, cmark = getattr(exc, "context", None), getattr(exc, "context_mark", None)
    if context and cmark is not None and cmark is not mark:
        what += f" ({context} started at line {cmark.line + 1}, column {cmark.column + 1})"
    elif context:
        what += f" ({context})"
    return f"{where}not valid YAML: {' '.join(str(what).split())}"


def bad_byte(data: bytes, at: int) -> str:
    """`byte 0xe9 at line 2, column 30` (1-based, counting bytes in the line)."""
    line = data.count(b"\n", 0, at) + 1
    column = at - (data.rfind(b"\n", 0, at) + 1) + 1
    return f"byte 0x{data[at]:02x} at line {line}, column {column}"


def read_position(source: str | Path | dict[str, Any]) -> tuple[dict[str, Any], Path | None]:
    """The position's mapping and the folder of its file (None for a mapping)."""
    if isinstance(source, dict):
        return source, None
    if not isinstance(source, str | Path):
        raise PositionError(f"position: expected a file path or a mapping, got {shown(source)}")
    p = Path(source)
    try:
        data = p.read_bytes()
    except OSError as exc:
        raise PositionError(f"{p}: cannot read position file: {exc.strerror or exc}") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise PositionError(f"{p}: not UTF-8 text ({bad_byte(data, exc.start)}); save the "
                            "position as UTF-8") from None
    try:
        doc = json.loads(text) if p.suffix == ".json" else yaml.safe_load(text)
    except json.JSONDecodeError as exc:
        raise PositionError(f"{p}: line {exc.lineno}, column {exc.colno}: not valid JSON: "
                            f"{exc.msg}") from None
    except yaml.YAMLError as exc:
        raise PositionError(f"{p}: {yaml_problem(exc)}") from None
    except RecursionError:
        raise PositionError(f"{p}: nested too deeply to be a position") from None
    if not isinstance(doc, dict):
        raise PositionError(f"{p}: a position is a mapping of fields, got {type(doc).__name__}")
    return doc, p.parent


def in_file(exc: PositionError, path: Path | None) -> PositionError:
    """The same problems, each line naming the file the position came from."""
    if path is None:
        return exc
    return PositionError("\n".join(f"{path}: {line}" for line in str(exc).splitlines()))


def shown(value: Any) -> str:
    """A wrong value as quoted in a message: its repr, on one line, cut short."""
    text = repr(value)
    return text if len(text) <= SHOWN else text[: SHOWN - 1] + "…"


def names(keys: Iterable[Any]) -> list[str]:
    """Keys of a mapping as sorted strings (YAML keys need not be strings)."""
    return sorted(str(k) for k in keys)


def field_error(where: str, msg: str) -> PositionError:
    return PositionError(f"position: {where}: {msg}")


def as_int(value: Any, where: str, low: int | None = None, high: int | None = None) -> int:
    """A whole number (not a bool, a float or a string), within `low`..`high` when given."""
    ok = isinstance(value, int) and not isinstance(value, bool)
    if ok and (low is None or value >= low) and (high is None or value <= high):
        return value
    if low is not None and high is not None:
        want = f"a whole number from {low} to {high}"
    elif low is not None:
        want = f"a whole number of at least {low}"
    elif high is not None:
        want = f"a whole number of at most {high}"
    else:
        want = "a whole number"
    raise field_error(where, f"expected {want}, got {shown(value)}")


def as_seed(value: Any, where: str = "seed") -> int:
    """A game seed: 0 to 2**63-1, as the command line's `--seed` and the store take it."""
    return as_int(value, where, 0, MAX_SEED)


def as_bool(value: Any, where: str) -> bool:
    if not isinstance(value, bool):
        raise field_error(where, f"expected true or false, got {shown(value)}")
    return value


def as_list(value: Any, where: str) -> list:
    if not isinstance(value, list):
        raise field_error(where, f"expected a list, got {shown(value)}")
    return value


def as_mapping(value: Any, where: str, keys: set[str] | None = None) -> dict[str, Any]:
    """A mapping, with keys among `keys` when given."""
    if not isinstance(value, dict):
        among = f" with keys among {sorted(keys)}" if keys else ""
        raise field_error(where, f"expected a mapping{among}, got {shown(value)}")
    if keys is not None:
        extra = set(value) - keys
        if extra:
            raise field_error(where, f"unknown field(s) {names(extra)}; known: {sorted(keys)}")
    return value


def place(loc: Iterable[Any]) -> str:
    """A pydantic error location as a path: `heroes[0].cards[2].name`."""
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def validation_lines(exc: ValidationError, where: Callable[[tuple], str]) -> list[str]:
    """One `position: PLACE: what (got VALUE)` line per problem of a pydantic error;
    `where(loc)` names the place of an error location in the position."""
    lines = []
    for err in exc.errors(include_url=False):
        loc = tuple(p for p in err["loc"] if not (isinstance(p, str) and UNION_TAG.match(p)))
        msg = " ".join(str(err["msg"]).removeprefix("Value error, ").split())
        if "[key]" in loc:  # a mapping's key is wrong: name the mapping and the key
            k = loc.index("[key]")
            loc, msg = loc[: k - 1], f"key {shown(loc[k - 1])}: {msg}"
        got = err.get("input")
        extra = "" if err["type"] == "missing" or not loc else f" (got {shown(got)})"
        line = f"position: {where(loc)}: {msg}{extra}"
        if line not in lines:
            lines.append(line)
    return lines


def content_lines(exc: ContentError, where: str) -> list[str]:
    """One `position: WHERE: problem` line per problem of a content error."""
    return [f"position: {where}: {' '.join(p.split())}" for p in exc.problems] or [
        f"position: {where}: {' '.join(str(exc).split())}"]


def problems(lines: list[str]) -> PositionError:
    """A `PositionError` of one or more problem lines."""
    return PositionError("\n".join(lines))


def hero_ids(heroes: Any, keys: set[str]) -> list[str]:
    """The hero ids of a position's `heroes` list: each an id, or a mapping with an `id`
    and only the `keys` a hero may state."""
    if not isinstance(heroes, list) or not heroes:
        raise field_error("heroes", f"expected a list of hero ids or mappings with an 'id', "
                                    f"got {shown(heroes)}")
    ids = []
    for i, h in enumerate(heroes):
        if isinstance(h, dict):
            as_mapping(h, f"heroes[{i}]", keys)
            if "id" not in h:
                raise field_error(f"heroes[{i}]", "a hero mapping needs an 'id'")
            h = h["id"]
        if not isinstance(h, str):
            raise field_error(f"heroes[{i}]" + (".id" if isinstance(heroes[i], dict) else ""),
                              f"expected a hero id, got {shown(h)}")
        ids.append(h)
    return ids

