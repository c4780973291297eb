"""Cause-and-effect narration of Marvel United's enemies: which cards drove an activation.

Called only under `if s.log is not None`, so playouts never pay for these words.
"""

from __future__ import annotations

from multiverse.united.cardtext import card_label, face_up_text
from multiverse.united.state import UnitedState
from multiverse.united.tables import SYMBOLS

TASKS = ("Move", "Add a Civilian", "Damage", "Production")  # DFP-A4 … DFP-A7, in order
CHALLENGE_TASKS = {"gain_health": "Gain Health", "flip_facedown": "Flip Facedown",
                   "grab": "Grab"}  # DFP-C8 … DFP-C10


def cards_text(s: UnitedState, cards: list[int]) -> str:
    """The Hero cards read, newest first, each with its symbols and effect; a facedown
    card shows nothing (DFP-A13)."""
    t = s.T
    words = [f"{t.card_name[~c]} (facedown: no symbols)" if c < 0 else
             card_label(t.card_name[c], t.card_sym[c], t.card_fx[c], face_up_text(t, c)) for c in cards]
    return " and ".join(words) or "no Hero card yet"


def symbol_counts(sym: list[int]) -> str:
    """`[0, 2, 1, 0]` → "2 Attack, 1 Heroic"; none → "no symbols"."""
    return ", ".join(f"{n} {SYMBOLS[i].title()}" for i, n in enumerate(sym) if n) or "no symbols"


def task_list(s: UnitedState, sym: list[int], names: tuple[str, ...]) -> list[str]:
    """Each task the symbols call for, with how many times: "Damage twice"."""
    return [f"{name} {times(sym[i])}" for i, name in zip(s.T.protocol, names, strict=True)
            if sym[i]]


def times(n: int) -> str:
    """1 → "once", 2 → "twice", 3 → "3 times"."""
    return "once" if n == 1 else "twice" if n == 2 else f"{n} times"


def activation_text(s: UnitedState, head: str, cards: list[int], sym: list[int],
                    tasks: list[str]) -> str:
    """`head`, the cards read, their symbols and the tasks they set off."""
    shown = "shows" if len(cards) == 1 else "show"
    return (f"{head}: {cards_text(s, cards)} {shown} {symbol_counts(sym)} → "
            + (", ".join(tasks) if tasks else "no task"))
