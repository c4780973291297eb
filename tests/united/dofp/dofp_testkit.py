"""Shared helpers for the Days of Future Past scenario tests (positions and driving).

Positions are built with `load_position`; every test states the parts it relies on and lets
the rest take its setup defaults. Ring positions 0..5 run clockwise.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import yaml

from multiverse import load_position
from multiverse.content.loader import default_pack_path
from multiverse.united.state import UnitedState

# Six default Locations with no mandatory effect, in ring order (slots 4, 5, 4, 5, 3, 4).
RING = [
    "burned-mansion",
    "sentinel-foundry",
    "resistance-camp",
    "internment-yard",
    "collapsed-bridge",
    "scrap-armory",
]
SLOTS = [4, 5, 4, 5, 3, 4]
SENTINEL = {"I": 0, "II": 1, "III": 2}


def ring(**over: dict[str, Any]) -> list[dict[str, Any]]:
    """Six empty Locations with no Threat; `p3={"civilians": 2}` changes position 3."""
    out = []
    for p, lid in enumerate(RING):
        spec: dict[str, Any] = {"id": lid, "civilians": 0, "thugs": 0, "threat": None}
        spec.update(over.get(f"p{p}", {}))
        out.append(spec)
    return out


def position(**fields: Any) -> dict[str, Any]:
    """A position mapping: seed 7, Villain start 0, an empty ring, plus `fields`."""
    doc: dict[str, Any] = {"seed": 7, "villain_start": 0, "locations": ring()}
    doc.update(fields)
    return doc


def load(**fields: Any) -> UnitedState:
    return load_position(position(**fields))


def story(*cards: tuple[str, str] | tuple[str, str, bool]) -> list[dict[str, Any]]:
    """Storyline entries from (hero, card) or (hero, card, facedown) tuples."""
    out = []
    for c in cards:
        e: dict[str, Any] = {"hero": c[0], "card": c[1]}
        if len(c) == 3 and c[2]:
            e["facedown"] = True
        out.append(e)
    return out


def names(s: UnitedState, cards: list[int]) -> list[str]:
    return [s.T.card_name[c if c >= 0 else ~c] for c in cards]


def ids(s: UnitedState) -> list[str]:
    d = s.decision()
    return [o.id for o in d.options] if d else []


def kind(s: UnitedState) -> str | None:
    d = s.decision()
    return d.kind if d else None


def play(s: UnitedState, card: str) -> None:
    """Play the named card from the active hero's hand (a hand of one card plays itself)."""
    if kind(s) != "play_card" and s.story and names(s, s.story[-1:]) == [card]:
        assert s.hand[s.active] == [] or kind(s) is None, "the card was not a forced play"
        return
    assert kind(s) == "play_card", s.decision()
    for o in s.decision().options:
        if s.T.card_name[o.data["card"]] == card:
            s.apply(o.id)
            return
    raise AssertionError(f"{card!r} not in hand: {names(s, s.hand[s.active])}")


def act(s: UnitedState, option_id: str) -> None:
    assert option_id in ids(s), (option_id, s.decision())
    s.apply(option_id)


def end_actions(s: UnitedState) -> None:
    """End the Resolve Actions step, resolving a pending Special Effect first (the step
    offers "end" only once it is resolved; with one option left it ends by itself)."""
    while kind(s) == "resolve_actions":
        act(s, "effect" if "effect" in ids(s) else "end")


def skip_location(s: UnitedState) -> None:
    if kind(s) == "location_effect":
        act(s, "skip")


def wound(s: UnitedState, card: str) -> None:
    """Answer a pending damage decision by putting the named card at the deck bottom."""
    assert kind(s) == "wound", s.decision()
    for o in s.decision().options:
        if s.T.card_name[o.data["card"]] == card:
            s.apply(o.id)
            return
    raise AssertionError(f"{card!r} not offered: {s.decision()}")


def events(s: UnitedState, *kinds: str) -> list[Any]:
    return [e for e in (s.log or []) if not kinds or e.kind in kinds]


def variant_pack(tmp_path: Path, file: str, edit) -> str:
    """Copy the default pack to tmp_path, let `edit(doc)` change one YAML file, return the path."""
    dest = tmp_path / "pack"
    shutil.copytree(default_pack_path(), dest)
    f = dest / file
    doc = yaml.safe_load(f.read_text(encoding="utf-8"))
    edit(doc)
    f.write_text(yaml.safe_dump(doc, sort_keys=False), encoding="utf-8")
    return str(dest)


def card_of(doc: dict[str, Any], name: str) -> dict[str, Any]:
    """The card mapping named `name` in a hero YAML document."""
    for hero in doc["heroes"]:
        for c in hero["cards"]:
            if c["name"] == name:
                return c
    raise KeyError(name)


def heroes(at: tuple[int, int, int], logan: list[str]) -> list[dict]:
    """The three heroes at ring positions `at`; Logan holds `logan`."""
    return [{"id": "logan", "location": at[0], "hand": logan},
            {"id": "kitty-pryde", "location": at[1]}, {"id": "storm", "location": at[2]}]


def sentinels(i: int = 0, ii: int = 0, iii: int = 0, hp: dict | None = None) -> dict:
    """Sentinels I, II and III at ring positions i, ii, iii (5 Health unless `hp` says)."""
    hp = hp or {}
    return {k: {"location": at, "health": hp.get(k, 5)}
            for k, at in (("I", i), ("II", ii), ("III", iii))}
