"""Determinization for OblivAeon: the base game's (`sentinels/determinize.py`) with what
this mode shows face up kept in place (DESIGN property 5).

Resampled as in the base game: every deck's order, the other seats' hands (pooled with
their decks), the Scion Reserve's order, the game's own generator. Kept: the Mission deck's
top card, which is face up (OBL-M1), and the Scion Reserve's order when the configuration
fixed it (OBL-S8, shown by the view). `view(det, seat) == view(state, seat)`.
"""

from __future__ import annotations

from typing import Any

from multiverse.sentinels.determinize import resample
from multiverse.sentinels.state import SentinelsState


def determinize(state: SentinelsState, seat: int, rng: Any) -> SentinelsState:
    """A copy of `state` with everything hidden from `seat` resampled from `rng`."""
    t = state.T
    det = resample(state, seat, rng)  # the base game's, the decision recomputed below
    deck, was = det.deck[t.mission], state.deck[t.mission]
    if was and deck[-1] != was[-1]:  # OBL-M1: the top Mission is face up
        i = deck.index(was[-1])
        deck[i], deck[-1] = deck[-1], deck[i]
    order = set(t.config.scion_order or ())
    k = 0  # the bottom of the Reserve stacked by the configuration is known (OBL-S8)
    while k < len(state.reserve) and t.name[state.reserve[k]] in order:
        k += 1
    if k:
        rest = [c for c in det.reserve if c not in state.reserve[:k]]
        det.reserve = state.reserve[:k] + rest
    det.refresh_decision()
    return det


__all__ = ["determinize"]
