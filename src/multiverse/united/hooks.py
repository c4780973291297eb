"""Hook points: the moments lasting text waits for (issue 20's one mechanism for "while this
card is face up: at the end of each Villain turn …", "when you are KO'd …").

A face-up Hero card of the Storyline (`HeroCard.face_up`) and a Location in play that no
Threat covers (`Location.hooks`) subscribe to named hook points; the subscribers are
compiled into `Tables.hooks`, so a game without any reads one empty dict at each point.
At its moment a hook point queues each subscriber's steps, for the card's owner (a
Location's: the hero whose moment it is, when that hero is there), first subscriber first.

The hook points, where the rules place them:
- `turn_starts` — MU-16, the start of a hero's turn, before the draw;
- `turn_ends` — MU-20, after the Location effect, before the Villain's part of the turn;
- `villain_turn_ends` — MU-11, after the Villain turn's tokens and Overflow (a Sentinel
  activation is no Villain turn, DFP-A12);
- `master_plan_revealed` — MU-10, as the card is added to the Storyline, before it resolves;
- `ko` — MU-22, as the hero is KO'd: its steps resolve before the KO's BAM!;
- `card_flipped` — DFP-A13, a Hero card of the Storyline turned facedown (the flipped card's
  own text is no longer face up, so it does not hear its own flip);
- `hero_action` — MU-18, after a hero's action and what it set off resolve (a Move, Attack,
  Heroic, an escape or a granted action; a Special Effect or a team card is no action);
- `damage_taken` — MU-21, a hero would take damage (after their protections): a subscriber
  with `instead` replaces the damage, one with `flip_card` flips its own card facedown as it
  is used; resolved by `united.lasting.damage_replaced`, not by `fire`.

A subscriber is (kind, ref, whose, steps, source[, flags]) (`flags`: "instead", "flip_card").

A hero's marker that goes off by itself (`Hero.markers[].goes_off`, united/vocab/parts.py)
subscribes too: it is in force while one of those markers is on the board.
"""

from __future__ import annotations

from multiverse.united.owned import markers_of
from multiverse.united.state import UnitedState, step
from multiverse.united.tables import HOOK_CARD, HOOK_MARKER
from multiverse.united.verbs import push_hero_effects


def hooked(s: UnitedState, point: str) -> bool:
    """Some lasting text of this game waits for `point` (a compiled-table read)."""
    return point in s.T.hooks


def fire(s: UnitedState, point: str, hero: int = -1) -> None:
    """The moment `point` comes, hero `hero`'s (-1: no hero's): queue the steps of each
    subscriber in force now whose `whose` matches, so the first subscriber resolves first."""
    subs = s.T.hooks.get(point)
    if not subs:
        return
    t = s.T
    due: list[tuple[int, tuple, str]] = []
    for kind, ref, whose, fx, source, *_ in subs:
        if kind == HOOK_CARD:
            if ref not in s.story:  # facedown (stored as ~card) or not played: not in force
                continue
            owner = t.card_owner[ref]
            if s.out[owner] or not whose_matches(whose, owner, hero):
                continue
            due.append((owner, fx, source))
        elif kind == HOOK_MARKER:  # a hero's marker on the board goes off (vocab/parts.py)
            owner = ref // 16
            if s.out[owner] or not markers_of(s, owner, ref % 16) or not whose_matches(whose, owner, hero):
                continue
            due.append((owner, fx, source))
        else:  # a Location: in play, uncovered, and the moment's hero stands in it
            if ref not in s.locs:
                continue
            pos = s.locs.index(ref)
            if s.threat[pos] >= 0:
                continue
            if hero < 0 or s.hero_loc[hero] != pos or s.out[hero]:
                continue
            due.append((hero, fx, source))
    for owner, fx, source in reversed(due):
        if s.log is not None:
            s.emit("hook", f"{source} ({t.hero_names[owner]}): {_MOMENT[point]}", hero=owner,
                   point=point)
        push_hero_effects(s, owner, fx, source)


def whose_matches(whose: str, owner: int, hero: int) -> bool:
    """`you`: the owner's moment (a moment of no hero always counts); `another_hero`:
    another hero's; `any_hero`: anyone's."""
    if whose == "any_hero" or hero < 0:
        return True
    return (hero == owner) == (whose == "you")


_MOMENT = {"villain_turn_ends": "at the end of the Villain turn",
           "turn_starts": "at the start of the turn", "turn_ends": "at the end of the turn",
           "ko": "when a hero is KO'd", "card_flipped": "when a card is flipped facedown",
           "master_plan_revealed": "when a Master Plan card is revealed",
           "hero_action": "after an action", "damage_taken": "when damage would be taken"}


@step("hook")
def hook_step(s: UnitedState, f: tuple) -> None:
    """MU-11, MU-18, MU-20: a hook point queued as a frame where the turn has no step of its
    own (`turn_ends`, `villain_turn_ends`, `hero_action`): ("hook", point, hero)."""
    fire(s, f[1], f[2])
