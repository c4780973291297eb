"""Shared helpers for the MU-* scenario tests (positions, driving decisions, custom packs)."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import yaml

from multiverse import load_position
from multiverse.content.loader import default_pack_path
from multiverse.united.state import UnitedState

# Ring order used by most scenarios (ring positions 0..5, clockwise).
LOCS = [
    "burned-mansion",  # 4 slots, start C, optional: draw 1
    "sentinel-foundry",  # 5 slots, start TT, optional: deal 1 damage
    "flooded-tunnels",  # 3 slots, empty, MANDATORY: move anywhere
    "resistance-camp",  # 4 slots, start CC, optional: others here draw 1
    "internment-yard",  # 5 slots, start CCT, optional: rescue 2
    "collapsed-bridge",  # 3 slots, start T, optional: defeat 2 Thugs
]
# Default Threats per ring position: the damage-bonus ones are kept at 4 and 5.
THREATS = [
    "sentinel-production-a",
    "sentinel-production-b",
    "data-analyzer-a",
    "data-analyzer-b",
    "mutant-detection-a",
    "mutant-detection-b",
]


def ring(threats: list[str | None] | None = None, **at: dict[str, Any]) -> list[dict[str, Any]]:
    """Six Location specs; `at={"p2": {...}}` overrides position 2."""
    threats = THREATS if threats is None else threats
    out = []
    for pos, (lid, th) in enumerate(zip(LOCS, threats, strict=True)):
        spec: dict[str, Any] = {"id": lid, "threat": th}
        spec.update(at.get(f"p{pos}", {}))
        out.append(spec)
    return out


def position(**doc: Any) -> UnitedState:
    """A position with the default ring and villain start 0 unless stated."""
    doc.setdefault("locations", ring())
    doc.setdefault("villain_start", 0)
    s = load_position(doc)
    s.log = []
    return s


def opt_ids(s: UnitedState) -> list[str]:
    d = s.decision()
    return [o.id for o in d.options] if d else []


def card_id(s: UnitedState, hero: int, name: str) -> int:
    t = s.T
    return next(c for c in t.hero_cards[hero] if t.card_name[c] == name)


def names(s: UnitedState, cards: list[int]) -> list[str]:
    return [s.T.card_name[c if c >= 0 else ~c] for c in cards]


def hand(s: UnitedState, hero: int) -> list[str]:
    return names(s, s.hand[hero])


def play(s: UnitedState, name: str) -> None:
    """Play the card called `name` from the active hero's hand."""
    d = s.decision()
    assert d is not None and d.kind == "play_card", d
    for o in d.options:
        if s.T.card_name[o.data["card"]] == name:
            s.apply(o.id)
            return
    raise AssertionError(f"{name!r} not playable: {[o.label for o in d.options]}")


def wound(s: UnitedState, name: str) -> None:
    """Answer a damage decision by putting the card called `name` under the deck."""
    d = s.decision()
    assert d is not None and d.kind == "wound", d
    for o in d.options:
        if s.T.card_name[o.data["card"]] == name:
            s.apply(o.id)
            return
    raise AssertionError(f"{name!r} not in hand: {[o.label for o in d.options]}")


def end_actions(s: UnitedState) -> None:
    """Stop resolving actions (a turn with nothing left to do ends by itself)."""
    d = s.decision()
    if d is not None and d.kind == "resolve_actions":
        s.apply("end")


def kinds(s: UnitedState) -> list[str]:
    return [e.kind for e in (s.log or [])]


def custom_pack(tmp_path: Path, edit: Callable[[dict[str, Any]], None]) -> str:
    """Copy the default pack to tmp_path and edit its dofp.yaml mapping in place."""
    dest = tmp_path / "pack"
    shutil.copytree(default_pack_path(), dest)
    f = dest / "dofp.yaml"
    doc = yaml.safe_load(f.read_text(encoding="utf-8"))
    edit(doc["dofp"])
    f.write_text(yaml.safe_dump(doc, sort_keys=False), encoding="utf-8")
    return str(dest)


def play_out(s: UnitedState, agent: Any, check: Callable[[UnitedState], None],
             at_choice: Callable[[UnitedState, Any], None] | None = None, limit: int = 5000) -> set[str]:
    """Play `s` to its end with `agent`, `check` holding at the start and after every
    decision, `at_choice(s, decision)` run before each (round trips, determinization).
    Returns the kinds of decision met."""
    kinds: set[str] = set()
    check(s)
    for _ in range(limit):
        d = s.decision()
        if d is None:
            return kinds
        kinds.add(d.kind)
        if at_choice is not None:
            at_choice(s, d)
        s.apply(agent.choose(d, s))
        check(s)
    raise AssertionError(f"no end after {limit} decisions")
