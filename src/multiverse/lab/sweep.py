"""Sweeps: a grid over numeric configuration fields of a mode (`sentinel_health=3..7` in
Days of Future Past, `hand_size=2..6` in Sentinels)."""

from __future__ import annotations

import itertools
import types
import typing
from typing import Any

from multiverse import modes


class SweepError(ValueError):
    """A `--param` that names no numeric configuration field, or a malformed range."""


def numeric_fields(mode: str = "dofp") -> dict[str, type]:
    """The configuration fields of `mode` a sweep can vary: ints and floats (optional ones
    too)."""
    out: dict[str, type] = {}
    for name, f in modes.get(mode).config_model.model_fields.items():
        ann = f.annotation
        args = typing.get_args(ann) if isinstance(ann, types.UnionType) or typing.get_origin(ann) else ()
        kinds = [a for a in (args or (ann,)) if a is not type(None)]
        if len(kinds) == 1 and kinds[0] in (int, float) and kinds[0] is not bool:
            out[name] = kinds[0]
    return out


def _number(text: str, kind: type) -> int | float:
    try:
        return kind(text)
    except ValueError:
        raise SweepError(f"{text!r} is not a{'n integer' if kind is int else ' number'}") from None


def parse_param(text: str, mode: str = "dofp") -> tuple[str, list[int | float]]:
    """`name=3..7` (inclusive), `name=3..9:2` (a step), or `name=3,5,8`: a numeric
    configuration field of `mode` and its values."""
    if "=" not in text:
        raise SweepError(f"--param {text!r}: expected NAME=LOW..HIGH[:STEP] or NAME=V1,V2,…")
    name, spec = (x.strip() for x in text.split("=", 1))
    fields = numeric_fields(mode)
    if name not in fields:
        raise SweepError(f"--param {name!r} is not a numeric configuration field of {mode}; "
                         f"numeric fields: {', '.join(sorted(fields))}")
    kind = fields[name]
    if ".." in spec:
        rng, _, step_text = spec.partition(":")
        lo_text, hi_text = rng.split("..", 1)
        lo, hi = _number(lo_text, kind), _number(hi_text, kind)
        step = _number(step_text, kind) if step_text else 1
        if step <= 0 or hi < lo:
            raise SweepError(f"--param {text!r}: need LOW <= HIGH and a positive step")
        values: list[int | float] = []
        k = 0
        while lo + k * step <= hi + 1e-9:
            v = lo + k * step
            values.append(round(v, 10) if kind is float else v)
            k += 1
    else:
        values = [_number(v.strip(), kind) for v in spec.split(",") if v.strip()]
    if not values:
        raise SweepError(f"--param {text!r}: no values")
    return name, values


def grid(params: list[str], mode: str = "dofp") -> tuple[list[str], list[dict[str, Any]]]:
    """The names swept and every point of the grid (the first name varies slowest)."""
    parsed = [parse_param(p, mode) for p in params]
    names = [n for n, _ in parsed]
    if len(set(names)) != len(names):
        raise SweepError(f"a field is swept twice: {names}")
    points = [dict(zip(names, combo, strict=True))
              for combo in itertools.product(*(v for _, v in parsed))]
    return names, points
