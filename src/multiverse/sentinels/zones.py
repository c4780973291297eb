"""Moving cards between decks, hands, trashes and play areas (SOTM-6, SOTM-8 … SOTM-11)."""

from __future__ import annotations

from multiverse.engine.words import possessive
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

PILES = {Z_DECK: "deck", Z_HAND: "hand", Z_TRASH: "trash", Z_PLAY: "play"}  # the state field
# holding each zone's piles, one list per owner (for code that walks them all)


def pile(s: SentinelsState, zone: int, home: int) -> list[int]:
    """The list of `home`'s deck, hand, trash or play area (`zone` below `Z_BOX`)."""
    if zone == Z_DECK:
        return s.deck[home]
    if zone == Z_HAND:
        return s.hand[home]
    if zone == Z_TRASH:
        return s.trash[home]
    return s.play[home]


def take(s: SentinelsState, cid: int) -> None:
    """Lift a card out of the zone it is in (a removed card never comes back: callers check
    `Z_REMOVED` first). A card leaving play takes the cards under it along: they go to their
    owners' trashes."""
    z = s.zone[cid]
    if z < Z_BOX:
        lst = pile(s, z, s.home[cid])
        if lst[-1] == cid:  # the top card (a draw, a play from the deck): no scan
            lst.pop()
        else:
            lst.remove(cid)
    elif z == Z_UNDER:
        i = s.under.index(cid, 0)
        while i % 2:  # a holder id equal to this card's: find it as a card, not a holder
            i = s.under.index(cid, i + 1)
        del s.under[i:i + 2]
    elif z == Z_RESERVE:
        s.reserve.remove(cid)
    if z == Z_PLAY:
        s.inplay.remove(cid)
        if s.live:
            s.live_leave(cid)
        s.hp[cid] = 0
        if s.tok[cid]:
            s.own_tok()[cid] = 0
        if s.seq[cid]:
            s.own_seq()[cid] = 0
        if s.mods:  # "while in play" modifiers of this card end with it
            s.mods = [m for m in s.mods if not (m[1] == cid and m[3] == 2)]
        if s.under:
            for c in cards_under(s, cid):
                d = s.T.hdeck[c]
                if d >= 0 and s.user[d] < 0:  # a card of a deck no one plays: to the box
                    take(s, c)
                    s.zone[c] = Z_BOX
                else:
                    move(s, c, Z_TRASH)


def lift(s: SentinelsState, cid: int) -> None:
    """Take a card out of wherever it is to the box, no rule running: a position being set
    (a card leaving play leaves the cards under it where they are)."""
    if s.zone[cid] == Z_PLAY:  # no rule: the cards under it, its modifiers stay
        s.play[s.home[cid]].remove(cid)
        s.inplay.remove(cid)
        s.live = None
    else:  # a deck, hand or trash, under a card, the reserve (the box: nothing)
        take(s, cid)
    s.zone[cid] = Z_BOX
    s.hp[cid] = 0
    if s.tok[cid]:
        s.own_tok()[cid] = 0
    if s.seq[cid]:
        s.own_seq()[cid] = 0


def put(s: SentinelsState, cid: int, zone: int, home: int | None = None, bottom: bool = False) -> None:
    """Put a (lifted) card into a zone of `home` (default: its current home); `box` and
    `removed` hold no list (see `remove_from_game`, `put_under`, `to_reserve`)."""
    if home is not None and s.home[cid] != home:
        s.own_home()[cid] = home
    s.zone[cid] = zone
    if zone >= Z_BOX:
        return
    lst = pile(s, zone, s.home[cid])
    if bottom:
        lst.insert(0, cid)
    else:
        lst.append(cid)
    if zone == Z_PLAY:
        s.inplay.append(cid)
        if s.live:
            s.live_enter(cid)
        s.own_seq()[cid] = s.next_seq
        s.next_seq += 1
        s.hp[cid] = s.T.max_hp[cid][s.face[cid]]
        if s.T.n_zones > 1:  # OBL-C1: a card in a hero's (or an environment's) play area is in
            a = s.azone[s.home[cid]]  # that area's battle zone; a villain card keeps the
            if a >= 0:  # zone it was played in
                s.bz[cid] = a


def move(s: SentinelsState, cid: int, zone: int, home: int | None = None, bottom: bool = False) -> None:
    """Move a card; a card removed from the game stays removed."""
    if s.zone[cid] == Z_REMOVED:
        return
    take(s, cid)
    put(s, cid, zone, home, bottom)


def cards_under(s: SentinelsState, holder: int) -> list[int]:
    """The cards under `holder`, bottom first."""
    u = s.under
    return [u[i] for i in range(0, len(u), 2) if u[i + 1] == holder]


def put_under(s: SentinelsState, cid: int, holder: int) -> None:
    """Put a card under a card in play (on top of any already there); a character card, a
    removed card or the holder itself never goes under (nor a card already under it)."""
    if s.zone[cid] in (Z_REMOVED, Z_UNDER) or cid == holder or s.zone[holder] != Z_PLAY \
            or s.T.card[cid].kind == "character":
        return
    take(s, cid)
    s.zone[cid] = Z_UNDER
    s.under += (cid, holder)
    if s.log is not None:
        s.emit("under", f"{s.T.name[cid]} goes under {s.T.name[holder]}", card=cid, holder=holder)


def remove_from_game(s: SentinelsState, cid: int) -> bool:
    """Remove a card from the game: it is in no deck, hand, trash or play area, and no effect
    can choose it again. Character cards are never removed. False: nothing happened."""
    t = s.T
    if s.zone[cid] == Z_REMOVED or t.hero_char[cid] >= 0 or cid == t.villain_character \
            or (t.card[cid].kind == "character" and not t.dynamic):
        return False  # OBL-C21: OblivAeon (the villain character) is never removed
    was_in_play = s.zone[cid] == Z_PLAY
    take(s, cid)
    s.zone[cid] = Z_REMOVED
    if s.log is not None:
        s.emit("removed", f"{t.name[cid]} is removed from the game", card=cid)
    if was_in_play and REMOVED_HOOKS:
        for hook in REMOVED_HOOKS:
            hook(s, cid)
    if was_in_play and t.watchers.get("card_removed"):
        from multiverse.sentinels.triggers import fire_watchers

        fire_watchers(s, "card_removed", cid)
    return True


REMOVED_HOOKS: list = []  # called with (state, card) when a card in play is removed
DRAW_HOOKS: list = []  # (state, hero, draws left) → True: this draw is replaced (watchers)


def to_reserve(s: SentinelsState, cid: int, bottom: bool = False) -> None:
    """Put a card on top (or at the bottom) of the reserve pile."""
    if s.zone[cid] == Z_REMOVED:
        return
    take(s, cid)
    s.zone[cid] = Z_RESERVE
    if bottom:
        s.reserve.insert(0, cid)
    else:
        s.reserve.append(cid)


def to_trash(s: SentinelsState, cid: int) -> None:
    """SOTM-11: a destroyed or discarded card goes to its owner's trash (a planted seed's
    owner is now the environment, OBL-HE3); a deck card in play in another play area than
    its own (`play_area`) goes to its own deck's trash."""
    t = s.T
    if t.play_areas and s.zone[cid] == Z_PLAY:
        o = t.owner[cid]
        if o < 0 and t.hdeck[cid] >= 0 and not t.seed[cid]:
            o = s.hero_of(cid)
        if o >= 0 and o != s.home[cid] and t.okind[o] < 3 and not t.seed[cid]:
            move(s, cid, Z_TRASH, home=o)
            return
    move(s, cid, Z_TRASH)


def top_card(s: SentinelsState, o: int) -> int:
    """SOTM-6: the top card of a deck, refilling an empty deck from its trash first; -1 when
    both are empty."""
    deck = s.deck[o]
    if not deck:
        trash = s.trash[o]
        if not trash:
            return -1
        deck.extend(trash)
        trash.clear()
        for c in deck:
            s.zone[c] = Z_DECK
        s.shuffle(deck)
        if s.log is not None:
            s.emit("reshuffle", f"{possessive(s.oname(o))} trash is shuffled into the deck", owner=o)
    return deck[-1]


def draw(s: SentinelsState, h: int, n: int, replace: bool = True, why: str = "") -> int:
    """Draw `n` cards (SOTM-6: an empty deck is refilled from the trash). A card of the hero
    that replaces a draw ("instead of drawing", `DRAW_HOOKS`) takes each draw it can, the
    rest of the draws waiting after it (`replace`: False, no replacement; none at setup).
    `why`: the cause the narration names (issue 21: "draws 1 (draw phase)")."""
    k = 0
    hook = DRAW_HOOKS[0] if replace and DRAW_HOOKS and s.T.watchers.get("would_draw") \
        and s.phase != "setup" else None
    for i in range(n):
        if hook is not None and hook(s, h, n - i):
            break
        c = top_card(s, h)
        if c < 0:
            break
        move(s, c, Z_HAND)
        k += 1
    if k and s.log is not None:
        s.emit("draw", f"{s.oname(h)} draws {k}" + (f" ({why})" if why else ""), hero=h,
               count=k)
    return k


def flip(s: SentinelsState, cid: int, face: int = -1) -> bool:
    """Turn a card to `face` (-1: its next face, the last one turning back to the front).
    In play, HP is kept (never above the new face's) unless the face restores its printed HP
    (OBL-C11) or the card had none; a face without HP is no target; a face may clear the
    card's tokens (OBL-C14). Flipping is not entering or leaving play. False: no other face."""
    t = s.T
    n = t.n_faces[cid]
    old = s.face[cid]
    new = (old + 1) % n if face < 0 else face
    if n < 2 or new == old or new >= n:
        return False
    s.own_face()[cid] = new
    if s.zone[cid] == Z_PLAY:
        s.live_flip()
        full = t.max_hp[cid][new]
        if not full:
            s.hp[cid] = 0
        elif t.restore_hp[cid][new] or not t.max_hp[cid][old]:
            s.hp[cid] = full
        else:
            s.hp[cid] = min(s.hp[cid], full)
        if t.clear_tokens[cid][new] and s.tok[cid]:
            s.own_tok()[cid] = 0
    return True


def limited_in_play(s: SentinelsState, cid: int) -> bool:
    """SOTM-10: a Limited card whose copy is already in play."""
    copies = s.T.copies[cid]  # (None: not Limited)
    return copies is not None and Z_PLAY in [s.zone[c] for c in copies]
