"""`multiverse play`: a game in the terminal, every decision a numbered choice.

Any registered mode (`multiverse modes`): Marvel United's `dofp` and `standard`, Sentinels
of the Multiverse's `sentinels`, … — this face finds them only through the registry. Every
decision is committed to the store as it is applied (start, choices, the state hash after
each), so `quit`, a closed terminal or a killed process can be continued with
`--resume ID`. Undo rebuilds the game from its start and its choices minus the last ones:
it is exact, never a patch.

Agents are made afresh for each decision from their seat's seed and the decision number,
so an agent's choice depends only on those and the state: a resumed game plays on exactly
as the uninterrupted one would.
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

from multiverse import modes
from multiverse.agents import AGENTS, agent_seed, decision_seed
from multiverse.agents.seats import HUMAN, make_seat_agent, parse_seat, seat_spec
from multiverse.cli.cards import close_names, explain, find_card
from multiverse.cli.screen import Numbering, assign_keys, compact_board, is_key, option_lines, wrap
from multiverse.engine.decision import Decision
from multiverse.engine.errors import ConfigError, IllegalChoice, PositionError
from multiverse.engine.words import count
from multiverse.modes.base import Mode
from multiverse.plain import is_number, plain, shorten, small_number
from multiverse.store.games import GameStore
from multiverse.store.replay import GameStart, verify

HELP = """Type an option's number or its key (shown beside the number: m3 moves to
ring box 3, a1 attacks Sentinel I, e ends the actions, x skips), its id or the
start of its label (any case), and press Enter. Inside one action phase an
action keeps its number and its key: typing ahead never picks another action.
Words:
  ?N     explain option N: what it does and its card's full text
  card NAME  the full text of any card: hero cards, the Villain, Sentinels,
         Threats, Locations, Missions, Scions, Shields, … (any case; the start
         of a word of its name is enough)
  undo   take back your last decision (the agents' decisions after it go too)
  board  the whole board (a compact one is drawn at the start of every turn)
  log N  the last N lines of narration (20 without N)
  hint   the best options by a short search (ISMCTS), with estimated win rates
  quit   stop here; the game is saved: continue it with
         `{resume}`
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
    seats: str | None = None
    iterations: int | None = None
    options: dict[str, Any] | None = None  # the mode's options given (config field → value)
    sets: list[str] | None = None  # `--set NAME=VALUE`: any configuration field of the mode
    debug: bool = False  # state hashes in every decision's header
    content: Path | None = None  # `--content PATH`: the content pack (default: the mode's own)

    def game_options(self) -> dict[str, Any]:
        """The mode options given on the command line (configuration field names)."""
        return {k: v for k, v in (self.options or {}).items() if v is not None}

    def set_fields(self) -> dict[str, Any]:
        """`--set NAME=VALUE` as fields (VALUE read as JSON when it is, else as text)."""
        out: dict[str, Any] = {}
        for item in self.sets or []:
            name, sep, text = item.partition("=")
            if not sep or not name.strip():
                raise CliError(f"--set {item!r}: expected NAME=VALUE")
            try:
                out[name.strip()] = json.loads(text)
            except ValueError:
                out[name.strip()] = text.strip()
        if self.content is not None:
            if "content" in out:
                raise CliError("give the pack once: --content PATH or --set content=PATH")
            out["content"] = str(self.content.resolve())
        return out

    def db_flag(self) -> str:
        """` --db PATH` (shell-quoted) when the user gave one: hints name the same database."""
        from multiverse.cli.games import db_flag

        return db_flag(self.db)


def resolve_seats(args: PlayArgs, n_seats: int, stored: list[str] | None = None) -> list[str]:
    """Who plays each seat: `human` or an agent spec.

    `--agent NAME` puts the agent in every seat (and plays to the end: watching, no input);
    `--seats human,random,…` names each seat; `--auto` alone puts the random agent in every
    seat of a new game. A resumed game keeps its stored seats and agents unless told
    otherwise (`--auto` alone hands only its human seats to the random agent)."""
    if args.agent and args.seats:
        raise CliError("give either --agent (every seat) or --seats (seat by seat), not both")
    if args.seats:
        seats = [x.strip() for x in args.seats.split(",")]
        if len(seats) != n_seats:
            raise CliError(f"--seats names {count(len(seats), 'seat')}; this game has {n_seats} "
                           f"({'solo: one seat' if n_seats == 1 else 'one per hero'})")
    elif args.agent:
        seats = [args.agent] * n_seats
    elif stored is not None:  # --auto: the stored human seats go to the random agent
        seats = ["random" if args.auto and x == HUMAN else x for x in stored]
    else:
        seats = ["random" if args.auto else HUMAN] * n_seats
    out = []
    for name in seats:
        base = parse_seat(name)[0]
        if base != HUMAN and base not in AGENTS:
            raise CliError(f"unknown player {name!r}; use human or an agent: {', '.join(AGENTS)}")
        out.append(name if "(" in name or base == HUMAN else seat_spec(base, args.iterations))
    if args.iterations is not None and not any(parse_seat(x)[0] == "ismcts" for x in out):
        raise CliError("--iterations is an option of the ismcts agent; no seat plays it")
    if args.auto and HUMAN in out:
        raise CliError("--auto plays without input: every seat needs an agent "
                       "(name them with --agent or --seats)")
    return out


class Session:
    """A game being played: its start, its choices with the hash after each, its store row."""

    def __init__(self, store: GameStore, game_id: int, start: GameStart, state: Any,
                 choices: list[str], hashes: list[str], seats: list[str], log: bool) -> None:
        self.store, self.game_id, self.start = store, game_id, start
        self.state, self.choices, self.hashes = state, choices, hashes
        self.seats, self.log = seats, log
        self.mode: Mode = modes.of_state(state)
        self.narration: list[str] = []  # after an undo: the narration still true

    def apply(self, option_id: str) -> None:
        """Apply one option (`IllegalChoice` leaves everything as it was) and commit it to
        the store at once: a killed process loses at most the decision in flight."""
        self.state.apply(option_id)
        h = self.state.state_hash()
        self.choices.append(option_id)
        self.hashes.append(h)
        self.store.add_move(self.game_id, len(self.choices), option_id, h)

    def agent_choice(self, seat: int, d: Decision) -> str:
        """The choice of the agent in `seat`: made afresh from the seat's seed and the
        decision number, so it depends on those and the state only."""
        seed = decision_seed(agent_seed(self.start.seed, seat), len(self.choices))
        return make_seat_agent(self.seats[seat], seed).choose(d, self.state)

    def undo(self) -> int:
        """Take back the last human decision and the agents' decisions after it, by
        replaying the start and the choices before it. Returns how many decisions went
        back (0: there was no human decision to take back). `narration` is then the
        narration of the game up to there, rebuilt by the replay: only what is still true."""
        s = self.start.state(log=True)
        lines = [e.text for e in s.take_events()]
        at, before, mark = -1, s, 0
        for i, c in enumerate(self.choices):
            if self.seats[s.decision().seat] == HUMAN:  # type: ignore[union-attr]
                at, before, mark = i, s.clone(), len(lines)
            s.apply(c)
            lines.extend(e.text for e in s.take_events())
        if at < 0:
            return 0
        back = len(self.choices) - at
        del self.choices[at:], self.hashes[at:]
        before.log = [] if self.log else None
        self.state = before
        self.narration = lines[:mark]
        self.store.truncate(self.game_id, at)
        return back

    def summary(self) -> dict[str, Any]:
        """The `--json` line: the same fields in every mode, `null` where a field does not
        apply to this mode (each mode names its own fields: `Mode.summary`)."""
        s, config = self.state, self.state.T.config
        out: dict[str, Any] = {
            "result": s.result, "reason": s.reason or None, "rounds": s.round,
            "decisions": s.decisions, "final_hash": s.state_hash(), "seed": self.start.seed,
            "game_id": self.game_id, "heroes": list(config.heroes), "mode": self.mode.name,
            "seats": self.seats,
        }
        out.update({f: None for m in modes.all_modes() for f in m.summary_fields})
        out.update(self.mode.summary(s))
        return out


def _position_doc(path: Path) -> dict[str, Any]:
    """The position document as written (a file that cannot be read or parsed is named);
    its fields are checked when the game starts from it, after the command line's options
    are merged into it."""
    from multiverse.engine.positions import read_position

    return read_position(path)[0]


def position_mode(doc: dict[str, Any], asked: str | None) -> Mode:
    """The mode of a position: `config.mode`, else the registered mode that claims the
    document, else the default; a mode on the command line must agree."""
    config_doc = doc.get("config")
    named = config_doc.get("mode") if isinstance(config_doc, dict) else None
    if named is not None and not isinstance(named, str):  # `mode: [sentinels]` (issue 22)
        raise PositionError(f"config.mode: expected a mode name ({', '.join(modes.names())}), "
                            f"got {type(named).__name__} {shorten(repr(named))}")
    if named is None:
        named = next((m.name for m in modes.all_modes() if m.claims_position(doc)), None)
    if asked is not None and named is not None and named != asked:
        raise CliError(f"this is a {named} position; drop the mode {asked!r}")
    return modes.get(asked or named) if asked or named else modes.default()


def _position_start(args: PlayArgs, options: dict[str, Any]) -> tuple[GameStart, Any]:
    """A game from a position file with the command line's options merged in."""
    path = args.position
    assert path is not None
    doc = _position_doc(path)
    try:
        mode = position_mode(doc, args.mode)
    except PositionError as exc:
        raise CliError(f"{path}: {exc}") from None
    try:
        doc = mode.position_doc(doc, args.heroes, args.seed, {**args.set_fields(), **options},
                                args.solo)
    except ConfigError as exc:
        raise CliError(f"{path}: {exc}") from None
    content = doc["config"].get("content")
    if isinstance(content, str) and not Path(content).is_absolute():
        near = path.parent / content  # stored games replay from the document alone
        if near.exists():
            doc["config"]["content"] = str(near.resolve())
    try:
        state = mode.load_position(doc)
    except PositionError as exc:  # name the file: the loader was given its mapping
        raise PositionError(f"{path}: {str(exc).removeprefix('position: ')}") from None
    start = GameStart(mode.stored_config(state), int(doc.get("seed", 0)), doc)
    return start, state


def prepare(args: PlayArgs) -> tuple[GameStart, Any, list[str]]:
    """A new game's start, first state and seats, from the command line; every problem is
    raised here, before the database is opened, so a bad command line writes nothing."""
    options = args.game_options()
    log = not args.json_out
    if args.position is not None:
        start, state = _position_start(args, options)
        state.log = [] if log else None
    else:
        mode = modes.get(args.mode) if args.mode else modes.default()
        config = mode.make_config(args.heroes, options, args.solo, args.set_fields())
        seed = args.seed if args.seed is not None else secrets.randbits(32)
        start = GameStart(config, seed)
        state = start.state(log=log)
    seats = resolve_seats(args, start.mode.n_seats(start.config))
    return start, state, seats


def new_session(args: PlayArgs, store: GameStore,
                prepared: tuple[GameStart, Any, list[str]] | None = None) -> Session:
    start, state, seats = prepared or prepare(args)
    game_id = store.create(mode=start.mode.name, config=start.config.model_dump(mode="json"),
                           seed=start.seed, seats=seats, start_hash=state.state_hash(),
                           position=start.position)
    return Session(store, game_id, start, state, [], [], seats, not args.json_out)


def resume_session(args: PlayArgs, store: GameStore, term: Terminal) -> Session:
    given = [flag for flag, v in (("the mode", args.mode), ("--heroes", args.heroes),
                                  ("--seed", args.seed), ("--from", args.position),
                                  ("--solo", args.solo or None), ("--set", args.sets or None),
                                  ("--content", args.content))
             if v is not None]
    given += ["--" + k.replace("_", "-") for k in args.game_options()]
    if given:
        raise CliError(f"--resume continues a stored game as it was; drop {', '.join(given)}")
    rec = store.get(args.resume)  # type: ignore[arg-type]
    if rec is None:
        raise CliError(f"no game {args.resume} in {store.path}")
    if rec.result is not None:
        raise CliError(f"game {rec.id} is over ({rec.result}: {rec.reason}); "
                       f"watch it with `multiverse replay {rec.id}{args.db_flag()}`")
    state, problem = verify(rec)
    if problem:
        raise CliError(f"game {rec.id} no longer replays as stored: {problem}")
    log = not args.json_out
    state.log = [] if log else None
    mode = modes.of_state(state)
    seats = resolve_seats(args, mode.n_seats(state.T.config), rec.seats)
    if seats != rec.seats:
        term.info(f"Seats changed from {', '.join(rec.seats)} to {', '.join(seats)}.", "bold")
        store.set_seats(rec.id, seats)
    return Session(store, rec.id, GameStart.of(rec), state, rec.choices, rec.hashes, seats, log)


class Terminal:
    """What the players see and type: a compact board at the start of each turn (the whole
    board on `board`), one status line before the other decisions, the options fitted to
    the lines left on the screen, every line wrapped at words; the narration kept for
    `log` (rebuilt after an undo)."""

    def __init__(self, console: Console, quiet: bool, debug: bool = False) -> None:
        self.console, self.quiet, self.debug = console, quiet, debug
        self.history: list[str] = []
        self.new_turn = True  # the next decision of a human draws the compact board
        self.full = False  # the next decision of a human draws the whole board (`board`)
        self.numbering = Numbering()
        self.since = 0  # lines printed since the newest narration line
        self.shown: dict[str, int] = {}  # option id → its number, as last shown
        self.keys: dict[str, str] = {}  # option id → its key, as last shown

    @property
    def width(self) -> int:
        return self.console.width

    def say(self, text: str, style: str | None = None, narration: bool = False,
            hang: int = 0) -> None:
        """Print a line the player must see, wrapped at words to the console's width (an
        indented line keeps its indent; `hang`: the indent of a wrapped line's rest)."""
        for para in plain(text).split("\n"):  # no control character of a pack (issue 22)
            lead = len(para) - len(para.lstrip(" "))
            rest = hang or lead + (2 if lead else 0)
            lines = ([para] if len(para) <= self.width else
                     wrap(para.strip(), self.width, rest, " " * lead))
            for line in lines:
                self.console.print(Text(line, style=style or ""), soft_wrap=True)
            self.since = 0 if narration else self.since + len(lines)

    def info(self, text: str, style: str | None = None, narration: bool = False) -> None:
        """Print narration and news (not in --json mode)."""
        if not self.quiet:
            self.say(text, style, narration)

    def narrate(self, s: Any) -> None:
        for e in s.take_events():
            self.history.append(e.text)
            if e.kind == "turn":
                self.new_turn = True
                self.numbering.new_turn()
            self.info(e.text, "bold" if e.kind in ("game_over", "turn") else None, narration=True)

    def board(self, s: Any, seat: int) -> None:
        """The whole board (at the game's end and on `board`)."""
        if not self.quiet:
            self.console.print(modes.of_state(s).render_board(s, seat), soft_wrap=False)
            self.since += 100  # the newest narration is off the screen now

    def compact(self, s: Any, seat: int) -> None:
        """The board in a few lines (the start of each turn)."""
        if not self.quiet:
            for line in compact_board(modes.of_state(s), s, seat, self.width):
                self.console.print(Text(plain(line), style="cyan"), soft_wrap=True)
                self.since += 1

    def status(self, s: Any, seat: int) -> None:
        self.info(modes.of_state(s).status_line(s, seat), "cyan")

    def rebuild(self, lines: list[str]) -> None:
        """After an undo: the narration is what is still true (`log` shows only that)."""
        self.history = list(lines)
        self.numbering.reset()

    def log(self, n: int) -> None:
        lines = self.history[-n:] if n > 0 else []
        self.say(f"The last {count(len(lines), 'line')} of narration:" if lines else "No narration yet.",
                 "dim")
        for line in lines:
            self.say(f"  {line}")

    def decision(self, sess: Session, d: Decision) -> None:
        s = sess.state
        who = sess.mode.seat_name(s, d.seat)
        debug = f" · state {s.state_hash()}" if self.debug else ""
        self.say(f"Decision {len(sess.choices) + 1} · seat {d.seat} ({who}){debug}", "dim")
        self.say(d.prompt, "bold")
        self.shown = self.numbering.numbers(d)
        self.keys = assign_keys(d.options)
        height = self.console.height or 24
        budget = max(height - 2 - min(self.since, height), 4)  # the narration line, `> `
        for line in option_lines(d, self.shown, self.keys, self.width, budget):
            self.console.print(Text(plain(line)), soft_wrap=True)

    def card(self, texts: dict[str, str], name: str) -> None:
        """`card NAME`: a card's full text, or which cards the name could mean."""
        found, many = find_card(texts, name)
        if not name.strip():
            self.say("Type card and the start of a card's name (e.g. `card slow`).", "red")
        elif found is not None:
            first, *rest = texts[found].split(" | ")
            self.say(first, hang=2)
            for part in rest:
                self.say(f"  {part}")
        elif many:
            self.say(f"{name.strip()!r} could be: {', '.join(many)}", "red")
        elif not texts:
            self.say("This game shows no card texts.", "red")
        else:
            near = close_names(texts, name)
            hint = (f"; did you mean {' or '.join(near)}?" if near
                    else "; type card and the start of its name.")
            self.say(f"No card named {name.strip()!r} in this game{hint}", "red")

    def explain(self, sess: Session, d: Decision, word: str) -> None:
        """`?N`: option N (as numbered on the screen) in words: what it does, its card's text."""
        text = word[1:].strip()
        by_number = {n: i for i, n in self.shown.items()}
        n = small_number(text)
        o = d.get(by_number.get(n, "")) if n is not None else None
        if o is None:
            numbers = sorted(by_number) or [1]
            self.say(f"{shorten(word)!r}: type ? and an option's number, from {numbers[0]} to "
                     f"{numbers[-1]}.", "red")
            return
        first, *rest = explain(sess.mode, sess.state, d, o, n, self.keys.get(o.id))
        self.say(first, hang=3)
        for i, line in enumerate(rest):
            for part in line.split(" | "):
                self.say(f"   {part}", "dim" if i == 0 else None)

    def pick(self, d: Decision, word: str) -> str | None:
        """The option a typed word names: a key, a number as shown, an id, or the start of
        exactly one option's id or label (any case). A word shaped like a key that is not
        offered now is no option (typing ahead never picks another action)."""
        by_number = {n: i for i, n in self.shown.items()} or {
            n: o.id for n, o in enumerate(d.options, 1)}
        low = word.lower()
        if is_number(low):
            return by_number.get(small_number(low) or 0)
        by_key = {k: i for i, k in self.keys.items()}
        if low in by_key:
            return by_key[low]
        if is_key(low) and not any(o.id.lower() == low for o in d.options):
            return None
        return _pick(d, word)


def _pick(d: Decision, word: str) -> str | None:
    """The option id a typed word names: a number from 1, an id, or the start of exactly
    one option's id or label (any case); else None."""
    if is_number(word):
        i = small_number(word) or 0
        return d.options[i - 1].id if 1 <= i <= len(d.options) else None
    if not word:
        return None
    low = word.lower()
    for o in d.options:
        if o.id.lower() == low:
            return o.id
    found = {o.id for o in d.options if o.id.lower().startswith(low) or o.label.lower().startswith(low)}
    return found.pop() if len(found) == 1 else None


def play_loop(sess: Session, term: Terminal, resume_hint: str) -> str:
    """Play until the game ends or a human stops; returns 'over', 'quit' or 'eof'. The whole
    board is drawn once as the session starts (a new or resumed game), then compactly."""
    first = sess.state.decision()
    if first is not None and HUMAN in sess.seats:
        term.board(sess.state, first.seat if sess.seats[first.seat] == HUMAN
                   else sess.seats.index(HUMAN))
        term.since = 0
    term.narrate(sess.state)
    show = True  # before the next human decision: the board (new turn) or the status line
    while (d := sess.state.decision()) is not None:
        if sess.seats[d.seat] != HUMAN:
            sess.apply(sess.agent_choice(d.seat, d))
            term.narrate(sess.state)
            show = True
            continue
        if show:
            if term.full:  # `board`: the whole board, then the options in full under it
                term.board(sess.state, d.seat)
                term.full = False
                term.since = 0
            elif term.new_turn:
                term.compact(sess.state, d.seat)
                term.new_turn = False
            else:
                term.status(sess.state, d.seat)
        else:  # shown again after a word's answer: the options in full again
            term.since = 0
        term.decision(sess, d)
        show = False
        try:
            word = term.console.input("> ").strip()
        except EOFError:
            return "eof"
        if not sys.stdin.isatty():  # piped input: show it, so the transcript reads well
            term.say(shorten(word, 200), "dim")
        low = word.lower()
        command, _, rest = low.partition(" ")
        if low in ("quit", "q", "exit"):
            return "quit"
        if low in ("help", "h", "?"):
            term.say(sess.mode.goal(sess.state), "bold")
            term.say(HELP.format(resume=resume_hint))
        elif low.startswith("?"):
            term.explain(sess, d, low)
        elif low in ("undo", "u"):
            back = sess.undo()
            if back:
                term.rebuild(sess.narration)
                term.say(f"Undone: back {count(back, 'decision')}, to decision {len(sess.choices) + 1}.",
                         "bold")
                term.new_turn = show = True
            else:
                term.say("Nothing to undo: no decision of yours yet.")
        elif low in ("board", "b"):
            term.full = show = True
        elif command == "card":
            term.card(sess.mode.card_texts(sess.state), word.partition(" ")[2])
        elif command == "log" and (not rest or small_number(rest) is not None):
            term.log(small_number(rest) or 0 if rest else 20)
        elif low == "hint":
            from multiverse.agents import hint_lines

            seed = decision_seed(agent_seed(sess.start.seed, d.seat), len(sess.choices))
            for line in hint_lines(sess.state, seed=seed):
                term.say(line)
        else:
            option_id = term.pick(d, word)
            if option_id is None:
                numbers = sorted(term.shown.values()) or [1, len(d.options)]
                keys = " or a key" if term.keys else ""
                term.say(f"{shorten(word)!r} is not an option: type a number from {numbers[0]} to "
                         f"{numbers[-1]}{keys} (or undo, board, card, log, hint, quit, help).",
                         "red")
                continue
            try:
                sess.apply(option_id)
            except IllegalChoice as exc:  # cannot happen for a listed option; kept honest
                term.say(str(exc), "red")
                continue
            term.narrate(sess.state)
            show = True
    return "over"


def run_play(args: PlayArgs, console: Console, err: Console) -> int:
    """The `play` command: returns the exit code."""
    term = Terminal(console, args.json_out, args.debug)
    prepared = prepare(args) if args.resume is None else None
    with GameStore(args.db, create=prepared is not None) as store:  # resume: never create
        if args.resume is not None:  # locked before it is read: a second process is refused
            with store.lock(args.resume):
                sess = resume_session(args, store, term)
                return _play(args, sess, store, term, err, _resume_hint(args, sess))
        sess = new_session(args, store, prepared)
        with store.lock(sess.game_id):
            return _play(args, sess, store, term, err, _resume_hint(args, sess))


def _resume_hint(args: PlayArgs, sess: Session) -> str:
    return f"multiverse play --resume {sess.game_id}{args.db_flag()}"


def _play(args: PlayArgs, sess: Session, store: GameStore, term: Terminal, err: Console,
          resume: str) -> int:
    if args.resume is not None:
        term.info(f"Resuming game {sess.game_id} at decision {len(sess.choices) + 1}.", "bold")
    elif args.position is not None:
        term.info(f"Game {sess.game_id} starts from the position in {args.position} "
                  f"(seed {sess.start.seed}).", "bold")
    else:
        term.info(f"Game {sess.game_id}, seed {sess.start.seed}.", "bold")
    try:
        how = play_loop(sess, term, resume)
    except KeyboardInterrupt:
        how = "interrupted"
    except Exception:  # an engine bug: the game is stored up to here; show the bug
        err.print(Text(f"internal error after decision {len(sess.choices)}; game "
                       f"{sess.game_id} is saved up to there (`multiverse replay "
                       f"{sess.game_id}{args.db_flag()}` shows it)", style="red"))
        raise
    s = sess.state
    store.finish(sess.game_id, result=s.result, reason=s.reason or None, rounds=s.round,
                 final_hash=s.state_hash())
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
    term.info(f"Stored in {store.path}; replay with "
              f"`multiverse replay {sess.game_id}{args.db_flag()}`.", "dim")
    if args.json_out:
        print(json.dumps(sess.summary()), flush=True)
    return 0
