"""Watching and replacing: a phase of a hero's turn skipped or taken out of order, tokens
flipped to the side a player chooses (OBL-HE2), and the players' answers to the optional
replacements of `triggers` ("you may prevent that damage", "you may … instead of drawing",
SOTM-14/15). The triggers' options themselves (the first time each turn, during your turn,
by whom, the source hit back) are read by `triggers.gate` from `T.gates`."""

from __future__ import annotations

from multiverse.engine.decision import Option
from multiverse.sentinels import triggers
from multiverse.sentinels.damage import final_damage
from multiverse.sentinels.state import SentinelsState, choice, step
from multiverse.sentinels.verbs import seat_of, verb
from multiverse.sentinels.vocab.counters import flip_hero_tokens
from multiverse.sentinels.zones import DRAW_HOOKS, draw

PHASE_FRAMES = {"play": "play_phase", "power": "power_phase", "draw": "draw_phase"}


@verb("skip_phase")
def skip_phase(s: SentinelsState, sid: int, this: int, hero: int, other: int, n: int) -> None:
    """SOTM-5: "skip your draw phase (to …)": this hero's phase still to come this turn
    does not happen (nothing, if it has begun or it is not their turn)."""
    if hero < 0:
        return
    phase = s.T.steps[sid].phase
    frame = (PHASE_FRAMES[phase], hero)
    stack = s.stack
    for i in range(len(stack) - 1, -1, -1):
        if stack[i] == frame:
            del stack[i]
            if s.log is not None:
                s.emit("phase_skipped", f"{s.oname(hero)} skips their {phase} phase", hero=hero,
                       phase=phase)
            return


@verb("flip_hero_tokens_chosen")
def flip_tokens_chosen(s: SentinelsState, sid: int, this: int, hero: int, other: int,
                       n: int) -> None:
    """OBL-HE2: flip `amount` of this hero's tokens, each to the side its player chooses."""
    if hero >= 0 and n > 0 and s.T.hero_tokens[s.T.hdeck[s.char[hero]]][0]:
        s.stack.append(("token_side", hero, n))


def _token_options(s: SentinelsState, f: tuple) -> tuple:
    _, h, _n = f
    sides = s.T.hero_tokens[s.T.hdeck[s.char[h]]][0]
    opts = [Option(f"to:{sides[1 - a]}", f"flip a {sides[a]} token to {sides[1 - a]}", {"a": a})
            for a in (0, 1) if a in s.htok[h]]
    return seat_of(s, h), f"{s.oname(h)}: flip a token to which side?", opts


@choice("token_side", _token_options)
def token_side(s: SentinelsState, f: tuple, opt: Option) -> None:
    """OBL-HE2: one token flips to the chosen side; the next is chosen after it."""
    _, h, n = f
    if n > 1:
        s.stack.append(("token_side", h, n - 1))
    sides = s.T.hero_tokens[s.T.hdeck[s.char[h]]][0]
    a = opt.data["a"]
    flip_hero_tokens(s, h, sides[a], sides[1 - a], 1)


# ----- optional replacements: the player's answer ----------------------------------------

def _prevent_options(s: SentinelsState, f: tuple) -> tuple:
    _, c, _fx, _src, tgt, amount, _rest, _declined = f
    return (seat_of(s, s.hero_of(c)),
            f"{s.name(c)}: prevent the {amount} damage to {s.name(tgt)}?",
            [Option("prevent", "Prevent it", {"yes": 1}), Option("no", "Let it through", {"yes": 0})])


@choice("may_prevent", _prevent_options)
def may_prevent(s: SentinelsState, f: tuple, opt: Option) -> None:
    """SOTM-14 step 4: "you may prevent that damage": prevented (and the card's effect
    follows), or dealt (another card may still prevent it)."""
    _, c, fx, src, tgt, amount, rest, declined = f
    if opt.data["yes"]:
        triggers.prevented(s, c, fx, src, tgt, amount)
        return
    dtype, irr, drain, notes, via, vthis = rest
    final_damage(s, src, tgt, amount, dtype, irr, drain, tuple(notes), "", via, vthis,
                 (*declined, c))


def _draw_options(s: SentinelsState, f: tuple) -> tuple:
    _, h, c, _fx = f
    return (seat_of(s, h), f"{s.oname(h)} would draw a card: {s.name(c)} instead?",
            [Option("instead", f"{s.name(c)} instead", {"yes": 1}),
             Option("draw", "Draw the card", {"yes": 0})])


@choice("may_replace_draw", _draw_options)
def may_replace_draw(s: SentinelsState, f: tuple, opt: Option) -> None:
    """"You may … instead of drawing": the card's effect instead, or the card drawn."""
    _, h, c, fx = f
    if opt.data["yes"]:
        triggers.draw_replaced(s, h, c, fx)
    else:
        draw(s, h, 1, replace=False)


@step("draw_rest")
def draw_rest(s: SentinelsState, f: tuple) -> None:
    """The draws left after a replaced one (each may be replaced again)."""
    draw(s, f[1], f[2])


DRAW_HOOKS.append(triggers.replace_draw)
