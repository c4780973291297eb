"""Determinization: sample the hidden information of a position consistently with what one
seat sees (DESIGN property 5). Search agents play on such samples and never peek.

`determinize(state, seat, rng)` returns a copy of `state` in which

- every hero deck is reshuffled (deck orders are hidden from everybody);
- the hands of heroes of *other* seats are pooled with their decks and dealt again,
  keeping every hand and deck size (a hero's cards can only be in that hero's zones, so the
  unseen cards of each hero are swapped between that hero's unseen zones);
- the Master Plan deck is reshuffled, but for the cards every player has seen
  (`mp_known`, the owner's `peek_master_plan`), which keep their places;
- each hero's own small deck (`Hero.deck`) and each Location's (`Location.deck`, united/owned.py)
  is reshuffled;
- the solo Target token pile is reshuffled (its order is hidden; its contents follow from
  the tokens revealed in public since the last reshuffle);
- the game's own generator gets a fresh state drawn from `rng`, so a search cannot foresee
  future chance either.

Cards the table saw go to the bottom of a deck (`seen`, the owner's `draw_discard`) keep
their place in it; only the other places are reshuffled.

Facedown Storyline cards keep their identity: each was played faceup before a rule flipped
it, so a player with perfect recall knows it. The seat's own hands keep their order.

Everything `view(state, seat)` shows is unchanged (`view(det, seat) == view(state, seat)`)
and every card multiset is kept. Only `rng` is drawn from: the game's generator is never
advanced, and `state` itself is not touched.

A shuffle sorts the cards by id, then runs Fisher-Yates from a SplitMix64 stream seeded by one
64-bit draw from `rng` per determinization (`shuffler`: C integers in the compiled build):
a uniform distribution over orders, and a sample that depends only on which cards are hidden
where, never on their true order (the same generator state gives the same sample whatever
the hidden order was).
"""

from __future__ import annotations

from typing import Protocol

from multiverse.engine.rng import fisher_yates
from multiverse.engine.sampling import draw64, refreshes, shuffler
from multiverse.united.owned import LOC_DECK, OWN_DECK, records
from multiverse.united.state import UnitedState


class Shuffler(Protocol):
    """What `determinize` needs from the caller's generator (`SplitMix64` or `random.Random`)."""

    def shuffle(self, items: list) -> None: ...



class Sampler:
    """The determinizations of one position for one seat, as a search draws one per
    iteration: what is hidden where is read once (each pile's unseen cards sorted by id, the
    shuffle's first step, done once; the places they go to), and each `draw` clones the
    state and deals them again (Fisher-Yates on a copy of each sorted pile). Its samples are
    those of the plain procedure above, draw for draw from the same generator."""

    __slots__ = ("heroes", "mp", "parts", "pile", "refresh", "state")

    def __init__(self, state: UnitedState, seat: int) -> None:
        self.state = state
        self.refresh = refreshes(state, seat)
        seats, seen = state.T.seats, state.seen
        # per hero: (hero, sorted unseen cards, the deck's unseen places or None: all of it,
        # how many of them go to the hand: -1 for the seat's own)
        heroes: list[tuple[int, list[int], list[int] | None, int]] = []
        for h, deck in enumerate(state.deck):
            own = seats[h] == seat
            hand = state.hand[h]
            if seen and any(c in seen for c in deck):  # cards seen at the bottom keep their place
                places = [i for i, c in enumerate(deck) if c not in seen]
                pool = [deck[i] for i in places] + ([] if own else hand)
                heroes.append((h, sorted(pool), places, -1 if own else len(hand)))
            elif own:
                if len(deck) > 1:
                    heroes.append((h, sorted(deck), None, -1))
            elif deck or len(hand) > 1:
                heroes.append((h, sorted(hand + deck), None, len(hand)))
        self.heroes = heroes
        mp = state.mp_deck
        if state.mp_known:  # cards every player has seen keep their places (vocab/villain.py)
            unseen = [i for i, c in enumerate(mp) if c not in state.mp_known]
            self.mp: tuple[list[int] | None, list[int]] | None = (unseen, sorted(mp[i] for i in unseen))
        else:
            self.mp = (None, sorted(mp)) if len(mp) > 1 else None
        self.pile = len(state.pile) > 1
        parts: list[tuple[list[int], list[int]]] = []
        if state.parts:  # a hero's own deck: its order is hidden from everyone (united/owned.py)
            decks = [(OWN_DECK, h) for h in range(len(state.hand))] + [(LOC_DECK, li) for li in state.locs]
            for kind, owner in decks:
                places = records(state, kind, owner)
                parts.append((places, sorted(state.parts[i + 2] for i in places)))
        self.parts = parts

    def determinize(self, rng: Shuffler) -> UnitedState:
        """A copy of the state with everything hidden from the seat resampled from `rng`."""
        det: UnitedState = self.state.clone()  # type: ignore[assignment]
        st = draw64(rng)  # the shuffles' stream (`shuffler`'s: its piles are sorted already)
        for h, cards, places, k in self.heroes:
            pool = cards[:]
            st = fisher_yates(pool, st)
            if k >= 0:  # another seat's hero: its hand is dealt from the pool first
                det.hand[h], pool = pool[:k], pool[k:]
            if places is None:
                det.deck[h] = pool
            else:
                deck = det.deck[h]
                for i, c in zip(places, pool, strict=True):
                    deck[i] = c
        if self.mp is not None:
            unseen, cards = self.mp
            pool = cards[:]
            st = fisher_yates(pool, st)
            if unseen is None:
                det.mp_deck = pool
            else:
                mp = det.mp_deck
                for i, c in zip(unseen, pool, strict=True):
                    mp[i] = c
        if self.pile:
            det.pile.sort()
            st = fisher_yates(det.pile, st)
        if self.parts:
            parts = det.parts
            for places, cards in self.parts:
                pool = cards[:]
                st = fisher_yates(pool, st)
                for i, c in zip(places, pool, strict=True):
                    parts[i + 2] = c
        det.rng = draw64(rng)
        if self.refresh:  # another seat decides: its options may name cards that were swapped
            det.refresh_decision()
        return det


def determinize(state: UnitedState, seat: int, rng: Shuffler) -> UnitedState:
    """A copy of `state` with everything hidden from `seat` resampled from `rng`."""
    return Sampler(state, seat).determinize(rng)


__all__ = ["Sampler", "determinize", "shuffler"]
