"""Shared helpers for the Sentinel Challenge scenario tests (DFP-C1 … DFP-C12).

Every position is a standard game against the Magistrate (an original Villain of the default
pack) with a Sentinel Challenge: seed 7, the Villain's starting Location at ring position 0,
six Locations with no token and no Threat (none of them has a mandatory effect), and the
Villain at 0 with full Health unless a test says otherwise. Ring positions 0..5 run
clockwise. Protocol symbols: Move = Move, Add = Heroic, Damage = Attack, the fourth task =
Wild (rules/marvel-united.md, "Days of Future Past specifics").
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
    "burned-mansion",  # 4 slots, optional: draw 1
    "sentinel-foundry",  # 5 slots, optional: deal 1 damage
    "resistance-camp",  # 4 slots, optional: others here draw 1
    "internment-yard",  # 5 slots, optional: rescue 2
    "collapsed-bridge",  # 3 slots, optional: defeat 2 Thugs
    "scrap-armory",  # 4 slots, optional: gain 1 Attack token
]
SLOTS = [4, 5, 4, 5, 3, 4]
CHALLENGE_SLOT = {"sentinel-i": 0, "sentinel-ii": 1, "sentinel-iii": 2}
LOGAN, KITTY, STORM = 0, 1, 2


def ring(**over: dict[str, Any]) -> list[dict[str, Any]]:
    """Six empty Locations with no Threat; `p3={"civilians": 2}` changes position 3."""
    out = []
    for p, lid in enumerate(RING):
        spec: dict[str, Any] = {"id": lid, "civilians": 0, "thugs": 0, "threat": None}
        spec.update(over.get(f"p{p}", {}))
        out.append(spec)
    return out


def config(challenge: str | None = "sentinel-i", **more: Any) -> dict[str, Any]:
    cfg: dict[str, Any] = {"mode": "standard", "villain": "magistrate"}
    if challenge:
        cfg["challenge"] = challenge
    cfg.update(more)
    return cfg


def hero(hid: str, location: int, hand: list[str] | None = None, **more: Any) -> dict[str, Any]:
    spec: dict[str, Any] = {"id": hid, "location": location, **more}
    if hand is not None:
        spec["hand"] = hand
    return spec


def three(at_logan: int = 3, at_kitty: int = 3, at_storm: int = 3,
          **hands: list[str]) -> list[dict[str, Any]]:
    """Logan, Kitty Pryde, Storm (turn order) at the given ring positions; hands by keyword."""
    return [hero("logan", at_logan, hands.get("logan")), hero("kitty-pryde", at_kitty, hands.get("kitty")),
            hero("storm", at_storm, hands.get("storm"))]


def story(*cards: tuple[str, str] | tuple[str, str, bool]) -> list[dict[str, Any]]:
    """Storyline entries from (hero, card) or (hero, card, facedown) tuples."""
    out = []
    for c in cards:
        e: dict[str, Any] = {"hero": c[0], "card": c[1]}
        if len(c) == 3 and c[2]:
            e["facedown"] = True
        out.append(e)
    return out


def load(which: str | None = "sentinel-i", cfg: dict[str, Any] | None = None,
         at: int | None = None, hp: int | None = None, **fields: Any) -> UnitedState:
    """A standard-game position against the `which` Challenge (None: no Challenge), its
    Sentinel at ring position `at` with `hp` Health (or as the `challenge` field states)."""
    doc: dict[str, Any] = {"seed": 7, "villain_start": 0, "locations": ring(),
                           "villain": {"location": 0}, "config": config(which, **(cfg or {}))}
    spec: dict[str, Any] = dict(fields.pop("challenge", None) or {})
    if at is not None:
        spec["location"] = at
    if hp is not None:
        spec["health"] = hp
    if spec:
        doc["challenge"] = spec
    doc.update(fields)
    s = load_position(doc)
    s.log = []
    return s


def end_of_turn(active: str, heroes: list[dict[str, Any]], cards: list[tuple], **more: Any) -> UnitedState:
    """A position at the end of `active`'s turn: the activation runs while loading."""
    return load(heroes=heroes, storyline=story(*cards), turn={"hero": active}, step="end_of_turn", **more)


# ----- driving decisions -------------------------------------------------------------------------


def names(s: UnitedState, cards: list[int]) -> list[str]:
    return [s.T.card_name[c if c >= 0 else ~c] for c in cards]


def card_id(s: UnitedState, hero_index: int, name: str) -> int:
    t = s.T
    return next(c for c in t.hero_cards[hero_index] if t.card_name[c] == name)


def ids(s: UnitedState) -> list[str]:
    d = s.decision()
    return [o.id for o in d.options] if d else []


def kind(s: UnitedState) -> str | None:
    d = s.decision()
    return d.kind if d else None


def play(s: UnitedState, card: str) -> None:
    """Play the named card from the active hero's hand."""
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
    """End the Resolve Actions step (resolving a pending Special Effect first)."""
    while kind(s) == "resolve_actions":
        act(s, "effect" if "effect" in ids(s) else "end")


def skip_location(s: UnitedState) -> None:
    if kind(s) == "location_effect":
        act(s, "skip")


def finish_turn(s: UnitedState) -> None:
    end_actions(s)
    skip_location(s)


def wound(s: UnitedState, card: str) -> None:
    """Answer a pending damage decision by putting the named card at the bottom of the deck."""
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
    if not dest.exists():
        shutil.copytree(default_pack_path(), dest)
    f = dest / file
    doc = yaml.safe_load(f.read_text(encoding="utf-8"))
    edit(doc)
    f.write_text(yaml.safe_dump(doc, sort_keys=False), encoding="utf-8")
    return str(dest)


def card_of(doc: dict[str, Any], name: str) -> dict[str, Any]:
    """The card mapping named `name` in a hero YAML document."""
    for h in doc["heroes"]:
        for c in h["cards"]:
            if c["name"] == name:
                return c
    raise KeyError(name)
