"""Helpers for the standard-game tests (MU-*): the positions and drivers of
`tests/united/challenge/challenge_kit.py`, with no Sentinel Challenge unless one is asked for.

Positions: a standard game against the Magistrate, seed 7, the Villain's starting Location
and the Villain at ring position 0, six Locations with no token and no Threat.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

_CHALLENGE = Path(__file__).resolve().parents[1] / "challenge"
if str(_CHALLENGE) not in sys.path:
    sys.path.insert(0, str(_CHALLENGE))

import challenge_kit as _kit  # noqa: E402
from challenge_kit import (  # noqa: E402, F401  (re-exported)
    KITTY,
    LOGAN,
    RING,
    SLOTS,
    STORM,
    act,
    card_id,
    card_of,
    end_actions,
    events,
    finish_turn,
    hero,
    ids,
    kind,
    names,
    play,
    ring,
    skip_location,
    story,
    three,
    variant_pack,
    wound,
)

from multiverse.united.state import UnitedState  # noqa: E402


def load(which: str | None = None, **fields: Any) -> UnitedState:
    """A standard-game position (no Challenge unless `which` names one)."""
    return _kit.load(which, **fields)


def villain_turn_after(active: str, heroes: list[dict[str, Any]], card: str, master_plan: list[str],
                       **more: Any) -> UnitedState:
    """`active` has just played `card`, the third Hero card since the last Master Plan card:
    the villain turn runs while loading (top of `master_plan` first)."""
    more.setdefault("since", 3)
    return load(heroes=heroes, storyline=story((active, card)), turn={"hero": active},
                step="end_of_turn", master_plan=master_plan, **more)


def mp_count(s: UnitedState) -> int:
    """Master Plan cards in the Storyline."""
    return sum(1 for c in s.story if s.T.card_owner[c if c >= 0 else ~c] < 0)


def answer(s: UnitedState) -> None:
    """Answer the pending decision plainly: play the first card, resolve a Special Effect,
    end actions, skip a Location effect, else take the first option."""
    opts = ids(s)
    for pick in ("effect", "end", "skip"):
        if pick in opts:
            s.apply(pick)
            return
    s.apply(opts[0])


def pattern(s: UnitedState) -> str:
    """The Storyline as a string: H for a Hero card, M for a Master Plan card."""
    return "".join("M" if s.T.card_owner[c if c >= 0 else ~c] < 0 else "H" for c in s.story)
