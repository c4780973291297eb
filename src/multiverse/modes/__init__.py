"""The one registry of modes (DESIGN 9): every face finds a mode by name here.

>>> from multiverse import modes
>>> modes.get("dofp").family
'united'
>>> sorted(modes.names())
['dofp', 'oblivaeon', 'sentinels', 'standard']

The built-in modes register themselves when their module is imported; `get`, `names` and
`all_modes` import them on first use, so starting a command that needs no mode stays fast.
"""

from __future__ import annotations

import importlib
from typing import Any

from multiverse.engine.errors import UnknownMode
from multiverse.modes.base import Mode, ModeOption

BUILTIN = ("multiverse.modes.united", "multiverse.modes.sentinels", "multiverse.modes.oblivaeon")
_MODES: dict[str, Mode] = {}
_loaded = False


def register(mode: Mode) -> Mode:
    """Add a mode to the registry (a second mode with the same name is refused)."""
    if mode.name in _MODES and type(_MODES[mode.name]) is not type(mode):
        raise ValueError(f"mode {mode.name!r} is registered twice")
    _MODES[mode.name] = mode
    return mode


def _load() -> None:
    global _loaded
    if not _loaded:
        _loaded = True
        for module in BUILTIN:
            importlib.import_module(module)


def names() -> list[str]:
    """Every registered mode's name, in registration order."""
    _load()
    return list(_MODES)


def all_modes() -> list[Mode]:
    _load()
    return list(_MODES.values())


def get(name: str | None) -> Mode:
    """The mode called `name`; `UnknownMode` lists the registered ones."""
    _load()
    mode = _MODES.get(name or "")
    if mode is None:
        raise UnknownMode(f"unknown mode {name!r}; modes: {', '.join(_MODES)}")
    return mode


def default() -> Mode:
    """The mode a command uses when none is named: the first registered (`dofp`)."""
    _load()
    return next(iter(_MODES.values()))


def of_config(config: Any) -> Mode:
    """The mode a configuration belongs to (its `mode` field)."""
    return get(getattr(config, "mode", None))


def of_state(state: Any) -> Mode:
    """The mode a state is a game of."""
    return get(state.T.config.mode)


__all__ = ["Mode", "ModeOption", "all_modes", "default", "get", "names", "of_config", "of_state", "register"]
