"""Counts and conditions a step reads when it resolves: a step's amount (SOTM-3's H, or a
count read now, `amount_from`) and an `if`'s condition (`holds`), each from the card whose
text it is (OBL-B1: in that card's battle zone)."""

from __future__ import annotations

from multiverse.content.sentinels_schema import Condition, Step
from multiverse.sentinels.select import candidates, zone_of
from multiverse.sentinels.state import Z_PLAY, SentinelsState
from multiverse.sentinels.zones import cards_under


def amount_of(s: SentinelsState, sid: int, this: int = -1) -> int:
    """A step's amount; SOTM-3: "H", "H-1", "H+2" read H, fixed at the start of the game;
    `amount_from`: a count read now (times `amount`)."""
    st = s.T.steps[sid]
    if st.amount_from is not None:
        return st.amount * count_of(s, st.amount_from, st, this)
    return st.amount if st.h_offset is None else max(0, s.T.n_heroes + st.h_offset)


def count_of(s: SentinelsState, what: str, st: Step, this: int) -> int:
    """The count an amount reads: tokens on this card, heroes or Scions in its zone, a
    counter's value, cards under this card."""
    if what == "tokens_on_this":
        return s.tok[this] if this >= 0 else 0
    if what == "heroes_here":
        return count_here(s, "heroes", this, st.zone)
    if what == "scions_here":
        return count_here(s, "scions", this, st.zone)
    if what == "cards_under_this":
        return len(cards_under(s, this)) if this >= 0 else 0
    i = s.T.counter_index.get(st.counter or "", -1)
    return s.ctr[i] if i >= 0 else 0


def condition(s: SentinelsState, sid: int, this: int, hero: int) -> bool:
    c = s.T.steps[sid].cond
    assert c is not None
    return holds(s, c, this, hero)


def heroes_here(s: SentinelsState, this: int) -> list[int]:
    """The active heroes (players) in the battle zone of card `this` (OBL-B1), in play order."""
    t = s.T
    if t.n_zones == 1 or this < 0:
        return [h for h in range(t.n_heroes) if not s.incap[h]]
    z = s.bz[this]
    return [h for h in range(t.n_heroes) if not s.incap[h] and s.azone[h] == z]


def count_here(s: SentinelsState, what: str, this: int, ref: str = "this") -> int:
    """Heroes (active hero character cards) or Scions in play in a battle zone."""
    z = zone_of(s, ref, this)
    t, bz = s.T, s.bz
    if what == "heroes":
        return sum(1 for p in range(t.n_heroes) if not s.incap[p] and s.char[p] >= 0
                   and (z < 0 or bz[s.char[p]] == z))
    return sum(1 for c in s.inplay if c in t.scions and (z < 0 or bz[c] == z))


def holds(s: SentinelsState, c: Condition, this: int, hero: int) -> bool:
    """Does a condition hold now, read from card `this` (whose text it is)?"""
    t = s.T
    if c.test == "scions_here_at_least":
        return count_here(s, "scions", this, c.zone) >= c.amount
    if c.test == "heroes_here_at_least":
        return count_here(s, "heroes", this, c.zone) >= c.amount
    if c.test == "scions_here_at_most":
        return count_here(s, "scions", this, c.zone) <= c.amount
    if c.test == "heroes_here_at_most":
        return count_here(s, "heroes", this, c.zone) <= c.amount
    if c.test == "incapacitated_hero_here":
        z = zone_of(s, c.zone, this)
        return any(t.hero_char[x] >= 0 and s.face[x] != 0 and (z < 0 or s.bz[x] == z)
                   for x in s.inplay)
    if c.test == "more_scions_than_heroes_here":
        return count_here(s, "scions", this, c.zone) > count_here(s, "heroes", this, c.zone)
    if c.test == "form_is":
        return s.face[t.villain_character] == (c.face or 0)
    if c.test == "usurped":
        return t.usurper >= 0 and s.zone[t.usurper] == Z_PLAY and s.face[t.usurper] != 0
    if c.test == "this_hero_hp_at_least":
        return hero >= 0 and s.hp[s.char[hero]] >= c.amount
    if c.test == "this_hp_at_least":
        return this >= 0 and s.hp[this] >= c.amount
    if c.test == "this_hp_at_most":
        return this >= 0 and s.is_target(this) and s.hp[this] <= c.amount
    if c.test == "tokens_on_this_at_least":
        return this >= 0 and s.tok[this] >= c.amount
    if c.test == "hero_tokens_showing_at_least":
        sides = t.hero_tokens[t.hdeck[s.char[hero]]][0] if hero >= 0 else ()
        if c.side not in sides:
            return False
        return s.htok[hero].count(sides.index(c.side)) >= c.amount
    if c.test == "cards_in_hand_at_least":
        return hero >= 0 and len(s.hand[hero]) >= c.amount
    if c.test == "villain_flipped":
        return s.face[t.villain_character] != 0
    if c.test == "this_face_is":
        return this >= 0 and s.face[this] == (c.face or 0)
    if c.test == "cards_in_play_with_keyword_at_least":
        kw = (c.keyword or "").lower()
        face = s.face
        if t.n_zones > 1:  # OBL-B1: in the zone of the card whose text it is
            z, bz = zone_of(s, c.zone, this), s.bz
            return sum(1 for x in s.inplay if kw in t.keywords[x][face[x]]
                       and (z < 0 or bz[x] == z)) >= c.amount
        return sum(1 for x in s.inplay if kw in t.keywords[x][face[x]]) >= c.amount
    if c.test == "trash_has_at_least":
        return hero >= 0 and len(s.trash[hero]) >= c.amount
    if c.test in ("counter_at_least", "counter_at_most"):  # a counter not in this game: false
        i = t.counter_index.get(c.counter or "", -1)
        if i < 0:
            return False
        return s.ctr[i] >= c.amount if c.test == "counter_at_least" else s.ctr[i] <= c.amount
    if c.test == "cards_under_this_at_least":
        return this >= 0 and len(cards_under(s, this)) >= c.amount
    if c.test == "reserve_has_at_least":
        return len(s.reserve) >= c.amount
    if c.test == "damage_taken_this_turn_at_least":  # "X has been dealt N or more damage this turn"
        return damage_this_turn(s, c, this, hero) >= c.amount
    return False


def damage_this_turn(s: SentinelsState, c: Condition, this: int, hero: int) -> int:
    """The most damage dealt this turn to one of the cards the condition's `of` selects (in
    play now; default: card `this`), read from the state's "this turn" facts."""
    dealt = s.turn_dmg
    if not dealt:
        return 0
    if c.of is None:
        return dealt[this] if this >= 0 else 0
    return max((dealt[x] for x in candidates(s, c.of, this, hero, -1)), default=0)
