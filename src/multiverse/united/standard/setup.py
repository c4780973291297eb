"""Setting up a standard game (MU-6 … MU-9, DFP-C2)."""

from __future__ import annotations

from multiverse.united.state import PHASE_VILLAIN, UnitedState


def standard_setup(s: UnitedState) -> None:
    """MU-9: the Villain in its starting Location takes the first turn. DFP-C2: a Challenge
    Sentinel starts there too with the Health of its Challenge card; no Target tokens."""
    t = s.T
    s.phase = PHASE_VILLAIN
    s.n_loc, s.n_hp = s.villain_start, t.nimrod_health
    s.s_loc, s.s_hp = [-1, -1, -1], [0, 0, 0]
    if t.challenge >= 0:
        s.s_loc[t.challenge], s.s_hp[t.challenge] = s.villain_start, t.sentinel_health
    s.target = [-1] * t.n_heroes
    s.pile = []
    s.stack = [("hero_turn",), ("villain_turn",)]
