"""A fixed action catalogue per configuration: action `a` means the same thing in every
decision (docs/interop.md, "Fixed actions and the compact observation").

The adapters' default action space is the pending decision's options in order (action `i`
is option `i`, whose meaning changes between decisions). The catalogue gives every option a
*canonical key* instead, `(group, option id)`: the group is the decision kind, or a named
group of kinds that offer the same verbs (`play`: `play_phase` and `play_now`); the option
id names what is done and to what (`card:12`, `to:3`, `attack:sentinel:2/token`, `yes`) in
the engine's own stable words: card ids, ring positions 0-5, hero indices, Sentinel
indices, token kinds, content ids. The keys are enumerated once per configuration from the
static tables (`Mode` content and configuration), never from playouts.

An option whose key is not in the catalogue (a kind's rare combinations listed in
`FALLBACK_KINDS`, e.g. OblivAeon's Mission trades, which name two cards) and the second of
two options of one decision with the same key take the *fallback block*: "the k-th other
option of this decision", in the engine's order. So every option of every decision has an
action and no two options of one decision share one.

    >>> from multiverse.interop import games
    >>> config = games.make_config("dofp")
    >>> cat = Catalogue.for_config(config)
    >>> cat.size, cat.names[cat.index[("play_card", "card:0")]]
    (1005, 'play_card: card 0 (Logan: Rusted Claws)')
    >>> d = games.new_state(config, 7).decision()
    >>> [(a, cat.option_of(d, a)) for a in cat.legal(d)]
    [(318, 'card:2'), (324, 'card:8'), (325, 'card:9'), (326, 'card:10')]
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import lru_cache
from typing import Any

import numpy as np

from multiverse import modes as registry
from multiverse.engine.decision import Decision
from multiverse.interop import games
from multiverse.interop.games import ActionSpaceTooSmall, IllegalAction, action_index

Key = tuple[str, str]
Entry = tuple[Key, str]  # (key, readable name)

RING = range(6)
SYMBOL_NAMES = ("move", "attack", "heroic", "wild")
N_BRANCHES = 8  # "choose one": the most branches of one card text
N_ORDINALS = 12  # modifiers / reactions listed by a decision, by position

# Kinds (or parts of kinds) whose options may take the fallback block by design.
FALLBACK_KINDS = {
    "dofp": (), "standard": (),
    "sentinels": (),
    "oblivaeon": ("ob_six",),  # trade:<mine>:<theirs>, a Mission for another player's
}

# Sentinels and OblivAeon: kinds offering the same verbs share a group.
SOTM_GROUPS = {"play_phase": "play", "play_now": "play", "power_phase": "power",
               "power_now": "power", "select": "card", "search": "card", "arrange": "card",
               "discard": "card", "move_pick": "card", "ob_revive": "card"}


# ===================================================================================
# Marvel United (dofp, standard): the group is the decision kind
# ===================================================================================
def _united_entries(t: Any) -> Iterator[Entry]:
    nh, nc = t.n_heroes, len(t.card_name)

    def card(c: int) -> str:
        o = t.card_owner[c] if c < len(t.card_owner) else -1
        who = t.hero_names[o] if 0 <= o < nh else "villain"
        return f"card {c} ({who}: {t.card_name[c]})"

    hero = [f"hero {h} ({t.hero_names[h]})" for h in range(nh)]
    enemies = [(f"sentinel:{sn}", f"Sentinel {'I' * (sn + 1) if sn < 3 else sn}") for sn in range(3)]
    enemies += [("nimrod", "Nimrod"), ("villain", "the Villain"), ("henchman", "the Henchman"),
                ("thug", "a Thug")]

    def kind(k: str, pairs: Iterator[tuple[str, str]] | list[tuple[str, str]]) -> Iterator[Entry]:
        for oid, name in pairs:
            yield (k, oid), f"{k}: {name}"

    pos = [(p, f"position {p}") for p in RING]
    for k in ("come_back_to", "move_anywhere", "move_one", "move_to", "move_tokens",
              "move_villain", "place_clone", "place_marker", "redirect_move", "threat_to",
              "tokens_to", "move_companion"):
        yield from kind(k, [(f"to:{p}", f"to {n}") for p, n in pos])
    yield from kind("move_companion", [("stay", "stay")])
    for k in ("remove_clone", "threat_from", "tokens_from"):
        yield from kind(k, [(f"from:{p}", f"from {n}") for p, n in pos])
    yield from kind("act_together", [(f"at:{p}", f"at {n}") for p, n in pos])
    for k in ("bring_one", "give_token", "one_hero_draws", "pick_hero", "task_damage",
              "challenge_damage", "grab", "bring_along"):
        yield from kind(k, [(f"hero:{h}", hero[h]) for h in range(nh)])
    yield from kind("challenge_damage", [("move", "move closer")])
    yield from kind("grab", [("squeeze", "squeeze")])
    yield from kind("bring_along", [("alone", "move alone")])
    for k in ("discard", "discard_any", "hand_swap", "mp_order", "play_card", "story_pick", "wound"):
        yield from kind(k, [(f"card:{c}", card(c)) for c in range(nc)])
    yield from kind("discard_any", [("stop", "stop")])
    yield from kind("choose_one", [(f"option:{i}", f"branch {i}") for i in range(N_BRANCHES)])
    yield from kind("choose_one", [("decline", "decline")])
    yield from kind("choose_sentinel", [(f"sentinel:{sn}", n) for sn, (_, n) in enumerate(enemies[:3])])
    yield from kind("damage_at", [(f"{p}:{e}", f"{n} in {pn}") for p, pn in pos for e, n in enemies])
    yield from kind("effect_damage", enemies)
    yield from kind("immune_pick", [e for e in enemies if e[0] != "thug"])
    yield from kind("exchange_token", [(f"swap:{h}:{i}:{j}", f"your {SYMBOL_NAMES[i]} for {hero[h]}'s "
                                        f"{SYMBOL_NAMES[j]}") for h in range(nh)
                                       for i in range(4) for j in range(4)])
    yield from kind("take_token", [(f"take:{h}:{k}", f"{hero[h]}: {SYMBOL_NAMES[k]}")
                                   for h in range(nh) for k in range(4)])
    yield from kind("lose_token", [(f"lose:{k}", SYMBOL_NAMES[k]) for k in range(4)])
    yield from kind("location_effect", [("use", "use the effect"), ("skip", "skip it")])
    yield from kind("may", [("resolve", "resolve"), ("decline", "decline")])
    yield from kind("sentinel_direction", [("cw", "clockwise"), ("ccw", "counterclockwise")])
    yield from kind("replace_location", [(f"loc:{lid}", f"Location {lid}") for lid in t.loc_ids])
    yield from kind("swap_locations", [(f"swap:{a}:{b}", f"swap positions {a} and {b}")
                                       for a in RING for b in RING if a != b])
    from multiverse.united.lasting import STUN_HENCHMAN, STUN_SENTINEL, STUN_VILLAIN

    yield from kind("stun_enemy", [(f"stun:{STUN_VILLAIN}:0", "stun the Villain"),
                                   *((f"stun:{STUN_HENCHMAN}:{li * 2}", f"stun the Henchman of {lid}")
                                     for li, lid in enumerate(t.loc_ids)),
                                   *((f"stun:{STUN_SENTINEL}:{sn}", f"stun {n}")
                                     for sn, (_, n) in enumerate(enemies[:3]))])
    # the act decision (a granted action) and the hero's actions
    act = [(f"move:{p}", f"move to {n}") for p, n in pos]
    act += [(f"attack:{p}:{e}", f"attack {en} in {n}") for p, n in pos for e, en in enemies]
    act += [(f"rescue:{p}", f"rescue in {n}") for p, n in pos]
    act += [(f"fill:{p}:{s}", f"fill a {s} in {n}") for p, n in pos for s in SYMBOL_NAMES[:3]]
    yield from kind("act", [*act, ("stop", "stop")])
    paid = [(f"move:{p}", f"move to {n}") for p, n in pos]
    paid += [(f"attack:{e}", f"attack {en}") for e, en in enemies]
    paid += [("rescue", "rescue a Civilian"), ("escape", "escape the grip")]
    paid += [(f"fill:{s}", f"fill a {s}") for s in SYMBOL_NAMES[:3]]
    paid += [(f"attack:{p}:{e}", f"attack {en} in {n} (in range)") for p, n in pos for e, en in enemies]
    paid += [(f"rescue:{p}", f"rescue in {n} (in range)") for p, n in pos]
    paid += [(f"fill:heroic:{p}", f"fill a heroic in {n} (in range)") for p, n in pos]
    paid += [(f"clone_attack:{p}:{e}", f"attack {en} in {n} by a clone") for p, n in pos for e, en in enemies]
    paid += [(f"clone_rescue:{p}", f"rescue in {n} by a clone") for p, n in pos]
    yield from kind("resolve_actions", [*paid, *((f"{oid}/token", f"{n}, paying a token") for oid, n in paid),
                                        ("effect", "resolve the Special Effect"), ("end", "end actions"),
                                        *((f"team:{k}", f"team card {t.team_name[k]}")
                                          for k in range(len(t.team_name)))])


# ===================================================================================
# Sentinels of the Multiverse and OblivAeon
# ===================================================================================
def _sotm_entries(t: Any) -> Iterator[Entry]:
    nh, nc = t.n_heroes, len(t.card)

    def card(c: int) -> str:
        o = t.owner[c]
        who = t.owner_names[o] if 0 <= o < len(t.owner_names) else "?"
        return f"card {c} ({who}: {t.name[c]})"

    def group(g: str, pairs: Iterator[tuple[str, str]] | list[tuple[str, str]]) -> Iterator[Entry]:
        for oid, name in pairs:
            yield (g, oid), f"{g}: {name}"

    yield from group("play", [*((f"play:{c}", card(c)) for c in range(nc)), ("skip", "play no card")])
    yield from group("power", [*((f"power:{c}", card(c)) for c in range(nc)), ("skip", "use no power")])
    yield from group("card", [*((f"card:{c}", card(c)) for c in range(nc)),
                              ("stop", "no more"), ("none", "take nothing"), ("done", "done")])
    heroes = [(f"hero:{h}", f"hero {h} ({t.owner_names[h]})") for h in range(nh)]
    yield from group("one_hero", heroes)
    yield from group("play_area", [*heroes, ("own", "its own")])
    for k in ("may", "may_draw"):
        yield from group(k, [("yes", "yes"), ("no", "no")])
    yield from group("may_prevent", [("prevent", "prevent it"), ("no", "let it through")])
    yield from group("may_replace_draw", [("instead", "replace the draw"), ("draw", "draw the card")])
    n_abilities = max([len(x) for x in t.incap_fx if x] or [3])
    yield from group("incapacitated_ability", [(f"ability:{i}", f"ability {i}") for i in range(n_abilities)])
    yield from group("modify_damage", [*((f"mod:{i}", f"modifier {i} next") for i in range(N_ORDINALS)),
                                       ("all", "apply all")])
    yield from group("order_reactions", [(f"react:{i}", f"reaction {i} first") for i in range(N_ORDINALS)])
    yield from group("choose_one", [(f"option:{i}", f"branch {i}") for i in range(N_BRANCHES)])
    sides = dict.fromkeys(side for toks in t.hero_tokens for side in (toks[0] if toks else ()))
    yield from group("token_side", [(f"to:{side}", f"flip a token to {side}") for side in sides])
    if t.n_zones < 2:
        return
    yield from group("ob_new_environment", [(f"env:{e}", f"environment {e}") for e in t.env_ids])
    chars = [c for c in range(nc) if t.hero_char[c] >= 0]
    yield from group("ob_new_hero", [(f"hero:{c}", card(c)) for c in chars])
    yield from group("ob_zone_move", [("stay", "stay"), ("move", "move to the other zone")])
    six = [("take", "take on an objective"), ("swap", "swap the objective"),
           ("shuffle", "shuffle the Mission deck"), ("none", "none of these")]
    six += [(f"ability:{c}:{i}", f"{card(c)} ability {i}") for c in chars for i in range(n_abilities)]
    six += [(f"regain:{r}", f"regain {card(r)}") for r in sorted(t.missions)]
    yield from group("ob_six", six)


ACTION_SPACES = ("options", "catalogue")  # the adapters' `action_space` values


def check_choice(name: str, value: str, allowed: tuple[str, ...]) -> str:
    """`value` when it is one of `allowed`, else a `ValueError` naming them."""
    if value not in allowed:
        raise ValueError(f"{name} {value!r}: expected one of {', '.join(map(repr, allowed))}")
    return value


def _group_of(mode: str) -> Callable[[str], str]:
    if mode in ("sentinels", "oblivaeon"):
        return lambda kind: SOTM_GROUPS.get(kind, kind)
    return lambda kind: kind


class Catalogue:
    """The fixed actions of one configuration: `size`, `names`, `keys` (`(group, option id)`
    per fixed action), then the fallback block; `mask`, `action_of`, `option_of`."""

    def __init__(self, config: Any) -> None:
        self.config = config
        self.mode = registry.of_config(config).name
        t = games.new_state(config, 0).T  # the static tables (the encoders' probe)
        entries = list(_united_entries(t) if self.mode in ("dofp", "standard") else _sotm_entries(t))
        self.keys: list[Key] = []
        self.names: list[str] = []
        self.index: dict[Key, int] = {}
        for key, name in entries:
            if key not in self.index:
                self.index[key] = len(self.keys)
                self.keys.append(key)
                self.names.append(name)
        self.n_fixed = len(self.keys)
        self.n_fallback = games.DEFAULT_MAX_OPTIONS[self.mode]
        self.names += [f"other option {k}" for k in range(self.n_fallback)]
        self.size = len(self.names)
        self.group_of = _group_of(self.mode)
        self._memo: tuple[Decision | None, list[int]] = (None, [])

    def __deepcopy__(self, memo: dict[int, Any]) -> Catalogue:
        return self  # immutable once built (the memo only caches the last decision)

    def __reduce__(self) -> tuple[Any, tuple[type, str]]:
        return _cached, (type(self.config), self.config.model_dump_json())

    @staticmethod
    def for_config(config: Any) -> Catalogue:
        """The catalogue of a configuration (built once per configuration)."""
        return _cached(type(config), config.model_dump_json())

    # ----- one decision ---------------------------------------------------------------
    def actions(self, d: Decision) -> list[int]:
        """The action of each option of `d`, in the options' order."""
        memo_d, memo = self._memo
        if memo_d is d:
            return memo
        g = self.group_of(d.kind)
        index, out, used, k = self.index, [], set(), 0
        for o in d.options:
            a = index.get((g, o.id))
            if a is None or a in used:
                if k >= self.n_fallback:
                    raise ActionSpaceTooSmall(
                        f"the pending decision (seat {d.seat}, {d.kind}) has more than "
                        f"{self.n_fallback} options without a fixed action")
                a = self.n_fixed + k
                k += 1
            used.add(a)
            out.append(a)
        self._memo = (d, out)
        return out

    def mask(self, d: Decision | None) -> np.ndarray:
        """1 for each action the decision offers (all 0 for None: the game is over)."""
        m = np.zeros(self.size, dtype=np.int8)
        if d is not None:
            m[self.actions(d)] = 1
        return m

    def legal(self, d: Decision) -> list[int]:
        """The decision's actions, sorted."""
        return sorted(self.actions(d))

    def action_of(self, d: Decision, option_id: str) -> int:
        """The action of one option of `d` (`IllegalAction` when `d` offers no such option)."""
        for o, a in zip(d.options, self.actions(d), strict=True):
            if o.id == option_id:
                return a
        raise IllegalAction(f"option {option_id!r} is not offered by the pending decision "
                            f"({d.kind})", option_id, [o.id for o in d.options])

    def option_of(self, d: Decision | None, action: Any) -> str:
        """The option id behind `action`, or `IllegalAction` naming it and the legal ones."""
        if d is None:
            raise IllegalAction(f"action {action!r}: the game is over; reset first", action, [])
        ids = [o.id for o in d.options]
        a = action_index(action, ids)
        acts = self.actions(d)
        if a in acts:
            return ids[acts.index(a)]
        shown = ", ".join(f"{x}={oid}" for x, oid in sorted(zip(acts, ids, strict=True))[:12])
        what = (f"outside the action space Discrete({self.size})" if not 0 <= a < self.size
                else f"masked ({self.names[a]!r})")
        raise IllegalAction(f"action {a} is {what}: the pending decision (seat {d.seat}, {d.kind}: "
                            f"{d.prompt!r}) offers actions {shown}" + (" …" if len(ids) > 12 else ""),
                            a, ids)

    def describe(self) -> dict[str, int]:
        """Fixed actions per group, and the fallback block's size."""
        out: dict[str, int] = {}
        for g, _ in self.keys:
            out[g] = out.get(g, 0) + 1
        out["(fallback)"] = self.n_fallback
        return out


@lru_cache(maxsize=32)
def _cached(model: type, text: str) -> Catalogue:
    return Catalogue(model.model_validate_json(text))


__all__ = ["ACTION_SPACES", "FALLBACK_KINDS", "Catalogue", "check_choice"]
