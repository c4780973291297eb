"""Lasting verbs: a continuous modifier with a duration (SOTM-14)."""

from __future__ import annotations

from multiverse.sentinels.state import SentinelsState
from multiverse.sentinels.verbs import verb

DURATIONS = {"this_turn": 0, "until_your_next_turn": 1, "while_in_play": 2}


@verb("modify")
def modify(s: SentinelsState, sid: int, this: int, hero: int, other: int, n: int) -> None:
    """SOTM-14: a modifier in force for its duration; "until your next turn" reads the
    text's hero, else the card's owner (a zone's villain turn: the Scions' turn)."""
    t = s.T
    o = hero if hero >= 0 else s.owner_of(this) if this >= 0 else s.turn
    if t.dynamic and o in t.villains and o != t.villain:
        o = t.named_decks["scion"]
    s.mods.append((sid, this, hero, DURATIONS[t.steps[sid].duration], o))
