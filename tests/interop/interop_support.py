"""Shared helpers of the interop tests: configurations, random playouts, hidden-hand edits."""

from __future__ import annotations

import json
from collections.abc import Iterator

from multiverse.engine.rng import SplitMix64
from multiverse.engine.state import GameState
from multiverse.interop import games

# (mode, config fields): every mode, solo, a Challenge, the largest Sentinels table
CASES = [
    ("dofp", None),
    ("dofp", {"solo": True}),
    ("dofp", {"heroes": ["logan", "kitty-pryde", "storm", "bishop"]}),
    ("standard", {"challenge": "sentinel-iii"}),
    ("sentinels", None),
    ("sentinels", {"heroes": ["luminary", "the-harpy", "akash-thriya", "la-comodora", "lifeline"]}),
    ("oblivaeon", None),
]
CASE_IDS = ["dofp", "dofp-solo", "dofp-4", "standard-iii", "sentinels", "sentinels-5", "oblivaeon"]
# modes with more than one seat (hidden information between seats)
MULTI = [c for c in CASES if not (c[1] or {}).get("solo")]
MULTI_IDS = [i for i, c in zip(CASE_IDS, CASES, strict=True) if not (c[1] or {}).get("solo")]


def hero_seat(state: GameState, owner: int) -> int:
    return state.seat(owner)  # type: ignore[attr-defined]


def n_hand_owners(state: GameState) -> int:
    return state.T.n_heroes  # type: ignore[attr-defined]


def with_hands_reversed(state: GameState, seat: int) -> GameState | None:
    """The same position with the hands of `seat`'s heroes in reverse order (loaded back
    through JSON, so the pending decision is recomputed), or None when that changes nothing."""
    mode = games.mode_of(state)
    doc = json.loads(games.to_json(state))
    hands = doc["state"]["hand"]
    changed = False
    for h in range(n_hand_owners(state)):
        if hero_seat(state, h) == seat and len(set(hands[h])) > 1:
            hands[h] = hands[h][::-1]
            changed = True
    if not changed:
        return None
    other = games.from_json(mode, doc)
    assert other.state_hash() != state.state_hash()
    return other


def random_positions(mode: str, fields: dict | None, seeds: range, every: int = 3) -> Iterator[GameState]:
    """Positions along random games (every `every`-th decision), with a decision pending."""
    config = games.make_config(mode, fields)
    for seed in seeds:
        s = games.new_state(config, seed)
        rng = SplitMix64(seed + 99)
        k = 0
        while (d := s.decision()) is not None:
            if k % every == 0:
                yield s.clone()
            s.apply(d.options[rng.below(len(d.options))].id)
            k += 1


STALL_WORDS = ("stay", "skip", "pass", "no", "none", "decline", "move", "keep")


def stalling_option(state: GameState) -> str:
    """An adversary's choice: an option after which the same seat faces the same kind of
    decision again (a loop, if the rules allowed one), else one whose id says it does
    nothing (`stay`, `skip`, `pass`, `no`, `decline`, `move`), else the first option."""
    d = state.decision()
    assert d is not None
    for o in d.options:
        after = state.clone()
        after.apply(o.id)
        nxt = after.decision()
        if nxt is not None and (nxt.seat, nxt.kind) == (d.seat, d.kind):
            return o.id
    for o in d.options:
        words = o.id.replace("-", "_").replace(":", "_").split("_")
        if any(w in STALL_WORDS for w in words):
            return o.id
    return d.options[0].id
