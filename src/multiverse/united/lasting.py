"""Lasting text and the next Villain turn (issue 20): the state side of the owner's words of
`united.vocab.lasting`, read by the rules where their moments come (damage, the hero's
actions, the Villain turn, a Sentinel activation). It lies below `damage`, so damage can
ask it; the verbs that make these records live in `united.vocab.lasting`.

Every record is 4 ints in `s.protect` like the other lasting effects — (kind, amount, until,
ref), `ref` the owner (or, with `until` = `FACE_UP`, the card whose face keeps it) — so it
is cloned, hashed, saved and loaded with them. The kinds (-200 … -299):

- `ALSO_COUNTS` (amount = from * 4 + to): the owner's `from` symbols also count as `to`;
- `MOVE_REACH` (amount = n): each Move action of the owner goes up to 1 + n Locations;
- `BRING_ALONG` (amount 1): a Move action of the owner may bring one hero along;
- `HEROIC_RANGE` (amount 1): the owner's Heroic actions may be taken in an adjacent Location;
- `VT_GUARD` (amount = n * 100 + left): the first n damage to the owner in each Villain turn
  is prevented (`left` is refilled as each Villain turn starts and emptied as it ends);
- `KEEP_LAST` (amount = the hero): damage never takes that hero's last card (no KO by it);
- `FROM_SOURCE - k` (k = 1 … 7, the index in `SOURCES`; amount = hero * 100 + left, left
  `ALL` = every damage): damage to the hero from that kind of source is ignored/prevented;
- `STUN_VILLAIN` (amount = 0 waiting, 1 in its Villain turn), `STUN_HENCHMAN` (amount =
  the Location card * 2 + that bit), `STUN_SENTINEL` (amount = the Sentinel): the enemy
  does nothing in the next Villain turn (Sentinel: its next activation); `until` `STUNNED`.

`until` codes of this group: `VILLAIN_TURN` (the end of the next Villain turn; any lasting
verb taking `until: villain_turn`) and `STUNNED` (a marker: it goes by its own rule).
"""

from __future__ import annotations

from collections.abc import Callable

from multiverse.united.hooks import fire, whose_matches
from multiverse.united.protection import FACE_UP, UNTIL, lasts, protect_until, record_owner
from multiverse.united.state import UnitedState
from multiverse.united.tables import HOOK_CARD, SYMBOLS
from multiverse.united.verbs import push_hero_effects

ALSO_COUNTS, MOVE_REACH, BRING_ALONG, VT_GUARD, KEEP_LAST = -200, -201, -202, -203, -204
HEROIC_RANGE = -205
FROM_SOURCE = -210  # FROM_SOURCE - k for the source kind SOURCES[k] (k >= 1): -211 … -217
STUN_VILLAIN, STUN_HENCHMAN, STUN_SENTINEL = -220, -221, -222
VILLAIN_TURN, STUNNED = 200, 201  # until codes (far from protection.py's 0, 1, 2)
UNTIL["villain_turn"] = VILLAIN_TURN
ALL = 99  # a `FROM_SOURCE` record with `left` ALL ignores every such damage
KINDS = frozenset({ALSO_COUNTS, MOVE_REACH, BRING_ALONG, VT_GUARD, KEEP_LAST, HEROIC_RANGE, STUN_VILLAIN,
                   STUN_HENCHMAN, STUN_SENTINEL, *(FROM_SOURCE - k for k in range(1, 8))})

# MU-21 damage comes from one kind of source (`deal_damage(..., kind)`): "" when not known
SOURCES = ("", "bam", "henchman", "threat", "sentinel", "villain", "location", "card")
SOURCE_WORDS = {"bam": "the Villain's BAM!", "henchman": "Henchmen", "threat": "Threats",
                "sentinel": "Sentinels", "villain": "Master Plan cards", "location": "Locations",
                "card": "Hero cards"}


def _records(s: UnitedState, kind: int):
    """(index, amount, until, ref) of each record of `kind` in force now."""
    p = s.protect
    for i in range(0, len(p), 4):
        if p[i] == kind and lasts(s, p[i + 2], p[i + 3]):
            yield i, p[i + 1], p[i + 2], p[i + 3]


def _drop(s: UnitedState, keep: Callable[[int, int, int, int], bool]) -> None:
    p = s.protect
    s.protect = [x for i in range(0, len(p), 4) if keep(*p[i: i + 4]) for x in p[i: i + 4]]


# ----- the owner's actions (MU-17, MU-18) -------------------------------------------------
def also_from(s: UnitedState, h: int, sym: int) -> int:
    """MU-17 with `symbols_also_count`: a kind of this turn's symbols that also counts as
    `sym` for hero `h` and is left to spend (-1: none)."""
    for _, n, until, ref in _records(s, ALSO_COUNTS):
        frm = n // 4
        if n % 4 == sym and s.pool[frm] and record_owner(s, until, ref) == h:
            return frm
    return -1


def reach(s: UnitedState, h: int) -> int:
    """MU-18 with `move_reach`: how many Locations one Move action of hero `h` goes (1 + n)."""
    return 1 + sum(n for _, n, until, ref in _records(s, MOVE_REACH) if record_owner(s, until, ref) == h)


def heroic_reach(s: UnitedState, h: int) -> bool:
    """MU-18 with `heroic_range`: hero `h`'s Heroic actions reach the adjacent Locations."""
    return any(record_owner(s, until, ref) == h for _, _, until, ref in _records(s, HEROIC_RANGE))


def brings(s: UnitedState, h: int) -> bool:
    """MU-18 with `move_with_hero`: hero `h`'s Move actions may bring one hero along."""
    return any(record_owner(s, until, ref) == h for _, _, until, ref in _records(s, BRING_ALONG))


# ----- damage (MU-21) ----------------------------------------------------------------------
def source_kind(s: UnitedState, source: str, here: int) -> str:
    """The kind of a villain step's damage, from where it was dealt: a Threat's BAM! or text
    (`henchman` when the Threat has a Henchman, MU-11/MU-13), the Villain's dashboard BAM!,
    a Location's effect (MU-20), else a Master Plan card's effect (MU-11)."""
    t = s.T
    if here >= 0:
        th = s.threat[here]
        if th >= 0 and t.threat_name[th] == source:
            return "henchman" if t.threat_health[th] else "threat"
        if t.loc_name[s.locs[here]] == source:
            return "location"
    if source == f"{t.villain_name}'s BAM!":
        return "bam"
    return "villain"


def lasting_damage(s: UnitedState, h: int, n: int, kind: str, source: str) -> int:
    """MU-21: the damage to hero `h` left once the protections from `kind` of source and the
    guard of this Villain turn (`VT_GUARD`) have stopped what they can."""
    k = SOURCES.index(kind) if kind in SOURCES else 0
    p = s.protect
    for i in range(0, len(p), 4):
        if n <= 0:
            break
        kd, amount, until, ref = p[i], p[i + 1], p[i + 2], p[i + 3]  # (not a slice: Cython 3.3 cannot unpack one)
        if not lasts(s, until, ref):
            continue
        if k and kd == FROM_SOURCE - k and amount // 100 == h:
            left = amount % 100
            stop = n if left == ALL else min(n, left)
            n -= stop
            if left != ALL:
                p[i + 1] -= stop
            _said(s, h, stop, f"damage from {SOURCE_WORDS[kind]}", source)
        elif kd == VT_GUARD and amount % 100 and record_owner(s, until, ref) == h:
            stop = min(n, amount % 100)
            n -= stop
            p[i + 1] -= stop
            _said(s, h, stop, "the first damage of this Villain turn", source)
    _drop(s, lambda kd, a, u, r: not (FROM_SOURCE - 7 <= kd < FROM_SOURCE and a % 100 == 0))
    return n


def _said(s: UnitedState, h: int, n: int, what: str, source: str) -> None:
    if n and s.log is not None:
        s.emit("damage_prevented", f"{s.hero_name(h)} ignores {n} damage from {source} "
               f"({what})", hero=h, amount=n)


def keeps_last_card(s: UnitedState, h: int) -> bool:
    """MU-21/MU-22 with `keep_last_card`: damage does not take hero `h`'s last card (nor KO
    them with an empty hand)."""
    return any(n == h for _, n, _, _ in _records(s, KEEP_LAST))


def damage_replaced(s: UnitedState, h: int, n: int, source: str) -> bool:
    """MU-21, the hook point `damage_taken`: hero `h` would take `n` damage from `source`.
    The first subscriber in force with `instead` replaces it (its steps resolve, no damage is
    taken; True); with none, every other subscriber's steps resolve after the damage. A
    subscriber with `flip_card` flips its own card facedown as it is used (DFP-A13)."""
    t = s.T
    due: list[tuple[int, tuple, str, int]] = []
    replace = None
    for sub in t.hooks.get("damage_taken", ()):
        kind, ref, whose, fx, src = sub[:5]
        flags = sub[5] if len(sub) > 5 else ()
        if kind == HOOK_CARD:
            if ref not in s.story or s.out[t.card_owner[ref]]:
                continue
            owner, card = t.card_owner[ref], ref
            if not whose_matches(whose, owner, h):
                continue
        else:
            if ref not in s.locs or s.threat[s.locs.index(ref)] >= 0 or s.hero_loc[h] != s.locs.index(ref):
                continue
            owner, card = h, -1
        if "instead" in flags:
            if replace is None:
                replace = (owner, fx, src, card if "flip_card" in flags else -1)
        else:
            due.append((owner, fx, src, card if "flip_card" in flags else -1))
    if replace is not None:
        due = [replace]
    for owner, fx, src, _card in reversed(due):
        if s.log is not None:
            what = "instead of taking the damage" if replace is not None else "as damage is taken"
            s.emit("hook", f"{src} ({t.hero_names[owner]}): {what}", hero=owner, point="damage_taken")
        push_hero_effects(s, owner, fx, src)
    for _, _, _, card in due:
        if card >= 0 and card in s.story:
            flip_card(s, card)
    return replace is not None


def flip_card(s: UnitedState, c: int) -> None:
    """DFP-A13: Hero card `c` of the Storyline turns facedown (its lasting text ends)."""
    s.story[s.story.index(c)] = ~c
    if s.log is not None:
        s.emit("flip_facedown", f"{s.T.card_name[c]} is flipped facedown (used)", card=c)
    if s.T.hooks:
        fire(s, "card_flipped", s.T.card_owner[c])


# ----- the next Villain turn (MU-10 … MU-13; DFP-A12) ---------------------------------------
def villain_turn_starts(s: UnitedState) -> None:
    """MU-10, as the Master Plan card is revealed: the markers waiting for this Villain turn
    come into force and each guard of a Villain turn is full again."""
    p = s.protect
    for i in range(0, len(p), 4):
        kd = p[i]
        if kd == STUN_VILLAIN:
            p[i + 1] = 1
        elif kd == STUN_HENCHMAN:
            p[i + 1] |= 1
        elif kd == VT_GUARD:
            p[i + 1] = p[i + 1] // 100 * 101


def villain_turn_over(s: UnitedState) -> None:
    """MU-11, the end of the Villain turn (after its tokens, Overflow and `villain_turn_ends`
    text): what lasted until it ends, the markers it used go (and those of defeated Sentinels),
    the guards are emptied."""
    gone = [(p, a) for p, a in zip(s.protect[::4], s.protect[1::4], strict=True)
            if p in (STUN_VILLAIN, STUN_HENCHMAN) and a & 1]
    _drop(s, lambda kd, a, u, r: u != VILLAIN_TURN and not (kd in (STUN_VILLAIN, STUN_HENCHMAN) and a & 1)
          and not (kd == STUN_SENTINEL and s.s_loc[a] < 0))  # (a defeated Sentinel's marker too)
    p = s.protect
    for i in range(0, len(p), 4):
        if p[i] == VT_GUARD:
            p[i + 1] = p[i + 1] // 100 * 100
    if gone and s.log is not None:
        s.emit("marker_gone", "The stun markers of this Villain turn are removed", count=len(gone))


def villain_stunned(s: UnitedState) -> bool:
    """The Villain is stunned in this Villain turn (it does not move and deals no BAM!)."""
    return any(a for _, a, _, _ in _records(s, STUN_VILLAIN))


def henchman_stunned(s: UnitedState, pos: int) -> bool:
    """The Henchman at ring position `pos` is stunned in this Villain turn (its Threat's
    BAM! and its Location trigger do nothing)."""
    card = s.locs[pos]
    return any(a == card * 2 + 1 for _, a, _, _ in _records(s, STUN_HENCHMAN))


def sentinel_stunned(s: UnitedState, sn: int) -> bool:
    """DFP-A3 / DFP-C4: Sentinel `sn` is stunned: its activation does nothing and the marker
    goes (True)."""
    if not any(a == sn for _, a, _, _ in _records(s, STUN_SENTINEL)):
        return False
    _drop(s, lambda kd, a, u, r: not (kd == STUN_SENTINEL and a == sn))
    if s.log is not None:
        s.emit("stunned", f"{s.sentinel_name(sn)} is stunned: its activation does nothing",
               sentinel=sn)
    return True


# ----- invariants and words -----------------------------------------------------------------
def check_lasting(s: UnitedState) -> None:
    """Invariants of this group's records: each names a hero, card, Location or Sentinel that
    exists, with amounts in range."""
    t = s.T
    p = s.protect
    n_heroes = len(s.hand)
    for i in range(0, len(p), 4):
        kd, a, until, ref = p[i], p[i + 1], p[i + 2], p[i + 3]  # (not a slice: Cython 3.3 cannot unpack one)
        if kd not in KINDS and until not in (VILLAIN_TURN, STUNNED):
            continue
        assert a >= 0 or kd not in KINDS, p
        if until == FACE_UP:
            assert 0 <= ref < len(t.card_owner) and t.card_owner[ref] >= 0, p
        elif kd in KINDS:
            assert 0 <= ref < n_heroes, p
        if kd == ALSO_COUNTS:
            assert a // 4 < 4 and a % 4 < 4, p
        elif kd in (STUN_VILLAIN, STUN_HENCHMAN, STUN_SENTINEL):
            assert until == STUNNED, p
            if kd == STUN_VILLAIN:
                assert a in (0, 1), p
            elif kd == STUN_HENCHMAN:
                assert a // 2 in s.locs, p
            else:
                assert 0 <= a < len(s.s_loc), p
        elif kd == KEEP_LAST:
            assert 0 <= a < n_heroes, p
        elif kd == VT_GUARD:
            assert 0 <= a % 100 <= a // 100, p
        elif FROM_SOURCE - 7 <= kd < FROM_SOURCE:
            assert 0 <= a // 100 < n_heroes and (a % 100 == ALL or 0 < a % 100 <= 20), p


def lasting_entry(s: UnitedState, kd: int, a: int, until: int, ref: int) -> dict:
    """One record of this group in the view's `protections`: what it does (`what`), for
    which hero, how much, until when; the view adds `text`."""
    t = s.T
    out: dict = {"hero": ref if until == STUNNED else record_owner(s, until, ref), "amount": None}
    if kd == ALSO_COUNTS:
        out["effect"] = "symbols_also_count"
        out["what"] = f"{SYMBOLS[a // 4].title()} symbols also count as {SYMBOLS[a % 4].title()}"
    elif kd == MOVE_REACH:
        out.update(effect="move_reach", amount=a, what=f"each Move goes up to {1 + a} Locations")
    elif kd == BRING_ALONG:
        out.update(effect="move_with_hero", what="each Move may bring one hero along")
    elif kd == HEROIC_RANGE:
        out.update(effect="heroic_range", what="Heroic actions reach the adjacent Locations")
    elif kd == VT_GUARD:
        out.update(effect="prevent_damage_each_villain_turn", amount=a // 100,
                   what=f"prevents the first {a // 100} damage in each Villain turn")
    elif kd == KEEP_LAST:
        out.update(effect="keep_last_card", hero=a, what="damage cannot take the last card in hand")
    elif FROM_SOURCE - 7 <= kd < FROM_SOURCE:
        src, left = SOURCES[FROM_SOURCE - kd], a % 100
        out.update(effect="ignore_damage" if left == ALL else "prevent_damage", damage_from=src,
                   hero=a // 100, amount=None if left == ALL else left,
                   what=(f"ignores damage from {SOURCE_WORDS[src]}" if left == ALL else
                         f"prevents the next {left} damage from {SOURCE_WORDS[src]}"))
    else:  # a stun marker
        if kd == STUN_VILLAIN:
            enemy, does = t.villain_name, "does not move and deals no BAM!"
        elif kd == STUN_HENCHMAN:
            enemy = f"the Henchman in {t.loc_name[a // 2]}"
            does = "its Threat deals no BAM! and its trigger does not fire"
        else:
            enemy, does = t.sentinel_names[a], "does none of its tasks"
        out.update(effect="stun_enemy", enemy=enemy, does=does, owner=ref,
                   until="next_activation" if kd == STUN_SENTINEL else "next_villain_turn",
                   what=f"{enemy} is stunned: {does}")
        return out
    out.update({"until": until_word(until), ("card" if until == FACE_UP else "owner"): ref})
    return out


def until_word(until: int) -> str:
    """An until code in words ("end_of_turn", …, "villain_turn")."""
    return {VILLAIN_TURN: "villain_turn", STUNNED: "next_villain_turn"}.get(
        until, ("end_of_turn", "your_next_turn", "face_up")[until] if 0 <= until < 3 else str(until))


def lasting_text(s: UnitedState, e: dict) -> str:
    """A record of this group in words: "Vigil Marrow: Attack symbols also count as Heroic,
    while Lantern Oath is face up"."""
    t = s.T
    until = {"end_of_turn": "until the end of this turn",
             "villain_turn": "until the end of the next Villain turn",
             "next_villain_turn": "in the next Villain turn",
             "next_activation": "in its next activation"}.get(e["until"])
    if until is None:
        until = (f"while {t.card_name[e['card']]} is face up" if "card" in e else
                 f"until {t.hero_names[e['owner']]}'s next turn")
    if e["effect"] == "stun_enemy":
        return f"{e['what']} {until} (by {t.hero_names[e['hero']]})"
    return f"{t.hero_names[e['hero']]}: {e['what']}, {until}"


def protect_from(s: UnitedState, h: int, o: int, n: int, d: dict, source: str) -> bool:
    """MU-21 with `damage_from`: hero `o` ignores (`n` -1) or prevents the next `n` damage
    from one kind of source only, until the moment `until` names (hero `h`'s effect)."""
    kind = d["damage_from"]
    left = ALL if n < 0 else min(n, 20)
    if not protect_until(s, FROM_SOURCE - SOURCES.index(kind), o * 100 + left, h,
                         d.get("until", "your_next_turn")):
        return False
    if s.log is not None:
        what = "ignores damage" if n < 0 else f"prevents the next {n} damage"
        s.emit("protect", f"{s.hero_name(o)} {what} from {SOURCE_WORDS[kind]} ({source})",
               hero=o, amount=n)
    return True
