"""The effect vocabulary at work: each verb of `content.sentinels_schema` as a rule step.

Context carried by every frame: `this` (the card whose text it is), `hero` (the hero who
owns that text, -1 for villain and environment cards) and `other` (the card a trigger
reacts to: the damage source, the card entering play).
"""

from __future__ import annotations

from typing import Any

from multiverse.content.sentinels_schema import Condition, Step
from multiverse.engine.decision import Option
from multiverse.engine.words import count
from multiverse.sentinels.damage import deal_damage, destroy, flip_card, heal, heroes_lost, revive_team
from multiverse.sentinels.select import candidates, step_candidates, zone_of
from multiverse.sentinels.state import Z_BOX, Z_DECK, Z_HAND, Z_PLAY, SentinelsState, choice, step
from multiverse.sentinels.zones import (
    cards_under,
    draw,
    move,
    put,
    put_under,
    remove_from_game,
    take,
    to_trash,
    top_card,
)

DURATIONS = {"this_turn": 0, "until_your_next_turn": 1, "while_in_play": 2}
DECK_VERBS = frozenset({"play_top", "reveal_top", "search", "shuffle_trash_into_deck",
                        "arrange_top", "move_to_bottom"})


def effect_frames(s: SentinelsState, fx: tuple[int, ...], this: int, hero: int, other: int) -> list[tuple]:
    return [("fx", sid, this, hero, other) for sid in fx]


def push_effect(s: SentinelsState, fx: tuple[int, ...], this: int, hero: int, other: int) -> None:
    """Queue an effect's steps so the first resolves first (top to bottom, SOTM-8)."""
    for sid in reversed(fx):
        s.stack.append(("fx", sid, this, hero, other))


def _seat(s: SentinelsState, hero: int) -> int:
    """Who decides for a step of hero `hero` (a player's own index) or of no hero (-1)."""
    return hero if hero >= 0 else s.seat(s.T.villain)


def deck_owner(s: SentinelsState, deck: str, this: int, hero: int) -> int:
    """Whose deck a step names: -1 when there is none (no environment in this zone)."""
    t = s.T
    if deck == "villain":
        return t.villain
    if deck == "environment":
        if len(t.envs) == 1:
            return t.env
        z = s.bz[this] if this >= 0 else 0
        return next((o for o in t.envs if s.azone[o] == z), -1)
    named = t.named_decks.get(deck)
    if named is not None:
        return named
    return hero if hero >= 0 else s.owner_of(this)


def deck_reachable(s: SentinelsState, o: int, this: int, hero: int) -> bool:
    """OBL-C3: hero and environment text reaches a villain deck only when a target of that
    deck is in its battle zone; OBL-C12: the Mission deck is reached by no such text."""
    t = s.T
    if t.n_zones == 1 or this < 0 or t.side[this][0] == 1:
        return True
    if t.okind[o] == 3:
        return False
    if t.okind[o] != 1:
        return True
    z = s.bz[this]
    return any(s.owner_of(c) == o and s.bz[c] == z and s.is_target(c) for c in s.inplay)


@step("fx")
def run_step(s: SentinelsState, f: tuple) -> None:
    """Resolve one step of an effect."""
    _, sid, this, hero, other = f
    t = s.T
    head = t.fx_head[sid]
    if head is not None and (head[0] is None or f[0] == "fx_as"):  # a selecting step
        _by, loss, each, fixed, count = head
        stack = s.stack
        if loss:  # SOTM-18: read after the step
            stack.append(("check_loss",))
        if each:
            then = t.then[sid]
            if then:  # after every target has been dealt with
                push_effect(s, then, this, hero, -1)
            each_target(s, ("each", sid, this, hero, other, ()))  # (the next frame: now)
        elif fixed:  # one card at most: no one is asked
            then = t.then[sid]
            for c in candidates(s, t.steps[sid].target, this, hero, other):
                if then:
                    push_effect(s, then, this, hero, c)
                apply_to(s, sid, this, hero, other, c)
            loss_now(s)
        else:
            stack.append(("select", sid, this, hero, other, (), count))
        return
    st = t.steps[sid]
    v = st.verb
    if st.source_select is not None and f[0] == "fx":  # "each Scion deals …": each selected
        for c in reversed(candidates(s, st.source_select, this, hero, other)):  # card acts
            s.stack.append(("fx_as", sid, c, hero, other))  # as the source, in its zone
        return
    n = (st.amount if st.h_offset is None else max(0, t.n_heroes + st.h_offset)) \
        if st.amount_from is None else amount_of(s, sid, this)
    if v == "if":  # (the most frequent verb here: tested first)
        branch = t.do[sid] if condition(s, sid, this, hero) else t.otherwise[sid]
        push_effect(s, branch, this, hero, other)
    elif v == "draw":
        if hero >= 0 and not s.incap[hero]:
            draw(s, hero, n)
    elif v == "discard":
        if hero >= 0:
            s.stack.append(("discard", hero, n))
    elif v == "play_card":
        if hero >= 0 and not s.incap[hero]:
            s.stack.append(("play_now", hero, n))
    elif v == "use_power":
        if hero >= 0 and not s.incap[hero]:
            s.stack.append(("power_now", hero, n))
    elif v in DECK_VERBS:
        if st.deck == "each_hero":  # each active hero's deck (in its zone), in play order
            for h in reversed(heroes_here(s, this)):
                s.stack.append(("deck_step", sid, this, hero, h))
        else:
            o = deck_owner(s, st.deck, this, hero)
            if o >= 0 and deck_reachable(s, o, this, hero):
                deck_step(s, sid, this, hero, o)
    elif v == "add_tokens":
        if st.counter is not None:
            change_counter(s, st.counter, n)
        elif s.zone[this] == Z_PLAY:
            s.tok[this] += n
    elif v == "remove_tokens":
        if st.counter is not None:
            change_counter(s, st.counter, -n)
        else:
            s.tok[this] = max(0, s.tok[this] - n)
    elif v == "play_from_reserve":  # into the zone of the card whose text it is
        for _ in range(n):
            s.stack.append(("from_reserve", zone_of(s, st.zone, this)))
    elif v == "flip_hero_tokens":
        flip_hero_tokens(s, hero, st.side, st.to_side, n)  # type: ignore[arg-type]
    elif v == "seed_environment":
        seed_environment(s, this)
    elif v == "modify":  # "until your next turn": the text's hero, else the card's owner
        o = hero if hero >= 0 else s.owner_of(this) if this >= 0 else s.turn
        if t.dynamic and o in t.villains and o != t.villain:  # a zone's villain turn
            o = t.named_decks["scion"]
        s.mods.append((sid, this, hero, DURATIONS[st.duration], o))
    elif v == "may":
        s.stack.append(("may", sid, this, hero, other))
    elif v == "each_player_may_draw":  # OBL-B1: the players with heroes in this zone
        for h in reversed(heroes_here(s, this)):
            s.stack.append(("may_draw", h))
    elif v == "one_hero":
        s.stack.append(("one_hero", sid, this, hero, other))
    elif v == "destroy_this":
        destroy(s, this)
    elif v == "heroes_lose":
        s.end("loss", f"{s.name(this)} says the heroes lose")
    elif v == "flip_villain":  # the villain character's flip: to its next face, if any
        vc = t.villain_character
        if s.face[vc] + 1 < t.n_faces[vc]:
            flip_card(s, vc, s.face[vc] + 1)
    elif v == "revive_team":
        revive_team(s, hero if hero >= 0 else s.hero_of(this), n)
    elif v == "shuffle_deck":
        o = deck_owner(s, st.deck, this, hero)
        if o >= 0 and deck_reachable(s, o, this, hero):
            s.shuffle(s.deck[o])
    else:  # the mode's verbs: zones, OblivAeon, Scions, environments (`MODE_VERBS`)
        fn = MODE_VERBS.get(v) if t.dynamic else None
        if fn is not None:
            fn(s, sid, this, hero, other)
        elif v == "game_over":  # SOTM-18: an environment's Game Over: the heroes lose
            s.end("loss", f"{s.name(this)}: game over")


# verb → (state, step id, this, hero, other): verbs whose meaning is a mode's (OblivAeon)
MODE_VERBS: dict[str, Any] = {}


step("fx_as")(run_step)


@step("deck_step")
def deck_step_frame(s: SentinelsState, f: tuple) -> None:
    """One hero's part of a `deck: each_hero` step (SOTM-11: each hero's own deck)."""
    _, sid, this, hero, o = f
    if not s.incap[o]:
        deck_step(s, sid, this, hero, o)


def deck_step(s: SentinelsState, sid: int, this: int, hero: int, o: int) -> None:
    """A verb acting on the deck of owner `o`."""
    st = s.T.steps[sid]
    v = st.verb
    n = amount_of(s, sid)
    if v == "play_top":  # with battle zones: into the zone of the text's card (OBL-B1)
        frame = ("play_top", o, s.bz[this]) if s.T.n_zones > 1 and this >= 0 else ("play_top", o)
        for _ in range(n):
            s.stack.append(frame)
    elif v == "reveal_top":
        reveal_top(s, sid, o, n, this)
    elif v == "search":  # each hero searches their own deck: that hero's player chooses
        s.stack.append(("search", sid, o, this, o if st.deck == "each_hero" else hero))
    elif v == "shuffle_trash_into_deck":
        for c in list(s.trash[o]):
            move(s, c, Z_DECK)
        s.shuffle(s.deck[o])
    elif v == "arrange_top":
        top = tuple(s.deck[o][-n:][::-1]) if n else ()
        if len(top) > 1:
            s.stack.append(("arrange", o, top, ()))
    elif v == "move_to_bottom":
        c = top_card(s, o)
        if c >= 0:
            move(s, c, Z_DECK, bottom=True)


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
    return False


def change_counter(s: SentinelsState, name: str, delta: int) -> None:
    """OBL-ID1: add (or remove) tokens of a named counter, kept within its bounds; each
    threshold the value crosses fires its text (villain text), in the order crossed. A
    counter this game lacks is left alone."""
    t = s.T
    i = t.counter_index.get(name, -1)
    if i < 0:
        return
    old = s.ctr[i]
    new = max(t.counter_min[i], min(t.counter_max[i], old + delta))
    if new == old:
        return
    s.ctr[i] = new
    if s.log is not None:
        s.emit("counter", f"{name}: {old} → {new}", counter=name, old=old, value=new)
    crossed = [(at, fx) for at, way, fx in t.thresholds[i]
               if (way >= 0 and old < at <= new) or (way <= 0 and new <= at < old)]
    crossed.sort(key=lambda x: x[0], reverse=new < old)
    for _at, fx in reversed(crossed):  # the first crossed resolves first
        push_effect(s, fx, t.villain_character, -1, -1)


@step("from_reserve")
def from_reserve(s: SentinelsState, f: tuple) -> None:
    """OBL-C5: the bottom card of the reserve comes into play: a target entering play, not
    a card being played (no play text, no "enters play" reactions)."""
    if not s.reserve:
        return
    c = s.reserve[0]
    take(s, c)
    if len(f) > 1 and f[1] >= 0:
        s.bz[c] = f[1]
    put(s, c, Z_PLAY)
    if s.log is not None:
        s.emit("from_reserve", f"{s.name(c)} comes into play from the reserve", card=c)


def flip_hero_tokens(s: SentinelsState, hero: int, side: str, to_side: str, n: int) -> None:
    """OBL-HE2: flip up to `n` of the hero's tokens showing `side` to `to_side`."""
    if hero < 0:
        return
    sides = s.T.hero_tokens[s.T.hdeck[s.char[hero]]][0]
    if side not in sides or to_side not in sides:
        return
    a, b = sides.index(side), sides.index(to_side)
    toks = s.htok[hero]
    k = 0
    for i, x in enumerate(toks):
        if x == a and k < n:
            toks[i] = b
            k += 1
    if k and s.log is not None:
        s.emit("tokens_flipped", f"{s.oname(hero)} flips {count(k, 'token')} {side} → {to_side}",
               hero=hero, count=k, side=side, to_side=to_side)


def seed_environment(s: SentinelsState, cid: int) -> None:
    """OBL-HE3: the seed goes into the environment deck, which is shuffled; from then on it
    lives with the environment (discarded from there, it goes to the environment trash)."""
    env = deck_owner(s, "environment", cid, -1)  # the environment of the seed's zone
    if env < 0:
        return
    move(s, cid, Z_DECK, home=env)
    s.shuffle(s.deck[env])
    if s.log is not None:
        s.emit("seeded", f"{s.name(cid)} is planted in the environment deck", card=cid)


# ----- selection ------------------------------------------------------------------------
@step("each")
def each_target(s: SentinelsState, f: tuple) -> None:
    """SOTM-16: "each" acts on every selected card, looking again after each one, so a
    target entering play meanwhile is hit too and none is hit twice."""
    _, sid, this, hero, other, done = f
    st, stack = s.T.steps[sid], s.stack
    sel = st.target
    # damage and healing with nothing queued change no card's place, face or zone: the
    # cards selected stay the same, so the list is read once until something is queued
    steady = st.verb in _STEADY and sel.hp_at_most is None
    while True:
        for c in step_candidates(s, sid, this, hero, other):
            if c in done:
                continue
            done = (*done, c)
            n = len(stack)
            stack.append(("each", sid, this, hero, other, done))
            apply_to(s, sid, this, hero, other, c)
            if len(stack) != n + 1 or s.result is not None:
                return  # what the target queued resolves first; then this frame looks again
            stack.pop()  # nothing queued: go on at once (the frame would be popped next)
            if not steady:
                break  # look again (SOTM-16)
        else:
            loss_now(s)
            return


_CHECK_LOSS = ("check_loss",)


def loss_now(s: SentinelsState) -> None:
    """SOTM-18 read at once when a step ends with its loss check next on the stack (the
    frame the engine would pop next: the same check, one frame fewer)."""
    stack = s.stack
    if stack and stack[-1] == _CHECK_LOSS and s.result is None:
        stack.pop()
        heroes_lost(s)


_STEADY = frozenset({"damage", "drain", "heal"})


def _select_options(s: SentinelsState, f: tuple) -> tuple:
    _, sid, this, hero, other, done, left = f
    t = s.T
    st = t.steps[sid]
    sel = st.target
    pool = [c for c in step_candidates(s, sid, this, hero, other) if c not in done]
    if not pool or left <= 0:
        return 0, "", []
    hp = s.hp
    if sel.pick in ("highest_hp", "lowest_hp"):
        best = (max if sel.pick == "highest_hp" else min)([hp[c] for c in pool])
        pool = [c for c in pool if hp[c] == best]  # SOTM-16: ties are the players' choice
    kept, max_hp, face = t.target_opt, t.max_hp, s.face
    opts = []
    for c in pool:
        key = (c, hp[c] if max_hp[c][face[c]] else None)
        opts.append(kept.get(key) or _target_option(t, key))
    if sel.pick == "up_to" and done:
        opts.append(Option("stop", "No more", {"card": -1}))
    n = amount_of(s, sid, this) if len(opts) > 1 else 0  # a forced choice shows no prompt
    return _seat(s, hero), (_select_prompt, t.name[this], st, n), opts


def _target_option(t: Any, key: tuple[int, int | None]) -> Option:
    """A target's option for (card, HP), made once and kept in the tables (an option is a
    value: its id, label and data never change)."""
    c, hp = key
    opt = t.target_opt[key] = Option(t.card_oid[c], (_target_label, t.name[c], hp), t.card_data[c])
    return opt


def _target_label(name: str, hp: int | None) -> str:
    return name if hp is None else f"{name} ({hp} HP)"


def _select_prompt(name: str, st: Step, n: int) -> str:
    """What the chosen target will get: "Rust Bolt: deal 2 fire damage — choose a target"."""
    return f"{name}: {step_words(st, n)} — choose a target"


def step_words(st: Step, n: int) -> str:
    """A selecting step in words, with its amount and damage type."""
    if st.verb == "damage":
        return f"deal {n} {st.type} damage" + (" (irreducible)" if st.irreducible else "")
    if st.verb == "drain":
        return f"deal {n} {st.type} damage and regain as much HP"
    if st.verb == "heal":  # the heuristic reads "heal" in this prompt
        return f"heal: the target regains {n} HP"
    return st.verb.replace("_", " ")


@choice("select", _select_options)
def resolve_select(s: SentinelsState, f: tuple, opt: Option) -> None:
    """Apply the step to the chosen card, then look again for the next one (SOTM-16)."""
    _, sid, this, hero, other, done, left = f
    c = opt.data["card"]
    if c < 0:
        return
    st = s.T.steps[sid]
    if left > 1:
        s.stack.append(("select", sid, this, hero, other, (*done, c), left - 1))
    elif st.then:  # after the step has resolved on its (last) target
        push_effect(s, s.T.then[sid], this, hero, c)
    apply_to(s, sid, this, hero, other, c)
    loss_now(s)


def apply_to(s: SentinelsState, sid: int, this: int, hero: int, other: int, c: int) -> None:
    t = s.T
    head = t.dmg_head[sid]
    if head is not None:
        so, dtype, irreducible, cross, drain, n = head
        src = (this if so == 0 else c if so == 1 else t.villain_character if so == 2
               else s.char[hero] if hero >= 0 else this)  # "this_hero"
        deal_damage(s, src, c, amount_of(s, sid) if n is None else n, dtype, irreducible,
                    hero if drain and hero >= 0 else -1,
                    cross)  # OBL-B1: the text names another zone
        return
    st = t.steps[sid]
    v = st.verb
    if v == "heal":
        heal(s, c, amount_of(s, sid))
    elif v == "lose_hp":
        s.hp[c] -= amount_of(s, sid)
        if s.log is not None:
            s.emit("lose_hp", f"{s.name(c)} loses {amount_of(s, sid)} HP → {s.hp[c]}", target=c,
                   amount=amount_of(s, sid), hp=s.hp[c])
        if s.hp[c] <= 0:
            s.stack.append(("check_destroyed", c))
    elif v == "destroy":
        destroy(s, c)
    elif v == "flip":
        flip_card(s, c, -1 if st.face is None else st.face)
    elif v == "remove_from_game":
        remove_from_game(s, c)
    elif v == "put_under_this":
        put_under(s, c, this)
    elif t.dynamic:
        fn = MODE_APPLY.get(v)
        if fn is not None:
            fn(s, sid, this, c)


# verb → (state, step id, this, card): selecting verbs whose meaning is a mode's
MODE_APPLY: dict[str, Any] = {}


# ----- hand, deck and play choices ---------------------------------------------------
def _discard_options(s: SentinelsState, f: tuple) -> tuple:
    _, h, n = f
    return (s.seat(h), f"{s.oname(h)} discards a card ({n} left)",
            [s.T.card_opt[c] for c in s.hand[h]])


@choice("discard", _discard_options)
def resolve_discard(s: SentinelsState, f: tuple, opt: Option) -> None:
    """SOTM-11: discard from hand to the owner's trash."""
    _, h, n = f
    to_trash(s, opt.data["card"])
    if n > 1:
        s.stack.append(("discard", h, n - 1))


_YES_NO = [Option("yes", "Yes", {"yes": True}), Option("no", "No", {"yes": False})]
_DRAW_OR_NOT = [Option("yes", "Draw", {"yes": True}), Option("no", "Don't", {"yes": False})]


def _may_options(s: SentinelsState, f: tuple) -> tuple:
    _, sid, this, hero, _other = f
    text = s.T.steps[sid].prompt or "Do it?"
    return (_seat(s, hero), f"{s.name(this)}: {text}",
            _YES_NO)


@choice("may", _may_options)
def resolve_may(s: SentinelsState, f: tuple, opt: Option) -> None:
    """"One player may …; if they do, …": `do` then `then` only on yes."""
    _, sid, this, hero, other = f
    if opt.data["yes"]:
        push_effect(s, s.T.do[sid] + s.T.then[sid], this, hero, other)


def _may_draw_options(s: SentinelsState, f: tuple) -> tuple:
    h = f[1]
    return (s.seat(h), f"{s.oname(h)} may draw a card",
            _DRAW_OR_NOT)


@choice("may_draw", _may_draw_options)
def resolve_may_draw(s: SentinelsState, f: tuple, opt: Option) -> None:
    if opt.data["yes"]:
        draw(s, f[1], 1)


def reveal_top(s: SentinelsState, sid: int, o: int, n: int, this: int = -1) -> None:
    """Reveal the top cards: those matching `keyword` go to `to`, the rest are discarded."""
    st = s.T.steps[sid]
    for _ in range(n):
        c = top_card(s, o)
        if c < 0:
            return
        if s.log is not None:
            s.emit("reveal", f"{s.oname(o)} reveals {s.name(c)}", card=c)
        if st.keyword is None or st.keyword.lower() in s.T.keywords[c][s.face[c]]:
            send(s, c, st.to, o, this)
        else:
            to_trash(s, c)


def send(s: SentinelsState, c: int, to: str, o: int, this: int = -1) -> None:
    """Put a found or revealed card where a step says: a hero's hand, into play, the bottom
    of its deck, under this card (in play), removed from the game, else the trash."""
    if to == "removed":
        remove_from_game(s, c)
    elif to == "under" and this >= 0 and s.zone[this] == Z_PLAY:
        put_under(s, c, this)
    elif to == "hand" and s.hero_of(c) >= 0:
        move(s, c, Z_HAND, home=s.hero_of(c))
    elif to == "play":
        from multiverse.sentinels.turns import play_seed, put_into_play

        take(s, c)
        s.zone[c] = Z_BOX
        if s.T.card[c].seed and s.T.okind[s.home[c]] == 2:  # OBL-HE3: a planted seed blooms
            play_seed(s, c)
        else:
            put_into_play(s, c, from_deck=True)
    elif to == "deck_bottom":
        move(s, c, Z_DECK, bottom=True)
    else:
        to_trash(s, c)


def _search_options(s: SentinelsState, f: tuple) -> tuple:
    """One option per distinct card (by name): it takes the first copy in deck order (the
    deck from the top, then the trash from the top). Its id and data name the
    lowest-numbered copy, never the copy to be taken, so neither depends on the deck's
    order: the decider's view reveals no order, and a reshuffled sample keeps the ids."""
    _, sid, o, this, hero = f
    t = s.T
    kw = (t.steps[sid].keyword or "").lower()
    low: dict[str, int] = {}
    face = s.face
    for c in (*s.deck[o], *s.trash[o]):
        if kw and kw not in t.keywords[c][face[c]]:
            continue
        name = t.name[c]
        if name not in low or c < low[name]:
            low[name] = c
    opts = [t.card_opt[low[name]] for name in sorted(low, key=low.__getitem__)]
    if opts and hero >= 0:  # a hero may come up empty; a villain's search always finds
        opts.append(Option("none", "Take nothing", {"card": -1}))
    return _seat(s, hero), f"{s.name(this)}: search for a card", opts


@choice("search", _search_options)
def resolve_search(s: SentinelsState, f: tuple, opt: Option) -> None:
    """Search a deck and its trash for a card; the deck is then shuffled."""
    _, sid, o, this, _hero = f
    c = opt.data["card"]
    if c >= 0:  # the first copy of that name: the deck from the top, then the trash
        name = s.T.name[c]
        c = next(x for x in (*reversed(s.deck[o]), *reversed(s.trash[o])) if s.T.name[x] == name)
        send(s, c, s.T.steps[sid].to, o, this)
    s.shuffle(s.deck[o])


def _arrange_options(s: SentinelsState, f: tuple) -> tuple:
    _, o, cards, placed = f
    left = [c for c in cards if c not in placed]
    return (s.seat(s.turn), f"Put back the top of {s.oname(o)}'s deck: which card goes next "
            "(the first chosen ends on top)?",
            [s.T.card_opt[c] for c in left])


@choice("arrange", _arrange_options)
def resolve_arrange(s: SentinelsState, f: tuple, opt: Option) -> None:
    """OBL-HE4: look at the top cards of a deck and put them back in any order."""
    _, o, cards, placed = f
    placed = (*placed, opt.data["card"])
    left = [c for c in cards if c not in placed]
    if len(left) == 1:
        placed = (*placed, left[0])
    if len(placed) < len(cards):
        s.stack.append(("arrange", o, cards, placed))
        return
    deck = s.deck[o]
    del deck[len(deck) - len(cards):]
    deck.extend(reversed(placed))



def _one_hero_options(s: SentinelsState, f: tuple) -> tuple:
    _, sid, this, hero, _other = f
    live = heroes_here(s, this)
    return (_seat(s, hero), f"{s.name(this)}: {s.T.steps[sid].prompt or 'choose a hero'}",
            [Option(f"hero:{h}", s.oname(h), {"hero": h}) for h in live])


@choice("one_hero", _one_hero_options)
def resolve_one_hero(s: SentinelsState, f: tuple, opt: Option) -> None:
    """"One hero may …": the chosen hero's player does `do` as that hero."""
    _, sid, this, _hero, other = f
    push_effect(s, s.T.do[sid], this, opt.data["hero"], other)
