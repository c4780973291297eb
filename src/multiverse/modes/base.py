"""What a mode gives every face (DESIGN 9): the `Mode` interface.

A mode is one playable game (`dofp`, `standard`, `sentinels`, …). It is registered once
(`multiverse.modes.register`) and every face — the terminal game, the store and replay, the
lab, the benchmark, the agents and the RL adapters — reaches it by name through the
registry, never by importing a game package itself. A new mode subclasses `Mode`, fills in
its class attributes and methods, and registers an instance: see `docs/architecture.md`.
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from pydantic import BaseModel, ValidationError

from multiverse.engine.errors import ConfigError
from multiverse.engine.state import GameState
from multiverse.engine.words import article
from multiverse.plain import is_number, shorten, small_number


@dataclass(frozen=True, slots=True)
class ModeOption:
    """A game option the command line offers for a mode: `--flag` sets config `field`."""

    flag: str
    field: str
    help: str
    choices: tuple[str, ...] = ()
    many: bool = False  # a list given as `a,b,c` (a tuple field of the configuration)


@functools.cache
def game_function(module: str, name: str) -> Callable[..., Any]:
    """`module.name`, imported at its first use and kept. The registry imports no game
    package until a face asks; a search calls a mode's value, determinization and rollout
    scores every iteration, where an `import` statement cost 3 % of a Sentinels iteration."""
    return getattr(importlib.import_module(module), name)


def split_list(value: Any) -> Any:
    """`a, b,c` → `("a", "b", "c")`; any other value unchanged."""
    if isinstance(value, str):
        return tuple(x.strip() for x in value.split(",") if x.strip())
    return value


def pydantic_problems(exc: ValidationError) -> str:
    """A pydantic error as one line: `field: message; field: message`."""
    parts = []
    for e in exc.errors():
        where = ".".join(str(x) for x in e["loc"]) or "config"
        msg = e["msg"].removeprefix("Value error, ")
        parts.append(f"{where}: {msg}")
    return "; ".join(parts)


def doc_content(doc: dict[str, Any]) -> str | None:
    """The content pack a position document's configuration names, if any."""
    config = doc.get("config")
    content = config.get("content") if isinstance(config, dict) else None
    return content if isinstance(content, str) else None


class Mode:
    """One registered game mode. Subclasses set the class attributes and implement the
    methods marked "each mode"; the others have working defaults."""

    name: ClassVar[str]
    family: ClassVar[str]  # the game it belongs to: "united", "sentinels"
    description: ClassVar[str]
    config_model: ClassVar[type[BaseModel]]
    state_class: ClassVar[type[GameState]]
    default_heroes: ClassVar[tuple[str, ...]]
    hero_counts: ClassVar[tuple[int, int]]  # fewest and most heroes
    options: ClassVar[tuple[ModeOption, ...]] = ()
    turn_kind: ClassVar[str]  # the decision kind that opens a hero's turn
    max_options: ClassVar[int] = 32  # RL action space: the most options one decision offers
    summary_fields: ClassVar[tuple[str, ...]] = ()  # the fields `summary` returns
    refusals: ClassVar[dict[str, str]] = {}  # why an option of other modes is not this one's
    # the lab's strong agent (`agents.strong`): the ISMCTS settings this mode's curve chose
    # (docs/agents.md, "Strength for CPU"); any ISMCTSAgent keyword
    strong_search: ClassVar[dict[str, Any]] = {"iterations": 200}

    # ----- configuration -----------------------------------------------------------
    def config(self, fields: dict[str, Any]) -> Any:
        """The configuration from its fields; a bad one raises `ConfigError` in one line."""
        fields = {**fields, "mode": self.name}
        try:
            config = self.config_model(**fields)
        except ValidationError as exc:
            raise ConfigError(f"{self.name}: {pydantic_problems(exc)}") from None
        self.check_content(config)
        return config

    def config_from_json(self, text: str | dict[str, Any]) -> Any:
        try:
            if isinstance(text, str):
                return self.config_model.model_validate_json(text)
            return self.config_model.model_validate(text)
        except ValidationError as exc:
            raise ConfigError(f"{self.name}: {pydantic_problems(exc)}") from None

    def check_content(self, config: Any) -> None:
        """Each mode: raise `ConfigError` when the configuration names what its content
        lacks (an unknown hero, villain, …), naming the known ones."""

    def hero_ids(self, content: str | None = None) -> list[str]:
        """Each mode: the hero ids of a content pack (the default pack when None)."""
        raise NotImplementedError

    def first_heroes(self, n: int, content: str | None = None) -> tuple[str, ...]:
        """The first `n` heroes of the pack in use: the default heroes without `content`,
        else the pack's heroes in the order its files list them."""
        if content is None:
            return self.default_heroes[:n]
        ids = self.hero_ids(content)
        if len(ids) < n:
            raise ConfigError(f"--heroes {n}: the pack {content} has only {len(ids)} "
                              f"hero(es): {', '.join(ids)}")
        return tuple(ids[:n])

    def parse_heroes(self, text: str | None, solo: bool = False,
                     content: str | None = None) -> tuple[str, ...]:
        """`3` → the first three heroes of the pack in use; `a,b,c` → those heroes in that order."""
        low, high = self.hero_counts
        if text is None or is_number(text.strip()):
            n = 3 if text is None else small_number(text.strip())
            if n is None or not low <= n <= high:
                given = shorten(text.strip()) if n is None else n
                raise ConfigError(f"--heroes {given}: {article(self.name)} game takes {low} to {high} heroes")
            return self.first_heroes(n, content)
        names = tuple(x.strip() for x in text.split(",") if x.strip())
        if not low <= len(names) <= high:
            raise ConfigError(f"{article(self.name)} game takes {low} to {high} heroes; got {len(names)}: "
                              f"{', '.join(names)}")
        if len(set(names)) != len(names):
            raise ConfigError(f"a hero appears twice in --heroes {text}")
        return names

    def make_config(self, heroes: str | None = None, options: dict[str, Any] | None = None,
                    solo: bool = False, sets: dict[str, Any] | None = None) -> Any:
        """The configuration of a new game from the command line's words: `--heroes`, the
        mode's options (`ModeOption.field` names) and `sets`, any configuration field
        (`--set NAME=VALUE`). An option of another mode is refused, naming this mode's."""
        options, sets = dict(options or {}), dict(sets or {})
        known = {o.field for o in self.options}
        wrong = sorted(k for k in options if k not in known)
        for k in wrong:
            if k in self.refusals:
                raise ConfigError(f"--{k.replace('_', '-')}: {self.refusals[k]}")
        if wrong:
            flags = ", ".join("--" + k.replace("_", "-") for k in wrong)
            raise ConfigError(f"{flags}: not an option of {self.name}; {self.name} takes "
                              f"{self.option_summary()}")
        fields = set(self.config_model.model_fields) - {"mode", "heroes"}
        wrong = sorted(k for k in sets if k not in fields)
        if wrong:
            raise ConfigError(f"--set {', '.join(wrong)}: not a configuration field of "
                              f"{self.name}; fields: {', '.join(sorted(fields))}")
        if heroes is not None and not is_number(heroes.strip()):
            known = self.hero_ids(sets.get("content"))
            unknown = [x.strip() for x in heroes.split(",") if x.strip() and x.strip() not in known]
            if unknown:
                raise ConfigError(f"--heroes: unknown hero {', '.join(map(repr, unknown))}; "
                                  f"{self.name} heroes: {', '.join(known)}")
        for o in self.options:  # `--environments a,b,c` (or `--set environments=a,b,c`)
            if o.many:
                for given in (options, sets):
                    if o.field in given:
                        given[o.field] = split_list(given[o.field])
        return self.config({**self.default_options(sets.get("content")), **sets, **options,
                            **self.solo_fields(solo),
                            "heroes": self.parse_heroes(heroes, solo, sets.get("content"))})

    def solo_fields(self, solo: bool) -> dict[str, Any]:
        """The configuration fields `--solo` sets; refused by modes without solo play."""
        if solo:
            raise ConfigError(f"--solo: not an option of {self.name}")
        return {}

    def default_options(self, content: str | None = None) -> dict[str, Any]:
        """Options filled in when the command line leaves them out (e.g. the content's
        first villain)."""
        return {}

    def option_summary(self) -> str:
        flags = ["--heroes", *(o.flag for o in self.options)]
        return ", ".join(flags)

    # ----- games ---------------------------------------------------------------------
    def new_game(self, config: Any, seed: int, log: bool = False) -> GameState:
        """Each mode: a new game at its first decision."""
        raise NotImplementedError

    def to_json(self, state: GameState) -> str:
        raise NotImplementedError

    def from_json(self, text: str | dict[str, Any]) -> GameState:
        """Each mode: a state saved by `to_json` (`SaveError` when malformed)."""
        raise NotImplementedError

    # ----- positions ------------------------------------------------------------------
    def claims_position(self, doc: dict[str, Any]) -> bool:
        """Whether a position document without `config.mode` is one of this mode's."""
        return False

    def load_position(self, doc: dict[str, Any]) -> GameState:
        """Each mode: the state a position document describes (`PositionError` naming the
        field when it is malformed)."""
        raise NotImplementedError

    def position_doc(self, doc: dict[str, Any], heroes: str | None, seed: int | None,
                     options: dict[str, Any], solo: bool = False) -> dict[str, Any]:
        """A position document with the command line's words merged in (a word that
        contradicts the document is a `ConfigError`)."""
        if heroes is not None and "heroes" in doc:
            raise ConfigError("the position names its heroes; drop --heroes")
        if solo:
            raise ConfigError(f"--solo: not an option of {self.name}")
        doc = dict(doc)
        if heroes is not None:
            doc["heroes"] = list(self.parse_heroes(heroes, content=doc_content(doc)))
        if seed is not None:
            doc["seed"] = seed
        config_doc = doc.get("config") or {}
        if not isinstance(config_doc, dict):
            raise ConfigError("position: config: expected a mapping of options")
        doc["config"] = {**config_doc, "mode": self.name, **options}
        return doc

    def stored_config(self, state: GameState) -> Any:
        """The configuration stored with a game started from a position."""
        return state.T.config  # type: ignore[attr-defined]

    # ----- seats and players -------------------------------------------------------------
    def n_seats(self, config: Any) -> int:
        """Seats that decide: one per hero unless the mode says otherwise."""
        return len(config.heroes)

    def seat_name(self, state: GameState, seat: int) -> str:
        """Each mode: who plays a seat, as players call them."""
        raise NotImplementedError

    # ----- what a seat sees -------------------------------------------------------------
    def view(self, state: GameState, seat: int) -> dict[str, Any]:
        """Each mode: everything `seat` may see, JSON-ready, with the pending decision as
        that seat may see it (seat and kind for all; prompt and options for the decider)."""
        raise NotImplementedError

    def render_board(self, state: GameState, seat: int) -> Any:
        """Each mode: the terminal board as `seat` sees it (a rich renderable)."""
        raise NotImplementedError

    def goal(self, state: GameState) -> str:
        """Each mode: the heroes' goal in one sentence, what wins and what loses (the first
        line of `help` and of the page's goal panel)."""
        return self.description

    def status_line(self, state: GameState, seat: int) -> str:
        """One line on the game's state for the terminal between full boards (read from
        `view`, so it shows only what `seat` may see); the round by default."""
        return f"Round {self.view(state, seat).get('round', '?')}"

    def card_texts(self, state: GameState) -> dict[str, str]:
        """Name → full text of every card of the game (the terminal's `card NAME`); none by
        default."""
        return {}

    def label(self, config: dict[str, Any]) -> str:
        """How a stored game's mode is shown in `games list`."""
        return self.name

    def summary(self, state: GameState) -> dict[str, Any]:
        """Each mode: its own fields of the `--json` summary."""
        return {}

    # ----- search and agents ---------------------------------------------------------------
    def heuristic(self, seed: int) -> Any:
        """Each mode: its rules-of-thumb agent (`choose(decision, state)`)."""
        raise NotImplementedError

    def option_scores(self, decision: Any, state: Any) -> dict[str, float]:
        """The heuristic's score of each option (priors of the search); uniform by default."""
        return {o.id: 0.0 for o in decision.options}

    def fast_scores(self, decision: Any, state: Any) -> list[float] | None:
        """Cheap scores of the options, in order, for rollouts (None: choose at random)."""
        return None

    def fast_scorer(self) -> Callable[[Any, Any], list[float] | None]:
        """`fast_scores` as one function of (decision, state), read once per search: a mode
        whose scores are a game function returns that function, so a rollout step calls it
        with no method of the registry in between. By default the method itself."""
        return self.fast_scores

    def value(self, state: GameState) -> float:
        """Each mode: the heroes' estimated chance to win from a position, in [0, 1]
        (1 or 0 once the game is over); reads only what every seat sees."""
        raise NotImplementedError

    def valuer(self) -> Callable[[GameState], float]:
        """`value` as one function of the state, read once per search (as `fast_scorer`): a
        mode whose value is a game function returns that function, so scoring a rollout
        calls no method of the registry. By default the method itself."""
        return self.value

    def determinize(self, state: GameState, seat: int, rng: Any) -> GameState:
        """Each mode: a copy of `state` with everything hidden from `seat` resampled from
        `rng` (the game's own generator re-seeded from it too)."""
        raise NotImplementedError

    def sampler(self, state: GameState, seat: int) -> Callable[[Any], GameState]:
        """`rng -> determinize(state, seat, rng)`, for a search drawing many samples of one
        position; a mode may read what is hidden where once and deal it again per draw."""
        return functools.partial(self.determinize, state, seat)

    def check_invariants(self, state: GameState) -> None:
        """Each mode: assert every fact that holds at each decision (AssertionError)."""

    # ----- RL adapters -------------------------------------------------------------------
    def encoder(self, tables: Any, n_seats: int, max_options: int) -> Any:
        """Each mode: the RL adapters' observation encoder (`interop.encoding.Encoder`)."""
        raise NotImplementedError

    def potential(self, view: dict[str, Any]) -> float:
        """A progress score in about [-1, 1] from the public part of a view (reward
        shaping); 0 by default."""
        return 0.0

    # ----- limits ---------------------------------------------------------------------
    def max_game_length(self, config: Any) -> int:
        """A loose upper bound on decisions in one game."""
        raise NotImplementedError

    def decision_kinds(self) -> tuple[str, ...]:
        """Every decision kind the mode can pend, sorted."""
        return tuple(sorted(self.state_class.CHOICES))

    def numeric_fields(self) -> list[str]:
        """The configuration fields a lab sweep can vary."""
        out = []
        for name, f in self.config_model.model_fields.items():
            ann = str(f.annotation)
            if "int" in ann and "tuple" not in ann and "Literal" not in ann:
                out.append(name)
        return out

    def describe(self) -> dict[str, Any]:
        """What `multiverse modes --json` prints."""
        return {
            "name": self.name, "family": self.family, "description": self.description,
            "heroes": {"default": list(self.default_heroes), "min": self.hero_counts[0],
                       "max": self.hero_counts[1]},
            "options": [{"flag": o.flag, "field": o.field, "help": o.help,
                         **({"choices": list(o.choices)} if o.choices else {}),
                         **({"many": True} if o.many else {})}
                        for o in self.options],
            "config_fields": sorted(self.config_model.model_fields),
            "sweepable": self.numeric_fields(),
        }
