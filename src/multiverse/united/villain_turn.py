"""The Villain turn with a Master Plan card (MU-10 … MU-13): Nimrod's or a standard Villain's."""

from __future__ import annotations

from multiverse.united.board import OVERFLOW_ONCE, RING, add_tokens
from multiverse.united.cardtext import effect_text, master_plan_effects
from multiverse.united.damage import deal_damage
from multiverse.united.hooks import fire, hooked
from multiverse.united.lasting import henchman_stunned, villain_stunned, villain_turn_over, villain_turn_starts
from multiverse.united.owned import clones_hit
from multiverse.united.protection import (
    BLANK_MASTER_PLAN,
    CANCEL_BAM,
    STOP_MOVE,
    henchman_away,
    use_protection,
)
from multiverse.united.state import UnitedState, push, step
from multiverse.united.tables import Move
from multiverse.united.verbs import push_villain_effects
from multiverse.united.vocab.villain import add_extra, drawn, redirected, villain_arrives


@step("villain_turn")
def villain_turn(s: UnitedState, f: tuple) -> None:
    """MU-10/MU-11: reveal the top Master Plan card; move, BAM!, effect, tokens, Overflow.
    An empty Master Plan deck when a card must be revealed loses the game."""
    if not s.mp_deck:
        s.end("loss", "the Master Plan deck ran out")
        return
    c = s.mp_deck.pop()
    if s.mp_known:
        drawn(s, c)
    s.story.append(c)
    s.since = 0
    s.ovf = OVERFLOW_ONCE
    if s.protect:  # stun markers and guards of "the next Villain turn" (united/lasting.py)
        villain_turn_starts(s)
    t = s.T
    if s.log is not None:
        s.emit("master_plan", f"{t.villain_name} plays {t.card_name[c]}: {master_plan_effects(t, c)}", card=c)
    frames: list[tuple] = [("villain_move", c)]
    if t.mp_bam[c]:
        frames.append(("bam",))
    frames += [("villain_card_effect", c), ("villain_tokens", c)]
    if t.hooks and hooked(s, "villain_turn_ends"):
        frames.append(("hook", "villain_turn_ends", -1))
    if s.protect:
        frames.append(("lasting_villain_turn_over",))
    push(s, *frames)
    if t.hooks:
        fire(s, "master_plan_revealed")


@step("villain_card_effect")
def villain_card_effect(s: UnitedState, f: tuple) -> None:
    """MU-11: the card's special effect (unless a hero's effect blanks it)."""
    fx = s.T.card_fx[f[1]]
    if fx and s.protect and use_protection(s, BLANK_MASTER_PLAN):  # spent on an effect only
        if s.log is not None:
            s.emit("master_plan_blanked", f"The effect of {s.T.card_name[f[1]]} is ignored")
        return
    push_villain_effects(s, fx, s.T.card_name[f[1]])


def most_cards_destination(s: UnitedState) -> int:
    """The next clockwise Location (from the Villain's, its own last) holding the hero
    with the most cards in hand; heroes out of play are not counted."""
    live = [h for h in range(len(s.hand)) if s.in_play(h)]
    if not live:
        return s.n_loc
    most = max(len(s.hand[h]) for h in live)
    spots = {s.hero_loc[h] for h in live if len(s.hand[h]) == most}
    for k in range(1, RING + 1):
        p = (s.n_loc + k) % RING
        if p in spots:
            return p
    return s.n_loc


def most_of(s: UnitedState, counts: list[int]) -> int:
    """The Location with the highest count; ties go to the first clockwise from the
    Villain's (its own Location last). A count of 0 everywhere leaves the Villain in place."""
    best, dest = 0, s.n_loc
    for k in range(1, RING + 1):
        p = (s.n_loc + k) % RING
        if counts[p] > best:
            best, dest = counts[p], p
    return dest


def destination(s: UnitedState, move: Move) -> int:
    """MU-11: where a Master Plan card's move ends: a count round the ring, the Location
    with the most of something, or a named Location (if in play; else the Villain stays)."""
    kind, n, what = move
    if kind == "steps":
        return (s.n_loc + n) % RING
    if kind == "to":
        return s.locs.index(n) if n in s.locs else s.n_loc
    if what == "most_cards":
        return most_cards_destination(s)
    if what == "most_civilians":
        return most_of(s, s.civ)
    if what == "most_thugs":
        return most_of(s, s.thug)
    here = [0] * RING
    for h in range(len(s.hand)):
        if s.in_play(h):
            here[s.hero_loc[h]] += 1
    return most_of(s, here)


@step("villain_move")
def villain_move(s: UnitedState, f: tuple) -> None:
    """MU-11: move clockwise the printed number, or as the card's text says.
    MU-13: a Threat with a Location trigger fires when the Villain ends a move there."""
    move = s.T.mp_move[f[1]]
    dest = destination(s, move)
    if dest == s.n_loc:
        if s.log is not None and move != ("steps", 0, ""):
            s.emit("villain_stays", f"{s.T.villain_name} stays in {s.loc_name(dest)}", to=dest)
        return
    if s.protect and villain_stunned(s):  # a stun marker: the Villain does not move
        if s.log is not None:
            s.emit("villain_stays", f"{s.T.villain_name} is stunned and does not move")
        return
    if s.protect and use_protection(s, STOP_MOVE):  # a move that would happen is stopped
        if s.log is not None:
            s.emit("villain_stays", f"{s.T.villain_name} does not move")
        return
    if s.protect and redirected(s, move, dest):  # the owner's player decides where it goes
        return
    villain_arrives(s, dest)


@step("bam")
def bam(s: UnitedState, f: tuple) -> None:
    """MU-11 BAM!: the dashboard's BAM! (Nimrod: damage to each hero in his Location,
    more in the yellow and red bands; a standard Villain: its dashboard text) and the BAM!
    of every Threat in play (a Threat's "here" is its own Location)."""
    t = s.T
    if s.protect and use_protection(s, CANCEL_BAM):
        if s.log is not None:
            s.emit("bam_cancelled", f"BAM! ({t.villain_name}) is cancelled")
        return
    for pos in range(RING - 1, -1, -1):
        th = s.threat[pos]
        if th >= 0 and t.threat_bam[th] and not (s.protect and henchman_away(s, pos)):
            if s.protect and henchman_stunned(s, pos):  # a stunned Henchman: no BAM!
                if s.log is not None:
                    s.emit("stunned", f"{t.threat_henchman[th]} is stunned: no BAM!", location=pos)
                continue
            push_villain_effects(s, t.threat_bam[th], t.threat_name[th], pos)
    if s.protect and villain_stunned(s):  # a stun marker: the Villain deals no BAM! of its own
        if s.log is not None:
            s.emit("stunned", f"{t.villain_name} is stunned: no BAM!")
        return
    if t.villain_bam is not None:
        if s.log is not None:  # issue 21: no "damage to each hero here" with no hero there
            hits_nobody = (not s.heroes_at(s.n_loc) and not t.duplicates and
                           all(e[0] == "damage_heroes_here" for e in t.villain_bam))
            s.emit("bam", f"BAM! ({t.villain_name}) deals no damage: no hero in "
                   f"{s.loc_name(s.n_loc)}" if hits_nobody else
                   f"BAM! ({t.villain_name}): {effect_text(t.villain_bam)}", amount=0)
        push_villain_effects(s, t.villain_bam, f"{t.villain_name}'s BAM!")
        return
    bonus = t.bonus_red if s.track >= t.red else t.bonus_yellow if s.track >= t.yellow else 0
    n = t.bam_damage + bonus
    if s.log is not None:
        band = f" ({t.bam_damage} + {bonus} in the {'red' if s.track >= t.red else 'yellow'} band)"
        nobody = not s.heroes_at(s.n_loc) and not t.duplicates
        s.emit("bam", f"BAM! Nimrod deals no damage: no hero in {s.loc_name(s.n_loc)}" if nobody
               else f"BAM! Nimrod deals {n} damage{band if bonus else ''} to each hero in "
               f"{s.loc_name(s.n_loc)}", amount=n)
    for h in reversed(s.heroes_at(s.n_loc)):
        s.stack.append(("damage_hero", h, n, "Nimrod's BAM!", "bam"))
    if t.duplicates:  # a duplicate's clones there are removed (united/owned.py)
        clones_hit(s, s.n_loc, "Nimrod's BAM!")


@step("damage_hero")
def damage_hero_step(s: UnitedState, f: tuple) -> None:
    """MU-21: ("damage_hero", hero, n, source[, kind of source])."""
    deal_damage(s, f[1], f[2], f[3], f[4] if len(f) > 4 else "")


@step("villain_tokens")
def villain_tokens(s: UnitedState, f: tuple) -> None:
    """MU-11/MU-12: tokens for the left neighbour, the Villain's Location and the right
    neighbour (left = counterclockwise); each full Location overflows once this turn."""
    left, here, right = s.T.mp_tokens[f[1]]
    p = s.n_loc
    extra = s.T.mp_extra.get(f[1]) if s.T.mp_extra else None  # an owner's third kind
    for i, (pos, (c, t)) in enumerate((((p - 1) % RING, left), (p, here), ((p + 1) % RING, right))):
        if c or t:
            add_tokens(s, pos, c, t)
        if extra and extra[i]:
            add_extra(s, pos, extra[i])


@step("lasting_villain_turn_over")
def lasting_villain_turn_over(s: UnitedState, f: tuple) -> None:
    """MU-11: the end of the Villain turn: effects `until: villain_turn` end, the stun
    markers of this turn go (united/lasting.py)."""
    villain_turn_over(s)
