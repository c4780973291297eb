"""Protections: damage ignored or prevented until a later moment (the owner's
`ignore_damage` and `prevent_damage`; MU-21 damage is what they stop).

`s.protect` holds 4 ints per protection: the hero, the damage left to prevent (-1: all),
until (`END_OF_TURN`, `NEXT_TURN`, `FACE_UP`) and a reference (the owner for the first two,
the card for `FACE_UP`). An empty list costs nothing: every hook first asks `if s.protect`.
"""

from __future__ import annotations

from multiverse.united.state import AWAY, UnitedState
from multiverse.united.storyline import last_hero_cards

END_OF_TURN, NEXT_TURN, FACE_UP = 0, 1, 2
# in place of a hero: protections from the Villain's own steps
CANCEL_BAM, STOP_MOVE, IGNORE_OVERFLOW = -2, -3, -4
EXTRA_DAMAGE = -5  # not a protection but lasts like one: more damage per Attack
BLANK_MASTER_PLAN = -6
# this turn's Attack range and Heroic fills, and a hero off the board (`united.vocab.turn`)
ATTACK_RANGE, EXTRA_FILL = -20, -21  # AWAY (-22, from `state`): a hero off the board
# counts group (united/vocab/terms.py), codes -300..-399: more damage to one kind of enemy
# per Attack (`extra_damage_to`), and damage turned into action tokens (`damage_to_tokens`,
# one code per token kind: `TO_TOKENS - symbol`)
KIND_BONUS = {"henchman": -300, "thug": -301, "villain": -302}
TO_TOKENS = -310  # -310 Move, -311 Attack, -312 Heroic, -313 Wild
UNTIL = {"end_of_turn": END_OF_TURN, "your_next_turn": NEXT_TURN, "face_up": FACE_UP}


def protect(s: UnitedState, hero: int, amount: int, until: int, ref: int) -> None:
    """`hero` ignores all damage (`amount` -1) or prevents the next `amount`, until then."""
    s.protect += [hero, amount, until, ref]


def protect_until(s: UnitedState, hero: int, amount: int, h: int, until_word: str) -> bool:
    """MU-17: `protect` for an effect of hero `h` lasting `until_word`; "while face up" reads
    the Hero card resolving (the newest, face up); False when there is none (nothing lasts)."""
    until, ref = UNTIL[until_word], h
    if until == FACE_UP:
        newest = last_hero_cards(s, 1)
        if not newest or newest[0] < 0:
            return False
        ref = newest[0]
    protect(s, hero, amount, until, ref)
    return True


def lasts(s: UnitedState, until: int, ref: int) -> bool:
    """A "while face up" protection ends when its card leaves the Storyline face up."""
    return until != FACE_UP or ref in s.story


def damage_after_protection(s: UnitedState, h: int, n: int) -> int:
    """The damage to hero `h` left once their protections have stopped what they can
    (a protection that has prevented all it may is used up)."""
    p = s.protect
    if s.away(h):
        return 0  # off the board for a while: nothing can damage them
    keep: list[int] = []
    for i in range(0, len(p), 4):
        hero, left, until, ref = p[i], p[i + 1], p[i + 2], p[i + 3]  # (not a slice: Cython 3.3 cannot unpack one)
        if not lasts(s, until, ref):
            continue
        if hero == h and n > 0:
            if left < 0:
                n = 0
            else:
                k = min(n, left)
                n, left = n - k, left - k
                if left == 0:
                    continue
        keep += [hero, left, until, ref]
    s.protect = keep
    return damage_to_tokens(s, h, n) if n > 0 else n


def use_protection(s: UnitedState, kind: int) -> bool:
    """Whether a lasting protection of `kind` (`CANCEL_BAM`, ...) stops the Villain's step
    now; one use of a counted protection is spent."""
    p = s.protect
    for i in range(0, len(p), 4):
        if p[i] == kind and lasts(s, p[i + 2], p[i + 3]):
            if p[i + 1] > 0:
                p[i + 1] -= 1
                if p[i + 1] == 0:
                    del p[i: i + 4]
            return True
    return False


def attack_damage(s: UnitedState, h: int, data: dict) -> int:
    """The damage one Attack of hero `h` deals to the enemy `data` names: 1, plus the
    owner's `extra_damage` (a Thug is defeated by 1: more defeats no other Thug)."""
    more = kind_bonus(s, h, data["enemy"]) if s.protect or bonus_here(s, h) else 0  # counts group
    if not s.protect or data["enemy"] == "thug":
        return 1 + more
    return 1 + attack_bonus(s, h) + more


def bonus_here(s: UnitedState, h: int) -> bool:
    """Hero `h` attacks from a Location with a kind-limited Attack bonus (counts group)."""
    return bool(s.T.loc_bonus) and s.locs[s.hero_loc[h]] in s.T.loc_bonus


def record_owner(s: UnitedState, until: int, ref: int) -> int:
    """The hero whose lasting effect a record is: the card's owner while it lasts face up,
    else its reference (the hero)."""
    return s.T.card_owner[ref] if until == FACE_UP else ref


def lasting_total(s: UnitedState, kind: int, h: int) -> int:
    """What hero `h`'s lasting records of `kind` in force add now (0: none)."""
    p = s.protect
    return sum(p[i + 1] for i in range(0, len(p), 4)
               if p[i] == kind and lasts(s, p[i + 2], p[i + 3]) and record_owner(s, p[i + 2], p[i + 3]) == h)


def attack_bonus(s: UnitedState, h: int) -> int:
    """The extra damage each Attack of hero `h` deals now (the owner's `extra_damage`)."""
    return lasting_total(s, EXTRA_DAMAGE, h)


# ----- counts group: kind-limited bonuses, damage turned into tokens ------------------------
_KIND = {"henchman": "henchman", "thug": "thug", "villain": "villain", "nimrod": "villain"}


def kind_bonus(s: UnitedState, h: int, enemy: str) -> int:
    """MU-18: the extra damage one Attack of hero `h` deals to an enemy of this kind: hero
    `h`'s `extra_damage_to` of that kind in force, plus the `attack_bonus` of the Location
    `h` attacks from when no Threat covers it (MU-20). A Sentinel is no such kind. Against
    Thugs each extra damage defeats one more Thug there (a Thug is defeated by 1 damage)."""
    kind = _KIND.get(enemy)
    if kind is None:
        return 0
    more = 0
    if s.T.loc_bonus:
        pos = s.hero_loc[h]
        b = s.T.loc_bonus.get(s.locs[pos])
        if b is not None and b[0] == kind and s.threat[pos] < 0:
            more += b[1]
    return more + lasting_total(s, KIND_BONUS[kind], h)


def damage_to_tokens(s: UnitedState, h: int, n: int) -> int:
    """MU-21: of the `n` damage hero `h` would take, each one a `damage_to_tokens` record of
    theirs covers is not taken: they gain an action token of its kind instead (MU-5). A
    record with 0 left converts every damage until it ends; a counted one is used up. The
    damage left is returned."""
    p, owner = s.protect, s.T.card_owner
    i = 0
    while i < len(p) and n > 0:
        code, left, until, ref = p[i], p[i + 1], p[i + 2], p[i + 3]  # (not a slice: Cython 3.3 cannot unpack one)
        if TO_TOKENS - 3 <= code <= TO_TOKENS and lasts(s, until, ref) and (
                (owner[ref] if until == FACE_UP else ref) == h):
            k = n if left == 0 else min(n, left)
            sym = TO_TOKENS - code
            s.tokens[h * 4 + sym] += k
            n -= k
            if s.log is not None:
                s.emit("damage_to_tokens", f"{s.hero_name(h)} takes no damage: {k} damage "
                       f"become{'s' if k == 1 else ''} {k} {_SYM[sym]} token{'s' if k != 1 else ''}",
                       hero=h, count=k)
            if left > 0:
                if left == k:
                    del p[i: i + 4]
                    continue
                p[i + 1] = left - k
        i += 4
    return n


_SYM = ("Move", "Attack", "Heroic", "Wild")


def expire(s: UnitedState, until: int, owner: int) -> None:
    """The moment comes: protections lasting until it (from `owner`'s effects) end."""
    p = s.protect
    s.protect = [x for i in range(0, len(p), 4)
                 if not (p[i + 2] == until and p[i + 3] == owner) and lasts(s, p[i + 2], p[i + 3])
                 for x in p[i: i + 4]]


def henchman_away(s: UnitedState, pos: int) -> bool:
    """The Henchman at `pos` is off the board (with the hero who took it away)."""
    p = s.protect
    return any(p[i] == AWAY and s.hero_loc[p[i + 3]] == pos for i in range(0, len(p), 4))


# ----- moves, the Storyline and the long tail (united/vocab/moves.py) ----------------------
# kinds -400 … -499: a hero off the board coming back elsewhere (-400 … -402, vocab/turn.py),
# an enemy immune to all damage but its owner's (-410) or to its owner's only (-411), and a
# Master Plan card removed from the game (-420: the card in `amount`, kept for good)
IMMUNE_BUT_YOU, IMMUNE_TO_YOU, REMOVED_MASTER_PLAN = -410, -411, -420
FOREVER = 3  # `until` of a record kept for the rest of the game


def enemy_code(s: UnitedState, data: dict, pos: int) -> int:
    """One enemy as a number in `protect`: the Villain 0, Sentinel k 1 + k, a Henchman
    10 + its Threat (-1: a Thug, never one enemy)."""
    kind = data["enemy"]
    if kind in ("nimrod", "villain"):
        return 0
    if kind == "sentinel":
        return 1 + data["sentinel"]
    if kind == "henchman":
        return 10 + s.threat[pos]
    return -1


def immune(s: UnitedState, h: int, data: dict, pos: int) -> bool:
    """MU-18 with `immune_enemy`: the enemy takes no damage from hero `h` now."""
    code = enemy_code(s, data, s.hero_loc[h] if pos < 0 else pos)
    p, owner = s.protect, s.T.card_owner
    for i in range(0, len(p), 4):
        if p[i] in (IMMUNE_BUT_YOU, IMMUNE_TO_YOU) and p[i + 1] == code and lasts(s, p[i + 2], p[i + 3]):
            mine = (owner[p[i + 3]] if p[i + 2] == FACE_UP else p[i + 3]) == h
            if mine == (p[i] == IMMUNE_TO_YOU):
                return True
    return False
