"""OpenSpiel games: `python_multiverse_dofp`, `python_multiverse_standard`,
`python_multiverse_sentinels` (registered with pyspiel when this module is imported).

    >>> import pyspiel
    >>> import multiverse.interop.openspiel_game  # registers the games
    >>> game = pyspiel.load_game("python_multiverse_dofp", {"seed": 7})
    >>> state = game.new_initial_state()
    >>> state.current_player(), state.legal_actions()[:2]
    (0, [0, 1])

Game type
- sequential, cooperative (`Utility.IDENTICAL`: every player gets +1 on a win, -1 on a loss),
  terminal rewards, imperfect information;
- **sampled stochastic** (`ChanceMode.SAMPLED_STOCHASTIC`): the shuffles and draws live
  inside the engine state — a SplitMix64 generator seeded from the game's seed — so there
  are no explicit chance nodes and no `chance_outcomes()`: every chance event is sampled
  inside `apply_action`. Hidden information is the part of that outcome a seat may not see
  (other seats' hands, deck orders); an agent must not recompute the deal from the
  parameters (that would be peeking).
- **Seeds.** `seed=-1` (the default): every `new_initial_state()` deals a fresh game (its
  seed drawn from the operating system), so `rl_environment` and shimmy, which keep one game
  object, see a new deal every episode. `seed=S` (0 … 2**31-1, OpenSpiel's integer
  parameters are 32-bit): every initial state is the game of seed S. Any engine seed — the
  lab's are 63-bit — is `seed_hex=0x…` (`game_string(mode, seed=…)` writes whichever fits),
  the same game as `multiverse play --seed S` and game S of a lab run.
- **Clones do not carry the future.** `state.clone()` — what `MCTSBot` and other searches
  copy before they simulate — resamples what the player to move cannot see (`clone=resample`,
  the default: the mode's determinizer redraws other seats' hands, deck orders and the
  engine's generator, from a stream of the decision count). Every clone of one state is the
  same such world, so a perfect-information search keeps one consistent tree per move — a
  determinized search over a deal the player could be in, never over the real future draws
  (for many worlds per move, use an information-set search: `resample_from_infostate`).
  `clone=exact` gives exact copies (what OpenSpiel's own consistency checks expect). A
  terminal state is always copied exactly.
- **Every episode ends**: a game still running at `max_game_length` decisions (the
  parameter; 0, the default, is the mode's bound, which no game reaches by its rules) is
  terminal with returns 0 for everyone (a draw).
- `state.resample_from_infostate(player, sampler)` returns a state the player cannot tell
  from this one: the mode's determinizer (`Mode.determinize`) resamples everything hidden
  from that player (other seats' hands, every deck order) and the engine's own generator,
  from 64 bits drawn from `sampler` (a `pyspiel.UniformProbabilitySampler` or any
  callable returning floats in [0, 1)). So OpenSpiel's information-set search,
  `open_spiel.python.algorithms.ismcts.ISMCTSBot`, plays every mode. The bot makes a
  fresh, randomly seeded sampler per sample; for a reproducible search give it one seeded
  sampler: `bot.set_resampler(lambda st, p: st.resample_from_infostate(p, sampler))`.

Players are the seats (one per hero; solo Days of Future Past has one); actions are
indices into the pending decision's options (`num_distinct_actions = max_options`), or with
`action_space=catalogue` the configuration's fixed actions (`multiverse.interop.catalogue`:
`num_distinct_actions` is the catalogue's size, action `a` means `game.catalogue.names[a]`
in every decision, `legal_actions()` is sorted). `observation=compact` leaves the option
rows out of the tensors (the public state and the seat's own hand).
Observation strings are the seat's view as JSON (sorted keys); information-state strings
are a 32-character digest of that same JSON (`blake2b`), so the nodes of an information-set
search (`ISMCTSBot` keys its tree by them) are small; the tensors are the vectors of
`multiverse.interop.encoding`. All describe what the seat sees *now*: they do not add up
the history, so they are not perfect-recall information states.

Parameters: `seed` (int, -1: a fresh deal per episode), `seed_hex` (text `0x…`: any 63-bit
seed; overrides `seed`), `clone` (`resample` or `exact`), `max_game_length` (0: the mode's),
`action_space` (`options` or `catalogue`), `observation` (`options` or `compact`),
`heroes` (hero ids joined by `+`; "" = the mode's default),
`solo` (dofp), `villain` / `challenge` (standard), `villain` / `environment` (sentinels),
`difficulty` (dofp, standard), `max_options` (int), and `config` — further configuration
fields (`UnitedConfig` / `SentinelsConfig`) as `key:value` pairs joined by `;`
(`"max_turns:60;tie_break:clockwise"`), applied last. Left out, each is the mode's default,
the same as `multiverse play` and `lab run` (`games.default_fields`).

Serialization: `state.serialize()` / `game.deserialize_state(text)` use OpenSpiel's
envelope for Python games, whose payload is the engine's `to_json` document, generator
included (a `_Held` object pickles as that JSON, so clones and serialization never
deep-copy engine tables); games and states pickle (a game as its game string, a state as
that plus `serialize()`). OpenSpiel's own `game.serialize()` and
`pyspiel.serialize_game_and_state` ask a sampled stochastic game for a game-level
generator (`Game::GetRNGState`), which pyspiel does not let a Python game provide: use
`save_game_and_state(game, state)` / `load_game_and_state(text)` of this module instead.
`state.to_json()` and `game.state_from_json(text)` give and take the engine JSON directly.
"""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

import numpy as np
import pyspiel

from multiverse import modes as registry
from multiverse.engine.state import GameState
from multiverse.interop import games
from multiverse.interop.catalogue import ACTION_SPACES, Catalogue, check_choice
from multiverse.interop.encoding import OBSERVATIONS, Encoder, make_encoder

GAME_NAMES = {mode: f"python_multiverse_{mode}" for mode in games.MODES}
_LONG = {"dofp": "Marvel United: Days of Future Past (multiverse)",
         "standard": "Marvel United standard game (multiverse)",
         "sentinels": "Sentinels of the Multiverse (multiverse)",
         "oblivaeon": "Sentinels of the Multiverse: OblivAeon (multiverse)"}
_MAX_PLAYERS = {"dofp": 4, "standard": 4, "sentinels": 5}
_MIN_PLAYERS = {"dofp": 1, "standard": 1, "sentinels": 3}
MAX_INT_PARAM = 2**31 - 1  # OpenSpiel's integer parameters are C++ ints
CLONES = ("resample", "exact")


def _parameters(mode: str) -> dict[str, Any]:
    p: dict[str, Any] = {"seed": -1, "seed_hex": "", "clone": "resample", "heroes": "",
                         "max_options": games.DEFAULT_MAX_OPTIONS[mode], "max_game_length": 0,
                         "config": "", "action_space": "options", "observation": "options"}
    if mode == "dofp":
        p.update(solo=False, difficulty="normal")
    elif mode == "standard":
        p.update(villain="", challenge="", difficulty="normal")
    else:
        p.update(villain="", environment="")
    return p


def config_from_params(mode: str, params: dict[str, Any]) -> games.Config:
    """The engine configuration of a game's parameters."""
    fields: dict[str, Any] = {}
    if params.get("heroes"):
        heroes = params["heroes"].replace(",", "+").split("+")
        fields["heroes"] = tuple(h.strip() for h in heroes if h.strip())
    if params.get("solo"):
        fields["solo"] = True
        fields.setdefault("heroes", ("logan", "kitty-pryde", "storm"))
    for key in ("villain", "challenge", "environment"):
        if params.get(key):
            fields[key] = params[key]
    if params.get("difficulty", "normal") != "normal":
        fields["difficulty"] = params["difficulty"]
    if params.get("config"):
        fields.update(parse_config_param(params["config"]))
    return games.make_config(mode, fields)


def seed_of(params: dict[str, Any]) -> int | None:
    """The engine seed the parameters name (`seed_hex` over `seed`), or None for a fresh deal
    per episode (`seed=-1`); a seed outside 0 … 2**63-1 is a `ValueError`."""
    text = str(params.get("seed_hex") or "").strip()
    if text:
        try:
            seed = int(text, 16)
        except ValueError:
            raise ValueError(f"seed_hex {text!r}: expected a hexadecimal number such as 0x1f") from None
    else:
        seed = int(params.get("seed", -1))
        if seed == -1:
            return None
    if not 0 <= seed < 2**63:
        raise ValueError(f"seed {seed}: expected -1 (a fresh deal per episode) or 0 … 2**63-1")
    return seed


def game_string(mode: str, seed: int | None = None, **params: Any) -> str:
    """The OpenSpiel game string of `mode` with any engine seed (`seed_hex` when it does not
    fit OpenSpiel's 32-bit `seed`) and further parameters, for `pyspiel.load_game`."""
    if seed is not None:
        if seed <= MAX_INT_PARAM:
            params["seed"] = seed
        else:
            params["seed_hex"] = hex(seed)
    inner = ",".join(f"{k}={str(v).lower() if isinstance(v, bool) else v}" for k, v in params.items())
    return f"{GAME_NAMES[mode]}({inner})" if inner else GAME_NAMES[mode]


def parse_config_param(text: str) -> dict[str, Any]:
    """`"max_turns:50;tie_break:clockwise"` → `{"max_turns": 50, "tie_break": "clockwise"}`.

    Pairs are `;`-separated `key:value`; a value is read as JSON when it parses (numbers,
    true/false, null) and as a string otherwise. (No commas, `=` or parentheses: the text must
    survive OpenSpiel's game-string format.)"""
    out: dict[str, Any] = {}
    for pair in text.split(";"):
        if not pair.strip():
            continue
        key, sep, value = pair.partition(":")
        if not sep or not key.strip():
            raise ValueError(f"the 'config' parameter holds 'key:value' pairs separated by ';', "
                             f"not {pair!r}")
        try:
            out[key.strip()] = json.loads(value)
        except json.JSONDecodeError:
            out[key.strip()] = value.strip()
    return out


def _game_type(mode: str) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=GAME_NAMES[mode],
        long_name=_LONG.get(mode, f"{mode} (multiverse)"),
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.IDENTICAL,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=_MAX_PLAYERS.get(mode) or registry.get(mode).hero_counts[1],
        min_num_players=_MIN_PLAYERS.get(mode) or registry.get(mode).hero_counts[0],
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=_parameters(mode),
        default_loadable=True,
    )


class _Held:
    """The engine state inside a pyspiel State's `__dict__`: deep copies are engine clones,
    pickles are the engine JSON (OpenSpiel clones by deepcopy and serializes by pickle).

    With `resample` a deep copy of a running game is a determinization from the deciding
    seat (`Mode.determinize`), drawn from a stream of the decision count: every copy of one
    state is the same world, so a search tree built over copies stays consistent; what
    `state.clone()` gives a search (the module docstring)."""

    __slots__ = ("max_length", "resample", "s")

    def __init__(self, s: GameState, resample: bool = False, max_length: int = 0) -> None:
        self.s, self.resample, self.max_length = s, resample, max_length

    def running(self) -> bool:
        return self.s.result is None and not (self.max_length and self.s.decisions >= self.max_length)

    def __deepcopy__(self, memo: dict[int, Any]) -> _Held:
        s = self.s
        d = s.decision() if self.resample and self.running() else None
        if d is None:
            return _Held(s.clone(), self.resample, self.max_length)
        from multiverse.engine.rng import SplitMix64

        rng = SplitMix64((s.decisions << 32) ^ 0x5EED_C10E)
        return _Held(registry.of_state(s).determinize(s, d.seat, rng), self.resample, self.max_length)

    def __reduce__(self) -> tuple[Any, tuple[str, str, bool, int]]:
        return _load_held, (games.mode_of(self.s), games.to_json(self.s), self.resample, self.max_length)


def _load_held(mode: str, text: str, resample: bool = False, max_length: int = 0) -> _Held:
    return _Held(games.from_json(mode, text), resample, max_length)


def _load_game(game_string: str) -> pyspiel.Game:
    return pyspiel.load_game(game_string)


def _load_state(game_string: str, state_text: str) -> pyspiel.State:
    return pyspiel.load_game(game_string).deserialize_state(state_text)


def save_game_and_state(game: pyspiel.Game, state: pyspiel.State) -> str:
    """The game (its game string) and the state (`state.serialize()`) as one JSON text: what
    `pyspiel.serialize_game_and_state` gives other games (see the module docstring)."""
    return json.dumps({"game": str(game), "state": state.serialize()})


def load_game_and_state(text: str) -> tuple[pyspiel.Game, pyspiel.State]:
    """The game and state saved by `save_game_and_state`."""
    doc = json.loads(text)
    game = pyspiel.load_game(doc["game"])
    return game, game.deserialize_state(doc["state"])


class MultiverseGame(pyspiel.Game):
    """One mode of the engine as an OpenSpiel game (the mode is fixed by the subclass)."""

    mode = "dofp"

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        merged = {**_parameters(self.mode), **(params or {})}
        self.engine_config = config_from_params(self.mode, merged)
        self.max_options = int(merged["max_options"])
        self.seed = seed_of(merged)
        if merged["clone"] not in CLONES:
            raise ValueError(f"clone {merged['clone']!r}: expected one of {', '.join(CLONES)}")
        self.resample_clones = merged["clone"] == "resample"
        self._deals = random.Random()  # seeds of fresh deals (seed=-1), from the OS
        n = games.n_seats(self.engine_config)
        check_choice("action_space", merged["action_space"], ACTION_SPACES)
        check_choice("observation", merged["observation"], OBSERVATIONS)
        self.catalogue: Catalogue | None = (Catalogue.for_config(self.engine_config)
                                            if merged["action_space"] == "catalogue" else None)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.catalogue.size if self.catalogue is not None else self.max_options,
            max_chance_outcomes=0,
            num_players=n,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=int(merged["max_game_length"]) or games.max_game_length(self.engine_config),
        )
        super().__init__(_game_type(self.mode), info, params or {})
        self.max_length = info.max_game_length
        self.encoder: Encoder = make_encoder(games.new_state(self.engine_config, self.seed or 0), n,
                                             self.max_options,
                                             compact=merged["observation"] == "compact")

    def next_seed(self) -> int:
        """The seed of the next initial state: the game's, else a fresh one."""
        return self.seed if self.seed is not None else self._deals.getrandbits(63)

    def new_initial_state(self) -> MultiverseState:
        return MultiverseState(self)

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        """Pickled as its game string (pyspiel's own pickling needs `GetRNGState`)."""
        return _load_game, (str(self),)

    def state_from_json(self, text: str | dict[str, Any] | GameState) -> MultiverseState:
        """A pyspiel state holding an engine state (or its JSON). Its OpenSpiel history is
        empty: the engine state carries the position, not the action list."""
        state = MultiverseState(self)
        held = games.as_state(self.mode, text)
        if held.T.config != self.engine_config:  # type: ignore[attr-defined]
            raise ValueError("the state was played with another configuration than this game's")
        state._held = _Held(held, self.resample_clones, self.max_length)
        return state

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> MultiverseObserver:
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        return MultiverseObserver(self.encoder,
                                  digest=bool(getattr(iig_obs_type, "perfect_recall", False)))


class MultiverseState(pyspiel.State):
    """A pyspiel state over one engine state (`engine_state`)."""

    def __init__(self, game: MultiverseGame) -> None:
        super().__init__(game)
        self.game_seed = game.next_seed()
        self._held = _Held(games.new_state(game.engine_config, self.game_seed),
                           game.resample_clones, game.max_length)
        self._max_options = game.max_options
        self._catalogue = game.catalogue

    def __reduce__(self) -> tuple[Any, tuple[str, str]]:
        """Pickled as its game string and `serialize()` (history and engine state)."""
        return _load_state, (str(self.get_game()), self.serialize())

    @property
    def engine_state(self) -> GameState:
        """The engine state (do not mutate it; use `apply_action`)."""
        return self._held.s

    def current_player(self) -> int:
        d = self._held.s.decision() if self._held.running() else None
        return pyspiel.PlayerId.TERMINAL if d is None else d.seat

    def _legal_actions(self, player: int) -> list[int]:
        d = self._held.s.decision() if self._held.running() else None
        if d is None or d.seat != player:
            return []
        if self._catalogue is not None:
            return self._catalogue.legal(d)
        games.check_fits(self._held.s, self._max_options)
        return list(range(len(d.options)))

    def _apply_action(self, action: int) -> None:
        s = self._held.s
        if not self._held.running():
            raise games.IllegalAction(f"action {action}: the game ended at its length limit "
                                      f"({self._held.max_length} decisions)", action, [])
        if self._catalogue is not None:
            s.apply(self._catalogue.option_of(s.decision(), action))
        else:
            s.apply(games.check_action(s, action, self._max_options))

    def _action_to_string(self, player: int, action: int) -> str:
        d = self._held.s.decision()
        cat = self._catalogue
        if cat is not None:
            if d is not None and d.seat == player and action in cat.actions(d):
                return f"{action}:{cat.option_of(d, action)}"
            return f"{action}:{cat.names[action]}" if 0 <= action < cat.size else f"action {action}"
        if d is not None and d.seat == player and 0 <= action < len(d.options):
            return f"{action}:{d.options[action].id}"
        return f"action {action}"

    def is_terminal(self) -> bool:
        """The game is over, or reached `max_game_length` decisions (a draw: returns 0)."""
        return not self._held.running()

    def returns(self) -> list[float]:
        s = self._held.s
        r = 0.0 if s.result is None else 1.0 if s.result == "win" else -1.0
        return [r] * self.num_players()

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> MultiverseState:
        """A state consistent with everything `player_id` sees here (its information state
        string is unchanged), hidden information resampled by the mode's determinizer from
        64 bits drawn from `probability_sampler` (floats in [0, 1))."""
        from multiverse import modes
        from multiverse.engine.rng import SplitMix64

        hi = int(float(probability_sampler()) * 2**32) & 0xFFFFFFFF
        lo = int(float(probability_sampler()) * 2**32) & 0xFFFFFFFF
        s = self._held.s
        det = modes.of_state(s).determinize(s, player_id, SplitMix64(hi << 32 | lo))
        self._held.resample, keep = False, self._held.resample
        try:
            out = self.clone()  # the history and the game; the engine state is replaced
        finally:
            self._held.resample = keep
        out._held = _Held(det, keep, self._held.max_length)
        return out

    def exact_clone(self) -> MultiverseState:
        """A copy of this very state, future draws included (`clone()` with `clone=exact`)."""
        self._held.resample, keep = False, self._held.resample
        try:
            out = self.clone()
        finally:
            self._held.resample = keep
        out._held.resample = keep  # its own clones resample as this game's do
        return out

    def to_json(self) -> str:
        """The engine state as JSON (`multiverse` save format)."""
        return games.to_json(self._held.s)

    def __str__(self) -> str:
        s = self._held.s
        d = s.decision()
        now = (f"result={s.result} ({s.reason})" if d is None
               else f"seat {d.seat} decides {d.kind} ({len(d.options)} options)")
        return f"{games.mode_of(s)} · decisions {s.decisions} · {now} · hash {s.state_hash()}"


class MultiverseObserver:
    """Observer (PyObserver interface): a seat's view as a tensor and as JSON (the
    information-state observer: as a digest of that JSON)."""

    def __init__(self, encoder: Encoder, digest: bool = False) -> None:
        self.encoder = encoder
        self.digest = digest  # the information-state observer: compact strings (module docstring)
        self.tensor = np.zeros(encoder.size, np.float32)
        self.dict = {seg.name: self.tensor[seg.start: seg.start + seg.size] for seg in encoder.layout}

    def set_from(self, state: MultiverseState, player: int) -> None:
        self.tensor[:] = self.encoder.encode(games.seat_view(state.engine_state, player))

    def string_from(self, state: MultiverseState, player: int) -> str:
        """The seat's view as JSON; for the information state, 32 hex digits of it."""
        text = json.dumps(games.seat_view(state.engine_state, player), sort_keys=True,
                          separators=(",", ":"))
        if not self.digest:
            return text
        return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).hexdigest()


def _subclass(mode: str) -> type[MultiverseGame]:
    name = {"dofp": "DaysOfFuturePastGame", "standard": "MarvelUnitedGame",
            "sentinels": "SentinelsGame"}.get(mode, f"{mode.title().replace('-', '')}Game")
    return type(name, (MultiverseGame,), {"mode": mode, "__module__": __name__})


DaysOfFuturePastGame = _subclass("dofp")
MarvelUnitedGame = _subclass("standard")
SentinelsGame = _subclass("sentinels")
GAME_CLASSES: dict[str, type[MultiverseGame]] = {
    "dofp": DaysOfFuturePastGame, "standard": MarvelUnitedGame, "sentinels": SentinelsGame,
    **{m: _subclass(m) for m in games.MODES if m not in ("dofp", "standard", "sentinels")}}

for _mode, _cls in GAME_CLASSES.items():  # every registered mode, by name
    if GAME_NAMES[_mode] not in pyspiel.registered_names():
        pyspiel.register_game(_game_type(_mode), _cls)

__all__ = ["GAME_CLASSES", "GAME_NAMES", "DaysOfFuturePastGame", "MarvelUnitedGame", "MultiverseGame",
           "MultiverseObserver", "MultiverseState", "SentinelsGame", "config_from_params",
           "load_game_and_state", "save_game_and_state"]
