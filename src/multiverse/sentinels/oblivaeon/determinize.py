"""Determinization for OblivAeon: the base game's (`sentinels/determinize.py`) with what
this mode shows face up kept in place (DESIGN property 5).

Resampled as in the base game: every deck's order, the other seats' hands (pooled with
their decks), the Scion Reserve's order, the game's own generator. Kept: the Mission deck's
top card, which is face up (OBL-M1), and the Scion Reserve's order when the configuration
fixed it (OBL-S8, shown by the view). `view(det, seat) == view(state, seat)`.
"""

from __future__ import annotations

from typing import Any

from multiverse.sentinels.determinize import Sampler
from multiverse.sentinels.state import SentinelsState


class ObSampler:
    """The determinizations of one position for one seat (`Sampler`, the base game's, with
    OblivAeon's face-up cards put back): read once, one `determinize` per search iteration."""

    __slots__ = ("base", "known_reserve", "mission", "mission_top")

    def __init__(self, state: SentinelsState, seat: int) -> None:
        t = state.T
        self.base = Sampler(state, seat)
        self.mission = t.mission
        was = state.deck[t.mission]
        self.mission_top = was[-1] if was else -1  # OBL-M1: the top Mission is face up
        order = set(t.config.scion_order or ())
        k = 0  # the bottom of the Reserve stacked by the configuration is known (OBL-S8)
        while k < len(state.reserve) and t.name[state.reserve[k]] in order:
            k += 1
        self.known_reserve = state.reserve[:k]

    def determinize(self, rng: Any) -> SentinelsState:
        """A copy of the state with everything hidden from the seat resampled from `rng`."""
        det = self.base.draw(rng)
        top = self.mission_top
        if top >= 0:
            deck = det.deck[self.mission]
            if deck[-1] != top:
                i = deck.index(top)
                deck[i], deck[-1] = deck[-1], deck[i]
        known = self.known_reserve
        if known:
            det.reserve = known + [c for c in det.reserve if c not in known]
        if self.base.refresh:  # another seat decides (`refreshes`)
            det.refresh_decision()
        return det


def determinize(state: SentinelsState, seat: int, rng: Any) -> SentinelsState:
    """A copy of `state` with everything hidden from `seat` resampled from `rng`."""
    return ObSampler(state, seat).determinize(rng)


__all__ = ["ObSampler", "determinize"]
