"""Lasting text and the next Villain turn: Special Effect verbs registered in `united.verbs`
(docs/content.md, cookbook, "Lasting text and the next Villain turn").

One design for "while this card is face up": a lasting verb in the card's Special Effect
with `until: face_up` (the other lasting verbs' word). It starts as the Special Effect
resolves and lasts while that card is face up in the Storyline: a card flipped facedown
(DFP-A13) or covered by a later card does not end it, only leaving the face-up Storyline
does (the card is never taken back in play, so flipping is what stops it). Each changes the
card OWNER's actions only. Moments of face-up text (start of your turn: draw 1 more, …) are
the hooks of `HeroCard.face_up` (`united.hooks`), with the new hook point `damage_taken`.

Each record is 4 ints in `s.protect` (kinds -200 … -299, `united.lasting`), so it is cloned,
hashed, saved and loaded with the other lasting effects; the rules read them in
`united.lasting` where their moments come.
"""

from __future__ import annotations

from multiverse.engine.decision import Option
from multiverse.united.board import RING, move_hero
from multiverse.united.enemies import fill_threat, wild_left
from multiverse.united.lasting import (
    ALSO_COUNTS,
    BRING_ALONG,
    HEROIC_RANGE,
    KEEP_LAST,
    MOVE_REACH,
    SOURCE_WORDS,
    STUN_HENCHMAN,
    STUN_SENTINEL,
    STUN_VILLAIN,
    STUNNED,
    VT_GUARD,
    also_from,
    brings,
    heroic_reach,
    reach,
)
from multiverse.united.protection import henchman_away, protect, protect_until
from multiverse.united.standard.missions import RESCUE, record
from multiverse.united.state import UnitedState, choice
from multiverse.united.tables import HEROIC, SYMBOLS
from multiverse.united.verbs import phrases, text, verb, words
from multiverse.united.vocab.turn import more_fills

__all__ = ["also_from", "bring_along", "heroic_reach", "move_reach_targets", "ranged_heroic",
           "ranged_heroic_options"]


# ----- your actions while the card is face up (MU-17, MU-18) --------------------------------
@verb("symbols_also_count")
def symbols_also_count(s: UnitedState, h: int, o: int, n: int, sym: int, d: dict, source: str) -> None:
    """MU-17: until then (default: the end of this turn) each of your `symbol` symbols may
    also pay for a `to` action (it is spent either way; a Wild symbol is not one)."""
    _last(s, h, ALSO_COUNTS, sym * 4 + d["to"], d, source,
          f"{SYMBOLS[sym].title()} symbols also count as {SYMBOLS[d['to']].title()}")


@verb("move_reach")
def move_reach(s: UnitedState, h: int, o: int, n: int, sym: int, d: dict, source: str) -> None:
    """MU-18: until then each of your Move actions goes up to 1 + `n` Locations round the
    ring, either way (one Move: the Locations passed are not entered)."""
    if n > 0:
        _last(s, h, MOVE_REACH, n, d, source, f"each Move goes up to {1 + n} Locations")


@verb("move_with_hero")
def move_with_hero(s: UnitedState, h: int, o: int, n: int, sym: int, d: dict, source: str) -> None:
    """MU-18: until then, after each of your Move actions you may bring one hero who was in
    the Location you left along (their move is no Move of theirs)."""
    _last(s, h, BRING_ALONG, 1, d, source, "each Move may bring one hero along")


@verb("heroic_range")
def heroic_range(s: UnitedState, h: int, o: int, n: int, sym: int, d: dict, source: str) -> None:
    """MU-18: until then your Heroic actions may be taken in a Location adjacent to yours
    too: rescue a Civilian there, or fill a Heroic (or Wild) symbol on its Threat (the
    Attack twin is `attack_range`)."""
    _last(s, h, HEROIC_RANGE, 1, d, source, "Heroic actions reach the adjacent Locations")


def ranged_heroic_options(s: UnitedState, h: int, label: object, paid: str) -> list[Option]:
    """MU-18 with `heroic_range`: a Rescue, and a Heroic fill, in each adjacent Location."""
    pos = s.hero_loc[h]
    out = []
    for p in dict.fromkeys(((pos - 1) % RING, (pos + 1) % RING)):
        name = s.loc_name(p)
        if s.civ[p]:
            out.append(Option(f"rescue:{p}", (label, "Rescue a Civilian in {} ({})", name, paid),
                              {"action": "ranged_heroic", "location": p, "fill": 0}))
        th = s.threat[p]
        if th >= 0 and (s.need[p * 3 + HEROIC] or wild_left(s, p)):
            out.append(Option(f"fill:heroic:{p}", (label, "Fill a Heroic on {} in {} ({})",
                                                   s.T.threat_name[th], name, paid),
                              {"action": "ranged_heroic", "location": p, "fill": 1}))
    return out


def ranged_heroic(s: UnitedState, h: int, d: dict) -> None:
    """MU-18/MU-19: the Heroic action resolves in the adjacent Location (a Rescue counts for
    the missions; a fill may clear the Threat; `extra_fill` applies)."""
    p = d["location"]
    if d["fill"]:
        fill_threat(s, p, HEROIC, s.hero_name(h))
        if s.protect:
            more_fills(s, h, p, HEROIC)
        return
    s.civ[p] -= 1
    if s.log is not None:
        s.emit("rescue", f"{s.hero_name(h)} rescues a Civilian in {s.loc_name(p)} (next door)",
               hero=h, location=p)
    record(s, RESCUE)  # (after the line: a Mission completes because of it)


@verb("prevent_damage_each_villain_turn")
def prevent_damage_each_villain_turn(s: UnitedState, h: int, o: int, n: int, sym: int, d: dict,
                                     source: str) -> None:
    """MU-21 in each Villain turn (MU-10, MU-11): while this card is face up, the first `n`
    damage you take in each Villain turn is prevented; the guard is full again as each
    Villain turn starts. A Sentinel activation is not a Villain turn (DFP-A12): it does not
    refill the guard nor is its damage prevented by it."""
    if n > 0:
        _last(s, h, VT_GUARD, min(n, 20) * 100, d, source,
              f"the first {n} damage in each Villain turn is prevented")


@verb("keep_last_card")
def keep_last_card(s: UnitedState, h: int, o: int, n: int, sym: int, d: dict, source: str) -> None:
    """MU-21/MU-22: until then (default: your next turn) damage does not take the last card
    in hero `o`'s hand, nor KOs them with an empty hand: what would is ignored."""
    if not protect_until(s, KEEP_LAST, o, h, d.get("until", "your_next_turn")):
        return
    if s.log is not None:
        s.emit("protect", f"{s.hero_name(o)} cannot lose their last card to damage ({source})", hero=o)


def _last(s: UnitedState, h: int, kind: int, amount: int, d: dict, source: str, what: str) -> None:
    if protect_until(s, kind, amount, h, d.get("until", "end_of_turn")) and s.log is not None:
        s.emit("protect", f"{s.hero_name(h)}: {what} ({source})", hero=h, amount=amount)


def move_reach_targets(s: UnitedState, h: int, pos: int) -> list[int]:
    """MU-18 with `move_reach`: the Locations one Move of hero `h` may end in (nearest first)."""
    out: list[int] = []
    for k in range(1, min(reach(s, h), RING // 2) + 1):
        for p in ((pos - k) % RING, (pos + k) % RING):
            if p not in out and p != pos:
                out.append(p)
    return out


def bring_along(s: UnitedState, h: int, before: int) -> None:
    """After hero `h`'s Move from `before`: with `move_with_hero`, one hero still there may
    come along (the player's choice, or nobody)."""
    if brings(s, h) and [o for o in s.heroes_at(before) if o != h]:
        s.stack.append(("bring_along", h, before))


def _bring_options(s: UnitedState, f: tuple) -> tuple:
    _, h, before = f
    to = s.loc_name(s.hero_loc[h])
    return (s.seat(h), f"{s.hero_name(h)}: bring one hero along to {to}?",
            [*(Option(f"hero:{o}", f"Bring {s.hero_name(o)}", {"hero": o})
               for o in s.heroes_at(before) if o != h),
             Option("alone", "Move alone", {"hero": -1})])


@choice("bring_along", _bring_options)
def resolve_bring_along(s: UnitedState, f: tuple, opt: Option) -> None:
    """MU-18: the chosen hero moves with you to your new Location (no Move of theirs)."""
    o = opt.data["hero"]
    if o >= 0:
        move_hero(s, o, s.hero_loc[f[1]])


# ----- the next Villain turn: stun an enemy (MU-10 … MU-13, DFP-A3) ---------------------------
@verb("stun_enemy")
def stun_enemy(s: UnitedState, h: int, o: int, n: int, sym: int, d: dict, source: str) -> None:
    """An enemy in your Location (the player's choice) is stunned until it next acts: the
    Villain does not move and deals no BAM! of its own in the next Villain turn (its Threats'
    BAM!s still come); a Henchman's Threat deals no BAM! and its Location trigger does not
    fire in the next Villain turn; a Sentinel does none of the tasks of its next activation
    (DFP-A3, DFP-C4). The marker then goes. A Thug is no enemy that acts: it cannot be
    stunned. With no enemy to stun, nothing happens."""
    opts = _stun_targets(s, h)
    if opts:
        s.stack.append(("stun_enemy", h, source))


def _stun_targets(s: UnitedState, h: int) -> list[tuple[int, int, str]]:
    pos = s.hero_loc[h]
    p = s.protect
    marked = {(p[i], 0 if p[i] == STUN_VILLAIN else p[i + 1] & ~1 if p[i] == STUN_HENCHMAN
               else p[i + 1]) for i in range(0, len(p), 4) if p[i + 2] == STUNNED}
    out = []
    if s.n_loc == pos and (STUN_VILLAIN, 0) not in marked:
        out.append((STUN_VILLAIN, 0, s.T.villain_name))
    th = s.threat[pos]
    free = th >= 0 and s.hench[pos] > 0 and not henchman_away(s, pos)
    if free and (STUN_HENCHMAN, s.locs[pos] * 2) not in marked:
        out.append((STUN_HENCHMAN, s.locs[pos] * 2, s.T.threat_henchman[th]))
    for sn, at in enumerate(s.s_loc):
        if at == pos and (STUN_SENTINEL, sn) not in marked:
            out.append((STUN_SENTINEL, sn, s.sentinel_name(sn)))
    return out


def _stun_options(s: UnitedState, f: tuple) -> tuple:
    _, h, source = f
    return (s.seat(h), f"{s.hero_name(h)}: {source}: stun which enemy?",
            [Option(f"stun:{kd}:{a}", f"Stun {name}", {"kind": kd, "amount": a, "name": name})
             for kd, a, name in _stun_targets(s, h)])


@choice("stun_enemy", _stun_options)
def resolve_stun(s: UnitedState, f: tuple, opt: Option) -> None:
    """MU-11: The stun marker is placed: (kind, enemy, STUNNED, the hero who placed it)."""
    h = f[1]
    protect(s, opt.data["kind"], opt.data["amount"], STUNNED, h)
    if s.log is not None:
        when = "its next activation" if opt.data["kind"] == STUN_SENTINEL else "the next Villain turn"
        s.emit("stun", f"{s.hero_name(h)} stuns {opt.data['name']}: it does nothing in {when} "
               f"({f[2]})", hero=h)


# ----- card text ------------------------------------------------------------------------------
@text("symbols_also_count")
def _also_text(n: int, sym: int, civ: int, thug: int) -> str:
    return f"your {SYMBOLS[sym].title()} symbols also count as another kind"


@text("move_reach")
def _reach_text(n: int, sym: int, civ: int, thug: int) -> str:
    return f"each of your Moves goes up to {1 + n} Locations"


@text("move_with_hero")
def _bring_text(n: int, sym: int, civ: int, thug: int) -> str:
    return "each time you Move, you may bring one hero from your Location along"


@text("heroic_range")
def _heroic_range_text(n: int, sym: int, civ: int, thug: int) -> str:
    return "you may take your Heroic actions in an adjacent Location"


@text("prevent_damage_each_villain_turn")
def _guard_text(n: int, sym: int, civ: int, thug: int) -> str:
    return f"prevent the first {n} damage you take in each Villain turn"


@text("keep_last_card")
def _keep_text(n: int, sym: int, civ: int, thug: int) -> str:
    return "damage cannot take your last card (you are not KO'd by it)"


@text("stun_enemy")
def _stun_text(n: int, sym: int, civ: int, thug: int) -> str:
    return ("stun an enemy in your Location: it does nothing in the next Villain turn "
            "(a Sentinel: in its next activation)")


@words
def _lasting_words(verb_: str, n: int, sym: int, text_: str, x: dict) -> str:
    """Read `to` (symbols_also_count), `damage_from` and `until: villain_turn` into card text."""
    if verb_ == "symbols_also_count" and "to" in x:
        text_ = f"your {SYMBOLS[sym].title()} symbols also count as {SYMBOLS[x.pop('to')].title()}"
    if "damage_from" in x:
        text_ = text_.replace("damage", f"damage from {SOURCE_WORDS[x.pop('damage_from')]}", 1)
    if x.get("until") == "villain_turn":
        del x["until"]
        text_ += " until the end of the next Villain turn"
    return text_


phrases({
    "symbols_also_count": lambda n: "your symbols also count as another kind",
    "move_reach": lambda n: f"each Move goes up to {1 + n} Locations",
    "move_with_hero": lambda n: "bring one hero along when you Move",
    "heroic_range": lambda n: "your Heroic actions also reach the adjacent Locations",
    "prevent_damage_each_villain_turn": lambda n: f"prevent the first {n} damage in each Villain turn",
    "keep_last_card": lambda n: "damage cannot take your last card",
    "stun_enemy": lambda n: "stun an enemy here",
})
