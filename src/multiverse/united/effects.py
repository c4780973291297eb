"""The effect vocabulary at work: each verb of `content.schema` as a rule step."""

from __future__ import annotations

from multiverse.engine.decision import Option
from multiverse.engine.words import count
from multiverse.united.board import RING, add_tokens, lower_track, raise_track
from multiverse.united.damage import draw
from multiverse.united.enemies import enemies_at, fill_threat, hit, wild_left
from multiverse.united.owner_effects import move_hero, owner_effect
from multiverse.united.standard.missions import RESCUE, record
from multiverse.united.state import UnitedState, choice, step
from multiverse.united.tables import FX, SYMBOLS


def push_hero_effects(s: UnitedState, h: int, fx: tuple[FX, ...], source: str) -> None:
    """Queue a hero's effect steps so the first one resolves first (a step with the owner's
    words carries its extras as a 9th item)."""
    for e in reversed(fx):
        if len(e) == 5:
            verb, amount, sym, civ, thug = e
            s.stack.append(("hfx", h, verb, amount, sym, civ, thug, source))
        else:
            s.stack.append(("hfx", h, e[0], e[1], e[2], e[3], e[4], source, e[5]))


def push_villain_effects(s: UnitedState, fx: tuple[FX, ...], source: str, here: int = -1) -> None:
    """Queue villain steps; `here` is the Location of a Threat's text (-1: the Villain's)."""
    for e in reversed(fx):
        s.stack.append(("vfx", e[0], e[1], e[2], e[3], e[4], source, here))


@step("hfx")
def hero_effect(s: UnitedState, f: tuple) -> None:
    """One hero verb, resolved for hero `h` (MU-17 Special Effects, MU-20 Location effects)."""
    if len(f) > 8:
        owner_effect(s, f)
        return
    _, h, verb, n, sym, _civ, _thug, source = f
    pos = s.hero_loc[h]
    if verb == "draw":
        k = draw(s, h, n)
        if s.log is not None:
            s.emit("draw", f"{s.hero_name(h)} draws {k}", hero=h, count=k)
    elif verb == "gain_token":
        s.tokens[h * 4 + sym] += n
        if s.log is not None:
            s.emit("token", f"{s.hero_name(h)} gains {count(n, SYMBOLS[sym].title() + ' token')}",
                   hero=h, symbol=SYMBOLS[sym], count=n)
    elif verb in ("deal_damage", "deal_damage_villain"):
        if n > 0:
            s.stack.append(("effect_damage", h, n, int(verb == "deal_damage_villain"), source))
    elif verb == "rescue":
        k = min(n, s.civ[pos])
        s.civ[pos] -= k
        record(s, RESCUE, k)
        if s.log is not None:
            s.emit("rescue", f"{s.hero_name(h)} rescues {count(k, 'Civilian')}", hero=h, count=k)
    elif verb == "defeat_thugs":
        if s.thug[pos]:
            hit(s, h, {"enemy": "thug"}, n)
    elif verb == "move_anywhere":
        s.stack.append(("move_anywhere", h))
    elif verb == "others_here_draw":
        for o in s.heroes_at(pos):
            if o != h:
                draw(s, o, n)
                if s.log is not None:
                    s.emit("draw", f"{s.hero_name(o)} draws {n}", hero=o, count=n)
    elif verb == "one_hero_draws":
        s.stack.append(("one_hero_draws", h, n))
    elif verb == "fill_threat":
        for _ in range(n):
            t = s.threat[pos]
            if t < 0:
                break
            sym_left = next((i for i in range(3) if s.need[pos * 3 + i] > 0), 0 if wild_left(s, pos) else -1)
            if sym_left < 0:  # a Henchman Threat has no symbols to fill
                break
            fill_threat(s, pos, sym_left, s.hero_name(h))


def _effect_damage_options(s: UnitedState, f: tuple) -> tuple:
    _, h, n, villains_only, source = f
    return (s.seat(h), f"{source}: deal 1 damage ({n} left) to which enemy?",
            enemies_at(s, s.hero_loc[h], bool(villains_only)))


@choice("effect_damage", _effect_damage_options)
def resolve_effect_damage(s: UnitedState, f: tuple, opt: Option) -> None:
    """Effect damage is dealt 1 at a time to enemies of the players' choice."""
    _, h, n, villains_only, source = f
    if n > 1:
        s.stack.append(("effect_damage", h, n - 1, villains_only, source))
    hit(s, h, opt.data)


def _move_anywhere_options(s: UnitedState, f: tuple) -> tuple:
    h = f[1]
    return (s.seat(h), f"{s.hero_name(h)} moves to any Location: where?",
            [Option(f"to:{p}", s.loc_name(p), {"location": p})
             for p in range(RING) if p != s.hero_loc[h]])


@choice("move_anywhere", _move_anywhere_options)
def resolve_move_anywhere(s: UnitedState, f: tuple, opt: Option) -> None:
    move_hero(s, f[1], opt.data["location"])


def _one_hero_options(s: UnitedState, f: tuple) -> tuple:
    _, h, n = f
    return (s.seat(h), f"Which hero draws {n}?",
            [Option(f"hero:{o}", s.hero_name(o), {"hero": o})
             for o in range(len(s.hand)) if s.in_play(o)])


@choice("one_hero_draws", _one_hero_options)
def resolve_one_hero_draws(s: UnitedState, f: tuple, opt: Option) -> None:
    o = opt.data["hero"]
    k = draw(s, o, f[2])
    if s.log is not None:
        s.emit("draw", f"{s.hero_name(o)} draws {k}", hero=o, count=k)


_NEEDS_VILLAIN = frozenset({"bam", "villain_recover_per_hero", "damage_heroes_here",
                            "add_tokens_here"})
_VILLAIN_ONLY = frozenset({"bam", "villain_recover_per_hero"})


@step("vfx")
def villain_effect(s: UnitedState, f: tuple) -> None:
    """One villain verb (Master Plan effects, dashboard and Threat texts). "Here" is the
    Threat's Location for a Threat's text, else the Villain's."""
    _, verb, n, _sym, civ, thug, source, here = f
    if s.n_loc < 0 and ((verb in _NEEDS_VILLAIN and here < 0) or verb in _VILLAIN_ONLY):
        return  # no Villain on the board (DFP-S7 Nimrod set aside; DFP-A11 Sentinels aren't)
    if here < 0:
        here = s.n_loc
    if verb == "raise_track":
        raise_track(s, n, source)
    elif verb == "lower_track":
        lower_track(s, n, source)
    elif verb == "bam":
        s.stack.append(("bam",))
    elif verb == "villain_recover_per_hero":
        heal = n * sum(1 for o in s.out if not o)
        old = s.n_hp
        s.n_hp = min(s.T.nimrod_health, s.n_hp + heal)
        if s.log is not None:
            s.emit("nimrod_recovers", f"{s.T.villain_name} recovers {s.n_hp - old} Health → {s.n_hp}",
                   amount=s.n_hp - old, health=s.n_hp)
    elif verb == "damage_heroes_here":
        for h in reversed(s.heroes_at(here)):
            s.stack.append(("damage_hero", h, n, source))
    elif verb == "add_tokens_here":
        add_tokens(s, here, civ, thug)


__all__ = ["move_hero", "push_hero_effects", "push_villain_effects"]
