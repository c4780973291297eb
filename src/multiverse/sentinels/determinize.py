"""Determinization for Sentinels of the Multiverse: sample what one seat cannot see,
consistently with what it sees (DESIGN property 5). Search agents play on such samples.

`determinize(state, seat, rng)` returns a copy of `state` in which

- every deck is reshuffled — heroes', the villain's and the environment's (deck orders are
  hidden from everybody) — and so is the reserve pile;
- the hands of the *other* seats' heroes are pooled with their decks and dealt again,
  keeping every hand and deck size (a hero's cards live only in that hero's zones, so the
  unseen cards of each owner are swapped between that owner's unseen zones);
- the game's own generator gets a fresh state drawn from `rng`, so a search cannot foresee
  future chance either.

Kept as they are, because the seat knows them: its own hand (in order), every trash (faceup,
in order), everything in play with its HP and tokens, the modifiers in force; the top cards
of a deck being arranged (OBL-HE4: an `arrange` decision names them) and the cards a
pending play phase already tried (a Limited card shown and returned to hand, SOTM-10).
What the seat learnt earlier and the state does not record (the order of cards it arranged
on top of a deck some turns ago) is forgotten: the sample treats those decks as unknown.

`view(det, seat) == view(state, seat)` and every owner's card multiset (hand + deck) is
kept. Only `rng` is drawn from: the game's generator is not advanced, `state` not touched.

A shuffle sorts the cards by id, then runs Fisher-Yates from a SplitMix64 stream seeded by one
64-bit draw from `rng` per determinization (`shuffler`: C integers in the compiled build):
a uniform distribution over orders, and a sample that depends only on which cards are hidden
where, never on their true order (the same generator state gives the same sample whatever
the hidden order was).
"""

from __future__ import annotations

from typing import Any, Protocol

from multiverse.engine.rng import fisher_yates
from multiverse.engine.sampling import draw64, refreshes, shuffler
from multiverse.sentinels.state import Z_DECK, Z_HAND, SentinelsState


class Shuffler(Protocol):
    """What `determinize` needs from the caller's generator (`SplitMix64` or `random.Random`)."""

    def shuffle(self, items: list[Any]) -> None: ...



def _known(state: SentinelsState) -> tuple[dict[int, int], set[int]]:
    """What pending frames show: the top cards being arranged (owner → how many) and the
    cards a play phase tried."""
    tops: dict[int, int] = {}
    tried: set[int] = set()
    for f in state.stack:
        if f[0] == "arrange":
            tops[f[1]] = max(tops.get(f[1], 0), len(f[2]))
        elif f[0] == "play_phase" and len(f) > 2:
            tried.update(f[2])
    return tops, tried


class Sampler:
    """The determinizations of one position for one seat, as a search draws one per
    iteration: what is hidden where is read once (each owner's unseen cards sorted by id, the
    shuffle's first step, done once), and each `draw` clones the state and deals those cards
    again (Fisher-Yates on a copy of each sorted pile): the samples of the procedure the
    module states, draw for draw."""

    __slots__ = ("plan", "refresh", "reserve", "state")

    def __init__(self, state: SentinelsState, seat: int) -> None:
        self.state = state
        self.refresh = refreshes(state, seat)
        tops, tried = _known(state) if state.stack else ({}, set())
        plan: list[tuple[int, list[int], list[int] | None, int]] = []
        for o, deck in enumerate(state.deck):
            hand = state.hand[o]
            movable = len(deck) - tops.get(o, 0)  # the `fixed` top cards (the end) stay
            if o == seat or not hand:
                if movable > 1:
                    plan.append((o, sorted(deck[:movable]), None, movable))
                continue
            free = [i for i, c in enumerate(hand) if c not in tried]
            pool = [hand[i] for i in free] + deck[:movable]
            if len(pool) > 1:
                plan.append((o, sorted(pool), free, movable))
        self.plan = plan
        self.reserve = len(state.reserve) > 1  # the reserve pile's order is hidden like a deck's

    def draw(self, rng: Shuffler) -> SentinelsState:
        """A copy of the state with its hidden cards dealt again from `rng` (the pending
        decision not recomputed: `determinize` does)."""
        det: SentinelsState = self.state.clone()  # type: ignore[assignment]
        st = draw64(rng)  # the shuffles' stream (`shuffler`'s: the plan's piles are sorted)
        zone = det.zone
        for o, cards, free, movable in self.plan:
            pool = cards[:]
            st = fisher_yates(pool, st)
            deck = det.deck[o]
            if free is not None:  # a card leaving the hand goes to the deck
                hand = det.hand[o]
                for i, c in zip(free, pool, strict=False):
                    x = hand[i]  # (a C integer compiled: the place is written directly)
                    zone[x] = Z_DECK
                    hand[i] = c
                for i in free:  # (after: a card may have moved from one free place to another)
                    x = hand[i]
                    zone[x] = Z_HAND
                pool = pool[len(free):]
            if movable == len(deck):  # the whole deck: the dealt pool is the deck
                det.deck[o] = pool
            else:
                deck[:movable] = pool
        if self.reserve:
            det.reserve.sort()
            st = fisher_yates(det.reserve, st)
        det.rng = draw64(rng)
        return det

    def determinize(self, rng: Shuffler) -> SentinelsState:
        """`draw`, its pending decision recomputed when another seat decides (its options
        may name swapped cards; `refreshes`)."""
        det = self.draw(rng)
        if self.refresh:
            det.refresh_decision()
        return det


def determinize(state: SentinelsState, seat: int, rng: Shuffler) -> SentinelsState:
    """A copy of `state` with everything hidden from `seat` resampled from `rng`."""
    return Sampler(state, seat).determinize(rng)


__all__ = ["Sampler", "determinize", "shuffler"]
