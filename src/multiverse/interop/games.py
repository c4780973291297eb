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

from multiverse.engine.errors import IllegalChoice, MultiverseError
from multiverse.engine.state import GameState
from multiverse.sentinels import game as sentinels_game
from multiverse.sentinels.config import SentinelsConfig
from multiverse.sentinels.state import SentinelsState
from multiverse.sentinels.view import view as sentinels_view
from multiverse.united.config import UnitedConfig
from multiverse.united.dofp import game as united_game
from multiverse.united.state import UnitedState
from multiverse.united.view import view as united_view

MODES = ("dofp", "standard", "sentinels")
DEFAULT_MAX_OPTIONS = {"dofp": 32, "standard": 32, "sentinels": 64}
"""Action-space sizes by mode: about 2.5x the largest decision seen in 1,000+ random games
(13 options for Marvel United, 37 for a 5-hero Sentinels game)."""

Config = UnitedConfig | SentinelsConfig


class IllegalAction(IllegalChoice):
    """An action index that the pending decision does not offer (a masked action), an index
    outside the action space, or an action after the game ended. The state is untouched."""

    def __init__(self, message: str, action: object, legal: list[str]) -> None:
        MultiverseError.__init__(self, message)
        self.option_id = action
        self.legal = legal


class ActionSpaceTooSmall(MultiverseError):
    """A decision offers more options than the adapter's `max_options` can index."""


def make_config(mode: str, config: Config | dict[str, Any] | None = None) -> Config:
    """The configuration of `mode` from a config object, a dict of its fields, or None."""
    if mode not in MODES:
        raise ValueError(f"unknown mode {mode!r}; expected one of {', '.join(MODES)}")
    if isinstance(config, BaseModel):
        if mode == "sentinels" and not isinstance(config, SentinelsConfig):
            raise ValueError(f"mode 'sentinels' needs a SentinelsConfig, not {type(config).__name__}")
        if mode != "sentinels" and not isinstance(config, UnitedConfig):
            raise ValueError(f"mode {mode!r} needs a UnitedConfig, not {type(config).__name__}")
        if getattr(config, "mode", mode) != mode:
            raise ValueError(f"mode {mode!r} was asked for but the config says mode={config.mode!r}")
        return config  # type: ignore[return-value]
    fields = dict(config or {})
    if mode == "sentinels":
        return SentinelsConfig(**fields)
    if fields.setdefault("mode", mode) != mode:
        raise ValueError(f"mode {mode!r} was asked for but the config says mode={fields['mode']!r}")
    return UnitedConfig(**fields)


def mode_of(state: GameState) -> str:
    if isinstance(state, SentinelsState):
        return "sentinels"
    return state.T.mode  # type: ignore[attr-defined]


def n_seats(config: Config) -> int:
    """Seats that decide: one per hero, except solo Days of Future Past (one seat)."""
    if isinstance(config, UnitedConfig):
        return len({config.seat_of(h) for h in range(config.n_heroes)})
    return len(config.heroes)


def new_state(config: Config, seed: int) -> GameState:
    """A new game at its first decision (the seed fixes every chance event of the game)."""
    if isinstance(config, SentinelsConfig):
        return sentinels_game.new_game(config, seed=seed)
    return united_game.new_game(config, seed=seed)


def to_json(state: GameState) -> str:
    if isinstance(state, SentinelsState):
        return sentinels_game.to_json(state)
    return united_game.to_json(state)  # type: ignore[arg-type]


def from_json(mode: str, text: str | dict[str, Any]) -> GameState:
    """Load a state saved by `to_json` (`SaveError` when malformed)."""
    if mode == "sentinels":
        return sentinels_game.from_json(text)
    return united_game.from_json(text)


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
    if isinstance(state, SentinelsState):
        return sentinels_view(state, seat)  # already carries the decision, same rule
    v = united_view(state, seat)  # type: ignore[arg-type]
    v["decision"] = decision_view(state, seat)
    return v


def decision_kinds(mode: str) -> tuple[str, ...]:
    """Every decision kind a mode can pend, sorted (the one-hot order of the encoders)."""
    cls = SentinelsState if mode == "sentinels" else UnitedState
    return tuple(sorted(cls.CHOICES))


def render_text(state: GameState, seat: int, width: int = 110) -> str:
    """The board as `seat` sees it, as plain text (the terminal game's rendering)."""
    from rich.console import Console

    if isinstance(state, SentinelsState):
        from multiverse.sentinels.render import render_board as sentinels_board

        board = sentinels_board(state, seat)
    else:
        from multiverse.united.render import render_board as united_board

        board = united_board(state, seat)  # type: ignore[arg-type]
    out = io.StringIO()
    Console(file=out, width=width, color_system=None, force_terminal=False).print(board)
    return out.getvalue()


def max_game_length(config: Config) -> int:
    """A loose upper bound on decisions in one game, from the config's safety limit.

    Marvel United ends (as a loss) past `max_turns` hero turns; random games take at most
    14 decisions per hero turn, the bound allows 100. Sentinels ends past `max_rounds`
    rounds; random games take at most ~15 decisions per owner turn, the bound allows 60.
    """
    if isinstance(config, SentinelsConfig):
        return config.max_rounds * (len(config.heroes) + 2) * 60
    return (config.max_turns + 1) * 100


def check_action(state: GameState, action: Any, max_options: int) -> str:
    """The option id behind `action`, or `IllegalAction` naming it (the state is untouched)."""
    d = state.decision()
    if d is None:
        raise IllegalAction(f"action {action!r}: the game is over ({state.result}); reset first",
                            action, [])
    ids = [o.id for o in d.options]
    try:
        a = int(action)
        if a != action:
            raise ValueError
    except (TypeError, ValueError):
        raise IllegalAction(f"action {action!r} is not an integer action index", action, ids) from None
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
