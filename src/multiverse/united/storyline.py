"""The Storyline: hero cards and Master Plan cards in play order (MU-17)."""

from __future__ import annotations

from multiverse.united.state import UnitedState


def last_hero_cards(s: UnitedState, n: int) -> list[int]:
    """The last `n` Hero cards, newest first, skipping Master Plan cards (MU-14 Decision).

    Facedown cards (stored as ~card) are included: they are Hero cards giving nothing.
    """
    owner = s.T.card_owner
    out: list[int] = []
    if n <= 0:  # (a delayed Villain turn leaves fewer than none since the last: none)
        return out
    for c in reversed(s.story):
        if owner[c if c >= 0 else ~c] >= 0:
            out.append(c)
            if len(out) == n:
                break
    return out


def symbols_of(s: UnitedState, cards: list[int]) -> list[int]:
    """Sum of the symbols of faceup cards (MU-17, DFP-A13: facedown cards give nothing)."""
    total = [0, 0, 0, 0]
    sym = s.T.card_sym
    for c in cards:
        if c >= 0:
            m, a, h, w = sym[c]
            total[0] += m
            total[1] += a
            total[2] += h
            total[3] += w
    return total


def has_special_effect(s: UnitedState, card: int) -> bool:
    """A faceup card with a Special Effect (a facedown card shows none); a card whose
    effect is marked `unsupported` still has one."""
    return card >= 0 and s.T.card_special[card]
