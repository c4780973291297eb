"""Triggers: start and end of turn in play-entry order (SOTM-7), damage, destruction,
cards entering play, seeds played from the environment deck (OBL-HE3); a trigger's options
(`gate`: the first time each turn, during your turn, by whom); watchers of game events and
replacements (`prevent_damage`, `replace_draw`: "instead", SOTM-14/15)."""

from __future__ import annotations

from typing import Any

from multiverse.engine.decision import Option
from multiverse.sentinels import verbs as effects_mod
from multiverse.sentinels.cardtext import card_label
from multiverse.sentinels.select import in_group, zone_of
from multiverse.sentinels.state import LIVE_END, LIVE_ENTER, LIVE_START, Z_PLAY, SentinelsState, choice, step
from multiverse.sentinels.tables import ENVIRONMENT, KINDS, VILLAIN
from multiverse.sentinels.verbs import push_effect

# whose turn a turn text reads, by its word in the content: one dict look-up, then C
# integer tests (a word not listed reads as "hero")
W_ANY, W_OBLIVAEON, W_VILLAIN, W_OWNER, W_ENVIRONMENT, W_HERO = range(6)
_WHOSE = {"any": W_ANY, "oblivaeon": W_OBLIVAEON, "villain": W_VILLAIN, "owner": W_OWNER,
          "environment": W_ENVIRONMENT}


def _whose_ok(s: SentinelsState, whose: str, card: int, owner: int) -> bool:
    """Does a start- or end-of-turn text of `card` read the turn of `owner`? With several
    villain decks (OblivAeon): "oblivaeon" is OblivAeon's turn; a villain card's own
    ("owner") turn is its battle zone's villain turn; "villain" is any villain turn, and
    OblivAeon's turn counts as one for hero and environment cards (OBL-O3)."""
    t = s.T
    w = _WHOSE.get(whose, W_HERO)
    if w == W_ANY:
        return True
    if t.dynamic:
        kind = t.okind[owner]
        if w == W_OBLIVAEON:
            return owner == t.villain
        if w == W_VILLAIN:
            return kind == VILLAIN and (owner != t.villain or t.side[card][0] != VILLAIN)
        if w == W_OWNER and t.side[card][0] == VILLAIN:
            return kind == VILLAIN and owner != t.villain
    if w == W_OBLIVAEON:  # no OblivAeon in this game
        return False
    if w == W_OWNER:
        return owner == s.home[card] or owner == s.owner_of(card)
    if w == W_VILLAIN:
        return owner in t.villains
    if w == W_ENVIRONMENT:
        return t.okind[owner] == ENVIRONMENT
    return owner < t.n_heroes  # "hero"


def fire_turn(s: SentinelsState, event: str, owner: int, zone: int = -1) -> None:
    """SOTM-7: start- or end-of-turn effects of every card in play (in battle zone `zone`,
    if given: OBL-B1), in the order the cards entered play; the first resolves first (but
    Scion panels and cards before Aeon Men cards, OBL-C6). Each card's text waits in a
    `turn_text` frame and resolves only if that card is still in play when its turn comes.
    Callers queue nothing after it (the first text's steps are queued at once)."""
    frames: list[tuple] = []
    t = s.T
    key, table = (LIVE_START, t.start_trig) if event == "start_of_turn" else (LIVE_END, t.end_trig)
    face, seq, bz = s.face, s.seq, s.bz
    fixed = t.whose_owners
    who = owner  # (the owner's and each card's number objects, for the sets and frames;
    for co in s.live_get(key):  # `c`, the card's as a C integer, for the table reads)
        c = co
        trs = table[c][face[c]]
        if not trs or (zone >= 0 and bz[c] != zone):
            continue
        for whose, fx in trs:
            owners = fixed.get(whose)
            if (who in owners) if owners is not None else _whose_ok(s, whose, c, owner):
                frames.append(("turn_text", co, seq[c], fx))
    if not frames:
        return
    late = s.T.late_owner
    if late >= 0 and len(frames) > 1:
        home = s.home  # the late owner's last, play order kept otherwise
        frames = [f for f in frames if home[f[1]] != late] + [f for f in frames if home[f[1]] == late]
    s.stack.extend(reversed(frames[1:]))
    turn_text(s, frames[0])  # the first would be the next frame popped: it resolves now


def gate(s: SentinelsState, c: int, fx: tuple, by: int) -> bool:
    """A trigger's options, read as it would fire (their effects are keyed in `T.gates`):
    `your_turn` only in the turn of card `c`'s owner; `by` only when the damage's source or
    the destroying card `by` is in that group (read at the face it shows); `once_per_turn`
    only if it has not fired yet this turn (and now it has: `turn_fired`)."""
    g = s.T.gates.get(fx)
    if g is None:
        return True
    once, mine, group = g
    if mine and s.turn != s.owner_of(c):
        return False
    if group is not None and (by < 0 or not in_group(s, group, by, c)):
        return False
    if once:
        if fx[0] in s.turn_fired:
            return False
        s.turn_fired = [*s.turn_fired, fx[0]]
    return True


def fire_watchers(s: SentinelsState, event: str, cid: int, src: int = -1) -> None:
    """Cards in play reacting to another card's fate (`card_destroyed`, `card_removed`,
    `hero_incapacitated`, `environment_removed`, `card_dealt_damage`) or to a game event
    (`mission_completed`, `hero_enters_zone`, `scion_enters_play`): each whose `watch`
    selector matches it, in its battle zone (OBL-B1), in play order. `other` is the watched
    card, or `src` (the damage's source, the destroying card) for `react_to: source`."""
    t = s.T
    if not watching(s, event):
        return
    frames: list[tuple] = []
    gates, react = t.gates, t.react_src
    for c in s.inplay:
        if c == cid:
            continue
        for on, _whose, fx in t.triggers[c][s.face[c]]:
            if on != event:
                continue
            sel = t.watch.get((c, s.face[c], fx))
            if sel is not None and not watched(s, sel, cid, c):
                continue
            if sel is None and t.n_zones > 1 and s.bz[c] != s.bz[cid]:
                continue
            if gates and not gate(s, c, fx, src):
                continue
            other = src if react and fx in react else cid
            frames.extend(effects_mod.effect_frames(s, fx, c, s.hero_of(c), other))
    s.stack.extend(reversed(frames))


def watching(s: SentinelsState, event: str) -> bool:
    """Is a card with a trigger on `event` in play? (Cheap: the few cards of the game that
    have one, `T.watch_cards`; in OblivAeon the box's hero decks hold many that are not.)"""
    cards = s.T.watch_cards.get(event)
    return cards is not None and bool(s.live_get(cards))


def watched(s: SentinelsState, sel: Any, cid: int, this: int) -> bool:
    """Does a watcher's selector match card `cid` (which may just have left play)?"""
    t = s.T
    if t.n_zones > 1 and sel.zone != "any" and s.bz[cid] != zone_of(s, sel.zone, this):
        return False
    f = s.face[cid]
    if sel.keyword and sel.keyword.lower() not in t.keywords[cid][f]:
        return False
    if sel.kind and KINDS[t.kind[cid][f]] != sel.kind:
        return False
    if sel.other_than is not None and in_group(s, sel.other_than, cid, this):
        return False
    return sel.group == "any" or in_group(s, sel.group, cid, this)


@step("turn_text")
def turn_text(s: SentinelsState, f: tuple) -> None:
    """SOTM-7: a card's queued start- or end-of-turn text resolves only if the card is still
    in play (the same stay: not destroyed, nor gone and back, since it was queued)."""
    _, c, seq, fx = f
    if s.zone[c] == Z_PLAY and s.seq[c] == seq:
        push_effect(s, fx, c, s.hero_of(c), -1)


def fire_on_card(s: SentinelsState, event: str, cid: int, other: int) -> None:
    """A card's own reaction: when it is dealt damage (`other`: the source), deals damage
    (the target) or is destroyed (the card that destroyed it, -1: none)."""
    trs = s.T.triggers[cid][s.face[cid]]  # (the triggers of the face it shows)
    if not trs:
        return
    gates = s.T.gates
    for on, _whose, fx in reversed(trs):
        if on == event and (not gates or gate(s, cid, fx, other)):
            push_effect(s, fx, cid, s.hero_of(cid), other)


def fire_tokens_flipped(s: SentinelsState, hero: int) -> None:
    """OBL-HE2: cards in play reacting to hero `hero`'s tokens being flipped (`whose`:
    "owner", that hero's own cards; "hero" or "any", any hero's tokens), in play order;
    `other` is that hero's character card."""
    t = s.T
    if not watching(s, "tokens_flipped"):
        return
    frames: list[tuple] = []
    for c in s.inplay:
        for on, whose, fx in t.triggers[c][s.face[c]]:
            if on == "tokens_flipped" and (whose in ("any", "hero") or s.hero_of(c) == hero) \
                    and (not t.gates or gate(s, c, fx, -1)):
                frames.extend(effects_mod.effect_frames(s, fx, c, s.hero_of(c), s.char[hero]))
    s.stack.extend(reversed(frames))


def _replacer(s: SentinelsState, event: str, fits: Any, by: int, declined: tuple) -> tuple:
    """The first card in play (in play order) with a replacement on `event` that `fits`
    and its options allow (not one the player declined): (card, effect), or (-1, ())."""
    t = s.T
    if not watching(s, event):
        return -1, ()
    for c in s.inplay:
        if c in declined:
            continue
        for on, _whose, fx in t.triggers[c][s.face[c]]:
            if on == event and fits(c, fx) and (not t.gates or gate(s, c, fx, by)):
                return c, fx
    return -1, ()


def prevent_damage(s: SentinelsState, src: int, tgt: int, amount: int, rest: tuple,
                   declined: tuple = ()) -> bool:
    """SOTM-14 step 4, SOTM-15: "when X would be dealt damage, prevent that damage and …":
    the first card whose `would_be_dealt_damage` watches the target (by default, itself)
    prevents all of it, irreducible or not; its effect follows (`other`: the target, or the
    source with `react_to: source`). An `optional` one asks its player first (`rest`: the
    damage's other fields, to deal it if they decline). True: the damage is prevented or
    waits for that answer."""
    t = s.T
    face, watch = s.face, t.watch

    def fits(c: int, fx: tuple) -> bool:
        sel = watch.get((c, face[c], fx))
        return tgt == c if sel is None else watched(s, sel, tgt, c)

    c, fx = _replacer(s, "would_be_dealt_damage", fits, src, declined)
    if c < 0:
        return False
    if fx in t.optional:
        s.stack.append(("may_prevent", c, fx, src, tgt, amount, rest, declined))
    else:
        prevented(s, c, fx, src, tgt, amount)
    return True


def prevented(s: SentinelsState, c: int, fx: tuple, src: int, tgt: int, amount: int) -> None:
    """Card `c` prevents `amount` damage to `tgt`; its effect follows."""
    if s.log is not None:
        s.emit("prevented", f"{s.name(c)} prevents the {amount} damage to {s.name(tgt)}",
               card=c, source=src, target=tgt, amount=amount)
    other = src if fx in s.T.react_src else tgt
    push_effect(s, fx, c, s.hero_of(c), other)


def replace_draw(s: SentinelsState, h: int, left: int) -> bool:
    """"Instead of drawing a card, …": hero `h` would draw (the first of `left` cards); the
    first of their cards in play with a `would_draw` replacement resolves instead (an
    `optional` one asks first); the other draws follow it. True: this draw is replaced (or
    waits for the answer); False: draw it."""
    c, fx = _replacer(s, "would_draw", lambda c, fx: s.hero_of(c) == h, -1, ())
    if c < 0:
        return False
    if left > 1:
        s.stack.append(("draw_rest", h, left - 1))
    if fx in s.T.optional:
        s.stack.append(("may_replace_draw", h, c, fx))
    else:
        draw_replaced(s, h, c, fx)
    return True


def draw_replaced(s: SentinelsState, h: int, c: int, fx: tuple) -> None:
    if s.log is not None:
        s.emit("draw_replaced", f"{s.oname(h)} does not draw: {s.name(c)} instead", hero=h,
               card=c)
    push_effect(s, fx, c, h, -1)


def fire_enters_play(s: SentinelsState, cid: int) -> None:
    """Other cards reacting to a card entering play (their `whose` names whose card)."""
    owner = s.owner_of(cid)
    groups: list[tuple] = []
    table, face, bz, zones = s.T.triggers, s.face, s.bz, s.T.n_zones > 1
    gates = s.T.gates
    for c in s.live_get(LIVE_ENTER):
        if c == cid or (zones and bz[c] != bz[cid]):
            continue
        for on, whose, fx in table[c][face[c]]:
            if on == "enters_play" and _whose_ok(s, whose, c, owner) \
                    and (not gates or gate(s, c, fx, -1)):
                groups.append((c, fx))
    if len(groups) == 1:
        c, fx = groups[0]
        s.stack.extend(reversed(effects_mod.effect_frames(s, fx, c, s.hero_of(c), cid)))
    elif groups:
        s.stack.append(("order_reactions", cid, tuple(groups)))


def _order_options(s: SentinelsState, f: tuple) -> tuple:
    _, cid, groups = f
    return (s.seat(s.turn), f"{s.name(cid)} entered play: which reaction resolves first?",
            [Option(f"react:{i}", (card_label, s.T, c), {"i": i}) for i, (c, _fx) in enumerate(groups)])


@choice("order_reactions", _order_options)
def order_reactions(s: SentinelsState, f: tuple, opt: Option) -> None:
    """SOTM-7: simultaneous reactions (other than start and end of turn) resolve in the
    order the players choose; the chosen one resolves fully before the next is picked."""
    _, cid, groups = f
    i = opt.data["i"]
    rest = groups[:i] + groups[i + 1:]
    if rest:
        s.stack.append(("order_reactions", cid, rest))
    c, fx = groups[i]
    push_effect(s, fx, c, s.hero_of(c), cid)
