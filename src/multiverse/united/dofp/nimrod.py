"""Nimrod (DFP-N1 … DFP-N4, DFP-D3)."""

from __future__ import annotations

from multiverse.united.board import opposite
from multiverse.united.state import PHASE_NIMROD, UnitedState

UNDER_PRESSURE_CADENCE = 2


def nimrod_enters(s: UnitedState) -> None:
    """DFP-N1/N2: at the end of the hero turn in which the last Sentinel fell, Nimrod enters
    in the Villain's starting Location, can be damaged at once, and plays a Master Plan."""
    s.phase = PHASE_NIMROD
    s.n_loc = s.villain_start
    s.n_hp = s.T.nimrod_health
    if s.log is not None:
        s.emit("nimrod_enters", f"Nimrod enters at {s.loc_name(s.n_loc)} with {s.n_hp} Health",
               location=s.n_loc, health=s.n_hp)
    s.stack.append(("villain_turn",))


def villain_turn_due(s: UnitedState) -> bool:
    """DFP-N3: Nimrod is always Under Pressure: a Master Plan after every 2 Hero cards.
    DFP-N4 follows: a last hero standing plays 2 turns before each Nimrod turn."""
    return s.since >= UNDER_PRESSURE_CADENCE


def nimrod_retreats(s: UnitedState) -> None:
    """DFP-D3 (pink part): at the end of the turn in which Nimrod first drops to the retreat
    value or less, he moves to the opposite Location."""
    s.retreat = 2
    s.n_loc = opposite(s.n_loc)
    if s.log is not None:
        s.emit("nimrod_retreats", f"Nimrod falls back to {s.loc_name(s.n_loc)}", to=s.n_loc)
