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


__all__ = ["draw64", "shuffler"]
