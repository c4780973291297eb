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
"""

from __future__ import annotations

from typing import Any, Protocol

from multiverse.engine.rng import MASK
from multiverse.sentinels.state import Z_DECK, Z_HAND, SentinelsState


class Shuffler(Protocol):
    """What `determinize` needs from the caller's generator (`SplitMix64` or `random.Random`)."""

    def shuffle(self, items: list[Any]) -> None: ...


def _draw64(rng: Any) -> int:
    nxt = getattr(rng, "next64", None)
    if nxt is not None:
        return int(nxt()) & MASK
    return int(rng.getrandbits(64))


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


def _shuffle_deck(deck: list[int], fixed_top: int, rng: Shuffler) -> None:
    """Shuffle a deck (its last item is the top) except its `fixed_top` top cards."""
    k = len(deck) - fixed_top
    if k > 1:
        part = deck[:k]
        rng.shuffle(part)
        deck[:k] = part


def determinize(state: SentinelsState, seat: int, rng: Shuffler) -> SentinelsState:
    """A copy of `state` with everything hidden from `seat` resampled from `rng`."""
    det: SentinelsState = state.clone()  # type: ignore[assignment]
    tops, tried = _known(state)
    zone = det.zone
    for o in range(len(det.deck)):
        deck, hand = det.deck[o], det.hand[o]
        fixed = tops.get(o, 0)
        if o == seat or not hand:
            _shuffle_deck(deck, fixed, rng)
            continue
        free = [i for i, c in enumerate(hand) if c not in tried]
        movable = len(deck) - fixed
        pool = [hand[i] for i in free] + deck[:movable]
        if len(pool) < 2:
            continue
        rng.shuffle(pool)
        for i, c in zip(free, pool, strict=False):
            hand[i] = c
            zone[c] = Z_HAND
        rest = pool[len(free):]
        for c in rest:
            zone[c] = Z_DECK
        deck[:movable] = rest
    if len(det.reserve) > 1:  # the reserve pile's order is hidden like a deck's
        rng.shuffle(det.reserve)
    det.rng = _draw64(rng)
    det.refresh_decision()  # its options may name cards that were swapped
    return det


__all__ = ["determinize"]
