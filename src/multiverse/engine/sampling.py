"""Sampling hidden cards for search, shared by every game's determinizer: a 64-bit draw from
the caller's generator (`SplitMix64` or `random.Random`) and a uniform shuffle that forgets
the true order first, so a sample depends only on which cards are hidden where."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from multiverse.engine.rng import MASK


def draw64(rng: Any) -> int:
    """64 bits from `rng`: its `next64()` (SplitMix64) or `getrandbits(64)`."""
    nxt = getattr(rng, "next64", None)
    if nxt is not None:
        return int(nxt()) & MASK
    return int(rng.getrandbits(64))


def shuffler(rng: Any) -> Callable[[list[Any]], None]:
    """A uniform shuffle drawing from `rng`: by id, then by `rng.random()` keys (two C-level
    sorts, no Python swap per card; a generator without `random`, such as `SplitMix64`,
    seeds a `random.Random` with one draw)."""
    rand = getattr(rng, "random", None)
    if rand is None:
        rand = random.Random(draw64(rng)).random

    def key(_: object) -> float:
        return rand()

    def shuffle(items: list[Any]) -> None:
        items.sort()  # the true order is forgotten first: the sample depends on the cards only
        items.sort(key=key)

    return shuffle


__all__ = ["draw64", "shuffler"]
