"""Random positions of every mode for the agent tests (played from seeds, so reproducible)."""

from __future__ import annotations

import random

from multiverse.united.config import UnitedConfig
from multiverse.united.dofp.game import new_game
from multiverse.united.state import UnitedState

CONFIGS = (
    UnitedConfig(),
    UnitedConfig(heroes=("logan", "storm")),
    UnitedConfig(heroes=("logan", "kitty-pryde", "storm", "bishop")),
    UnitedConfig(solo=True),
    UnitedConfig(sentinel_health=1, track_max=40),  # reaches Nimrod
    UnitedConfig(mode="standard"),
    UnitedConfig(mode="standard", challenge="sentinel-iii", heroes=("logan", "storm", "blink")),
    UnitedConfig(mode="standard", challenge="sentinel-ii", difficulty="heroic"),
)


def positions(count: int, seed: int = 0) -> list[UnitedState]:
    """`count` positions with a pending decision, after a random number of random choices."""
    rnd = random.Random(seed)
    out: list[UnitedState] = []
    while len(out) < count:
        config = CONFIGS[len(out) % len(CONFIGS)]
        s = new_game(config, seed=rnd.getrandbits(63))
        for _ in range(rnd.randrange(0, 150)):
            d = s.decision()
            if d is None:
                break
            s.apply(rnd.choice(d.options).id)
        if s.decision() is not None:
            out.append(s)
    return out
