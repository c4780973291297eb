"""Triggers: start and end of turn in play-entry order (SOTM-7), damage, destruction,
cards entering play, seeds played from the environment deck (OBL-HE3)."""

from __future__ import annotations

from multiverse.engine.decision import Option
from multiverse.sentinels import effects as effects_mod
from multiverse.sentinels.state import Z_PLAY, SentinelsState, choice, step


def _triggers_of(s: SentinelsState, cid: int) -> tuple:
    """The triggers of the face the card shows."""
    return s.T.triggers[cid][s.face[cid]]


def _hero_of(s: SentinelsState, cid: int) -> int:
    return s.hero_of(cid)


def _whose_ok(s: SentinelsState, whose: str, card: int, owner: int) -> bool:
    t = s.T
    if whose == "any":
        return True
    if whose == "owner":
        return owner == s.home[card] or owner == s.owner_of(card)
    if whose == "villain":
        return owner == t.villain
    if whose == "environment":
        return owner == t.env
    return owner < t.n_heroes  # "hero"


def fire_turn(s: SentinelsState, event: str, owner: int) -> None:
    """SOTM-7: start- or end-of-turn effects of every card in play, in the order the cards
    entered play; the first resolves first. Each card's text waits in a `turn_text` frame
    and resolves only if that card is still in play when its turn comes."""
    frames: list[tuple] = []
    table, face, seq = s.T.triggers, s.face, s.seq
    for c in s.inplay:
        for on, whose, fx in table[c][face[c]]:
            if on == event and _whose_ok(s, whose, c, owner):
                frames.append(("turn_text", c, seq[c], fx))
    s.stack.extend(reversed(frames))


@step("turn_text")
def turn_text(s: SentinelsState, f: tuple) -> None:
    """SOTM-7: a card's queued start- or end-of-turn text resolves only if the card is still
    in play (the same stay: not destroyed, nor gone and back, since it was queued)."""
    _, c, seq, fx = f
    if s.zone[c] == Z_PLAY and s.seq[c] == seq:
        effects_mod.push_effect(s, fx, c, _hero_of(s, c), -1)


def fire_on_card(s: SentinelsState, event: str, cid: int, other: int) -> None:
    """A card's own reaction: when it is dealt damage, deals damage or is destroyed."""
    trs = _triggers_of(s, cid)
    if not trs:
        return
    for on, _whose, fx in reversed(trs):
        if on == event:
            effects_mod.push_effect(s, fx, cid, _hero_of(s, cid), other)


def fire_enters_play(s: SentinelsState, cid: int) -> None:
    """Other cards reacting to a card entering play (their `whose` names whose card)."""
    owner = s.T.owner[cid]
    groups: list[tuple] = []
    table, face = s.T.triggers, s.face
    for c in s.inplay:  # nothing here moves a card: no copy needed
        if c == cid:
            continue
        for on, whose, fx in table[c][face[c]]:
            if on == "enters_play" and _whose_ok(s, whose, c, owner):
                groups.append((c, fx))
    if len(groups) == 1:
        c, fx = groups[0]
        s.stack.extend(reversed(effects_mod.effect_frames(s, fx, c, _hero_of(s, c), cid)))
    elif groups:
        s.stack.append(("order_reactions", cid, tuple(groups)))


def _order_options(s: SentinelsState, f: tuple) -> tuple:
    _, cid, groups = f
    return (s.seat(s.turn), f"{s.name(cid)} entered play: which reaction resolves first?",
            [Option(f"react:{i}", s.name(c), {"i": i}) for i, (c, _fx) in enumerate(groups)])


@choice("order_reactions", _order_options)
def order_reactions(s: SentinelsState, f: tuple, opt: Option) -> None:
    """SOTM-7: simultaneous reactions (other than start and end of turn) resolve in the
    order the players choose; the chosen one resolves fully before the next is picked."""
    _, cid, groups = f
    i = opt.data["i"]
    rest = groups[:i] + groups[i + 1:]
    if rest:
        s.stack.append(("order_reactions", cid, rest))
    c, fx = groups[i]
    effects_mod.push_effect(s, fx, c, _hero_of(s, c), cid)
