"""The Marvel United effect vocabulary's tables: every verb of `content.schema` registers
the rule step that resolves it, and the dispatcher (`united.effects`) reads these tables
only. Verb modules (`united.vocab.*`) import this module and what lies below it;
`united.vocab` imports every verb module once, for a game to load.

Two kinds of verb:
- a **hero verb** acts for a hero, `fn(s, h, o, n, sym, d, source)`: `h` is the hero whose
  effect it is (the card's owner), `o` the hero it acts for (`who`; else `h`), `n` the
  amount (after `per`), `sym` the symbol index (-1: none), `d` the step's other words (a
  dict; `civ` / `thug` are its token letters) and `source` the card's name;
- a **villain verb** acts for the Villain, `fn(s, n, civ, thug, source, here)` with `here`
  the Location of a Threat's or a Location's text (-1: the Villain's).

Each hero verb gives its phrase (`describe`: an option's short label, "draw 2").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

from multiverse.engine.words import count
from multiverse.united.state import UnitedState
from multiverse.united.tables import FX, SYMBOLS

HeroFn = Callable[[UnitedState, int, int, int, int, dict, str], None]
VillainFn = Callable[[UnitedState, int, int, int, str, int], None]

VERBS: dict[str, HeroFn] = {}
VILLAIN: dict[str, VillainFn] = {}
PHRASES: dict[str, Callable[[int], str]] = {}
# card text (`cardtext.verb_text`): a verb's own words, fn(n, sym, civ, thug) -> text, and
# readers of the owner's words, fn(verb, n, sym, text, words) -> text, each popping the
# words it reads from `words` (a dict) so none is read twice
TEXTS: dict[str, Callable[[int, int, int, int], str]] = {}
WORDS: list[Callable[[str, int, int, str, dict], str]] = []
NO_WORDS: Mapping[str, Any] = MappingProxyType({})  # a step written without the owner's words


def verb(*names: str, phrase: Callable[[int], str] | None = None) -> Callable[[HeroFn], HeroFn]:
    """Register `fn` as the rule step of the hero verbs `names` (`phrase`: its short label)."""

    def deco(fn: HeroFn) -> HeroFn:
        for name in names:
            assert name not in VERBS, f"verb {name!r} registered twice"
            VERBS[name] = fn
            if phrase is not None:
                PHRASES[name] = phrase
        return fn
    return deco


def villain_verb(*names: str) -> Callable[[VillainFn], VillainFn]:
    """Register `fn` as the rule step of the villain verbs `names`."""

    def deco(fn: VillainFn) -> VillainFn:
        for name in names:
            assert name not in VILLAIN, f"villain verb {name!r} registered twice"
            VILLAIN[name] = fn
        return fn
    return deco


def phrases(table: dict[str, Callable[[int], str]]) -> None:
    """Register the short labels of verbs (`describe`), each once."""
    for name, phrase in table.items():
        assert name not in PHRASES, f"phrase of {name!r} registered twice"
        PHRASES[name] = phrase


def text(*names: str) -> Callable[[Callable[[int, int, int, int], str]], Callable[[int, int, int, int], str]]:
    """Register `fn(n, sym, civ, thug)` as the card text of the verbs `names`."""

    def deco(fn: Callable[[int, int, int, int], str]) -> Callable[[int, int, int, int], str]:
        for name in names:
            assert name not in TEXTS, f"text of {name!r} registered twice"
            TEXTS[name] = fn
        return fn
    return deco


def words(fn: Callable[[str, int, int, str, dict], str]) -> Callable[[str, int, int, str, dict], str]:
    """Register a reader of the owner's words into card text (`cardtext._owner_words`)."""
    WORDS.append(fn)
    return fn


def push_hero_effects(s: UnitedState, h: int, fx: tuple[FX, ...], source: str) -> None:
    """Queue a hero's effect steps so the first one resolves first (a step with the owner's
    words carries its extras as a 9th item)."""
    for e in reversed(fx):
        if len(e) == 5:
            verb_, amount, sym, civ, thug = e
            s.stack.append(("hfx", h, verb_, amount, sym, civ, thug, source))
        else:
            s.stack.append(("hfx", h, e[0], e[1], e[2], e[3], e[4], source, e[5]))


def push_villain_effects(s: UnitedState, fx: tuple[FX, ...], source: str, here: int = -1) -> None:
    """Queue villain steps; `here` is the Location of a Threat's text (-1: the Villain's)."""
    for e in reversed(fx):
        s.stack.append(("vfx", e[0], e[1], e[2], e[3], e[4], source, here))


def describe(fx: tuple) -> str:
    """A step in words, for an option's label ("draw 2", "gain 1 Attack action")."""
    verb_, n, sym = fx[0], fx[1], fx[2]
    words = verb_.replace("_", " ")
    if verb_ in ("gain_token", "give_token"):
        return f"{words.split()[0]} {count(n, SYMBOLS[sym].title() + ' token')}"
    if verb_ in ("gain_action", "take_action"):
        return f"{words.split()[0]} {count(n, SYMBOLS[sym].title() + ' action')}"
    phrase = PHRASES.get(verb_)
    return phrase(n) if phrase else f"{words} {n}"

