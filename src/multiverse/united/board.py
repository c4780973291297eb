"""The ring of six Locations, distance, tokens, Overflow and the Villainous Plot track."""

from __future__ import annotations

from multiverse.engine.decision import Option
from multiverse.united.cardtext import tokens_text
from multiverse.united.owned import slots
from multiverse.united.protection import IGNORE_OVERFLOW, use_protection
from multiverse.united.state import UnitedState, choice, step
from multiverse.united.verbs import push_villain_effects

RING = 6
# `s.ovf`: bit `pos` set once Location `pos` has overflowed in this Villain turn or Sentinel
# activation; `OVERFLOW_ONCE` set while one is in progress (MU-12: once per Location per
# Villain turn). Outside them (a hero's turn) it is 0: each addition to a full Location
# overflows.
OVERFLOW_ONCE = 1 << RING


def distance(a: int, b: int) -> int:
    """MU-1: steps between two Locations along the shorter way round the ring."""
    d = (b - a) % RING
    return min(d, RING - d)


def step_toward(a: int, b: int) -> int:
    """MU-1: +1 (clockwise), -1 (counterclockwise), 0 (already there) or 3 (exactly opposite)."""
    d = (b - a) % RING
    if d == 0:
        return 0
    if d < 3:
        return 1
    if d > 3:
        return -1
    return 3


def opposite(pos: int) -> int:
    return (pos + 3) % RING


def move_sentinel_closer(s: UnitedState, sentinel: int, hero: int) -> None:
    """MU-1: move a Sentinel one Location closer to a hero; an exact tie asks the players
    (or goes clockwise with `tie_break: clockwise`)."""
    d = step_toward(s.s_loc[sentinel], s.hero_loc[hero])
    if d == 0:
        return
    if d == 3:
        if s.T.config.tie_break == "clockwise":
            d = 1
        else:
            s.stack.append(("sentinel_direction", sentinel, hero))
            return
    _move_sentinel(s, sentinel, (s.s_loc[sentinel] + d) % RING, hero)


def _move_sentinel(s: UnitedState, sentinel: int, pos: int, hero: int) -> None:
    s.s_loc[sentinel] = pos
    if s.grab >= 0 and sentinel == s.T.challenge:  # DFP-C11: the held hero moves with it
        s.hero_loc[s.grab] = pos
    if s.log is not None:
        s.emit("sentinel_moves", f"{s.sentinel_name(sentinel)} moves 1 closer to "
               f"{s.hero_name(hero)} ({s.loc_name(pos)})", sentinel=sentinel, to=pos, hero=hero)


def _direction_options(s: UnitedState, f: tuple) -> tuple:
    _, sentinel, hero = f
    here = s.s_loc[sentinel]
    cw, ccw = (here + 1) % RING, (here - 1) % RING
    return (
        s.seat(s.active),
        f"{s.sentinel_name(sentinel)} is exactly opposite {s.hero_name(hero)}: which way does it move?",
        [Option("cw", f"clockwise, to {s.loc_name(cw)}", {"location": cw}),
         Option("ccw", f"counterclockwise, to {s.loc_name(ccw)}", {"location": ccw})],
    )


@choice("sentinel_direction", _direction_options)
def resolve_sentinel_direction(s: UnitedState, f: tuple, opt: Option) -> None:
    """MU-1 Decision: at an exact tie the players choose the direction."""
    _move_sentinel(s, f[1], opt.data["location"], f[2])


def move_hero(s: UnitedState, h: int, pos: int) -> None:
    """Hero `h` is now in Location `pos` (MU-18 Move, or an effect's move)."""
    s.hero_loc[h] = pos
    if s.log is not None:
        s.emit("hero_moves", f"{s.hero_name(h)} moves to {s.loc_name(pos)}", hero=h, to=pos)


def is_full(s: UnitedState, pos: int) -> bool:
    """MU-12: no empty slot left in the Location."""
    return s.civ[pos] + s.thug[pos] + s.xtok[pos] >= (slots(s, pos) if s.parts else s.T.loc_slots[s.locs[pos]])


def add_tokens(s: UnitedState, pos: int, civ: int, thug: int) -> None:
    """MU-12: add Civilians then Thugs; a Location that cannot take them all overflows
    (once per Location per villain turn or Sentinel activation; in a hero's turn, each
    addition that does not fit overflows)."""
    free = (slots(s, pos) if s.parts else s.T.loc_slots[s.locs[pos]]) - s.civ[pos] - s.thug[pos] - s.xtok[pos]
    put_c = min(civ, free)
    put_t = min(thug, free - put_c)
    s.civ[pos] += put_c
    s.thug[pos] += put_t
    if (put_c or put_t) and s.log is not None:
        s.emit("tokens_added", f"{tokens_text(put_c, put_t)} added to {s.loc_name(pos)}",
               location=pos, civilians=put_c, thugs=put_t)
    if put_c + put_t < civ + thug:
        overflows(s, pos)


def overflows(s: UnitedState, pos: int) -> None:
    """MU-12: Location `pos` could not take every token added: its Overflow resolves,
    unless it already has in this Villain turn or Sentinel activation."""
    bit = 1 << pos
    if not s.ovf & bit:
        if s.ovf & OVERFLOW_ONCE:
            s.ovf |= bit
        resolve_overflow(s, pos)


def resolve_overflow(s: UnitedState, pos: int) -> None:
    """MU-12: the Villain's Overflow effect; DFP-D2 (gray part): each Overflow raises the
    Nimrod Activation track."""
    if s.protect and use_protection(s, IGNORE_OVERFLOW):
        if s.log is not None:
            s.emit("overflow_ignored", f"{s.loc_name(pos)} overflows: ignored", location=pos)
        return
    if s.log is not None:
        s.emit("overflow", f"{s.loc_name(pos)} overflows", location=pos)
    fx = s.T.villain_overflow
    if fx is None:
        raise_track(s, s.T.overflow_track, f"Overflow at {s.loc_name(pos)}")
    else:
        push_villain_effects(s, fx, f"Overflow at {s.loc_name(pos)}", pos)


def track_line(s: UnitedState, old: int, why: str) -> str:
    """A change of the track with its cause (issue 21): "Nimrod Activation track 3 → 4 of
    15 (Sentinel I's Move task: already at Logan's Location)"; "→ GAME OVER" at its end."""
    t = s.T
    end = " → GAME OVER" if s.track >= t.track_max else ""
    return f"{t.track_name} {old} → {s.track} of {t.track_max}{end} ({why})"


def raise_track(s: UnitedState, n: int, why: str) -> None:
    """DFP-D2: raise the Nimrod Activation track (MU-23: a standard Villain's Villainous
    Plot); at its maximum the heroes lose."""
    if n <= 0 or s.result is not None:
        return
    old = s.track
    s.track = min(s.T.track_max, old + n)
    if s.log is not None:
        s.emit("track", track_line(s, old, why), old=old, new=s.track)
    if s.track >= s.T.track_max:
        s.end("loss", "the Nimrod Activation track reached its end" if s.T.mode == "dofp"
              else f"the Villainous Plot ({s.T.track_name}) reached {s.T.track_max}")


def lower_track(s: UnitedState, n: int, why: str) -> None:
    old = s.track
    s.track = max(0, old - n)
    if s.track != old and s.log is not None:
        s.emit("track", track_line(s, old, why), old=old, new=s.track)


@step("raise_track")
def _raise_track_step(s: UnitedState, f: tuple) -> None:
    raise_track(s, f[1], f[2])
