"""Sentinels of the Multiverse: OblivAeon, `oblivaeon`: 3 to 5 players against OblivAeon,
his Scions and the Aeon Men across two battle zones, five environments and the Mission deck,
until OblivAeon is defeated or the multiverse is destroyed. Registered at import."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from multiverse.engine.errors import ConfigError, ContentError
from multiverse.engine.state import GameState
from multiverse.modes import register
from multiverse.modes.base import ModeOption, game_function, split_list
from multiverse.modes.sentinels import SentinelsFamily
from multiverse.sentinels.oblivaeon.config import OblivaeonConfig
from multiverse.sentinels.state import SentinelsState


class OblivaeonMode(SentinelsFamily):
    name = "oblivaeon"
    family = "sentinels"
    description = ("Sentinels of the Multiverse: OblivAeon: 3-5 heroes against OblivAeon and "
                   "his Scions across two battle zones and five environments (original content)")
    config_model = OblivaeonConfig
    state_class = SentinelsState
    default_heroes = ("luminary", "the-harpy", "akash-thriya", "la-comodora", "lifeline")
    hero_counts = (3, 5)
    options = (
        ModeOption("--environments", "environments",
                   "five environment ids, comma-separated: the first two enter the battle zones, "
                   "the rest are set aside in this order (default: five at random)", many=True),
        ModeOption("--shield", "shield", "the Shield's name (default: one at random)"),
        ModeOption("--scion-order", "scion_order",
                   "Scion names, comma-separated, the Scion Reserve from the bottom up (the next "
                   "to enter first; default: shuffled)", many=True),
    )
    # the chosen point of the curve (docs/agents.md, "OblivAeon"): 299 of 300 games, inside
    # ISMCTS 1,000's interval whatever its games left give, for a twentieth of its CPU when
    # issue 24 was filed
    strong_search: ClassVar[dict[str, Any]] = {"iterations": 150, "turns": 2, "stop_early": True}
    refusals: ClassVar[dict[str, str]] = {
        "environment": "oblivaeon plays five environments: use --environments a,b,c,d,e",
        "villain": "oblivaeon's villain is OblivAeon (choose his Shield with --shield)",
    }
    turn_kind = "play_phase"
    max_options = 64
    summary_fields: ClassVar[tuple[str, ...]] = ("environments", "shield")

    def check_content(self, config: Any) -> None:
        from multiverse.sentinels.oblivaeon.game import tables

        try:
            tables(config)
        except ContentError as exc:
            raise ConfigError(f"{self.name}: {exc}") from None

    def new_game(self, config: Any, seed: int, log: bool = False) -> GameState:
        from multiverse.sentinels.oblivaeon.game import new_game

        return new_game(config, seed=seed, log=log)

    def to_json(self, state: GameState) -> str:
        from multiverse.sentinels.oblivaeon.game import to_json

        return to_json(state)  # type: ignore[arg-type]

    def from_json(self, text: str | dict[str, Any]) -> GameState:
        from multiverse.sentinels.oblivaeon.game import from_json

        return from_json(text)

    # ----- positions ----------------------------------------------------------------------
    def claims_position(self, doc: dict[str, Any]) -> bool:
        """OblivAeon positions state their battle `zones`, or `mode: oblivaeon`."""
        return "zones" in doc or doc.get("mode") == self.name

    def load_position(self, doc: dict[str, Any]) -> GameState:
        from multiverse.sentinels.oblivaeon.position import (
            load_oblivaeon_position,
        )

        return load_oblivaeon_position(doc)

    def position_doc(self, doc: dict[str, Any], heroes: str | None, seed: int | None,
                     options: dict[str, Any], solo: bool = False) -> dict[str, Any]:
        listed = {o.field for o in self.options if o.many}
        options = {k: list(split_list(v)) if k in listed else v for k, v in options.items()}
        return super().position_doc(doc, heroes, seed, options, solo)

    # ----- seats and what they see ---------------------------------------------------------
    def seat_name(self, state: GameState, seat: int) -> str:
        return state.oname(seat)  # type: ignore[attr-defined]

    def view(self, state: GameState, seat: int) -> dict[str, Any]:
        from multiverse.sentinels.oblivaeon.view import view

        v = view(state, seat)  # type: ignore[arg-type]
        v["goal"] = self.goal(state)
        return v

    def render_board(self, state: GameState, seat: int) -> Any:
        from multiverse.sentinels.oblivaeon.render import render_board

        # the counters that can end the game, in the words of the mode's view
        return render_board(state, seat, self.view(state, seat).get("threats"))  # type: ignore[arg-type]

    def goal(self, state: GameState) -> str:
        """SOTM-18 in OblivAeon: defeat his last form; lose when every hero is out."""
        t = state.T  # type: ignore[attr-defined]
        vc = t.villain_character
        return (f"Defeat OblivAeon in all {t.n_faces[vc]} of his forms, across both battle "
                "zones, before every hero is incapacitated (or a card ends the game).")

    def status_line(self, state: GameState, seat: int) -> str:
        from multiverse.sentinels.oblivaeon.render import status_line

        return status_line(state, seat)  # type: ignore[arg-type]

    def label(self, config: dict[str, Any]) -> str:
        return self.name

    def summary(self, state: GameState) -> dict[str, Any]:
        """The environments in play (zone 1, zone 2) and the Shield."""
        t = state.T  # type: ignore[attr-defined]
        in_play = [t.env_ids[o - t.envs[0]] for z in (0, 1) for o in t.envs
                   if state.azone[o] == z]  # type: ignore[attr-defined]
        return {"environments": in_play, "shield": self.shield_name(state)}

    def shield_name(self, state: GameState) -> str | None:
        t = state.T  # type: ignore[attr-defined]
        if t.config.shield is not None:
            return t.config.shield
        from multiverse.sentinels.state import Z_BOX

        shown = [n for n, c in t.shield_cards.items() if state.zone[c] != Z_BOX]  # type: ignore[attr-defined]
        return shown[0] if len(shown) == 1 else None

    # ----- agents and search ------------------------------------------------------------------
    def value(self, state: GameState) -> float:
        """OblivAeon's own model (`sentinels/oblivaeon/value.py`): the base game's reads one
        villain and one environment."""
        return self.valuer()(state)

    def valuer(self) -> Callable[[GameState], float]:
        return game_function("multiverse.sentinels.oblivaeon.value", "value")

    def determinize(self, state: GameState, seat: int, rng: Any) -> GameState:
        return game_function("multiverse.sentinels.oblivaeon.determinize", "determinize")(
            state, seat, rng)

    def sampler(self, state: GameState, seat: int) -> Callable[[Any], GameState]:
        return game_function("multiverse.sentinels.oblivaeon.determinize", "ObSampler")(
            state, seat).determinize

    def check_invariants(self, state: GameState) -> None:
        from multiverse.sentinels.oblivaeon.invariants import check_invariants

        check_invariants(state)  # type: ignore[arg-type]

    # ----- RL ------------------------------------------------------------------------------
    def encoder(self, tables: Any, n_seats: int, max_options: int) -> Any:
        from multiverse.sentinels.oblivaeon.encoder import OblivaeonEncoder

        return OblivaeonEncoder(tables, n_seats, max_options)

    def potential(self, view: dict[str, Any]) -> float:
        from multiverse.sentinels.oblivaeon.encoder import oblivaeon_potential

        return oblivaeon_potential(view)

    def max_game_length(self, config: Any) -> int:
        """OblivAeon ends past `max_rounds` rounds; a round is OblivAeon's turn, each hero's
        turn and two environment and villain turns, each allowed 60 decisions."""
        return config.max_rounds * (len(config.heroes) + 5) * 60


register(OblivaeonMode())
