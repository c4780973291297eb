"""Sentinels of the Multiverse's base game, `sentinels`: 3 to 5 heroes against a villain in
an environment. Registered at import."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from multiverse.engine.errors import ConfigError, ContentError
from multiverse.engine.state import GameState
from multiverse.modes import register
from multiverse.modes.base import Mode, ModeOption, game_function
from multiverse.sentinels.config import SentinelsConfig
from multiverse.sentinels.state import SentinelsState


class SentinelsFamily(Mode):
    """What every mode on the Sentinels engine shares: the pack's heroes and the heuristic
    agent (its option scores read the engine's decisions, whichever mode they come from)."""

    def hero_ids(self, content: str | None = None) -> list[str]:
        from multiverse.sentinels.content import load_sentinels_content

        try:
            return [h.id for h in load_sentinels_content(content).heroes]
        except ContentError as exc:
            raise ConfigError(f"{self.name}: {exc}") from None

    def heuristic(self, seed: int) -> Any:
        from multiverse.engine.rng import SplitMix64
        from multiverse.sentinels.heuristic import SentinelsHeuristic

        return SentinelsHeuristic(SplitMix64(seed).next64())

    def option_scores(self, decision: Any, state: Any) -> dict[str, float]:
        return game_function("multiverse.sentinels.heuristic", "option_scores")(decision, state)

    def fast_scores(self, decision: Any, state: Any) -> list[float] | None:
        """The heuristic's scores (cheap here: cached card values), for rollouts."""
        return self.fast_scorer()(decision, state)

    def fast_scorer(self) -> Callable[[Any, Any], list[float] | None]:
        return game_function("multiverse.sentinels.heuristic", "fast_scores")

    def card_texts(self, state: GameState) -> dict[str, str]:
        """Every card, the villain character card with all its faces, and the counters."""
        from multiverse.sentinels.cardtext import card_texts
        from multiverse.sentinels.character_text import counter_texts, villain_character_text

        t = state.T  # type: ignore[attr-defined]
        out = card_texts(t)
        villain = villain_character_text(t)
        if villain is not None:
            out[t.name[t.villain_character]] = villain
        out.update(counter_texts(t))
        for c, faces in enumerate(t.face_name):  # a face's own title finds its card too
            for face in faces[1:]:
                if face and face not in out and t.name[c] in out:
                    out[face] = out[t.name[c]]
        return out


class SentinelsMode(SentinelsFamily):
    name = "sentinels"
    family = "sentinels"
    description = ("Sentinels of the Multiverse: 3-5 heroes against a villain in an "
                   "environment (original content)")
    config_model = SentinelsConfig
    state_class = SentinelsState
    default_heroes = ("luminary", "the-harpy", "akash-thriya", "la-comodora", "lifeline")
    hero_counts = (3, 5)
    options = (
        ModeOption("--villain", "villain", "the villain's id (default: the content's first)"),
        ModeOption("--environment", "environment",
                   "the environment's id (default: the content's first)"),
    )
    turn_kind = "play_phase"
    max_options = 64
    summary_fields: ClassVar[tuple[str, ...]] = ("villain", "environment")
    # the measured point (docs/agents.md, "The strong points played again"): as often as
    # ISMCTS at 1,000 iterations, within its interval, for about a twentieth of its CPU
    strong_search: ClassVar[dict[str, Any]] = {"iterations": 100, "turns": 2, "stop_early": True}

    def check_content(self, config: Any) -> None:
        from multiverse.sentinels.game import tables

        try:
            tables(config)
        except ContentError as exc:
            raise ConfigError(f"{self.name}: {exc}") from None

    def default_options(self, content: str | None = None) -> dict[str, Any]:
        from multiverse.sentinels.content import load_sentinels_content

        try:
            c = load_sentinels_content(content)
        except ContentError as exc:
            raise ConfigError(f"{self.name}: {exc}") from None
        out = {}
        if c.villains:
            out["villain"] = c.villains[0].id
        if c.environments:
            out["environment"] = c.environments[0].id
        return out

    def new_game(self, config: Any, seed: int, log: bool = False) -> GameState:
        from multiverse.sentinels.game import new_game

        return new_game(config, seed=seed, log=log)

    def to_json(self, state: GameState) -> str:
        from multiverse.sentinels.game import to_json

        return to_json(state)  # type: ignore[arg-type]

    def from_json(self, text: str | dict[str, Any]) -> GameState:
        from multiverse.sentinels.game import from_json

        return from_json(text)

    def claims_position(self, doc: dict[str, Any]) -> bool:
        """Only Sentinels positions state an `environment`."""
        return "environment" in doc

    def load_position(self, doc: dict[str, Any]) -> GameState:
        from multiverse.sentinels.position import load_sentinels_position

        return load_sentinels_position(doc)

    def position_doc(self, doc: dict[str, Any], heroes: str | None, seed: int | None,
                     options: dict[str, Any], solo: bool = False) -> dict[str, Any]:
        for key in ("villain", "environment"):
            spec = doc.get(key)
            named = spec if isinstance(spec, str) else spec.get("id") if isinstance(spec, dict) else None
            if key in options and named is not None and named != options[key]:
                raise ConfigError(f"the position names its {key} ({named}); drop --{key}")
        return super().position_doc(doc, heroes, seed, options, solo)

    def stored_config(self, state: GameState) -> Any:
        """Stored with the villain and environment it plays."""
        return state.T.config.model_copy(update={  # type: ignore[attr-defined]
            "villain": self.villain_id(state), "environment": self.environment_id(state)})

    def seat_name(self, state: GameState, seat: int) -> str:
        return state.T.owner_names[seat]  # type: ignore[attr-defined]

    def view(self, state: GameState, seat: int) -> dict[str, Any]:
        from multiverse.sentinels.view import view

        v = view(state, seat)  # type: ignore[arg-type]
        v["goal"] = self.goal(state)
        return v

    def render_board(self, state: GameState, seat: int) -> Any:
        from multiverse.sentinels.render import render_board

        # the counters that can end the game, in the words of the mode's view
        return render_board(state, seat, self.view(state, seat).get("threats"))  # type: ignore[arg-type]

    def goal(self, state: GameState) -> str:
        """SOTM-18: what wins and what loses."""
        t = state.T  # type: ignore[attr-defined]
        return (f"Defeat {t.owner_names[t.villain]} before every hero is incapacitated "
                "(or a villain or environment card ends the game).")

    def status_line(self, state: GameState, seat: int) -> str:
        """Round · whose turn and phase · the villain's HP · each hero's HP."""
        v = self.view(state, seat)
        vil = v["villain"]
        names = {h["id"]: h["name"] for h in v["heroes"]}
        names.update(villain=vil["name"], environment=v["environment"]["name"])
        whose = names.get(v["turn"], v["turn"])
        heroes = ", ".join(f"{h['name']} {'incapacitated' if h['incapacitated'] else h['hp']}"
                           for h in v["heroes"])
        return (f"Round {v['round']} · {whose}'s turn ({v['phase']}) · "
                f"{vil['name']} {vil['hp']}/{vil['max_hp']} HP · {heroes}")

    def summary(self, state: GameState) -> dict[str, Any]:
        return {"villain": self.villain_id(state), "environment": self.environment_id(state)}

    def villain_id(self, state: GameState) -> str:
        t = state.T  # type: ignore[attr-defined]
        return t.config.villain or t.content.villains[0].id

    def environment_id(self, state: GameState) -> str:
        t = state.T  # type: ignore[attr-defined]
        return t.config.environment or t.content.environments[0].id

    def value(self, state: GameState) -> float:
        return self.valuer()(state)

    def valuer(self) -> Callable[[GameState], float]:
        return game_function("multiverse.sentinels.value", "value")

    def determinize(self, state: GameState, seat: int, rng: Any) -> GameState:
        return game_function("multiverse.sentinels.determinize", "determinize")(state, seat, rng)

    def sampler(self, state: GameState, seat: int) -> Callable[[Any], GameState]:
        return game_function("multiverse.sentinels.determinize", "Sampler")(state, seat).determinize

    def check_invariants(self, state: GameState) -> None:
        from multiverse.sentinels.invariants import check_invariants

        check_invariants(state)  # type: ignore[arg-type]

    def encoder(self, tables: Any, n_seats: int, max_options: int) -> Any:
        from multiverse.sentinels.encoder import SentinelsEncoder

        return SentinelsEncoder(tables, n_seats, max_options)

    def potential(self, view: dict[str, Any]) -> float:
        from multiverse.sentinels.encoder import sentinels_potential

        return sentinels_potential(view)

    def max_game_length(self, config: Any) -> int:
        """Sentinels ends past `max_rounds` rounds; random games take at most ~15 decisions
        per owner turn, the bound allows 60."""
        return config.max_rounds * (len(config.heroes) + 2) * 60


register(SentinelsMode())
