"""OblivAeon's round (OBL-R1): OblivAeon's turn (OBL-O1 … O3), each hero's turn with its
zone move and its six options (OBL-H1 … H8), then each battle zone's environment and
villain turns (OBL-V1, B2)."""

from __future__ import annotations

from typing import Any

from multiverse.engine.decision import Option
from multiverse.engine.words import count, possessive
from multiverse.sentinels.cardtext import ability_label, card_label
from multiverse.sentinels.oblivaeon.world import (
    devastation_check,
    move_hero,
    ob_zone,
    to_mission_deck,
    zone_label,
    zone_name,
)
from multiverse.sentinels.state import Z_HAND, Z_PLAY, Z_UNDER, SentinelsState, choice, step
from multiverse.sentinels.tables import Tables
from multiverse.sentinels.triggers import fire_enters_play
from multiverse.sentinels.turns import heroes_lost
from multiverse.sentinels.verbs import push_effect
from multiverse.sentinels.zones import cards_under, move, put, take


@step("ob_round")
def ob_round(s: SentinelsState, f: tuple) -> None:
    """OBL-R1: OblivAeon; each hero in play order; zone 1's environment and villain turns;
    zone 2's; repeat."""
    t = s.T
    if s.round > t.config.max_rounds:
        s.end("loss", f"the game passed {t.config.max_rounds} rounds")
        return
    s.stack.append(("ob_round_end",))
    s.stack.extend(reversed([("ob_turn",), *(("ob_hero_turn", p) for p in range(t.n_heroes)),
                             ("ob_env_turn", 0), ("ob_villain_turn", 0),
                             ("ob_env_turn", 1), ("ob_villain_turn", 1)]))


@step("ob_round_end")
def ob_round_end(s: SentinelsState, f: tuple) -> None:
    s.round += 1
    s.stack.append(("ob_round",))


def _begin(s: SentinelsState, o: int, z: int, label: str) -> None:
    s.turn = o
    s.phase = "start"
    s.new_turn()
    if s.log is not None:
        s.emit("turn", f"— {zone_label(z)}{label} (round {s.round}) —", owner=o, zone=z)


@step("ob_turn")
def ob_turn(s: SentinelsState, f: tuple) -> None:
    """OBL-O1, O2: in OblivAeon's zone: start-of-turn effects, play the top card of his
    deck, end-of-turn effects."""
    if heroes_lost(s):
        return
    t = s.T
    z = ob_zone(s)
    _begin(s, t.villain, z, "OblivAeon's turn")
    s.stack.extend(reversed([("turn_start", t.villain, z), ("play_top", t.villain, z),
                             ("turn_end", t.villain, z)]))


@step("ob_env_turn")
def ob_env_turn(s: SentinelsState, f: tuple) -> None:
    """A battle zone's environment turn, as per usual."""
    if heroes_lost(s):
        return
    z = f[1]
    t = s.T
    o = next((e for e in t.envs if s.azone[e] == z), -1)
    if o < 0:
        return
    _begin(s, o, z, f"{possessive(t.owner_names[o])} turn (environment)")
    s.stack.extend(reversed([("turn_start", o, z), ("play_top", o, z), ("turn_end", o, z)]))


@step("ob_villain_turn")
def ob_villain_turn(s: SentinelsState, f: tuple) -> None:
    """OBL-V1: start-of-this-villain-turn effects in the zone (OBL-B2 first, resolved in
    full: Devastation it adds that destroys an environment, OBL-E2 … E4, is done before any
    other start-of-turn text); a Scion card if a Scion is there; end-of-this-villain-turn
    effects."""
    if heroes_lost(s):
        return
    z = f[1]
    t = s.T
    o = t.named_decks["scion"]
    _begin(s, o, z, "villain turn")
    s.stack.extend(reversed([("ob_devastation", z), ("turn_start", o, z), ("ob_scion_play", z),
                             ("turn_end", o, z)]))


@step("ob_devastation")
def ob_devastation(s: SentinelsState, f: tuple) -> None:
    """OBL-B2: more Scions than heroes in the zone add 1 Devastation token per Scion."""
    devastation_check(s, f[1])


@step("ob_scion_play")
def ob_scion_play(s: SentinelsState, f: tuple) -> None:
    """OBL-V1: play the top card of the Scion deck if any Scion is in this zone."""
    z = f[1]
    t = s.T
    s.phase = "play"
    if any(c in t.scions and s.bz[c] == z for c in s.inplay):
        s.stack.append(("play_top", t.named_decks["scion"], z))


# ----- hero turns -----------------------------------------------------------------------
@step("ob_hero_turn")
def ob_hero_turn(s: SentinelsState, f: tuple) -> None:
    """OBL-H1 … H8: the zone move, one of six things, then the normal hero turn."""
    p = f[1]
    if heroes_lost(s):
        return
    s.turn = p
    s.phase = "start"
    s.played = s.powered = 0
    s.new_turn()
    if s.log is not None:
        s.emit("turn", f"— {zone_label(s.azone[p])}{s.oname(p)}'s turn (round {s.round}) —",
               owner=p, zone=s.azone[p])
    if s.incap[p]:  # out of heroes: only the six things remain (OBL-H6, H7)
        s.stack.append(("ob_six", p))
        return
    s.stack.extend(reversed([("ob_zone_move", p, 0), ("ob_six", p), ("turn_start", p),
                             ("play_phase", p), ("power_phase", p), ("draw_phase", p),
                             ("turn_end", p)]))


def _zone_move_options(s: SentinelsState, f: tuple) -> tuple:
    p = f[1]
    if s.incap[p] or s.result is not None:
        return 0, "", []
    here = s.azone[p]
    return (p, (_zone_move_prompt, s.oname(p), here),
            [Option("stay", (_stay_label, here), _STAY), Option("move", (_move_label, here), _MOVE)])


_STAY, _MOVE = {"move": 0}, {"move": 1}  # (read only)


def _zone_move_prompt(name: str, here: int) -> str:
    return f"{name} is in {zone_name(here)}: change battle zone?"


def _stay_label(here: int) -> str:
    return f"Stay in {zone_name(here)}"


def _move_label(here: int) -> str:
    return f"Move to {zone_name(1 - here)}"


@choice("ob_zone_move", _zone_move_options)
def zone_move(s: SentinelsState, f: tuple, opt: Option) -> None:
    """OBL-H1: at the very start of the turn (or after setting up a new hero, OBL-I4) the
    player may move the hero to the other zone: one optional move, offered once. Card text
    may move the hero again later in the turn (OBL-C19, `move_to_zone`)."""
    p = f[1]
    if opt.data["move"]:
        move_hero(s, p, 1 - s.azone[p])


def objectives(s: SentinelsState, p: int) -> list[int]:
    """Objective Mission cards (objective side up) in player `p`'s play area."""
    t, face = s.T, s.face
    missions = t.missions
    return [c for c in s.play[p] if c in missions and face[c] == 0]


def incapacitated_here(s: SentinelsState, p: int) -> list[int]:
    """Incapacitated hero character cards in player `p`'s play area."""
    t, face = s.T, s.face
    hero_char = t.hero_char
    out = [c for c in s.play[p] if hero_char[c] >= 0 and face[c] != 0]
    if out and t.team:
        members = {m for team in t.team.values() for m in team}  # a team speaks through its first
        out = [c for c in out if c not in members]
    return out


def _six_options(s: SentinelsState, f: tuple) -> tuple:
    p = f[1]
    if s.result is not None:
        return 0, "", []
    t = s.T
    mdeck = s.deck[t.mission]
    mine = objectives(s, p)
    opts: list[Option] = []
    incap, azone = s.incap, s.azone
    stand = incap[p]
    here = azone[p]
    partner = ability = reward = False
    if not stand:
        if not mine and mdeck:  # OBL-H2
            opts.append(_six_option(t, ("take", mdeck[-1])))
        if mine and mdeck:  # OBL-H3
            opts.append(_six_option(t, ("swap", mine[0], mdeck[-1])))
        for q in range(t.n_heroes):  # OBL-H4: with a player in the same zone
            if q == p or incap[q] or azone[q] != here:
                continue
            for theirs in objectives(s, q):
                partner = True
                for c in mine:
                    opts.append(Option(f"trade:{c}:{theirs}", f"Trade {t.name[c]} for "
                                       f"{s.oname(q)}'s {t.name[theirs]}",
                                       {"do": "trade", "card": c, "theirs": theirs, "with": q}))
    if len(mdeck) > 1:  # OBL-H5
        opts.append(_six_option(t, ("shuffle",)))
    for c in incapacitated_here(s, p):  # OBL-H6
        for i in range(len(t.abilities[c])):
            ability = True
            opts.append(_six_option(t, ("ability", c, i)))
        for r in cards_under(s, c):  # OBL-H7
            if r in t.missions:
                reward = True
                opts.append(_six_option(t, ("regain", r, c)))
    if not opts:
        return 0, "", []
    opts.append(_six_option(t, ("none",)))
    return p, (_six_prompt, s.oname(p), (bool(stand), bool(mine), len(mdeck), partner,
                                         here, ability, reward)), opts


def _six_option(t: Tables, key: tuple) -> Option:
    """One of the six things' options but a trade, made once per game and kept in the tables
    by what it names (an option is a value: its id, label and data never change)."""
    opt = t.kept_opt.get(key)
    if opt is None:
        opt = t.kept_opt[key] = _make_six_option(t, key)
    return opt


def _make_six_option(t: Tables, key: tuple) -> Option:
    what = key[0]
    if what == "take":  # OBL-H2: the Mission on top of the deck
        return Option("take", (_objective_label, t, key[1]), {"do": "take"})
    if what == "swap":  # OBL-H3: (the objective held, the Mission on top)
        return Option("swap", f"Swap out {t.name[key[1]]} for {t.name[key[2]]}",
                      {"do": "swap", "card": key[1]})
    if what == "shuffle":  # OBL-H5
        return Option("shuffle", "Shuffle the Mission deck", {"do": "shuffle"})
    if what == "ability":  # OBL-H6: (the incapacitated hero's card, which ability)
        c, i = key[1], key[2]
        return Option(f"ability:{c}:{i}", (_ability_label, t, c, i),
                      {"do": "ability", "card": c, "i": i})
    if what == "regain":  # OBL-H7: (the reward, the incapacitated hero it is under)
        r, c = key[1], key[2]
        return Option(f"regain:{r}", f"Regain {t.face_name[r][1]} from under {t.name[c]}",
                      {"do": "regain", "card": r})
    return Option("none", "None of these", {"do": "none"})


SIX = ("take an objective", "swap your objective", "trade objectives", "shuffle the Mission deck",
       "use an incapacitated hero's ability", "regain a reward")  # OBL-H2 … H7, in order


def six_facts(s: SentinelsState, p: int) -> tuple:
    """What the six things depend on: the hero incapacitated, an objective held, the size of
    the Mission deck, a partner in the zone holding one, the zone, an incapacitated
    ability here, a reward under an incapacitated hero here."""
    t = s.T
    here = incapacitated_here(s, p)
    return (bool(s.incap[p]), bool(objectives(s, p)), len(s.deck[t.mission]),
            any(q != p and not s.incap[q] and s.azone[q] == s.azone[p] and objectives(s, q)
                for q in range(t.n_heroes)),
            s.azone[p], any(t.abilities[c] for c in here),
            any(r in t.missions for c in here for r in cards_under(s, c)))


def six_reasons(s: SentinelsState, p: int) -> list[str]:
    """OBL-H2 … H7: for each of the six things, why it is not offered now ("" when it is)."""
    return _reasons(six_facts(s, p))


def _reasons(facts: tuple) -> list[str]:
    incap, mine, n_mdeck, partner, zone, ability, reward = facts
    out = []
    stand = "" if not incap else "your hero is incapacitated"
    out.append(stand or ("you hold an objective" if mine else
                         "" if n_mdeck else "the Mission deck is empty"))
    out.append(stand or ("you hold no objective" if not mine else
                         "" if n_mdeck else "the Mission deck is empty"))
    out.append(stand or ("you hold no objective" if not mine else "" if partner else
                         f"no other hero in {zone_name(zone)} holds one"))
    out.append("" if n_mdeck > 1 else f"the Mission deck has {count(n_mdeck, 'card')}")
    out.append("" if ability else "no incapacitated hero in your play area")
    out.append("" if reward else "no reward under an incapacitated hero")
    return out


def six_prompt(s: SentinelsState, p: int) -> str:
    """The six things' prompt (issue 21): the options name what is offered; the prompt says
    why each other thing is not, the things one reason rules out told together."""
    return _six_prompt(s.oname(p), six_facts(s, p))


def _six_prompt(name: str, facts: tuple) -> str:
    why: dict[str, list[str]] = {}
    for thing, w in zip(SIX, _reasons(facts), strict=True):
        if w:
            why.setdefault(w, []).append(thing)
    missing = "; ".join(f"{' or '.join(things)}: {w}" for w, things in why.items())
    return f"{name}: one of six things?" + (f" (not offered: {missing})" if missing else "")


@choice("ob_six", _six_options)
def six(s: SentinelsState, f: tuple, opt: Option) -> None:
    """OBL-H2 … H7: take, swap or trade an objective, shuffle the Mission deck, use an
    incapacitated ability, or regain a reward."""
    p = f[1]
    t = s.T
    d = opt.data
    do = d["do"]
    if do == "take":
        take_objective(s, p)
    elif do == "swap":
        to_mission_deck(s, d["card"])
        take_objective(s, p)
    elif do == "trade":  # OBL-C9: each keeps its tokens and HP
        c, theirs, q = d["card"], d["theirs"], d["with"]
        for card, to in ((c, q), (theirs, p)):
            i = s.play[s.home[card]].index(card)
            del s.play[s.home[card]][i]
            s.own_home()[card] = to
            s.play[to].append(card)
            s.bz[card] = s.azone[to]
        if s.log is not None:
            s.emit("trade", f"{s.oname(p)} trades {t.name[c]} for {s.oname(q)}'s "
                   f"{t.name[theirs]}", hero=p)
    elif do == "shuffle":
        s.shuffle(s.deck[t.mission])
        if s.log is not None:
            s.emit("shuffle", f"{s.oname(p)} shuffles the Mission deck (one of six things)")
    elif do == "ability":
        s.incap_used += 1
        name, fx = t.abilities[d["card"]][d["i"]]
        if s.log is not None:
            s.emit("incap_ability", f"{t.name[d['card']]} (incapacitated) uses {name}", hero=p)
        push_effect(s, fx, d["card"], p if not s.incap[p] else -1, -1)
    elif do == "regain":
        r = d["card"]
        if s.zone[r] == Z_UNDER:
            move(s, r, Z_HAND, home=p)
            if s.log is not None:
                s.emit("regain", f"{s.oname(p)} regains {t.face_name[r][1]}", hero=p, card=r)


def take_objective(s: SentinelsState, p: int) -> None:
    """The top card of the Mission deck into the player's play area, objective side up; its
    text resolves as it arrives."""
    t = s.T
    deck = s.deck[t.mission]
    if not deck:
        return
    c = deck[-1]
    take(s, c)
    put(s, c, Z_PLAY, home=p)
    if s.log is not None:
        s.emit("objective", f"{s.oname(p)} takes on {t.name[c]}", hero=p, card=c)
    push_effect(s, t.play_fx[c][0], c, p, -1)
    fire_enters_play(s, c)


def _ability_label(t: Any, c: int, i: int) -> str:
    """OBL-H6: an incapacitated hero's ability, with its text."""
    return f"{t.name[c]}: {ability_label(t, c, i)}"


def _objective_label(t: Any, c: int) -> str:
    """OBL-H3: the Mission on top of the deck, with its text."""
    return f"Take on an objective: {card_label(t, c)}"
