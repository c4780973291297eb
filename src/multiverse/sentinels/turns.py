"""Rounds and turns (SOTM-4, SOTM-5), playing cards (SOTM-8, SOTM-10), powers,
incapacitated heroes (SOTM-17) and the end of the game (SOTM-18)."""

from __future__ import annotations

from collections.abc import Callable

from multiverse.engine.decision import Option
from multiverse.engine.words import possessive
from multiverse.sentinels.cardtext import ability_label, power_name
from multiverse.sentinels.damage import blocked, blocker, heroes_lost
from multiverse.sentinels.state import Z_BOX, Z_HAND, Z_PLAY, Z_TRASH, SentinelsState, choice, push, step
from multiverse.sentinels.tables import ONE_SHOT
from multiverse.sentinels.triggers import fire_enters_play, fire_on_card, fire_turn
from multiverse.sentinels.verbs import push_effect
from multiverse.sentinels.zones import draw, limited_in_play, put, take, top_card


def zone_prefix(s: SentinelsState, z: int) -> str:
    """"Zone 2: " before narration in a game of two battle zones; nothing in the base game."""
    return f"Zone {z + 1}: " if s.T.n_zones > 1 and z >= 0 else ""


@step("check_loss")
def check_loss(s: SentinelsState, f: tuple) -> None:
    """SOTM-18: read after each step, so a villain defeated in the same step wins first."""
    heroes_lost(s)


@step("round")
def round_start(s: SentinelsState, f: tuple) -> None:
    """SOTM-4: villain turn, each hero in play order, environment turn."""
    t = s.T
    if s.round > t.config.max_rounds:
        s.end("loss", f"the game passed {t.config.max_rounds} rounds")
        return
    push(s, ("villain_turn",), *(("hero_turn", h) for h in range(t.n_heroes)),
         ("environment_turn",), ("round_end",))


@step("round_end")
def round_end(s: SentinelsState, f: tuple) -> None:
    s.round += 1
    s.stack.append(("round",))


def _deck_turn(s: SentinelsState, o: int, label: str) -> None:
    """SOTM-4: start-of-turn effects, play the top card of the deck, end-of-turn effects."""
    if heroes_lost(s):
        return
    s.turn = o
    s.phase = "start"
    s.new_turn()
    if s.log is not None:
        s.emit("turn", f"— {possessive(s.oname(o))} turn ({label}, round {s.round}) —", owner=o)
    push(s, ("play_top", o), ("turn_end", o))
    turn_start(s, ("turn_start", o))  # (the first frame: it runs now)


@step("villain_turn")
def villain_turn(s: SentinelsState, f: tuple) -> None:
    _deck_turn(s, s.T.villain, "villain")


@step("environment_turn")
def environment_turn(s: SentinelsState, f: tuple) -> None:
    _deck_turn(s, s.T.env, "environment")


def turn_zone(s: SentinelsState, f: tuple) -> int:
    """The battle zone whose cards a turn wakes (OBL-B1): the frame's, else a hero's own
    (read when the turn starts or ends: the hero may have changed zone); -1: every card."""
    if len(f) > 2:
        return f[2]
    if s.T.n_zones > 1 and f[1] < s.T.n_heroes:
        return s.azone[f[1]]
    return -1


@step("turn_start")
def turn_start(s: SentinelsState, f: tuple) -> None:
    """SOTM-7: start-of-turn effects in play-entry order; "until the start of your next
    turn" effects end now."""
    o = f[1]
    if s.mods:
        s.mods = [m for m in s.mods if not (m[3] == 1 and m[4] == o)]
    fire_turn(s, "start_of_turn", o, turn_zone(s, f))


@step("turn_end")
def turn_end(s: SentinelsState, f: tuple) -> None:
    """SOTM-7: end-of-turn effects; "this turn" effects end after them."""
    o = f[1]
    s.phase = "end"
    stack = s.stack
    n = len(stack)
    stack.append(("expire_turn",))
    fire_turn(s, "end_of_turn", o, turn_zone(s, f))
    if len(stack) == n + 1:  # no end-of-turn text: "this turn" ends now (the next frame)
        stack.pop()
        expire_turn(s, f)


@step("expire_turn")
def expire_turn(s: SentinelsState, f: tuple) -> None:
    if s.mods:
        s.mods = [m for m in s.mods if m[3] != 0]
    if heroes_lost(s):
        return
    hook = TURN_OVER_HOOKS.get(s.T.config.mode)
    if hook is not None:  # OBL-I4: after the end of the turn, new heroes
        hook(s)


TURN_OVER_HOOKS: dict[str, Callable[[SentinelsState], None]] = {}


@step("hero_turn")
def hero_turn(s: SentinelsState, f: tuple) -> None:
    """SOTM-5: start, play phase, power phase, draw phase, end; SOTM-17: an incapacitated
    hero's player uses exactly one incapacitated ability instead."""
    h = f[1]
    if heroes_lost(s):
        return
    s.turn = h
    s.phase = "start"
    s.played = s.powered = 0
    s.new_turn()
    if s.log is not None:
        s.emit("turn", f"— {possessive(s.oname(h))} turn (round {s.round}) —", owner=h)
    if s.incap[h]:
        if s.mods:  # "until the start of your next turn" ends even for an incapacitated hero
            s.mods = [m for m in s.mods if not (m[3] == 1 and m[4] == h)]
        push(s, ("incapacitated_ability", h), ("turn_end", h))
    else:
        push(s, ("play_phase", h), ("power_phase", h), ("draw_phase", h), ("turn_end", h))
    turn_start(s, ("turn_start", h))  # (the first frame: it runs now)


def _play_options(s: SentinelsState, f: tuple) -> tuple:
    h = f[1]
    if s.incap[h]:
        return 0, "", []
    s.phase = "play"
    if s.T.blocks and blocked(s, "cannot_play_cards", s.char[h]):
        _skipped(s, h, "play", f"{blocker(s, 'cannot_play_cards', s.char[h])} says "
                 f"{s.oname(h)} cannot play cards")
        return 0, "", []
    play = s.T.play_opt
    tried = f[2] if len(f) > 2 else ()  # Limited cards that just went back to hand
    held = limited_held(s, h)
    opts = [play[c] for c in s.hand[h] if c not in tried and c not in held]
    if not opts and not tried:  # issue 21: why the phase passes without a choice
        _skipped(s, h, "play", "no card in hand" if not s.hand[h] else
                 f"{', '.join(_names(s, held))}: Limited, already in play")
    opts.append(_PLAY_NONE)
    return s.seat(h), (_play_prompt, s.oname(h), _names(s, held)), opts


_PLAY_NONE = Option("skip", "Play no card", {"card": -1})


def _skipped(s: SentinelsState, h: int, phase: str, why: str) -> None:
    """SOTM-5: a phase that passes with nothing to choose, told with its cause (issue 21)."""
    if s.log is not None:
        s.emit("phase_skipped", f"{s.oname(h)} skips the {phase} phase: {why}", hero=h,
               phase=phase)


def limited_held(s: SentinelsState, h: int) -> list[int]:
    """SOTM-10: the Limited cards in the hand whose copy is in play: not offered as a play
    (issue 21: nothing offered that cannot work)."""
    return [c for c in s.hand[h] if s.T.copies[c] is not None and limited_in_play(s, c)]


def _names(s: SentinelsState, cards: list[int]) -> tuple[str, ...]:
    """The cards' names, each once, in order."""
    if not cards:
        return ()
    names: dict[str, None] = {}
    for c in cards:  # (a plain loop: a C function, compiled)
        names[s.name(c)] = None
    return tuple(names)


def _play_prompt(name: str, held: tuple[str, ...] = ()) -> str:
    return f"{name}: play phase — play a card?" + _held_note(held)


def _held_note(held: tuple[str, ...]) -> str:
    return f" (not offered: {', '.join(held)}: Limited, already in play)" if held else ""


@choice("play_phase", _play_options)
def play_phase(s: SentinelsState, f: tuple, opt: Option) -> None:
    """SOTM-5: play up to 1 card."""
    c = opt.data["card"]
    if c >= 0 and not play_from_hand(s, f[1], c):  # SOTM-10: back to hand; choose again
        tried = f[2] if len(f) > 2 else ()
        s.stack.append(("play_phase", f[1], (*tried, c)))


def _play_now_options(s: SentinelsState, f: tuple) -> tuple:
    h = f[1]
    if s.incap[h] or (s.T.blocks and blocked(s, "cannot_play_cards", s.char[h])):
        return 0, "", []  # SOTM-17: incapacitated by an earlier play, the hero plays no more
    play = s.T.play_opt
    held = limited_held(s, h)
    opts = [play[c] for c in s.hand[h] if c not in held]
    opts.append(_PLAY_NONE)
    return s.seat(h), f"{s.oname(h)} may play a card now{_held_note(_names(s, held))}", opts


@choice("play_now", _play_now_options)
def play_now(s: SentinelsState, f: tuple, opt: Option) -> None:
    """An effect lets a hero play (more) cards."""
    _, h, n = f
    c = opt.data["card"]
    if c >= 0:
        if n > 1:
            s.stack.append(("play_now", h, n - 1))
        play_from_hand(s, h, c)


def play_from_hand(s: SentinelsState, h: int, c: int) -> bool:
    """SOTM-10: a Limited card whose copy is in play cannot be played and stays in hand."""
    if limited_in_play(s, c):
        if s.log is not None:
            s.emit("limited", f"{s.name(c)} is Limited and already in play: it returns to hand", card=c)
        return False
    if h == s.turn:  # SOTM-5: only the active hero's own plays count for their draw
        s.played = 1
    take(s, c)
    s.zone[c] = Z_BOX
    if s.log is not None:
        s.emit("play", f"{zone_prefix(s, s.azone[h])}{s.oname(h)} plays {s.name(c)}", hero=h,
               card=c)
    put_into_play(s, c)
    return True


def put_into_play(s: SentinelsState, c: int, from_deck: bool = False) -> None:
    """SOTM-8: a one-shot resolves top to bottom and goes to its owner's trash; every other
    card enters play (with full HP if it is a target) and its text resolves. SOTM-10: a
    Limited card from a deck beside its copy goes to its hero's hand (a villain or
    environment card is discarded)."""
    t = s.T
    hero = s.hero_of(c)
    o = hero if hero >= 0 else s.owner_of(c)
    if t.n_zones > 1 and hero >= 0:  # OBL-C1: a hero's card is in its hero's zone
        s.bz[c] = s.azone[hero]
    f = s.face[c]  # a card is played at the face it shows
    if t.kind[c][f] == ONE_SHOT or (t.seed[c] and not from_deck):
        # a one-shot (or a seed being planted, OBL-HE3) resolves without entering play
        s.stack.append(("to_trash", c))
        push_effect(s, t.play_fx[c][f], c, hero, -1)
        return
    if limited_in_play(s, c):  # SOTM-10: from a hero's deck to hand, else discarded
        if hero >= 0:
            put(s, c, Z_HAND, home=o)
            if s.log is not None:
                s.emit("limited", f"{s.name(c)} is Limited and already in play: it goes to "
                       f"{s.oname(o)}'s hand", card=c)
        else:
            s.stack.append(("to_trash", c))
        return
    put(s, c, Z_PLAY)
    if s.phase != "setup":  # SOTM-2: cards put into play during setup trigger nothing
        push_effect(s, t.play_fx[c][f], c, hero, -1)
        fire_enters_play(s, c)


@step("to_trash")
def to_trash_step(s: SentinelsState, f: tuple) -> None:
    """A resolved one-shot goes to its owner's trash (unless its text moved it elsewhere)."""
    c = f[1]
    d = s.T.hdeck[c]
    if s.zone[c] == Z_BOX and (d < 0 or s.user[d] >= 0):  # (OBL-I1: its hero is gone: boxed)
        put(s, c, Z_TRASH)


@step("play_top")
def play_top(s: SentinelsState, f: tuple) -> None:
    """Play the top card of a deck (SOTM-4); a seed played from the environment deck
    triggers its "played from the environment deck" text first (OBL-HE3)."""
    o = f[1]
    c = top_card(s, o)
    if c < 0:
        return
    take(s, c)
    s.zone[c] = Z_BOX
    if len(f) > 2:  # the battle zone it is played in (OBL-O2: an ongoing names its own)
        s.bz[c] = entry_zone(s, c, f[2])
    if s.log is not None:
        s.emit("play", f"{zone_prefix(s, s.bz[c])}{s.oname(o)} {s.verb_s(o, 'plays', 'play')} "
               f"{s.name(c)}", owner=o,
               card=c)
    if s.T.seed[c] and s.T.okind[o] == 2:
        play_seed(s, c)
    else:
        put_into_play(s, c, from_deck=True)


def entry_zone(s: SentinelsState, c: int, z: int) -> int:
    """OBL-O2: the zone a card played in zone `z` enters: an ongoing may name its own."""
    where = s.T.card[c].enters_zone
    if where == "this" or s.T.kind[c][s.face[c]] == ONE_SHOT:
        return z
    return 1 - z if where == "other" else 0 if where == "first" else 1


def play_seed(s: SentinelsState, c: int) -> None:
    """OBL-HE3: a seed played from the environment deck resolves its "played from the
    environment deck" text (not its planting text); a one-shot seed then goes to the
    environment trash; any other seed blooms into the play area of the hero whose card it is
    (the designers' ruling: in that hero's battle zone), or stays in the environment's area
    when no active hero plays that deck."""
    if s.T.kind[c][s.face[c]] == ONE_SHOT:
        s.stack.append(("to_trash", c))
    else:
        h = s.hero_of(c)
        put(s, c, Z_PLAY, home=h if h >= 0 and not s.incap[h] else None)
    fire_on_card(s, "played_from_environment_deck", c, -1)


def powers_of(s: SentinelsState, h: int) -> list[int]:
    """Cards whose power hero `h` may use: the character card and their cards in play."""
    t = s.T
    out = [c for c in s.play[h] if t.power_fx[c][s.face[c]] and s.hero_of(c) == h]
    if t.missions:  # OBL-C10: any hero in its zone may pay an objective's cost
        z = s.azone[h]
        out += [c for c in s.inplay if c in t.missions and s.face[c] == 0 and t.power_fx[c][0]
                and s.bz[c] == z and c not in out]
    return out


_POWER_NONE = Option("skip", "Use no power", {"card": -1})


def _power_options(s: SentinelsState, f: tuple) -> tuple:
    h = f[1]
    if s.incap[h]:
        return 0, "", []
    s.phase = "power"
    if s.T.blocks and blocked(s, "cannot_use_powers", s.char[h]):
        _skipped(s, h, "power", f"{blocker(s, 'cannot_use_powers', s.char[h])} says "
                 f"{s.oname(h)} cannot use powers")
        return 0, "", []
    kept = s.T.power_opt
    opts = [kept[c] for c in powers_of(s, h)]
    opts.append(_POWER_NONE)
    return s.seat(h), f"{s.oname(h)}: power phase — use a power?", opts


@choice("power_phase", _power_options)
def power_phase(s: SentinelsState, f: tuple, opt: Option) -> None:
    """SOTM-5: use up to 1 power."""
    c = opt.data["card"]
    if c >= 0:
        use_power(s, f[1], c)


@choice("power_now", lambda s, f: _power_options(s, f))
def power_now(s: SentinelsState, f: tuple, opt: Option) -> None:
    """An effect lets a hero use (more) powers."""
    _, h, n = f
    c = opt.data["card"]
    if c >= 0:
        if n > 1:
            s.stack.append(("power_now", h, n - 1))
        use_power(s, h, c)


def use_power(s: SentinelsState, h: int, c: int) -> None:
    if h == s.turn:  # SOTM-5: only the active hero's own powers count for their draw
        s.powered = 1
    if s.log is not None:
        s.emit("power", f"{s.oname(h)} uses {power_name(s.T, c)}", hero=h, card=c)
    push_effect(s, s.T.power_fx[c][s.face[c]], c, h, -1)


@step("draw_phase")
def draw_phase(s: SentinelsState, f: tuple) -> None:
    """SOTM-5: draw 1, or 2 if the hero neither played a card nor used a power."""
    h = f[1]
    if s.incap[h]:
        return
    s.phase = "draw"
    one = bool(s.played or s.powered)
    draw(s, h, 1 if one else 2, why="draw phase" if one else
         "draw phase: no card played, no power used")


def _incap_options(s: SentinelsState, f: tuple) -> tuple:
    h = f[1]
    return (s.seat(h), f"{s.oname(h)} is incapacitated: use one ability",
            [Option(f"ability:{i}", (ability_label, s.T, s.char[h], i), {"i": i})
             for i in range(len(s.T.abilities[s.char[h]]))])


@choice("incapacitated_ability", _incap_options)
def incapacitated_ability(s: SentinelsState, f: tuple, opt: Option) -> None:
    """SOTM-17: exactly one incapacitated ability per turn."""
    h = f[1]
    s.incap_used += 1
    name, fx = s.T.abilities[s.char[h]][opt.data["i"]]
    if s.log is not None:
        s.emit("incap_ability", f"{s.oname(h)} (incapacitated) uses {name}", hero=h)
    push_effect(s, fx, s.char[h], -1, -1)


__all__ = ["Z_HAND", "round_start"]
