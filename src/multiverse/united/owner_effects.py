"""The owner's effect vocabulary of Special Effects (MU-17): "you may", costs, counts, other
heroes, actions granted for this turn (MU-18), moves and "choose one" (docs/content.md,
cookbook); the lasting, area, Villain and Storyline verbs are in `owner_board`; this turn's
reach and fills, swaps, discards and "a while off the board" in `owner_turn`.

A step written with any of these words compiles with a 6th item, its extras (sorted
`(key, value)` pairs), and its `hfx` frame carries them (`united.effects.hero_effect` sends
such a frame here). The words are taken off one at a time, each by its own rule step, in
the order a player reads them: "you may" (a choice to resolve or decline), the cost, the
count, who, then the verb. A step without them never comes here, so existing content and
its games are unchanged.
"""

from __future__ import annotations

from multiverse.engine.decision import Option
from multiverse.engine.words import count
from multiverse.united.board import RING
from multiverse.united.cardtext import effect_text, verb_text
from multiverse.united.damage import draw
from multiverse.united.enemies import enemies_at, fill_threat, hit
from multiverse.united.owner_board import (
    blank_master_plan,
    cancel_bam,
    clear_threat_here,
    convert_symbols,
    copy_effect,
    damage_each_enemy_here,
    delay_master_plan,
    double_symbols,
    extra_damage,
    flip_facedown,
    ignore_damage,
    ignore_overflow,
    lose_civilians,
    move_tokens,
    move_villain,
    prevent_damage,
    stop_villain_move,
    take_damage,
    thugs_to_civilians,
)
from multiverse.united.owner_components import (
    COMPONENT_PHRASES,
    COMPONENT_VERBS,
    component_count,
    component_locations,
)
from multiverse.united.owner_turn import (
    attack_range,
    attack_reach,
    draw_discard,
    extra_fill,
    more_fills,
    swap_locations,
    swap_storyline,
    turn_count,
    vanish_with_henchman,
)
from multiverse.united.owner_villain import PHRASES as VILLAIN_PHRASES
from multiverse.united.owner_villain import VERBS as VILLAIN_VERBS
from multiverse.united.protection import attack_damage
from multiverse.united.standard.missions import RESCUE, record
from multiverse.united.state import UnitedState, choice
from multiverse.united.tables import ATTACK, HEROIC, MOVE, SYMBOLS, WILD

Extras = tuple  # sorted (key, value) pairs

# verbs whose own choice offers the decline of "you may"
_SELF_DECLINING = frozenset({"take_action", "choose_one"})


def without(x: Extras, key: str) -> Extras:
    """The extras less `key` (one word taken off, MU-17)."""
    return tuple(p for p in x if p[0] != key)


def with_extra(x: Extras, key: str, value: object) -> Extras:
    """The extras with `key` set to `value`, kept sorted."""
    return tuple(sorted((*without(x, key), (key, value))))


def owner_effect(s: UnitedState, f: tuple) -> None:
    """One step with the owner's words, for hero `h` (MU-17 Special Effects, MU-20)."""
    _, h, verb, n, sym, civ, thug, source, x = f
    d = dict(x)
    if "optional" in d and (verb not in _SELF_DECLINING or "cost" in d):
        if "cost" not in d or can_pay(s, h, d["cost"]):
            s.stack.append(("may", (*f[:8], without(x, "optional"))))
        return
    if "cost" in d:
        if not pay_cost(s, h, d["cost"]):
            return  # the cost cannot be paid: the step does not resolve
        x = without(x, "cost")
    if "per" in d:
        n *= board_count(s, h, d["per"])
        x = without(x, "per")
        if n <= 0:
            return
    if "who" in d:
        for_whom(s, (*f[:3], n, *f[4:8], without(x, "who")), d["who"])
        return
    o = d.get("hero", h)
    run = _VERBS.get(verb)
    if run is None:  # a verb of the base vocabulary, for hero `o`
        s.stack.append(("hfx", o, verb, n, sym, civ, thug, source))
    else:
        d["civ"], d["thug"] = civ, thug  # the step's C/T letters, for the verbs that read them
        run(s, h, o, n, sym, d, source)


# ----- "you may" ----------------------------------------------------------------------------
def describe(fx: tuple) -> str:
    """A step in words, for an option's label ("draw 2", "gain 1 Attack action")."""
    verb, n, sym = fx[0], fx[1], fx[2]
    words = verb.replace("_", " ")
    if verb in ("gain_token", "give_token"):
        return f"{words.split()[0]} {count(n, SYMBOLS[sym].title() + ' token')}"
    if verb in ("gain_action", "take_action"):
        return f"{words.split()[0]} {count(n, SYMBOLS[sym].title() + ' action')}"
    phrase = _PHRASES.get(verb)
    return phrase(n) if phrase else f"{words} {n}"


_PHRASES = {
    "choose_one": lambda n: "choose one",
    "move": lambda n: "move",
    "draw_until": lambda n: f"draw until you hold {n}",
    "rescue": lambda n: f"rescue {count(n, 'Civilian')}",
    "defeat_thugs": lambda n: f"defeat {count(n, 'Thug')}",
    "deal_damage": lambda n: f"deal {n} damage",
    "deal_damage_villain": lambda n: f"deal {n} damage to the Villain or a Henchman",
    "fill_threat": lambda n: f"fill {count(n, 'symbol')} on the Threat here",
    "move_anywhere": lambda n: "move anywhere",
    "ignore_damage": lambda n: "ignore all damage",
    "prevent_damage": lambda n: f"prevent {n} damage",
    "cancel_bam": lambda n: f"cancel {count(n, 'BAM!', 'BAM!s')}",
    "stop_villain_move": lambda n: "stop the Villain's move",
    "ignore_overflow": lambda n: "ignore Overflow",
    "extra_damage": lambda n: f"deal {n} more damage with each Attack",
    "damage_each_enemy_here": lambda n: f"deal {n} damage to every enemy here",
    "take_damage": lambda n: f"take {n} damage",
    "lose_civilians": lambda n: f"lose {count(n, 'Civilian')} here",
    "thugs_to_civilians": lambda n: f"turn {count(n, 'Thug')} into Civilians",
    "clear_threat": lambda n: "clear the Threat here",
    "delay_master_plan": lambda n: f"put the top {count(n, 'Master Plan card')} at the bottom",
    "blank_master_plan": lambda n: "ignore the next Master Plan effect",
    "move_villain": lambda n: "move the Villain",
    "convert_symbols": lambda n: "count symbols as another kind",
    "double_symbols": lambda n: "double your symbols",
    "flip_facedown": lambda n: "flip a Storyline card facedown",
    "move_tokens": lambda n: "move tokens to another Location",
    "copy_effect": lambda n: "copy the previous Hero card's effect",
    # this turn, the Storyline, discards and a while off the board (`owner_turn`)
    "draw_discard": lambda n: f"draw {count(n, 'card')}, then discard 1",
    "swap_storyline": lambda n: "swap this card with the previous Hero card",
    "swap_locations": lambda n: "swap your Location with an adjacent one",
    "attack_range": lambda n: "your Attacks also reach the adjacent Locations",
    "extra_fill": lambda n: f"fill {count(n, 'more symbol')} with each fill",
    "vanish_with_henchman": lambda n: "leave the board with the Henchman here until your next turn",
    **VILLAIN_PHRASES,
    **COMPONENT_PHRASES,
}


def step_words(inner: tuple) -> str:
    """A waiting step (an `hfx` frame with its extras) in the card's words."""
    return verb_text((*inner[2:7], inner[8]))


def _may_options(s: UnitedState, f: tuple) -> tuple:
    inner = f[1]
    h, source = inner[1], inner[7]
    what = step_words(inner)
    return (s.seat(h), f"{s.hero_name(h)}: {source}: you may {what}",
            [Option("resolve", f"Resolve: {what}", _YES), Option("decline", "Decline", _NO)])


_YES, _NO = {"resolve": True}, {"resolve": False}


@choice("may", _may_options)
def resolve_may(s: UnitedState, f: tuple, opt: Option) -> None:
    """"You may": the hero's player resolves the step or declines it."""
    if opt.data["resolve"]:
        s.stack.append(f[1])
    elif s.log is not None:
        s.emit("decline", f"{s.hero_name(f[1][1])} declines: {step_words(f[1])}", hero=f[1][1])


# ----- costs --------------------------------------------------------------------------------
def _pay(pool: list[int], tokens: list[int], h: int, cost: tuple[int, ...]) -> bool:
    """Pay `cost` (counts of move/attack/heroic/wild) from this turn's symbols, then tokens
    (MU-5 order: the symbol, a Wild symbol, a token, a Wild token); a Wild in a cost is paid
    by any one symbol or token. False (lists partly spent) when it cannot be paid."""
    for sym in (MOVE, ATTACK, HEROIC):
        for _ in range(cost[sym]):
            if pool[sym]:
                pool[sym] -= 1
            elif pool[WILD]:
                pool[WILD] -= 1
            elif tokens[h * 4 + sym]:
                tokens[h * 4 + sym] -= 1
            elif tokens[h * 4 + WILD]:
                tokens[h * 4 + WILD] -= 1
            else:
                return False
    for _ in range(cost[WILD]):
        i = next((i for i in range(4) if pool[i]), -1)
        if i >= 0:
            pool[i] -= 1
            continue
        i = next((i for i in range(4) if tokens[h * 4 + i]), -1)
        if i < 0:
            return False
        tokens[h * 4 + i] -= 1
    return True


def can_pay(s: UnitedState, h: int, cost: tuple[int, ...]) -> bool:
    """Could hero `h` pay `cost` now (MU-17: this turn's symbols, then tokens)?"""
    return _pay(s.pool[:], s.tokens[:], h, cost)


def pay_cost(s: UnitedState, h: int, cost: tuple[int, ...]) -> bool:
    """Pay a step's cost, or change nothing and return False when it cannot be paid."""
    if not can_pay(s, h, cost):
        return False
    _pay(s.pool, s.tokens, h, cost)
    return True


# ----- counts -------------------------------------------------------------------------------
def board_count(s: UnitedState, h: int, what: str) -> int:
    """What `per` counts, seen from hero `h`'s Location."""
    pos = s.hero_loc[h]
    if what in ("heroes_here", "other_heroes_here"):
        n = len(s.heroes_at(pos))
        return n - (1 if what == "other_heroes_here" and s.in_play(h) else 0)
    if what == "civilians_here":
        return s.civ[pos]
    if what == "thugs_here":
        return s.thug[pos]
    if what == "threats_cleared":
        return sum(1 for t in s.threat if t < 0)
    if what in ("civilians_rescued", "heroes_in_game"):
        return turn_count(s, what)
    if what in ("companion_here", "clones_in_play"):
        return component_count(s, h, what)
    if what[1:] == "_here":  # the Villain's extra tokens of that letter (owner_villain)
        return s.xtok[pos] if what[0] == s.T.extra_letter else 0
    return len(s.hand[h])  # cards_in_hand


# ----- who ----------------------------------------------------------------------------------
def for_whom(s: UnitedState, f: tuple, who: str) -> None:
    """The step acts for the hero(es) `who` names; a chosen hero is the player's pick."""
    h, x = f[1], f[8]
    if who in ("one_hero", "another_hero"):
        s.stack.append(("pick_hero", f, int(who == "another_hero")))
        return
    pos = s.hero_loc[h]
    heroes = [o for o in range(len(s.hand)) if s.in_play(o)] if who == "each_hero" else s.heroes_at(pos)
    for o in reversed(heroes):
        if o != h or who != "each_other_hero_here":
            s.stack.append((*f[:8], with_extra(x, "hero", o)))


def _pick_options(s: UnitedState, f: tuple) -> tuple:
    inner, another = f[1], f[2]
    h = inner[1]
    return (s.seat(h), f"{inner[7]}: which hero? ({step_words(inner)})",
            [Option(f"hero:{o}", s.hero_name(o), {"hero": o})
             for o in range(len(s.hand)) if s.in_play(o) and not (another and o == h)])


@choice("pick_hero", _pick_options)
def resolve_pick_hero(s: UnitedState, f: tuple, opt: Option) -> None:
    """"One hero" / "another hero": the step acts for the hero the player picks."""
    inner = f[1]
    s.stack.append((*inner[:8], with_extra(inner[8], "hero", opt.data["hero"])))


# ----- the verbs ----------------------------------------------------------------------------
def gain_action(s: UnitedState, h: int, o: int, n: int, sym: int, d: dict, source: str) -> None:
    """Extra actions for this turn only: symbols to spend now, lost at the end of the turn
    (unlike action tokens, MU-5)."""
    s.pool[sym] += n
    if s.log is not None:
        s.emit("gain_action", f"{s.hero_name(h)} gains {count(n, SYMBOLS[sym].title() + ' action')} "
               "for this turn", hero=h, symbol=SYMBOLS[sym], count=n)


def take_action(s: UnitedState, h: int, o: int, n: int, sym: int, d: dict, source: str) -> None:
    """Actions taken now (MU-18), in the Location(s) `where` names; "both adjacent" takes
    `n` in each neighbour, the left one first."""
    if s.protect and s.away(o):  # off the board for a while (`owner_turn`): no actions
        return
    where = d.get("where", "here")
    opt = int("optional" in d)
    targets = d.get("targets", "any")
    if where == "both_adjacent":
        s.stack.append(("act", o, sym, n, "right", targets, opt, source, ()))
        s.stack.append(("act", o, sym, n, "left", targets, opt, source, ()))
    else:
        s.stack.append(("act", o, sym, n, where, targets, opt, source, ()))


def action_locations(s: UnitedState, h: int, where: str) -> list[int]:
    """The Locations a granted action may be used at (MU-18 at a Location `where` names)."""
    pos = s.hero_loc[h]
    if where == "here":
        return [pos]
    if where == "left":
        return [(pos - 1) % RING]
    if where == "right":
        return [(pos + 1) % RING]
    if where == "adjacent":
        return [(pos - 1) % RING, (pos + 1) % RING]
    if where == "any":
        return list(range(RING))
    if where in ("companion", "a_clone"):
        return component_locations(s, h, where)
    return sorted({s.hero_loc[o] for o in range(len(s.hand)) if o != h and s.in_play(o)})


def _fair(oid: str, targets: str, hits: tuple) -> bool:
    """Several Attacks: "one target" keeps to the first enemy hit, "different targets" never
    hits an enemy twice (each Thug is a different enemy, defeated by its one damage)."""
    if targets == "different":
        return oid not in hits or oid.endswith(":thug")
    if targets == "one":
        return not hits or (oid == hits[0] and not oid.endswith(":thug"))
    return True


def _act_options(s: UnitedState, f: tuple) -> tuple:
    _, h, sym, n, where, targets, optional, source, hits = f
    opts: list[Option] = []
    pos = s.hero_loc[h]
    if sym in (MOVE, WILD) and s.grab != h:
        dests = range(RING) if where == "any" else ((pos - 1) % RING, (pos + 1) % RING)
        opts += [Option(f"move:{p}", f"Move to {s.loc_name(p)}", {"act": "move", "location": p})
                 for p in dests if p != pos]
    locs = action_locations(s, h, where) if sym != MOVE else ()
    if sym in (ATTACK, WILD):
        for p in ([*locs, *action_locations(s, h, "adjacent")]
                  if s.protect and attack_reach(s, h, where) else locs):
            for e in enemies_at(s, p):
                oid = f"attack:{p}:{e.id}"
                if _fair(oid, targets, hits):
                    opts.append(Option(oid, f"Attack {e.label} in {s.loc_name(p)}",
                                       {"act": "attack", "location": p, **(e.data or {})}))
    if sym in (HEROIC, WILD):
        for p in locs:
            if s.civ[p]:
                opts.append(Option(f"rescue:{p}", f"Rescue a Civilian in {s.loc_name(p)}",
                                   {"act": "rescue", "location": p}))
            if s.threat[p] >= 0:
                for k in (MOVE, ATTACK, HEROIC) if sym == WILD else (HEROIC,):
                    if s.need[p * 3 + k]:
                        opts.append(Option(f"fill:{p}:{SYMBOLS[k]}",
                                           f"Fill a {SYMBOLS[k].title()} in {s.loc_name(p)}",
                                           {"act": "fill", "location": p, "symbol": k}))
    if optional and opts:
        opts.append(Option("stop", "Stop (take no more)", {"act": "stop"}))
    return (s.seat(h), f"{s.hero_name(h)}: {source}: "
            f"{count(n, SYMBOLS[sym].title() + ' action')} to take", opts)


@choice("act", _act_options)
def resolve_act(s: UnitedState, f: tuple, opt: Option) -> None:
    """MU-18: one granted action (Move, Attack, Heroic; Wild: any of them), then the rest."""
    _, h, _sym, n, where, targets, optional, source, hits = f
    a = opt.data["act"]
    if a == "stop":
        return
    if n > 1:
        s.stack.append((*f[:3], n - 1, where, targets, optional, source,
                        (*hits, opt.id) if targets != "any" else hits))
    p = opt.data.get("location", -1)
    if a == "move":
        move_hero(s, h, p)
    elif a == "attack":
        hit(s, h, opt.data, attack_damage(s, h, opt.data), p)
    elif a == "rescue":
        s.civ[p] -= 1
        record(s, RESCUE)
        if s.log is not None:
            s.emit("rescue", f"{s.hero_name(h)} rescues a Civilian in {s.loc_name(p)}",
                   hero=h, location=p)
    else:
        fill_threat(s, p, opt.data["symbol"], s.hero_name(h))
        if s.protect:
            more_fills(s, h, p, opt.data["symbol"])


def move(s: UnitedState, h: int, o: int, n: int, sym: int, d: dict, source: str) -> None:
    """Hero `o` moves to a Location `where` names (adjacent by default); with `bring`, the
    heroes who were with `o` move along."""
    s.stack.append(("move_to", o, h, d.get("where", "adjacent"), int("bring" in d), source))


def _destinations(s: UnitedState, o: int, h: int, where: str) -> list[int]:
    pos = s.hero_loc[o]
    if where == "adjacent":
        out = [(pos - 1) % RING, (pos + 1) % RING]
    elif where == "any":
        out = list(range(RING))
    elif where == "your_location":
        out = [s.hero_loc[h]]
    elif where == "companion":  # your companion's Location (the card's owner's)
        out = component_locations(s, h, where)
    else:  # a_hero: a Location where another hero stands
        out = sorted({s.hero_loc[q] for q in range(len(s.hand)) if q != o and s.in_play(q)})
    return [p for p in out if p != pos]


def _move_to_options(s: UnitedState, f: tuple) -> tuple:
    _, o, h, where, _bring, source = f
    if s.grab == o:  # DFP-C11: a held hero does not move
        return s.seat(h), "", []
    return (s.seat(h), f"{source}: {s.hero_name(o)} moves where?",
            [Option(f"to:{p}", s.loc_name(p), {"location": p})
             for p in _destinations(s, o, h, where)])


@choice("move_to", _move_to_options)
def resolve_move_to(s: UnitedState, f: tuple, opt: Option) -> None:
    """The hero moves where the player says, bringing the heroes there if `bring` (MU-17)."""
    _, o, _h, _where, bring, _source = f
    p = opt.data["location"]
    came = [q for q in s.heroes_at(s.hero_loc[o]) if q != o and s.grab != q] if bring else []
    move_hero(s, o, p)
    for q in came:
        move_hero(s, q, p)


def choose_one(s: UnitedState, h: int, o: int, n: int, sym: int, d: dict, source: str) -> None:
    """MU-17 "choose one": the hero's player picks a branch (or declines an optional one)."""
    s.stack.append(("choose_one", h, d["options"], int("optional" in d), source))


def _choose_options(s: UnitedState, f: tuple) -> tuple:
    _, h, branches, optional, source = f
    opts = [Option(f"option:{i}", effect_text(b), {"option": i})
            for i, b in enumerate(branches)]
    if optional:
        opts.append(Option("decline", "Decline", {"option": -1}))
    return s.seat(h), f"{s.hero_name(h)}: {source}: choose one", opts


@choice("choose_one", _choose_options)
def resolve_choose_one(s: UnitedState, f: tuple, opt: Option) -> None:
    """"Choose one": the steps of the branch the player picks resolve."""
    from multiverse.united.effects import push_hero_effects

    i = opt.data["option"]
    if i >= 0:
        push_hero_effects(s, f[1], f[2][i], f[4])


def draw_until(s: UnitedState, h: int, o: int, n: int, sym: int, d: dict, source: str) -> None:
    """Hero `o` draws until holding `n` cards (nothing with `n` or more already)."""
    k = draw(s, o, max(0, n - len(s.hand[o])))
    if s.log is not None:
        s.emit("draw", f"{s.hero_name(o)} draws {k}", hero=o, count=k)


def give_token(s: UnitedState, h: int, o: int, n: int, sym: int, d: dict, source: str) -> None:
    """MU-17: give up to `n` tokens of a symbol to another hero (only if you hold one)."""
    if s.tokens[h * 4 + sym]:
        s.stack.append(("give_token", h, sym, n, source))


def _give_options(s: UnitedState, f: tuple) -> tuple:
    _, h, sym, _n, source = f
    return (s.seat(h), f"{source}: give {SYMBOLS[sym].title()} token(s) to which hero?",
            [Option(f"hero:{o}", s.hero_name(o), {"hero": o})
             for o in range(len(s.hand)) if o != h and s.in_play(o)])


@choice("give_token", _give_options)
def resolve_give_token(s: UnitedState, f: tuple, opt: Option) -> None:
    """MU-5: up to `n` of your action tokens of that kind become the other hero's."""
    _, h, sym, n, _source = f
    o = opt.data["hero"]
    k = min(n, s.tokens[h * 4 + sym])
    s.tokens[h * 4 + sym] -= k
    s.tokens[o * 4 + sym] += k
    if s.log is not None:
        s.emit("give_token", f"{s.hero_name(h)} gives {count(k, SYMBOLS[sym].title() + ' token')} "
               f"to {s.hero_name(o)}", hero=h, to=o, symbol=SYMBOLS[sym], count=k)


def move_hero(s: UnitedState, h: int, pos: int) -> None:
    """Hero `h` is now in Location `pos` (MU-18 Move, or an effect's move)."""
    s.hero_loc[h] = pos
    if s.log is not None:
        s.emit("hero_moves", f"{s.hero_name(h)} moves to {s.loc_name(pos)}", hero=h, to=pos)


_VERBS = {"gain_action": gain_action, "take_action": take_action, "move": move,
          "choose_one": choose_one, "draw_until": draw_until, "give_token": give_token,
          "ignore_damage": ignore_damage, "prevent_damage": prevent_damage,
          "cancel_bam": cancel_bam, "stop_villain_move": stop_villain_move,
          "ignore_overflow": ignore_overflow, "extra_damage": extra_damage,
          "damage_each_enemy_here": damage_each_enemy_here, "take_damage": take_damage,
          "lose_civilians": lose_civilians, "thugs_to_civilians": thugs_to_civilians,
          "clear_threat": clear_threat_here, "delay_master_plan": delay_master_plan,
          "blank_master_plan": blank_master_plan, "move_villain": move_villain,
          "convert_symbols": convert_symbols, "double_symbols": double_symbols,
          "flip_facedown": flip_facedown, "move_tokens": move_tokens,
          "copy_effect": copy_effect,
          "draw_discard": draw_discard, "swap_storyline": swap_storyline,
          "swap_locations": swap_locations, "attack_range": attack_range,
          "extra_fill": extra_fill, "vanish_with_henchman": vanish_with_henchman, **VILLAIN_VERBS,
          **COMPONENT_VERBS}
