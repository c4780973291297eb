"""This turn's actions, the Storyline, discards and "a while off the board": Special Effect
verbs registered in `united.verbs` (docs/content.md, cookbook, "This turn, the Storyline,
discards and a while off the board").

Each verb takes (state, owner `h`, hero acted for `o`, amount, symbol, extras as a dict,
source) like every hero verb (`united.verbs`). The lasting ones keep
4 ints in `s.protect` like the protections (`ATTACK_RANGE`, `EXTRA_FILL`, `AWAY`), so they
are cloned, hashed, saved and checked with them.
"""

from __future__ import annotations

from itertools import combinations

from multiverse.engine.decision import Option
from multiverse.engine.words import count
from multiverse.united.board import RING, move_hero
from multiverse.united.cardtext import card_label, face_up_text
from multiverse.united.damage import draw
from multiverse.united.enemies import damage_henchman, enemies_at, fill_threat, hit, wild_left
from multiverse.united.protection import (
    ATTACK_RANGE,
    END_OF_TURN,
    EXTRA_FILL,
    FACE_UP,
    NEXT_TURN,
    attack_damage,
    henchman_away,
    lasting_total,
    protect,
    protect_until,
)
from multiverse.united.state import AWAY, UnitedState, choice
from multiverse.united.storyline import last_hero_cards
from multiverse.united.verbs import phrases, verb

KINDS = {ATTACK_RANGE: "attack_range", EXTRA_FILL: "extra_fill", AWAY: "vanish_with_henchman"}


# ----- draw, then discard -------------------------------------------------------------------
@verb("draw_discard")
def draw_discard(s: UnitedState, h: int, o: int, n: int, sym: int, d: dict, source: str) -> None:
    """MU-17 "draw, then discard": hero `o` draws `n`, then puts `discard` cards of their
    choice (default 1) at the bottom of their deck, as damage does (MU-21: Marvel United
    has no hero discard pile). The table sees which: they stay in place when a search
    agent reshuffles the unseen cards."""
    k = draw(s, o, n)
    if s.log is not None:
        s.emit("draw", f"{s.hero_name(o)} draws {k}", hero=o, count=k)
    left = min(d.get("discard", 1), len(s.hand[o]))
    if left:
        s.stack.append(("discard", o, left, source))


def _discard_options(s: UnitedState, f: tuple) -> tuple:
    _, h, n, source = f
    t = s.T
    return (s.seat(h), f"{s.hero_name(h)}: {source}: discard a card ({n} left) to the bottom "
            "of your deck",
            [Option(f"card:{c}", (card_label, t.card_name[c], t.card_sym[c], t.card_fx[c],
                                         face_up_text(t, c) if t.hooks else ""),
                    {"card": c})
             for c in s.hand[h]])


def to_deck_bottom(s: UnitedState, h: int, c: int) -> None:
    """A card of hero `h`'s hand goes to the bottom of their deck, in view of the table (a
    discard, not damage: never a KO; determinization keeps it there, `s.seen`)."""
    s.hand[h].remove(c)
    s.deck[h].insert(0, c)
    s.seen.append(c)
    if s.log is not None:
        s.emit("discard", f"{s.hero_name(h)} puts {s.T.card_name[c]} at the bottom of the deck",
               hero=h, card=c)


@choice("discard", _discard_options)
def resolve_discard(s: UnitedState, f: tuple, opt: Option) -> None:
    """MU-21 (as for damage): the chosen card goes to the bottom of the deck, face up to the
    table; a discard is not damage, so an empty hand is no KO."""
    _, h, n, source = f
    to_deck_bottom(s, h, opt.data["card"])
    if n > 1 and s.hand[h]:
        s.stack.append(("discard", h, n - 1, source))


# ----- the Storyline and the ring -----------------------------------------------------------
@verb("swap_storyline")
def swap_storyline(s: UnitedState, h: int, o: int, n: int, sym: int, d: dict, source: str) -> None:
    """MU-17: the card just played and the previous Hero card of the Storyline trade places
    (Master Plan cards between them stay): the next Hero card played is next to the previous
    card, and uses its symbols. This turn's symbols are not changed."""
    if d.get("which") in ("yours", "another_hero", "any"):  # chosen (united/vocab/story.py)
        s.stack.append(("story_pick", "swap_storyline", h, d["which"], source))
        return
    cards = last_hero_cards(s, 2)
    if len(cards) < 2:
        return
    story = s.story
    i = len(story) - 1 - story[::-1].index(cards[0])
    j = len(story) - 1 - story[::-1].index(cards[1])
    story[i], story[j] = story[j], story[i]
    if s.log is not None:
        a, b = (s.T.card_name[c if c >= 0 else ~c] for c in cards)
        s.emit("storyline_swap", f"{s.hero_name(h)} swaps {a} and {b} in the Storyline: "
               f"{b} is now the last Hero card", hero=h)


@verb("swap_locations")
def swap_locations(s: UnitedState, h: int, o: int, n: int, sym: int, d: dict, source: str) -> None:
    """MU-1: two Locations trade places on the ring with everything on them: your Location
    and a neighbour (`where: adjacent`, the default) or any two (`where: any`)."""
    s.stack.append(("swap_locations", h, d.get("where", "adjacent"), source))


def _swap_options(s: UnitedState, f: tuple) -> tuple:
    _, h, where, source = f
    if where == "any":
        pairs = list(combinations(range(RING), 2))
    else:
        pos = s.hero_loc[h]
        pairs = [tuple(sorted((pos, (pos + k) % RING))) for k in (-1, 1)]
    return (s.seat(h), f"{s.hero_name(h)}: {source}: which Locations trade places?",
            [Option(f"swap:{a}:{b}", f"{s.loc_name(a)} and {s.loc_name(b)}", {"a": a, "b": b})
             for a, b in pairs])


@choice("swap_locations", _swap_options)
def resolve_swap_locations(s: UnitedState, f: tuple, opt: Option) -> None:
    """The two ring positions trade their Location cards and all that is on them: tokens,
    the Threat and what is filled on it, its Henchman, heroes (also those off the board for
    a while), companions and clones, Sentinels and the Villain, and the Villain's starting
    Location. Nobody moves
    (no Move, no Location trigger, MU-13)."""
    a, b = opt.data["a"], opt.data["b"]
    for arr in (s.locs, s.civ, s.thug, s.threat, s.hench, s.xtok):  # (xtok: a Villain's extra kind)
        arr[a], arr[b] = arr[b], arr[a]
    for k in range(3):
        s.need[a * 3 + k], s.need[b * 3 + k] = s.need[b * 3 + k], s.need[a * 3 + k]
    if s.T.wild_costs:
        w = RING * 3
        s.need[w + a], s.need[w + b] = s.need[w + b], s.need[w + a]
    swap = {a: b, b: a}
    s.hero_loc = [swap.get(p, p) for p in s.hero_loc]
    s.s_loc = [swap.get(p, p) for p in s.s_loc]
    s.n_loc = swap.get(s.n_loc, s.n_loc)
    s.villain_start = swap.get(s.villain_start, s.villain_start)
    if s.comp or s.clone_at:  # companions and clones stand on the Locations too
        s.comp = [swap.get(p, p) for p in s.comp]
        s.clone_at = [swap.get(x, x) if i % 2 else x for i, x in enumerate(s.clone_at)]
    bit_a, bit_b = (s.ovf >> a) & 1, (s.ovf >> b) & 1
    s.ovf = (s.ovf & ~((1 << a) | (1 << b))) | (bit_a << b) | (bit_b << a)
    if s.log is not None:
        s.emit("locations_swap", f"{s.hero_name(f[1])} swaps {s.loc_name(b)} and {s.loc_name(a)} "
               "on the ring", hero=f[1], a=a, b=b)


# ----- this turn's Attacks and Heroics --------------------------------------------------------
@verb("attack_range")
def attack_range(s: UnitedState, h: int, o: int, n: int, sym: int, d: dict, source: str) -> None:
    """MU-18: until then (default: the end of this turn) your Attack actions may target
    enemies in the Locations adjacent to yours too."""
    _last(s, h, ATTACK_RANGE, 1, d, source, "Attacks reach the adjacent Locations")


@verb("extra_fill")
def extra_fill(s: UnitedState, h: int, o: int, n: int, sym: int, d: dict, source: str) -> None:
    """MU-18/MU-19: until then (default: the end of this turn) each of your actions that
    fills a symbol on a Threat fills `n` more."""
    if n > 0:
        _last(s, h, EXTRA_FILL, n, d, source, f"each fill fills {count(n, 'more symbol')}")


def _last(s: UnitedState, h: int, kind: int, n: int, d: dict, source: str, what: str) -> None:
    if not protect_until(s, kind, n, h, d.get("until", "end_of_turn")):
        return
    if s.log is not None:
        s.emit("protect", f"{s.hero_name(h)}: {what} ({source})", hero=h, amount=n)


def ranged_attack_options(s: UnitedState, h: int, label: object, paid: str) -> list[Option]:
    """MU-18 with `attack_range`: an Attack on each enemy in a Location adjacent to yours."""
    pos = s.hero_loc[h]
    out = []
    for p in ((pos - 1) % RING, (pos + 1) % RING):
        for e in enemies_at(s, p):
            out.append(Option(f"attack:{p}:{e.id}", (label, "Attack {} ({})",
                                                     f"{e.label} in {s.loc_name(p)}", paid),
                              {"action": "ranged_attack", "location": p, **(e.data or {})}))
    return out


def attack_reach(s: UnitedState, h: int, where: str) -> bool:
    """A granted Attack "here" reaches the adjacent Locations under `attack_range`."""
    return where == "here" and lasting_total(s, ATTACK_RANGE, h) > 0


def ranged_attack(s: UnitedState, h: int, d: dict) -> None:
    """MU-18: the Attack hits the enemy in the adjacent Location (extra damage applies)."""
    hit(s, h, d, attack_damage(s, h, d), d["location"])


def more_fills(s: UnitedState, h: int, pos: int, sym: int) -> None:
    """MU-19 with `extra_fill`: after a fill, `n` more symbols on the same Threat: its own kind first
    (then a Wild space), else any kind left (Move, Attack, Heroic); none left, none filled."""
    for _ in range(lasting_total(s, EXTRA_FILL, h)):
        if s.threat[pos] < 0:
            return
        need = s.need[pos * 3: pos * 3 + 3]
        k = sym if need[sym] or wild_left(s, pos) else next((i for i in range(3) if need[i]), -1)
        if k < 0:
            return
        fill_threat(s, pos, k, s.hero_name(h))


# ----- a while off the board ------------------------------------------------------------------
@verb("vanish_with_henchman")
def vanish_with_henchman(s: UnitedState, h: int, o: int, n: int, sym: int, d: dict,
                         source: str) -> None:
    """MU-17: you and the Henchman in your Location leave the board until the start of your
    next turn: neither can be damaged or moved, the Henchman's Threat neither BAM!s nor
    triggers (MU-11, MU-13), the Villain's counts and BAM! ignore you, and your actions of
    this turn end. Without a Henchman there nothing happens."""
    pos = s.hero_loc[h]
    if not s.in_play(h) or s.hench[pos] <= 0 or henchman_away(s, pos):
        return
    protect(s, AWAY, 1, NEXT_TURN, h)
    if "where" in d or "return_damage" in d:  # coming back elsewhere, hurting it (MU-17)
        protect(s, COME_BACK - _BACK_TO.index(d.get("where", "here")), d.get("return_damage", 0),
                NEXT_TURN, h)
    if s.log is not None:
        s.emit("vanish", f"{s.hero_name(h)} and {s.T.threat_henchman[s.threat[pos]]} leave the "
               f"board until {s.hero_name(h)}'s next turn ({source})", hero=h, location=pos)


def come_back(s: UnitedState, h: int) -> bool:
    """MU-16 (before the draw): at the start of hero `h`'s turn, `h` and the Henchman return to the Location they
    left (figures take no slots, so they always fit; a swapped Location took them along).
    With `return_damage` the Henchman takes that damage as they return, and with `where`
    the hero then comes back to a Location of their choice: True when those steps wait (the
    turn starts again after them, `("hero_turn", "back")`)."""
    if not s.away(h):
        return False
    p = s.protect
    back = next(((p[i], p[i + 1]) for i in range(0, len(p), 4)
                 if COME_BACK - 2 <= p[i] <= COME_BACK and p[i + 3] == h), None)
    s.protect = [x for i in range(0, len(p), 4)
                 if not ((p[i] == AWAY or COME_BACK - 2 <= p[i] <= COME_BACK) and p[i + 3] == h)
                 for x in p[i: i + 4]]
    if s.log is not None:
        pos = s.hero_loc[h]
        s.emit("return", f"{s.hero_name(h)} and {s.T.threat_henchman[s.threat[pos]]} return to "
               f"{s.loc_name(pos)}", hero=h, location=pos)
    if back is None:
        return False
    s.stack.append(("hero_turn", "back"))
    where = _BACK_TO[COME_BACK - back[0]]
    if where != "here":
        s.stack.append(("come_back_to", h, where))
    pos = s.hero_loc[h]
    if back[1] and s.hench[pos] > 0:  # MU-19: a defeated Henchman clears its Threat
        damage_henchman(s, pos, back[1], s.hero_name(h))
    return True


# `vanish_with_henchman` with `where` / `return_damage`: one more record in `protect`,
# (COME_BACK - k, damage, NEXT_TURN, hero), k the index of where they come back
COME_BACK = -400
_BACK_TO = ("here", "adjacent", "any")


def _back_options(s: UnitedState, f: tuple) -> tuple:
    _, h, where = f
    pos = s.hero_loc[h]
    dests = [(pos - 1) % RING, (pos + 1) % RING] if where == "adjacent" else list(range(RING))
    return (s.seat(h), f"{s.hero_name(h)} comes back: where?",
            [Option(f"to:{p}", s.loc_name(p), {"location": p}) for p in dests if p != pos])


@choice("come_back_to", _back_options)
def resolve_come_back_to(s: UnitedState, f: tuple, opt: Option) -> None:
    """MU-17: the hero comes back to the Location chosen (not a Move: no Location trigger)."""
    move_hero(s, f[1], opt.data["location"])


def check_turn_effects(s: UnitedState) -> None:
    """Invariants: a hero off the board is a hero in the game with a Henchman beside them,
    until their next turn; cards seen at the bottom of a deck are in that deck, once."""
    p = s.protect
    for i in range(0, len(p), 4):
        if COME_BACK - 2 <= p[i] <= COME_BACK:
            assert p[i + 1] >= 0 and p[i + 2] == NEXT_TURN and s.away(p[i + 3]), p
        elif p[i] == AWAY:
            h = p[i + 3]
            assert 0 <= h < len(s.hand) and p[i + 2] == NEXT_TURN, p
            assert not s.ko[h] and not s.out[h], "a hero off the board cannot be KO'd"
            assert s.hench[s.hero_loc[h]] > 0, "the Henchman stays on its Threat while away"
        elif p[i] in (ATTACK_RANGE, EXTRA_FILL):
            assert p[i + 1] > 0 and p[i + 2] in (END_OF_TURN, NEXT_TURN, FACE_UP), p
    assert len(s.seen) == len(set(s.seen)), s.seen
    for c in s.seen:
        assert c in s.deck[s.T.card_owner[c]], f"seen card {c} is not in its deck"


phrases({
    "draw_discard": lambda n: f"draw {count(n, 'card')}, then discard 1",
    "swap_storyline": lambda n: "swap this card with the previous Hero card",
    "swap_locations": lambda n: "swap your Location with an adjacent one",
    "attack_range": lambda n: "your Attacks also reach the adjacent Locations",
    "extra_fill": lambda n: f"fill {count(n, 'more symbol')} with each fill",
    "vanish_with_henchman": lambda n: "leave the board with the Henchman here until your next turn",
})
