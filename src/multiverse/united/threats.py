"""Issue 21: the counters of a Marvel United game that can end it, each as one ready line.

The track (DFP-D2: the Nimrod Activation track; MU-23: a Villain's Villainous Plot) loses
at its maximum; the Master Plan deck (MU-10, MU-23) loses when a card must be revealed and
none is left (a standard game, and Nimrod's phase of Days of Future Past, DFP-N3). All of it
is read from the tables."""

from __future__ import annotations

from typing import Any

from multiverse.engine.words import count
from multiverse.united.state import PHASE_NIMROD, UnitedState

GAME_OVER = "GAME OVER"


def track_threat(s: UnitedState) -> dict[str, Any]:
    """DFP-D2 / MU-23: "Nimrod Activation track 3 of 15 → GAME OVER"; in Days of Future
    Past the next band that strengthens Nimrod's BAM! is named too."""
    t = s.T
    text = f"{t.track_name} {s.track} of {t.track_max} → {GAME_OVER}"
    if t.mode == "dofp":
        for at, bonus, band in ((t.yellow, t.bonus_yellow, "yellow"), (t.red, t.bonus_red, "red")):
            if s.track < at:
                text += f" (at {at}, the {band} band: Nimrod's BAM! +{bonus} damage)"
                break
    return {"name": t.track_name, "value": s.track, "limit": t.track_max, "ends": GAME_OVER,
            "text": text, "card": None}


def master_plan_threat(s: UnitedState) -> dict[str, Any] | None:
    """MU-10: the Master Plan deck, when the Villain reveals its cards (None otherwise)."""
    t = s.T
    if t.mode != "standard" and s.phase != PHASE_NIMROD:  # DFP-N3: the Sentinels play none
        return None
    n = len(s.mp_deck)
    return {"name": "Master Plan deck", "value": n, "limit": 0, "ends": GAME_OVER,
            "text": f"Master Plan deck {count(n, 'card')} → {GAME_OVER} when a card must be "
                    "revealed and none is left", "card": None}


def threats(s: UnitedState) -> list[dict[str, Any]]:
    """Every counter of the game that can end it (issue 21)."""
    mp = master_plan_threat(s)
    return [track_threat(s)] + ([mp] if mp is not None else [])
