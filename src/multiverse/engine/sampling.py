"""Sampling hidden cards for search, shared by every game's determinizer: a 64-bit draw from
the caller's generator (`SplitMix64` or `random.Random`) and a uniform shuffle that forgets
the true order first, so a sample depends only on which cards are hidden where."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from multiverse.engine.rng import MASK, fisher_yates


def draw64(rng: Any) -> int:
    """64 bits from `rng`: its `next64()` (SplitMix64) or `getrandbits(64)`."""
    nxt = getattr(rng, "next64", None)
    if nxt is not None:
        return int(nxt()) & MASK
    return int(rng.getrandbits(64))


def shuffler(rng: Any) -> Callable[[list[Any]], None]:
    """A uniform shuffle seeded by one 64-bit draw from `rng`: it sorts the cards by id (the
    true order is forgotten: the sample depends on the cards only), then runs Fisher-Yates
    from its own SplitMix64 stream (`fisher_yates`: C integers in the compiled build, no
    call to `rng` per card). Each call goes on with the same stream."""
    st = draw64(rng)

    def shuffle(items: list[Any]) -> None:
        nonlocal st
        items.sort()
        st = fisher_yates(items, st)

    return shuffle


def refreshes(state: Any, seat: int) -> bool:
    """Whether a sample of `state` for `seat` must read its pending decision again: only when
    another seat decides (its options may name cards that were dealt again). The deciding
    seat's own options show it nothing hidden from it (DESIGN 5: `view(det, seat)` equals
    `view(state, seat)`, and the view shows the decider its options, labels and prompt), so
    its samples keep the decision as it is: the same options, read once, not per sample."""
    d = state.decision()
    return d is not None and d.seat != seat


__all__ = ["draw64", "refreshes", "shuffler"]
