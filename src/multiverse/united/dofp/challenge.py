"""Sentinel Challenges in a game against another Villain (DFP-C1 … DFP-C12)."""

from __future__ import annotations

from multiverse.engine.decision import Option
from multiverse.united.board import OVERFLOW_ONCE, add_tokens, move_sentinel_closer
from multiverse.united.damage import deal_damage
from multiverse.united.hooks import fire
from multiverse.united.lasting import sentinel_stunned
from multiverse.united.narrate import CHALLENGE_TASKS, TASKS, activation_text, task_list
from multiverse.united.state import UnitedState, choice, push, step
from multiverse.united.storyline import last_hero_cards, symbols_of

CHALLENGES = {"sentinel-i": 0, "sentinel-ii": 1, "sentinel-iii": 2}


def challenge_sentinel(s: UnitedState) -> int:
    """The Challenge Sentinel's slot while it is in the game, else -1."""
    sn = s.T.challenge
    return sn if sn >= 0 and s.s_loc[sn] >= 0 else -1


@step("challenge_activation")
def activate_challenge_sentinel(s: UnitedState, f: tuple) -> None:
    """DFP-C4: after each hero turn the Sentinel reads the symbols of the last 1 Hero card
    and performs its tasks in order (DFP-C12: not a Villain turn)."""
    _, sn, h = f
    if s.s_loc[sn] < 0:
        return
    if s.protect and sentinel_stunned(s, sn):  # a stun marker: this activation does nothing
        return
    cards = last_hero_cards(s, 1)
    sym = symbols_of(s, cards)
    move, add, dmg, prod = s.T.protocol
    s.ovf = OVERFLOW_ONCE
    if s.log is not None:
        names = (*TASKS[:3], CHALLENGE_TASKS[s.T.challenge_task])
        s.emit("activation", activation_text(
            s, f"{s.sentinel_name(sn)} (Challenge) activates after {s.hero_name(h)}'s turn",
            cards, sym, task_list(s, sym, names)), sentinel=sn, hero=h, symbols=sym, cards=cards)
    frames: list[tuple] = []
    frames += [("challenge_move", sn, h)] * sym[move]
    frames += [("challenge_add", sn)] * sym[add]
    frames += [("challenge_damage", sn, h)] * sym[dmg]
    frames += [("challenge_task4", sn, h)] * sym[prod]
    push(s, *frames)


@step("challenge_move")
def challenge_move(s: UnitedState, f: tuple) -> None:
    """DFP-C5: move 1 Location closer to the hero who just took their turn."""
    _, sn, h = f
    if s.log is not None and s.s_loc[sn] == s.hero_loc[h]:
        s.emit("task_nothing", f"{s.sentinel_name(sn)} does not move: it is already at "
               f"{s.hero_name(h)}'s Location", sentinel=sn, task="move")
    move_sentinel_closer(s, sn, h)


@step("challenge_add")
def challenge_add(s: UnitedState, f: tuple) -> None:
    """DFP-C6: add 1 Civilian to the Sentinel's Location."""
    add_tokens(s, s.s_loc[f[1]], 1, 0)


def _damage_options(s: UnitedState, f: tuple) -> tuple:
    _, sn, h = f
    here = s.heroes_at(s.s_loc[sn])
    if not here:  # DFP-C7: nobody here: move closer instead (a forced choice)
        return s.seat(h), "", [Option("move", "move closer", {"hero": -1})]
    return (s.seat(s.active), f"{s.sentinel_name(sn)} deals 1 damage: to which hero?",
            [Option(f"hero:{x}", s.hero_name(x), {"hero": x}) for x in here])


@choice("challenge_damage", _damage_options)
def challenge_damage(s: UnitedState, f: tuple, opt: Option) -> None:
    """DFP-C7: 1 damage to 1 hero in the Sentinel's Location; if there is none, move 1
    Location closer to the hero who just took their turn."""
    _, sn, h = f
    x = opt.data["hero"]
    if x < 0:
        if s.log is not None:
            s.emit("task_nothing", f"{s.sentinel_name(sn)} finds no hero in "
                   f"{s.loc_name(s.s_loc[sn])} to damage: it moves closer instead",
                   sentinel=sn, task="damage")
        move_sentinel_closer(s, sn, h)
    else:
        deal_damage(s, x, 1, s.sentinel_name(sn), "sentinel")


@step("challenge_task4")
def challenge_task4(s: UnitedState, f: tuple) -> None:
    """DFP-C8 / C9 / C10: the fourth task printed on each Challenge card."""
    _, sn, h = f
    task = s.T.challenge_task
    if task == "gain_health":
        gain_health(s, sn)
    elif task == "flip_facedown":
        flip_facedown(s, h)
    else:
        s.stack.append(("grab", sn))


def gain_health(s: UnitedState, sn: int) -> None:
    """DFP-C8 (Sentinel I): gain 1 Health, which may go above the starting value."""
    s.s_hp[sn] += 1
    if s.log is not None:
        s.emit("sentinel_recovers", f"{s.sentinel_name(sn)} gains 1 Health → {s.s_hp[sn]}",
               sentinel=sn, amount=1, health=s.s_hp[sn])


def flip_facedown(s: UnitedState, h: int) -> None:
    """DFP-C9 (Sentinel II): flip facedown the earliest faceup Storyline card of the hero who
    just took their turn that has a Special Effect, if there is one."""
    t = s.T
    for i, c in enumerate(s.story):
        if c >= 0 and t.card_owner[c] == h and t.card_special[c]:
            s.story[i] = ~c
            if s.log is not None:
                s.emit("flip_facedown", f"Sentinel II flips {t.card_name[c]} facedown", card=c, hero=h)
            if t.hooks:
                fire(s, "card_flipped", h)
            return
    if s.log is not None:
        s.emit("task_nothing", f"Sentinel II flips nothing: {s.hero_name(h)} has no faceup "
               "Storyline card with a Special Effect", hero=h, task="flip_facedown")


def _grab_options(s: UnitedState, f: tuple) -> tuple:
    sn = f[1]
    if s.grab >= 0:  # already holding: the held hero takes 1 damage (forced)
        return s.seat(s.active), "", [Option("squeeze", "squeeze", {"hero": -1})]
    here = s.heroes_at(s.s_loc[sn])
    if not here and s.log is not None:  # issue 21: no outcome left untold
        s.emit("task_nothing", f"{s.sentinel_name(sn)} grabs no one: no hero in "
               f"{s.loc_name(s.s_loc[sn])}", sentinel=sn, task="grab")
    return (s.seat(s.active), f"{s.sentinel_name(sn)} grabs a hero: which one?",
            [Option(f"hero:{x}", s.hero_name(x), {"hero": x}) for x in here])


@choice("grab", _grab_options)
def grab(s: UnitedState, f: tuple, opt: Option) -> None:
    """DFP-C10 (Sentinel III): take 1 hero in its Location into its hand; if it already
    holds a hero, that hero takes 1 damage instead."""
    sn = f[1]
    x = opt.data["hero"]
    if x < 0:
        deal_damage(s, s.grab, 1, f"{s.sentinel_name(sn)}'s grip", "sentinel")
        return
    s.grab = x
    if s.log is not None:
        s.emit("grab", f"{s.sentinel_name(sn)} grabs {s.hero_name(x)}", sentinel=sn, hero=x)


def release(s: UnitedState) -> None:
    """The held hero is free (they escaped, or the Sentinel left the game)."""
    if s.grab >= 0:
        if s.log is not None:
            s.emit("escape", f"{s.hero_name(s.grab)} breaks free", hero=s.grab)
        s.grab = -1
