"""Helpers for Sentinels scenario tests: small content packs written to a temporary folder
(never the default pack, which changes under us), positions loaded on them, card lookups and
event digests."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from multiverse.engine.events import Event
from multiverse.sentinels.position import load_sentinels_position
from multiverse.sentinels.state import Z_DECK, Z_HAND, Z_PLAY, Z_TRASH, SentinelsState

FILLER = "Filler"


def dmg(amount: int, target: dict | None = None, type: str = "melee", source: str = "this_hero",
        **kw: Any) -> dict:
    """A damage step (hero cards deal it as their hero by default)."""
    return {"verb": "damage", "amount": amount, "type": type, "source": source,
            "target": target or {"group": "non_hero", "pick": "one"}, **kw}


def hero(hid: str, hp: int = 20, cards: list[dict] | None = None, power: list[dict] | None = None,
         incapacitated: list[dict] | None = None, tokens: dict | None = None) -> dict:
    """A hero whose deck is padded to exactly 40 cards with no-effect one-shots (SOTM-1)."""
    cards = list(cards or [])
    n = sum(c.get("copies", 1) for c in cards)
    assert n <= 40, n
    while n < 40:
        k = min(10, 40 - n)
        cards.append({"name": FILLER, "kind": "one-shot", "copies": k})
        n += k
    out = {
        "id": hid, "name": hid.replace("-", " ").title(), "complexity": 1, "hp": hp,
        "power": {"name": f"{hid} power", "effect": [dmg(1)] if power is None else power},
        "incapacitated": incapacitated or [
            {"name": "Rally", "effect": [{"verb": "one_hero", "do": [{"verb": "draw", "amount": 1}]}]},
            {"name": "Mend", "effect": [{"verb": "heal", "amount": 2, "target": {"group": "hero", "pick": "one"}}]},
            {"name": "Jolt", "effect": [dmg(1, source="this")]},
        ],
        "cards": cards,
    }
    if tokens:
        out["tokens"] = tokens
    return out


def villain(hp: int = 30, cards: list[dict] | None = None, **kw: Any) -> dict:
    """The Overlord; its deck holds `cards` and no-effect one-shots called Lull."""
    cards = [*(cards or []), {"name": "Lull", "kind": "one-shot", "copies": 10}]
    return {"id": "overlord", "name": "The Overlord", "hp": hp, "cards": cards, **kw}


def environment(cards: list[dict] | None = None) -> dict:
    """The Proving Ground; its deck holds `cards` and no-effect one-shots called Calm."""
    cards = [*(cards or []), {"name": "Calm", "kind": "one-shot", "copies": 10}]
    return {"id": "proving-ground", "name": "Proving Ground", "cards": cards}


HERO_IDS = ("alpha", "beta", "gamma", "delta", "epsilon")


def write_pack(folder: Path, heroes: list[dict] | None = None, villain_: dict | None = None,
               environment_: dict | None = None, n: int = 3) -> str:
    """Write a one-file pack; unstated heroes are plain ones named alpha, beta, gamma, …"""
    heroes = list(heroes or [])
    have = {h["id"] for h in heroes}
    for hid in HERO_IDS:
        if len(heroes) >= n:
            break
        if hid not in have:
            heroes.append(hero(hid))
    doc = {"pack": "test", "heroes": heroes, "villains": [villain_ or villain()],
           "environments": [environment_ or environment()]}
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "pack.yaml"
    path.write_text(yaml.safe_dump(doc, sort_keys=False), encoding="utf-8")
    return str(path)


def load(folder: Path, position: dict | None = None, *, heroes: list[dict] | None = None,
         villain_: dict | None = None, environment_: dict | None = None, n: int = 3,
         log: bool = True) -> SentinelsState:
    """Write a pack and load `position` on it (its `config.content` points at the pack)."""
    pack = write_pack(folder, heroes, villain_, environment_, n)
    doc = dict(position or {})
    cfg = dict(doc.get("config") or {})
    cfg["content"] = pack
    if "heroes" not in doc and "heroes" not in cfg:
        ids = [h["id"] for h in heroes or []]
        ids += [h for h in HERO_IDS if h not in ids]
        cfg["heroes"] = ids[:n]
    doc["config"] = cfg
    return load_sentinels_position(doc, log=log)


# ----- lookups --------------------------------------------------------------------------
def owner(s: SentinelsState, who: str | int) -> int:
    t = s.T
    if isinstance(who, int):
        return who
    if who == "villain":
        return t.villain
    if who == "environment":
        return t.env
    return t.hero_ids.index(who)


def card(s: SentinelsState, name: str, who: str | int | None = None, zone: int | None = Z_PLAY) -> int:
    """The id of the first card called `name` (of `who`, in `zone`)."""
    t = s.T
    for c in range(len(t.card)):
        if t.name[c] != name:
            continue
        if who is not None and t.owner[c] != owner(s, who):
            continue
        if zone is not None and s.zone[c] != zone:
            continue
        return c
    raise LookupError(f"no card {name!r} of {who} in zone {zone}")


def char(s: SentinelsState, who: str | int) -> int:
    o = owner(s, who)
    return s.T.villain_character if o == s.T.villain else s.T.character[o]


def names(s: SentinelsState, zone: str, who: str | int) -> list[str]:
    """Card names of a zone: hands and trashes in order; decks top first; play areas in
    the order the cards entered play."""
    o = owner(s, who)
    cards = getattr(s, zone)[o]
    if zone == "deck":
        cards = cards[::-1]
    return [s.T.name[c] for c in cards]


def hp(s: SentinelsState, who: str | int, name: str | None = None) -> int:
    return s.hp[char(s, who) if name is None else card(s, name, who)]


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def damage(s: SentinelsState, events: list[Event]) -> list[tuple]:
    """(source, target, amount, type, irreducible, modifiers) of each damage event."""
    n = s.T.name
    return [(n[e.data["source"]] if e.data["source"] >= 0 else None, n[e.data["target"]],
             e.data["amount"], e.data["type"], e.data["irreducible"], e.data["modifiers"])
            for e in events if e.kind == "damage"]


def story(s: SentinelsState, events: list[Event]) -> list[str]:
    return [e.text for e in events]


def option_for(s: SentinelsState, cid: int, prefix: str = "card") -> str:
    oid = f"{prefix}:{cid}"
    assert oid in s.decision().ids(), (oid, s.decision())
    return oid


ZONES = {"deck": Z_DECK, "hand": Z_HAND, "trash": Z_TRASH, "play": Z_PLAY}
