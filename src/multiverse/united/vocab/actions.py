"""The owner's verbs of actions and choices (MU-17 Special Effects, MU-18 actions): extra
actions for this turn, actions taken now where `where` says, moves, "choose one", draws
to a hand size and token gifts (docs/content.md, cookbook). Each registers in
`united.verbs` and takes (state, owner `h`, hero acted for `o`, amount, symbol, the step's
words as a dict, source).
"""

from __future__ import annotations

from multiverse.engine.decision import Option
from multiverse.engine.words import count
from multiverse.united.board import RING, move_hero
from multiverse.united.cardtext import effect_text
from multiverse.united.counts import component_locations
from multiverse.united.damage import draw
from multiverse.united.enemies import enemies_at, fill_threat, hit
from multiverse.united.hooks import hooked
from multiverse.united.protection import attack_damage
from multiverse.united.standard.missions import RESCUE, record
from multiverse.united.state import NOW_ACTIONS, UnitedState, choice
from multiverse.united.tables import ATTACK, HEROIC, MOVE, SYMBOLS, WILD
from multiverse.united.verbs import phrases, push_hero_effects, verb
from multiverse.united.vocab.turn import attack_reach, more_fills


# ----- the verbs ----------------------------------------------------------------------------
@verb("gain_action")
def gain_action(s: UnitedState, h: int, o: int, n: int, sym: int, d: dict, source: str) -> None:
    """Extra actions for this turn only: symbols to spend now, lost at the end of the turn
    (unlike action tokens, MU-5)."""
    s.pool[sym] += n
    if s.log is not None:
        s.emit("gain_action", f"{s.hero_name(h)} gains {count(n, SYMBOLS[sym].title() + ' action')} "
               "for this turn" + (f" ({source})" if source else ""), hero=h,
               symbol=SYMBOLS[sym], count=n)


@verb("take_action")
def take_action(s: UnitedState, h: int, o: int, n: int, sym: int, d: dict, source: str) -> None:
    """Actions taken now (MU-18), in the Location(s) `where` names; "both adjacent" takes
    `n` in each neighbour, the left one first."""
    if s.protect and s.away(o):  # off the board for a while (`owner_turn`): no actions
        return
    where = d.get("where", "here")
    opt = int("optional" in d)
    targets = d.get("targets", "any")
    if "together" in d:  # one Location chosen once for every action (united/vocab/moves.py)
        s.stack.append(("act_together", o, sym, n, where, targets, opt, source))
        return
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
    if where.startswith("at:"):  # the one Location chosen for all of them (`together`)
        return [int(where[3:])]
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
    s.now[NOW_ACTIONS] += 1  # a granted action is an action taken this turn (counts group)
    if s.T.hooks and hooked(s, "hero_action"):  # lasting text hears it after it resolves
        s.stack.append(("hook", "hero_action", h))
    if a == "move":
        move_hero(s, h, p)
    elif a == "attack":
        hit(s, h, opt.data, attack_damage(s, h, opt.data), p)
    elif a == "rescue":
        s.civ[p] -= 1
        if s.log is not None:
            s.emit("rescue", f"{s.hero_name(h)} rescues a Civilian in {s.loc_name(p)}",
                   hero=h, location=p)
        record(s, RESCUE)  # (after the line: a Mission completes because of it)
    else:
        fill_threat(s, p, opt.data["symbol"], s.hero_name(h))
        if s.protect:
            more_fills(s, h, p, opt.data["symbol"])


@verb("move")
def move(s: UnitedState, h: int, o: int, n: int, sym: int, d: dict, source: str) -> None:
    """MU-17: Hero `o` moves to a Location `where` names (adjacent by default); with `bring`, the
    heroes who were with `o` move along."""
    if "bring_one" in d or "holding" in d:  # (united/vocab/moves.py)
        s.stack.append(("move_one", o, h, d.get("where", "adjacent"), int("bring_one" in d),
                        d.get("holding", ""), source))
        return
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


@verb("choose_one")
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
    """MU-17: "Choose one": the steps of the branch the player picks resolve."""
    i = opt.data["option"]
    if i >= 0:
        push_hero_effects(s, f[1], f[2][i], f[4])


@verb("draw_until")
def draw_until(s: UnitedState, h: int, o: int, n: int, sym: int, d: dict, source: str) -> None:
    """MU-17: Hero `o` draws until holding `n` cards (nothing with `n` or more already)."""
    k = draw(s, o, max(0, n - len(s.hand[o])))
    if s.log is not None:
        s.emit("draw", f"{s.hero_name(o)} draws {k}", hero=o, count=k)


@verb("give_token")
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


phrases({
    "choose_one": lambda n: "choose one",
    "move": lambda n: "move",
    "draw_until": lambda n: f"draw until you hold {n}",
})
