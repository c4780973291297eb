"""The end of a hero turn in the standard game (MU-14, DFP-C4)."""

from __future__ import annotations

from multiverse.united.standard.missions import under_pressure
from multiverse.united.state import UnitedState, push


def end_of_standard_turn(s: UnitedState, h: int) -> None:
    """DFP-C4: the Challenge Sentinel activates after each hero turn; then MU-14: a villain
    turn follows every `cadence` Hero cards, every `pressure_cadence` once Under Pressure."""
    frames: list[tuple] = []
    sn = s.T.challenge
    if sn >= 0 and s.s_loc[sn] >= 0:
        frames.append(("challenge_activation", sn, h))
    cfg = s.T.config
    if s.since >= (cfg.pressure_cadence if under_pressure(s) else cfg.cadence):
        frames.append(("villain_turn",))
    push(s, *frames)
