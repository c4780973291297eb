"""OblivAeon positions: a human-writable statement of a moment of an OblivAeon game, between
two turns or at a phase of one (docs/oblivaeon-positions.md).

As for the base game's positions (`multiverse.sentinels.position`), everything a position
leaves unstated takes its setup value for the same configuration and seed: the setup runs
first (OBL-S1 … S8, then each player draws), the stated fields overwrite it, the result must
keep every invariant of the mode (`oblivaeon.invariants.check_invariants`), and the game runs
forward from the stated turn and phase to its first real decision. A position holds no
effect halfway through: it waits at the start (or a phase) of a turn.
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
    in_file,
    names,
    place,
    problems,
    read_position,
    validation_lines,
)
from multiverse.engine.positions import field_error as _err
from multiverse.engine.positions import shown as _shown
from multiverse.sentinels.oblivaeon.config import OblivaeonConfig
from multiverse.sentinels.oblivaeon.setup import ASIDE, GONE, UNUSED, set_up_hero
from multiverse.sentinels.position import entry_order, hero_tokens, place_stated, stated_counters
from multiverse.sentinels.state import (
    Z_BOX,
    Z_DECK,
    Z_HAND,
    Z_PLAY,
    Z_REMOVED,
    Z_RESERVE,
    Z_TRASH,
    Z_UNDER,
    SentinelsState,
)
from multiverse.sentinels.zones import draw, lift, put

KNOWN = {"mode", "config", "seed", "heroes", "round", "turn", "counters", "oblivaeon", "shield",
         "reserve", "mission_deck", "villain_decks", "zones", "set_aside", "removed_environments",
         "players", "erased"}
PLAYER_KEYS = {"hero", "zone", "hp", "hand", "deck", "trash", "play", "tokens", "missions",
               "incapacitated", "out_of_heroes"}
ZONE_KEYS = {"environment", "scions", "villain_play"}
ENV_KEYS = {"id", "play", "deck", "trash"}
OB_KEYS = {"zone", "form", "hp"}
SHIELD_KEYS = {"name", "face", "tokens", "removed"}
CARD_KEYS = {"name", "hp", "tokens", "entered", "face"}
MISSION_KEYS = {"name", "side", "hp", "tokens", "entered"}
INCAP_KEYS = {"character", "under", "entered"}
DECK_KEYS = {"deck", "trash"}
VILLAIN_DECKS = ("oblivaeon", "scion", "aeon_men")
TURN_KEYS = {"whose", "phase", "round", "played", "powered"}
HERO_PHASES = ("start", "play", "power", "draw", "end")
DECK_PHASES = ("start", "play", "end")
SIDES = ("objective", "reward")
ZONE_OF = {"hand": Z_HAND, "deck": Z_DECK, "trash": Z_TRASH, "play": Z_PLAY}
MAX_COUNT = 10**6  # rounds and tokens on a card
MAX_HP = 999  # a stated HP: far above any card's
DOCS = "see docs/oblivaeon-positions.md"

Entry = tuple[int, dict[str, Any], str, int, int]  # card, spec, where, home, zone (-1: its area's)


# ----- loading --------------------------------------------------------------------------
def load_oblivaeon_position(source: str | Path | dict[str, Any], log: bool = False) -> SentinelsState:
    """Build an OblivAeon state from a position file (YAML/JSON) or mapping; a malformed
    position raises `PositionError` naming the field. `log=True` records the events of the
    run from the stated turn to the first decision (the setup is never logged)."""
    doc, base = read_position(source)
    try:
        return _load(doc, base, log)
    except PositionError as exc:
        raise in_file(exc, Path(source) if base is not None else None) from None  # type: ignore[arg-type]


def _config(doc: dict[str, Any], base: Path | None) -> OblivaeonConfig:
    """The configuration: `config`, with the top-level `heroes` (or the players' heroes) and
    the Shield's `name` merged in."""
    cfg = doc.get("config")
    cfg = dict(_mapping(cfg, "config")) if cfg is not None else {}
    if "mode" in doc and doc["mode"] != "oblivaeon":
        raise _err("mode", f"expected 'oblivaeon', got {_shown(doc['mode'])}")
    if cfg.get("mode", "oblivaeon") != "oblivaeon":
        raise _err("config.mode", f"expected 'oblivaeon', got {_shown(cfg['mode'])}")
    top: dict[str, str] = {}  # configuration fields stated outside `config`
    if base is not None and isinstance(cfg.get("content"), str):
        rel = base / cfg["content"]
        if not Path(cfg["content"]).is_absolute() and rel.exists():
            cfg["content"] = str(rel)
    if "heroes" in doc:
        heroes = _list(doc["heroes"], "heroes")
        for i, h in enumerate(heroes):
            if not isinstance(h, str):
                raise _err(f"heroes[{i}]", f"expected a hero id, got {_shown(h)}")
        cfg["heroes"], top["heroes"] = heroes, "heroes"
    elif "heroes" not in cfg:
        derived = _players_heroes(doc.get("players"), cfg.get("content"))
        if derived is not None:
            cfg["heroes"], top["heroes"] = derived, "players"
    heroes = cfg.get("heroes")
    if isinstance(heroes, list | tuple):
        hw = top.get("heroes", "config.heroes")
        if not 3 <= len(heroes) <= 5:
            raise _err(hw, f"a game has 3 to 5 heroes, not {len(heroes)}")
        for i, h in enumerate(heroes):
            if h in heroes[:i]:
                w = f"players[{i}].hero" if hw == "players" else f"{hw}[{i}]"
                raise _err(w, f"{h!r} appears twice: no two players play one hero deck (OBL-I5)")
    shield = doc.get("shield")
    if isinstance(shield, dict) and "name" in shield:
        cfg["shield"], top["shield"] = shield["name"], "shield.name"

    def where(loc: tuple) -> str:
        if not loc or loc[0] not in top:
            return place(("config", *loc)) if loc else "config"
        head = top[loc[0]]
        if head == "players":
            return f"players[{loc[1]}].hero" if len(loc) > 1 else "players"
        return head + place(("x", *loc[1:]))[1:]

    try:
        return OblivaeonConfig.model_validate(cfg)
    except ValidationError as exc:
        raise problems(validation_lines(exc, where)) from None


def _players_heroes(players: Any, content: Any) -> list[str] | None:
    """The hero ids of the players' stated heroes (ids or character names), when every
    player states one: the game's heroes when the position names none."""
    if not isinstance(players, list) or not players or not all(
            isinstance(p, dict) and isinstance(p.get("hero"), str) for p in players):
        return None
    from multiverse.sentinels.content import load_sentinels_content

    try:
        pack = load_sentinels_content(content if isinstance(content, str) else None)
    except ContentError as exc:
        raise problems(content_lines(exc, "config.content")) from None
    ids: dict[str, str] = {}
    for h in pack.heroes:
        ids[h.id] = ids[h.name] = h.id
        for var in h.variants:
            ids[var.name] = h.id
    for i, p in enumerate(players):
        if p["hero"] not in ids:
            raise _err(f"players[{i}].hero", f"unknown hero {_shown(p['hero'])}; expected a hero id "
                       f"or a character card's name: {sorted(ids)}")
    return [ids[p["hero"]] for p in players]


def _load(doc: dict[str, Any], base: Path | None, log: bool) -> SentinelsState:
    from multiverse.sentinels.oblivaeon.game import tables
    from multiverse.sentinels.oblivaeon.setup import setup

    extra = set(doc) - KNOWN
    if extra:
        raise _err("top level", f"unknown field(s) {names(extra)}; known: {sorted(KNOWN)}")
    config = _config(doc, base)
    seed = as_seed(doc.get("seed", 0))
    try:
        t = tables(config)
    except ContentError as exc:
        first = str(exc)
        field = "config"
        for start, key in (("unknown hero id", "heroes"), ("unknown environment", "config.environments"),
                           ("unknown Shield", "shield.name" if isinstance(doc.get("shield"), dict)
                            and "name" in doc["shield"] else "config.shield"),
                           ("unknown Scion", "config.scion_order")):
            if first.startswith(start):
                field = key
                if key == "heroes" and "heroes" not in doc:
                    field = "players" if "heroes" not in (doc.get("config") or {}) else "config.heroes"
        if config.content and first.startswith(str(Path(config.content))):
            field = "config.content"
        raise problems(content_lines(exc, field)) from None
    s = setup(t, seed)
    try:
        _run_setup(s)
        _apply(s, doc)
        _checked(s, before=True)
        s.decisions = 0
        s.live = None  # (faces and play were stated)
        if log:
            s.log = []
        s.advance()
        _checked(s, before=False)
    except PositionError:
        raise
    except (LookupError, TypeError, ValueError, ArithmeticError, AttributeError, AssertionError,
            RecursionError, StopIteration) as exc:  # a gap in the checks: still one line, no traceback
        raise _err("top level", f"the game cannot run on from this position "
                   f"({type(exc).__name__}: {_shown(str(exc))}); {DOCS}") from None
    return s


def _run_setup(s: SentinelsState) -> None:
    """The setup's hands (OBL-S1 … S8, each player draws); stop before the first round."""
    assert s.stack[0] == ("ob_round",)
    del s.stack[0]
    s.advance()
    while s._decision is not None:
        s.apply(s._decision.options[0].id)
    s.phase = "start"


def _checked(s: SentinelsState, before: bool) -> None:
    """The mode's invariants (OBL-C1, E2, I5, …): a position breaking one is refused with its
    message. Before the run, no decision is pending yet: the last check is skipped."""
    from multiverse.sentinels.oblivaeon.invariants import check_invariants

    try:
        check_invariants(s)
    except AssertionError as exc:
        msg = str(exc) or "an unnamed invariant of the OblivAeon mode"
        if before and msg == "a game that is not over has a decision":
            return
        raise _err("top level", f"the position breaks an invariant: {msg}; {DOCS}") from None


# ----- cards and where they are stated ------------------------------------------------------
class _Places:
    """Where each card is stated: a card is stated in one place only."""

    def __init__(self, s: SentinelsState) -> None:
        self.s = s
        self.at: dict[int, str] = {}

    def claim(self, c: int, where: str) -> None:
        if c in self.at:
            raise _err(where, f"{self.s.T.name[c]!r} is already stated at {self.at[c]}: a card is "
                       "in one place only")
        self.at[c] = where

    def pick(self, pool: list[int], name: Any, where: str, what: str, home: int = -2,
             restated: frozenset[int] = frozenset()) -> tuple[int, int]:
        """A copy of the card called `name` (any of its faces' names) among `pool` not stated
        elsewhere, and which face the name names. Of several copies: one in the box, else in
        a zone of area `home` being restated, else in its deck, else any (so that unstated
        zones keep their cards)."""
        s, t = self.s, self.s.T
        if not isinstance(name, str):
            raise _err(where, f"expected a card name, got {_shown(name)}")
        cands = [c for c in pool if name in t.face_name[c]]
        free = [c for c in cands if c not in self.at]

        def rank(c: int) -> int:
            z = s.zone[c]
            if z == Z_BOX:
                return 0
            if s.home[c] != home:
                return 3
            return 1 if z in restated else 2 if z == Z_DECK else 3

        best = min(free, key=rank) if free else -1
        taken = self.at[cands[0]] if cands and not free else ""
        if best < 0:
            if taken:
                raise _err(where, f"{name!r}: every copy is already stated elsewhere (at {taken}): "
                           "a card is in one place only")
            known = sorted({t.name[c] for c in pool})
            raise _err(where, f"{name!r} is not a card of {what}; its cards: {known}")
        self.claim(best, where)
        return best, t.face_name[best].index(name)


def _card_spec(spec: Any, where: str, keys: set[str], key: str = "name") -> tuple[dict[str, Any], str]:
    """A card stated by name or as a mapping; and where its name is stated."""
    if isinstance(spec, str):
        return {key: spec}, where
    spec = _mapping(spec, where, keys)
    if key not in spec:
        raise _err(where, f"a card here needs a {key!r}")
    return spec, f"{where}.{key}"


def _rebuild(s: SentinelsState, o: int, pool: list[int], placed: dict[str, list[int]],
             tops: list[int] | None, where: str) -> list[Entry]:
    """Restate the hand, deck, trash and play area of area `o` whose cards are `pool`:
    `placed` holds the stated zones' cards (decks top first), `tops` the cards stated on top
    of an otherwise unstated deck. An unstated zone keeps its cards minus those stated
    elsewhere; cards a stated hand, trash or play area displaces go back to an unstated deck
    (the hand's on top in the order drawn, the others at the bottom), else to the box.
    Returns the area's cards in play (stated or kept), to enter play in order."""
    if not placed and not tops:
        return []
    members = set(pool)
    old = {z: [c for c in getattr(s, z)[o] if c in members] for z in ("hand", "deck", "trash", "play")}
    old_seq = {c: s.seq[c] for c in old["play"]}
    used = {c for cards in placed.values() for c in cards} | set(tops or ())
    for c in [*(c for z in old.values() for c in z), *used]:
        if s.zone[c] != Z_BOX:
            lift(s, c)
    new: dict[str, list[int]] = {}
    for z in ("hand", "deck", "trash", "play"):
        new[z] = (placed[z][::-1] if z == "deck" else placed[z]) if z in placed else \
            [c for c in old[z] if c not in used]
    if "deck" not in placed:
        back_top = [c for c in old["hand"] if c not in used and "hand" in placed]
        back_bottom = [c for z in ("trash", "play") if z in placed for c in old[z] if c not in used]
        new["deck"] = back_bottom + new["deck"] + back_top[::-1] + (tops or [])[::-1]
    for z in ("hand", "deck", "trash"):
        lst = getattr(s, z)[o]
        for c in new[z]:
            lst.append(c)
            s.zone[c] = ZONE_OF[z]
            s.own_home()[c] = o
    for c in new["play"]:
        s.own_home()[c] = o
    if "play" in placed:
        return []  # the caller holds the stated cards' specs
    return [(c, {"_seq": old_seq[c]}, f"{where}.play", o, -1) for c in new["play"]]


def _zone_lists(s: SentinelsState, P: _Places, spec: dict[str, Any], where: str, pool: list[int],
                what: str, o: int, zones: tuple[str, ...], extra: list[int] | None = None,
                flat: bool = False) -> tuple[dict[str, list[int]], list[int] | None, list[Entry]]:
    """The stated zones' cards of area `o` (`extra`: more cards its hand and trash may hold,
    the Missions' rewards); a deck is a list (the whole deck, top first) or `{top: [...]}`."""
    placed: dict[str, list[int]] = {}
    tops: list[int] | None = None
    entries: list[Entry] = []
    restated = frozenset(ZONE_OF[z] for z in zones if z in spec and not (
        z == "deck" and isinstance(spec[z], dict)))
    for z in zones:
        if z not in spec:
            continue
        value, wz = spec[z], where if flat else f"{where}.{z}"
        on_top = z == "deck" and isinstance(value, dict)
        if on_top:
            value = _mapping(value, wz, {"top"}).get("top", [])
            wz += ".top"
        cards = []
        for i, item in enumerate(_list(value, wz)):
            w = f"{wz}[{i}]"
            if z == "play":
                cs, wn = _card_spec(item, w, CARD_KEYS)
                c, _f = P.pick(pool, cs["name"], wn, what, o, restated)
                entries.append((c, cs, w, o, -1))
            else:
                c, _f = P.pick(pool + (extra or []) if z != "deck" else pool, item, w, what, o, restated)
            cards.append(c)
        if on_top:
            tops = cards
        else:
            placed[z] = cards
    return placed, tops, entries


# ----- applying the position ----------------------------------------------------------------
def _apply(s: SentinelsState, doc: dict[str, Any]) -> None:
    t = s.T
    P = _Places(s)
    zspecs = _zone_specs(doc.get("zones"))
    _environments(s, doc, zspecs)
    pspecs = _player_specs(s, doc.get("players"))
    _heroes(s, P, pspecs)
    entries: list[Entry] = []
    unders: list[tuple[int, list[Any], str]] = []
    for p, spec in enumerate(pspecs):
        entries += _player_cards(s, P, p, spec, unders)
    for z, zs in enumerate(zspecs):
        env = zs.get("environment")
        if isinstance(env, dict):
            o = next(e for e in t.envs if s.azone[e] == z)
            placed, tops, stated = _zone_lists(s, P, env, f"zones[{z}].environment", t.deck_cards[o],
                                               t.owner_names[o], o, ("deck", "trash", "play"))
            entries += stated + _rebuild(s, o, t.deck_cards[o], placed, tops, f"zones[{z}].environment")
    entries += _villain_cards(s, P, doc, zspecs)
    _oblivaeon(s, doc.get("oblivaeon"))
    shield = _shield(s, doc.get("shield"))
    entries += _scions(s, P, doc.get("reserve"), zspecs)
    _mission_deck(s, P, doc.get("mission_deck"))
    _enter_play(s, entries)
    vc = t.villain_character
    for c in t.shield_cards.values():
        if s.zone[c] == Z_PLAY:
            s.bz[c] = s.bz[vc]
    if shield is not None:
        s.tok[shield[0]] = shield[1]
    ob = doc.get("oblivaeon")
    if isinstance(ob, dict) and "hp" in ob:
        full = s.max_hp(vc)
        s.hp[vc] = _int(ob["hp"], "oblivaeon.hp", -MAX_HP, MAX_HP)
        if not 1 <= s.hp[vc] <= full:
            raise _err("oblivaeon.hp", f"expected 1..{full} (the HP of the form he shows)")
    for p, spec in enumerate(pspecs):
        _player_character(s, p, spec)
    for holder, items, where in unders:
        _under(s, P, holder, items, where)
    _erased(s, doc.get("erased"))
    stated_counters(s, doc.get("counters"))
    _turn(s, doc)


def _zone_specs(value: Any) -> list[dict[str, Any]]:
    if value is None:
        return [{}, {}]
    zones = _list(value, "zones")
    if len(zones) > 2:
        raise _err("zones", f"two battle zones at most (OBL-B1), got {len(zones)}")
    out = [_mapping(z, f"zones[{i}]", ZONE_KEYS) for i, z in enumerate(zones)]
    return out + [{}] * (2 - len(out))


def _env_id(s: SentinelsState, value: Any, where: str) -> int:
    t = s.T
    if not isinstance(value, str) or value not in t.env_ids:
        raise _err(where, f"unknown environment {_shown(value)}; this content has: {list(t.env_ids)}")
    return t.envs[t.env_ids.index(value)]


def _environments(s: SentinelsState, doc: dict[str, Any], zspecs: list[dict[str, Any]]) -> None:
    """OBL-S6, E1 … E4: the environment of each battle zone, those set aside, those
    destroyed (removed from the game); five in all. Unstated: the setup's."""
    t = s.T
    named: dict[int, str] = {}

    def claim(o: int, where: str) -> None:
        if o in named:
            raise _err(where, f"{t.owner_names[o]} is already stated at {named[o]}")
        named[o] = where

    zone_env: list[int] = [-1, -1]
    for z, zs in enumerate(zspecs):
        if "environment" not in zs:
            continue
        env, w = zs["environment"], f"zones[{z}].environment"
        if isinstance(env, dict):
            _mapping(env, w, ENV_KEYS)
            if "id" not in env:
                continue
            env, w = env["id"], w + ".id"
        zone_env[z] = _env_id(s, env, w)
        claim(zone_env[z], w)
    removed = []
    for i, e in enumerate(_list(doc.get("removed_environments", []), "removed_environments")):
        removed.append(_env_id(s, e, f"removed_environments[{i}]"))
        claim(removed[-1], f"removed_environments[{i}]")
    aside: list[int] | None = None
    if "set_aside" in doc:
        aside = []
        for i, e in enumerate(_list(doc["set_aside"], "set_aside")):
            aside.append(_env_id(s, e, f"set_aside[{i}]"))
            claim(aside[-1], f"set_aside[{i}]")
    if not named and aside is None:
        return
    setup_zone = [next(o for o in t.envs if s.azone[o] == z) for z in (0, 1)]
    for z in (0, 1):
        if zone_env[z] < 0:
            o = setup_zone[z]
            if o in named:
                raise _err(f"zones[{z}]", f"no environment: its setup environment {t.owner_names[o]} "
                           f"is stated at {named[o]}; state `environment` (OBL-E2: one environment "
                           "in each battle zone)")
            zone_env[z] = o
    if aside is None:
        need = 3 - len(removed)
        if need < 0:
            raise _err("removed_environments", f"three at most: five environments are in the game, "
                       f"two of them in the battle zones (OBL-S6), got {len(removed)}")
        spare = [o for o in t.envs if s.azone[o] == ASIDE] + setup_zone + list(t.envs)
        aside = []
        for o in spare:
            if o not in named and o not in zone_env and o not in aside and len(aside) < need:
                aside.append(o)
    elif 2 + len(aside) + len(removed) != 5:
        raise _err("set_aside", f"five environments are in the game (OBL-S6): 2 in the battle "
                   f"zones, {len(aside)} set aside and {len(removed)} removed make "
                   f"{2 + len(aside) + len(removed)}")
    target = {o: UNUSED for o in t.envs}
    target.update({o: ASIDE for o in aside})
    target.update({o: GONE for o in removed})
    target.update({zone_env[0]: 0, zone_env[1]: 1})
    for o, new in target.items():
        was = s.azone[o]
        if (was == UNUSED) == (new == UNUSED) and new != GONE:
            s.azone[o] = new
            continue
        for c in t.deck_cards[o]:
            if s.zone[c] != Z_BOX:
                lift(s, c)
            s.own_face()[c] = 0
            if new == GONE:
                s.zone[c] = Z_REMOVED
            elif new != UNUSED:
                put(s, c, Z_DECK, home=o)
        if new not in (GONE, UNUSED):
            s.shuffle(s.deck[o])
        s.azone[o] = new


def _player_specs(s: SentinelsState, value: Any) -> list[dict[str, Any]]:
    n = s.T.n_heroes
    if value is None:
        return [{} for _ in range(n)]
    players = _list(value, "players")
    if len(players) > n:
        raise _err("players", f"{len(players)} players stated, but the game has {n} (one per hero "
                   "in `heroes`)")
    out = [_mapping(p, f"players[{i}]", PLAYER_KEYS) for i, p in enumerate(players)]
    return out + [{} for _ in range(n - len(out))]


def _character(s: SentinelsState, value: Any, where: str) -> int:
    """A hero id (its first character card) or a character card's name (a variant's)."""
    t = s.T
    if isinstance(value, str):
        if value in t.hdeck_ids:
            return t.hdeck_chars[t.hdeck_ids.index(value)][0]
        for chars in t.hdeck_chars:
            for c in chars:
                if t.name[c] == value:
                    return c
    known = [*t.hdeck_ids, *(t.name[c] for chars in t.hdeck_chars for c in chars[1:])]
    raise _err(where, f"unknown hero {_shown(value)}; expected a hero id or a character card's "
               f"name: {known}")


def _heroes(s: SentinelsState, P: _Places, pspecs: list[dict[str, Any]]) -> None:
    """Each player's current hero (OBL-I4, I5): another deck is set up as at the start of a
    game (its deck shuffled, a hand drawn); another variant of the same deck takes the
    character's place. A player out of heroes has none."""
    t = s.T
    targets: dict[int, int] = {}
    for p, spec in enumerate(pspecs):
        w = f"players[{p}]"
        if "out_of_heroes" in spec and _bool(spec["out_of_heroes"], f"{w}.out_of_heroes"):
            bad = sorted(k for k in spec if k in {"hero", "hp", "hand", "deck", "trash", "play",
                                                  "tokens", "missions"})
            if bad:
                raise _err(f"{w}.{bad[0]}", "a player out of heroes has no hero: state only "
                           "`zone` and `incapacitated`")
            targets[p] = -1
        elif "hero" in spec:
            targets[p] = _character(s, spec["hero"], f"{w}.hero")
        if "zone" in spec:
            s.azone[p] = _int(spec["zone"], f"{w}.zone", 1, 2) - 1
    fresh = []
    for p, c in targets.items():
        cur = s.char[p]
        d = t.hdeck[cur]
        if c >= 0 and t.hdeck[c] == d:
            if c != cur:  # another variant of the same deck
                lift(s, cur)
                s.char[p] = c
                s.own_home()[c] = p
                put(s, c, Z_PLAY, home=p)
            continue
        for x in (*t.hdeck_cards[d], cur):
            if s.zone[x] != Z_BOX:
                lift(s, x)
            s.own_face()[x] = 0
        s.user[d] = -1
        s.htok[p] = []
        if c < 0:
            s.incap[p] = 2
            s.char[p] = -1
        else:
            fresh.append((p, c))
    for p, c in fresh:
        d = t.hdeck[c]
        if s.user[d] != -1:
            raise _err(f"players[{p}].hero", f"{t.hdeck_names[d]}'s deck is already played by "
                       f"player {s.user[d] + 1}: no two players play one hero deck (OBL-I5)")
        set_up_hero(s, p, c)
        draw(s, p, t.config.hand_size)
    if all(x == 2 for x in s.incap):
        raise _err("players", "every player is out of heroes: that game is over")
    for p in range(t.n_heroes):
        if not s.incap[p]:
            P.claim(s.char[p], f"players[{p}].hero")
    P.claim(t.villain_character, "oblivaeon")


def _player_cards(s: SentinelsState, P: _Places, p: int, spec: dict[str, Any],
                  unders: list[tuple[int, list[Any], str]]) -> list[Entry]:
    """A player's hand, deck, trash and play area (their hero deck's cards; a hand or trash
    may hold Missions' rewards), Missions in play, incapacitated heroes."""
    t = s.T
    w = f"players[{p}]"
    entries: list[Entry] = []
    if not s.incap[p]:
        d = t.hdeck[s.char[p]]
        pool = t.hdeck_cards[d]
        placed, tops, stated = _zone_lists(s, P, spec, w, pool, f"{t.hdeck_names[d]}'s deck", p,
                                           ("hand", "deck", "trash", "play"), sorted(t.missions))
        entries += stated + _rebuild(s, p, pool, placed, tops, w)
        for c in (*s.hand[p], *s.trash[p]):
            if c in t.missions:
                s.own_face()[c] = 1  # a Mission in a hand or trash is a reward
    for i, item in enumerate(_list(spec.get("missions", []), f"{w}.missions")):
        wi = f"{w}.missions[{i}]"
        ms, wn = _card_spec(item, wi, MISSION_KEYS)
        c, face = P.pick(sorted(t.missions), ms["name"], wn, "the Mission deck")
        side = ms.get("side", SIDES[min(face, 1)])
        if side not in SIDES:
            raise _err(f"{wi}.side", f"expected one of {list(SIDES)}, got {_shown(side)}")
        if s.zone[c] != Z_BOX:
            lift(s, c)
        entries.append((c, {**ms, "_face": SIDES.index(side)}, wi, p, -1))
    for i, item in enumerate(_list(spec.get("incapacitated", []), f"{w}.incapacitated")):
        wi = f"{w}.incapacitated[{i}]"
        cs, wn = _card_spec(item, wi, INCAP_KEYS, "character")
        chars = [c for cs_ in t.hdeck_chars for c in cs_]
        c, _f = P.pick(chars, cs["character"], wn, "any hero deck")
        if s.zone[c] != Z_BOX:
            lift(s, c)
        entries.append((c, {"entered": cs.get("entered", 0), "_face": t.n_faces[c] - 1}, wi, p, -1))
        if "under" in cs:
            unders.append((c, _list(cs["under"], f"{wi}.under"), f"{wi}.under"))
        if s.incap[p] == 2:
            s.char[p] = c  # the player's last hero
    return entries


def _player_character(s: SentinelsState, p: int, spec: dict[str, Any]) -> None:
    """The current hero's HP (1 up to its maximum) and two-sided tokens."""
    if s.incap[p]:
        return
    w = f"players[{p}]"
    c = s.char[p]
    if "hp" in spec:
        s.hp[c] = _int(spec["hp"], f"{w}.hp", -MAX_HP, MAX_HP)
        if not 1 <= s.hp[c] <= s.max_hp(c):
            raise _err(f"{w}.hp", f"expected 1..{s.max_hp(c)} (a hero at 0 HP or less is "
                       "incapacitated: state it under `incapacitated` and the player's next hero)")
    if "tokens" in spec:
        s.htok[p] = hero_tokens(s, s.T.hdeck[c], spec["tokens"], f"{w}.tokens")


def _under(s: SentinelsState, P: _Places, holder: int, items: list[Any], where: str) -> None:
    """Cards under an incapacitated hero (OBL-I2, C23): Missions' rewards (reward side up),
    or cards of that hero's deck when no player plays it; bottom first."""
    t = s.T
    d = t.hdeck[holder]
    free = s.user[d] < 0
    pool = sorted(t.missions) + (t.hdeck_cards[d] if free else [])
    what = (f"the Missions or {t.hdeck_names[d]}'s deck" if free else f"the Missions "
            f"({t.hdeck_names[d]}'s deck is played by player {s.user[d] + 1}: its cards are not free)")
    for i, item in enumerate(items):
        c, _f = P.pick(pool, item, f"{where}[{i}]", what)
        if s.zone[c] != Z_BOX:
            lift(s, c)
        s.zone[c] = Z_UNDER
        s.own_home()[c] = s.home[holder]
        s.own_face()[c] = 1 if c in t.missions else 0
        s.under += (c, holder)


def _villain_cards(s: SentinelsState, P: _Places, doc: dict[str, Any],
                   zspecs: list[dict[str, Any]]) -> list[Entry]:
    """The OblivAeon, Scion and Aeon Men decks and trashes (`villain_decks`) and their cards
    in play in each zone (`zones[i].villain_play`)."""
    t = s.T
    owners = {k: t.named_decks[k] for k in VILLAIN_DECKS}
    pool = [c for o in owners.values() for c in t.deck_cards[o]]
    entries: list[Entry] = []
    in_play: dict[int, list[int]] | None = None
    for z, zs in enumerate(zspecs):
        if "villain_play" not in zs:
            continue
        in_play = in_play or {o: [] for o in owners.values()}
        for i, item in enumerate(_list(zs["villain_play"], f"zones[{z}].villain_play")):
            w = f"zones[{z}].villain_play[{i}]"
            cs, wn = _card_spec(item, w, CARD_KEYS)
            c, _f = P.pick(pool, cs["name"], wn, "the OblivAeon, Scion or Aeon Men decks")
            o = t.owner[c]
            in_play[o].append(c)
            entries.append((c, cs, w, o, z))
    decks = doc.get("villain_decks")
    decks = _mapping(decks if decks is not None else {}, "villain_decks", set(VILLAIN_DECKS))
    for key, o in owners.items():
        w = f"villain_decks.{key}"
        spec = _mapping(decks[key] if decks.get(key) is not None else {}, w, DECK_KEYS)
        placed, tops, _ = _zone_lists(s, P, spec, w, t.deck_cards[o], t.owner_names[o], o,
                                      ("deck", "trash"))
        if in_play is not None:
            placed["play"] = in_play[o]
        entries += _rebuild(s, o, t.deck_cards[o], placed, tops, w)
    return entries


def _oblivaeon(s: SentinelsState, spec: Any) -> None:
    """OblivAeon's battle zone and form (the Booklet's face); his HP is set once in play."""
    if spec is None:
        return
    spec = _mapping(spec, "oblivaeon", OB_KEYS)
    vc = s.T.villain_character
    if "zone" in spec:
        s.bz[vc] = _int(spec["zone"], "oblivaeon.zone", 1, 2) - 1
    if "form" in spec:
        s.own_face()[vc] = _int(spec["form"], "oblivaeon.form", 0, s.T.n_faces[vc] - 1)


def _shield(s: SentinelsState, spec: Any) -> tuple[int, int] | None:
    """OblivAeon's Shield (OBL-SH1): its face (phase), tokens, or `removed: true`."""
    if spec is None:
        return None
    t = s.T
    spec = _mapping(spec, "shield", SHIELD_KEYS)
    sh = next(c for c in t.shield_cards.values() if s.zone[c] == Z_PLAY)
    if "removed" in spec and _bool(spec["removed"], "shield.removed"):
        for k in ("face", "tokens"):
            if k in spec:
                raise _err(f"shield.{k}", "a removed Shield has no face or tokens")
        lift(s, sh)
        s.zone[sh] = Z_REMOVED
        return None
    if "face" in spec:
        s.own_face()[sh] = _int(spec["face"], "shield.face", 0, t.n_faces[sh] - 1)
    return sh, _int(spec.get("tokens", 0), "shield.tokens", 0, MAX_COUNT)


def _scions(s: SentinelsState, P: _Places, reserve: Any, zspecs: list[dict[str, Any]]) -> list[Entry]:
    """The Scions in play in each zone, the Scion Reserve (bottom first, OBL-C5); a Scion
    neither in play nor in the Reserve has been removed from the game."""
    t = s.T
    pool = list(t.scion_cards.values())
    entries: list[Entry] = []
    stated: set[int] = set()
    for z, zs in enumerate(zspecs):
        if "scions" not in zs:
            continue
        stated.add(z)
        for i, item in enumerate(_list(zs["scions"], f"zones[{z}].scions")):
            w = f"zones[{z}].scions[{i}]"
            cs, wn = _card_spec(item, w, CARD_KEYS)
            c, _f = P.pick(pool, cs["name"], wn, "the Scions")
            entries.append((c, cs, w, t.named_decks["scion"], z))
    new_reserve = None
    if reserve is not None:
        new_reserve = [P.pick(pool, item, f"reserve[{i}]", "the Scions")[0]
                       for i, item in enumerate(_list(reserve, "reserve"))]
    if not stated and new_reserve is None:
        return []
    for c in pool:
        if c in P.at:
            if s.zone[c] != Z_BOX:
                lift(s, c)
        elif (s.zone[c] == Z_PLAY and s.bz[c] in stated) or (
                s.zone[c] == Z_RESERVE and new_reserve is not None):
            lift(s, c)
            s.zone[c] = Z_REMOVED
    for c in new_reserve or ():
        s.zone[c] = Z_RESERVE
        s.reserve.append(c)
    return entries


def _mission_deck(s: SentinelsState, P: _Places, spec: Any) -> None:
    """The Mission deck, top first (or `{top: [...]}`), objective side up (OBL-C16)."""
    if spec is None:
        return
    t = s.T
    o = t.mission
    pool = t.deck_cards[o]
    placed, tops, _ = _zone_lists(s, P, {"deck": spec}, "mission_deck", pool, t.owner_names[o],
                                  o, ("deck",), flat=True)
    _rebuild(s, o, pool, placed, tops, "mission_deck")
    for c in s.deck[o]:
        s.own_face()[c] = 0


def _erased(s: SentinelsState, value: Any) -> None:
    """Hero decks OblivAeon has erased (OBL-C20): no player may set them up again."""
    if value is None:
        return
    t = s.T
    for i, hid in enumerate(_list(value, "erased")):
        w = f"erased[{i}]"
        if hid not in t.hdeck_ids:
            raise _err(w, f"unknown hero id {_shown(hid)}; this content has: {list(t.hdeck_ids)}")
        d = t.hdeck_ids.index(hid)
        if s.user[d] >= 0:
            raise _err(w, f"{t.hdeck_names[d]}'s deck is played by player {s.user[d] + 1}: an "
                       "erased hero is never played again (OBL-C20)")
        s.user[d] = -2


def _enter_play(s: SentinelsState, entries: list[Entry]) -> None:
    """Every card in play, in its play-entry order (SOTM-7): the setup's cards the position
    keeps (characters, OblivAeon, the Shield, Scions) in setup order, then the stated cards
    sorted by `entered` (unstated 0), ties in listing order (players in seat order, the
    zones' environments, villain cards, Scions). Each card is in its area's battle zone
    (OBL-C1); a villain card in the zone it is stated in."""
    t = s.T
    for c in list(s.inplay):
        entries.append((c, {"_seq": s.seq[c]}, f"the setup's {t.name[c]}", s.home[c], s.bz[c]))
        lift(s, c)
    s.next_seq = 1
    for c, spec, where, home, z in entry_order(entries):
        place_stated(s, c, spec, where, home)
        s.bz[c] = s.azone[home] if s.azone[home] >= 0 else z
    s.inplay = sorted((c for area in s.play for c in area), key=s.seq.__getitem__)
    s.live = None


# ----- the turn ---------------------------------------------------------------------------
def _whose(s: SentinelsState, whose: Any) -> tuple[str, int]:
    """('oblivaeon', -1), ('player', p), ('environment', z) or ('villain', z)."""
    t = s.T
    n = t.n_heroes
    if isinstance(whose, int) and not isinstance(whose, bool) and 0 <= whose < n:
        return "player", whose
    if isinstance(whose, str):
        w = " ".join(whose.lower().split())
        if w == "oblivaeon":
            return "oblivaeon", -1
        parts = w.split(" ")
        if len(parts) == 2 and parts[0] == "player" and parts[1] in {str(p + 1) for p in range(n)}:
            return "player", int(parts[1]) - 1
        if len(parts) == 3 and parts[0] == "zone" and parts[1] in ("1", "2") and \
                parts[2] in ("environment", "villain"):
            return parts[2], int(parts[1]) - 1
        for p in range(n):
            c = s.char[p]
            if not s.incap[p] and whose in (t.name[c], t.hdeck_ids[t.hdeck[c]]):
                return "player", p
    raise _err("turn.whose", f"unknown {_shown(whose)}; expected 'oblivaeon', 'player 1' … "
               f"'player {n}' (or a seat index, or a current hero's id), 'zone 1 environment', "
               "'zone 1 villain', 'zone 2 environment' or 'zone 2 villain'")


def _turn(s: SentinelsState, doc: dict[str, Any]) -> None:
    """Whose turn it is and at which phase; the rest of the round follows (OBL-R1):
    OblivAeon, each player in seat order, zone 1's environment and villain turns, zone 2's."""
    t = s.T
    n = t.n_heroes
    turn = _mapping(doc["turn"] if doc.get("turn") is not None else {}, "turn", TURN_KEYS)
    kind, who = _whose(s, turn.get("whose", "oblivaeon"))
    phase = turn.get("phase", "start")
    allowed = HERO_PHASES if kind == "player" else DECK_PHASES
    if kind == "player" and s.incap[who]:
        allowed = ("start",)
    if phase not in allowed:
        raise _err("turn.phase", f"expected one of {list(allowed)} for this turn, got {_shown(phase)}")
    if "round" in doc and "round" in turn:
        raise _err("round", "state the round once: `round` or `turn.round`")
    rw = "turn.round" if "round" in turn else "round"
    s.round = _int(turn.get("round", doc.get("round", 1)), rw, 1, MAX_COUNT)
    for key in ("played", "powered"):
        if key in turn and (kind != "player" or phase in ("start", "play")):
            raise _err(f"turn.{key}", "stated only for a player's power, draw or end phase")
    s.played = int(_bool(turn.get("played", False), "turn.played"))
    s.powered = int(_bool(turn.get("powered", False), "turn.powered"))
    s.phase = phase
    zones = [("ob_env_turn", 0), ("ob_villain_turn", 0), ("ob_env_turn", 1), ("ob_villain_turn", 1)]
    frames: list[tuple]
    if kind == "oblivaeon":
        o, z = t.villain, s.bz[t.villain_character]
        frames = {"start": [("ob_turn",)], "play": [("play_top", o, z), ("turn_end", o, z)],
                  "end": [("turn_end", o, z)]}[phase]
        frames += [("ob_hero_turn", p) for p in range(n)] + zones
    elif kind == "player":
        o = who
        if phase == "start":
            frames = [("ob_hero_turn", o)]
        else:
            rest = [("play_phase", o), ("power_phase", o), ("draw_phase", o), ("turn_end", o)]
            frames = rest[HERO_PHASES.index(phase) - 1:]
        frames += [("ob_hero_turn", p) for p in range(o + 1, n)] + zones
    elif kind == "environment":
        z = who
        o = next(e for e in t.envs if s.azone[e] == z)
        frames = {"start": [("ob_env_turn", z)], "play": [("play_top", o, z), ("turn_end", o, z)],
                  "end": [("turn_end", o, z)]}[phase]
        frames += zones[2 * z + 1:]
    else:
        z = who
        o = t.named_decks["scion"]
        frames = {"start": [("ob_villain_turn", z)], "play": [("ob_scion_play", z), ("turn_end", o, z)],
                  "end": [("turn_end", o, z)]}[phase]
        frames += zones[2 * z + 2:]
    s.turn = o
    frames.append(("ob_round_end",))
    s.stack = frames[::-1]


__all__ = ["load_oblivaeon_position"]
