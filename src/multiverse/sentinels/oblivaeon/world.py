"""OblivAeon's world: battle zones and what moves between them (OBL-B1, C17, C19),
environments destroyed (OBL-E1 … E4), Devastation (OBL-B2 … B4), the Scion Reserve
(OBL-C5), incapacitation and new heroes (OBL-I1 … I5, C20, C22, C23)."""

from __future__ import annotations

from multiverse.engine.decision import Option
from multiverse.engine.words import count
from multiverse.sentinels import triggers
from multiverse.sentinels.amounts import count_here, usurped
from multiverse.sentinels.cardtext import card_label
from multiverse.sentinels.damage import INCAPACITATE_HOOKS, blocked, deal_damage, incapacitate
from multiverse.sentinels.oblivaeon.setup import ASIDE, GONE, set_up_hero
from multiverse.sentinels.select import zone_of
from multiverse.sentinels.state import (
    Z_BOX,
    Z_DECK,
    Z_HAND,
    Z_PLAY,
    Z_REMOVED,
    Z_TRASH,
    Z_UNDER,
    SentinelsState,
    choice,
    step,
)
from multiverse.sentinels.tables import DAMAGE_TYPES, ENVIRONMENT
from multiverse.sentinels.turns import TURN_OVER_HOOKS, heroes_lost
from multiverse.sentinels.verbs import applies, verb
from multiverse.sentinels.vocab.counters import change_counter
from multiverse.sentinels.zones import (
    REMOVED_HOOKS,
    cards_under,
    draw,
    move,
    put,
    put_under,
    remove_from_game,
    take,
)

ZONE_NAMES = ("the First Battle Zone", "the Second Battle Zone")
INFERNAL = DAMAGE_TYPES.index("infernal")
ERASED = -2


def zone_name(z: int) -> str:
    return ZONE_NAMES[z] if 0 <= z < 2 else "no battle zone"


def ob_zone(s: SentinelsState) -> int:
    """The battle zone holding OblivAeon's marker."""
    return s.bz[s.T.villain_character]


# ----- moving between zones ----------------------------------------------------------
def move_hero(s: SentinelsState, p: int, z: int) -> bool:
    """OBL-C1, C19: a hero's marker moves, and with it its play area and every card in it."""
    if s.azone[p] == z or (s.char[p] >= 0 and blocked(s, "cannot_be_moved", s.char[p])):
        return False
    s.azone[p] = z
    for c in s.play[p]:
        s.bz[c] = z
    if s.char[p] >= 0:  # a card of this hero resolving (a one-shot) goes along
        for c in s.T.hdeck_cards[s.T.hdeck[s.char[p]]]:
            if s.zone[c] == Z_BOX and s.home[c] == p:
                s.bz[c] = z
    if s.log is not None:
        s.emit("zone_move", f"{s.oname(p)} moves to {zone_name(z)}", hero=p, zone=z)
    if s.T.watchers.get("hero_enters_zone") and s.char[p] >= 0:  # cards watching it arrive
        triggers.fire_watchers(s, "hero_enters_zone", s.char[p])
    return True


def move_oblivaeon(s: SentinelsState, z: int) -> None:
    """OblivAeon's marker moves to zone `z`; his Shield goes with him (OBL-C17)."""
    t = s.T
    vc = t.villain_character
    if s.bz[vc] == z:
        return
    s.bz[vc] = z
    for c in t.shield_cards.values():
        if s.zone[c] == Z_PLAY:
            s.bz[c] = z
    if s.log is not None:
        s.emit("zone_move", f"OblivAeon moves to {zone_name(z)}", card=vc, zone=z)


def move_card(s: SentinelsState, c: int, z: int) -> None:
    """Move a card in play to zone `z`: a hero character moves its hero (OBL-C1); a card in
    a hero's play area moves only with its hero; OblivAeon moves with his Shield; any other
    villain or environment card moves alone, indestructible or not (OBL-B1, C17). An
    environment card moved so stays in play in the other zone, where its text then acts
    (its turn texts fire in that zone's environment turn, docs/oblivaeon.md)."""
    t = s.T
    if s.zone[c] != Z_PLAY or z not in (0, 1):
        return
    h = s.hero_of(c)
    if t.hero_char[c] >= 0 and h >= 0 and s.char[h] == c:
        move_hero(s, h, z)
    elif c == t.villain_character:
        move_oblivaeon(s, z)
    elif s.home[c] >= t.n_heroes and not blocked(s, "cannot_be_moved", c):
        s.bz[c] = z
        if s.log is not None:
            s.emit("zone_move", f"{s.name(c)} moves to {zone_name(z)}", card=c, zone=z)


# ----- the Scion Reserve ---------------------------------------------------------------
def play_scion(s: SentinelsState, z: int) -> int:
    """OBL-C5: the bottom Scion of the Scion Reserve enters play in zone `z` (-1: none left)."""
    if not s.reserve:
        return -1
    c = s.reserve[0]
    take(s, c)
    s.zone[c] = Z_BOX
    s.bz[c] = z
    put(s, c, Z_PLAY)
    if s.log is not None:
        s.emit("scion", f"{zone_label(z)}{s.name(c)} enters play from the Scion Reserve",
               card=c, zone=z)
    if s.T.watchers.get("scion_enters_play"):  # cards watching for a new Scion
        triggers.fire_watchers(s, "scion_enters_play", c)
    return c


def zone_label(z: int) -> str:
    return f"Zone {z + 1}: "


def scion_removed(s: SentinelsState, c: int) -> None:
    """OBL-B3: whenever a Scion is removed from the game, remove 1 Devastation token."""
    t = s.T
    if c in t.scions:
        change_counter(s, "Devastation", -1, f"{s.name(c)} is removed from the game")
        if c in t.usurp_faces and s.result is None and oblivaeon_fallen(s) and not usurped(s):
            s.end("win", f"{s.name(c)}, who usurped OblivAeon's power, is defeated: "
                  "OblivAeon falls with the usurper (OBL-C22)")


def oblivaeon_fallen(s: SentinelsState) -> bool:
    """OblivAeon's last form is at 0 HP or less: defeated, but a usurper held his power
    (OBL-C22, `damage.villain_down`)."""
    vc = s.T.villain_character
    return s.face[vc] + 1 == s.T.n_faces[vc] and s.hp[vc] <= 0


REMOVED_HOOKS.append(lambda s, c: scion_removed(s, c) if s.T.dynamic else None)


def devastation_check(s: SentinelsState, z: int) -> None:
    """OBL-B2: at the start of a villain turn, more Scions than heroes in the zone add 1
    Devastation token per Scion there."""
    scions = count_here(s, "scions", -1, zone_ref(z))
    heroes = count_here(s, "heroes", -1, zone_ref(z))
    if scions > heroes:
        change_counter(s, "Devastation", scions, f"{count(scions, 'Scion')} against "
                       f"{count(heroes, 'hero', 'heroes')} in {zone_name(z)}")


def zone_ref(z: int) -> str:
    return "first" if z == 0 else "second"


# ----- environments destroyed ------------------------------------------------------------
def environment_removed(s: SentinelsState, o: int) -> None:
    """OBL-E1 … E4: every card of that environment deck is removed from the game wherever it
    is; OblivAeon moves to its zone; a set-aside environment takes its place (the players
    choose) and OblivAeon deals each target there 20 irreducible infernal damage; with none
    set aside, the multiverse is destroyed."""
    t = s.T
    z = s.azone[o]
    if z < 0:
        return
    if s.log is not None:
        s.emit("environment_removed", f"{zone_label(z)}{t.owner_names[o]} is destroyed: its "
               "cards are removed from the game", owner=o, zone=z)
    for c in t.deck_cards[o]:
        if s.zone[c] != Z_REMOVED:
            take(s, c)
            s.zone[c] = Z_REMOVED
    for c in [*s.deck[o], *s.trash[o], *s.play[o]]:  # planted seeds: back to their heroes
        h = s.hero_of(c)
        if h >= 0:
            move(s, c, Z_TRASH, home=h)
        else:
            remove_from_game(s, c)
    for c in range(len(t.card)):  # a card of another deck moved into its piles and
        if s.home[c] == o and s.zone[c] == Z_BOX:  # resolving now goes back to its own
            own = t.owner[c] if t.owner[c] >= 0 else s.hero_of(c)
            if own >= 0:
                s.own_home()[c] = own
    s.azone[o] = GONE
    move_oblivaeon(s, z)
    if t.watchers:
        triggers.fire_watchers(s, "environment_removed", t.villain_character)
    aside = [e for e in t.envs if s.azone[e] == ASIDE]
    if not aside:
        s.end("loss", "the multiverse is destroyed")
        return
    s.stack.append(("ob_inferno", z))
    s.stack.append(("ob_new_environment", z))


def _new_env_options(s: SentinelsState, f: tuple) -> tuple:
    t = s.T
    aside = [e for e in t.envs if s.azone[e] == ASIDE]
    return (s.seat(s.turn), f"Which environment enters {zone_name(f[1])}?",
            [Option(f"env:{t.env_ids[e - t.envs[0]]}", t.owner_names[e], {"env": e})
             for e in aside])


@choice("ob_new_environment", _new_env_options)
def new_environment(s: SentinelsState, f: tuple, opt: Option) -> None:
    """OBL-E2: a set-aside environment deck becomes the zone's environment."""
    e = opt.data["env"]
    s.azone[e] = f[1]
    if s.log is not None:
        s.emit("environment_enters", f"{zone_label(f[1])}{s.T.owner_names[e]} enters",
               owner=e, zone=f[1])


@step("ob_inferno")
def inferno(s: SentinelsState, f: tuple) -> None:
    """OBL-E4: OblivAeon deals each target in the zone 20 irreducible infernal damage, one
    after another in play order (SOTM-16): each target, OblivAeon himself included (he has
    just moved there, OBL-E3); an immunity his Shield gives him still applies (SOTM-15)."""
    z = f[1]
    s.stack.append(("check_loss",))
    for c in reversed([c for c in s.inplay if s.bz[c] == z and s.is_target(c)]):
        s.stack.append(("ob_infernal", c))


@step("ob_infernal")
def infernal(s: SentinelsState, f: tuple) -> None:
    c = f[1]
    if s.is_target(c):
        deal_damage(s, s.T.villain_character, c, 20, INFERNAL, True, cross=True)


# ----- incapacitation and new heroes ----------------------------------------------------
def hero_incapacitated(s: SentinelsState, p: int) -> None:
    """OBL-I1 … I3, B4: the hero's non-character cards (but Missions) go to the box; its
    rewards under its character card, reward side up; its objectives to the bottom of the
    Mission deck, objective side up; others' cards in its play area to their trashes; +1
    Devastation. A new hero follows after the turn (OBL-I4)."""
    t = s.T
    char = s.char[p]
    d = t.hdeck[char]
    keep_under = t.card[char].kind == "character" and t.under_blocks.get(char, False)
    for c in t.hdeck_cards[d]:  # OBL-I1
        if s.zone[c] in (Z_REMOVED, Z_BOX) or (keep_under and s.zone[c] == Z_UNDER
                                               and _holder(s, c) == char):
            continue
        take(s, c)
        s.zone[c] = Z_BOX
        s.own_face()[c] = 0
    for c in [c for c in t.missions if s.home[c] == p and s.zone[c] in (Z_HAND, Z_DECK, Z_TRASH,
                                                                           Z_PLAY)]:
        if s.face[c] == 1:  # OBL-I2: rewards under the character card, reward side up
            put_under(s, c, char)
        else:  # objectives to the bottom of the Mission deck, objective side up
            to_mission_deck(s, c)
    for c in list(s.play[p]):  # OBL-I3: others' cards to their proper trash
        if t.hero_char[c] < 0 and c not in t.missions:
            o = s.owner_of(c)
            move(s, c, Z_TRASH, home=o if o != p else None)
    s.hand[p].clear()
    if s.user[d] >= 0:
        s.user[d] = -1
    change_counter(s, "Devastation", 1, f"{s.name(char)} is incapacitated")  # OBL-B4


INCAPACITATE_HOOKS["oblivaeon"] = hero_incapacitated


def _holder(s: SentinelsState, c: int) -> int:
    u = s.under
    for i in range(0, len(u), 2):
        if u[i] == c:
            return u[i + 1]
    return -1


def to_mission_deck(s: SentinelsState, c: int) -> None:
    """A Mission card back under the Mission deck, objective side up, tokens gone (OBL-C16)."""
    take(s, c)
    s.own_face()[c] = 0
    put(s, c, Z_DECK, home=s.T.mission, bottom=True)


def erase(s: SentinelsState, c: int) -> None:
    """OBL-C20: the hero is incapacitated and can never be played again."""
    h = s.hero_of(c)
    if h < 0 or s.char[h] != c or s.incap[h]:
        return
    d = s.T.hdeck[c]
    if s.log is not None:
        s.emit("erased", f"{s.name(c)} is erased by OblivAeon", hero=h)
    incapacitate(s, h)
    s.user[d] = ERASED


def deck_available(s: SentinelsState, d: int) -> bool:
    """OBL-I5, C20, C23: a hero deck no one plays, not erased, and not held back by a
    variant incapacitated with cards still under it or in play."""
    t = s.T
    if s.user[d] != -1:
        return False
    return not any(t.under_blocks.get(c) and s.zone[c] == Z_PLAY and cards_under(s, c)
                   for c in t.hdeck_chars[d])


def free_characters(s: SentinelsState) -> list[int]:
    """Character cards a player may set up (OBL-I5: never one already incapacitated)."""
    t = s.T
    return [c for d in range(len(t.hdeck_ids)) if deck_available(s, d)
            for c in t.hdeck_chars[d] if s.zone[c] == Z_BOX]


def turn_over(s: SentinelsState) -> None:
    """OBL-I4: after the end of the turn, each player whose hero was incapacitated sets up
    another (or is out of heroes)."""
    for p in reversed(range(s.T.n_heroes)):
        if s.incap[p] == 1:
            s.stack.append(("ob_replace", p))


@step("ob_replace")
def replace(s: SentinelsState, f: tuple) -> None:
    """OBL-I4: a new hero if any character card is free, else the player is out of heroes."""
    p = f[1]
    if s.incap[p] != 1:
        return
    s.stack.append(("ob_new_hero", p) if free_characters(s) else ("ob_out_of_heroes", p))


TURN_OVER_HOOKS["oblivaeon"] = turn_over


def _new_hero_options(s: SentinelsState, f: tuple) -> tuple:
    p = f[1]
    if s.incap[p] != 1:
        return 0, "", []
    t = s.T
    free = free_characters(s)
    if not free:
        return 0, "", []
    return (p, f"{s.player_name(p)}: set up a new hero",
            [Option(f"hero:{c}", (card_label, t, c), {"card": c}) for c in free])


@choice("ob_new_hero", _new_hero_options)
def new_hero(s: SentinelsState, f: tuple, opt: Option) -> None:
    """OBL-I4: a new hero from the box as at the start of a game (a hand of four), then it
    may change battle zone."""
    p = f[1]
    c = opt.data["card"]
    who = s.player_name(p)
    set_up_hero(s, p, c)
    if s.log is not None:
        s.emit("new_hero", f"{who} sets up {s.name(c)} in {zone_name(s.azone[p])}",
               hero=p, card=c)
    draw(s, p, s.T.config.hand_size)
    s.stack.append(("ob_zone_move", p, 1))


@step("ob_out_of_heroes")
def out_of_heroes(s: SentinelsState, f: tuple) -> None:
    p = f[1]
    s.incap[p] = 2
    if s.log is not None:
        s.emit("out_of_heroes", f"{s.player_name(p)} has no hero left to set up", hero=p)
    heroes_lost(s)


def revive(s: SentinelsState, c: int) -> None:
    """OBL-C22: a revival returns the incapacitated character card to the box (available
    again) and its rewards to its player's hand; once Rainek Kel'Voss has usurped
    OblivAeon, it works as written: the hero returns at full HP, if its player has no
    hero standing (else to the box as before)."""
    t = s.T
    p = s.home[c]
    if t.hero_char[c] < 0 or s.zone[c] != Z_PLAY or s.face[c] == 0 or p >= t.n_heroes:
        return
    rewards = [r for r in cards_under(s, c) if r in t.missions]
    for r in rewards:
        move(s, r, Z_HAND, home=p)
    if usurped(s) and s.incap[p] and deck_available(s, t.hdeck[c]):
        take(s, c)
        s.zone[c] = Z_BOX
        set_up_hero(s, p, c)
        draw(s, p, t.config.hand_size)
        if s.log is not None:
            s.emit("revived", f"{s.name(c)} is revived", card=c)
    else:
        take(s, c)
        s.zone[c] = Z_BOX
        s.own_face()[c] = 0
        if s.log is not None:
            s.emit("revived", f"{s.name(c)} returns to the box", card=c)


# ----- the mode's verbs -------------------------------------------------------------------
@verb("move_oblivaeon", mode=True)
def move_oblivaeon_verb(s: SentinelsState, sid: int, this: int, hero: int, other: int,
                        n: int) -> None:
    """OBL-C17: OblivAeon (and his Shield) move to the step's zone (default: the other)."""
    z = zone_of(s, s.T.steps[sid].zone, this)
    move_oblivaeon(s, z if z >= 0 else 1 - ob_zone(s))


@verb("play_scion", mode=True)
def play_scion_verb(s: SentinelsState, sid: int, this: int, hero: int, other: int,
                    n: int) -> None:
    """OBL-C5: the bottom Scion of the Reserve enters play in the step's zone, `amount`
    times."""
    z = zone_of(s, s.T.steps[sid].zone, this)
    for _ in range(n):
        play_scion(s, z if z >= 0 else 0)


@verb("game_over", mode=True)
def game_over_verb(s: SentinelsState, sid: int, this: int, hero: int, other: int,
                   n: int) -> None:
    """OBL-E1: an environment's Game Over destroys that environment, not the game."""
    o = s.home[this] if this >= 0 else -1
    if o >= 0 and s.T.okind[o] == ENVIRONMENT:
        environment_removed(s, o)


@verb("remove_environment", mode=True)
def remove_environment_verb(s: SentinelsState, sid: int, this: int, hero: int, other: int,
                            n: int) -> None:
    """OBL-E2: the environment of the step's zone is removed from the game."""
    z = zone_of(s, s.T.steps[sid].zone, this)
    o = next((e for e in s.T.envs if s.azone[e] == z), -1)
    if o >= 0:
        environment_removed(s, o)


@applies("move_to_zone", mode=True)
def move_to_zone(s: SentinelsState, sid: int, this: int, hero: int, other: int, c: int) -> None:
    """OBL-C17, C19: each selected card (a hero character: the hero) moves to the step's
    zone (default: the other one)."""
    z = zone_of(s, s.T.steps[sid].zone, this)
    move_card(s, c, z if z >= 0 else 1 - s.bz[c])


@applies("erase_hero", mode=True)
def erase_hero(s: SentinelsState, sid: int, this: int, hero: int, other: int, c: int) -> None:
    """OBL-C20: the selected hero is incapacitated and can never be played again."""
    erase(s, c)


@verb("revive_hero", mode=True)
def revive_hero(s: SentinelsState, sid: int, this: int, hero: int, other: int, n: int) -> None:
    """OBL-C22: an incapacitated hero of this zone returns (the players choose which)."""
    s.stack.append(("ob_revive", this))


def _revive_options(s: SentinelsState, f: tuple) -> tuple:
    t = s.T
    z = s.bz[f[1]] if f[1] >= 0 else 0
    members = {m for team in t.team.values() for m in team}  # a team is revived by its first
    down = [c for c in s.inplay if t.hero_char[c] >= 0 and s.face[c] != 0 and s.bz[c] == z
            and c not in members and not (s.hero_of(c) >= 0 and s.char[s.hero_of(c)] == c
                                          and not s.incap[s.hero_of(c)])]
    return (s.seat(s.turn), f"{s.name(f[1])}: which incapacitated hero is revived?",
            [Option(f"card:{c}", t.name[c], {"card": c}) for c in down])


@choice("ob_revive", _revive_options)
def resolve_revive(s: SentinelsState, f: tuple, opt: Option) -> None:
    revive(s, opt.data["card"])
