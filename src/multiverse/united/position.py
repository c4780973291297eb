"""Positions: a human-writable statement of any piece of a game (docs/positions.md).

Everything a position leaves unstated takes its setup value for the same seed. A malformed
position raises `PositionError`, one line per problem naming the field ("position: PLACE:
what was expected"); a position read from a file names the file too.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import ValidationError

from multiverse.engine.errors import ContentError, PositionError
from multiverse.engine.positions import as_bool as _bool
from multiverse.engine.positions import as_int as _int
from multiverse.engine.positions import as_list as _list
from multiverse.engine.positions import as_mapping as _mapping
from multiverse.engine.positions import (
    as_seed,
    content_lines,
    hero_ids,
    in_file,
    names,
    place,
    problems,
    read_position,
    validation_lines,
)
from multiverse.engine.positions import field_error as _err
from multiverse.engine.positions import shown as _shown
from multiverse.united.board import RING
from multiverse.united.config import UnitedConfig
from multiverse.united.hero_turn import turn_frames
from multiverse.united.state import PHASE_NIMROD, PHASE_SENTINELS, UnitedState
from multiverse.united.tables import SENTINEL_IDS, SYM_INDEX, SYMBOLS, WILD
from multiverse.united.vocab.components import position_figures
from multiverse.united.vocab.parts import (
    position_parts,
    position_slot_tokens,
    position_team_tokens,
    sync_location_decks,
)

STEPS = {
    "turn_start": [("hero_turn",)],
    "play": [("end_of_turn",), ("location_effect",), ("resolve_actions",), ("play_card",)],
    "end_of_turn": [("end_of_turn",)],
}
KNOWN = {
    "config", "seed", "heroes", "solo", "locations", "villain_start", "phase", "sentinels",
    "nimrod", "track", "storyline", "master_plan", "turn", "step", "pile", "since",
    "villain", "challenge", "missions", "cards",
}
KNOWN |= {"team_tokens"}  # a team card's tokens: united/vocab/parts.py
DFP_ONLY = ("phase", "sentinels", "nimrod", "pile")
HERO_KEYS = {"id", "location", "hand", "deck", "tokens", "target", "ko", "eliminated",
             "companion", "clones"}  # companion and clones: united/vocab/components.py
HERO_KEYS |= {"own_tokens", "own_deck", "markers"}  # a hero's own components: united/vocab/parts.py
LOCATION_KEYS = {"id", "civilians", "thugs", "threat", "filled", "henchman", "extra_tokens"}
LOCATION_KEYS |= {"slot_tokens"}  # slot tokens: united/vocab/parts.py
SENTINEL_KEYS = {"location", "health", "defeated"}
VILLAIN_KEYS = {"location", "health"}
STORY_KEYS = {"hero", "card", "facedown"}
TURN_KEYS = {"hero", "round", "number"}
CHALLENGE_KEYS = {"location", "health", "holding", "defeated"}
MISSION_KEYS = {"rescued", "thugs", "threats"}
MAX_TOKENS = 99  # action tokens of one kind a position may give a hero
MAX_COUNT = 10**6  # rounds, turn numbers, Mission progress and `since`


def _index(name: Any, names: list[str] | tuple[str, ...] | range, where: str, what: str) -> int:
    if isinstance(name, int) and not isinstance(name, bool) and 0 <= name < len(names):
        return name
    if isinstance(name, str) and name in names:
        return list(names).index(name)
    raise _err(where, f"unknown {what} {_shown(name)}; expected one of {list(names)}")


def _ring(value: Any, where: str) -> int:
    return _index(value, range(RING), where, "ring position")


def load_position(source: str | Path | dict[str, Any]) -> UnitedState:
    """Build a state from a position file (YAML/JSON) or mapping; raise `PositionError`."""
    doc, base = read_position(source)
    path = Path(source) if base is not None else None  # type: ignore[arg-type]
    try:
        return _load(doc)
    except PositionError as exc:
        raise in_file(exc, path) from None


def _config(doc: dict[str, Any]) -> UnitedConfig:
    """The game configuration: `config` with the top-level `heroes`, `solo` and `cards`."""
    cfg = doc.get("config")
    cfg = dict(_mapping(cfg, "config")) if cfg is not None else {}
    top: dict[str, str] = {}  # configuration fields stated at the top level
    heroes = doc.get("heroes")
    if heroes is not None:
        cfg["heroes"], top["heroes"] = hero_ids(heroes, HERO_KEYS), "heroes"
    for key in ("solo", "cards"):
        if key in doc:
            if key in cfg and cfg[key] != doc[key]:
                raise _err(key, f"stated twice, differently: at the top level and as config.{key}; keep one")
            cfg[key], top[key] = doc[key], key

    def where(loc: tuple) -> str:
        if not loc:  # the hero count
            return "heroes" if "heroes" in top else "config.heroes"
        head = top.get(loc[0]) if isinstance(loc[0], str) else None
        return head + _sub(loc[1:]) if head else "config." + place(loc)

    try:
        return UnitedConfig.model_validate(cfg)
    except ValidationError as exc:
        raise problems(validation_lines(exc, where)) from None


def _sub(loc: tuple) -> str:
    """`[0].name`, `.blink[0]`: the rest of a path after a top-level field."""
    text = place(("x", *loc))
    return text[1:]


def _load(doc: dict[str, Any]) -> UnitedState:
    from multiverse.united.dofp.game import tables
    from multiverse.united.dofp.setup import setup

    extra = set(doc) - KNOWN
    if extra:
        raise _err("top level", f"unknown field(s) {names(extra)}; known: {sorted(KNOWN)}")
    config = _config(doc)
    seed = as_seed(doc.get("seed", 0))
    try:
        t = tables(config)
    except ContentError as exc:  # hero ids, the extra cards, else the configuration
        first = str(exc)
        if first.startswith(("unknown hero id", "a hero appears twice")):
            raise problems(content_lines(exc, "heroes" if "heroes" in doc else "config.heroes")) from None
        if first.startswith("cards."):
            prefix = "" if "cards" in doc else "config."
            raise problems([f"position: {prefix}{p}" for p in exc.problems]) from None
        pack = str(Path(config.content)) if config.content else None
        raise problems(content_lines(exc, "config.content" if pack and first.startswith(pack)
                                     else "config")) from None
    if t.mode == "standard":
        wrong = [k for k in DFP_ONLY if k in doc]
        if wrong:
            raise _err(wrong[0], "a Days of Future Past field; this is a standard game")
    s = setup(t, seed)
    heroes = doc.get("heroes") or []
    try:
        _apply(s, doc, heroes)
        s.advance()
    except PositionError:
        raise
    except (LookupError, TypeError, ValueError, ArithmeticError, AttributeError, AssertionError,
            RecursionError) as exc:  # a gap in the checks above: still one line, no traceback
        raise _err("top level", f"the game cannot run on from this position "
                   f"({type(exc).__name__}: {_shown(str(exc))}); see docs/positions.md") from None
    return s


def _card_named(s: UnitedState, h: int, name: Any, where: str, used: set[int]) -> int:
    """A free copy of hero `h`'s card `name` (marked used)."""
    t = s.T
    for c in t.hero_cards[h]:
        if t.card_name[c] == name and c not in used:
            used.add(c)
            return c
    known = sorted({t.card_name[c] for c in t.hero_cards[h]})
    raise _err(where, f"{_shown(name)} is not a (free) card of {t.hero_ids[h]}; its cards: {known}")


def _cards_named(s: UnitedState, h: int, cards: Any, where: str, used: set[int]) -> list[int]:
    if not isinstance(cards, list):
        raise _err(where, f"expected a list of card names, got {_shown(cards)}")
    return [_card_named(s, h, name, f"{where}[{i}]", used) for i, name in enumerate(cards)]


def _locations(s: UnitedState, locs: Any) -> None:
    t = s.T
    loc_ids = [loc.id for loc in t.content.locations]
    if not isinstance(locs, list) or len(locs) != RING:
        raise _err("locations", f"expected a list of {RING} Locations in ring order")
    for pos, spec in enumerate(locs):
        where = f"locations[{pos}]"
        spec = {"id": spec} if isinstance(spec, str) else spec
        spec = _mapping(spec, where, LOCATION_KEYS)
        s.locs[pos] = _index(spec.get("id", loc_ids[s.locs[pos]]), loc_ids, f"{where}.id"
                             if "id" in spec and not isinstance(locs[pos], str) else where, "Location")
        slots = t.loc_slots[s.locs[pos]] + position_slot_tokens(s, pos, spec, where)  # (vocab/parts.py)
        s.civ[pos] = _int(spec.get("civilians", t.loc_start[s.locs[pos]][0]), f"{where}.civilians", 0, slots)
        s.thug[pos] = _int(spec.get("thugs", t.loc_start[s.locs[pos]][1]), f"{where}.thugs", 0, slots)
        if "extra_tokens" in spec:  # an owner's Villain's third token kind
            if not t.extra_letter:
                raise _err(f"{where}.extra_tokens", "this game's Villain has no extra_token kind")
            s.xtok[pos] = _int(spec["extra_tokens"], f"{where}.extra_tokens", 0, slots)
        if s.civ[pos] + s.thug[pos] + s.xtok[pos] > slots:
            raise _err(where, f"{s.civ[pos] + s.thug[pos] + s.xtok[pos]} tokens but only {slots} slots")
        if "threat" in spec:
            th = spec["threat"]
            s.threat[pos] = -1 if th is None else _index(th, t.threat_ids, f"{where}.threat", "Threat")
            s.need[pos * 3: pos * 3 + 3] = list(t.threat_cost[s.threat[pos]]) if th is not None else [0, 0, 0]
            s.hench[pos] = t.threat_health[s.threat[pos]] if th is not None else 0
            if t.wild_costs:
                s.need[RING * 3 + pos] = t.threat_wild[s.threat[pos]] if th is not None else 0
        if "henchman" in spec:
            full = t.threat_health[s.threat[pos]] if s.threat[pos] >= 0 else 0
            if not full:
                raise _err(f"{where}.henchman", "this Location's Threat has no Henchman")
            s.hench[pos] = _int(spec["henchman"], f"{where}.henchman", 1, full)
        for i, sym in enumerate(_list(spec.get("filled", []), f"{where}.filled")):
            kind = _index(sym, SYMBOLS, f"{where}.filled[{i}]", "symbol")
            k = RING * 3 + pos if kind == WILD else pos * 3 + kind
            if kind == WILD and not t.wild_costs:
                raise _err(f"{where}.filled[{i}]", "no Threat of this pack has a wild symbol")
            if s.need[k] <= 0:
                raise _err(f"{where}.filled[{i}]", f"no unfilled {sym} on this Threat")
            s.need[k] -= 1
    dup = {x for x in s.locs if s.locs.count(x) > 1}
    if dup:
        raise _err("locations", f"a Location appears twice: {[loc_ids[d] for d in dup]}")


def _sentinels(s: UnitedState, sentinels: Any) -> None:
    t = s.T
    if not isinstance(sentinels, dict):
        raise _err("sentinels", "expected a mapping of I/II/III to {location, health} or 'defeated'")
    if sentinels and s.phase == PHASE_NIMROD:
        raise _err("sentinels", "every Sentinel is defeated in the Nimrod phase: drop 'sentinels'")
    for key, spec in sentinels.items():
        where = f"sentinels.{key}"
        sn = _index(key, SENTINEL_IDS, where, "Sentinel")
        defeated = spec in ("defeated", None) or (
            isinstance(spec, dict) and _bool(spec.get("defeated", False), f"{where}.defeated"))
        if defeated:
            s.s_loc[sn], s.s_hp[sn] = -1, 0
            s.target = [-1 if x == sn else x for x in s.target]
            s.pile = [x for x in s.pile if x != sn]
            continue
        spec = _mapping(spec, where, SENTINEL_KEYS)
        s.s_loc[sn] = _ring(spec.get("location", s.villain_start), f"{where}.location")
        s.s_hp[sn] = _int(spec.get("health", t.sentinel_health), f"{where}.health", 1, t.sentinel_health)


def _apply(s: UnitedState, doc: dict[str, Any], heroes: list[Any]) -> None:
    t = s.T
    if "villain_start" in doc:
        s.villain_start = _ring(doc["villain_start"], "villain_start")
        s.s_loc = [s.villain_start if p >= 0 else -1 for p in s.s_loc]
        if t.mode == "standard":  # the Villain (on the board from setup) starts there too
            s.n_loc = s.villain_start
    if doc.get("locations") is not None:
        _locations(s, doc["locations"])
    if "phase" in doc:
        s.phase = {"sentinels": PHASE_SENTINELS, "nimrod": PHASE_NIMROD}.get(doc["phase"], -1) \
            if isinstance(doc["phase"], str) else -1
        if s.phase < 0:
            raise _err("phase", f"expected 'sentinels' or 'nimrod', got {_shown(doc['phase'])}")
        if s.phase == PHASE_NIMROD:
            s.s_loc, s.s_hp, s.pile = [-1, -1, -1], [0, 0, 0], []
            s.target = [-1] * len(s.target)
            s.n_loc, s.n_hp = s.villain_start, t.nimrod_health
    if doc.get("sentinels") is not None:
        _sentinels(s, doc["sentinels"])
    key = "nimrod" if "nimrod" in doc else "villain"
    nim = doc.get(key)
    if nim is not None:
        if s.phase != PHASE_NIMROD:
            raise _err(key, "Nimrod is in play only with phase: nimrod")
        nim = _mapping(nim, key, VILLAIN_KEYS)
        s.n_loc = _ring(nim.get("location", s.n_loc), f"{key}.location")
        s.n_hp = _int(nim.get("health", s.n_hp), f"{key}.health", 1, t.nimrod_health)
    _challenge(s, doc)
    if "track" in doc:
        s.track = _int(doc["track"], "track", 0, t.track_max - 1)
    # storyline first: its cards are then out of the heroes' decks
    used: set[int] = set()
    story: list[int] = []
    mp_names = [t.card_name[c] for c in t.mp_cards]
    mp_free = list(t.mp_cards)
    for i, e in enumerate(_list(doc.get("storyline") or [], "storyline")):
        where = f"storyline[{i}]"
        if isinstance(e, dict) and "master_plan" in e:
            _mapping(e, where, {"master_plan"})
            _index(e["master_plan"], mp_names, f"{where}.master_plan", "Master Plan card")
            story.append(_pick_mp(t, e["master_plan"], mp_free, f"{where}.master_plan"))
            continue
        if not isinstance(e, dict):
            raise _err(where, "expected {hero: ID, card: NAME[, facedown: true]} or {master_plan: NAME}")
        _mapping(e, where, STORY_KEYS)
        h = _index(e.get("hero"), t.hero_ids, f"{where}.hero", "hero")
        c = _card_named(s, h, e.get("card"), f"{where}.card", used)
        story.append(~c if _bool(e.get("facedown", False), f"{where}.facedown") else c)
    s.story = story
    if "master_plan" in doc:
        listed = _list(doc["master_plan"], "master_plan")
        s.mp_deck = [c for c in reversed(
            [_pick_mp(t, n, mp_free, f"master_plan[{i}]") for i, n in enumerate(listed)])]
    else:
        s.mp_deck = [c for c in s.mp_deck if c in mp_free]
    _heroes(s, heroes, used)
    if "team_tokens" in doc:  # a team card's tokens (vocab/parts.py)
        position_team_tokens(s, doc["team_tokens"])
    sync_location_decks(s)  # the decks of the Locations stated in play (vocab/parts.py)
    if "pile" in doc:
        if not t.config.solo:
            raise _err("pile", "the Target token pile is used in solo games only (DFP-SOLO1)")
        pile = _list(doc["pile"], "pile")
        s.pile = [_index(x, SENTINEL_IDS, f"pile[{i}]", "Sentinel") for i, x in enumerate(pile)][::-1]
        gone = [SENTINEL_IDS[x] for x in s.pile if s.s_loc[x] < 0]
        if gone:
            raise _err("pile", f"the token(s) of defeated Sentinel(s) {gone} left the pile (DFP-SOLO3)")
    turn = _mapping(doc.get("turn") or {}, "turn", TURN_KEYS)
    if "hero" in turn:
        s.active = _index(turn["hero"], t.hero_ids, "turn.hero", "hero")
    s.round = _int(turn.get("round", s.round), "turn.round", 1, MAX_COUNT)
    # without a number: the active hero's turn of that round, each round one turn a hero
    first = (s.round - 1) * t.n_heroes + s.active + 1
    s.turn = _int(turn.get("number", first), "turn.number", 1, MAX_COUNT)
    if s.turn < s.round:
        raise _err("turn.number", f"turn {s.turn} cannot be in round {s.round}: every round "
                   "has a turn (state a number of at least the round, or none)")
    s.since = _int(doc.get("since", 0), "since", 0, MAX_COUNT)
    if s.grab >= 0:  # DFP-C11: a held hero is where the Sentinel holding them is
        s.hero_loc[s.grab] = s.s_loc[t.challenge]
    step_name = doc.get("step", "turn_start")
    if not isinstance(step_name, str) or step_name not in STEPS:
        raise _err("step", f"expected one of {sorted(STEPS)}, got {_shown(step_name)}")
    if s.out[s.active] and step_name != "turn_start":
        raise _err("step", f"{t.hero_ids[s.active]} is eliminated: their turn is skipped; "
                   "state another hero's turn")
    if step_name == "play" and not s.hand[s.active]:
        raise _err("step", f"{t.hero_ids[s.active]} has no card in hand to play")
    s.stack = list(STEPS[step_name])
    if step_name == "play":  # the rest of the turn as the game queues it (with its hooks)
        s.stack = turn_frames(s, s.active)[::-1]
    if step_name != "turn_start":
        s.pool, s.fx_card = [0, 0, 0, 0], -1


def _heroes(s: UnitedState, heroes: list[Any], used: set[int]) -> None:
    """Each stated hero's Location, cards, tokens, Target token and KO/elimination."""
    t = s.T
    stated: dict[int, int] = {}
    for h, spec in enumerate(heroes):
        if isinstance(spec, str):
            spec = {}
        where = f"heroes[{h}]"
        if "location" in spec:
            s.hero_loc[h] = _ring(spec["location"], f"{where}.location")
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
        toks = _mapping(spec.get("tokens") or {}, f"{where}.tokens")
        for sym, n in toks.items():
            k = _index(sym, SYMBOLS, f"{where}.tokens", "symbol")
            s.tokens[h * 4 + k] = _int(n, f"{where}.tokens.{sym}", 0, MAX_TOKENS)
        if "target" in spec:
            tg = spec["target"]
            s.target[h] = -1 if tg in (None, "none") else _index(tg, SENTINEL_IDS, f"{where}.target", "Sentinel")
            stated[h] = s.target[h]
        if s.comp or s.T.clones or "companion" in spec or "clones" in spec:  # vocab/components.py
            position_figures(s, h, spec, where)
        if s.parts or any(k in spec for k in ("own_tokens", "own_deck", "markers")):  # vocab/parts.py
            position_parts(s, h, spec, where)
        s.ko[h] = int(_bool(spec.get("ko", False), f"{where}.ko"))
        s.out[h] = int(_bool(spec.get("eliminated", False), f"{where}.eliminated"))
        if s.out[h] and (t.mode == "standard" or s.phase != PHASE_NIMROD):
            raise _err(f"{where}.eliminated", "heroes are eliminated only while Nimrod fights "
                       "(DFP-D3): state `phase: nimrod`" if t.mode != "standard" else
                       "a KO'd hero of a standard game is not eliminated (MU-22): state `ko: true`")
    for h in range(t.n_heroes):
        if len(heroes) > h and isinstance(heroes[h], dict) and "hand" in heroes[h]:
            continue
        s.hand[h] = [c for c in s.hand[h] if c not in used]
        s.deck[h] = [c for c in s.deck[h] if c not in used]
    for h in range(t.n_heroes):  # a Target token is held by one hero only
        if h not in stated and s.target[h] in stated.values():
            s.target[h] = -1
    twice = sorted({SENTINEL_IDS[x] for x in stated.values() if x >= 0 and list(stated.values()).count(x) > 1})
    if twice:
        raise _err("heroes", f"a Target token is held by one hero only: {twice} stated twice")
    if all(s.out):
        raise _err("heroes", "every hero is eliminated: that game is over")


def _pick_mp(t: Any, name: Any, free: list[int], where: str) -> int:
    for c in free:
        if t.card_name[c] == name:
            free.remove(c)
            return c
    raise _err(where, f"no free Master Plan card named {_shown(name)}")


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
        _mapping(missions, "missions", MISSION_KEYS)
        for i, key in enumerate(("rescued", "thugs", "threats")):
            s.progress[i] = _int(missions.get(key, 0), f"missions.{key}", 0, MAX_COUNT)
    spec = doc.get("challenge")
    if spec is None:
        return
    if t.challenge < 0 or not isinstance(spec, dict):
        raise _err("challenge", "a mapping {location, health, holding}; the config needs a challenge")
    _mapping(spec, "challenge", CHALLENGE_KEYS)
    sn = t.challenge
    if _bool(spec.get("defeated", False), "challenge.defeated"):
        s.s_loc[sn], s.s_hp[sn] = -1, 0
        return
    s.s_loc[sn] = _ring(spec.get("location", s.s_loc[sn]), "challenge.location")
    s.s_hp[sn] = _int(spec.get("health", s.s_hp[sn]), "challenge.health", 1, 40)
    if spec.get("holding") is not None:
        if t.challenge_task != "grab":
            raise _err("challenge.holding", "only Sentinel III grabs heroes")
        s.grab = _index(spec["holding"], t.hero_ids, "challenge.holding", "hero")
