"""Difficulty settings for training (issue 23): each mode's printed game and easier
configurations made only of its own configuration fields, so that random play meets wins
and a learner gets a signal. None of them is a printed variant: `printed` is the game.

    >>> from multiverse.interop.training import training_fields
    >>> training_fields("dofp", "easiest")
    {'sentinel_health': 1, 'nimrod_health': 2, 'track_max': 40}
    >>> from multiverse.interop.gym_env import MultiverseEnv
    >>> env = MultiverseEnv("dofp", config=training_fields("dofp", "easier"))

The win rates of random and heuristic play at each level, on the lab's seeds, are in
docs/interop.md (*Difficulty for training*); the test checks that random play wins at the
easiest level of every mode.
"""

from __future__ import annotations

from typing import Any

LEVELS = ("printed", "easier", "easiest")

# mode → level → the configuration fields that differ from the mode's defaults
TRAINING: dict[str, dict[str, dict[str, Any]]] = {
    "dofp": {  # fewer Sentinels' and Nimrod's Health, a longer Nimrod Activation track
        "printed": {},
        "easier": {"sentinel_health": 2, "nimrod_health": 4, "track_max": 30},
        "easiest": {"sentinel_health": 1, "nimrod_health": 2, "track_max": 40},
    },
    # less Villain Health (the dashboard override), a longer plot track, the Villain
    # damageable after one Mission (MU-15 asks for two)
    "standard": {
        "printed": {},
        "easier": {"nimrod_health": 4, "track_max": 30, "vulnerable_after": 1},
        "easiest": {"nimrod_health": 2, "track_max": 40, "vulnerable_after": 1},
    },
    "sentinels": {  # a larger team against the same villain (more seats), a larger hand
        "printed": {},
        "easier": {"heroes": ("luminary", "the-harpy", "akash-thriya", "la-comodora")},
        "easiest": {"heroes": ("luminary", "the-harpy", "akash-thriya", "la-comodora", "lifeline"),
                    "hand_size": 6},
    },
    "oblivaeon": {  # fewer Devastation thresholds destroy environments
        "printed": {},
        "easier": {"devastation_thresholds": 1},
        "easiest": {"devastation_thresholds": 0},
    },
}


def training_fields(mode: str, level: str = "printed") -> dict[str, Any]:
    """The configuration fields of `mode` at `level` (a `ValueError` names the known ones)."""
    if mode not in TRAINING:
        raise ValueError(f"no training levels for mode {mode!r}; modes: {', '.join(TRAINING)}")
    if level not in TRAINING[mode]:
        raise ValueError(f"level {level!r}: expected one of {', '.join(LEVELS)}")
    return dict(TRAINING[mode][level])


def training_config(mode: str, level: str = "printed") -> Any:
    """The configuration of `mode` at `level`: the lab's defaults plus the level's fields."""
    from multiverse.interop import games

    return games.make_config(mode, training_fields(mode, level))


__all__ = ["LEVELS", "TRAINING", "training_config", "training_fields"]
