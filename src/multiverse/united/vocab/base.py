"""The base effect vocabulary: the hero verbs printed cards use most (MU-17 Special
Effects, MU-20 Location effects) and the Villain's verbs (MU-11 Master Plan, dashboard and
Threat texts). Each is registered in `united.verbs`; a hero verb acts for hero `o`."""

from __future__ import annotations

from multiverse.engine.decision import Option
from multiverse.engine.words import count
from multiverse.united.board import RING, add_tokens, lower_track, move_hero, raise_track
from multiverse.united.damage import draw
from multiverse.united.enemies import enemies_at, fill_threat, hit, wild_left
from multiverse.united.lasting import source_kind
from multiverse.united.owned import clones_hit
from multiverse.united.protection import immune
from multiverse.united.standard.missions import RESCUE, record
from multiverse.united.state import UnitedState, choice
from multiverse.united.tables import SYMBOLS
from multiverse.united.verbs import phrases, verb, villain_verb


@verb("draw")
def draw_cards(s: UnitedState, h: int, o: int, n: int, sym: int, d: dict, source: str) -> None:
    """MU-17: draw `n` cards."""
    k = draw(s, o, n)
    if s.log is not None:
        s.emit("draw", f"{s.hero_name(o)} draws {k}" if k or not n else
               f"{s.hero_name(o)} draws nothing: the deck is empty", hero=o, count=k)


@verb("gain_token")
def gain_token(s: UnitedState, h: int, o: int, n: int, sym: int, d: dict, source: str) -> None:
    """MU-5: gain `n` action tokens of a symbol."""
    s.tokens[o * 4 + sym] += n
    if s.log is not None:
        s.emit("token", f"{s.hero_name(o)} gains {count(n, SYMBOLS[sym].title() + ' token')}"
               + (f" ({source})" if source else ""),
               hero=o, symbol=SYMBOLS[sym], count=n)


@verb("deal_damage")
def deal_damage(s: UnitedState, h: int, o: int, n: int, sym: int, d: dict, source: str) -> None:
    """MU-18: `n` damage to enemies in your Location, 1 at a time, each of your choice."""
    if n > 0 and "where" in d:  # in another Location (united/vocab/moves.py)
        s.stack.append(("damage_at", o, n, d["where"], -1, source))
    elif n > 0:
        s.stack.append(("effect_damage", o, n, 0, source))


@verb("deal_damage_villain")
def deal_damage_villain(s: UnitedState, h: int, o: int, n: int, sym: int, d: dict,
                        source: str) -> None:
    """MU-18: `n` damage to the Villain or a Henchman in your Location."""
    if n > 0:
        s.stack.append(("effect_damage", o, n, 1, source))


@verb("rescue")
def rescue(s: UnitedState, h: int, o: int, n: int, sym: int, d: dict, source: str) -> None:
    """MU-18 Heroic: rescue up to `n` Civilians in your Location."""
    pos = s.hero_loc[o]
    k = min(n, s.civ[pos])
    s.civ[pos] -= k
    if s.log is not None:
        s.emit("rescue", f"{s.hero_name(o)} rescues {count(k, 'Civilian')}" if k else
               f"{s.hero_name(o)} rescues no Civilian: none in {s.loc_name(pos)}", hero=o, count=k)
    record(s, RESCUE, k)  # (after the line: a Mission completes because of it)


@verb("defeat_thugs")
def defeat_thugs(s: UnitedState, h: int, o: int, n: int, sym: int, d: dict, source: str) -> None:
    """MU-18: defeat up to `n` Thugs in your Location."""
    if s.thug[s.hero_loc[o]]:
        hit(s, o, {"enemy": "thug"}, n)
    elif s.log is not None:  # issue 21: no outcome left untold
        s.emit("thug_defeated", f"{s.hero_name(o)} defeats no Thug: none in "
               f"{s.loc_name(s.hero_loc[o])}", hero=o, location=s.hero_loc[o], count=0)


@verb("move_anywhere")
def move_anywhere(s: UnitedState, h: int, o: int, n: int, sym: int, d: dict, source: str) -> None:
    """MU-17: move to any Location."""
    s.stack.append(("move_anywhere", o))


@verb("others_here_draw")
def others_here_draw(s: UnitedState, h: int, o: int, n: int, sym: int, d: dict,
                     source: str) -> None:
    """MU-17: each other hero in your Location draws `n`."""
    for x in s.heroes_at(s.hero_loc[o]):
        if x != o:
            draw(s, x, n)
            if s.log is not None:
                s.emit("draw", f"{s.hero_name(x)} draws {n} ({source})", hero=x, count=n)


@verb("one_hero_draws")
def one_hero_draws(s: UnitedState, h: int, o: int, n: int, sym: int, d: dict, source: str) -> None:
    """MU-17: one hero of your choice (any Location) draws `n`."""
    s.stack.append(("one_hero_draws", o, n))


@verb("fill_threat")
def fill_threat_here(s: UnitedState, h: int, o: int, n: int, sym: int, d: dict,
                     source: str) -> None:
    """MU-19: fill up to `n` symbols of any kind on the Threat in your Location."""
    pos = s.hero_loc[o]
    for _ in range(n):
        if s.threat[pos] < 0:
            break
        left = next((i for i in range(3) if s.need[pos * 3 + i] > 0), 0 if wild_left(s, pos) else -1)
        if left < 0:  # a Henchman Threat has no symbols to fill
            break
        fill_threat(s, pos, left, s.hero_name(o))


def _effect_damage_options(s: UnitedState, f: tuple) -> tuple:
    _, h, n, villains_only, source = f
    opts = enemies_at(s, s.hero_loc[h], bool(villains_only))
    if s.protect:  # issue 21: an immune enemy is marked (MU-18, `immune_enemy`)
        opts = [Option(o.id, f"{o.label} (immune)", o.data)
                if o.data["enemy"] != "thug" and immune(s, h, o.data, -1) else o for o in opts]
    return (s.seat(h), f"{source}: deal 1 damage ({n} left) to which enemy?", opts)


@choice("effect_damage", _effect_damage_options)
def resolve_effect_damage(s: UnitedState, f: tuple, opt: Option) -> None:
    """MU-18: Effect damage is dealt 1 at a time to enemies of the players' choice."""
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
    """MU-17: the hero moves to the Location picked."""
    move_hero(s, f[1], opt.data["location"])


def _one_hero_options(s: UnitedState, f: tuple) -> tuple:
    _, h, n = f
    return (s.seat(h), f"Which hero draws {n}?",
            [Option(f"hero:{o}", s.hero_name(o), {"hero": o})
             for o in range(len(s.hand)) if s.in_play(o)])


@choice("one_hero_draws", _one_hero_options)
def resolve_one_hero_draws(s: UnitedState, f: tuple, opt: Option) -> None:
    """MU-17: the hero picked draws the cards."""
    o = opt.data["hero"]
    k = draw(s, o, f[2])
    if s.log is not None:
        s.emit("draw", f"{s.hero_name(o)} draws {k}", hero=o, count=k)


phrases({
    "rescue": lambda n: f"rescue {count(n, 'Civilian')}",
    "defeat_thugs": lambda n: f"defeat {count(n, 'Thug')}",
    "deal_damage": lambda n: f"deal {n} damage",
    "deal_damage_villain": lambda n: f"deal {n} damage to the Villain or a Henchman",
    "fill_threat": lambda n: f"fill {count(n, 'symbol')} on the Threat here",
    "move_anywhere": lambda n: "move anywhere",
})


# ----- the Villain's verbs (MU-11) -----------------------------------------------------------
@villain_verb("raise_track")
def raise_plot(s: UnitedState, n: int, civ: int, thug: int, source: str, here: int) -> None:
    """DFP-D2 / MU-23: raise the track by `n`."""
    raise_track(s, n, _plot_cause(s, source, here))


def _plot_cause(s: UnitedState, source: str, here: int) -> str:
    """The cause a track change names: a Threat's reward "is cleared" (MU-19: its text runs
    once it is gone from its Location), else the text's source as it is."""
    if 0 <= here < RING and s.threat[here] < 0 and source in s.T.threat_name:
        return f"{source} is cleared"
    return source


@villain_verb("lower_track")
def lower_plot(s: UnitedState, n: int, civ: int, thug: int, source: str, here: int) -> None:
    """MU-23: Lower the track by `n`."""
    lower_track(s, n, _plot_cause(s, source, here))


@villain_verb("bam")
def bam_step(s: UnitedState, n: int, civ: int, thug: int, source: str, here: int) -> None:
    """MU-11: the Villain's BAM! (the dashboard's and every Threat's)."""
    s.stack.append(("bam",))


@villain_verb("villain_recover_per_hero")
def recover_per_hero(s: UnitedState, n: int, civ: int, thug: int, source: str, here: int) -> None:
    """MU-11: The Villain recovers `n` Health per hero still in play (never above its start)."""
    heal = n * sum(1 for o in s.out if not o)
    old = s.n_hp
    s.n_hp = min(s.T.nimrod_health, s.n_hp + heal)
    if s.log is not None:  # issue 21: the count it comes from, and why it is capped
        k = sum(1 for o in s.out if not o)
        why = (f" ({n} for each hero in play: {k})" if s.n_hp - old == heal else
               f" ({heal} for {count(k, 'hero', 'heroes')} in play, never above its starting "
               f"{s.T.nimrod_health})")
        s.emit("nimrod_recovers", f"{s.T.villain_name} recovers {s.n_hp - old} Health → "
               f"{s.n_hp}{why}", amount=s.n_hp - old, health=s.n_hp)


@villain_verb("damage_heroes_here")
def damage_heroes_here(s: UnitedState, n: int, civ: int, thug: int, source: str, here: int) -> None:
    """MU-21: `n` damage to each hero here (a Threat's Location, else the Villain's)."""
    kind = source_kind(s, source, here)  # what dealt it: a protection may name it (lasting)
    for h in reversed(s.heroes_at(here)):
        s.stack.append(("damage_hero", h, n, source, kind))
    if s.T.duplicates:  # a duplicate's clones here are removed (united/owned.py)
        clones_hit(s, here, source)


@villain_verb("add_tokens_here")
def add_tokens_here(s: UnitedState, n: int, civ: int, thug: int, source: str, here: int) -> None:
    """MU-12: add the tokens here (a Location that cannot take them overflows)."""
    add_tokens(s, here, civ, thug)
