"""Helpers for OblivAeon scenario tests: a small OblivAeon pack written to a temporary folder
(never the default pack, whose cards change under us), games on it, and positions set up
with the engine's own functions (`sentinels.zones`, `sentinels.oblivaeon.world`).

The pack: six heroes (alpha … zeta, 20 HP, decks padded to 40 no-effect "Filler" one-shots;
alpha has a variant, "Alpha Requital", whose cards under it block the deck, OBL-C23), a
Booklet of three forms (40, 30 and 20 HP, the third erasing a hero, OBL-C20) with the
counters Devastation (0..30) and Countdown (6, 0..6), no-effect OblivAeon and Scion decks
("Void Lull", "Scion Lull"), an Aeon Men deck of 3-HP "Aeon Grunt"s, two Shields, four
Scions of 20 HP ("Scion One" … "Scion Four"), four Missions and five environments of
no-effect "Calm" one-shots. Every part can be replaced or extended through `game(...)`.
"""

from __future__ import annotations

import copy
import random
from pathlib import Path
from typing import Any

import yaml

from multiverse.engine.events import Event
from multiverse.sentinels.oblivaeon import world
from multiverse.sentinels.oblivaeon.config import OblivaeonConfig
from multiverse.sentinels.oblivaeon.game import new_game
from multiverse.sentinels.state import Z_BOX, Z_DECK, Z_HAND, Z_PLAY, Z_TRASH, SentinelsState
from multiverse.sentinels.zones import move, put, take

FILLER = "Filler"
HERO_IDS = ("alpha", "beta", "gamma", "delta", "epsilon", "zeta")
ENV_IDS = ("env-one", "env-two", "env-three", "env-four", "env-five")
SCIONS = ("Scion One", "Scion Two", "Scion Three", "Scion Four")


def dmg(amount: int, target: dict | None = None, type: str = "melee", source: str = "this_hero",
        **kw: Any) -> dict:
    """A damage step (hero cards deal it as their hero by default)."""
    return {"verb": "damage", "amount": amount, "type": type, "source": source,
            "target": target or {"group": "non_hero", "pick": "one"}, **kw}


def ability(name: str, effect: list[dict] | None = None) -> dict:
    return {"name": name, "effect": effect or [{"verb": "draw", "amount": 1}]}


def hero(hid: str, hp: int = 20, cards: list[dict] | None = None,
         variants: list[dict] | None = None, incapacitated: list[dict] | None = None) -> dict:
    """A hero whose deck is padded to 40 cards with no-effect one-shots."""
    cards = list(cards or [])
    n = sum(c.get("copies", 1) for c in cards)
    while n < 40:
        k = min(10, 40 - n)
        cards.append({"name": FILLER if not any(c["name"] == FILLER for c in cards)
                      else f"{FILLER} {n}", "kind": "one-shot", "copies": k})
        n += k
    return {"id": hid, "name": hid.title(), "complexity": 1, "hp": hp,
            "power": ability(f"{hid.title()} Strike", [dmg(1)]),
            "incapacitated": incapacitated or [
                ability("Rally"), ability("Mend", [{"verb": "heal", "amount": 2, "target": {
                    "group": "hero", "pick": "one"}}]), ability("Jolt", [dmg(1, source="this")])],
            "variants": variants or [], "cards": cards}


def variant(name: str, hp: int = 18, under_blocks: bool = False) -> dict:
    return {"name": name, "hp": hp, "power": ability(f"{name} Power", [dmg(1)]),
            "incapacitated": [ability("Hold"), ability("Help"), ability("Hope")],
            "under_blocks": under_blocks}


def environment(eid: str, cards: list[dict] | None = None) -> dict:
    return {"id": eid, "name": eid.replace("-", " ").title(),
            "cards": [*(cards or []), {"name": "Calm", "kind": "one-shot", "copies": 10}]}


def scion(name: str, hp: int = 20, **kw: Any) -> dict:
    return {"name": name, "difficulty": 1, "hp": hp, "keywords": ["scion"], **kw}


def mission(name: str, **kw: Any) -> dict:
    m = {"name": name, "keywords": ["mission"],
         "reward": {"name": f"{name} Reward", "kind": "ongoing", "keywords": ["reward"]}}
    m.update(kw)
    return m


def booklet() -> dict:
    """The OblivAeon section of the pack: three forms, both counters, the small decks."""
    return {
        "name": "OblivAeon", "hp": 40, "keywords": ["oblivaeon"],
        "sides": [
            {"name": "OblivAeon Form 2", "hp": 30, "restore_hp": True},
            {"name": "OblivAeon Form 3", "hp": 20, "restore_hp": True,
             "on_flip": [{"verb": "erase_hero", "target": {"group": "hero_character",
                                                           "pick": "highest_hp"}}]},
        ],
        "counters": [
            {"name": "Devastation", "start": 0, "min": 0, "max": 30},
            {"name": "Countdown", "start": 6, "min": 0, "max": 6},
        ],
        "deck": [{"name": "Void Lull", "kind": "one-shot", "copies": 6}],
        "scion_deck": [{"name": "Scion Lull", "kind": "one-shot", "copies": 6}],
        "aeon_men": [{"name": "Aeon Grunt", "kind": "target", "hp": 3,
                      "keywords": ["aeon man", "minion"], "copies": 4}],
        "shields": [
            {"name": "Shield A", "bring_forth": "Scion One", "keywords": ["shield"],
             "sides": [{"name": "Shield A Phase 2", "clear_tokens": True}]},
            {"name": "Shield B", "bring_forth": "Scion Two", "keywords": ["shield"],
             "sides": [{"name": "Shield B Phase 2", "clear_tokens": True}]},
        ],
        "missions": [
            mission("Mission Alpha", power=[
                {"verb": "add_tokens", "amount": 1},
                {"verb": "if", "cond": {"test": "tokens_on_this_at_least", "amount": 2},
                 "do": [{"verb": "flip", "target": {"group": "this"}}]}]),
            mission("Mission Beta", hp=6, target_side="villain",
                    reward={"name": "Mission Beta Reward", "kind": "target", "hp": 4,
                            "keywords": ["reward"]}),
            mission("Mission Gamma"),
            mission("Mission Delta"),
        ],
    }


def pack(heroes: list[dict] | None = None, envs: list[dict] | None = None,
         scions: list[dict] | None = None, **oblivaeon: Any) -> dict:
    """The pack as a document: `heroes` replace the plain ones of the same id; `envs` those
    of the same id; `oblivaeon` keys replace the Booklet's."""
    hs = {h["id"]: h for h in (hero(hid) for hid in HERO_IDS)}
    hs["alpha"] = hero("alpha", variants=[variant("Alpha Requital", under_blocks=True)])
    for h in heroes or []:
        hs[h["id"]] = h
    es = {e["id"]: e for e in (environment(eid) for eid in ENV_IDS)}
    for e in envs or []:
        es[e["id"]] = e
    ob = booklet()
    ob.update(oblivaeon)
    return {"pack": "obl-test", "heroes": list(hs.values()),
            "villains": [{"id": "unused", "name": "Unused", "hp": 10,
                          "cards": [{"name": "Idle", "kind": "one-shot", "copies": 5}]}],
            "environments": list(es.values()),
            "scions": scions if scions is not None else [scion(n) for n in SCIONS],
            "oblivaeon": ob}


def write_pack(folder: Path, doc: dict) -> str:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "pack.yaml"
    path.write_text(yaml.safe_dump(doc, sort_keys=False), encoding="utf-8")
    return str(path)


def game(folder: Path, *, heroes: tuple[str, ...] = ("alpha", "beta", "gamma"), seed: int = 1,
         log: bool = True, pack_doc: dict | None = None, **config: Any) -> SentinelsState:
    """A new OblivAeon game on the test pack at its first decision. Unless told otherwise the
    environments are env-one (zone 1), env-two (zone 2), then three, four, five set aside;
    the Shield is Shield A (Scion One in zone 1) and the Scion Reserve, bottom first, is
    Scion Two (to zone 2), Scion Three, Scion Four."""
    path = write_pack(folder, pack_doc if pack_doc is not None else pack())
    config.setdefault("environments", ENV_IDS)
    config.setdefault("shield", "Shield A")
    config.setdefault("scion_order", ("Scion Two", "Scion Three", "Scion Four"))
    cfg = OblivaeonConfig(heroes=heroes, content=path, **config)
    s = new_game(cfg, seed=seed, log=log)
    s.take_events()
    return s


# ----- lookups ---------------------------------------------------------------------------
def cid(s: SentinelsState, name: str, zone: int | None = None, nth: int = 0) -> int:
    """The id of the `nth` card called `name` (in `zone`, if given)."""
    t = s.T
    found = [c for c in range(len(t.card)) if t.name[c] == name
             and (zone is None or s.zone[c] == zone)]
    if len(found) <= nth:
        raise LookupError(f"no card {name!r} (#{nth}) in zone {zone}")
    return found[nth]


def env_owner(s: SentinelsState, eid: str) -> int:
    t = s.T
    return t.envs[t.env_ids.index(eid)]


def env_in(s: SentinelsState, z: int) -> int:
    """The environment owner in play in battle zone `z`."""
    return next(o for o in s.T.envs if s.azone[o] == z)


def names(s: SentinelsState, cards: list[int]) -> list[str]:
    return [s.T.name[c] for c in cards]


def scion_in(s: SentinelsState, z: int) -> list[str]:
    return [s.T.name[c] for c in s.inplay if c in s.T.scions and s.bz[c] == z]


def counter(s: SentinelsState, name: str) -> int:
    return s.ctr[s.T.counter_index[name]]


def set_counter(s: SentinelsState, name: str, value: int) -> None:
    """Set a counter directly (no threshold fires)."""
    s.ctr[s.T.counter_index[name]] = value


# ----- positions -------------------------------------------------------------------------
def hand_card(s: SentinelsState, p: int, name: str, nth: int = 0) -> int:
    """Put the `nth` card called `name` of player `p`'s hero deck into their hand (wherever
    it is now)."""
    t = s.T
    d = t.hdeck[s.char[p]]
    c = [c for c in t.hdeck_cards[d] if t.name[c] == name][nth]
    if s.zone[c] != Z_HAND:
        move(s, c, Z_HAND, home=p)
    return c


def in_play(s: SentinelsState, name: str, owner: int, z: int | None = None, nth: int = 0) -> int:
    """Put the card called `name` (from wherever it is) into the play area of `owner`
    (a hero area, a villain or environment deck's owner) in battle zone `z` (a villain card's
    zone; a hero's or environment's card goes to its area's zone)."""
    c = [c for c in range(len(s.T.card)) if s.T.name[c] == name and s.zone[c] != Z_PLAY][nth]
    take(s, c)
    s.zone[c] = Z_BOX
    if z is not None:
        s.bz[c] = z
    put(s, c, Z_PLAY, home=owner)
    return c


def move_hero(s: SentinelsState, p: int, z: int) -> None:
    world.move_hero(s, p, z)


def set_hp(s: SentinelsState, c: int, hp: int) -> None:
    s.hp[c] = hp


def to_top(s: SentinelsState, c: int, owner: int) -> None:
    """Put card `c` on top of `owner`'s deck."""
    move(s, c, Z_DECK, home=owner)


def start_turn(s: SentinelsState, frames: list[tuple], turn: int | None = None) -> None:
    """Replace what the game will do next with `frames` (the first resolves first), then
    advance to the next decision: a position "at the start of" a turn or a step."""
    s.stack = list(reversed(frames))
    s._decision = None
    if turn is not None:
        s.turn = turn
    s.advance()


def run_until(s: SentinelsState, kind: str, rnd: random.Random | None = None,
              limit: int = 2000, pick: str | None = None) -> None:
    """Apply decisions until one of `kind` is pending: `pick` (an option id) when offered,
    else "stay"/"none"/"skip" when offered, else the first option (or a random one)."""
    for _ in range(limit):
        d = s.decision()
        assert d is not None, f"the game ended ({s.reason}) before a {kind!r} decision"
        if d.kind == kind:
            return
        ids = d.ids()
        choice = next((i for i in (pick, "stay", "none", "skip") if i in ids), None)
        s.apply(choice or (rnd.choice(ids) if rnd else ids[0]))
    raise AssertionError(f"no {kind!r} decision within {limit} decisions")


def quiet(s: SentinelsState, rounds: int = 1) -> None:
    """Play on, taking no action, until `rounds` more rounds have begun."""
    target = s.round + rounds
    for _ in range(5000):
        if s.round >= target or s.decision() is None:
            return
        ids = s.decision().ids()
        s.apply(next((i for i in ("stay", "none", "skip") if i in ids), ids[0]))


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def turn_labels(events: list[Event]) -> list[str]:
    return [e.text for e in events if e.kind == "turn"]


def deep(doc: dict) -> dict:
    return copy.deepcopy(doc)


ZONES = {"deck": Z_DECK, "hand": Z_HAND, "trash": Z_TRASH, "play": Z_PLAY}
