"""Verbs that move cards between hands, decks, trashes, the reserve and the cards under a
card (SOTM-11; OBL-C5's reserve, OBL-HE3's seeds, OBL-HE4's arranged tops)."""

from __future__ import annotations

from multiverse.engine.decision import Option
from multiverse.engine.words import possessive
from multiverse.sentinels import memory
from multiverse.sentinels.amounts import amount_of, heroes_here, zone_environment
from multiverse.sentinels.damage import destroy
from multiverse.sentinels.select import zone_of
from multiverse.sentinels.state import Z_BOX, Z_DECK, Z_HAND, Z_PLAY, SentinelsState, choice, step
from multiverse.sentinels.verbs import applies, seat_of, verb
from multiverse.sentinels.zones import (
    draw,
    move,
    put,
    put_under,
    remove_from_game,
    take,
    to_trash,
    top_card,
)

DECK_VERBS = frozenset({"play_top", "reveal_top", "search", "shuffle_trash_into_deck",
                        "arrange_top", "move_to_bottom"})


def deck_owner(s: SentinelsState, deck: str, this: int, hero: int) -> int:
    """Whose deck a step names: -1 when there is none (no environment in this zone)."""
    t = s.T
    if deck == "villain":
        return t.villain
    if deck == "environment":
        return zone_environment(s, this)
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


# ----- hands ---------------------------------------------------------------------------
@verb("draw")
def draw_cards(s: SentinelsState, sid: int, this: int, hero: int, other: int, n: int) -> None:
    """SOTM-11: this hero's player draws `amount` cards."""
    if hero >= 0 and not s.incap[hero]:
        draw(s, hero, n, why=s.name(this) if this >= 0 else "")


@verb("discard")
def discard_cards(s: SentinelsState, sid: int, this: int, hero: int, other: int, n: int) -> None:
    """SOTM-11: this hero's player discards `amount` cards of their choice."""
    if hero >= 0:  # (a step remembering what it discarded: its id and card, `memory`)
        name = s.T.memo_steps.get(sid) if s.T.remembering else None
        s.stack.append(("discard", hero, n) if name is None else ("discard", hero, n, name, this))


def _discard_options(s: SentinelsState, f: tuple) -> tuple:
    h, n = f[1], f[2]
    return (s.seat(h), f"{s.oname(h)} discards a card ({n} left)",
            [s.T.card_opt[c] for c in s.hand[h]])


@choice("discard", _discard_options)
def resolve_discard(s: SentinelsState, f: tuple, opt: Option) -> None:
    """SOTM-11: discard from hand to the owner's trash."""
    h, n = f[1], f[2]
    c = opt.data["card"]
    to_trash(s, c)
    s.turn_discarded += 1
    if len(f) > 3:  # remembered: the card discarded this way
        memory.note(s, f[3], f[4], c, True)
    if n > 1:
        s.stack.append(("discard", h, n - 1, *f[3:]))


# ----- decks ---------------------------------------------------------------------------
@verb(*sorted(DECK_VERBS))
def deck_verb(s: SentinelsState, sid: int, this: int, hero: int, other: int, n: int) -> None:
    """A verb acting on the deck a step names (`deck`); `each_hero`: each active hero's own
    deck in this zone, in play order (SOTM-11)."""
    st = s.T.steps[sid]
    if st.deck == "each_hero":
        for h in reversed(heroes_here(s, this)):
            s.stack.append(("deck_step", sid, this, hero, h))
    else:
        o = deck_owner(s, st.deck, this, hero)
        if o >= 0 and deck_reachable(s, o, this, hero):
            deck_step(s, sid, this, hero, o)


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
    n = amount_of(s, sid, this)
    if v == "play_top":  # with battle zones: into the zone of the text's card (OBL-B1)
        frame = ("play_top", o, s.bz[this]) if s.T.n_zones > 1 and this >= 0 else ("play_top", o)
        name = s.T.memo_steps.get(sid) if s.T.remembering else None
        for _ in range(n):
            s.stack.append(frame)
            if name is not None:  # the card about to be played, remembered (`memory`)
                s.stack.append(("memo_top", name, this, o))
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


@verb("shuffle_deck")
def shuffle_deck(s: SentinelsState, sid: int, this: int, hero: int, other: int, n: int) -> None:
    """Shuffle the deck a step names."""
    o = deck_owner(s, s.T.steps[sid].deck, this, hero)
    if o >= 0 and deck_reachable(s, o, this, hero):
        s.shuffle(s.deck[o])


def reveal_top(s: SentinelsState, sid: int, o: int, n: int, this: int = -1) -> None:
    """Reveal the top cards: those matching `keyword` go to `to`, the rest are discarded."""
    st = s.T.steps[sid]
    for _ in range(n):
        c = top_card(s, o)
        if c < 0:
            return
        if s.log is not None:
            s.emit("reveal", f"{s.oname(o)} reveals {s.name(c)}", card=c)
        if st.remember is not None:
            memory.note(s, st.remember, this, c, True)
        if st.keyword is None or st.keyword.lower() in s.T.keywords[c][s.face[c]]:
            send(s, c, st.to, o, this, st.play_area)
        else:  # SOTM-11: a revealed card put in the trash is discarded
            to_trash(s, c)
            s.turn_discarded += 1


def send(s: SentinelsState, c: int, to: str, o: int, this: int = -1,
         area: str | None = None) -> None:
    """Put a found or revealed card where a step says: a hero's hand, into play (in the
    play area `area` names, `vocab.options.into_area`), the bottom of its deck, under this
    card (in play), removed from the game, else the trash."""
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
        if area is not None:
            from multiverse.sentinels.vocab.options import into_area

            into_area(s, c, area, this)
        elif s.T.card[c].seed and s.T.okind[s.home[c]] == 2:  # OBL-HE3: a planted seed blooms
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
    return seat_of(s, hero), f"{s.name(this)}: search for a card", opts


@choice("search", _search_options)
def resolve_search(s: SentinelsState, f: tuple, opt: Option) -> None:
    """Search a deck and its trash for a card; the deck is then shuffled."""
    _, sid, o, this, _hero = f
    c = opt.data["card"]
    if c >= 0:  # the first copy of that name: the deck from the top, then the trash
        name = s.T.name[c]
        c = next(x for x in (*reversed(s.deck[o]), *reversed(s.trash[o])) if s.T.name[x] == name)
        send(s, c, s.T.steps[sid].to, o, this, s.T.steps[sid].play_area)
    s.shuffle(s.deck[o])


def _arrange_options(s: SentinelsState, f: tuple) -> tuple:
    _, o, cards, placed = f
    left = [c for c in cards if c not in placed]
    return (s.seat(s.turn), f"Put back the top of {possessive(s.oname(o))} deck: which card goes next "
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


@verb("seed_environment")
def seed_environment(s: SentinelsState, sid: int, this: int, hero: int, other: int,
                     n: int) -> None:
    """OBL-HE3: the seed goes into the environment deck, which is shuffled; from then on it
    lives with the environment (discarded from there, it goes to the environment trash)."""
    env = deck_owner(s, "environment", this, -1)  # the environment of the seed's zone
    if env < 0:
        return
    move(s, this, Z_DECK, home=env)
    s.shuffle(s.deck[env])
    if s.log is not None:
        s.emit("seeded", f"{s.name(this)} is planted in the environment deck", card=this)


# ----- the reserve -----------------------------------------------------------------------
@verb("play_from_reserve")
def play_from_reserve(s: SentinelsState, sid: int, this: int, hero: int, other: int,
                      n: int) -> None:
    """OBL-C5: the bottom `amount` cards of the reserve, into the zone of this card."""
    z = zone_of(s, s.T.steps[sid].zone, this)
    for _ in range(n):
        s.stack.append(("from_reserve", z))


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


# ----- cards in play leaving it ------------------------------------------------------------
@verb("destroy_this")
def destroy_this(s: SentinelsState, sid: int, this: int, hero: int, other: int, n: int) -> None:
    """SOTM-11: destroy the card whose text it is (by itself)."""
    destroy(s, this, this)


@applies("destroy")
def destroy_selected(s: SentinelsState, sid: int, this: int, hero: int, other: int,
                     c: int) -> None:
    """SOTM-11: destroy each selected card in play (by the card whose text it is)."""
    destroy(s, c, this)


@applies("remove_from_game")
def remove_selected(s: SentinelsState, sid: int, this: int, hero: int, other: int,
                    c: int) -> None:
    """Remove each selected card from the game (never a character card)."""
    remove_from_game(s, c)


@applies("put_under_this")
def put_selected_under_this(s: SentinelsState, sid: int, this: int, hero: int, other: int,
                            c: int) -> None:
    """Put each selected card in play under this card."""
    put_under(s, c, this)
