"""Fixed-size float vectors from a seat's view, for the RL adapters.

An encoder is built once per game configuration from the static, public tables (content and
configuration: card ids, Locations, deck sizes) and then turns `seat_view(state, seat)` — a
JSON-ready dictionary of what one seat may see — into a `float32` vector. It never reads the
state itself, so whatever the view hides stays hidden.

Every feature lies in [0, 1]: flags and one-hots are 0/1, counts are divided by a documented
scale and clipped to 1. `encoder.layout` lists the named segments (`Segment(name, start,
size, doc)`); `encoder.segments(vec)` splits a vector back into them. docs/interop.md
describes the layout of each mode.

The last segment, `options`, has one row of features per action index (the pending
decision's options in order); rows are filled only for the deciding seat, because an
option may name a card in that seat's hand. A *compact* encoder (`compact=True`, for the
fixed action catalogue of `multiverse.interop.catalogue`, whose mask says what is legal)
has every segment but `options`: the public state and the seat's own hand. It is the mode's
encoder built with `max_options=0` (`make_encoder(..., compact=True)`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

import numpy as np

from multiverse import modes as registry
from multiverse.engine.state import GameState
from multiverse.interop.games import decision_kinds


class Segment(NamedTuple):
    name: str
    start: int
    size: int
    doc: str


def _clip(x: float) -> float:
    return 0.0 if x <= 0 else 1.0 if x >= 1 else float(x)


def _tag(option_id: str) -> str:
    """The verb of an option id: `card:12` → card, `attack:thug/token` → attack."""
    return option_id.split("/", 1)[0].split(":", 1)[0]


@dataclass
class _Builder:
    layout: list[Segment]
    size: int = 0

    def add(self, name: str, size: int, doc: str) -> int:
        self.layout.append(Segment(name, self.size, size, doc))
        self.size += size
        return self.size - size


class Encoder:
    """Base: the layout, the common header and the option rows."""

    mode: str
    layout: list[Segment]
    size: int
    option_features: tuple[str, ...]

    def __init__(self, n_seats: int, max_options: int) -> None:
        self.n_seats = n_seats
        self.max_options = max_options
        self.compact = compact = max_options == 0  # no option rows (`make_encoder`)
        self.kinds = self._decision_kinds()
        self._kind_index = {k: i for i, k in enumerate(self.kinds)}
        self.layout = []
        b = _Builder(self.layout)
        self._seat = b.add("seat", n_seats, "one-hot: the seat this observation belongs to")
        self._dseat = b.add("decision_seat", n_seats, "one-hot: the seat that decides now (all 0 when over)")
        self._kind = b.add("decision_kind", len(self.kinds),
                           f"one-hot over the decision kinds: {', '.join(self.kinds)}")
        self._mine = b.add("to_act", 1, "1 when this seat decides now")
        self._build(b)
        self.n_option_features = len(self.option_features)
        self._options = b.size
        if not compact:
            b.add("options", max_options * self.n_option_features,
                  f"{max_options} rows (one per action index) of {self.n_option_features} "
                  f"option features: {', '.join(self.option_features)}; only for the "
                  "deciding seat, zeros elsewhere")
        self.size = b.size

    # ----- to override -------------------------------------------------------------
    def _decision_kinds(self) -> tuple[str, ...]:
        """The kinds of the one-hot: every kind the mode's rules register."""
        return decision_kinds(self.mode)

    def _build(self, b: _Builder) -> None:
        raise NotImplementedError

    def _body(self, v: dict[str, Any], out: np.ndarray) -> None:
        raise NotImplementedError

    def _option(self, option: dict[str, Any], row: np.ndarray) -> None:
        raise NotImplementedError

    # ----- public --------------------------------------------------------------------
    def encode(self, v: dict[str, Any]) -> np.ndarray:
        """The vector of one seat's view (`seat_view(state, seat)`)."""
        out = np.zeros(self.size, dtype=np.float32)
        seat = v["seat"]
        out[self._seat + seat] = 1
        d = v.get("decision")
        if d is not None:
            out[self._dseat + d["seat"]] = 1
            k = self._kind_index.get(d["kind"])
            if k is not None:
                out[self._kind + k] = 1
            if d["seat"] == seat:
                out[self._mine] = 1
                f = self.n_option_features
                for i, opt in enumerate(d.get("options", ())[: self.max_options]):
                    row = out[self._options + i * f: self._options + (i + 1) * f]
                    row[0] = 1
                    self._option(opt, row)
        self._body(v, out)
        return out

    def segments(self, vec: np.ndarray) -> dict[str, np.ndarray]:
        """Split a vector into its named segments (the options as a K x F matrix)."""
        out = {s.name: vec[s.start: s.start + s.size] for s in self.layout}
        if "options" in out:
            out["options"] = out["options"].reshape(self.max_options, self.n_option_features)
        return out

    def describe(self) -> str:
        """The layout as a Markdown table (offset, size, name, meaning)."""
        rows = ["| offset | size | segment | meaning |", "|---:|---:|---|---|"]
        rows += [f"| {s.start} | {s.size} | `{s.name}` | {s.doc} |" for s in self.layout]
        return "\n".join(rows)


def _onehot(out: np.ndarray, start: int, index: int | None, size: int) -> None:
    if index is not None and 0 <= index < size:
        out[start + index] = 1


def make_encoder(state_or_tables: GameState | Any, n_seats: int, max_options: int,
                 compact: bool = False) -> Encoder:
    """The encoder of a game's mode (`Mode.encoder`), for its static tables or a state;
    `compact=True`: without the `options` segment (`Encoder.compact`)."""
    t = state_or_tables.T if isinstance(state_or_tables, GameState) else state_or_tables
    return registry.of_config(t.config).encoder(t, n_seats, 0 if compact else max_options)


OBSERVATIONS = ("options", "compact")


# ===================================================================================
# Shaping potential (public information only)
# ===================================================================================
def potential(v: dict[str, Any]) -> float:
    """A progress score in about [-1, 1] from the public part of a view (`Mode.potential`),
    for optional potential-based reward shaping. Only public keys are read, so every seat
    computes the same value."""
    return registry.get(v["mode"]).potential(v)


__all__ = ["OBSERVATIONS", "Encoder", "Segment", "make_encoder", "potential"]
