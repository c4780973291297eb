"""Load a content pack (a YAML/JSON file or a folder of them) into `UnitedContent`.

Errors name the file, the place inside it and what was expected.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path
from typing import Any, TypeVar

import yaml
from pydantic import BaseModel, ValidationError

from multiverse.content.schema import UnitedContent
from multiverse.engine.errors import ContentError
from multiverse.engine.positions import bad_byte, yaml_problem
from multiverse.engine.positions import shown as quoted

M = TypeVar("M", bound=BaseModel)

PACKS = Path(__file__).parent / "packs"
SUFFIXES = (".yaml", ".yml", ".json")


def default_pack_path() -> Path:
    return PACKS / "default"


def _read(path: Path) -> Any:
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise ContentError([f"{path}: cannot read the file: {exc.strerror or exc}"]) from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ContentError([f"{path}: not UTF-8 text ({bad_byte(data, exc.start)}); save the file "
                            "as UTF-8"]) from None
    try:
        if path.suffix == ".json":
            return json.loads(text)
        return yaml.safe_load(text)
    except json.JSONDecodeError as exc:
        where = f"line {exc.lineno}, column {exc.colno}"
        raise ContentError([f"{path}: {where}: not valid JSON: {exc.msg}"]) from None
    except yaml.YAMLError as exc:
        raise ContentError([f"{path}: {yaml_problem(exc)}"]) from None
    except RecursionError:
        raise ContentError([f"{path}: nested too deeply to be content"]) from None


def _files(path: Path) -> list[Path]:
    if path.is_dir():
        files = sorted(p for p in path.rglob("*") if p.suffix in SUFFIXES)
        if not files:
            raise ContentError([f"{path}: folder holds no .yaml, .yml or .json content file"])
        return files
    if not path.exists():
        raise ContentError([f"{path}: no such content file or folder"])
    return [path]


def merge_documents(path: Path) -> tuple[dict[str, Any], dict[tuple, tuple[Path, tuple]]]:
    """Merge every document of a pack. Lists under the same key concatenate; mappings under
    the same key merge key by key.

    Returns the merged mapping and, for every list element and mapping entry, the file and
    place it came from. Problems in several files are all reported in one `ContentError`.
    """
    merged: dict[str, Any] = {}
    origin: dict[tuple, tuple[Path, tuple]] = {}
    problems: list[str] = []
    for f in _files(path):
        try:
            doc = _read(f)
        except ContentError as exc:
            problems.extend(exc.problems)
            continue
        if doc is None:
            continue
        if not isinstance(doc, dict):
            problems.append(f"{f}: top level: expected a mapping of keys, got {type(doc).__name__}")
            continue
        for key, value in doc.items():
            if isinstance(value, list):
                have = merged.setdefault(key, [])
                if not isinstance(have, list):
                    problems.append(f"{f}: {key}: expected a mapping (as in other files)")
                    continue
                for i, item in enumerate(value):
                    origin[(key, len(have))] = (f, (key, i))
                    have.append(item)
                continue
            if isinstance(value, dict) and isinstance(merged.get(key), dict):
                merged[key].update(value)
            elif isinstance(merged.get(key), list):
                problems.append(f"{f}: {key}: expected a list (as in other files)")
                continue
            else:
                merged[key] = dict(value) if isinstance(value, dict) else value
                origin[(key,)] = (f, (key,))
            if isinstance(value, dict):
                for sub in value:
                    origin[(key, sub)] = (f, (key, sub))
    if problems:
        raise ContentError(problems)
    return merged, origin


def _place(loc: tuple) -> str:
    out = ""
    for part in loc:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "top level"


# Pydantic names the union member tried (`int`, `literal['x']`, `function-after[...]`) in an
# error's location; those are not places in the file.
_UNION_TAG = re.compile(r"^(int|str|float|bool|none|(literal|function-\w+|list|dict)\[.*\])$")


def _file_loc(loc: tuple) -> tuple:
    return tuple(p for p in loc if not (isinstance(p, str) and _UNION_TAG.match(p)))


def format_errors(exc: ValidationError, origin: dict, default: Path) -> list[str]:
    problems = []
    for err in exc.errors(include_url=False):
        loc = _file_loc(tuple(err["loc"]))
        f, place = default, _place(loc)
        for n in (2, 1):  # longest prefix whose origin is known: (key, index/sub-key), (key,)
            if len(loc) >= n and loc[:n] in origin:
                f, local = origin[loc[:n]]
                place = _place(tuple(local) + loc[n:])
                break
        msg = " ".join(str(err["msg"]).removeprefix("Value error, ").split())
        got = err.get("input")
        shown = "" if isinstance(got, dict | list) or err["type"] == "missing" else f" (got {quoted(got)})"
        head = f"{f}: {place}: "
        if loc != tuple(err["loc"]) and problems and problems[-1].startswith(head):
            # another member of the same union failed: one problem, its alternatives joined
            problems[-1] = problems[-1].removesuffix(shown) + f", or {msg}{shown}"
            continue
        line = f"{head}{msg}{shown}"
        if line not in problems:
            problems.append(line)
    return problems


def validate_model(model: type[M], path: str | Path) -> M:
    """Load a pack and validate it against `model`; raise `ContentError` listing every
    problem with its file and place."""
    path = Path(path)
    merged, origin = merge_documents(path)
    try:
        return model.model_validate(merged)
    except ValidationError as exc:
        raise ContentError(format_errors(exc, origin, path)) from None


def validate_path(path: str | Path) -> UnitedContent:
    """Load and validate a Marvel United pack."""
    return validate_model(UnitedContent, path)


@lru_cache(maxsize=32)
def _cached(model: type[BaseModel], path: str, mtime: float) -> BaseModel:
    return validate_model(model, path)


def load_pack(model: type[M], path: Path) -> M:
    """Load a pack, cached while its files are unchanged."""
    mtime = max((f.stat().st_mtime for f in _files(path)), default=0.0)
    return _cached(model, str(path.resolve()), mtime)  # type: ignore[return-value]


def load_content(path: str | Path | None = None) -> UnitedContent:
    """Load a Marvel United pack (the default pack when `path` is None)."""
    return load_pack(UnitedContent, Path(path) if path else default_pack_path())
