"""What `per` counts and what the board holds: the counts an effect's amount multiplies by
(MU-17), and the hero's own figures on the board (companions and clones, docs/content.md).
These are queries of the state only: the dispatcher and the verb modules read them."""

from __future__ import annotations

from multiverse.united.owned import PART_COUNTS, part_count
from multiverse.united.standard.missions import RESCUE
from multiverse.united.state import UnitedState


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
    if what in THIS_TURN or what[:5] == "team:":  # counts group
        return this_turn_count(s, what)
    if what in PART_COUNTS:  # a hero's own components (united/owned.py)
        return part_count(s, h, what)
    if what[1:] == "_here":  # the Villain's extra tokens of that letter (owner_villain)
        return s.xtok[pos] if what[0] == s.T.extra_letter else 0
    return len(s.hand[h])  # cards_in_hand


def turn_count(s: UnitedState, what: str) -> int:
    """MU-9 counts: `per: civilians_rescued` (the Rescue Civilians Mission's count; 0 with no Missions) and
    `per: heroes_in_game` (heroes not eliminated: a KO'd hero is still in the game)."""
    if what == "civilians_rescued":
        return s.progress[RESCUE] if s.T.mission_need else 0
    return sum(1 for x in s.out if not x)


# this turn's tally (`s.now`, reset as each hero turn starts): the `per` word -> its index
THIS_TURN = {"civilians_rescued_this_turn": 0, "thugs_defeated_this_turn": 1,
             "threats_cleared_this_turn": 2, "actions_this_turn": 3}


def this_turn_count(s: UnitedState, what: str) -> int:
    """Counts of this turn and of the Storyline (counts group): Civilians rescued, Thugs
    defeated, Threats cleared and actions taken (Move, Attack, Heroic, granted ones) since
    this hero turn started, by any hero (MU-16..MU-19); and `team:KEYWORD`, the face-up Hero
    cards in the Storyline whose hero has that keyword (MU-17: a facedown card is no card
    of anyone's that can be seen)."""
    if what[:5] == "team:":
        kw, owner, keys = what[5:], s.T.card_owner, s.T.hero_keywords
        return sum(1 for c in s.story if c >= 0 and owner[c] >= 0 and kw in keys[owner[c]])
    return s.now[THIS_TURN[what]]


# ----- what the board holds -------------------------------------------------------------
def clones_of(s: UnitedState, h: int) -> list[int]:
    """The ring positions of hero `h`'s clones on the board (one entry per clone)."""
    c = s.clone_at
    return [c[i + 1] for i in range(0, len(c), 2) if c[i] == h]


def reserve(s: UnitedState, h: int) -> int:
    """Hero `h`'s clones off the board."""
    return (s.T.clones[h] if s.T.clones else 0) - len(clones_of(s, h))


def has_companion(s: UnitedState, h: int) -> bool:
    return bool(s.comp) and s.comp[h] >= 0


def component_count(s: UnitedState, h: int, what: str) -> int:
    """`per: companion_here` (1 if your companion is in your Location) and `per:
    clones_in_play` (your clones on the board)."""
    if what == "companion_here":
        return int(has_companion(s, h) and s.comp[h] == s.hero_loc[h])
    return len(clones_of(s, h))


def component_locations(s: UnitedState, h: int, where: str) -> list[int]:
    """MU-18 at your companion's Location (`companion`) or at a Location holding one of your
    clones (`a_clone`)."""
    if where == "companion":
        return [s.comp[h]] if has_companion(s, h) else []
    return sorted(set(clones_of(s, h)))


