"""Missions (MU-9) and what completing them does (MU-15)."""

from __future__ import annotations

from multiverse.united.state import UnitedState

RESCUE, THUGS, THREATS = 0, 1, 2
MISSION_NAMES = ("Rescue Civilians", "Defeat Thugs", "Clear Threats")


def completed(s: UnitedState) -> int:
    """How many Missions are complete (a Mission stays complete once its count is reached)."""
    need = s.T.mission_need
    if not need:
        return 0
    p = s.progress
    return (p[0] >= need[0]) + (p[1] >= need[1]) + (p[2] >= need[2])


def under_pressure(s: UnitedState) -> bool:
    """MU-15: the Villain is Under Pressure after `under_pressure_after` Missions
    (DFP-N3: Nimrod always is)."""
    if s.T.mode == "dofp":
        return True
    return completed(s) >= s.T.config.under_pressure_after


def vulnerable(s: UnitedState) -> bool:
    """MU-15: the Villain can be damaged after `vulnerable_after` Missions (DFP-N2: Nimrod
    as soon as he enters)."""
    if s.T.mode == "dofp":
        return True
    return completed(s) >= s.T.config.vulnerable_after


def record(s: UnitedState, mission: int, n: int = 1) -> None:
    """Count progress toward a Mission; narrate the moment it completes. Both modes also
    count it in this turn's tally (`s.now`: rescued, defeated Thugs, cleared Threats)."""
    if n > 0:
        s.now[mission] += n
    if n <= 0 or not s.T.mission_need:
        return
    before = completed(s)
    s.progress[mission] += n
    if s.log is not None and completed(s) > before:
        s.emit("mission", f"Mission complete: {MISSION_NAMES[mission]} "
               f"({completed(s)} of 3)", mission=MISSION_NAMES[mission], completed=completed(s))
