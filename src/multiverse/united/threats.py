"""Issue 21: the counters of a Marvel United game that can end it, each as one ready line.

The track (DFP-D2: the Nimrod Activation track; MU-23: a Villain's Villainous Plot) loses
at its maximum; the Master Plan deck (MU-10, MU-23) loses when a card must be revealed and
none is left (a standard game, and Nimrod's phase of Days of Future Past, DFP-N3); in a
standard game the Missions fire two thresholds (MU-14, MU-15: Under Pressure, then the
Villain can be damaged). All of it is read from the tables."""

from __future__ import annotations

from typing import Any

from multiverse.engine.words import count
from multiverse.united.standard.missions import completed
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


def missions_threshold(s: UnitedState) -> dict[str, Any] | None:
    """MU-14, MU-15: the Missions completed and the next threshold they fire (Under
    Pressure, then the Villain can be damaged); None in Days of Future Past or past both."""
    t = s.T
    if t.mode != "standard":
        return None
    cfg, n = t.config, completed(s)
    if n < cfg.under_pressure_after:
        at = cfg.under_pressure_after
        what = f"Under Pressure (a Villain turn every {count(cfg.pressure_cadence, 'Hero card')})"
        if t.challenge >= 0:  # DFP-C3: the Challenge Sentinel can be damaged from then on
            what += f"; {t.sentinel_names[t.challenge]} can be damaged"
    elif n < cfg.vulnerable_after:
        at, what = cfg.vulnerable_after, f"{t.villain_name} can be damaged"
    else:
        return None
    return {"name": "Missions", "value": n, "limit": at, "ends": what,
            "text": f"Missions {n} of 3 completed → at {at}: {what}", "card": None}


def threats(s: UnitedState) -> list[dict[str, Any]]:
    """Every counter of the game that can end it or fire a threshold (issue 21)."""
    return [x for x in (track_threat(s), master_plan_threat(s), missions_threshold(s))
            if x is not None]
