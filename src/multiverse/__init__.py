"""multiverse: rules engine, player and simulator for cooperative superhero board games."""

from multiverse import compiled

compiled.install()  # (before any compiled module is imported: a newer source wins)

from multiverse.engine.errors import (  # noqa: E402
    ContentError,
    IllegalChoice,
    MultiverseError,
    PositionError,
    SaveError,
)

__all__ = [
    "ContentError",
    "IllegalChoice",
    "MultiverseError",
    "PositionError",
    "SaveError",
    "load_position",
    "new_game",
]


def __getattr__(name: str):  # lazy: keep `import multiverse` light
    if name == "load_position":
        from multiverse.united.position import load_position

        return load_position
    if name == "new_game":
        from multiverse.united.dofp.game import new_game

        return new_game
    raise AttributeError(name)
