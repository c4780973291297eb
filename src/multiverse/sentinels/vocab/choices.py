"""Verbs that branch or ask: a condition (`if`), "you may", "one hero may", each player
may draw, and a card played or a power used now (SOTM-8, SOTM-10)."""

from __future__ import annotations

from multiverse.engine.decision import Option
from multiverse.sentinels.amounts import condition, heroes_here
from multiverse.sentinels.state import SentinelsState, choice
from multiverse.sentinels.verbs import push_effect, seat_of, verb
from multiverse.sentinels.zones import draw


@verb("if")
def if_step(s: SentinelsState, sid: int, this: int, hero: int, other: int, n: int) -> None:
    """`cond` true: `do`, else `otherwise`."""
    t = s.T
    push_effect(s, t.do[sid] if condition(s, sid, this, hero) else t.otherwise[sid],
                this, hero, other)


@verb("may")
def may(s: SentinelsState, sid: int, this: int, hero: int, other: int, n: int) -> None:
    """"You may …; if you do, …": the player decides."""
    s.stack.append(("may", sid, this, hero, other))


_YES_NO = [Option("yes", "Yes", {"yes": True}), Option("no", "No", {"yes": False})]
_DRAW_OR_NOT = [Option("yes", "Draw", {"yes": True}), Option("no", "Don't", {"yes": False})]


def _may_options(s: SentinelsState, f: tuple) -> tuple:
    _, sid, this, hero, _other = f
    text = s.T.steps[sid].prompt or "Do it?"
    return (seat_of(s, hero), f"{s.name(this)}: {text}",
            _YES_NO)


@choice("may", _may_options)
def resolve_may(s: SentinelsState, f: tuple, opt: Option) -> None:
    """"One player may …; if they do, …": `do` then `then` only on yes."""
    _, sid, this, hero, other = f
    if opt.data["yes"]:
        t = s.T
        if t.steps[sid].if_done is not None:  # "if you do": `then` once the cost is paid
            s.stack.append(("if_done", sid, this, hero, other))
            push_effect(s, t.do[sid], this, hero, other)
        else:
            push_effect(s, t.do[sid] + t.then[sid], this, hero, other)


@verb("each_player_may_draw")
def each_player_may_draw(s: SentinelsState, sid: int, this: int, hero: int, other: int,
                         n: int) -> None:
    """OBL-B1: each player with a hero in this zone may draw a card, in play order."""
    for h in reversed(heroes_here(s, this)):
        s.stack.append(("may_draw", h))


def _may_draw_options(s: SentinelsState, f: tuple) -> tuple:
    h = f[1]
    return (s.seat(h), f"{s.oname(h)} may draw a card",
            _DRAW_OR_NOT)


@choice("may_draw", _may_draw_options)
def resolve_may_draw(s: SentinelsState, f: tuple, opt: Option) -> None:
    if opt.data["yes"]:
        draw(s, f[1], 1)


@verb("one_hero")
def one_hero(s: SentinelsState, sid: int, this: int, hero: int, other: int, n: int) -> None:
    """"One hero may …": the players choose one active hero of this zone."""
    s.stack.append(("one_hero", sid, this, hero, other))


def _one_hero_options(s: SentinelsState, f: tuple) -> tuple:
    _, sid, this, hero, _other = f
    live = heroes_here(s, this)
    return (seat_of(s, hero), f"{s.name(this)}: {s.T.steps[sid].prompt or 'choose a hero'}",
            [Option(f"hero:{h}", s.oname(h), {"hero": h}) for h in live])


@choice("one_hero", _one_hero_options)
def resolve_one_hero(s: SentinelsState, f: tuple, opt: Option) -> None:
    """"One hero may …": the chosen hero's player does `do` as that hero."""
    _, sid, this, _hero, other = f
    push_effect(s, s.T.do[sid], this, opt.data["hero"], other)


@verb("play_card")
def play_card(s: SentinelsState, sid: int, this: int, hero: int, other: int, n: int) -> None:
    """SOTM-10: this hero's player may play a card now."""
    if hero >= 0 and not s.incap[hero]:
        s.stack.append(("play_now", hero, n))


@verb("use_power")
def use_power(s: SentinelsState, sid: int, this: int, hero: int, other: int, n: int) -> None:
    """SOTM-10: this hero's player may use a power now."""
    if hero >= 0 and not s.incap[hero]:
        s.stack.append(("power_now", hero, n))
