"""The Marvel United state: flat lists of ints, indexed by ring position, hero and Sentinel.

Ring positions 0..5 run clockwise. Cards are ints from `Tables`; a facedown Storyline card
is stored as `~card` (a negative int). Sentinel slots 0/1/2 are Sentinels I/II/III; a
Sentinel not in the game (or defeated) has location -1.
"""

from __future__ import annotations

from typing import ClassVar

from multiverse.engine.decision import Option
from multiverse.engine.errors import SaveError
from multiverse.engine.state import GameState, OptionsFn, ResolveFn, StepFn, push, rule_registry
from multiverse.united.tables import Tables

PHASE_SENTINELS, PHASE_NIMROD = 0, 1  # DFP: fighting the Sentinels; a Villain in play
PHASE_VILLAIN = PHASE_NIMROD  # the standard game is always in the Villain phase
AWAY = -22  # in `protect`: [AWAY, 1, NEXT_TURN, hero]: the hero (and a Henchman) is off the board
# `comp`: each hero's companion's ring position (-1: none); `clone_at`: (hero, ring position)
# pairs of the clones on the board; `team`: the round each team card was last used (0:
# never). Each is empty in a game without them (united/vocab/components.py).
COMPONENT_FIELDS = ("comp", "clone_at", "team")
# `now`: this turn's tally (counts group, united/conditions.py): Civilians rescued, Thugs
# defeated, Threats cleared, actions taken since the start of the current hero turn; out of
# the key and the JSON while all zero
NOW_RESCUED, NOW_THUGS, NOW_THREATS, NOW_ACTIONS = 0, 1, 2, 3
# `parts`: a hero's own components and a Location's (united/owned.py, united/vocab/parts.py):
# 4 ints per record (kind, owner, a, b); empty in a game without them


class UnitedState(GameState):
    """A position of a Marvel United game (Days of Future Past mode)."""

    __slots__ = (
        "T", "active", "civ", "clone_at", "comp", "deck", "fx_card", "grab", "hand", "hench", "hero_loc", "ko", "locs",
        "mp_deck", "mp_known", "n_hp", "n_loc", "need", "now", "out", "ovf", "parts", "phase", "pile", "pool",
        "progress", "protect", "retreat", "round", "s_hp", "s_loc", "seen", "since", "story", "target", "team",
        "threat", "thug", "tokens", "track", "turn", "villain_start", "xtok",
    )  # fmt: skip

    DATA = (
        "phase", "locs", "villain_start", "civ", "thug", "threat", "need", "hero_loc", "hand",
        "deck", "tokens", "ko", "out", "target", "story", "pool", "fx_card", "active", "turn",
        "round", "s_loc", "s_hp", "n_loc", "n_hp", "mp_deck", "since", "retreat", "track",
        "pile", "ovf", "grab", "progress", "hench",
    )  # fmt: skip
    NESTED = frozenset({"hand", "deck"})
    LISTS = frozenset({  # the fields the .pxd declares `list` (a save's must be lists)
        "civ", "clone_at", "comp", "deck", "hand", "hench", "hero_loc", "ko", "locs", "mp_deck", "mp_known",
        "need", "now", "out", "parts", "pile", "pool", "progress", "protect", "s_hp", "s_loc", "seen", "story",
        "target", "team", "threat", "thug", "tokens", "xtok",
    })  # fmt: skip
    STEPS: ClassVar[dict[str, StepFn]] = {}
    CHOICES: ClassVar[dict[str, tuple[OptionsFn, ResolveFn]]] = {}

    T: Tables

    def clone(self) -> UnitedState:
        """Copy every list (hands and decks two levels); the tables are shared."""
        new: UnitedState = UnitedState.__new__(UnitedState)
        new.T = self.T
        new.log = None
        new._decision = self._decision
        new.rng, new.result, new.reason, new.decisions = (
            self.rng, self.result, self.reason, self.decisions)  # fmt: skip
        new.stack = self.stack[:]
        new.phase, new.villain_start, new.fx_card, new.active = (
            self.phase, self.villain_start, self.fx_card, self.active)  # fmt: skip
        new.turn, new.round, new.n_loc, new.n_hp = self.turn, self.round, self.n_loc, self.n_hp
        new.since, new.retreat, new.track, new.ovf = self.since, self.retreat, self.track, self.ovf
        new.grab, new.progress, new.hench = self.grab, self.progress[:], self.hench[:]
        new.locs, new.civ, new.thug, new.threat = (
            self.locs[:], self.civ[:], self.thug[:], self.threat[:])  # fmt: skip
        new.need, new.hero_loc, new.tokens, new.ko = (
            self.need[:], self.hero_loc[:], self.tokens[:], self.ko[:])  # fmt: skip
        new.out, new.target, new.story, new.pool = (
            self.out[:], self.target[:], self.story[:], self.pool[:])  # fmt: skip
        new.s_loc, new.s_hp, new.mp_deck, new.pile = (
            self.s_loc[:], self.s_hp[:], self.mp_deck[:], self.pile[:])  # fmt: skip
        new.hand = [h[:] for h in self.hand]
        new.deck = [d[:] for d in self.deck]
        new.protect = self.protect[:]
        new.seen = self.seen[:]
        new.mp_known = self.mp_known[:]
        new.xtok = self.xtok[:]
        new.comp, new.clone_at, new.team = self.comp[:], self.clone_at[:], self.team[:]
        new.now = self.now[:]
        new.parts = self.parts[:]
        return new

    # ----- protections (the owner's `ignore_damage` / `prevent_damage`) -------------------
    # `protect` is a flat list of 4 ints per protection: hero, damage left to prevent (-1:
    # all), until (0 end of this turn, 1 the owner's next turn, 2 while a card is face up)
    # and its reference (the owner, or the card). It is part of the position only when it
    # holds something, so a game that never uses it keeps its hash and its JSON.
    # `seen` lists the hero cards put at the bottom of their deck in view of the table (the
    # owner's `draw_discard`): determinization keeps them in place. Like `protect`, it is
    # part of the position only when it holds something.
    def key(self) -> tuple:
        k = super().key()
        k = (*k, tuple(self.protect)) if self.protect else k
        k = (*k, ("seen", *self.seen)) if self.seen else k
        k = (*k, ("mp_known", *self.mp_known)) if self.mp_known else k
        k = (*k, ("xtok", *self.xtok)) if any(self.xtok) else k
        if self.comp or self.clone_at or self.team:  # companions, clones, team cards
            k = (*k, ("figures", tuple(self.comp), tuple(self.clone_at), tuple(self.team)))
        if any(self.now):  # this turn's tally (counts group)
            k = (*k, ("now", *self.now))
        if self.parts:  # a hero's own components (united/owned.py)
            k = (*k, ("parts", *self.parts))
        return k

    def data_dict(self) -> dict:
        d = super().data_dict()
        if self.protect:
            d["protect"] = self.protect[:]
        if self.seen:
            d["seen"] = self.seen[:]
        if self.mp_known:
            d["mp_known"] = self.mp_known[:]
        if any(self.xtok):
            d["xtok"] = self.xtok[:]
        for name in COMPONENT_FIELDS:
            if getattr(self, name):
                d[name] = getattr(self, name)[:]
        if any(self.now):
            d["now"] = self.now[:]
        if self.parts:
            d["parts"] = self.parts[:]
        return d

    def load_data(self, data: dict) -> None:
        super().load_data(data)
        p = data.get("protect", [])
        if type(p) is not list or len(p) % 4 or any(type(x) is not int for x in p):
            raise SaveError(f"state JSON: 'protect' holds 4 whole numbers per protection, not {p!r}")
        self.protect = p[:]
        seen = data.get("seen", [])
        if type(seen) is not list or any(type(x) is not int for x in seen):
            raise SaveError(f"state JSON: 'seen' holds card numbers, not {seen!r}")
        self.seen = seen[:]
        # Master Plan cards every player has seen (the owner's `peek_master_plan`), until drawn
        known = data.get("mp_known", [])
        if type(known) is not list or any(type(c) is not int or c not in self.mp_deck for c in known):
            raise SaveError(f"state JSON: 'mp_known' lists cards of the Master Plan deck, not {known!r}")
        self.mp_known = known[:]
        # an owner's Villain's extra tokens per Location (vocab/villain.py), all 0 without them
        x = data.get("xtok", [0] * 6)
        if type(x) is not list or len(x) != 6 or any(type(n) is not int or n < 0 for n in x):
            raise SaveError(f"state JSON: 'xtok' holds 6 counts (one per Location), not {x!r}")
        self.xtok = x[:]
        for name in COMPONENT_FIELDS:  # companions, clones, team cards: lists of whole numbers
            v = data.get(name, [])
            if type(v) is not list or any(type(x) is not int for x in v):
                raise SaveError(f"state JSON: {name!r} is a list of whole numbers, not {v!r}")
            setattr(self, name, v[:])
        now = data.get("now", [0, 0, 0, 0])  # this turn's tally (counts group)
        if type(now) is not list or len(now) != 4 or any(type(n) is not int or n < 0 for n in now):
            raise SaveError(f"state JSON: 'now' holds 4 counts of this turn, not {now!r}")
        self.now = now[:]
        parts = data.get("parts", [])  # a hero's own components (united/owned.py)
        if type(parts) is not list or len(parts) % 4 or any(type(x) is not int for x in parts):
            raise SaveError(f"state JSON: 'parts' holds 4 whole numbers per record, not {parts!r}")
        self.parts = parts[:]

    # ----- small queries used by many rules --------------------------------------
    def seat(self, hero: int) -> int:
        return self.T.seats[hero]

    def hero_name(self, h: int) -> str:
        return self.T.hero_names[h]

    def loc_name(self, pos: int) -> str:
        return self.T.loc_name[self.locs[pos]]

    def sentinel_name(self, s: int) -> str:
        return self.T.sentinel_names[s]

    def in_play(self, h: int) -> bool:
        """A hero who is neither KO'd nor eliminated (MU-22: KO'd heroes are ignored), nor
        off the board for a while (the owner's `vanish_with_henchman`)."""
        return not self.ko[h] and not self.out[h] and not (self.protect and self.away(h))

    def heroes_at(self, pos: int) -> list[int]:
        out = [h for h, p in enumerate(self.hero_loc) if p == pos and not self.ko[h] and not self.out[h]]
        return [h for h in out if not self.away(h)] if self.protect else out

    def away(self, h: int) -> bool:
        """Hero `h` is off the board until their next turn (`AWAY` in `protect`)."""
        p = self.protect
        return any(p[i] == AWAY and p[i + 3] == h for i in range(0, len(p), 4))

    def live_sentinels(self) -> list[int]:
        return [s for s, p in enumerate(self.s_loc) if p >= 0]

    def threats_tagged(self, tag: str) -> int:
        tags = self.T.threat_tags
        return sum(1 for t in self.threat if t >= 0 and tag in tags[t])


step, choice = rule_registry(UnitedState)


__all__ = ["PHASE_NIMROD", "PHASE_SENTINELS", "Option", "UnitedState", "choice", "push", "step"]
