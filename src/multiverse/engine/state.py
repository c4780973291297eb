"""The state base: a pending-decision stack of plain-data frames (DESIGN properties 2-4).

A game state is a set of slots holding ints, strings and lists of them, plus a stack of
frames (tuples naming a step and its arguments). `advance` runs step frames until it meets a
choice frame with two or more legal options: that is the pending decision. `apply` checks
the option id first, so an illegal choice raises `IllegalChoice` and leaves the state as it
was. Nothing but data lives across a decision, so the state clones, serializes and hashes.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import Any, ClassVar

from multiverse.engine.decision import Decision, Option
from multiverse.engine.errors import GameOver, IllegalChoice, SaveError
from multiverse.engine.events import Event
from multiverse.engine.rng import MASK, fisher_yates, splitmix_next

Frame = tuple
StepFn = Callable[[Any, Frame], None]
OptionsFn = Callable[[Any, Frame], tuple[int, str, list[Option]]]
ResolveFn = Callable[[Any, Frame, Option], None]


def _tuplify(x: Any) -> Any:
    return (tuple(_tuplify(i) for i in x) if isinstance(x, list)
            else tuple(x) if type(x) is bytearray else x)  # (bytes: small numbers, as a list's)


def _listify(x: Any) -> Any:
    return ([_listify(i) for i in x] if isinstance(x, tuple | list)
            else list(x) if type(x) is bytearray else x)


class EventLog(list):
    """A fresh log that remembers the last event told before it (`take_events`), so a line
    repeating it across a decision still says which time it is."""

    last: Event | None = None


_WHO = ("target", "card", "hero")  # the data naming what an event is about


def repeat_suffix(last: Event | None, text: str, data: dict[str, Any]) -> str:
    """What a line repeating the one before adds (issue 21): " (2nd time)" when it tells the
    same of the same thing again, " (another of that name)" when it is about another card of
    the same name (two Aeon Warriors), "" when it repeats nothing."""
    if last is None or not last.text.startswith(text):
        return ""
    n = repeat_count(last.text, text)
    if not n:
        return ""
    if n == 1 and any(k in data and k in last.data and data[k] != last.data[k] for k in _WHO):
        return " (another of that name)"
    return f" ({ordinal(n + 1)} time)"


def ordinal(n: int) -> str:
    """2 → "2nd", 3 → "3rd", 11 → "11th"."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def repeat_count(last: str, text: str) -> int:
    """How many times `text` was just told, if `last` (the line before) tells it: 1 for
    the same line, N for "… (Nth time)"; 0 otherwise."""
    if last == text:
        return 1
    rest = last[len(text):]
    if rest.startswith(" (") and rest.endswith(" time)"):
        num = rest[2:-6].rstrip("stndrh")
        if num.isascii() and num.isdigit() and f" ({ordinal(int(num))} time)" == rest:
            return int(num)
    return 0


class GameState:
    """Base of every mode's state. Subclasses list their data slots in `DATA`."""

    __slots__ = ("_decision", "decisions", "log", "reason", "result", "rng", "stack")  # and each mode's `T`

    DATA: ClassVar[tuple[str, ...]] = ()  # subclass data slots (ints, strs, lists)
    NESTED: ClassVar[frozenset[str]] = frozenset()  # slots holding lists of lists
    LISTS: ClassVar[frozenset[str]] = frozenset()  # slots always holding a list (the .pxd's)
    STEPS: ClassVar[dict[str, StepFn]] = {}
    CHOICES: ClassVar[dict[str, tuple[OptionsFn, ResolveFn]]] = {}
    CORE: ClassVar[tuple[str, ...]] = ("rng", "stack", "result", "reason", "decisions")

    # ----- chance -----------------------------------------------------------------
    def below(self, n: int) -> int:
        """Uniform int in [0, n) from the state's own SplitMix64 generator."""
        self.rng, out = splitmix_next(self.rng)
        return (out * n) >> 64

    def shuffle(self, items: list) -> None:
        """Fisher-Yates from the state's own generator: `below(i + 1)` for each place from
        the end (`fisher_yates`, C integers in the compiled build)."""
        self.rng = fisher_yates(items, self.rng)

    # ----- events -----------------------------------------------------------------
    def emit(self, kind: str, text: str, **data: Any) -> None:
        """Record a structured event with its narration (only when a log is attached). A
        line that repeats the one before says which time it is ("Logan draws 1 (2nd
        time)") or that it is about another card of that name: no line is printed twice in
        a row (issue 21)."""
        log = self.log
        if log is not None:
            last = log[-1] if log else getattr(log, "last", None)
            if last is not None and last.text.startswith(text):
                text += repeat_suffix(last, text, data)
            log.append(Event(kind, text, data))

    def take_events(self) -> list[Event]:
        out = self.log if self.log is not None else []
        self.log = EventLog()
        self.log.last = out[-1] if out else getattr(out, "last", None)
        return out

    # ----- the decision protocol ---------------------------------------------------
    def end(self, result: str, reason: str) -> None:
        if self.result is None:
            self.result, self.reason = result, reason
            self.stack.clear()
            self._decision = None
            self.emit("game_over", f"The heroes {'win' if result == 'win' else 'lose'}: {reason}",
                      result=result, reason=reason)

    @property
    def is_terminal(self) -> bool:
        return self.result is not None

    def decision(self) -> Decision | None:
        """The pending decision, or None when the game is over."""
        return self._decision

    def legal_ids(self) -> list[str]:
        d = self._decision
        return [o.id for o in d.options] if d else []

    def apply(self, option_id: str) -> None:
        """Apply one option of the pending decision; raise `IllegalChoice` if it is not legal."""
        d: Decision | None = self._decision
        if d is None:
            raise GameOver(option_id)
        opt: Option
        for opt in d.options:
            if opt.id == option_id:
                break
        else:
            raise IllegalChoice(option_id, [o.id for o in d.options], d.prompt)
        frame = self.stack.pop()
        self._decision = None
        self.decisions += 1
        self.CHOICES[frame[0]][1](self, frame, opt)
        self.advance()

    def advance(self) -> None:
        """Run steps until a decision with two or more options is pending or the game ends
        (MU-23, SOTM-18: the game ends at once, so nothing is left to resolve, whatever the
        step that ended it pushed after; OBL-C22's usurper is the case the tests replay)."""
        stack, steps, choices = self.stack, self.STEPS, self.CHOICES
        while stack and self.result is None:
            frame = stack[-1]
            fn = steps.get(frame[0])
            if fn is not None:
                stack.pop()
                fn(self, frame)
                continue
            choice = choices[frame[0]]
            seat, prompt, options = choice[0](self, frame)
            if len(options) > 1:
                self._decision = Decision(seat, frame[0], prompt, tuple(options))
                return
            stack.pop()
            if options:  # a forced choice resolves itself
                choice[1](self, frame, options[0])
        if self.result is not None:  # the game ended: what a step pushed after `end` is moot
            stack.clear()

    def refresh_decision(self) -> None:
        """Recompute the pending decision from its frame: after a determinizer swapped
        hidden cards, the options may name other cards. A choice left with one option
        resolves itself, as in `advance`."""
        if self._decision is None or not self.stack:
            return
        frame = self.stack[-1]
        seat, prompt, options = self.CHOICES[frame[0]][0](self, frame)
        if len(options) > 1:
            self._decision = Decision(seat, frame[0], prompt, tuple(options))
        else:
            self._decision = None
            self.advance()

    # ----- value semantics -----------------------------------------------------------
    def _fields(self) -> tuple[str, ...]:
        return self.CORE + self.DATA

    def clone(self) -> GameState:
        """A deep copy of the data (no deepcopy: lists are copied one level or two)."""
        cls = type(self)
        new = cls.__new__(cls)
        nested = self.NESTED
        for name in self.CORE + self.DATA:
            v = getattr(self, name)
            if type(v) is list:
                v = [x[:] for x in v] if name in nested else v[:]
            elif type(v) is bytearray:  # (a state's per-card small numbers)
                v = v[:]
            setattr(new, name, v)
        new.T = self.T
        new._decision = self._decision
        new.log = None
        return new

    def key(self) -> tuple:
        return tuple(_tuplify(getattr(self, n)) for n in self._fields())

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self.key() == other.key()  # type: ignore[attr-defined]

    __hash__ = None  # type: ignore[assignment]

    def state_hash(self) -> str:
        """A stable hash of the whole position (the same across processes and runs)."""
        return hashlib.blake2b(repr(self.key()).encode(), digest_size=16).hexdigest()

    def data_dict(self) -> dict[str, Any]:
        return {n: _listify(getattr(self, n)) for n in self._fields()}

    def load_data(self, data: dict[str, Any]) -> None:
        missing = [n for n in self._fields() if n not in data]
        if missing:
            raise SaveError(f"state JSON lacks field(s): {', '.join(missing)}")
        for n in self._fields():
            v = data[n]
            if n == "stack":
                if type(v) is not list:
                    raise SaveError(f"state JSON: the stack is a list of frames, not {v!r}")
                v = [_tuplify(f) for f in v]
                for f in v:
                    if (type(f) is not tuple or not f or type(f[0]) is not str
                            or (f[0] not in self.STEPS and f[0] not in self.CHOICES)):
                        raise SaveError(f"state JSON: stack holds an unknown frame {f!r}")
            elif n == "rng" and (type(v) is not int or not 0 <= v <= MASK):
                raise SaveError(f"state JSON: 'rng' is the generator's state, a whole number "
                                f"from 0 to 2**64 - 1, not {v!r}")
            elif n in self.LISTS and type(v) is not list:  # (compiled: declared a list)
                raise SaveError(f"state JSON: {n!r} is a list, not {v!r}")
            setattr(self, n, v)
        self.log = None
        self._decision = None


def rule_registry(cls: type[GameState]) -> tuple[
        Callable[[str], Callable[[StepFn], StepFn]],
        Callable[[str, OptionsFn], Callable[[ResolveFn], ResolveFn]]]:
    """The `step` and `choice` decorators that register a mode's rules on its state class."""

    def step(name: str) -> Callable[[StepFn], StepFn]:
        def deco(fn: StepFn) -> StepFn:
            cls.STEPS[name] = fn
            return fn

        return deco

    def choice(name: str, options: OptionsFn) -> Callable[[ResolveFn], ResolveFn]:
        def deco(fn: ResolveFn) -> ResolveFn:
            cls.CHOICES[name] = (options, fn)
            return fn

        return deco

    return step, choice


def push(s: GameState, *frames: Frame) -> None:
    """Push frames so that the first one given runs first."""
    s.stack.extend(reversed(frames))
