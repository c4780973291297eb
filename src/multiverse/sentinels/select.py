"""Selectors: which targets or cards an effect acts on (SOTM-16 re-evaluation), within the
battle zone of the card whose text it is unless the selector names another (OBL-B1)."""

from __future__ import annotations

from multiverse.content.sentinels_schema import Select
from multiverse.sentinels import memory
from multiverse.sentinels.state import Z_PLAY, SentinelsState
from multiverse.sentinels.tables import KINDS, SIDE_GROUPS


def zone_of(s: SentinelsState, ref: str, this: int) -> int:
    """The battle zone a selector, step or condition reads (-1: both). `this` is the card
    whose text it is; in a one-zone game every reference reads zone 0."""
    if s.T.n_zones == 1:
        return 0
    if ref == "this":
        return s.bz[this] if this >= 0 else 0
    if ref == "any":
        return -1
    if ref == "other":
        return 1 - (s.bz[this] if this >= 0 else 0)
    if ref == "oblivaeon":
        return s.bz[s.T.villain_character]
    if ref == "fewer_scions":  # ties: OblivAeon's zone
        n = [0, 0]
        for c in s.inplay:
            if c in s.T.scions:
                n[s.bz[c]] += 1
        return s.bz[s.T.villain_character] if n[0] == n[1] else 0 if n[0] < n[1] else 1
    return 0 if ref == "first" else 1


def hero_characters(s: SentinelsState) -> set[int]:
    """Every hero's character cards (a team's every member, OBL-C24)."""
    team = s.T.team
    out = set(s.char)
    for c in s.char:
        out.update(team.get(c, ()))
    return out


def in_group(s: SentinelsState, group: str, cid: int, this: int, other: int = -1) -> bool:
    """Is card `cid` in `group`, read from the point of view of card `this`?"""
    t = s.T
    sides = _SIDES.get(group)
    if sides is not None:  # a set of sides ("any", "hero", "villain", …): one table read
        return t.side[cid][s.face[cid]] in sides
    g = _GROUPS.get(group, G_OTHER)  # the other groups' words as C integers: one look-up
    if g == G_THIS:
        return cid == this
    if g == G_SOURCE:
        return cid == other
    if g == G_VILLAIN_CHARACTER:
        return cid == t.villain_character
    o = s.hero_of(this) if this >= 0 else -1
    mine = s.char[o] if o >= 0 else -2
    if g == G_THIS_HERO:
        return cid == mine
    h = s.hero_of(cid)
    if g == G_OTHER_HERO:
        return t.side[cid][s.face[cid]] == 0 and cid != mine and h != o
    if g == G_HERO_CHARACTER:
        return h >= 0 and (cid == s.char[h] or cid in t.team.get(s.char[h], ()))
    if "|" in group:  # a modifier's group narrowed by a keyword
        base, kw = group.split("|", 1)
        return kw in t.keywords[cid][s.face[cid]] and in_group(s, base, cid, this, other)
    return False


G_THIS, G_SOURCE, G_VILLAIN_CHARACTER, G_THIS_HERO, G_OTHER_HERO, G_HERO_CHARACTER, G_OTHER = range(7)
_GROUPS = {"this": G_THIS, "source": G_SOURCE, "villain_character": G_VILLAIN_CHARACTER,
           "this_hero": G_THIS_HERO, "other_hero": G_OTHER_HERO, "hero_character": G_HERO_CHARACTER}


def step_candidates(s: SentinelsState, sid: int, this: int, hero: int, other: int) -> list[int]:
    """What step `sid`'s selector may pick now: `candidates`, with the common selectors read
    from the step's compiled sides (the targets of those sides, kept in `live`; in a game
    of two zones, those in the zone the selector reads)."""
    t = s.T
    want = t.sel_sides[sid]
    if want is None:
        return candidates(s, t.steps[sid].target, this, hero, other)
    out = s.live_get(want)
    if t.n_zones == 1:
        return out
    z = zone_of(s, t.steps[sid].target.zone, this)
    if z < 0:
        return out
    bz = s.bz
    return [c for c in out if bz[c] == z]


def candidates(s: SentinelsState, sel: Select, this: int, hero: int, other: int) -> list[int]:
    """Everything a selector may pick now, in play order."""
    t = s.T
    group = sel.group
    z = zone_of(s, sel.zone, this) if t.n_zones > 1 else -1
    if group in _FIXED:  # one card at most
        c = (this if group == "this" else other if group == "source"
             else t.villain_character if group == "villain_character"
             else s.char[hero] if hero >= 0 else -1)
        ok = c >= 0 and (s.is_target(c) if sel.targets_only else s.zone[c] == Z_PLAY)
        return [c] if ok and (z < 0 or s.bz[c] == z) else []
    targets_only, exclude, kind = sel.targets_only, sel.exclude_this, sel.kind
    max_hp, side, face = t.max_hp, t.side, s.face
    want = _SIDES.get(group)  # groups that are a set of sides: a fast test
    pool = s.inplay if z < 0 else [c for c in s.inplay if s.bz[c] == z]
    other_than = sel.other_than
    if targets_only and not kind and not sel.keyword and not exclude and sel.characters \
            and sel.hp_at_most is None and other_than is None:
        # the common selectors ("each hero target", "the non-hero target with the lowest HP",
        # "each hero character"): targets of some sides, or the heroes' character cards
        if want is not None:
            return [c for c in pool if side[c][face[c]] in want and max_hp[c][face[c]]]
        if group == "hero_character":
            char = s.char if not t.team else hero_characters(s)
            return [c for c in pool if c in char and max_hp[c][face[c]]]
    out = []
    mem = memory.cards(s, sel.memory, this) if group == "remembered" else None
    kw = sel.keyword.lower() if sel.keyword else None
    is_char, keywords, kinds, missions, hp = t.is_character, t.keywords, t.kind, t.missions, s.hp
    k = KINDS.index(kind) if kind else -1
    characters, hp_at_most = sel.characters, sel.hp_at_most
    # SOTM-12: a character card is not a "card" (unless the selector names characters)
    no_characters = kind != "character" and group != "hero_character"
    for co in pool:  # every table read at the face the card shows (`c`: `co` as a C integer)
        c = co
        f = face[c]
        if targets_only and not max_hp[c][f]:
            continue
        if not targets_only:
            if is_char[c] and no_characters:
                continue
            if co in missions and f == 0 and not (kw and kw in keywords[c][f]):
                continue  # OBL-C7: an objective is no villain or environment "card"
        if exclude and c == this:
            continue
        if not characters and is_char[c]:
            continue
        if hp_at_most is not None and (not max_hp[c][f] or hp[c] > hp_at_most):
            continue
        if k >= 0 and kinds[c][f] != k:
            continue
        if kw and kw not in keywords[c][f]:
            continue
        if (side[c][f] in want) if want is not None else (
                co in mem if mem is not None else in_group(s, group, c, this, other)):
            out.append(co)
    if other_than is not None:  # "each target other than …"
        return [c for c in out if not in_group(s, other_than, c, this, other)]
    return out


_FIXED = frozenset({"this", "source", "villain_character", "this_hero"})
_SIDES = SIDE_GROUPS
