"""Nimrod (DFP-N1 … DFP-N4, DFP-D3)."""

from __future__ import annotations

from multiverse.united.board import opposite
from multiverse.united.state import PHASE_NIMROD, UnitedState
from multiverse.united.storyline import last_hero_cards

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

    DFP-N4: once all heroes but one are eliminated, that hero plays 2 consecutive turns
    before each Nimrod turn, whatever the count was when the others fell: only their own
    cards among the Hero cards since Nimrod's last Master Plan card count."""
    live = [h for h, out in enumerate(s.out) if not out]
    if len(live) != 1:
        return s.since >= UNDER_PRESSURE_CADENCE
    owner = s.T.card_owner
    mine = sum(1 for c in last_hero_cards(s, s.since) if owner[c if c >= 0 else ~c] == live[0])
    return mine >= UNDER_PRESSURE_CADENCE


def nimrod_retreats(s: UnitedState) -> None:
    """DFP-D3 (pink part): at the end of the turn in which Nimrod first drops to the retreat
    value or less, he moves to the opposite Location."""
    s.retreat = 2
    s.n_loc = opposite(s.n_loc)
    if s.log is not None:
        s.emit("nimrod_retreats", f"Nimrod falls back to {s.loc_name(s.n_loc)}", to=s.n_loc)
