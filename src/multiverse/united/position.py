"""Positions: a human-writable statement of any piece of a game (docs/positions.md).

Everything a position leaves unstated takes its setup value for the same seed.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import ValidationError

from multiverse.engine.errors import ContentError
from multiverse.engine.positions import as_int as _int
from multiverse.engine.positions import as_list as _list
from multiverse.engine.positions import field_error as _err
from multiverse.engine.positions import read_position
from multiverse.united.board import RING
from multiverse.united.config import UnitedConfig
from multiverse.united.state import PHASE_NIMROD, PHASE_SENTINELS, UnitedState
from multiverse.united.tables import SENTINEL_IDS, SYM_INDEX, SYMBOLS

STEPS = {
    "turn_start": [("hero_turn",)],
    "play": [("end_of_turn",), ("location_effect",), ("resolve_actions",), ("play_card",)],
    "end_of_turn": [("end_of_turn",)],
}
KNOWN = {
    "config", "seed", "heroes", "solo", "locations", "villain_start", "phase", "sentinels",
    "nimrod", "track", "storyline", "master_plan", "turn", "step", "pile", "since",
    "villain", "challenge", "missions",
}










def _index(name: Any, names: list[str] | tuple[str, ...], where: str, what: str) -> int:
    if isinstance(name, int) and 0 <= name < len(names):
        return name
    if name in names:
        return names.index(name)
    raise _err(where, f"unknown {what} {name!r}; expected one of {list(names)}")


def load_position(source: str | Path | dict[str, Any]) -> UnitedState:
    """Build a state from a position file (YAML/JSON) or mapping; raise `PositionError`."""
    from multiverse.united.dofp.game import tables
    from multiverse.united.dofp.setup import setup

    doc, _ = read_position(source)
    extra = set(doc) - KNOWN
    if extra:
        raise _err("top level", f"unknown field(s) {sorted(extra)}; known: {sorted(KNOWN)}")
    cfg = dict(doc.get("config") or {})
    heroes = doc.get("heroes")
    if heroes is not None:
        if not isinstance(heroes, list) or not heroes:
            raise _err("heroes", "expected a list of hero ids or mappings with an 'id'")
        cfg["heroes"] = [h.get("id") if isinstance(h, dict) else h for h in heroes]
    if "solo" in doc:
        cfg["solo"] = doc["solo"]
    try:
        config = UnitedConfig.model_validate(cfg)
        t = tables(config)
    except ValidationError as exc:
        raise _err("config", str(exc)) from None
    except ContentError as exc:  # hero ids, else the configuration (Villain, Challenge, ...)
        hero_error = str(exc).startswith(("unknown hero id", "a hero appears twice"))
        raise _err("heroes" if hero_error else "config", str(exc)) from None
    s = setup(t, _int(doc.get("seed", 0), "seed"))
    _apply(s, doc, heroes or [])
    s.advance()
    return s


def _cards_named(s: UnitedState, h: int, names: Any, where: str, used: set[int]) -> list[int]:
    if not isinstance(names, list):
        raise _err(where, "expected a list of card names")
    t = s.T
    out = []
    for i, name in enumerate(names):
        for c in t.hero_cards[h]:
            if t.card_name[c] == name and c not in used:
                used.add(c)
                out.append(c)
                break
        else:
            known = sorted({t.card_name[c] for c in t.hero_cards[h]})
            raise _err(f"{where}[{i}]", f"{name!r} is not a (free) card of {t.hero_ids[h]}; "
                       f"its cards: {known}")
    return out


def _apply(s: UnitedState, doc: dict[str, Any], heroes: list[Any]) -> None:
    t = s.T
    loc_ids = [loc.id for loc in t.content.locations]
    threat_ids = t.threat_ids
    if "villain_start" in doc:
        s.villain_start = _index(doc["villain_start"], range(RING), "villain_start", "ring index")  # type: ignore[arg-type]
        s.s_loc = [s.villain_start if p >= 0 else -1 for p in s.s_loc]
        if t.mode == "standard":  # the Villain (on the board from setup) starts there too
            s.n_loc = s.villain_start
    locs = doc.get("locations")
    if locs is not None:
        if not isinstance(locs, list) or len(locs) != RING:
            raise _err("locations", f"expected a list of {RING} Locations in ring order")
        for pos, spec in enumerate(locs):
            where = f"locations[{pos}]"
            spec = {"id": spec} if isinstance(spec, str) else spec
            if not isinstance(spec, dict):
                raise _err(where, "expected a Location id or a mapping")
            s.locs[pos] = _index(spec.get("id", loc_ids[s.locs[pos]]), loc_ids, where, "Location")
            s.civ[pos] = _int(spec.get("civilians", t.loc_start[s.locs[pos]][0]), f"{where}.civilians")
            s.thug[pos] = _int(spec.get("thugs", t.loc_start[s.locs[pos]][1]), f"{where}.thugs")
            if s.civ[pos] + s.thug[pos] > t.loc_slots[s.locs[pos]]:
                raise _err(where, f"{s.civ[pos] + s.thug[pos]} tokens but only "
                           f"{t.loc_slots[s.locs[pos]]} slots")
            if "threat" in spec:
                th = spec["threat"]
                s.threat[pos] = -1 if th is None else _index(th, threat_ids, f"{where}.threat", "Threat")
                s.need[pos * 3: pos * 3 + 3] = list(t.threat_cost[s.threat[pos]]) if th else [0, 0, 0]
                s.hench[pos] = t.threat_health[s.threat[pos]] if th else 0
            if "henchman" in spec:
                full = t.threat_health[s.threat[pos]] if s.threat[pos] >= 0 else 0
                s.hench[pos] = _int(spec["henchman"], f"{where}.henchman")
                if not full or not 1 <= s.hench[pos] <= full:
                    raise _err(f"{where}.henchman", f"this Threat's Henchman has 1..{full} Health"
                               if full else "this Location's Threat has no Henchman")
            for sym in _list(spec.get("filled", []), f"{where}.filled"):
                i = pos * 3 + _index(sym, SYMBOLS[:3], f"{where}.filled", "symbol")
                if s.need[i] <= 0:
                    raise _err(f"{where}.filled", f"no unfilled {sym} on this Threat")
                s.need[i] -= 1
        dup = {x for x in s.locs if s.locs.count(x) > 1}
        if dup:
            raise _err("locations", f"a Location appears twice: {[loc_ids[d] for d in dup]}")
    if "phase" in doc:
        s.phase = {"sentinels": PHASE_SENTINELS, "nimrod": PHASE_NIMROD}.get(str(doc["phase"]), -1)
        if s.phase < 0:
            raise _err("phase", "expected 'sentinels' or 'nimrod'")
        if s.phase == PHASE_NIMROD:
            s.s_loc, s.s_hp, s.pile = [-1, -1, -1], [0, 0, 0], []
            s.target = [-1] * len(s.target)
            s.n_loc, s.n_hp = s.villain_start, t.nimrod_health
    sentinels = doc.get("sentinels") or {}
    if not isinstance(sentinels, dict):
        raise _err("sentinels", "expected a mapping of I/II/III to {location, health} or 'defeated'")
    for key, spec in sentinels.items():
        where = f"sentinels.{key}"
        sn = _index(key, SENTINEL_IDS, where, "Sentinel")
        if spec in ("defeated", None) or (isinstance(spec, dict) and spec.get("defeated")):
            s.s_loc[sn], s.s_hp[sn] = -1, 0
            s.target = [-1 if x == sn else x for x in s.target]
            s.pile = [x for x in s.pile if x != sn]
            continue
        if not isinstance(spec, dict):
            raise _err(where, "expected a mapping with location/health, or 'defeated'")
        s.s_loc[sn] = _index(spec.get("location", s.villain_start), range(RING), where, "ring index")  # type: ignore[arg-type]
        s.s_hp[sn] = _int(spec.get("health", t.sentinel_health), f"{where}.health")
        if not 1 <= s.s_hp[sn] <= t.sentinel_health:
            raise _err(f"{where}.health", f"expected 1..{t.sentinel_health}")
    nim = doc.get("nimrod", doc.get("villain"))
    if nim is not None:
        if s.phase != PHASE_NIMROD:
            raise _err("nimrod", "Nimrod is in play only with phase: nimrod")
        if not isinstance(nim, dict):
            raise _err("nimrod", "expected a mapping with location/health")
        s.n_loc = _index(nim.get("location", s.n_loc), range(RING), "nimrod.location", "ring index")  # type: ignore[arg-type]
        s.n_hp = _int(nim.get("health", s.n_hp), "nimrod.health")
        if not 1 <= s.n_hp <= t.nimrod_health:
            raise _err("nimrod.health", f"expected 1..{t.nimrod_health}")
    _challenge(s, doc)
    if "track" in doc:
        s.track = _int(doc["track"], "track")
        if not 0 <= s.track < t.track_max:
            raise _err("track", f"expected 0..{t.track_max - 1}")
    # storyline first: its cards are then out of the heroes' decks
    used: set[int] = set()
    story: list[int] = []
    mp_names = [t.card_name[c] for c in t.mp_cards]
    mp_free = list(t.mp_cards)
    for i, e in enumerate(_list(doc.get("storyline") or [], "storyline")):
        where = f"storyline[{i}]"
        if not isinstance(e, dict):
            raise _err(where, "expected {hero: ID, card: NAME[, facedown: true]} or {master_plan: NAME}")
        if "master_plan" in e:
            _index(e["master_plan"], mp_names, where, "Master Plan card")
            c = next((c for c in mp_free if t.card_name[c] == e["master_plan"]), None)
            if c is None:
                raise _err(where, f"no copy of {e['master_plan']!r} left")
            mp_free.remove(c)
            story.append(c)
            continue
        h = _index(e.get("hero"), t.hero_ids, f"{where}.hero", "hero")
        (c,) = _cards_named(s, h, [e.get("card")], f"{where}.card", used)
        story.append(~c if e.get("facedown") else c)
    s.story = story
    if "master_plan" in doc:
        listed = _list(doc["master_plan"], "master_plan")
        s.mp_deck = [c for c in reversed(
            [_pick_mp(t, n, mp_free, f"master_plan[{i}]") for i, n in enumerate(listed)])]
    else:
        s.mp_deck = [c for c in s.mp_deck if c in mp_free]
    stated: dict[int, int] = {}
    for h, spec in enumerate(heroes):
        if isinstance(spec, str):
            spec = {}
        where = f"heroes[{h}]"
        if "location" in spec:
            s.hero_loc[h] = _index(spec["location"], range(RING), f"{where}.location", "ring index")  # type: ignore[arg-type]
        own_used = set(used)
        hand = _cards_named(s, h, spec["hand"], f"{where}.hand", own_used) if "hand" in spec else None
        deck = _cards_named(s, h, spec["deck"], f"{where}.deck", own_used) if "deck" in spec else None
        rest = [c for c in t.hero_cards[h] if c not in own_used]
        if hand is None:
            hand = [c for c in s.hand[h] if c in rest][: t.config.first_draw]
            rest = [c for c in rest if c not in hand]
        # unstated: keep the seed's order; stated: the file lists the top card first
        deck = [c for c in s.deck[h] + s.hand[h] if c in rest] if deck is None else deck[::-1]
        s.hand[h], s.deck[h] = hand, deck
        toks = spec.get("tokens") or {}
        if not isinstance(toks, dict):
            raise _err(f"{where}.tokens", "expected a mapping of symbol to count")
        for sym, n in toks.items():
            s.tokens[h * 4 + _index(sym, SYMBOLS, f"{where}.tokens", "symbol")] = _int(
                n, f"{where}.tokens.{sym}")
        if "target" in spec:
            tg = spec["target"]
            s.target[h] = -1 if tg in (None, "none") else _index(tg, SENTINEL_IDS, f"{where}.target", "Sentinel")
            stated[h] = s.target[h]
        s.ko[h] = int(bool(spec.get("ko", False)))
        s.out[h] = int(bool(spec.get("eliminated", False)))
    for h in range(t.n_heroes):
        if len(heroes) > h and isinstance(heroes[h], dict) and "hand" in heroes[h]:
            continue
        s.hand[h] = [c for c in s.hand[h] if c not in used]
        s.deck[h] = [c for c in s.deck[h] if c not in used]
    for h in range(t.n_heroes):  # a Target token is held by one hero only
        if h not in stated and s.target[h] in stated.values():
            s.target[h] = -1
    if "pile" in doc:
        s.pile = [_index(x, SENTINEL_IDS, "pile", "Sentinel") for x in reversed(_list(doc["pile"], "pile"))]
    turn = doc.get("turn") or {}
    if not isinstance(turn, dict):
        raise _err("turn", "expected a mapping {hero, round}")
    if "hero" in turn:
        s.active = _index(turn["hero"], t.hero_ids, "turn.hero", "hero")
    s.round = _int(turn.get("round", s.round), "turn.round")
    s.turn = _int(turn.get("number", s.turn), "turn.number")
    s.since = _int(doc.get("since", 0), "since")
    if s.grab >= 0:  # DFP-C11: a held hero is where the Sentinel holding them is
        s.hero_loc[s.grab] = s.s_loc[t.challenge]
    step_name = doc.get("step", "turn_start")
    if not isinstance(step_name, str) or step_name not in STEPS:
        raise _err("step", f"expected one of {sorted(STEPS)}")
    s.stack = list(STEPS[step_name])
    if step_name != "turn_start":
        s.pool, s.fx_card = [0, 0, 0, 0], -1


def _pick_mp(t, name: str, free: list[int], where: str) -> int:
    for c in free:
        if t.card_name[c] == name:
            free.remove(c)
            return c
    raise _err(where, f"no free Master Plan card named {name!r}")


def symbols_label(sym: list[int]) -> str:
    return ", ".join(f"{n} {SYMBOLS[i]}" for i, n in enumerate(sym) if n) or "none"


__all__ = ["SYM_INDEX", "load_position"]


def _challenge(s: UnitedState, doc: dict[str, Any]) -> None:
    """Standard-game parts: Mission progress and the Challenge Sentinel (DFP-C2, DFP-C10)."""
    t = s.T
    missions = doc.get("missions")
    if missions is not None:
        if t.mode != "standard" or not isinstance(missions, dict):
            raise _err("missions", "a mapping {rescued, thugs, threats}, in a standard game only")
        for i, key in enumerate(("rescued", "thugs", "threats")):
            s.progress[i] = _int(missions.get(key, 0), f"missions.{key}")
    spec = doc.get("challenge")
    if spec is None:
        return
    if t.challenge < 0 or not isinstance(spec, dict):
        raise _err("challenge", "a mapping {location, health, holding}; the config needs a challenge")
    sn = t.challenge
    if spec.get("defeated"):
        s.s_loc[sn], s.s_hp[sn] = -1, 0
        return
    s.s_loc[sn] = _index(spec.get("location", s.s_loc[sn]), range(RING), "challenge.location", "ring index")  # type: ignore[arg-type]
    s.s_hp[sn] = _int(spec.get("health", s.s_hp[sn]), "challenge.health")
    if not 1 <= s.s_hp[sn] <= 40:
        raise _err("challenge.health", "expected 1..40")
    if spec.get("holding") is not None:
        if t.challenge_task != "grab":
            raise _err("challenge.holding", "only Sentinel III grabs heroes")
        s.grab = _index(spec["holding"], t.hero_ids, "challenge.holding", "hero")
