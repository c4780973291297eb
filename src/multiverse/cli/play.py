"""`multiverse play`: a game in the terminal, every decision a numbered choice.

Three modes: Marvel United's `dofp` and `standard`, and Sentinels of the Multiverse
(`sentinels`: heroes, a villain and an environment). Every game is stored as it goes (start,
choices, the state hash after each), so `quit`, a closed terminal or an interrupted run can
be continued with `--resume ID`. Undo rebuilds the game from its start and its choices minus
the last ones: it is exact, never a patch.
"""

from __future__ import annotations

import json
import secrets
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.text import Text

from multiverse.agents import AGENTS, make_agent
from multiverse.engine.decision import Decision
from multiverse.engine.errors import IllegalChoice
from multiverse.engine.rng import MASK, splitmix_next
from multiverse.sentinels.config import SentinelsConfig
from multiverse.store.games import GameStore
from multiverse.store.replay import SENTINELS, GameStart, is_sentinels, verify
from multiverse.united.config import UnitedConfig

HUMAN = "human"
MODES = ("dofp", "standard", SENTINELS)
DEFAULT_HEROES = ("logan", "kitty-pryde", "storm", "bishop", "blink")
SENTINELS_HEROES = ("luminary", "the-harpy", "akash-thriya", "la-comodora", "lifeline")
# the agents that can play a Sentinels game (the others read Marvel United's view)
SENTINELS_AGENTS = ("random", "heuristic")
AGENT_SALT = 0xA6E7_5EED_0000_0000

HELP = """Type the number of an option (or its id) and press Enter. Words:
  undo   take back your last decision (the agents' decisions after it go too)
  board  draw the board again
  hint   the best options by a short search (ISMCTS), with estimated win rates
  quit   stop here; the game is saved: continue it with `multiverse play --resume {id}`
  help   this text"""


class CliError(Exception):
    """A problem with the command line or the stored game: printed as `error: …`."""


@dataclass
class PlayArgs:
    """The options of `multiverse play` (see `multiverse.cli.main.play`)."""

    mode: str | None = None  # None: dofp, or the mode a position file names
    heroes: str | None = None
    seed: int | None = None
    solo: bool = False
    agent: str | None = None
    auto: bool = False
    json_out: bool = False
    position: Path | None = None
    db: Path | None = None
    resume: int | None = None
    tie_break: str | None = None
    seats: str | None = None
    villain: str | None = None
    challenge: str | None = None
    difficulty: str | None = None
    under_pressure_after: int | None = None
    vulnerable_after: int | None = None
    environment: str | None = None

    def game_options(self) -> dict[str, Any]:
        """The configuration fields given on the command line (`UnitedConfig` names)."""
        given = {"villain": self.villain, "challenge": self.challenge,
                 "difficulty": self.difficulty, "under_pressure_after": self.under_pressure_after,
                 "vulnerable_after": self.vulnerable_after, "tie_break": self.tie_break,
                 "environment": self.environment}
        return {k: v for k, v in given.items() if v is not None}


STANDARD_ONLY = (("--villain", "villain"), ("--under-pressure-after", "under_pressure_after"),
                 ("--vulnerable-after", "vulnerable_after"))
SENTINELS_ONLY = (("--environment", "environment"),)
UNITED_ONLY = (("--challenge", "challenge"), ("--difficulty", "difficulty"),
               ("--under-pressure-after", "under_pressure_after"),
               ("--vulnerable-after", "vulnerable_after"), ("--tie-break", "tie_break"))


def parse_sentinels_heroes(text: str | None) -> tuple[str, ...]:
    """`4` → the first four of luminary, the-harpy, akash-thriya, la-comodora, lifeline;
    `luminary,lifeline,the-harpy` → those heroes, in that (turn) order. 3 to 5 heroes."""
    if text is None or text.strip().isdigit():
        n = 3 if text is None else int(text)
        if not 3 <= n <= 5:
            raise CliError(f"--heroes {n}: a Sentinels game takes 3 to 5 heroes")
        return SENTINELS_HEROES[:n]
    names = tuple(x.strip() for x in text.split(",") if x.strip())
    if not 3 <= len(names) <= 5:
        raise CliError(f"a Sentinels game takes 3 to 5 heroes; got {len(names)}: {', '.join(names)}")
    if len(set(names)) != len(names):
        raise CliError(f"a hero appears twice in --heroes {text}")
    return names


def parse_heroes(text: str | None, solo: bool, mode: str | None = None) -> tuple[str, ...]:
    """`3` → the first three default heroes; `logan,storm` → those heroes."""
    if is_sentinels(mode):
        return parse_sentinels_heroes(text)
    if text is None or text.strip().isdigit():
        n = 3 if text is None else int(text)
        if solo and n != 3:
            raise CliError("--solo plays three heroes (DFP-SOLO); use --heroes 3 or name three")
        if not 2 <= n <= 4 and not solo:
            raise CliError(f"--heroes {n}: a game takes 2 to 4 heroes "
                           "(or --solo: one player, three heroes)")
        return DEFAULT_HEROES[:n]
    names = tuple(x.strip() for x in text.split(",") if x.strip())
    if solo and len(names) != 3:
        raise CliError(f"--solo plays three heroes (DFP-SOLO); got {len(names)}: {', '.join(names)}")
    if not solo and not 2 <= len(names) <= 4:
        raise CliError(f"a game takes 2 to 4 heroes; got {len(names)}: "
                       f"{', '.join(names)} (one player with three heroes: --solo)")
    return names


def agent_seed(seed: int, seat: int) -> int:
    """The seed of the agent in `seat`: derived from the game's seed, but its own stream."""
    return splitmix_next(((seed ^ AGENT_SALT) + seat) & MASK)[1]


def resolve_seats(args: PlayArgs, n_seats: int, stored: list[str] | None = None,
                  mode: str | None = None) -> list[str]:
    """Who plays each seat: `human` or an agent name.

    `--agent NAME` puts the agent in every seat (and plays to the end: watching, no input);
    `--seats human,random,…` names each seat; `--auto` alone puts the random agent in every
    seat. A resumed game keeps its stored seats unless told otherwise."""
    if args.agent and args.seats:
        raise CliError("give either --agent (every seat) or --seats (seat by seat), not both")
    if args.seats:
        seats = [x.strip() for x in args.seats.split(",")]
        if len(seats) != n_seats:
            raise CliError(f"--seats names {len(seats)} seat(s); this game has {n_seats} "
                           f"({'solo: one seat' if n_seats == 1 else 'one per hero'})")
    elif args.agent:
        seats = [args.agent] * n_seats
    elif stored and len(stored) == n_seats and not args.auto:
        seats = list(stored)
    else:
        seats = ["random" if args.auto else HUMAN] * n_seats
    for name in seats:
        if name != HUMAN and name not in AGENTS:
            raise CliError(f"unknown player {name!r}; use human or an agent: {', '.join(AGENTS)}")
        if name != HUMAN and is_sentinels(mode) and name not in SENTINELS_AGENTS:
            raise CliError(f"the {name} agent plays Marvel United only; a Sentinels game takes "
                           f"human or {', '.join(SENTINELS_AGENTS)} seats")
    if args.auto and HUMAN in seats:
        raise CliError("--auto plays without input: every seat needs an agent (see --seats)")
    return seats


class Session:
    """A game being played: its start, its choices with the hash after each, its store row."""

    def __init__(self, store: GameStore, game_id: int, start: GameStart, state: Any,
                 choices: list[str], hashes: list[str], seats: list[str], log: bool) -> None:
        self.store, self.game_id, self.start = store, game_id, start
        self.state, self.choices, self.hashes = state, choices, hashes
        self.seats, self.log = seats, log
        self.saved = len(choices)

    def apply(self, option_id: str) -> None:
        """Apply one option (`IllegalChoice` leaves everything as it was) and record it."""
        self.state.apply(option_id)
        self.choices.append(option_id)
        self.hashes.append(self.state.state_hash())

    def flush(self) -> None:
        """Write the choices not yet stored."""
        new = list(zip(self.choices[self.saved:], self.hashes[self.saved:], strict=True))
        self.store.add_moves(self.game_id, self.saved + 1, new)
        self.saved = len(self.choices)

    def undo(self) -> int:
        """Take back the last human decision and the agents' decisions after it, by
        replaying the start and the choices before it. Returns how many decisions went
        back (0: there was no human decision to take back)."""
        s = self.start.state(log=False)
        at, before = -1, s
        for i, c in enumerate(self.choices):
            if self.seats[s.decision().seat] == HUMAN:  # type: ignore[union-attr]
                at, before = i, s.clone()
            s.apply(c)
        if at < 0:
            return 0
        back = len(self.choices) - at
        del self.choices[at:], self.hashes[at:]
        before.log = [] if self.log else None
        self.state = before
        self.saved = min(self.saved, at)
        self.store.truncate(self.game_id, at)
        return back

    def summary(self) -> dict[str, Any]:
        """The `--json` line: the same fields in every mode (`null` where a field does not
        apply: `environment` outside Sentinels, `challenge` and `difficulty` in it)."""
        s, config = self.state, self.state.T.config
        sentinels = is_sentinels(config)
        return {
            "result": s.result, "reason": s.reason or None, "rounds": s.round,
            "decisions": s.decisions, "final_hash": s.state_hash(), "seed": self.start.seed,
            "game_id": self.game_id, "heroes": list(config.heroes),
            "solo": False if sentinels else config.solo, "mode": config.mode,
            "villain": villain_id(s), "environment": environment_id(s) if sentinels else None,
            "challenge": None if sentinels else config.challenge,
            "difficulty": None if sentinels else config.difficulty, "seats": self.seats,
        }


def villain_id(s: Any) -> str | None:
    """The Villain's id (the content's first when the config names none): the standard
    game's and Sentinels'; None in Days of Future Past."""
    if is_sentinels(s.T.config):
        return s.T.config.villain or s.T.content.villains[0].id
    if s.T.mode != "standard":
        return None
    return s.T.config.villain or s.T.content.villains[0].id


def environment_id(s: Any) -> str:
    """A Sentinels game's environment id (the content's first when the config names none)."""
    return s.T.config.environment or s.T.content.environments[0].id


def first_sentinels(content_path: str | None) -> tuple[str | None, str | None]:
    """`--villain` and `--environment` default to the Sentinels content's first (the default
    pack's: warden-of-rust, sunken-foundry)."""
    from multiverse.sentinels.content import load_sentinels_content

    c = load_sentinels_content(content_path)
    return (c.villains[0].id if c.villains else None,
            c.environments[0].id if c.environments else None)


def first_villain(content_path: str | None) -> str | None:
    """`--villain` defaults to the first Villain of the content (the default pack's is the
    Magistrate); None when the content has none (the engine then names the problem)."""
    from multiverse.content.loader import load_content

    villains = load_content(content_path).villains
    return villains[0].id if villains else None


def _check_mode_options(mode: str, options: dict[str, Any], solo: bool = False) -> None:
    if mode not in MODES:
        raise CliError(f"unknown mode {mode!r}; modes: {', '.join(MODES)}")
    if is_sentinels(mode):
        wrong = [flag for flag, key in UNITED_ONLY if key in options] + (["--solo"] if solo else [])
        if wrong:
            raise CliError(f"{', '.join(wrong)}: only for Marvel United (dofp, standard); a "
                           "Sentinels game takes --heroes, --villain and --environment")
        return
    wrong = [flag for flag, key in SENTINELS_ONLY if key in options]
    if wrong:
        raise CliError(f"{', '.join(wrong)}: only for Sentinels of the Multiverse "
                       "(`multiverse play sentinels …`)")
    if mode == "dofp":
        wrong = [flag for flag, key in STANDARD_ONLY if key in options]
        if wrong:
            raise CliError(f"{', '.join(wrong)}: only for the standard game "
                           "(`multiverse play standard …`); Days of Future Past fights Nimrod")


def _position_doc(path: Path) -> dict[str, Any]:
    """The position document as written (a file that cannot be read or parsed is named);
    its fields are checked when the game starts from it, after the command line's options
    are merged into its `config`."""
    from multiverse.engine.positions import read_position

    return read_position(path)[0]


def new_session(args: PlayArgs, store: GameStore) -> Session:
    from pydantic import ValidationError

    options = args.game_options()
    if args.position is not None:
        doc = _position_doc(args.position)
        if is_sentinels(args.mode or _position_mode(doc)):
            start = _sentinels_position_start(args, doc, options)
        else:
            start = _united_position_start(args, doc, options)
    elif is_sentinels(args.mode):
        _check_mode_options(SENTINELS, options, args.solo)
        villain, environment = first_sentinels(None)
        options.setdefault("villain", villain)
        options.setdefault("environment", environment)
        options.update(mode=SENTINELS, heroes=parse_sentinels_heroes(args.heroes))
        seed = args.seed if args.seed is not None else secrets.randbits(32)
        try:
            sconfig = SentinelsConfig(**options)
        except ValidationError as exc:
            raise CliError(f"bad game options: {exc}") from None
        start = GameStart(sconfig, seed)
    else:
        mode = args.mode or "dofp"
        _check_mode_options(mode, options)
        options.update(mode=mode, heroes=parse_heroes(args.heroes, args.solo), solo=args.solo)
        if mode == "standard" and "villain" not in options:
            options["villain"] = first_villain(None)
        seed = args.seed if args.seed is not None else secrets.randbits(32)
        try:
            config = UnitedConfig(**options)
        except ValidationError as exc:
            raise CliError(f"bad game options: {exc}") from None
        start = GameStart(config, seed)
    log = not args.json_out
    state = start.state(log=log)
    config = state.T.config
    if start.position is not None:  # the position file chose the configuration
        if is_sentinels(config):  # stored with the villain and environment it plays
            config = config.model_copy(update={"villain": villain_id(state),
                                               "environment": environment_id(state)})
        start = GameStart(config, start.seed, start.position)
    seats = resolve_seats(args, n_seats(config), mode=config.mode)
    game_id = store.create(mode=config.mode, config=config.model_dump(mode="json"),
                           seed=start.seed, seats=seats, start_hash=state.state_hash(),
                           position=start.position)
    return Session(store, game_id, start, state, [], [], seats, log)


def n_seats(config: Any) -> int:
    """One seat per hero (solo Marvel United: one seat)."""
    return 1 if getattr(config, "solo", False) else len(config.heroes)


def _position_mode(doc: dict[str, Any]) -> str | None:
    """The mode a position names: `config.mode`, else `sentinels` for a position with an
    `environment` (only Sentinels games have one)."""
    config_doc = doc.get("config")
    named = config_doc.get("mode") if isinstance(config_doc, dict) else None
    return named or (SENTINELS if "environment" in doc else None)


def _sentinels_position_start(args: PlayArgs, doc: dict[str, Any],
                              options: dict[str, Any]) -> GameStart:
    """A Sentinels position with the command line's options merged in (docs/positions.md)."""
    named = _position_mode(doc)
    if args.mode is not None and named is not None and named != args.mode:
        raise CliError(f"{args.position} is a {named} position; drop the mode {args.mode!r}")
    _check_mode_options(SENTINELS, options, args.solo)
    if args.heroes is not None and "heroes" in doc:
        raise CliError(f"{args.position} names its heroes; drop --heroes")
    if args.heroes is not None:
        doc["heroes"] = list(parse_sentinels_heroes(args.heroes))
    if args.seed is not None:
        doc["seed"] = args.seed
    config_doc = doc.get("config") or {}
    if not isinstance(config_doc, dict):
        raise CliError(f"{args.position}: config: expected a mapping of options")
    config_doc = {**config_doc, "mode": SENTINELS}
    for key in ("villain", "environment"):
        if key not in options:
            continue
        spec = doc.get(key)
        named_id = spec if isinstance(spec, str) else spec.get("id") if isinstance(spec, dict) else None
        if named_id is not None and named_id != options[key]:
            raise CliError(f"{args.position} names its {key} ({named_id}); drop --{key}")
        config_doc[key] = options[key]
    content = config_doc.get("content")
    if isinstance(content, str) and not Path(content).is_absolute() and args.position is not None:
        near = args.position.parent / content  # stored games replay from the mapping
        if near.exists():
            config_doc["content"] = str(near.resolve())
    doc["config"] = config_doc
    try:
        seed = int(doc.get("seed", 0))
    except (TypeError, ValueError):
        raise CliError(f"{args.position}: seed: expected a whole number") from None
    return GameStart(SentinelsConfig(), seed, doc)


def _united_position_start(args: PlayArgs, doc: dict[str, Any],
                           options: dict[str, Any]) -> GameStart:
    """A Marvel United position with the command line's options merged in."""
    if args.heroes is not None and "heroes" in doc:
        raise CliError(f"{args.position} names its heroes; drop --heroes")
    if args.heroes is not None:
        doc["heroes"] = list(parse_heroes(args.heroes, args.solo))
    if args.seed is not None:
        doc["seed"] = args.seed
    if args.solo:
        doc["solo"] = True
    config_doc = doc.get("config") or {}
    if not isinstance(config_doc, dict):
        raise CliError(f"{args.position}: config: expected a mapping of options")
    named = config_doc.get("mode")
    if args.mode is not None and named is not None and named != args.mode:
        raise CliError(f"{args.position} is a {named} position; drop the mode {args.mode!r}")
    mode = args.mode or named or "dofp"
    _check_mode_options(mode, options, args.solo)
    if mode != "dofp" or options:
        doc["config"] = {**config_doc, "mode": mode, **options}
    return GameStart(UnitedConfig(), int(doc.get("seed", 0)), doc)


def resume_session(args: PlayArgs, store: GameStore) -> Session:
    given = [flag for flag, v in (("the mode", args.mode), ("--heroes", args.heroes),
                                  ("--seed", args.seed), ("--from", args.position),
                                  ("--solo", args.solo or None), ("--tie-break", args.tie_break),
                                  ("--villain", args.villain), ("--challenge", args.challenge),
                                  ("--difficulty", args.difficulty),
                                  ("--under-pressure-after", args.under_pressure_after),
                                  ("--vulnerable-after", args.vulnerable_after),
                                  ("--environment", args.environment)) if v is not None]
    if given:
        raise CliError(f"--resume continues a stored game as it was; drop {', '.join(given)}")
    rec = store.get(args.resume)  # type: ignore[arg-type]
    if rec is None:
        raise CliError(f"no game {args.resume} in {store.path}")
    if rec.result is not None:
        raise CliError(f"game {rec.id} is over ({rec.result}: {rec.reason}); "
                       f"watch it with `multiverse replay {rec.id}`")
    state, problem = verify(rec)
    if problem:
        raise CliError(f"game {rec.id} no longer replays as stored: {problem}")
    log = not args.json_out
    state.log = [] if log else None
    config = state.T.config
    seats = resolve_seats(args, n_seats(config), rec.seats, mode=config.mode)
    if seats != rec.seats:
        store.set_seats(rec.id, seats)
    return Session(store, rec.id, GameStart.of(rec), state, rec.choices, rec.hashes, seats, log)


class Terminal:
    """What the players see and type."""

    def __init__(self, console: Console, quiet: bool) -> None:
        self.console, self.quiet = console, quiet

    def say(self, text: str, style: str | None = None) -> None:
        """Print a line the player must see (decisions and answers to what they typed)."""
        self.console.print(Text(text, style=style or ""))

    def info(self, text: str, style: str | None = None) -> None:
        """Print narration and news (not in --json mode)."""
        if not self.quiet:
            self.say(text, style)

    def narrate(self, s: Any) -> None:
        for e in s.take_events():
            self.info(e.text, "bold" if e.kind in ("game_over", "turn") else None)

    def board(self, s: Any, seat: int) -> None:
        if not self.quiet:
            if is_sentinels(s.T.config):
                from multiverse.sentinels.render import render_board
            else:
                from multiverse.united.render import render_board

            self.console.print(render_board(s, seat), soft_wrap=False)

    def decision(self, sess: Session, d: Decision) -> None:
        s = sess.state
        who = seat_name(s, d.seat)
        self.say(f"Decision {len(sess.choices) + 1} · seat {d.seat} ({who}) · "
                 f"state {s.state_hash()}", "dim")
        self.say(d.prompt, "bold")
        for i, o in enumerate(d.options, 1):
            self.say(f"  {i:>2}. {o.label}")


def seat_name(s: Any, seat: int) -> str:
    """Who plays a seat: the hero's name (a solo Marvel United game: the player)."""
    if is_sentinels(s.T.config):
        return s.T.owner_names[seat]
    return "the player" if s.T.config.solo else s.T.hero_names[seat]


def _pick(d: Decision, word: str) -> str | None:
    """The option id a typed word names (a number from 1, or an id), else None."""
    if word.isdigit():
        i = int(word)
        return d.options[i - 1].id if 1 <= i <= len(d.options) else None
    return word if d.get(word) is not None else None


def play_loop(sess: Session, term: Terminal) -> str:
    """Play until the game ends or a human stops; returns 'over', 'quit' or 'eof'."""
    agents = {i: make_agent(name, agent_seed(sess.start.seed, i))
              for i, name in enumerate(sess.seats) if name != HUMAN}
    term.narrate(sess.state)
    redraw = True
    while (d := sess.state.decision()) is not None:
        if d.seat in agents:
            sess.apply(agents[d.seat].choose(d, sess.state))
            term.narrate(sess.state)
            redraw = True
            continue
        sess.flush()
        if redraw:
            term.board(sess.state, d.seat)
        term.decision(sess, d)
        redraw = True
        try:
            word = term.console.input("> ").strip()
        except EOFError:
            return "eof"
        if not sys.stdin.isatty():  # piped input: show it, so the transcript reads well
            term.say(word, "dim")
        low = word.lower()
        if low in ("quit", "q", "exit"):
            return "quit"
        if low in ("help", "h", "?"):
            term.say(HELP.format(id=sess.game_id))
            redraw = False
        elif low in ("undo", "u"):
            back = sess.undo()
            if back:
                term.say(f"Undone: back {back} decision(s), to decision {len(sess.choices) + 1}.",
                         "bold")
            else:
                term.say("Nothing to undo: no decision of yours yet.")
                redraw = False
        elif low in ("board", "b"):
            pass
        elif low == "hint" and is_sentinels(sess.state.T.config):
            term.say("hint: the search agents play Marvel United only; not in a Sentinels game.")
            redraw = False
        elif low == "hint":
            from multiverse.agents import hint_lines

            for line in hint_lines(sess.state, seed=agent_seed(sess.start.seed, len(sess.choices))):
                term.say(line)
            redraw = False
        else:
            option_id = _pick(d, word)
            if option_id is None:
                term.say(f"{word!r} is not an option: type a number from 1 to {len(d.options)}"
                         " (or undo, board, quit, help).", "red")
                redraw = False
                continue
            try:
                sess.apply(option_id)
            except IllegalChoice as exc:  # cannot happen for a listed option; kept honest
                term.say(str(exc), "red")
                redraw = False
                continue
            term.narrate(sess.state)
    return "over"


def run_play(args: PlayArgs, console: Console, err: Console) -> int:
    """The `play` command: returns the exit code."""
    with GameStore(args.db) as store:
        sess = resume_session(args, store) if args.resume is not None else new_session(args, store)
        term = Terminal(console, args.json_out)
        if args.resume is not None:
            term.info(f"Resuming game {sess.game_id} at decision {len(sess.choices) + 1}.", "bold")
        elif args.position is not None:
            term.info(f"Game {sess.game_id} starts from the position in {args.position} "
                      f"(seed {sess.start.seed}).", "bold")
        else:
            term.info(f"Game {sess.game_id}, seed {sess.start.seed}.", "bold")
        try:
            how = play_loop(sess, term)
        except KeyboardInterrupt:
            how = "interrupted"
        except Exception:  # an engine bug: keep the game for the bug report, then show it
            sess.flush()
            err.print(Text(f"internal error after decision {len(sess.choices)}; game "
                           f"{sess.game_id} is saved up to there (`multiverse replay "
                           f"{sess.game_id}` shows it)", style="red"))
            raise
        sess.flush()
        s = sess.state
        store.finish(sess.game_id, result=s.result, reason=s.reason or None, rounds=s.round,
                     final_hash=s.state_hash())
        resume = f"multiverse play --resume {sess.game_id}" + (
            f" --db {args.db}" if args.db else "")
        if how == "eof":
            err.print(Text(
                f"error: input ended before the game did (stdin closed). Game {sess.game_id} is "
                f"saved after {len(sess.choices)} decisions; continue with `{resume}`. "
                "To play without input, use --auto (or --agent random).", style="red"))
            return 1
        if how == "interrupted":
            err.print(Text(f"\nInterrupted. Game {sess.game_id} is saved; continue with "
                           f"`{resume}`."))
            return 130
        if how == "over":
            term.board(s, 0)
            outcome = {"win": "won", "loss": "lost"}[s.result]  # type: ignore[index]
            term.info(f"Game {sess.game_id}: the heroes {outcome} in round {s.round} after "
                      f"{s.decisions} decisions ({s.reason}).", "bold")
        else:
            term.info(f"Game {sess.game_id} saved after {len(sess.choices)} decisions; "
                      f"continue with `{resume}`.", "bold")
        term.info(f"Stored in {store.path}; replay with `multiverse replay {sess.game_id}`.", "dim")
        if args.json_out:
            print(json.dumps(sess.summary()), flush=True)
        return 0
