"""The three modes behind one small interface, for the RL adapters (no third-party imports).

Every adapter speaks only the decision protocol (`decision()`, `apply(option_id)`,
`result`, `clone()`, `state_hash()`) and sees a seat's information only through
`seat_view(state, seat)`, which is `view(state, seat)` plus the pending decision as that
seat may see it: everybody sees *who* decides and *what kind* of decision it is; only the
deciding seat sees the prompt and the options (they can name cards in its hand).
"""

from __future__ import annotations

import io
from typing import Any

from pydantic import BaseModel

from multiverse import modes as registry
from multiverse.engine.errors import IllegalChoice, MultiverseError
from multiverse.engine.state import GameState

Config = Any  # any registered mode's configuration (a pydantic model)


def __getattr__(name: str) -> Any:
    """`MODES` and `DEFAULT_MAX_OPTIONS`, read from the registry when first asked for."""
    if name == "MODES":
        return tuple(registry.names())
    if name == "DEFAULT_MAX_OPTIONS":
        return {m.name: m.max_options for m in registry.all_modes()}
    raise AttributeError(name)


class IllegalAction(IllegalChoice):
    """An action index that the pending decision does not offer (a masked action), an index
    outside the action space, or an action after the game ended. The state is untouched."""

    def __init__(self, message: str, action: object, legal: list[str]) -> None:
        MultiverseError.__init__(self, message)
        self.option_id = action
        self.legal = legal


class ActionSpaceTooSmall(MultiverseError):
    """A decision offers more options than the adapter's `max_options` can index."""


def default_fields(mode: str, content: str | None = None) -> dict[str, Any]:
    """The configuration fields every entry point starts from: those of `multiverse play` and
    `lab run` with no options (`Mode.make_config()`: the mode's registered defaults, e.g. the
    content's first villain and environment), as JSON-ready values."""
    m = registry.get(mode)
    sets = {} if content is None else {"content": content}
    return m.make_config(None, None, False, sets).model_dump(mode="json")


def make_config(mode: str, config: Config | dict[str, Any] | None = None) -> Config:
    """The configuration of `mode` from a config object, or from a dict of the fields that
    differ from the mode's defaults (`default_fields`, the lab's and the terminal's), or None
    for those defaults."""
    if mode not in registry.names():
        raise ValueError(f"unknown mode {mode!r}; expected one of {', '.join(registry.names())}")
    m = registry.get(mode)
    if isinstance(config, BaseModel):
        if not isinstance(config, m.config_model):
            raise ValueError(f"mode {mode!r} needs a {m.config_model.__name__}, "
                             f"not {type(config).__name__}")
        if getattr(config, "mode", mode) != mode:
            raise ValueError(f"mode {mode!r} was asked for but the config says mode={config.mode!r}")
        return config
    fields = dict(config or {})
    if fields.setdefault("mode", mode) != mode:
        raise ValueError(f"mode {mode!r} was asked for but the config says mode={fields['mode']!r}")
    return m.config_model(**{**default_fields(mode, fields.get("content")), **fields})


def mode_of(state: GameState) -> str:
    return registry.of_state(state).name


def n_seats(config: Config) -> int:
    """Seats that decide: one per hero, except solo Days of Future Past (one seat)."""
    return registry.of_config(config).n_seats(config)


def new_state(config: Config, seed: int) -> GameState:
    """A new game at its first decision (the seed fixes every chance event of the game)."""
    return registry.of_config(config).new_game(config, seed)


def to_json(state: GameState) -> str:
    return registry.of_state(state).to_json(state)


def from_json(mode: str, text: str | dict[str, Any]) -> GameState:
    """Load a state saved by `to_json` (`SaveError` when malformed)."""
    return registry.get(mode).from_json(text)


def as_state(mode: str, given: GameState | str | dict[str, Any]) -> GameState:
    """A copy of a state given as a state object or its JSON, checked against `mode`."""
    state = given.clone() if isinstance(given, GameState) else from_json(mode, given)
    if mode_of(state) != mode:
        raise ValueError(f"this adapter plays mode {mode!r}, the state is mode {mode_of(state)!r}")
    return state


def decision_view(state: GameState, seat: int) -> dict[str, Any] | None:
    """The pending decision as `seat` may see it: seat and kind for all; prompt and options
    for the deciding seat only."""
    d = state.decision()
    if d is None:
        return None
    if d.seat == seat:
        return d.to_dict()
    return {"seat": d.seat, "kind": d.kind}


def seat_view(state: GameState, seat: int) -> dict[str, Any]:
    """`view(state, seat)` with the pending decision as that seat may see it."""
    return registry.of_state(state).view(state, seat)


def decision_kinds(mode: str) -> tuple[str, ...]:
    """Every decision kind a mode can pend, sorted (the one-hot order of the encoders)."""
    return registry.get(mode).decision_kinds()


def render_text(state: GameState, seat: int, width: int = 110) -> str:
    """The board as `seat` sees it, as plain text (the terminal game's rendering)."""
    from rich.console import Console

    board = registry.of_state(state).render_board(state, seat)
    out = io.StringIO()
    Console(file=out, width=width, color_system=None, force_terminal=False).print(board)
    return out.getvalue()


def max_game_length(config: Config) -> int:
    """A loose upper bound on decisions in one game (the mode's, from its safety limit)."""
    return registry.of_config(config).max_game_length(config)


def action_index(action: Any, ids: list[str]) -> int:
    """`action` as an integer index (a NumPy integer included), or `IllegalAction` naming it
    and the legal option ids."""
    try:
        a = int(action)
        if a != action:
            raise ValueError
    except (TypeError, ValueError):
        raise IllegalAction(f"action {action!r} is not an integer action index", action, ids) from None
    return a


def check_action(state: GameState, action: Any, max_options: int) -> str:
    """The option id behind `action`, or `IllegalAction` naming it (the state is untouched)."""
    d = state.decision()
    if d is None:
        raise IllegalAction(f"action {action!r}: the game is over ({state.result}); reset first",
                            action, [])
    ids = [o.id for o in d.options]
    a = action_index(action, ids)
    shown = ", ".join(f"{i}={oid}" for i, oid in enumerate(ids[:12])) + (" …" if len(ids) > 12 else "")
    where = f"seat {d.seat}, {d.kind}: {d.prompt!r}"
    if not 0 <= a < max_options:
        raise IllegalAction(f"action {a} is outside the action space Discrete({max_options}); "
                            f"the pending decision ({where}) offers actions 0..{len(ids) - 1}: {shown}",
                            a, ids)
    if a >= len(ids):
        raise IllegalAction(f"action {a} is masked: the pending decision ({where}) offers only "
                            f"{len(ids)} options, actions 0..{len(ids) - 1}: {shown}", a, ids)
    return ids[a]


def check_fits(state: GameState, max_options: int) -> None:
    d = state.decision()
    if d is not None and len(d.options) > max_options:
        raise ActionSpaceTooSmall(
            f"the pending decision (seat {d.seat}, {d.kind}: {d.prompt!r}) offers {len(d.options)} "
            f"options but the action space has max_options={max_options}; build the adapter with a "
            f"larger max_options")
