"""Counts and conditions a step reads when it resolves: a step's amount (SOTM-3's H, or a
count read now, `amount_from`) and an `if`'s condition (`holds`), each from the card whose
text it is (OBL-B1: in that card's battle zone)."""

from __future__ import annotations

from typing import Any

from multiverse.content.sentinels_schema import Condition, Step
from multiverse.sentinels import memory
from multiverse.sentinels.select import candidates, in_group, zone_of
from multiverse.sentinels.state import Z_PLAY, SentinelsState
from multiverse.sentinels.tables import CHARACTER, DAMAGE_TYPES, KINDS
from multiverse.sentinels.zones import cards_under


def amount_of(s: SentinelsState, sid: int, this: int = -1) -> int:
    """A step's amount; SOTM-3: "H", "H-1", "H+2" read H, fixed at the start of the game;
    `amount_from`: a count read now (times `amount`) from card `this`, the card whose text it
    is (OBL-B1: in its battle zone); a printed number (`printed`) with the modifiers in force
    on the text of `this`."""
    _sel, _verb, amount_from, amount, h_offset = s.T.fx_run[sid]
    n = amount if h_offset is None else max(0, s.T.n_heroes + h_offset)
    if amount_from is None:
        return n
    if amount_from == "printed":  # a number another card's modifier may change
        return max(0, n + printed_delta(s, s.T.steps[sid], this))
    return amount * count_of(s, amount_from, s.T.steps[sid], this)


def count_of(s: SentinelsState, what: str, st: Any, this: int) -> int:
    """The count an amount reads (`st`: the step, condition or modifier naming it, for its
    `zone`, `counter`, `pile_of`, `kind`, `keyword`, `side`): tokens on this card, heroes or
    Scions in its zone, a counter's value, cards under this card; the cards in a trash, in
    this hero's hand, in a play area; cards destroyed or discarded this turn (SOTM-11),
    this hero's tokens flipped this turn or showing a side (OBL-HE2)."""
    if what == "tokens_on_this":
        return s.tok[this] if this >= 0 else 0
    if what == "heroes_here":
        return count_here(s, "heroes", this, st.zone)
    if what == "scions_here":
        return count_here(s, "scions", this, st.zone)
    if what == "cards_under_this":
        return len(cards_under(s, this)) if this >= 0 else 0
    if what == "damage_dealt_this_way":
        return memory.total_dealt(s, st.memory, this)
    if what == "remembered":
        return memory.count_done(s, st.memory, this)
    if what == "counter":
        i = s.T.counter_index.get(st.counter or "", -1)
        return s.ctr[i] if i >= 0 else 0
    if what == "destroyed_this_turn":
        return s.turn_destroyed
    if what == "discarded_this_turn":
        return s.turn_discarded
    hero = s.hero_of(this) if this >= 0 else -1
    if what == "cards_in_hand":
        return len(s.hand[hero]) if hero >= 0 else 0
    if what == "tokens_flipped_this_turn":
        return s.turn_flipped[hero] if hero >= 0 else 0
    if what == "hero_tokens_showing":
        return tokens_showing(s, hero, st.side)
    o = pile_of(s, st.pile_of, this)
    if o < 0:
        return 0
    if what == "cards_in_trash":
        return len(s.trash[o])
    if what == "cards_in_play":  # the cards of that play area, never a character card
        t, face = s.T, s.face
        kind = -1 if st.kind is None else KINDS.index(st.kind)
        kw = st.keyword.lower() if st.keyword else None
        return sum(1 for c in s.play[o] if t.kind[c][face[c]] != CHARACTER
                   and (kind < 0 or t.kind[c][face[c]] == kind)
                   and (kw is None or kw in t.keywords[c][face[c]]))
    return 0


def pile_of(s: SentinelsState, of: str, this: int) -> int:
    """Whose pile a count reads: "this" (the hero whose card it is; a villain or
    environment card: its owner), the villain, the environment (of this card's battle
    zone); -1: none."""
    if of == "villain":
        return s.T.villain
    if of == "environment":
        return zone_environment(s, this)
    return s.owner_of(this) if this >= 0 else -1


def zone_environment(s: SentinelsState, this: int) -> int:
    """OBL-B1: the environment of card `this`'s battle zone (the only one in a base game;
    -1: none there now)."""
    t = s.T
    if len(t.envs) == 1:
        return t.env
    z = s.bz[this] if this >= 0 else 0
    return next((o for o in t.envs if s.azone[o] == z), -1)


def tokens_showing(s: SentinelsState, hero: int, side: str | None) -> int:
    """OBL-HE2: how many of the hero's tokens show `side` (0: no such tokens)."""
    if hero < 0:
        return 0
    t = s.T
    sides = t.hero_tokens[t.hdeck[s.char[hero]]][0] if s.char[hero] >= 0 else ()
    return s.htok[hero].count(sides.index(side)) if side in sides else 0


def modifier_amount(s: SentinelsState, m: Any, this: int) -> int:
    """A modifier's amount read when the damage is dealt (`amount_from`: the count, times
    `amount`, from the card whose modifier it is)."""
    return m.amount * count_of(s, m.amount_from, m, this)


def printed_delta(s: SentinelsState, st: Step, this: int) -> int:
    """SOTM-14: the change the increase_printed / reduce_printed modifiers in force make to
    the number printed on a step of card `this` (OBL-B1: those of its battle zone)."""
    if this < 0:
        return 0
    t = s.T
    if not s.live_get(t.printed_cards) and not (  # none of the modifiers that change
            s.mods and t.printed_sids and [m for m in s.mods if m[0] in t.printed_sids]):
        return 0  # printed numbers in force: no change
    from multiverse.sentinels.damage import active_modifiers  # (damage imports this module)

    key = f"printed:{st.verb}"
    ty = DAMAGE_TYPES.index(st.type)
    d = 0
    for m, c in active_modifiers(s, s.bz[this] if t.n_zones > 1 else -1):
        if m[0] == key and (m[3] < 0 or m[3] == ty) and in_group(s, m[2], this, c):
            d += m[5]
    return d


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
    n = 0  # (plain loops: a generator in `sum` is a coroutine object per call, compiled)
    if what == "heroes":
        for p in range(t.n_heroes):
            if not s.incap[p] and s.char[p] >= 0 and (z < 0 or bz[s.char[p]] == z):
                n += 1
        return n
    scions = t.scions
    for c in s.inplay:
        if c in scions and (z < 0 or bz[c] == z):
            n += 1
    return n


def holds(s: SentinelsState, c: Condition, this: int, hero: int) -> bool:
    """Does a condition hold now, read from card `this` (whose text it is)?"""
    t, test = s.T, c.test  # (read once: a record's field is a look-up)
    amount = c.amount if c.h_offset is None else max(0, t.n_heroes + c.h_offset)  # SOTM-3
    if test == "scions_here_at_least":
        return count_here(s, "scions", this, c.zone) >= amount
    if test == "heroes_here_at_least":
        return count_here(s, "heroes", this, c.zone) >= amount
    if test == "scions_here_at_most":
        return count_here(s, "scions", this, c.zone) <= amount
    if test == "heroes_here_at_most":
        return count_here(s, "heroes", this, c.zone) <= amount
    if test == "incapacitated_hero_here":
        z = zone_of(s, c.zone, this)
        return bool([x for x in s.inplay
                     if t.hero_char[x] >= 0 and s.face[x] != 0 and (z < 0 or s.bz[x] == z)])
    if test == "more_scions_than_heroes_here":
        return count_here(s, "scions", this, c.zone) > count_here(s, "heroes", this, c.zone)
    if test == "form_is":
        return s.face[t.villain_character] == (c.face or 0)
    if test == "usurped":
        return usurped(s)
    if test == "this_hero_hp_at_least":
        return hero >= 0 and s.hp[s.char[hero]] >= amount
    if test == "this_hp_at_least":
        return this >= 0 and s.hp[this] >= amount
    if test == "this_hp_at_most":
        return this >= 0 and s.is_target(this) and s.hp[this] <= amount
    if test == "tokens_on_this_at_least":
        return this >= 0 and s.tok[this] >= amount
    if test == "hero_tokens_showing_at_least":
        sides = t.hero_tokens[t.hdeck[s.char[hero]]][0] if hero >= 0 else ()
        if c.side not in sides:
            return False
        return s.htok[hero].count(sides.index(c.side)) >= amount
    if test == "cards_in_hand_at_least":
        return hero >= 0 and len(s.hand[hero]) >= amount
    if test == "villain_flipped":
        return s.face[t.villain_character] != 0
    if test == "this_face_is":
        return this >= 0 and s.face[this] == (c.face or 0)
    if test == "cards_in_play_with_keyword_at_least":
        kw = (c.keyword or "").lower()
        face = s.face
        if t.n_zones > 1:  # OBL-B1: in the zone of the card whose text it is
            z, bz = zone_of(s, c.zone, this), s.bz
            return len([x for x in s.inplay if kw in t.keywords[x][face[x]]
                        and (z < 0 or bz[x] == z)]) >= amount
        return len([x for x in s.inplay if kw in t.keywords[x][face[x]]]) >= amount
    if test == "trash_has_at_least":
        if c.pile_of != "this":  # the villain's or the environment's trash
            o = pile_of(s, c.pile_of, this)
            return o >= 0 and len(s.trash[o]) >= amount
        return hero >= 0 and len(s.trash[hero]) >= amount
    if test in ("counter_at_least", "counter_at_most"):  # a counter not in this game: false
        i = t.counter_index.get(c.counter or "", -1)
        if i < 0:
            return False
        return s.ctr[i] >= amount if test == "counter_at_least" else s.ctr[i] <= amount
    if test == "cards_under_this_at_least":
        return this >= 0 and len(cards_under(s, this)) >= amount
    if test == "reserve_has_at_least":
        return len(s.reserve) >= amount
    if test in ("count_at_least", "count_at_most"):  # any count an amount reads
        n = count_of(s, c.count, c, this)  # type: ignore[arg-type]
        return n >= amount if test == "count_at_least" else n <= amount
    if test == "destroyed_this_way":
        return memory.any_destroyed(s, c.memory, this)
    if test == "done_this_way":
        return memory.any_done(s, c.memory, this)
    if test == "damage_taken_this_turn_at_least":  # "X has been dealt N or more damage this turn"
        return damage_this_turn(s, c, this, hero) >= amount
    return False


def usurped(s: SentinelsState) -> bool:
    """OBL-C22: a Scion showing a face that takes OblivAeon's place (`usurps`) is in play."""
    zone, face = s.zone, s.face
    return any(zone[c] == Z_PLAY and face[c] in faces for c, faces in s.T.usurp_faces.items())


def damage_this_turn(s: SentinelsState, c: Condition, this: int, hero: int) -> int:
    """The most damage dealt this turn to one of the cards the condition's `of` selects (in
    play now; default: card `this`), read from the state's "this turn" facts."""
    dealt = s.turn_dmg
    if not dealt:
        return 0
    if c.of is None:
        return dealt.get(this, 0) if this >= 0 else 0
    return max((dealt.get(x, 0) for x in candidates(s, c.of, this, hero, -1)), default=0)
