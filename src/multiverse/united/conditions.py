"""Conditions on a step (`if:`, counts group): queries of the state only, read by the
dispatcher (`united.effects`) before a step is offered or resolved, and in words by the card
text (`united.vocab.terms`). A condition is compiled as (test, what it names, a number)
(`tables.compile_condition`) and is seen from hero `h`, the hero resolving the step (for a
Location's effect: the hero using it)."""

from __future__ import annotations

from multiverse.united.counts import board_count
from multiverse.united.state import NOW_THREATS, UnitedState

Cond = tuple  # (test, what, number)


def _hero(s: UnitedState, hero_id: str) -> int:
    """The index of the hero with this id in this game (-1: not in it)."""
    ids = s.T.hero_ids
    return ids.index(hero_id) if hero_id in ids else -1


def near(s: UnitedState, h: int) -> int:
    """The other heroes in play in hero `h`'s Location or adjacent to it (MU-1)."""
    pos = s.hero_loc[h]
    ring = len(s.locs)
    places = {pos, (pos - 1) % ring, (pos + 1) % ring}
    return sum(1 for o in range(len(s.hand)) if o != h and s.in_play(o) and s.hero_loc[o] in places)


def holds(s: UnitedState, h: int, c: Cond) -> bool:
    """Whether condition `c` holds now for hero `h` (MU-17: a step with a condition resolves
    only when it holds). A hero named by id who is not in this game is never here or in it;
    a KO'd hero is ignored (MU-22), so is never "here"; "in the game" means not eliminated."""
    test, what, n = c
    pos = s.hero_loc[h]
    if test == "hero_here":
        o = _hero(s, what)
        return o >= 0 and s.in_play(o) and s.hero_loc[o] == pos
    if test == "hero_in_game":
        o = _hero(s, what)
        return o >= 0 and not s.out[o]
    if test == "card_face_up":
        name = s.T.card_name
        return any(c >= 0 and name[c] == what for c in s.story)
    if test == "threat_cleared_this_turn":
        return s.now[NOW_THREATS] > 0
    if test == "villain_here":
        return s.n_loc >= 0 and s.n_loc == pos
    if test == "no_civilians_here":
        return s.civ[pos] == 0
    if test == "other_heroes_near":
        return near(s, h) == n
    return board_count(s, h, what) >= n  # "count": at least n


def _name(hero_id: str) -> str:
    return " ".join(w.title() for w in hero_id.split("-"))


_COUNTED = {"heroes_here": "heroes in your Location", "other_heroes_here": "other heroes in your Location",
            "civilians_here": "Civilians in your Location", "thugs_here": "Thugs in your Location",
            "threats_cleared": "Threats cleared", "cards_in_hand": "cards in your hand",
            "civilians_rescued": "Civilians rescued", "heroes_in_game": "heroes in the game",
            "civilians_rescued_this_turn": "Civilians rescued this turn",
            "thugs_defeated_this_turn": "Thugs defeated this turn",
            "threats_cleared_this_turn": "Threats cleared this turn",
            "actions_this_turn": "actions taken this turn"}


def counted(what: str, n: int = 2) -> str:
    """What a count counts, in words ("face-up X-Men cards in the Storyline"; one of them
    for `n` 1: "face-up X-Men card in the Storyline")."""
    if what[:5] == "team:":
        words = f"face-up {what[5:]} cards in the Storyline"
    else:
        words = _COUNTED.get(what, what.replace("_", " "))
    if n == 1:
        head, _, rest = words.partition(" in ") if " in " in words else (words, "", "")
        first, _, tail = head.partition(" this turn")
        one = first.replace("heroes", "hero").replace("Civilians", "Civilian").replace(
            "Thugs", "Thug").replace("Threats", "Threat").replace("actions", "action").replace(
            "cards", "card")
        words = one + (" this turn" if _ else "") + tail + (f" in {rest}" if rest else "")
    return words


def condition_text(c: Cond) -> str:
    """A condition in the card's words, as an "if" clause ("if Storm is in your Location")."""
    test, what, n = c
    if test == "hero_here":
        return f"if {_name(what)} is in your Location"
    if test == "hero_in_game":
        return f"if {_name(what)} is in the game"
    if test == "card_face_up":
        return f"if {what} is face up in the Storyline"
    if test == "threat_cleared_this_turn":
        return "if a Threat was cleared this turn"
    if test == "villain_here":
        return "if the Villain is in your Location"
    if test == "no_civilians_here":
        return "if no Civilians are left in your Location"
    if test == "other_heroes_near":
        heroes = "other hero is" if n == 1 else "other heroes are"
        return f"if exactly {n} {heroes} in or adjacent to your Location"
    return f"if there {'is' if n == 1 else 'are'} at least {n} {counted(what, n)}"
