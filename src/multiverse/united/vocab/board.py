"""The owner's lasting effects, area effects, the Villain and its Master Plan (MU-11), this
turn's symbols and the Storyline (MU-17): Special Effect verbs registered in `united.verbs` (docs/content.md, cookbook).

Each verb takes (state, owner `h`, hero acted for `o`, amount, symbol, extras as a dict,
source) like the verbs of `owner_effects`, which dispatches to them.
"""

from __future__ import annotations

from multiverse.engine.decision import Option
from multiverse.engine.words import count
from multiverse.united.board import RING
from multiverse.united.enemies import clear_threat, enemies_at, hit
from multiverse.united.hooks import fire
from multiverse.united.lasting import protect_from
from multiverse.united.owned import slots
from multiverse.united.protection import (
    BLANK_MASTER_PLAN,
    CANCEL_BAM,
    EXTRA_DAMAGE,
    IGNORE_OVERFLOW,
    STOP_MOVE,
    henchman_away,
    protect_until,
)
from multiverse.united.state import UnitedState, choice
from multiverse.united.storyline import last_hero_cards
from multiverse.united.tables import SYMBOLS
from multiverse.united.verbs import phrases, push_hero_effects, verb
from multiverse.united.vocab.villain import villain_arrives

CHOSEN = frozenset({"yours", "another_hero", "any"})  # `which`: a Storyline card the player picks


# ----- lasting effects: protections, the Villain held back, extra damage -----------------
@verb("ignore_damage")
def ignore_damage(s: UnitedState, h: int, o: int, n: int, sym: int, d: dict, source: str) -> None:
    """MU-21: Hero `o` ignores all damage until the moment `until` names."""
    _protect(s, h, o, -1, d, source)


@verb("prevent_damage")
def prevent_damage(s: UnitedState, h: int, o: int, n: int, sym: int, d: dict, source: str) -> None:
    """MU-21: The next `n` damage to hero `o` is prevented, until the moment `until` names."""
    if n > 0:
        _protect(s, h, o, n, d, source)


@verb("cancel_bam")
def cancel_bam(s: UnitedState, h: int, o: int, n: int, sym: int, d: dict, source: str) -> None:
    """MU-11: the next `n` BAM!s (the dashboard's and the Threats') do not happen."""
    if n > 0:
        _protect(s, h, CANCEL_BAM, n, d, source)


@verb("stop_villain_move")
def stop_villain_move(s: UnitedState, h: int, o: int, n: int, sym: int, d: dict, source: str) -> None:
    """MU-11: the Villain's next `n` Master Plan moves do not happen."""
    if n > 0:
        _protect(s, h, STOP_MOVE, n, d, source)


@verb("ignore_overflow")
def ignore_overflow(s: UnitedState, h: int, o: int, n: int, sym: int, d: dict, source: str) -> None:
    """MU-12: every Overflow is ignored until then (the tokens that do not fit are lost)."""
    _protect(s, h, IGNORE_OVERFLOW, -1, d, source)


@verb("extra_damage")
def extra_damage(s: UnitedState, h: int, o: int, n: int, sym: int, d: dict, source: str) -> None:
    """MU-18: Each Attack of yours deals `n` more damage until then (default: this turn)."""
    if n > 0:
        _protect(s, h, EXTRA_DAMAGE, n, {"until": "end_of_turn", **d}, source)


@verb("blank_master_plan")
def blank_master_plan(s: UnitedState, h: int, o: int, n: int, sym: int, d: dict,
                      source: str) -> None:
    """MU-11: the effect of the next `n` Master Plan cards does not resolve."""
    if n > 0:
        _protect(s, h, BLANK_MASTER_PLAN, n, d, source)


_PROTECTED = {CANCEL_BAM: "the next BAM!", STOP_MOVE: "the Villain's next move",
              IGNORE_OVERFLOW: "Overflow", EXTRA_DAMAGE: "damage per Attack",
              BLANK_MASTER_PLAN: "the next Master Plan effect"}


def _protect(s: UnitedState, h: int, o: int, n: int, d: dict, source: str) -> None:
    if o >= 0 and d.get("damage_from"):  # from one kind of source only (united/lasting.py)
        protect_from(s, h, o, n, d, source)
        return
    if not protect_until(s, o, n, h, d.get("until", "your_next_turn")):
        return
    if s.log is not None and o < 0:
        s.emit("protect", f"{source}: {_PROTECTED[o]} is stopped ({s.hero_name(h)})", amount=n)
    elif s.log is not None:
        what = "ignores all damage" if n < 0 else f"prevents the next {n} damage"
        s.emit("protect", f"{s.hero_name(o)} {what} ({source})", hero=o, amount=n)


# ----- area effects -----------------------------------------------------------------------
@verb("damage_each_enemy_here")
def damage_each_enemy_here(s: UnitedState, h: int, o: int, n: int, sym: int, d: dict,
                           source: str) -> None:
    """Every enemy in your Location takes `n` damage; every Thug there is defeated (MU-18)."""
    pos = s.hero_loc[h]
    for e in enemies_at(s, pos):
        hit(s, h, e.data, s.thug[pos] if e.data["enemy"] == "thug" else n, pos)


@verb("take_damage")
def take_damage(s: UnitedState, h: int, o: int, n: int, sym: int, d: dict, source: str) -> None:
    """Hero `o` takes `n` damage (MU-21), as from an enemy."""
    s.stack.append(("damage_hero", o, n, source, "card"))


@verb("lose_civilians")
def lose_civilians(s: UnitedState, h: int, o: int, n: int, sym: int, d: dict, source: str) -> None:
    """MU-17: Up to `n` Civilians in your Location are lost: off the board, not rescued."""
    pos = s.hero_loc[h]
    k = min(n, s.civ[pos])
    s.civ[pos] -= k
    if k and s.log is not None:
        s.emit("civilians_lost", f"{count(k, 'Civilian')} lost in {s.loc_name(pos)}", location=pos, count=k)


@verb("thugs_to_civilians")
def thugs_to_civilians(s: UnitedState, h: int, o: int, n: int, sym: int, d: dict, source: str) -> None:
    """MU-17: Up to `n` Thugs in your Location become Civilians (not defeated: no Mission counts)."""
    pos = s.hero_loc[h]
    k = min(n, s.thug[pos])
    s.thug[pos] -= k
    s.civ[pos] += k
    if k and s.log is not None:
        s.emit("thugs_turned", f"{count(k, 'Thug')} in {s.loc_name(pos)} become Civilians",
               location=pos, count=k)


@verb("clear_threat")
def clear_threat_here(s: UnitedState, h: int, o: int, n: int, sym: int, d: dict, source: str) -> None:
    """MU-19: the Threat in your Location is cleared (usually with a `cost`)."""
    if s.threat[s.hero_loc[h]] >= 0 and not (s.protect and henchman_away(s, s.hero_loc[h])):
        clear_threat(s, s.hero_loc[h])  # (a Henchman off the board cannot be defeated)


# ----- the Villain and its Master Plan ---------------------------------------------------
@verb("delay_master_plan")
def delay_master_plan(s: UnitedState, h: int, o: int, n: int, sym: int, d: dict,
                      source: str) -> None:
    """MU-10: the top `n` Master Plan cards go to the bottom of the deck, in order, unseen."""
    k = min(n, len(s.mp_deck))
    if k:
        top = s.mp_deck[len(s.mp_deck) - k:]
        del s.mp_deck[len(s.mp_deck) - k:]
        s.mp_deck[:0] = top
        if s.log is not None:
            s.emit("master_plan_delayed", f"{s.hero_name(h)} puts the top "
                   f"{count(k, 'Master Plan card')} at the bottom of the deck", count=k)


@verb("move_villain")
def move_villain(s: UnitedState, h: int, o: int, n: int, sym: int, d: dict, source: str) -> None:
    """MU-17 moving the Villain (MU-11): the player moves it one Location either way."""
    if s.n_loc >= 0:  # no Villain on the board (DFP: the Sentinels are fought) moves nowhere
        s.stack.append(("move_villain", h, source))


def _villain_options(s: UnitedState, f: tuple) -> tuple:
    _, h, source = f
    return (s.seat(h), f"{source}: where does {s.T.villain_name} move?",
            [Option(f"to:{p}", s.loc_name(p), {"location": p})
             for p in ((s.n_loc - 1) % RING, (s.n_loc + 1) % RING)])


@choice("move_villain", _villain_options)
def resolve_move_villain(s: UnitedState, f: tuple, opt: Option) -> None:
    """The Villain moves where the hero's player says; MU-13: a Threat with a Location
    trigger fires as it arrives."""
    villain_arrives(s, opt.data["location"])


# ----- this turn's symbols and the Storyline ----------------------------------------------
@verb("convert_symbols")
def convert_symbols(s: UnitedState, h: int, o: int, n: int, sym: int, d: dict, source: str) -> None:
    """MU-17: this turn's unused `sym` symbols count as `to` symbols."""
    to = d["to"]
    if to != sym and s.pool[sym]:
        s.pool[to] += s.pool[sym]
        s.pool[sym] = 0
        if s.log is not None:
            s.emit("symbols", f"{s.hero_name(h)}'s {SYMBOLS[sym].title()} symbols count as "
                   f"{SYMBOLS[to].title()}", hero=h)


@verb("double_symbols")
def double_symbols(s: UnitedState, h: int, o: int, n: int, sym: int, d: dict, source: str) -> None:
    """MU-17: this turn's unused `sym` symbols (every kind with no `symbol`) are doubled."""
    for k in range(4) if sym < 0 else (sym,):
        s.pool[k] *= 2
    if s.log is not None:
        s.emit("symbols", f"{s.hero_name(h)}'s symbols are doubled", hero=h)


@verb("flip_facedown")
def flip_facedown(s: UnitedState, h: int, o: int, n: int, sym: int, d: dict, source: str) -> None:
    """The previous Hero card of the Storyline (or this card) is flipped facedown: it gives
    no symbols and shows no Special Effect from now on (DFP-A13)."""
    if d.get("which") in CHOSEN:  # a card the player chooses (united/vocab/story.py)
        s.stack.append(("story_pick", "flip_facedown", h, d["which"], source))
        return
    cards = last_hero_cards(s, 1 if d.get("which") == "this_card" else 2)
    c = cards[-1] if cards else -1
    if c < 0 or (d.get("which") != "this_card" and len(cards) < 2):
        return
    s.story[len(s.story) - 1 - s.story[::-1].index(c)] = ~c
    if s.log is not None:
        s.emit("flip_facedown", f"{s.hero_name(h)} flips {s.T.card_name[c]} facedown", card=c, hero=h)
    if s.T.hooks:
        fire(s, "card_flipped", s.T.card_owner[c])


@verb("copy_effect")
def copy_effect(s: UnitedState, h: int, o: int, n: int, sym: int, d: dict, source: str) -> None:
    """MU-17: The Special Effect of the previous Hero card of the Storyline (face up: a facedown
    card shows none) resolves for you; its own `copy_effect` steps do not (no endless copy)."""
    if d.get("which") in CHOSEN:  # a card the player chooses (united/vocab/story.py)
        s.stack.append(("story_pick", "copy_effect", h, d["which"], source))
        return
    cards = last_hero_cards(s, 2)
    if len(cards) < 2 or cards[1] < 0:
        return
    c = cards[1]
    fx = tuple(f for f in s.T.card_fx[c] if f[0] != "copy_effect")
    if fx:
        if s.log is not None:
            s.emit("copy_effect", f"{s.hero_name(h)} copies the effect of {s.T.card_name[c]}",
                   hero=h, card=c)
        push_hero_effects(s, h, fx, s.T.card_name[c])


# ----- tokens between Locations -------------------------------------------------------------
@verb("move_tokens")
def move_tokens(s: UnitedState, h: int, o: int, n: int, sym: int, d: dict, source: str) -> None:
    """MU-2: Up to `civ` Civilians and `thug` Thugs of your Location move to another Location."""
    civ, thug = d["civ"], d["thug"]
    if "origin" in d:  # from another Location (united/vocab/moves.py)
        s.stack.append(("tokens_from", h, civ, thug, d["origin"], d.get("where", "adjacent"), source))
        return
    pos = s.hero_loc[h]
    if min(civ, s.civ[pos]) + min(thug, s.thug[pos]):
        s.stack.append(("move_tokens", h, civ, thug, d.get("where", "adjacent"), source))


def _tokens_options(s: UnitedState, f: tuple) -> tuple:
    _, h, _civ, _thug, where, source = f
    pos = s.hero_loc[h]
    dests = range(RING) if where == "any" else ((pos - 1) % RING, (pos + 1) % RING)
    return (s.seat(h), f"{source}: move the tokens of {s.loc_name(pos)} where?",
            [Option(f"to:{p}", s.loc_name(p), {"location": p}) for p in dests if p != pos])


@choice("move_tokens", _tokens_options)
def resolve_move_tokens(s: UnitedState, f: tuple, opt: Option) -> None:
    """MU-2: as many as the Location's free slots take (Civilians first); the rest stay."""
    _, h, civ, thug, _where, _source = f
    tokens_between(s, s.hero_loc[h], opt.data["location"], civ, thug)


def tokens_between(s: UnitedState, pos: int, p: int, civ: int, thug: int, source: str = "") -> None:
    """Up to `civ` Civilians and `thug` Thugs move from ring position `pos` to `p`, as many
    as `p`'s free slots take (slot tokens counted), Civilians first; the rest stay (MU-2):
    moved tokens are not added, so nothing overflows."""
    free = slots(s, p) - s.civ[p] - s.thug[p] - s.xtok[p]
    c = min(civ, s.civ[pos], free)
    t = min(thug, s.thug[pos], free - c)
    s.civ[pos] -= c
    s.thug[pos] -= t
    s.civ[p] += c
    s.thug[p] += t
    if s.log is not None:
        why = f" ({source})" if source else ""
        s.emit("tokens_moved", f"{count(c, 'Civilian')}, {count(t, 'Thug')} move from "
               f"{s.loc_name(pos)} to {s.loc_name(p)}{why}", origin=pos, to=p, civilians=c, thugs=t)


phrases({
    "ignore_damage": lambda n: "ignore all damage",
    "prevent_damage": lambda n: f"prevent {n} damage",
    "cancel_bam": lambda n: f"cancel {count(n, 'BAM!', 'BAM!s')}",
    "stop_villain_move": lambda n: "stop the Villain's move",
    "ignore_overflow": lambda n: "ignore Overflow",
    "extra_damage": lambda n: f"deal {n} more damage with each Attack",
    "damage_each_enemy_here": lambda n: f"deal {n} damage to every enemy here",
    "take_damage": lambda n: f"take {n} damage",
    "lose_civilians": lambda n: f"lose {count(n, 'Civilian')} here",
    "thugs_to_civilians": lambda n: f"turn {count(n, 'Thug')} into Civilians",
    "clear_threat": lambda n: "clear the Threat here",
    "delay_master_plan": lambda n: f"put the top {count(n, 'Master Plan card')} at the bottom",
    "blank_master_plan": lambda n: "ignore the next Master Plan effect",
    "move_villain": lambda n: "move the Villain",
    "convert_symbols": lambda n: "count symbols as another kind",
    "double_symbols": lambda n: "double your symbols",
    "flip_facedown": lambda n: "flip a Storyline card facedown",
    "move_tokens": lambda n: "move tokens to another Location",
    "copy_effect": lambda n: "copy the previous Hero card's effect",
})
