"""Moves and the long tail: Special Effect verbs and words registered in `united.verbs`
(docs/content.md, cookbook, "Moves, the Storyline and the long tail").

- moves: `bring_one` and `holding` on `move`, `origin` on `move_tokens`, `move_threat`,
  `together` on `take_action`, `where` on `deal_damage` (the coming back of
  `vanish_with_henchman` is in `united.vocab.turn`, `near` in the dispatcher's hero pick);
- the long tail: `play_random_card`, `immune_enemy`, `discard_for_damage`,
  `delay_villain_turn`, `remove_master_plan`, and `then_each` (steps for each one an
  earlier step touched, counted in its frame).

Each verb takes (state, owner `h`, hero acted for `o`, amount, symbol, the step's words as
a dict, source). Lasting records use the `s.protect` kinds -400 … -499 (`united.protection`).
"""

from __future__ import annotations

from multiverse.engine.decision import Option
from multiverse.engine.words import count
from multiverse.united.board import RING, move_hero
from multiverse.united.cardtext import card_label, effect_text
from multiverse.united.enemies import enemies_at, hit
from multiverse.united.protection import (
    FOREVER,
    IMMUNE_BUT_YOU,
    IMMUNE_TO_YOU,
    REMOVED_MASTER_PLAN,
    enemy_code,
    henchman_away,
    protect,
    protect_until,
)
from multiverse.united.state import UnitedState, choice, step
from multiverse.united.tables import SYMBOLS
from multiverse.united.verbs import phrases, push_hero_effects, text, verb, words
from multiverse.united.vocab.actions import _destinations, action_locations
from multiverse.united.vocab.board import tokens_between
from multiverse.united.vocab.turn import COME_BACK, to_deck_bottom

KINDS_LOW, KINDS_HIGH = -499, -400  # this group's kinds in `s.protect`


# ----- a move that brings one hero, or must end where something is --------------------------
def _holds(s: UnitedState, p: int, holding: str) -> bool:
    if holding == "civilians":
        return s.civ[p] > 0
    if holding == "thugs":
        return s.thug[p] > 0
    return s.threat[p] >= 0 if holding == "threat" else True


def _move_one_options(s: UnitedState, f: tuple) -> tuple:
    _, o, h, where, _one, holding, source = f
    if s.grab == o:  # DFP-C11: a held hero does not move
        return s.seat(h), "", []
    return (s.seat(h), f"{source}: {s.hero_name(o)} moves where?",
            [Option(f"to:{p}", s.loc_name(p), {"location": p})
             for p in _destinations(s, o, h, where) if _holds(s, p, holding)])


@choice("move_one", _move_one_options)
def resolve_move_one(s: UnitedState, f: tuple, opt: Option) -> None:
    """MU-17: the hero moves to a Location `where` names that holds what `holding` says
    (none does: no move); with `bring_one`, exactly one hero of the Location left (the
    player's pick) comes along."""
    _, o, _h, _where, one, _holding, _source = f
    pos, p = s.hero_loc[o], opt.data["location"]
    move_hero(s, o, p)
    if one and [q for q in s.heroes_at(pos) if s.grab != q]:
        s.stack.append(("bring_one", o, f[2], pos, p, f[6]))


def _bring_options(s: UnitedState, f: tuple) -> tuple:
    _, _o, h, pos, p, source = f
    return (s.seat(h), f"{source}: which hero comes along to {s.loc_name(p)}?",
            [Option(f"hero:{q}", s.hero_name(q), {"hero": q})
             for q in s.heroes_at(pos) if s.grab != q])


@choice("bring_one", _bring_options)
def resolve_bring_one(s: UnitedState, f: tuple, opt: Option) -> None:
    """MU-17: the chosen hero moves with the mover (one, never more; not a Move action)."""
    move_hero(s, opt.data["hero"], f[4])


# ----- Civilians and Thugs between two other Locations --------------------------------------
def _around(pos: int, where: str) -> list[int]:
    if where == "any":
        return [p for p in range(RING) if p != pos]
    return [(pos - 1) % RING, (pos + 1) % RING]


def _origins(s: UnitedState, h: int, origin: str) -> list[int]:
    pos = s.hero_loc[h]
    return list(range(RING)) if origin == "any" else [(pos - 1) % RING, (pos + 1) % RING]


def _tokens_from_options(s: UnitedState, f: tuple) -> tuple:
    _, h, civ, thug, origin, _where, source = f
    return (s.seat(h), f"{source}: move tokens from which Location?",
            [Option(f"from:{p}", s.loc_name(p), {"location": p}) for p in _origins(s, h, origin)
             if min(civ, s.civ[p]) + min(thug, s.thug[p])])


@choice("tokens_from", _tokens_from_options)
def resolve_tokens_from(s: UnitedState, f: tuple, opt: Option) -> None:
    """MU-2 `move_tokens` with `origin`: the tokens come from the Location chosen (adjacent to
    yours, or any), and go to one `where` names from there (adjacent to it, or any)."""
    _, h, civ, thug, _origin, where, source = f
    s.stack.append(("tokens_to", h, civ, thug, opt.data["location"], where, source))


def _tokens_to_options(s: UnitedState, f: tuple) -> tuple:
    _, h, _civ, _thug, org, where, source = f
    return (s.seat(h), f"{source}: move the tokens of {s.loc_name(org)} where?",
            [Option(f"to:{p}", s.loc_name(p), {"location": p}) for p in _around(org, where)])


@choice("tokens_to", _tokens_to_options)
def resolve_tokens_to(s: UnitedState, f: tuple, opt: Option) -> None:
    """MU-2: as many as the Location's free slots take (Civilians first); the rest stay."""
    _, _h, civ, thug, org, _where, source = f
    tokens_between(s, org, opt.data["location"], civ, thug, source)


# ----- a Threat moves ---------------------------------------------------------------------------
@verb("move_threat")
def move_threat(s: UnitedState, h: int, o: int, n: int, sym: int, d: dict, source: str) -> None:
    """MU-19 (rules silent on moving one): the Threat of your Location (or of the `origin`
    chosen) moves, with what is filled on it and its Henchman's Health, to a Location
    without a Threat (`where`: adjacent to it, the default, or any). The Location left is
    uncovered (MU-20); no Threat text fires (no Villain move, MU-13)."""
    origin = d.get("origin")
    s.stack.append(("threat_from", h, origin or "", d.get("where", "adjacent"), source))


def _threat_origins(s: UnitedState, h: int, origin: str) -> list[int]:
    out = _origins(s, h, origin) if origin else [s.hero_loc[h]]
    return [p for p in out if s.threat[p] >= 0 and not (s.protect and henchman_away(s, p))
            and any(s.threat[q] < 0 for q in _around(p, "any"))]


def _threat_from_options(s: UnitedState, f: tuple) -> tuple:
    _, h, origin, _where, source = f
    return (s.seat(h), f"{source}: move which Threat?",
            [Option(f"from:{p}", f"{s.T.threat_name[s.threat[p]]} ({s.loc_name(p)})", {"location": p})
             for p in _threat_origins(s, h, origin)])


@choice("threat_from", _threat_from_options)
def resolve_threat_from(s: UnitedState, f: tuple, opt: Option) -> None:
    """MU-19: the Threat to move is chosen (the only one: chosen by itself)."""
    _, h, _origin, where, source = f
    s.stack.append(("threat_to", h, opt.data["location"], where, source))


def _threat_to_options(s: UnitedState, f: tuple) -> tuple:
    _, h, org, where, source = f
    return (s.seat(h), f"{source}: move {s.T.threat_name[s.threat[org]]} where?",
            [Option(f"to:{p}", s.loc_name(p), {"location": p})
             for p in _around(org, where) if s.threat[p] < 0])


@choice("threat_to", _threat_to_options)
def resolve_threat_to(s: UnitedState, f: tuple, opt: Option) -> None:
    """MU-19: the Threat card and its state (symbols left, Henchman) change Locations."""
    a, b = f[2], opt.data["location"]
    t = s.threat[a]
    s.threat[a], s.threat[b] = -1, t
    s.hench[a], s.hench[b] = 0, s.hench[a]
    for k in range(3):
        s.need[b * 3 + k], s.need[a * 3 + k] = s.need[a * 3 + k], 0
    if s.T.wild_costs:
        w = RING * 3
        s.need[w + b], s.need[w + a] = s.need[w + a], 0
    if s.log is not None:
        s.emit("threat_moved", f"{s.hero_name(f[1])} moves {s.T.threat_name[t]} from "
               f"{s.loc_name(a)} to {s.loc_name(b)} ({f[4]})", origin=a, to=b, threat=t)


# ----- every action of a step in one chosen Location ---------------------------------------
def _together_options(s: UnitedState, f: tuple) -> tuple:
    _, h, sym, n, where, _targets, _opt, source = f
    return (s.seat(h), f"{s.hero_name(h)}: {source}: take the "
            f"{count(n, SYMBOLS[sym].title() + ' action')} in which Location?",
            [Option(f"at:{p}", s.loc_name(p), {"location": p})
             for p in action_locations(s, h, where)])


@choice("act_together", _together_options)
def resolve_together(s: UnitedState, f: tuple, opt: Option) -> None:
    """MU-18 with `together`: one Location is chosen once, and every action of the step is
    taken there (without it each action picks its own Location)."""
    _, h, sym, n, _where, targets, optional, source = f
    s.stack.append(("act", h, sym, n, f"at:{opt.data['location']}", targets, optional, source, ()))


# ----- damage in another Location -------------------------------------------------------------
def _damage_at_options(s: UnitedState, f: tuple) -> tuple:
    _, h, n, where, _p, source = f
    pos = s.hero_loc[h]
    locs = [f[4]] if f[4] >= 0 else _around(pos, where) if where == "adjacent" else range(RING)
    return (s.seat(h), f"{source}: deal 1 damage ({n} left) to which enemy?",
            [Option(f"{p}:{e.id}", f"{e.label} in {s.loc_name(p)}", {**e.data, "location": p})
             for p in locs for e in enemies_at(s, p)])


@choice("damage_at", _damage_at_options)
def resolve_damage_at(s: UnitedState, f: tuple, opt: Option) -> None:
    """MU-18 `deal_damage` with `where`: 1 damage at a time to an enemy in an adjacent
    Location (or any); the first one chosen fixes the Location for the rest of the step."""
    _, h, n, where, _p, source = f
    p = opt.data["location"]
    if n > 1:
        s.stack.append(("damage_at", h, n - 1, where, p, source))
    hit(s, h, opt.data, 1, p)


# ----- "then ... for each one this way" -------------------------------------------------------
def touched(s: UnitedState, verb_: str) -> int:
    """What a step can touch, counted on the board: cards in hand for a draw (up), the
    tokens and Health of enemies for the rest (down)."""
    if verb_ in ("draw", "draw_until"):
        return sum(len(x) for x in s.hand)
    if verb_ == "discard_for_damage":
        return -sum(len(x) for x in s.hand)
    if verb_ in ("rescue", "lose_civilians"):
        return -sum(s.civ)
    if verb_ in ("defeat_thugs", "thugs_to_civilians"):
        return -sum(s.thug)
    if verb_ == "take_action":
        return -(sum(s.civ) + sum(s.thug) + s.n_hp + sum(s.s_hp) + sum(s.hench))
    return -(sum(s.thug) + s.n_hp + sum(s.s_hp) + sum(s.hench))  # damage dealt


@step("then_each")
def then_each(s: UnitedState, f: tuple) -> None:
    """MU-17 "then ... for each one this way": the step resolves; its frame remembers the
    count before, and the steps of `then_each` resolve once for each one touched."""
    inner, steps = f[1], f[2]
    s.stack.append(("then_each_end", inner[1], inner[2], touched(s, inner[2]), steps, inner[7]))
    s.stack.append(inner)


@step("then_each_end")
def then_each_end(s: UnitedState, f: tuple) -> None:
    """MU-17: the step and all it set off have resolved: the count is taken (what it touched
    since the count before) and the steps of `then_each` are queued that many times."""
    _, h, verb_, before, steps, source = f
    k = touched(s, verb_) - before
    if k > 0 and s.result is None:
        if s.log is not None:
            s.emit("then_each", f"{source}: {count(k, 'time')} more, for each one this way", hero=h)
        for _ in range(k):
            push_hero_effects(s, h, steps, source)


# ----- the long tail ------------------------------------------------------------------------------
@verb("play_random_card")
def play_random_card(s: UnitedState, h: int, o: int, n: int, sym: int, d: dict, source: str) -> None:
    """MU-17 (rules silent): `n` random cards of hero `o`'s hand are played, each at the end
    of the Storyline as a card played (it counts for the Villain's cadence, MU-14): its
    symbols join this turn's and its Special Effect may be resolved as an action when no
    other waits (an empty hand plays nothing)."""
    for _ in range(n):
        hand = s.hand[o]
        if not hand:
            return
        c = hand.pop(s.below(len(hand)))
        s.story.append(c)
        s.since += 1
        for k in range(4):
            s.pool[k] += s.T.card_sym[c][k]
        if s.T.card_fx[c] and s.fx_card < 0 and o == s.active:
            s.fx_card = c
        if s.log is not None:
            s.emit("play", f"{s.hero_name(o)} plays {s.T.card_name[c]} at random ({source})",
                   hero=o, card=c)


@verb("immune_enemy")
def immune_enemy(s: UnitedState, h: int, o: int, n: int, sym: int, d: dict, source: str) -> None:
    """MU-18 (a lasting word): an enemy of your Location (the Villain, a Henchman or a
    Sentinel; a Thug is none) takes no damage from any hero but you (`all_but_you`), or
    none from you (`you`), until then (default: your next turn)."""
    pos = s.hero_loc[h]
    if [e for e in enemies_at(s, pos) if e.data["enemy"] != "thug"]:
        s.stack.append(("immune_pick", h, d["immune_to"], d.get("until", "your_next_turn"), source))


def _immune_options(s: UnitedState, f: tuple) -> tuple:
    h = f[1]
    return (s.seat(h), f"{f[4]}: which enemy becomes immune?",
            [e for e in enemies_at(s, s.hero_loc[h]) if e.data["enemy"] != "thug"])


@choice("immune_pick", _immune_options)
def resolve_immune(s: UnitedState, f: tuple, opt: Option) -> None:
    """MU-18: the chosen enemy's immunity is recorded for its owner `h` (`s.protect`)."""
    _, h, to, until, source = f
    kind = IMMUNE_TO_YOU if to == "you" else IMMUNE_BUT_YOU
    if protect_until(s, kind, enemy_code(s, opt.data, s.hero_loc[h]), h, until) and s.log is not None:
        who = f"{s.hero_name(h)}'s damage" if to == "you" else f"all damage but {s.hero_name(h)}'s"
        s.emit("protect", f"{opt.label} is immune to {who} ({source})", hero=h)


@verb("discard_for_damage")
def discard_for_damage(s: UnitedState, h: int, o: int, n: int, sym: int, d: dict, source: str) -> None:
    """MU-17/MU-21: hero `o` discards any number of cards (each to the bottom of the deck,
    in view, as `draw_discard`; never a KO), then deals `n` damage for each one to enemies
    in their Location (MU-18, 1 at a time)."""
    if s.hand[o]:
        s.stack.append(("discard_any", o, n, 0, source))


def _discard_any_options(s: UnitedState, f: tuple) -> tuple:
    _, h, n, k, source = f
    t = s.T
    return (s.seat(h), f"{s.hero_name(h)}: {source}: discard a card for {n} damage ({k} so far)?",
            [*(Option(f"card:{c}", (card_label, t.card_name[c], t.card_sym[c], t.card_fx[c]),
                      {"card": c}) for c in s.hand[h]),
             Option("stop", f"Stop: deal {k * n} damage", {"card": -1})])


@choice("discard_any", _discard_any_options)
def resolve_discard_any(s: UnitedState, f: tuple, opt: Option) -> None:
    """MU-21 (as a discard, never damage): one more card to the bottom of the deck, or the
    damage (MU-18) for those discarded."""
    _, h, n, k, source = f
    c = opt.data["card"]
    if c < 0:
        if k:
            s.stack.append(("effect_damage", h, k * n, 0, source))
        return
    to_deck_bottom(s, h, c)
    if s.hand[h]:
        s.stack.append(("discard_any", h, n, k + 1, source))
    else:
        s.stack.append(("effect_damage", h, (k + 1) * n, 0, source))


@verb("delay_villain_turn")
def delay_villain_turn(s: UnitedState, h: int, o: int, n: int, sym: int, d: dict, source: str) -> None:
    """MU-14: the next Villain turn comes `n` Hero cards later (the count since the last
    one goes down, below 0 if need be; the Villain turn after it is on time)."""
    s.since -= n
    if s.log is not None:
        s.emit("villain_delayed", f"{s.hero_name(h)} delays the next Villain turn by "
               f"{count(n, 'Hero card')} ({source})", hero=h, count=n)


@verb("remove_master_plan")
def remove_master_plan(s: UnitedState, h: int, o: int, n: int, sym: int, d: dict, source: str) -> None:
    """MU-10 (rules silent): the top `n` Master Plan cards leave the game, face up in view of
    the table (never the last: an empty deck loses the game, MU-23, so one card stays)."""
    for _ in range(min(n, len(s.mp_deck) - 1)):
        c = s.mp_deck.pop()
        if c in s.mp_known:
            s.mp_known.remove(c)
        protect(s, REMOVED_MASTER_PLAN, c, FOREVER, h)
        if s.log is not None:
            s.emit("master_plan_removed", f"{s.hero_name(h)} removes {s.T.card_name[c]} from the "
                   f"game ({source})", hero=h, card=c)


def removed_master_plan(s: UnitedState) -> list[int]:
    """The Master Plan cards removed from the game (`remove_master_plan`)."""
    p = s.protect
    return [p[i + 1] for i in range(0, len(p), 4) if p[i] == REMOVED_MASTER_PLAN]


# ----- the view and the invariants ------------------------------------------------------------
def lasting_moves(s: UnitedState, kind: int, n: int, until: int, ref: int) -> dict:
    """One of this group's records in the view's `protections`, with its text."""
    t = s.T
    owner = t.card_owner[ref] if until == 2 else ref
    until_word = ("end_of_turn", "your_next_turn", "face_up", "rest_of_game")[until]
    out: dict = {"hero": owner, "amount": n, "until": until_word,
                 ("card" if until == 2 else "owner"): ref}
    if kind == REMOVED_MASTER_PLAN:
        out["effect"] = "remove_master_plan"
        out["text"] = f"{t.card_name[n]} is out of the game ({t.hero_names[owner]})"
    elif kind in (IMMUNE_BUT_YOU, IMMUNE_TO_YOU):
        out["effect"] = "immune_enemy"
        what = "the Villain" if n == 0 else t.sentinel_names[n - 1] if n < 10 else t.threat_henchman[n - 10]
        whose = f"{t.hero_names[owner]}'s damage" if kind == IMMUNE_TO_YOU else \
            f"all damage but {t.hero_names[owner]}'s"
        out["text"] = f"{what} is immune to {whose}"
    else:
        out["effect"] = "vanish_with_henchman"
        where = ("the Location left", "an adjacent Location", "any Location")[COME_BACK - kind]
        out["text"] = f"{t.hero_names[owner]} comes back to {where}" + (
            f", dealing {n} damage to the Henchman" if n else "")
    return out


def check_moves(s: UnitedState) -> None:
    """Invariants: this group's records are well formed; a removed Master Plan card is in no
    other place."""
    p = s.protect
    for i in range(0, len(p), 4):
        if p[i] in (IMMUNE_BUT_YOU, IMMUNE_TO_YOU):
            assert p[i + 1] >= 0 and p[i + 2] in (0, 1, 2), p
        elif p[i] == REMOVED_MASTER_PLAN:
            assert p[i + 2] == FOREVER and p[i + 1] in s.T.mp_cards, p
            assert p[i + 1] not in s.mp_deck and p[i + 1] not in s.story, p
    gone = removed_master_plan(s)
    assert len(gone) == len(set(gone)), gone


# ----- card text ----------------------------------------------------------------------------------
_HOLDING = {"civilians": "holding Civilians", "thugs": "holding Thugs", "threat": "with a Threat"}
_TOGETHER = {"adjacent": "in one adjacent Location", "any": "in one Location of your choice",
             "a_hero": "in one other hero's Location", "a_clone": "in one Location with a clone of yours"}
_ORIGIN = {"adjacent": "an adjacent Location", "any": "any Location"}


@words
def _moves_words(verb_: str, n: int, sym: int, text_: str, x: dict) -> str:
    """The words of this group read into a step's text."""
    if x.pop("bring_one", None):
        text_ += ", bringing one hero from your Location"
    holding = x.pop("holding", None)
    if holding:
        where = x.pop("where", "adjacent")
        text_ += f" to {'an adjacent Location' if where == 'adjacent' else 'a Location'} {_HOLDING[holding]}"
        if where not in ("adjacent", "any"):
            text_ += f" ({where.replace('_', ' ')})"
    origin = x.pop("origin", None)
    if origin and verb_ == "move_tokens":
        text_ = text_.replace("from your Location", f"from {_ORIGIN[origin]}")
        where = x.pop("where", "adjacent")
        text_ = text_.replace("to an adjacent Location",
                              "to a Location next to it" if where == "adjacent" else "to any other Location")
    elif verb_ == "move_threat":
        where = x.pop("where", "adjacent")
        src = f"a Threat in {_ORIGIN[origin]}" if origin else "the Threat in your Location"
        text_ = (f"move {src} to {'an adjacent Location' if where == 'adjacent' else 'any Location'}"
                 " without a Threat")
    if x.pop("near", None):
        who = x.pop("who", None)
        text_ += (f" {'another hero' if who == 'another_hero' else 'one hero'} of your choice in "
                  "your Location or an adjacent one" if who else " (a hero in your Location or adjacent)")
    if x.pop("together", None):
        text_ += " " + _TOGETHER[x.pop("where")] + ", all of them there"
    if verb_ == "vanish_with_henchman":
        where = x.pop("where", None)
        if where:
            text_ += f", then come back to {_ORIGIN[where]}"
        dmg = x.pop("return_damage", None)
        if dmg:
            text_ += f", dealing {dmg} damage to the Henchman as you come back"
    if verb_ == "deal_damage" and x.get("where") in ("adjacent", "any"):
        text_ = text_.replace("in your Location", "in " + _ORIGIN[x.pop("where")])
    if verb_ == "immune_enemy":
        to = x.pop("immune_to")
        text_ = ("an enemy in your Location is immune to your damage" if to == "you" else
                 "an enemy in your Location is immune to all damage but yours")
    steps = x.pop("then_each", None)
    if steps:
        text_ += f", then for each one this way: {effect_text(steps)}"
    return text_


@text("play_random_card")
def _random_text(n: int, sym: int, civ: int, thug: int) -> str:
    return f"play {count(n, 'random card')} from your hand"


@text("discard_for_damage")
def _discard_text(n: int, sym: int, civ: int, thug: int) -> str:
    return f"discard any number of cards: deal {n} damage in your Location for each"


@text("delay_villain_turn")
def _delay_text(n: int, sym: int, civ: int, thug: int) -> str:
    return f"the next Villain turn comes {count(n, 'Hero card')} later"


@text("remove_master_plan")
def _remove_text(n: int, sym: int, civ: int, thug: int) -> str:
    return f"remove the top {count(n, 'Master Plan card')} from the game"


phrases({
    "move_threat": lambda n: "move a Threat",
    "play_random_card": lambda n: f"play {count(n, 'random card')}",
    "immune_enemy": lambda n: "make an enemy immune",
    "discard_for_damage": lambda n: f"discard cards for {n} damage each",
    "delay_villain_turn": lambda n: f"delay the Villain turn by {n}",
    "remove_master_plan": lambda n: f"remove {count(n, 'Master Plan card')} from the game",
})
