"""The end of a hero turn and the turn order in Days of Future Past."""

from __future__ import annotations

from multiverse.united.dofp.nimrod import nimrod_enters, nimrod_retreats, villain_turn_due
from multiverse.united.dofp.protocol import choose_activation
from multiverse.united.protection import END_OF_TURN, expire
from multiverse.united.standard.turn import end_of_standard_turn
from multiverse.united.state import PHASE_SENTINELS, UnitedState, step


@step("end_of_turn")
def end_of_hero_turn(s: UnitedState, f: tuple) -> None:
    """DFP-A2: after each hero turn a Sentinel activates (heroes take the first turn,
    DFP-A1); once the last Sentinel is defeated Nimrod enters (DFP-N1); then Nimrod's
    turns follow the Under Pressure cadence (DFP-N3). The standard game has its own end."""
    h = s.active
    if s.protect:
        expire(s, END_OF_TURN, h)
    s.stack.append(("next_turn",))
    if s.T.mode == "standard":
        end_of_standard_turn(s, h)
        return
    if s.phase == PHASE_SENTINELS:
        if s.live_sentinels():
            choose_activation(s, h)
        else:
            nimrod_enters(s)
        return
    if s.retreat == 1:
        nimrod_retreats(s)
    if villain_turn_due(s):
        s.stack.append(("villain_turn",))


@step("next_turn")
def next_turn(s: UnitedState, f: tuple) -> None:
    """MU-8: turn order is fixed; eliminated heroes skip their turns."""
    n = len(s.hand)
    if all(s.out):
        s.end("loss", "every hero was eliminated")
        return
    h = s.active
    for _ in range(n):
        h = (h + 1) % n
        if h == 0:
            s.round += 1
        if not s.out[h]:
            break
    s.active = h
    s.turn += 1
    if s.turn > s.T.config.max_turns:
        s.end("loss", f"the game passed {s.T.config.max_turns} hero turns")
        return
    s.stack.append(("hero_turn",))
