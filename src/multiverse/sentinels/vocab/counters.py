"""Verbs on tokens: tokens on a card, a named counter with its thresholds (OBL-ID1) and a
hero's two-sided tokens (OBL-HE2)."""

from __future__ import annotations

from multiverse.engine.words import count
from multiverse.sentinels.state import Z_PLAY, SentinelsState
from multiverse.sentinels.threats import token_words
from multiverse.sentinels.triggers import fire_tokens_flipped
from multiverse.sentinels.verbs import push_effect, verb


@verb("add_tokens")
def add_tokens(s: SentinelsState, sid: int, this: int, hero: int, other: int, n: int) -> None:
    """Put `amount` tokens on this card (in play), or on the named `counter`."""
    st = s.T.steps[sid]
    if st.counter is not None:
        change_counter(s, st.counter, n, s.name(this) if this >= 0 else "")
    elif s.zone[this] == Z_PLAY:
        s.own_tok()[this] += n
        if s.log is not None:
            token_change(s, this, s.tok[this] - n)


@verb("remove_tokens")
def remove_tokens(s: SentinelsState, sid: int, this: int, hero: int, other: int, n: int) -> None:
    """Remove `amount` tokens from this card, or from the named `counter`."""
    st = s.T.steps[sid]
    if st.counter is not None:
        change_counter(s, st.counter, -n, s.name(this) if this >= 0 else "")
    else:
        old = s.tok[this]
        s.own_tok()[this] = max(0, old - n)
        if s.log is not None and s.tok[this] != old:
            token_change(s, this, old)


def token_change(s: SentinelsState, c: int, old: int) -> None:
    """Issue 21: a card's tokens changed, told with their goal when they count toward one:
    "Pressure Hull Breach 2 → 3 tokens of 6 → GAME OVER"."""
    words = token_words(s, c)  # "3 tokens of 6 → GAME OVER" or "3 tokens"
    s.emit("tokens", f"{s.name(c)} {old} → {words}", card=c, old=old, value=s.tok[c])


def change_counter(s: SentinelsState, name: str, delta: int, why: str = "") -> None:
    """OBL-ID1: add (or remove) tokens of a named counter, kept within its bounds; each
    threshold the value crosses fires its text (villain text), in the order crossed. A
    counter this game lacks is left alone. The change is told with its cause `why` and the
    text of each threshold crossed (issue 21)."""
    t = s.T
    i = t.counter_index.get(name, -1)
    if i < 0:
        return
    old = s.ctr[i]
    new = max(t.counter_min[i], min(t.counter_max[i], old + delta))
    if new == old:
        return
    s.ctr[i] = new
    crossed = [(at, fx, k) for k, (at, way, fx) in enumerate(t.thresholds[i])
               if (way >= 0 and old < at <= new) or (way <= 0 and new <= at < old)]
    crossed.sort(key=lambda x: x[0], reverse=new < old)
    if s.log is not None:
        s.emit("counter", counter_line(s, i, old, why, [k for _at, _fx, k in crossed]),
               counter=name, old=old, value=new)
    for _at, fx, _k in reversed(crossed):  # the first crossed resolves first
        push_effect(s, fx, t.villain_character, -1, -1)


def counter_line(s: SentinelsState, i: int, old: int, why: str, crossed: list[int]) -> str:
    """"Countdown 4 → 3 (OblivAeon): play the top card of the Aeon Men deck; …"."""
    t = s.T
    line = f"{t.counter_names[i]} {old} → {s.ctr[i]}" + (f" ({why})" if why else "")
    texts = [t.threshold_text[i][k].split(": ", 1)[-1].rstrip(".") for k in crossed
             if k < len(t.threshold_text[i]) and t.threshold_text[i][k]]
    return line + (": " + "; then ".join(texts) if texts else "")


@verb("flip_hero_tokens")
def flip_hero_tokens_verb(s: SentinelsState, sid: int, this: int, hero: int, other: int,
                          n: int) -> None:
    """OBL-HE2: flip `amount` of this hero's tokens from `side` to `to_side`."""
    st = s.T.steps[sid]
    flip_hero_tokens(s, hero, st.side, st.to_side, n)  # type: ignore[arg-type]


def flip_hero_tokens(s: SentinelsState, hero: int, side: str, to_side: str, n: int) -> None:
    """OBL-HE2: flip up to `n` of the hero's tokens showing `side` to `to_side`."""
    if hero < 0:
        return
    sides = s.T.hero_tokens[s.T.hdeck[s.char[hero]]][0]
    if side not in sides or to_side not in sides:
        return
    a, b = sides.index(side), sides.index(to_side)
    toks = s.htok[hero]
    k = 0
    for i, x in enumerate(toks):
        if x == a and k < n:
            toks[i] = b
            k += 1
    if k:
        s.turn_flipped[hero] += k  # ("this turn": tokens flipped, OBL-HE2)
    if k and s.log is not None:
        s.emit("tokens_flipped", f"{s.oname(hero)} flips {count(k, 'token')} {side} → {to_side}",
               hero=hero, count=k, side=side, to_side=to_side)
    if k and s.T.watchers.get("tokens_flipped"):  # "when a token is flipped"
        fire_tokens_flipped(s, hero)
