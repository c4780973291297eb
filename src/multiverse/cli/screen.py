"""What the terminal draws around a decision, fitted to the terminal (issue 21).

- Every line is wrapped at word boundaries to the console's width (`wrap`): no word is
  broken, whatever the terminal.
- Each fixed action has a key shown beside its number (`option_key`: `m3` Move to the
  Location in ring box 3, `a1` Attack Sentinel I, `e` End actions, …): typing the key picks
  that action, and a key not offered now is refused, never read as another option.
- Option numbers do not shift inside one action phase (`Numbering`): an action keeps its
  number while it is offered, a new one takes the next free number.
- The options fit the lines left on the screen (`option_lines`): whole labels when they fit,
  else one line each, shortened at a word (`?N` tells the rest), else in columns.
- Between decisions the board is drawn compactly (`compact_board`), with every counter that
  can end the game as the view's `threats` words it; `board` draws the whole table.
"""

from __future__ import annotations

import re
import textwrap
from typing import Any

from multiverse.engine.decision import Decision, Option
from multiverse.plain import is_number
from multiverse.threat_words import threats

_FIXED = {"end": "e", "effect": "s", "rescue": "r", "skip": "x", "none": "x", "stop": "x",
          "yes": "y", "no": "n", "cw": "cw", "ccw": "ccw", "stay": "st", "move": "mv",
          "take": "t", "shuffle": "sh", "use": "us", "henchman": "hm"}
_ATTACK = {"thug": "at", "henchman": "ah", "villain": "av", "nimrod": "an"}


def option_key(option_id: str) -> str | None:
    """The key of a fixed action, read from its id (stable for the whole game); None for an
    option that names a card, a hero or a Location to choose (those go by number).

    >>> [option_key(x) for x in ("end", "move:3", "attack:sentinel:0", "fill:heroic", "card:7")]
    ['e', 'm3', 'a1', 'fh', None]
    """
    main, _, suffix = option_id.partition("/")
    head, _, rest = main.partition(":")
    key: str | None = None
    if not rest:
        key = _FIXED.get(head)
    elif head == "move" and is_number(rest):
        key = f"m{rest}"
    elif head == "attack":
        kind, _, n = rest.partition(":")
        key = f"a{int(n) + 1}" if kind == "sentinel" and is_number(n) else _ATTACK.get(kind)
        if key is None and kind:
            key = "a" + kind[0]
    elif head == "fill":
        key = "f" + "".join(x[0] for x in rest.split(":"))
    elif head == "sentinel" and is_number(rest):
        key = f"s{int(rest) + 1}"
    if key is not None and suffix == "token":
        key += "t"
    return key


def assign_keys(options: tuple[Option, ...]) -> dict[str, str]:
    """Option id → its key; two options that would share a key get none."""
    keys: dict[str, str] = {}
    seen: dict[str, int] = {}
    for o in options:
        k = option_key(o.id)
        if k is not None:
            keys[o.id] = k
            seen[k] = seen.get(k, 0) + 1
    return {i: k for i, k in keys.items() if seen[k] == 1}


class Numbering:
    """Stable option numbers inside one action phase (OPTION numbers never shift): the
    numbers of a seat's decisions of one kind are kept for the rest of the turn while the
    options overlap; a new option takes the next free number."""

    def __init__(self) -> None:
        self.turn = 0
        self.kept: dict[tuple[int, int, str], dict[str, int]] = {}

    def new_turn(self) -> None:
        self.turn += 1
        self.kept.clear()

    def reset(self) -> None:
        self.kept.clear()

    def numbers(self, d: Decision) -> dict[str, int]:
        """Option id → its number for this decision."""
        key = (self.turn, d.seat, d.kind)
        old = self.kept.get(key, {})
        ids = [o.id for o in d.options]
        if not old or not set(old) & set(ids):
            out = {i: n for n, i in enumerate(ids, 1)}
        else:
            out = {i: old[i] for i in ids if i in old}
            nxt = max(old.values()) + 1
            for i in ids:
                if i not in out:
                    out[i] = nxt
                    nxt += 1
        self.kept[key] = {**old, **out}
        return out


def wrap(text: str, width: int, indent: int = 0, first: str = "") -> list[str]:
    """`text` wrapped at word boundaries to `width`: the first line starts with `first`,
    the others with `indent` spaces. A word longer than a line is left whole."""
    width = max(width, 20)
    return textwrap.wrap(text, width, initial_indent=first, subsequent_indent=" " * indent,
                         break_long_words=False, break_on_hyphens=False) or [first.rstrip()]


def shorten(text: str, width: int) -> str:
    """`text` in one line of `width`, cut after a whole word with "…" when it is longer."""
    if len(text) <= width:
        return text
    cut = text[:max(width - 1, 1)].rsplit(" ", 1)[0].rstrip(" ,;:")
    return cut + "…"


MIN_COLUMN = 24  # the narrowest column of options: a number, a key and a few words
MORE = "  (an option ending in … is longer: ?N shows option N whole)"


def _head(number: int, key: str | None, key_width: int) -> str:
    return f"  {number:>2}. " + ((key or "").ljust(key_width) + " " if key_width else "")


def option_lines(d: Decision, numbers: dict[str, int], keys: dict[str, str], width: int,
                 budget: int) -> list[str]:
    """The options in at most `budget` lines (when possible): wrapped whole, else one line
    each shortened at a word, else in columns of shortened lines."""
    rows = sorted(d.options, key=lambda o: numbers[o.id])
    kw = max((len(k) for k in keys.values()), default=0)
    heads = [_head(numbers[o.id], keys.get(o.id), kw) for o in rows]
    whole = [line for o, h in zip(rows, heads, strict=True)
             for line in wrap(o.label, width, len(h), h)]
    if len(whole) <= budget:
        return whole
    if len(rows) <= budget:
        out = [shorten(h + o.label, width) for o, h in zip(rows, heads, strict=True)]
        return out + [MORE] * (len(rows) < budget)
    # columns, never narrower than MIN_COLUMN (a cell of its number alone tells nothing):
    # past that the options take more lines than the budget
    cols = max(1, min(-(-len(rows) // max(budget, 1)), (width + 2) // (MIN_COLUMN + 2)))
    col_width = (width - (cols - 1) * 2) // cols
    cells = [shorten(h + o.label, col_width).ljust(col_width)
             for o, h in zip(rows, heads, strict=True)]
    per = -(-len(rows) // cols)
    grid = ["  ".join(cells[c * per + r] for c in range(cols) if c * per + r < len(cells)).rstrip()
            for r in range(per)]
    return grid + [MORE] * (per < budget)


def compact_board(mode: Any, state: Any, seat: int, width: int) -> list[str]:
    """The board in a few lines: the status line, the counters that can end the game, and
    where each hero is (Marvel United) — `board` draws the whole table."""
    view = mode.view(state, seat)
    lines = wrap(mode.status_line(state, seat), width)
    for x in threats(view):  # the counters that can end the game, in their own words
        lines += wrap(str(x["text"]), width, 2, "⚠ ")
    places = who_where(view)
    if places:
        lines += wrap(places, width, 2)
    return lines


def who_where(view: dict[str, Any]) -> str:
    """Marvel United: who stands in each Location, by the ring's box numbers:
    "At 0 Barbed-Wire Internment Yard: Sentinel I, Sentinel II · at 3 …: Logan, Storm"."""
    locs = view.get("locations")
    if not isinstance(locs, list):
        return ""
    at: dict[int, list[str]] = {}
    enemies = [*(view.get("sentinels") or []), view.get("nimrod"), view.get("villain")]
    for e in enemies:
        if isinstance(e, dict) and isinstance(e.get("location"), int) and not e.get("defeated"):
            at.setdefault(e["location"], []).append(str(e.get("name", "?")))
    for h in view.get("heroes") or []:
        if isinstance(h.get("location"), int) and not h.get("eliminated"):
            at.setdefault(h["location"], []).append(str(h["name"]))
    names = {x.get("position", i): x.get("name", "?") for i, x in enumerate(locs)}
    parts = [f"{p} {names.get(p, '?')}: {', '.join(who)}" for p, who in sorted(at.items())]
    return ("At " + " · at ".join(parts)) if parts else ""


_KEY_SHAPES = re.compile(r"^(m\d{1,2}|a\d|a[a-z]|f\d?[amhw]\d?|s\d)t?$")


def is_key(word: str) -> bool:
    """Whether a typed word has the shape of a key (`option_key`), offered now or not."""
    fixed = set(_FIXED.values())
    return word in fixed or (word.endswith("t") and word[:-1] in fixed) \
        or bool(_KEY_SHAPES.match(word))
