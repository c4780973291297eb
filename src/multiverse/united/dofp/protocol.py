"""The Sentinel Activation Protocol (DFP-A2 … DFP-A16, DFP-SOLO1 … DFP-SOLO3)."""

from __future__ import annotations

from multiverse.engine.decision import Option
from multiverse.united.board import OVERFLOW_ONCE, add_tokens, is_full, move_sentinel_closer, raise_track
from multiverse.united.cardtext import hero_option
from multiverse.united.damage import deal_damage
from multiverse.united.lasting import sentinel_stunned
from multiverse.united.narrate import TASKS, activation_text, task_list, times
from multiverse.united.state import UnitedState, choice, push, step
from multiverse.united.storyline import has_special_effect, last_hero_cards, symbols_of


def choose_activation(s: UnitedState, h: int) -> None:
    """DFP-A2 / DFP-A10 / DFP-A16 / DFP-SOLO1: which Sentinel activates after `h`'s turn."""
    if s.T.config.solo:
        s.stack.append(("reveal_target_token", h))
        return
    t = s.target[h]
    if t >= 0 and s.s_loc[t] >= 0:
        s.stack.append(("activate", t, h))
    else:
        s.stack.append(("choose_sentinel", h))


@step("reveal_target_token")
def reveal_target_token(s: UnitedState, f: tuple) -> None:
    """DFP-SOLO1/SOLO2: reveal the first facedown token and activate that Sentinel; once the
    last token has been revealed and its Sentinel activated, the pile is reshuffled."""
    h = f[1]
    if not s.pile:
        reshuffle_pile(s)
    sn = s.pile.pop()
    if s.log is not None:
        s.emit("token_revealed", f"The Target token of {s.sentinel_name(sn)} is revealed", sentinel=sn)
    frames: list[tuple] = [("activate", sn, h)]
    if not s.pile:
        frames.append(("reshuffle_pile",))
    push(s, *frames)


def reshuffle_pile(s: UnitedState) -> None:
    """DFP-SOLO2/SOLO3: the pile holds the tokens of the Sentinels still in the game."""
    s.pile = s.live_sentinels()
    s.shuffle(s.pile)
    if s.log is not None:
        s.emit("pile_reshuffled", "The Target token pile is reshuffled", size=len(s.pile))


@step("reshuffle_pile")
def _reshuffle_step(s: UnitedState, f: tuple) -> None:
    reshuffle_pile(s)


def _choose_sentinel_options(s: UnitedState, f: tuple) -> tuple:
    h = f[1]
    return (s.seat(h), f"{s.hero_name(h)} holds no Target token: activate which Sentinel?",
            [Option(f"sentinel:{sn}", f"{s.sentinel_name(sn)} in {s.loc_name(s.s_loc[sn])}",
                    {"sentinel": sn}) for sn in s.live_sentinels()])


@choice("choose_sentinel", _choose_sentinel_options)
def resolve_choose_sentinel(s: UnitedState, f: tuple, opt: Option) -> None:
    """DFP-A10: a tokenless hero activates a Sentinel of their choice and counts as holding
    its token for that activation."""
    s.stack.append(("activate", opt.data["sentinel"], f[1]))


@step("activate")
def activate_sentinel(s: UnitedState, f: tuple) -> None:
    """DFP-A3: read the last 2 Hero cards and perform tasks 1 to 6 in order, once per
    matching symbol (DFP-A13: a facedown card gives nothing). DFP-A12: not a Villain turn."""
    _, sn, h = f
    if s.s_loc[sn] < 0:
        return
    if s.protect and sentinel_stunned(s, sn):  # a stun marker: this activation does nothing
        return
    cards = last_hero_cards(s, 2)
    sym = symbols_of(s, cards)
    move, add, dmg, prod = s.T.protocol
    s.ovf = OVERFLOW_ONCE
    special = bool(cards) and has_special_effect(s, cards[0])
    if s.log is not None:
        tasks = task_list(s, sym, TASKS) + ["Special Effect"] * special + ["Target"]
        s.emit("activation", activation_text(
            s, f"{s.sentinel_name(sn)} activates for {s.hero_name(h)}", cards, sym, tasks),
               sentinel=sn, hero=h, symbols=sym, cards=cards)
    frames: list[tuple] = []
    frames += [("task_move", sn, h)] * sym[move]
    frames += [("task_add", sn)] * sym[add]
    frames += [("task_damage", sn)] * sym[dmg]
    frames += [("task_production", sn)] * sym[prod]
    if special:
        frames.append(("task_special_effect", sn))
    frames.append(("task_target", sn, h))
    push(s, *frames)


@step("task_move")
def task_move(s: UnitedState, f: tuple) -> None:
    """DFP-A4: move 1 closer to the token holder; already there, raise the track by 1."""
    _, sn, h = f
    if s.s_loc[sn] == s.hero_loc[h]:
        raise_track(s, 1, f"{s.sentinel_name(sn)}'s Move task: already at {s.hero_name(h)}'s "
                    "Location")
    else:
        move_sentinel_closer(s, sn, h)


@step("task_add")
def task_add(s: UnitedState, f: tuple) -> None:
    """DFP-A5: add 1 Civilian to the Sentinel's Location (a full Location overflows)."""
    pos = s.s_loc[f[1]]
    if s.log is not None and s.ovf >> pos & 1 and is_full(s, pos):
        s.emit("task_nothing", f"{s.sentinel_name(f[1])} adds no Civilian: {s.loc_name(pos)} "
               "is full and has already overflowed this activation", sentinel=f[1], task="add")
    add_tokens(s, pos, 1, 0)


def _task_damage_options(s: UnitedState, f: tuple) -> tuple:
    sn = f[1]
    here = s.heroes_at(s.s_loc[sn])
    if not here and s.log is not None:  # computed once, as the frame is reached
        _no_damage(s, f)
    kept = s.T.kept
    return (s.seat(s.active), (_damage_prompt, s.sentinel_name(sn)),
            [kept.get(("hero", h)) or hero_option(s.T, h) for h in here])


def _damage_prompt(sentinel: str) -> str:
    return f"{sentinel} deals 1 damage: to which hero?"


def _no_damage(s: UnitedState, f: tuple) -> None:
    """DFP-A6 with no hero there, told once for a run of Damage tasks (issue 21): "Sentinel
    I deals no damage: no hero in X (Damage 3 times)"."""
    sn = f[1]
    line = f"{s.sentinel_name(sn)} deals no damage: no hero in {s.loc_name(s.s_loc[sn])}"
    last = s.log[-1] if s.log else None
    if last is not None and last.kind == "task_nothing" and last.text.startswith(line):
        return  # the rest of a run already told
    k = 1
    while k < len(s.stack) and s.stack[-1 - k] == f:
        k += 1
    s.emit("task_nothing", line + (f" (Damage {times(k)})" if k > 1 else ""), sentinel=sn,
           task="damage")


@choice("task_damage", _task_damage_options)
def task_damage(s: UnitedState, f: tuple, opt: Option) -> None:
    """DFP-A6: 1 damage to 1 hero in the Sentinel's Location, if any; the players choose."""
    deal_damage(s, opt.data["hero"], 1, s.sentinel_name(f[1]), "sentinel", "Damage task")


@step("task_production")
def task_production(s: UnitedState, f: tuple) -> None:
    """DFP-A7: recover 1 Health per Sentinel Production Threat in play, never above the
    start; already at full Health, raise the track by 1 instead."""
    sn = f[1]
    full = s.T.sentinel_health
    if s.s_hp[sn] >= full:
        raise_track(s, 1, f"{s.sentinel_name(sn)}'s Production task: already at full Health")
        return
    gain = min(s.threats_tagged("sentinel_production"), full - s.s_hp[sn])
    if gain:
        s.s_hp[sn] += gain
        if s.log is not None:
            t = s.T
            names = [t.threat_name[th] for th in s.threat
                     if th >= 0 and "sentinel_production" in t.threat_tags[th]]
            capped = " (never above its starting Health)" if gain < len(names) else ""
            s.emit("sentinel_recovers", f"{s.sentinel_name(sn)} recovers {gain} Health → "
                   f"{s.s_hp[sn]} (1 for each Sentinel Production Threat in play: "
                   f"{', '.join(names)}){capped}", sentinel=sn, amount=gain, health=s.s_hp[sn])
    elif s.log is not None:
        s.emit("task_nothing", f"{s.sentinel_name(sn)} recovers nothing: no Sentinel "
               "Production Threat in play", sentinel=sn, task="production")


@step("task_special_effect")
def task_special_effect(s: UnitedState, f: tuple) -> None:
    """DFP-A8: the last Hero card has a Special Effect: raise the track by 1."""
    raise_track(s, 1, f"{s.sentinel_name(f[1])}'s Special Effect task: the last Hero card "
                "has a Special Effect")


@step("task_target")
def task_target(s: UnitedState, f: tuple) -> None:
    """DFP-A9: the token holder in the Sentinel's Location takes 1 damage."""
    _, sn, h = f
    if s.s_loc[sn] == s.hero_loc[h]:
        deal_damage(s, h, 1, s.sentinel_name(sn), "sentinel", "Target task")
    elif s.log is not None:
        s.emit("task_nothing", f"{s.sentinel_name(sn)}'s Target task does nothing: "
               f"{s.hero_name(h)} is not in {s.loc_name(s.s_loc[sn])}", sentinel=sn, task="target")
