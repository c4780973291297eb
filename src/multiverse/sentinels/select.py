"""Selectors: which targets or cards an effect acts on (SOTM-16 re-evaluation)."""

from __future__ import annotations

from multiverse.content.sentinels_schema import Select
from multiverse.sentinels.state import Z_PLAY, SentinelsState
from multiverse.sentinels.tables import KINDS


def in_group(s: SentinelsState, group: str, cid: int, this: int, other: int = -1) -> bool:
    """Is card `cid` in `group`, read from the point of view of card `this`?"""
    t = s.T
    sides = _SIDES.get(group)
    if sides is not None:  # a set of sides ("any", "hero", "villain", …): one table read
        return t.side[cid] in sides
    if group == "this":
        return cid == this
    if group == "source":
        return cid == other
    if group == "villain_character":
        return cid == t.villain_character
    o = t.owner[this] if this >= 0 else -1
    mine = t.character[o] if 0 <= o < t.n_heroes else -2
    if group == "this_hero":
        return cid == mine
    if group == "other_hero":
        return t.side[cid] == 0 and cid != mine and t.owner[cid] != o
    if group == "hero_character":
        return t.side[cid] == 0 and cid == t.character[t.owner[cid]]
    return False


def candidates(s: SentinelsState, sel: Select, this: int, hero: int, other: int) -> list[int]:
    """Everything a selector may pick now, in play order."""
    t = s.T
    group = sel.group
    if group in _FIXED:  # one card at most
        c = (this if group == "this" else other if group == "source"
             else t.villain_character if group == "villain_character"
             else t.character[hero] if 0 <= hero < t.n_heroes else -1)
        ok = c >= 0 and (s.is_target(c) if sel.targets_only else s.zone[c] == Z_PLAY)
        return [c] if ok else []
    targets_only, exclude, kind = sel.targets_only, sel.exclude_this, sel.kind
    max_hp, side, hero_char, incap, face = t.max_hp, t.side, t.hero_char, s.incap, s.face
    want = _SIDES.get(group)  # groups that are a set of sides: a fast test
    if targets_only and not kind and not sel.keyword and not exclude:
        # the common selectors ("each hero target", "the non-hero target with the lowest HP",
        # "each hero character"): targets of some sides, or the heroes' character cards
        if want is not None:
            return [c for c in s.inplay if side[c] in want and max_hp[c][face[c]]
                    and (hero_char[c] < 0 or not incap[hero_char[c]])]
        if group == "hero_character":
            owner, character = t.owner, t.character
            return [c for c in s.inplay if side[c] == 0 and c == character[owner[c]]
                    and max_hp[c][face[c]] and (hero_char[c] < 0 or not incap[hero_char[c]])]
    out = []
    kw = sel.keyword.lower() if sel.keyword else None
    cards, keywords, kinds = t.card, t.keywords, t.kind
    k = KINDS.index(kind) if kind else -1
    for c in s.inplay:  # every table read at the face the card shows
        f = face[c]
        if targets_only and (not max_hp[c][f] or (hero_char[c] >= 0 and incap[hero_char[c]])):
            continue
        if not targets_only and cards[c].kind == "character" and kind != "character" \
                and group != "hero_character":  # SOTM-12: a character card is not a "card"
            continue
        if exclude and c == this:
            continue
        if k >= 0 and kinds[c][f] != k:
            continue
        if kw and kw not in keywords[c][f]:
            continue
        if (side[c] in want) if want is not None else in_group(s, group, c, this, other):
            out.append(c)
    return out


_FIXED = frozenset({"this", "source", "villain_character", "this_hero"})
_SIDES = {"any": (0, 1, 2), "hero": (0,), "villain": (1,), "environment": (2,),
          "non_hero": (1, 2), "non_villain": (0, 2)}
