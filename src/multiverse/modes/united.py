"""Marvel United's two modes: `dofp` (Days of Future Past) and `standard` (a Villain, its
Missions, and optionally a Sentinel Challenge). Registered at import."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from multiverse.engine.errors import ConfigError, ContentError
from multiverse.engine.state import GameState
from multiverse.modes import register
from multiverse.modes.base import Mode, ModeOption, doc_content, game_function
from multiverse.united.config import UnitedConfig
from multiverse.united.state import UnitedState

HEROES = ("logan", "kitty-pryde", "storm", "bishop", "blink")

TIE_BREAK = ModeOption("--tie-break", "tie_break", "MU-1: a Sentinel exactly opposite its "
                       "target: the players choose the way, or clockwise", ("choose", "clockwise"))
DIFFICULTY = ModeOption("--difficulty", "difficulty", "difficulty Challenge: moderate removes "
                        "each hero deck's single-Wild card, hard its double-Wild card, heroic both",
                        ("normal", "moderate", "hard", "heroic"))


class UnitedMode(Mode):
    """What both Marvel United modes share: heroes on the ring, solo play, the view."""

    family = "united"
    config_model = UnitedConfig
    state_class = UnitedState
    default_heroes = HEROES
    hero_counts = (2, 4)
    turn_kind = "play_card"
    max_options = 32
    summary_fields: ClassVar[tuple[str, ...]] = ("solo", "villain", "challenge", "difficulty")

    def check_content(self, config: Any) -> None:
        from multiverse.united.dofp.game import tables

        try:
            tables(config)
        except ContentError as exc:
            raise ConfigError(f"{self.name}: {exc}") from None

    def hero_ids(self, content: str | None = None) -> list[str]:
        from multiverse.content.loader import load_content

        try:
            return [h.id for h in load_content(content).heroes]
        except ContentError as exc:
            raise ConfigError(f"{self.name}: {exc}") from None

    def parse_heroes(self, text: str | None, solo: bool = False,
                     content: str | None = None) -> tuple[str, ...]:
        if not solo:
            return super().parse_heroes(text, content=content)
        heroes = super().parse_heroes(text if text is not None else "3", content=content)
        if len(heroes) != 3:
            raise ConfigError(f"--solo plays three heroes (DFP-SOLO); got {len(heroes)}")
        return heroes

    def solo_fields(self, solo: bool) -> dict[str, Any]:
        return {"solo": solo}

    def position_doc(self, doc: dict[str, Any], heroes: str | None, seed: int | None,
                     options: dict[str, Any], solo: bool = False) -> dict[str, Any]:
        doc = super().position_doc(doc, None, seed, options)
        if solo:
            doc["solo"] = True
        if heroes is not None:
            if "heroes" in doc:
                raise ConfigError("the position names its heroes; drop --heroes")
            doc["heroes"] = list(self.parse_heroes(heroes, doc.get("solo") is True,
                                                   doc_content(doc)))
        return doc

    def load_position(self, doc: dict[str, Any]) -> GameState:
        from multiverse.united.position import load_position

        return load_position(doc)

    def new_game(self, config: Any, seed: int, log: bool = False) -> GameState:
        from multiverse.united.dofp.game import new_game

        return new_game(config, seed=seed, log=log)

    def to_json(self, state: GameState) -> str:
        from multiverse.united.dofp.game import to_json

        return to_json(state)  # type: ignore[arg-type]

    def from_json(self, text: str | dict[str, Any]) -> GameState:
        from multiverse.united.dofp.game import from_json

        return from_json(text)

    def n_seats(self, config: Any) -> int:
        return 1 if config.solo else len(config.heroes)

    def seat_name(self, state: GameState, seat: int) -> str:
        t = state.T  # type: ignore[attr-defined]
        return "the player" if t.config.solo else t.hero_names[seat]

    def view(self, state: GameState, seat: int) -> dict[str, Any]:
        from multiverse.united.view import view

        v = view(state, seat)  # type: ignore[arg-type]
        d = state.decision()
        v["decision"] = (None if d is None else d.to_dict() if d.seat == seat
                         else {"seat": d.seat, "kind": d.kind})
        v["goal"] = self.goal(state)
        return v

    def render_board(self, state: GameState, seat: int) -> Any:
        from multiverse.united.render import render_board

        # the counters that can end the game, in the words of the mode's view
        return render_board(state, seat, self.view(state, seat).get("threats"))  # type: ignore[arg-type]

    def goal(self, state: GameState) -> str:
        """MU-23, DFP-N1: what wins and what loses, read from the game's tables."""
        t = state.T  # type: ignore[attr-defined]
        if t.mode == "standard":
            return (f"Complete Missions until {t.villain_name} can be damaged, then bring "
                    f"its Health to 0, before the Master Plan deck runs out, "
                    f"{t.track_name} reaches {t.track_max}, or a hero starts a turn with "
                    "no cards.")
        return (f"Defeat the three Sentinels, then Nimrod, before the {t.track_name} "
                f"reaches {t.track_max}, every hero is eliminated by Nimrod, or a hero "
                "starts a turn with no cards.")

    def status_line(self, state: GameState, seat: int) -> str:
        """Round · track · the enemies' Health · the deciding seat's hand size."""
        v = self.view(state, seat)
        parts = [f"Round {v['round']}", f"track {v['track']}/{v['track_max']}"]
        standing = [f"{sn['name']} {sn['health']}♥" for sn in v["sentinels"] if not sn["defeated"]]
        if v.get("nimrod"):
            standing.append(f"Nimrod {v['nimrod'].get('health', '?')}♥")
        if v.get("villain"):
            standing.append(f"{v['villain']['name']} {v['villain']['health']}♥")
        if v.get("missions") is not None:
            parts.append(f"Missions {v['missions_completed']}/3")
        parts += standing
        for hero in v["heroes"]:
            if hero["hand"] is not None:
                n = len(hero["hand"])
                parts.append(f"{hero['name']}: {n} card{'' if n == 1 else 's'} in hand")
        return " · ".join(parts)

    def card_texts(self, state: GameState) -> dict[str, str]:
        from multiverse.united.cardtext import card_texts
        from multiverse.united.components_text import component_texts

        t = state.T  # type: ignore[attr-defined]
        return {**component_texts(t), **card_texts(t)}

    def label(self, config: dict[str, Any]) -> str:
        return self.name + (" solo" if config.get("solo") else "")

    def summary(self, state: GameState) -> dict[str, Any]:
        config = state.T.config  # type: ignore[attr-defined]
        return {"solo": config.solo, "villain": self.villain_id(state),
                "challenge": config.challenge, "difficulty": config.difficulty}

    def villain_id(self, state: GameState) -> str | None:
        return None

    def heuristic(self, seed: int) -> Any:
        from multiverse.united.heuristic import UnitedHeuristic

        return UnitedHeuristic(seed)

    def option_scores(self, decision: Any, state: Any) -> dict[str, float]:
        return game_function("multiverse.united.heuristic", "evaluate_options")(decision, state)

    def fast_scores(self, decision: Any, state: Any) -> list[float] | None:
        return self.fast_scorer()(decision, state)

    def fast_scorer(self) -> Callable[[Any, Any], list[float] | None]:
        return game_function("multiverse.united.fast_scores", "united_fast_scores")

    def value(self, state: GameState) -> float:
        return self.valuer()(state)

    def valuer(self) -> Callable[[GameState], float]:
        return game_function("multiverse.united.value", "value")

    def determinize(self, state: GameState, seat: int, rng: Any) -> GameState:
        return game_function("multiverse.united.determinize", "determinize")(state, seat, rng)

    def sampler(self, state: GameState, seat: int) -> Callable[[Any], GameState]:
        return game_function("multiverse.united.determinize", "Sampler")(state, seat).determinize

    def check_invariants(self, state: GameState) -> None:
        from multiverse.united.invariants import check_invariants

        check_invariants(state)  # type: ignore[arg-type]

    def encoder(self, tables: Any, n_seats: int, max_options: int) -> Any:
        from multiverse.united.encoder import UnitedEncoder

        return UnitedEncoder(tables, n_seats, max_options)

    def potential(self, view: dict[str, Any]) -> float:
        from multiverse.united.encoder import united_potential

        return united_potential(view)

    def max_game_length(self, config: Any) -> int:
        """Marvel United ends (as a loss) past `max_turns` hero turns; random games take at
        most 14 decisions per hero turn, the bound allows 100."""
        return (config.max_turns + 1) * 100


class DofpMode(UnitedMode):
    name = "dofp"
    # the measured curve's point (docs/agents.md, "Days of Future Past, measured"): as often as
    # ISMCTS at 1,000 iterations, within its interval, for under a tenth of its CPU (150
    # iterations that stop once the choice is made, rollouts scored two hero turns ahead)
    strong_search: ClassVar[dict[str, Any]] = {"iterations": 150, "turns": 2, "stop_early": True}
    description = ("Days of Future Past: the heroes fight three Sentinels driven by the "
                   "Sentinel Activation Protocol, then Nimrod (2-4 heroes, or --solo)")
    options = (TIE_BREAK, DIFFICULTY)
    refusals: ClassVar[dict[str, str]] = {
        "challenge": "a Sentinel Challenge is added to a standard game (DFP-C1), not to Days "
                     "of Future Past: `multiverse play standard --challenge …`",
        "villain": "only for the standard game (`multiverse play standard --villain …`); "
                   "Days of Future Past fights the Sentinels, then Nimrod",
    }

    def parse_heroes(self, text: str | None, solo: bool = False,
                     content: str | None = None) -> tuple[str, ...]:
        try:
            return super().parse_heroes(text, solo, content)
        except ConfigError as exc:
            if solo or "game takes" not in str(exc):  # (the hint is for a count of heroes)
                raise
            raise ConfigError(f"{exc} (or --solo: one player, three heroes)") from None

    def option_summary(self) -> str:
        return super().option_summary() + ", --solo"


class StandardMode(UnitedMode):
    name = "standard"
    description = ("A standard Marvel United game: Missions against a Villain, optionally "
                   "hunted by a Sentinel Challenge (2-4 heroes)")
    options = (
        ModeOption("--villain", "villain", "the Villain's id (default: the content's first)"),
        ModeOption("--challenge", "challenge", "DFP-C1: a Sentinel hunts the heroes after every "
                   "hero turn", ("sentinel-i", "sentinel-ii", "sentinel-iii")),
        DIFFICULTY,
        ModeOption("--under-pressure-after", "under_pressure_after",
                   "MU-15: Missions completed before the Villain is Under Pressure (0-3)"),
        ModeOption("--vulnerable-after", "vulnerable_after",
                   "MU-15: Missions completed before the Villain can be damaged (0-3)"),
        TIE_BREAK,
    )

    def default_options(self, content: str | None = None) -> dict[str, Any]:
        from multiverse.content.loader import load_content

        try:
            villains = load_content(content).villains
        except ContentError as exc:
            raise ConfigError(f"{self.name}: {exc}") from None
        return {"villain": villains[0].id} if villains else {}

    def solo_fields(self, solo: bool) -> dict[str, Any]:
        if solo:
            raise ConfigError("--solo: only for Days of Future Past (dofp)")
        return {}

    def villain_id(self, state: GameState) -> str | None:
        t = state.T  # type: ignore[attr-defined]
        return t.config.villain or t.content.villains[0].id


register(DofpMode())
register(StandardMode())
