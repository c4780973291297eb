"""The Sentinels state: zones as lists of card ids per owner; HP and counters per card.

Owners: heroes 0..H-1, then the villain (H), then the environment (H+1). A card's `home`
is the owner whose deck, trash and play area hold it (a planted seed's home is the
environment, OBL-HE3). `face[c]` is the face card `c` shows (0: its printed front); every
per-card table of `Tables` that a face can change is read at that face.

Zones of the box: `box` (set aside, and a card between its deck and play), `removed` (out
of the game for good: no effect can choose it), `under` (beneath a card in play: `under` is
the flat list `[card, holder, card, holder, …]`, the last pair on top), `reserve` (the flat
list `reserve`, bottom first: a pile that is not a deck, OBL-C5). `ctr` holds the named
counters' values (OBL-ID1).
"""

from __future__ import annotations

from typing import ClassVar

from multiverse.engine.state import GameState, OptionsFn, ResolveFn, StepFn, push, rule_registry
from multiverse.sentinels.tables import Tables

Z_DECK, Z_HAND, Z_TRASH, Z_PLAY, Z_BOX, Z_REMOVED, Z_UNDER, Z_RESERVE = range(8)
ZONES = ("deck", "hand", "trash", "play", "box", "removed", "under", "reserve")


class SentinelsState(GameState):
    """A position of a Sentinels of the Multiverse game."""

    __slots__ = (
        "ctr",
        "deck",
        "face",
        "hand",
        "home",
        "hp",
        "htok",
        "incap",
        "incap_used",
        "inplay",
        "mods",
        "next_seq",
        "phase",
        "play",
        "played",
        "powered",
        "reserve",
        "round",
        "seq",
        "tok",
        "trash",
        "turn",
        "under",
        "zone",
    )

    DATA = ("zone", "home", "deck", "hand", "trash", "play", "hp", "tok", "seq", "next_seq",
            "incap", "face", "htok", "mods", "turn", "phase", "round", "played", "powered",
            "incap_used", "inplay", "ctr", "under", "reserve")
    NESTED = frozenset({"deck", "hand", "trash", "play", "htok"})
    STEPS: ClassVar[dict[str, StepFn]] = {}
    CHOICES: ClassVar[dict[str, tuple[OptionsFn, ResolveFn]]] = {}

    T: Tables

    # ----- queries ----------------------------------------------------------------
    def seat(self, owner: int) -> int:
        """Which seat decides for an owner: each hero's player; the players (the first
        hero still standing) for villain and environment choices."""
        if owner < self.T.n_heroes:
            return owner
        if self.turn < self.T.n_heroes:
            return self.turn
        for h in range(self.T.n_heroes):
            if not self.incap[h]:
                return h
        return 0

    def name(self, cid: int) -> str:
        return self.T.name[cid]

    def in_play(self, cid: int) -> bool:
        return self.zone[cid] == Z_PLAY

    def is_target(self, cid: int) -> bool:
        """SOTM-9: a card in play with HP (an incapacitated hero is not a target, SOTM-17)."""
        t = self.T
        if self.zone[cid] != Z_PLAY or not t.max_hp[cid][self.face[cid]]:
            return False
        h = t.hero_char[cid]
        return h < 0 or not self.incap[h]

    def max_hp(self, cid: int) -> int:
        """The printed HP of the face the card shows (0: not a target on that face)."""
        return self.T.max_hp[cid][self.face[cid]]

    def flipped(self, cid: int) -> bool:
        """Does the card show a face other than its front?"""
        return self.face[cid] != 0

    def side(self, cid: int) -> str:
        """'hero', 'villain' or 'environment': whose card it is (SOTM-12)."""
        o = self.T.owner[cid]
        return "hero" if o < self.T.n_heroes else "villain" if o == self.T.villain else "environment"

    def cards_in_play(self) -> list[int]:
        """Every card in play, in the order it entered play (SOTM-7). A copy: safe to
        iterate while effects move cards."""
        return self.inplay[:]

    def targets(self) -> list[int]:
        return [c for c in self.inplay if self.is_target(c)]


step, choice = rule_registry(SentinelsState)

__all__ = ["Z_BOX", "Z_DECK", "Z_HAND", "Z_PLAY", "Z_REMOVED", "Z_RESERVE", "Z_TRASH", "Z_UNDER",
           "SentinelsState", "choice", "push", "step"]
