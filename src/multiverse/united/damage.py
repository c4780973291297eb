"""Damage to heroes, KO and elimination (MU-21, MU-22, DFP-D1, DFP-D3)."""

from __future__ import annotations

from multiverse.engine.decision import Option
from multiverse.united.board import raise_track
from multiverse.united.cardtext import card_option
from multiverse.united.hooks import fire
from multiverse.united.lasting import damage_replaced, keeps_last_card, lasting_damage
from multiverse.united.protection import damage_after_protection
from multiverse.united.state import PHASE_SENTINELS, UnitedState, choice


def deal_damage(s: UnitedState, h: int, n: int, source: str, kind: str = "",
                task: str = "") -> None:
    """MU-21: each damage makes the hero put 1 card from hand at the bottom of their deck.

    A KO'd or eliminated hero is ignored (MU-22). A Threat with a damage bonus (Mutant
    Detection) in the hero's Location adds to each damage dealt there. A hero with an empty
    hand who takes damage is KO'd (Decision). `kind` is the kind of source (`bam`,
    `henchman`, `threat`, `sentinel`, `villain`, `location`, `card`; `united.lasting.SOURCES`)
    a protection may name; lasting text waiting for `damage_taken` hears the damage left
    after the protections, and may replace it. `task`: the source's part that deals it, for
    the narration ("Sentinel II's Target task deals 1 damage …", issue 21).
    """
    if s.ko[h] or s.out[h] or n <= 0 or s.result is not None:
        return
    t = s.threat[s.hero_loc[h]]
    bonus = s.T.threat_bonus[t] if t >= 0 else 0
    n += bonus
    if s.protect:
        n = damage_after_protection(s, h, n)
        if n > 0:  # lasting text and the next Villain turn (united/lasting.py)
            n = lasting_damage(s, h, n, kind, source)
        if n <= 0:
            return
    if s.T.hooks and "damage_taken" in s.T.hooks and damage_replaced(s, h, n, source):
        return
    if s.protect and keeps_last_card(s, h):  # the last card in hand stays (no KO by it)
        n = min(n, len(s.hand[h]) - 1)
        if n <= 0:
            if s.log is not None:
                s.emit("last_card_kept", f"{s.hero_name(h)} keeps their last card: {source}'s "
                       "damage does not take it", hero=h)
            return
    if s.log is not None:
        why = f" ({n - bonus} + {bonus} from {s.T.threat_name[t]})" if bonus else ""
        head = f"{source}'s {task}" if task else source
        s.emit("hero_damaged", f"{head} deals {n} damage to {s.hero_name(h)}{why}",
               hero=h, amount=n, source=source, bonus=bonus)
    if not s.hand[h]:
        knock_out(s, h)
        return
    s.stack.append(("wound", h, n))


def _wound_options(s: UnitedState, f: tuple) -> tuple:
    h, n = f[1], f[2]
    t = s.T
    kept = t.kept
    return (s.seat(h), (_wound_prompt, t.hero_names[h], n),
            [kept.get(("card", c)) or card_option(t, c) for c in s.hand[h]])


def _wound_prompt(hero: str, n: int) -> str:
    return f"{hero} takes damage ({n} left): which card goes to the bottom of the deck?"


@choice("wound", _wound_options)
def resolve_wound(s: UnitedState, f: tuple, opt: Option) -> None:
    """MU-21: the chosen card goes to the bottom of the deck; the last card lost is a KO."""
    h, n = f[1], f[2]
    c = opt.data["card"]
    s.hand[h].remove(c)
    s.deck[h].insert(0, c)
    if not s.hand[h]:
        knock_out(s, h)
    elif n > 1:
        s.stack.append(("wound", h, n - 1))


def knock_out(s: UnitedState, h: int) -> None:
    """MU-22: a KO'd hero triggers the Villain's BAM! once (standard game). With the DFP
    dashboard instead: blue part (Sentinels) raises the track, the hero
    stands up next turn; pink part (Nimrod) eliminates the hero (DFP-D1, DFP-D3)."""
    if s.T.mode == "standard":
        s.ko[h] = 1
        if s.log is not None:
            s.emit("ko", f"{s.hero_name(h)} is KO'd: BAM!", hero=h)
        s.stack.append(("bam",))
    elif s.phase == PHASE_SENTINELS:
        s.ko[h] = 1
        if s.log is not None:
            s.emit("ko", f"{s.hero_name(h)} is KO'd", hero=h)
        n = s.T.ko_track + s.T.ko_track_per_analyzer * s.threats_tagged("data_analyzer")
        raise_track(s, n, f"{s.hero_name(h)} was KO'd")
    else:
        s.out[h] = 1
        if s.log is not None:
            s.emit("eliminated", f"{s.hero_name(h)} is KO'd and eliminated", hero=h)
        if all(s.out):
            s.end("loss", "every hero was eliminated")
    if s.T.hooks:  # lasting text waiting for a KO resolves before the KO's BAM!
        fire(s, "ko", h)


def draw(s: UnitedState, h: int, n: int) -> int:
    """Draw up to `n` cards from the top of the deck; return how many were drawn."""
    deck, hand = s.deck[h], s.hand[h]
    k = min(n, len(deck))
    for _ in range(k):
        hand.append(deck.pop())
    if s.seen:  # a card seen at the bottom of the deck is in a hand now
        s.seen = [c for c in s.seen if c not in hand]
    return k
