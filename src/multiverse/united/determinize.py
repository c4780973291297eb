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

A shuffle sorts the cards by id, then by uniform random keys (`shuffler`): two C-level sorts
instead of a Python-level swap per card, the same uniform distribution over orders, and a
sample that depends only on which cards are hidden where, never on their true order (the same
generator state gives the same sample whatever the hidden order was). A search passes a
`random.Random` (its `random()` draws the keys); another generator seeds one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from multiverse.engine.sampling import draw64, shuffler
from multiverse.united.owned import LOC_DECK, OWN_DECK, records
from multiverse.united.state import UnitedState


class Shuffler(Protocol):
    """What `determinize` needs from the caller's generator (`SplitMix64` or `random.Random`)."""

    def shuffle(self, items: list) -> None: ...



def determinize(state: UnitedState, seat: int, rng: Shuffler) -> UnitedState:
    """A copy of `state` with everything hidden from `seat` resampled from `rng`."""
    det = state.clone()
    shuffle = shuffler(rng)
    seats = state.T.seats
    seen = det.seen
    for h in range(len(det.hand)):
        if seen and any(c in seen for c in det.deck[h]):
            _keep_seen(det, h, seats[h] == seat, shuffle)
            continue
        if seats[h] == seat:
            if len(det.deck[h]) > 1:
                shuffle(det.deck[h])
            continue
        hand, deck = det.hand[h], det.deck[h]
        if not deck and len(hand) < 2:
            continue
        pool = hand + deck
        shuffle(pool)
        k = len(hand)
        det.hand[h] = pool[:k]
        det.deck[h] = pool[k:]
    if det.mp_known:  # cards every player has seen keep their places (vocab/villain.py)
        unseen = [i for i, c in enumerate(det.mp_deck) if c not in det.mp_known]
        cards = [det.mp_deck[i] for i in unseen]
        shuffle(cards)
        for i, c in zip(unseen, cards, strict=True):
            det.mp_deck[i] = c
    elif len(det.mp_deck) > 1:
        shuffle(det.mp_deck)
    if len(det.pile) > 1:
        shuffle(det.pile)
    if det.parts:  # a hero's own deck: its order is hidden from everyone (united/owned.py)
        decks = [(OWN_DECK, h) for h in range(len(det.hand))] + [(LOC_DECK, li) for li in det.locs]
        for kind, owner in decks:
            places = records(det, kind, owner)
            cards = [det.parts[i + 2] for i in places]
            shuffle(cards)
            for i, c in zip(places, cards, strict=True):
                det.parts[i + 2] = c
    det.rng = draw64(rng)
    det.refresh_decision()  # its options may name cards that were swapped
    return det


def _keep_seen(det: UnitedState, h: int, own: bool, shuffle: Callable[[list], None]) -> None:
    """Reshuffle hero `h`'s unseen cards (the deck's, and the hand's for another seat) into
    the unseen places; the cards seen at the bottom of the deck stay where they are."""
    deck, hand = det.deck[h], det.hand[h]
    places = [i for i, c in enumerate(deck) if c not in det.seen]
    pool = [deck[i] for i in places] + ([] if own else hand)
    shuffle(pool)
    if not own:
        k = len(hand)
        det.hand[h], pool = pool[:k], pool[k:]
    for i, c in zip(places, pool, strict=True):
        deck[i] = c


__all__ = ["determinize", "shuffler"]
