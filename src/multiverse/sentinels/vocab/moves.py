"""`move_cards`: moving cards between any two places, one verb for every pair (SOTM-11:
trashes, hands, decks, the cards under a card; SOTM-8: into play). A step names where the
cards come from (`from_pile`: a trash, this hero's hand, a deck, under this card), where
they go (`to_pile`), how many (`amount`), which (`keyword`, `kind`) and who picks them
(`take`): the player chooses (`choose`, `up_to`), the top of the pile (`top`), all of them
(`all`), or a deck is revealed until a matching card turns up (`until`; the other revealed
cards go where `rest` says).

Moved into play (`play`), a card is put into play: it is not played, so its play text does
not resolve (a one-shot, which never stays in play, resolves and goes to the trash,
SOTM-8); reactions to a card entering play do fire. `played`: the card is played, its play
text resolves (SOTM-8), and it counts as the hero's play of the turn (SOTM-5).
"""

from __future__ import annotations

from multiverse.engine.decision import Option
from multiverse.engine.words import possessive
from multiverse.sentinels.state import Z_BOX, Z_DECK, Z_HAND, Z_PLAY, Z_TRASH, SentinelsState, choice
from multiverse.sentinels.tables import KINDS, ONE_SHOT
from multiverse.sentinels.verbs import push_effect, seat_of, verb
from multiverse.sentinels.vocab.piles import deck_owner, deck_reachable
from multiverse.sentinels.zones import (
    cards_under,
    limited_in_play,
    move,
    put,
    put_under,
    remove_from_game,
    take,
    top_card,
)

_FROM_WORDS = {"trash": "trash", "hand": "hand", "deck": "deck", "under": "under"}


def pile_owner(s: SentinelsState, of: str | None, this: int, hero: int) -> int:
    """Whose pile `of` names (None, "this": this hero's, or this card's owner's); -1: none
    in this game or zone."""
    return deck_owner(s, "this" if of is None or of == "owner" else of, this, hero)


def _matches(s: SentinelsState, st: object, c: int) -> bool:
    """A card with the step's `keyword` and of its `kind` (either unset: any), at the face
    it shows."""
    t, f = s.T, s.face[c]
    kw, kind = st.keyword, st.kind  # type: ignore[attr-defined]
    if kw is not None and kw.lower() not in t.keywords[c][f]:
        return False
    return kind is None or t.kind[c][f] == KINDS.index(kind)


def source_cards(s: SentinelsState, sid: int, this: int, hero: int) -> list[int]:
    """The cards a `move_cards` step may take, top first (a hand in its order), filtered
    by `keyword` and `kind`; [] when the pile is out of reach (OBL-C3)."""
    st = s.T.steps[sid]
    src = st.from_pile
    if src.pile == "under":
        cards = cards_under(s, this)[::-1] if this >= 0 else []
    elif src.pile == "hand":
        cards = s.hand[hero][:] if hero >= 0 else []
    else:
        o = pile_owner(s, src.of, this, hero)
        if o < 0 or not deck_reachable(s, o, this, hero):
            return []
        cards = (s.trash if src.pile == "trash" else s.deck)[o][::-1]
    if st.keyword is None and st.kind is None:
        return cards
    return [c for c in cards if _matches(s, st, c)]


@verb("move_cards")
def move_cards(s: SentinelsState, sid: int, this: int, hero: int, other: int, n: int) -> None:
    """SOTM-11 (and SOTM-8 into play): move `amount` cards from one place to another; `then`
    follows, its `other` the last card moved (-1: none)."""
    t = s.T
    st = t.steps[sid]
    take_ = st.take
    if take_ in ("choose", "up_to"):
        s.stack.append(("move_pick", sid, this, hero, n, -1))
        return
    last = -1
    if take_ == "until":
        last = reveal_until(s, sid, this, hero, n)
    elif st.from_pile.pile == "deck":  # the top `amount` cards (SOTM-6: refilled first)
        o = pile_owner(s, st.from_pile.of, this, hero)
        if o >= 0 and deck_reachable(s, o, this, hero):
            for _ in range(n):
                c = top_card(s, o)
                if c < 0:
                    break
                place(s, sid, c, this, hero)
                last = c
    else:  # the top `amount` (or all) of a trash, a hand or the cards under this card
        cards = source_cards(s, sid, this, hero)
        for c in cards if take_ == "all" else cards[:n]:
            place(s, sid, c, this, hero)
            last = c
    if t.then[sid]:
        push_effect(s, t.then[sid], this, hero, last)


def _pick_options(s: SentinelsState, f: tuple) -> tuple:
    """One option per distinct card (by name) of the pile: its top copy, every copy of a
    name being alike in a trash, a hand or under a card; "up_to" may stop."""
    _, sid, this, hero, left, _last = f
    t = s.T
    if left <= 0:
        return 0, "", _DONE
    seen: set[str] = set()
    opts = []
    for c in source_cards(s, sid, this, hero):
        name = t.name[c]
        if name not in seen:
            seen.add(name)
            opts.append(t.card_opt[c])
    if not opts:  # nothing (more) to take: a forced "done", so `then` follows
        return 0, "", _DONE
    st = t.steps[sid]
    if st.take == "up_to":
        opts.append(_STOP)
    return (seat_of(s, hero), (_pick_prompt, t.name[this] if this >= 0 else "",
                               _FROM_WORDS[st.from_pile.pile], st.to_pile.pile, left), opts)


_STOP = Option("stop", "No more", {"card": -1})
_DONE = [Option("done", "Done", {"card": -1})]


def _pick_prompt(name: str, src: str, dst: str, left: int) -> str:
    return f"{name}: choose a card from the {src} to move ({dst}; {left} left)"


@choice("move_pick", _pick_options)
def resolve_pick(s: SentinelsState, f: tuple, opt: Option) -> None:
    """The player's card moves; the next pick follows, then the step's `then`."""
    _, sid, this, hero, left, last = f
    c = opt.data["card"]
    if c >= 0:
        # the top copy of that name (the option names one; a copy above it is the same card)
        c = next(x for x in source_cards(s, sid, this, hero) if s.T.name[x] == s.T.name[c])
        last = c
    more = c >= 0 and left > 1
    if more:
        s.stack.append(("move_pick", sid, this, hero, left - 1, last))
    elif s.T.then[sid]:
        push_effect(s, s.T.then[sid], this, hero, last)
    if c >= 0:
        place(s, sid, c, this, hero)


def reveal_until(s: SentinelsState, sid: int, this: int, hero: int, n: int) -> int:
    """Reveal the top card of a deck, again and again, until `n` cards with `keyword` / of
    `kind` are revealed (or the deck and its trash run out, SOTM-6); those go to `to_pile`,
    the others where `rest` says (revealed cards put in the trash are discarded, SOTM-11).
    The last card found, or -1."""
    st = s.T.steps[sid]
    o = pile_owner(s, st.from_pile.of, this, hero)
    if o < 0 or not deck_reachable(s, o, this, hero):
        return -1
    found: list[int] = []
    others: list[int] = []
    while len(found) < n:
        c = top_card(s, o)  # (the revealed cards are set aside: no refill brings them back)
        if c < 0:
            break
        take(s, c)
        s.zone[c] = Z_BOX
        if s.log is not None:
            s.emit("reveal", f"{s.oname(o)} reveals {s.name(c)}", card=c)
        (found if _matches(s, st, c) else others).append(c)
    rest = st.rest
    if rest == "deck":  # back on top in the order revealed: the first revealed on top
        for c in reversed(others):
            put(s, c, Z_DECK)
    else:
        for c in others:
            put(s, c, Z_TRASH if rest == "trash" else Z_DECK, bottom=rest == "deck_bottom")
        if rest == "trash":
            s.turn_discarded += len(others)
        elif rest == "shuffle":
            s.shuffle(s.deck[o])
    if others and s.log is not None:
        where = {"trash": "are discarded", "deck": "go back on top of the deck",
                 "deck_bottom": "go to the bottom of the deck",
                 "shuffle": "are shuffled into the deck"}[rest]
        s.emit("moved", f"the other revealed cards ({len(others)}) {where}", owner=o)
    for c in found:
        put(s, c, Z_DECK)  # (back on the deck: `place` moves it from there)
        place(s, sid, c, this, hero)
    return found[-1] if found else -1


def place(s: SentinelsState, sid: int, c: int, this: int, hero: int) -> bool:
    """Put card `c` where the step's `to_pile` says; False: it cannot go there and stays
    (no hand for a villain card, no card in play to go under, a Limited copy in play)."""
    t = s.T
    st = t.steps[sid]
    dst = st.to_pile
    pile = dst.pile
    was = s.zone[c]
    o = s.owner_of(c) if dst.of is None or dst.of == "owner" else pile_owner(s, dst.of, this, hero)
    if o < 0:
        return False
    if pile == "under":
        if this < 0 or s.zone[this] != Z_PLAY or this == c:
            return False
        put_under(s, c, this)  # (narrated there)
        return True
    if pile == "removed":
        return remove_from_game(s, c)
    if pile == "hand":
        h = s.hero_of(c)
        if h < 0:
            return False
        move(s, c, Z_HAND, home=h)
        words = f"goes to {possessive(s.oname(h))} hand"
    elif pile == "trash":
        move(s, c, Z_TRASH, home=o)
        if was in (Z_HAND, Z_DECK, Z_BOX):  # SOTM-11: from a hand or a deck: discarded
            s.turn_discarded += 1
        words = f"goes to {possessive(s.oname(o))} trash"
    elif pile in ("deck", "deck_bottom"):
        move(s, c, Z_DECK, home=o, bottom=pile == "deck_bottom")
        words = f"goes to the {'bottom' if pile == 'deck_bottom' else 'top'} of {possessive(s.oname(o))} deck"
    else:
        return enter_play(s, c, o, this, hero, pile == "played")
    if s.log is not None:
        s.emit("moved", f"{t.name[c]} {words}", card=c, owner=o)
    return True


def enter_play(s: SentinelsState, c: int, o: int, this: int, hero: int, played: bool) -> bool:
    """SOTM-8: put card `c` into play in owner `o`'s area (with battle zones, the zone of
    the text's card, OBL-B1): not played, no play text, unless `played`; a one-shot
    resolves and goes to the trash. SOTM-10: a Limited card whose copy is in play stays
    where it is; SOTM-17: so does a card bound for an incapacitated hero's play area."""
    from multiverse.sentinels.triggers import fire_enters_play
    from multiverse.sentinels.turns import put_into_play

    t = s.T
    if limited_in_play(s, c):
        if s.log is not None:
            s.emit("limited", f"{s.name(c)} is Limited and already in play: it stays where it is",
                   card=c)
        return False
    if o < t.n_heroes and s.incap[o] and t.n_zones == 1:  # SOTM-17: no cards in play
        if s.log is not None:
            s.emit("incapacitated_card", f"{s.name(c)} cannot enter play: {s.oname(o)} is "
                   "incapacitated; it stays where it is", card=c)
        return False
    take(s, c)
    s.zone[c] = Z_BOX
    s.own_home()[c] = o
    if t.n_zones > 1 and this >= 0:
        s.bz[c] = s.bz[this]
    if s.log is not None:
        s.emit("play" if played else "put_into_play",
               f"{s.oname(o)} {s.verb_s(o, 'plays', 'play')} {s.name(c)}" if played
               else f"{s.name(c)} is put into play", card=c, owner=o)
    if played:
        if hero >= 0 and hero == s.turn and s.hero_of(c) == hero:
            s.played = 1  # SOTM-5: the active hero's own play counts for the draw
        put_into_play(s, c, from_deck=True)
    elif t.kind[c][s.face[c]] == ONE_SHOT:  # SOTM-8: a one-shot resolves, to the trash
        put_into_play(s, c, from_deck=True)
    else:
        put(s, c, Z_PLAY)
        fire_enters_play(s, c)
    return True
