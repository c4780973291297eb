"""The Sentinels effect vocabulary's tables: every verb of `content.sentinels_schema`
registers the rule step that resolves it, and the dispatcher (`effects.run_step`) reads
these tables only. Verb modules (`sentinels.vocab.*`) import this module and what lies
below it; `sentinels.vocab` imports every verb module once, for the game to load.

Two kinds of verb:
- a **step** verb acts once, `fn(s, sid, this, hero, other, n)` with `n` the step's amount
  read now (SOTM-3's H included);
- an **apply** verb acts on each card a selector picked, `fn(s, sid, this, hero, other, c)`.

A mode may give a verb its own meaning (OblivAeon's `game_over` destroys the environment,
OBL-E1): `MODE_VERBS` / `MODE_APPLY` are read first in a game with battle zones.

Context carried by every frame: `this` (the card whose text it is), `hero` (the hero who
owns that text, -1 for villain and environment cards) and `other` (the card a trigger
reacts to: the damage source, the card entering play; or the card an earlier step of the
same effect touched, `then`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from multiverse.sentinels.state import SentinelsState

StepVerb = Callable[[SentinelsState, int, int, int, int, int], None]
ApplyVerb = Callable[[SentinelsState, int, int, int, int, int], None]

VERBS: dict[str, StepVerb] = {}
APPLY: dict[str, ApplyVerb] = {}
MODE_VERBS: dict[str, StepVerb] = {}
MODE_APPLY: dict[str, ApplyVerb] = {}


def verb(*names: str, mode: bool = False) -> Callable[[StepVerb], StepVerb]:
    """Register `fn` as the rule step of the step verbs `names` (`mode`: a battle-zone
    mode's meaning, read first where `T.dynamic`)."""
    table = MODE_VERBS if mode else VERBS

    def deco(fn: StepVerb) -> StepVerb:
        for name in names:
            assert name not in table, f"verb {name!r} registered twice"
            table[name] = fn
        return fn
    return deco


def applies(*names: str, mode: bool = False) -> Callable[[ApplyVerb], ApplyVerb]:
    """Register `fn` as what the selecting verbs `names` do to each selected card."""
    table = MODE_APPLY if mode else APPLY

    def deco(fn: ApplyVerb) -> ApplyVerb:
        for name in names:
            assert name not in table, f"verb {name!r} registered twice"
            table[name] = fn
        return fn
    return deco


def effect_frames(s: SentinelsState, fx: tuple[int, ...], this: int, hero: int,
                  other: int) -> list[tuple]:
    return [("fx", sid, this, hero, other) for sid in fx]


def push_effect(s: SentinelsState, fx: tuple[int, ...], this: int, hero: int, other: int) -> None:
    """Queue an effect's steps so the first resolves first (top to bottom, SOTM-8)."""
    for sid in reversed(fx):
        s.stack.append(("fx", sid, this, hero, other))


def seat_of(s: SentinelsState, hero: int) -> int:
    """Who decides for a step of hero `hero` (a player's own index) or of no hero (-1)."""
    return hero if hero >= 0 else s.seat(s.T.villain)


def registered() -> dict[str, Any]:
    """Every registered verb by name (for the schema cross-check)."""
    return {**VERBS, **APPLY, **MODE_VERBS, **MODE_APPLY}
