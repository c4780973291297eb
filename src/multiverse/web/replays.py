"""Replayed positions of stored games, cached, so that stepping through a replay one
decision at a time costs one `apply` per step rather than a replay from the start.

A game's entry holds its verified prefix: the narration and the chosen option's label of
every decision checked so far, a checkpoint state every `every` decisions (at most
`MAX_MARKS` of them: the spacing doubles past that), the frontier state (the last checked)
and the last position handed out. Every stored hash is checked once, as `verify` checks it;
an entry is used only while the stored game still starts the same way and its choices and
hashes still begin with the ones it checked (anything else, an undo or a hand-edited row,
builds it anew). Callable from worker threads: an entry is worked on under its own lock,
and every state handed out is a clone.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from multiverse.engine.errors import IllegalChoice, MultiverseError
from multiverse.engine.state import EventLog
from multiverse.store.games import GameRecord
from multiverse.store.replay import GameStart

EVERY = 16  # decisions between two checkpoints, at first
MAX_MARKS = 64  # checkpoints kept per game
MAX_GAMES = 8  # games kept in the cache
FAULTS = (MultiverseError, ValueError, TypeError, LookupError, AttributeError)  # as `replayed`


class ReplayFault(Exception):
    """A stored game that no longer replays up to the decision asked (the one-line 409)."""


@dataclass
class Position:
    """A stored game at a decision: the state (the caller's own), the narration up to
    there, and the label of the option chosen last (None at the start)."""

    state: Any
    log: list[str]
    choice: str | None


@dataclass
class _Game:
    start: tuple
    choices: list[str] = field(default_factory=list)
    hashes: list[str] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)
    ends: list[int] = field(default_factory=list)  # ends[p]: narration lines up to decision p
    labels: list[str | None] = field(default_factory=list)
    marks: dict[int, Any] = field(default_factory=dict)  # decision → checkpoint state
    every: int = EVERY
    head: Any = None  # the state at the last checked decision, len(ends) - 1
    cursor: tuple[int, Any] | None = None  # the last position handed out, and its state
    fault: tuple[int, str] | None = None  # the first decision that fails, and why
    lock: threading.Lock = field(default_factory=threading.Lock)

    @property
    def seen(self) -> int:
        """How many stored decisions this entry has read (checked, or the failing one)."""
        if not self.ends:
            return 0
        return len(self.ends) - 1 + (self.fault is not None and self.fault[0] > 0)

    def reset(self) -> None:
        """Forget everything checked (the stored game changed, or a replay failed midway)."""
        fresh = _Game(self.start)
        for name in ("lines", "ends", "labels", "marks", "every", "head", "cursor", "fault"):
            setattr(self, name, getattr(fresh, name))


def _start_of(rec: GameRecord) -> tuple:
    return (rec.mode, json.dumps(rec.config, sort_keys=True), rec.seed,
            json.dumps(rec.position, sort_keys=True, default=str), rec.start_hash)


class ReplayCache:
    """The replayed positions of the last `max_games` stored games asked for."""

    def __init__(self, max_games: int = MAX_GAMES) -> None:
        self.max_games = max_games
        self._games: OrderedDict[int, _Game] = OrderedDict()
        self._guard = threading.Lock()
        self.applies = 0  # decisions applied, checking forward or stepping: the cost to bound

    def __len__(self) -> int:
        return len(self._games)

    def position(self, rec: GameRecord, ply: int) -> Position:
        """Stored game `rec` at decision `ply` (0 ≤ ply ≤ its decisions), checked hash by
        hash up to there; `ReplayFault` when it does not replay that far as stored."""
        game = self._entry(rec)
        with game.lock:
            self._follow(game, rec)
            return self._at(game, rec, ply)

    # ----- the entries ---------------------------------------------------------------------
    def _entry(self, rec: GameRecord) -> _Game:
        with self._guard:
            game = self._games.get(rec.id)
            if game is None or game.start != _start_of(rec):
                game = self._games[rec.id] = _Game(_start_of(rec))
            self._games.move_to_end(rec.id)
            while len(self._games) > self.max_games:
                self._games.popitem(last=False)
            return game

    @staticmethod
    def _follow(game: _Game, rec: GameRecord) -> None:
        """Take the stored game's choices and hashes; start anew when they no longer begin
        with those already checked."""
        n = game.seen
        if rec.choices[:n] != game.choices[:n] or rec.hashes[:n] != game.hashes[:n] \
                or len(rec.choices) < n:
            game.reset()
        game.choices, game.hashes = list(rec.choices), list(rec.hashes)

    # ----- checking forward ---------------------------------------------------------------
    def _begin(self, game: _Game, rec: GameRecord) -> None:
        s = GameStart.of(rec).state(log=True)
        game.lines.extend(e.text for e in s.take_events())
        game.ends.append(len(game.lines))
        game.labels.append(None)
        game.head = s
        game.marks[0] = s.clone()
        got = s.state_hash()
        if got != rec.start_hash:
            game.fault = (0, f"decision 0 (the start): stored hash {rec.start_hash}, replay gives {got}")

    def _check_to(self, game: _Game, rec: GameRecord, ply: int) -> None:
        """Check decisions up to `ply` (from the frontier on), as `verify` does."""
        try:
            if not game.ends:
                self._begin(game, rec)
            s = game.head
            while game.fault is None and len(game.ends) <= ply:
                n = len(game.ends)
                c, want = game.choices[n - 1], game.hashes[n - 1]
                d = s.decision()
                option = d.get(c) if d else None
                try:
                    self.applies += 1
                    s.apply(c)
                except IllegalChoice as exc:
                    game.fault = (n, f"decision {n} (choice {c!r}): not legal on replay: {exc}")
                    break
                game.lines.extend(e.text for e in s.take_events())
                got = s.state_hash()
                if got != want:
                    game.fault = (n, f"decision {n} (choice {c!r}): stored hash {want}, replay gives {got}")
                    break
                game.ends.append(len(game.lines))
                game.labels.append(None if option is None else option.label)
                if n % game.every == 0:
                    self._mark(game, n, s)
        except FAULTS as exc:
            game.reset()  # the frontier state may be half-changed: the next request starts anew
            reason = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
            raise ReplayFault(f"game {rec.id} is damaged: its start cannot be rebuilt ({reason})") from None

    @staticmethod
    def _mark(game: _Game, n: int, s: Any) -> None:
        game.marks[n] = s.clone()
        if len(game.marks) > MAX_MARKS:
            game.every *= 2
            game.marks = {p: m for p, m in game.marks.items() if p % game.every == 0}

    # ----- a position ---------------------------------------------------------------------
    def _at(self, game: _Game, rec: GameRecord, ply: int) -> Position:
        self._check_to(game, rec, ply)
        if game.fault is not None and game.fault[0] <= ply:
            raise ReplayFault(f"game {rec.id} no longer replays as stored: {game.fault[1]}")
        frontier = len(game.ends) - 1
        if ply == frontier:
            state = game.head.clone()
        else:
            at, state = max(((p, m) for p, m in game.marks.items() if p <= ply), key=lambda x: x[0])
            if game.cursor is not None and at < game.cursor[0] <= ply:
                at, state = game.cursor
            else:
                state = state.clone()
            for c in game.choices[at:ply]:
                self.applies += 1
                state.apply(c)
            game.cursor = (ply, state)
            state = state.clone()
        state.log = EventLog()
        return Position(state, game.lines[:game.ends[ply]], game.labels[ply])
