"""Sentinels positions: a human-writable statement of any moment of a game
(docs/sentinels-positions.md).

Everything a position leaves unstated takes its setup value for the same seed: the setup is
run first (the villain's setup text, any choice it asks taking its first option, then each
player draws, SOTM-2), the stated fields overwrite it, and the game runs forward from the
stated turn and phase to its first real decision.
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
from multiverse.sentinels.config import SentinelsConfig
from multiverse.sentinels.state import Z_BOX, Z_DECK, Z_HAND, Z_PLAY, Z_TRASH, SentinelsState
from multiverse.sentinels.tables import ONE_SHOT
from multiverse.sentinels.zones import lift

KNOWN = {"config", "seed", "heroes", "villain", "environment", "turn", "counters"}
HERO_KEYS = {"id", "hp", "hand", "deck", "trash", "play", "incapacitated", "tokens"}
VILLAIN_KEYS = {"id", "hp", "flipped", "face", "play", "deck", "trash"}
ENV_KEYS = {"id", "play", "deck", "trash"}
CARD_KEYS = {"name", "hp", "tokens", "entered", "face"}
TURN_KEYS = {"whose", "phase", "round", "played", "powered"}
HERO_PHASES = ("start", "play", "power", "draw", "end")
DECK_PHASES = ("start", "play", "end")
ZONE_OF = {"hand": Z_HAND, "deck": Z_DECK, "trash": Z_TRASH, "play": Z_PLAY}


MAX_COUNT = 10**6  # rounds and counters on a card
MAX_HP = 999  # a stated HP: far above any card's


# ----- loading --------------------------------------------------------------------------
def load_sentinels_position(source: str | Path | dict[str, Any], log: bool = False) -> SentinelsState:
    """Build a Sentinels state from a position file (YAML/JSON) or mapping; a malformed
    position raises `PositionError` naming the field. `log=True` records the events of the
    run from the stated turn and phase to the first decision (the setup is never logged)."""
    doc, base = read_position(source)
    try:
        return _load(doc, base, log)
    except PositionError as exc:
        raise in_file(exc, Path(source) if base is not None else None) from None  # type: ignore[arg-type]


def _config(doc: dict[str, Any], base: Path | None) -> SentinelsConfig:
    """The configuration: `config` with the top-level `heroes` and the villain's and
    environment's ids."""
    cfg = doc.get("config")
    cfg = dict(_mapping(cfg, "config")) if cfg is not None else {}
    top: dict[str, str] = {}  # configuration fields stated at the top level
    heroes = doc.get("heroes")
    if heroes is not None:
        cfg["heroes"], top["heroes"] = hero_ids(heroes, HERO_KEYS), "heroes"
    for key, keys in (("villain", VILLAIN_KEYS), ("environment", ENV_KEYS)):
        spec = doc.get(key)
        if spec is None:
            continue
        if isinstance(spec, dict):
            _mapping(spec, key, keys)
            if "id" not in spec:
                continue
            spec, top[key] = spec["id"], f"{key}.id"
        else:
            top[key] = key
        if not isinstance(spec, str):
            raise _err(top[key], f"expected an id, got {_shown(spec)}")
        cfg[key] = spec
    if base is not None and isinstance(cfg.get("content"), str):
        rel = base / cfg["content"]
        if not Path(cfg["content"]).is_absolute() and rel.exists():
            cfg["content"] = str(rel)

    def where(loc: tuple) -> str:
        if not loc:  # the hero count
            return "heroes" if "heroes" in top else "config.heroes"
        head = top.get(loc[0]) if isinstance(loc[0], str) else None
        return head + place(("x", *loc[1:]))[1:] if head else "config." + place(loc)

    try:
        return SentinelsConfig.model_validate(cfg)
    except ValidationError as exc:
        raise problems(validation_lines(exc, where)) from None


def top_field(doc: dict[str, Any], key: str) -> str:
    """Where the position states the configuration field `key`."""
    spec = doc.get(key)
    if spec is None:
        return f"config.{key}"
    return f"{key}.id" if isinstance(spec, dict) else key


def _load(doc: dict[str, Any], base: Path | None, log: bool) -> SentinelsState:
    from multiverse.sentinels.game import tables
    from multiverse.sentinels.setup import setup

    extra = set(doc) - KNOWN
    if extra:
        raise _err("top level", f"unknown field(s) {names(extra)}; known: {sorted(KNOWN)}")
    config = _config(doc, base)
    seed = as_seed(doc.get("seed", 0))
    try:
        t = tables(config)
    except ContentError as exc:
        first, pack = str(exc), str(Path(config.content)) if config.content else None
        field = "config"
        for start, key in (("unknown hero id", "heroes"), ("unknown villain", "villain"),
                           ("unknown environment", "environment")):
            if first.startswith(start):
                field = top_field(doc, key)
        if pack and first.startswith(pack):
            field = "config.content"
        raise problems(content_lines(exc, field)) from None
    s = setup(t, seed)
    try:
        _run_setup(s)
        _apply(s, doc, doc.get("heroes") or [])
        s.decisions = 0
        s.live = None  # (faces and play were stated)
        if log:
            s.log = []
        s.advance()
    except PositionError:
        raise
    except (LookupError, TypeError, ValueError, ArithmeticError, AttributeError, AssertionError,
            RecursionError) as exc:  # a gap in the checks: still one line, no traceback
        raise _err("top level", f"the game cannot run on from this position "
                   f"({type(exc).__name__}: {_shown(str(exc))}); see docs/sentinels-positions.md") from None
    return s


def _run_setup(s: SentinelsState) -> None:
    """Resolve the villain's setup text and deal the hands (SOTM-2), each choice taking its
    first option; stop before the first round."""
    assert s.stack[0] == ("round",)
    del s.stack[0]
    s.advance()
    while s._decision is not None:
        s.apply(s._decision.options[0].id)
    s.phase = "start"


# ----- zones ----------------------------------------------------------------------------
def _pick(s: SentinelsState, o: int, name: Any, where: str, used: set[int], stated: set[int]) -> int:
    """A free copy of card `name` of owner `o`, preferring copies in zones being restated."""
    t = s.T
    pool = t.deck_cards[o]
    best = -1
    for c in pool:
        if t.name[c] == name and c not in used:
            if s.zone[c] in stated or s.zone[c] == Z_BOX:
                best = c
                break
            if best < 0:
                best = c
    if best < 0:
        known = sorted({t.name[c] for c in pool})
        raise _err(where, f"{_shown(name)} is not a (free) card of {t.owner_names[o]}; its cards: {known}")
    used.add(best)
    return best


def _card_spec(spec: Any, where: str) -> dict[str, Any]:
    if isinstance(spec, str):
        return {"name": spec}
    spec = _mapping(spec, where, CARD_KEYS)
    if "name" not in spec:
        raise _err(where, "a card in play needs a 'name'")
    return spec


def _owner_zones(s: SentinelsState, o: int, spec: dict[str, Any], where: str,
                 zones: tuple[str, ...]) -> list[tuple[int, dict[str, Any], str]]:
    """Restate the zones of owner `o` that `spec` names. An unstated zone keeps its setup
    cards minus those the position puts elsewhere; cards taken out of a stated hand, trash or
    play area go back to an unstated deck (the hand's on top in the order drawn, restoring
    the seed's order; the others at the bottom) or, when the deck is stated, out of the game.
    Returns the cards stated in play with their specs."""
    t = s.T
    stated_zones = [z for z in zones if z in spec]
    if not stated_zones:
        return []
    stated = {ZONE_OF[z] for z in stated_zones}
    used: set[int] = set()
    placed: dict[str, list[int]] = {}
    in_play: list[tuple[int, dict[str, Any], str]] = []
    for z in stated_zones:
        cards = []
        for i, item in enumerate(_list(spec[z], f"{where}.{z}")):
            w = f"{where}.{z}[{i}]"
            if z == "play":
                cs = _card_spec(item, w)
                c = _pick(s, o, cs["name"], f"{w}.name" if isinstance(item, dict) else w, used, stated)
                in_play.append((c, cs, w))
            else:
                if not isinstance(item, str):
                    raise _err(w, f"expected a card name, got {_shown(item)}")
                c = _pick(s, o, item, w, used, stated)
            cards.append(c)
        placed[z] = cards
    own = set(t.deck_cards[o])
    old = {z: [c for c in getattr(s, z)[o] if c in own] for z in ("hand", "deck", "trash", "play")}
    old_seq = {c: s.seq[c] for c in old["play"]}
    for c in t.deck_cards[o]:  # lift every deck card of this owner (characters stay)
        lift(s, c)
        s.own_home()[c] = o
    new: dict[str, list[int]] = {}
    for z in ("hand", "deck", "trash", "play"):
        if z in placed:
            new[z] = placed[z][::-1] if z == "deck" else placed[z]  # decks: top card last
        else:
            new[z] = [c for c in old[z] if c not in used]
    if "deck" not in placed:
        back_top = [c for c in old["hand"] if c not in used and "hand" in placed]
        back_bottom = [c for z in ("trash", "play") if z in placed for c in old[z] if c not in used]
        new["deck"] = back_bottom + new["deck"] + back_top[::-1]
    for z in ("hand", "deck", "trash"):
        lst = getattr(s, z)[o]
        for c in new[z]:
            lst.append(c)
            s.zone[c] = ZONE_OF[z]
    if "play" not in placed:  # kept from the setup, in their setup order, before stated cards
        return [(c, {"name": t.name[c], "_seq": old_seq[c]}, f"{where}.play") for c in new["play"]]
    return in_play


def hero_tokens(s: SentinelsState, d: int, value: Any, where: str) -> list[int]:
    """Two-sided tokens of hero deck `d` (OBL-HE2: The Harpy's): a list of sides, or a
    mapping side -> count."""
    sides = s.T.hero_tokens[d][0]
    if not sides:
        raise _err(where, f"{s.T.hdeck_names[d]} has no two-sided tokens")
    if isinstance(value, dict):
        out = []
        for side, n in value.items():
            if side not in sides:
                raise _err(where, f"unknown side {_shown(side)}; expected one of {list(sides)}")
            out += [sides.index(side)] * _int(n, f"{where}.{side}", 0, 20)
        return out
    out = []
    for i, side in enumerate(_list(value, where)):
        if side not in sides:
            raise _err(f"{where}[{i}]", f"unknown side {_shown(side)}; expected one of {list(sides)}")
        out.append(sides.index(side))
    return out


def _apply(s: SentinelsState, doc: dict[str, Any], heroes: list[Any]) -> None:
    t = s.T
    n = t.n_heroes
    entries: list[tuple[int, dict[str, Any], str]] = []
    hero_specs: list[dict[str, Any]] = []
    for h in range(n):
        spec = heroes[h] if h < len(heroes) and isinstance(heroes[h], dict) else {}
        hero_specs.append(_mapping(spec, f"heroes[{h}]", HERO_KEYS))
    vspec = doc.get("villain")
    vspec = _mapping(vspec if isinstance(vspec, dict) else {}, "villain", VILLAIN_KEYS)
    espec = doc.get("environment")
    espec = _mapping(espec if isinstance(espec, dict) else {}, "environment", ENV_KEYS)
    # incapacitated heroes first: their play areas hold only their character (SOTM-17)
    for h, spec in enumerate(hero_specs):
        where = f"heroes[{h}]"
        if "incapacitated" in spec and _bool(spec["incapacitated"], f"{where}.incapacitated"):
            if spec.get("play"):
                raise _err(f"{where}.play", "an incapacitated hero has no cards in play (SOTM-17)")
            s.incap[h] = 1
            spec = {**spec, "play": []}
            hero_specs[h] = spec
        entries += _owner_zones(s, h, spec, where, ("hand", "deck", "trash", "play"))
    if all(s.incap):
        raise _err("heroes", "every hero is incapacitated: that game is over (SOTM-18)")
    entries += _owner_zones(s, t.villain, vspec, "villain", ("deck", "trash", "play"))
    entries += _owner_zones(s, t.env, espec, "environment", ("deck", "trash", "play"))
    _enter_play(s, entries)
    for h, spec in enumerate(hero_specs):
        where = f"heroes[{h}]"
        char = t.character[h]
        if s.incap[h]:  # SOTM-17: the character shows its incapacitated face (no HP)
            s.own_face()[char] = t.n_faces[char] - 1
            s.hp[char] = _int(spec.get("hp", 0), f"{where}.hp", -MAX_HP, 0)
        elif "hp" in spec:
            s.hp[char] = _int(spec["hp"], f"{where}.hp", -MAX_HP, MAX_HP)
            if not 1 <= s.hp[char] <= s.max_hp(char):
                raise _err(f"{where}.hp", f"expected 1..{s.max_hp(char)} (a hero at 0 HP or less "
                           "is incapacitated: state `incapacitated: true`)")
        if "tokens" in spec:
            s.htok[h] = hero_tokens(s, h, spec["tokens"], f"{where}.tokens")
    vc = t.villain_character
    if "flipped" in vspec and _bool(vspec["flipped"], "villain.flipped"):
        if t.n_faces[vc] < 2:
            raise _err("villain.flipped", f"{t.name[vc]} has no flip side")
        if "face" in vspec:
            raise _err("villain.flipped", "state `flipped` or `face`, not both")
        _show_face(s, vc, 1)
    if "face" in vspec:
        _show_face(s, vc, _int(vspec["face"], "villain.face", 0, t.n_faces[vc] - 1))
    full = s.max_hp(vc)
    if "hp" in vspec:
        s.hp[vc] = _int(vspec["hp"], "villain.hp", -MAX_HP, MAX_HP)
        if not 1 <= s.hp[vc] <= full:
            raise _err("villain.hp", f"expected 1..{full}")
    stated_counters(s, doc.get("counters"))
    _turn(s, doc.get("turn"))


def stated_counters(s: SentinelsState, spec: Any) -> None:
    """`counters: {Devastation: 3}`: named counters' values, within their bounds (OBL-ID1).
    Stating a value fires no threshold."""
    if spec is None:
        return
    t = s.T
    spec = _mapping(spec, "counters", set(t.counter_names))
    for name, value in spec.items():
        i = t.counter_index[name]
        s.ctr[i] = _int(value, f"counters.{name}", t.counter_min[i], t.counter_max[i])


def _show_face(s: SentinelsState, c: int, face: int) -> None:
    """A stated face: shown as printed, at that face's full HP (its flip text does not
    resolve)."""
    s.own_face()[c] = face
    s.hp[c] = s.max_hp(c)


def _enter_play(s: SentinelsState, entries: list[tuple[int, dict[str, Any], str]]) -> None:
    """Put the cards in play in their play-entry order (SOTM-7). Characters entered first,
    at setup; then the setup's cards the position keeps, in setup order; then the stated
    cards as listed (heroes in turn order, then the villain, then the environment), which
    `entered: N` reorders (unstated N = 0, ties in listing order)."""
    t = s.T
    chars = set(t.character) | {t.villain_character}
    for o, area in enumerate(s.play):  # setup cards of owners the position did not restate
        for c in [x for x in area if x not in chars]:
            entries.append((c, {"name": t.name[c], "_seq": s.seq[c]}, f"play of {t.owner_names[o]}"))
            area.remove(c)
            s.zone[c] = Z_BOX
    s.next_seq = max(s.seq[c] for c in chars) + 1
    for c, spec, where in entry_order(entries):
        place_stated(s, c, spec, where, s.home[c])
    s.inplay = sorted((c for area in s.play for c in area), key=s.seq.__getitem__)
    s.live = None



def entry_order(entries: list[tuple]) -> list[tuple]:
    """SOTM-7: the order stated cards enter play: the setup's cards (`_seq`) first, in
    setup order, then the stated ones by `entered` (unstated 0), ties in listing order.
    Each entry starts `(card, spec, where, ...)`."""
    def key(item: tuple[int, tuple]) -> tuple[int, int, int]:
        i, (_c, spec, where, *_rest) = item
        if "_seq" in spec:
            return (0, spec["_seq"], 0)
        return (1, _int(spec.get("entered", 0), f"{where}.entered", -MAX_COUNT, MAX_COUNT), i)

    return [e for _i, e in sorted(enumerate(entries), key=key)]


def place_stated(s: SentinelsState, c: int, spec: dict[str, Any], where: str, home: int) -> None:
    """Put a stated card into `home`'s play area, next in play order, at its stated face
    (SOTM-10 Limited, SOTM-8 one-shots refused), HP and tokens."""
    t = s.T
    if t.card[c].limited and any(t.name[x] == t.name[c] for area in s.play for x in area):
        raise _err(where, f"{t.name[c]!r} is Limited: only one copy can be in play (SOTM-10)")
    if "_face" in spec:
        s.own_face()[c] = spec["_face"]
    elif "face" in spec:
        s.own_face()[c] = _int(spec["face"], f"{where}.face", 0, t.n_faces[c] - 1)
    if t.kind[c][s.face[c]] == ONE_SHOT:
        raise _err(where, f"{t.name[c]!r} is a one-shot: it never stays in play (SOTM-8)")
    s.own_home()[c] = home
    s.play[home].append(c)
    s.zone[c] = Z_PLAY
    s.own_seq()[c] = s.next_seq
    s.next_seq += 1
    full = s.hp[c] = s.max_hp(c)
    if "hp" in spec:
        if not full:
            raise _err(f"{where}.hp", f"{t.face_name[c][s.face[c]]!r} is not a target: it has no HP")
        s.hp[c] = _int(spec["hp"], f"{where}.hp", -MAX_HP, MAX_HP)
        low = -99 if t.card[c].indestructible else 1
        if not low <= s.hp[c] <= full:
            raise _err(f"{where}.hp", f"expected 1..{full}" if low == 1 else
                       f"expected at most {full}")
    if "tokens" in spec:
        s.own_tok()[c] = _int(spec["tokens"], f"{where}.tokens", 0, MAX_COUNT)


def _turn(s: SentinelsState, turn: Any) -> None:
    """Whose turn it is and at which phase; the rest of the round follows (SOTM-4, SOTM-5)."""
    t = s.T
    n = t.n_heroes
    turn = _mapping(turn if turn is not None else {}, "turn", TURN_KEYS)
    whose = turn.get("whose", "villain")
    if whose == "villain":
        o = t.villain
    elif whose == "environment":
        o = t.env
    elif isinstance(whose, int) and not isinstance(whose, bool) and 0 <= whose < n:
        o = whose
    elif whose in t.hero_ids:
        o = t.hero_ids.index(whose)
    else:
        raise _err("turn.whose", f"unknown {_shown(whose)}; expected a hero id {list(t.hero_ids)}, "
                   "'villain' or 'environment'")
    phase = turn.get("phase", "start")
    allowed = HERO_PHASES if o < n else DECK_PHASES
    if o < n and s.incap[o]:
        allowed = ("start",)
    if phase not in allowed:
        raise _err("turn.phase", f"expected one of {list(allowed)} for {t.owner_names[o]}'s turn")
    s.round = _int(turn.get("round", 1), "turn.round", 1, MAX_COUNT)
    for key in ("played", "powered"):
        if key in turn and (o >= n or phase in ("start", "play")):
            raise _err(f"turn.{key}", "stated only for a hero's power, draw or end phase")
    s.played = int(_bool(turn.get("played", False), "turn.played"))
    s.powered = int(_bool(turn.get("powered", False), "turn.powered"))
    s.turn = o
    s.phase = phase
    if o < n:
        if phase == "start":
            frames: list[tuple] = [("hero_turn", o)]
        else:
            rest = [("play_phase", o), ("power_phase", o), ("draw_phase", o), ("turn_end", o)]
            frames = rest[HERO_PHASES.index(phase) - 1:]
        frames += [("hero_turn", h) for h in range(o + 1, n)] + [("environment_turn",)]
    else:
        name = "villain_turn" if o == t.villain else "environment_turn"
        frames = {"start": [(name,)], "play": [("play_top", o), ("turn_end", o)],
                  "end": [("turn_end", o)]}[phase]
        if o == t.villain:
            frames += [("hero_turn", h) for h in range(n)] + [("environment_turn",)]
    frames.append(("round_end",))
    s.stack = frames[::-1]


__all__ = ["load_sentinels_position"]
