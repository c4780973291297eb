"""The Sentinels state: zones as lists of card ids per owner; HP and counters per card.

Owners: heroes 0..H-1, then the villain (H), then the environment (H+1). A card's `home`
is the owner whose deck, trash and play area hold it (a planted seed's home is the
environment, OBL-HE3). `face[c]` is the face card `c` shows (0: its printed front); every
per-card table of `Tables` that a face can change is read at that face.

Zones of the box: `box` (set aside, and a card between its deck and play), `removed` (out
of the game for good: no effect can choose it), `under` (beneath a card in play: `under` is
the flat list `[card, holder, card, holder, …]`, the last pair on top), `reserve` (the flat
list `reserve`, bottom first: a pile that is not a deck, OBL-C5). `ctr` holds the named
counters' values (OBL-ID1).

Players apart from hero decks (OBL-I5): `char[p]` is player `p`'s current hero character
card (hero area `p`), `user[d]` the player playing hero deck `d` (-1: in the box, -2: erased,
OBL-C20). Battle zones (OBL-B1): `bz[c]` is the zone of card `c` while it is in play (or
resolving), `azone[o]` the zone of owner `o`'s play area (a hero's marker; an environment
in play; -1: set aside or spread over both zones, as villain decks are). The base game is
one zone: every value 0.

`live` is derived, not data: what is read from the cards in play again and again (the cards
with modifiers, with start- or end-of-turn texts, with reactions to a card entering play,
the modifiers they show, the targets of each set of sides, those in play of a set of cards:
the watchers of an event, say), each in play order, filled as it
is read (`live_read`). A card entering or leaving play updates it (`live_enter`,
`live_leave`); a card flipping in play drops the lists that read faces (`live_flip`); any
code that rebuilds `inplay` or faces (setup, positions, saved games) clears it. A clone shares it until either
changes: its lists are never changed in place.
"""

from __future__ import annotations

from operator import attrgetter
from typing import Any, ClassVar

from multiverse.engine.errors import SaveError
from multiverse.engine.state import GameState, OptionsFn, ResolveFn, StepFn, _listify, push, rule_registry
from multiverse.sentinels.tables import OWNER_KINDS, Tables

# keys of `SentinelsState.live`: the cards in play with modifiers, start-of-turn texts,
# end-of-turn texts, entering-play reactions; the modifiers shown; those that redirect
# damage or change its type
LIVE_MODS, LIVE_START, LIVE_END, LIVE_ENTER, LIVE_CMODS, LIVE_RT = range(6)
Z_DECK, Z_HAND, Z_TRASH, Z_PLAY, Z_BOX, Z_REMOVED, Z_UNDER, Z_RESERVE = range(8)
ZONES = ("deck", "hand", "trash", "play", "box", "removed", "under", "reserve")


# ----- "this turn": facts of the turn in progress, plain data (cloned, saved, hashed like
# every field), set to TURN_START by `new_turn` as each turn starts (SOTM-4, SOTM-5), so a
# card reads "this turn" from them. Another such fact: a field named `turn_…`, added here
# (TURN_FIELDS, TURN_START), to `__slots__` and to `_SCALAR` or `_FLAT` below; `new_turn`,
# `clone` and `setup.blank_state` read these tables.
#   turn_destroyed  cards destroyed this turn (SOTM-11)
#   turn_discarded  cards discarded this turn (SOTM-11: from a hand, a deck, or revealed)
#   turn_flipped    per player: hero tokens flipped this turn (OBL-HE2)
#   turn_fired      the triggers (the first step id of each effect) with `once_per_turn`
#                   that have fired this turn ("the first time each turn")
#   turn_dmg        the damage dealt this turn, by card: only the cards dealt some (a dict,
#                   so a turn's first damage copies no per-card list); saved and hashed as
#                   one count per card (`dense_dmg`), [] when no condition of the game reads
#                   it (T.track_dmg false: nothing kept)
TURN_FIELDS = ("turn_destroyed", "turn_discarded", "turn_flipped", "turn_fired", "turn_dmg")
TURN_SCALARS = ("turn_destroyed", "turn_discarded")  # ints; the others: a list per player


class SentinelsState(GameState):
    """A position of a Sentinels of the Multiverse game."""

    __slots__ = (
        "T",
        "azone",
        "bz",
        "char",
        "ctr",
        "deck",
        "face",
        "face_shared",
        "hand",
        "home",
        "home_shared",
        "hp",
        "htok",
        "incap",
        "incap_used",
        "inplay",
        "live",
        "mods",
        "next_seq",
        "phase",
        "play",
        "played",
        "powered",
        "reserve",
        "round",
        "seq",
        "seq_shared",
        "tok",
        "tok_shared",
        "trash",
        "turn",
        "turn_destroyed",
        "turn_discarded",
        "turn_dmg",
        "turn_fired",
        "turn_flipped",
        "under",
        "user",
        "zone",
    )

    DATA = ("zone", "home", "deck", "hand", "trash", "play", "hp", "tok", "seq", "next_seq",
            "incap", "face", "htok", "mods", "turn", "phase", "round", "played", "powered",
            "incap_used", "inplay", "ctr", "under", "reserve", "char", "user", "bz", "azone",
            *TURN_FIELDS)
    NESTED = frozenset({"deck", "hand", "trash", "play", "htok"})
    LISTS = frozenset({  # the fields the .pxd declares `list` (a save's must be lists)
        "azone", "char", "ctr", "deck", "hand", "home", "hp", "htok", "incap", "inplay", "mods",
        "play", "reserve", "seq", "tok", "trash", "turn_fired", "turn_flipped", "under", "user",
    })  # fmt: skip
    BYTES = ("zone", "bz", "face")  # one small number per card, kept as bytes (saved and hashed as lists)
    STEPS: ClassVar[dict[str, StepFn]] = {}
    CHOICES: ClassVar[dict[str, tuple[OptionsFn, ResolveFn]]] = {}

    T: Tables

    # ----- value semantics: the engine's, written out for this layout (clone and JSON are
    # on the hot path of search; the generic versions walk every field and every int) ----
    def clone(self) -> SentinelsState:
        """A copy of the data: flat lists copied once, the per-owner zones twice; `mods` and
        the stack hold tuples, which are shared, and so are `STATIC`'s lists in a game of one
        battle zone and fixed players (the base game: nothing writes them after setup) and
        (`turn_dmg` is a small dict: copied, or a new empty one). `home`, `face`,
        `tok` and `seq`, per card and written seldom, are shared until either state writes
        one (`own_home` …)."""
        new: SentinelsState = SentinelsState.__new__(SentinelsState)
        new.rng, new.result, new.reason, new.decisions = self.rng, self.result, self.reason, self.decisions
        new.next_seq, new.turn, new.phase, new.round = self.next_seq, self.turn, self.phase, self.round
        new.played, new.powered, new.incap_used = self.played, self.powered, self.incap_used
        new.zone, new.hp, new.incap, new.inplay = self.zone[:], self.hp[:], self.incap[:], self.inplay[:]
        new.home, new.face, new.tok, new.seq = self.home, self.face, self.tok, self.seq  # copied on write
        self.home_shared = self.face_shared = self.tok_shared = self.seq_shared = True
        new.home_shared = new.face_shared = new.tok_shared = new.seq_shared = True
        new.ctr, new.under, new.reserve = self.ctr[:], self.under[:], self.reserve[:]
        t = new.T = self.T
        if t.n_zones == 1 and not t.dynamic:  # never changed after setup: shared (STATIC)
            new.char, new.user, new.bz, new.azone = self.char, self.user, self.bz, self.azone
        else:
            new.char, new.user, new.bz, new.azone = self.char[:], self.user[:], self.bz[:], self.azone[:]
        new.stack, new.mods = self.stack[:], self.mods[:]
        new.deck, new.hand = _copies(self.deck), _copies(self.hand)
        new.trash, new.play = _copies(self.trash), _copies(self.play)
        new.htok = _copies(self.htok)
        new.turn_destroyed, new.turn_discarded = self.turn_destroyed, self.turn_discarded
        new.turn_flipped, new.turn_fired = self.turn_flipped[:], self.turn_fired[:]
        dealt = self.turn_dmg
        new.turn_dmg = dealt.copy() if dealt else {}  # (written in place: never shared)
        new.live = self.live  # (filled, never changed: shared until either state changes)
        new._decision = self._decision
        new.log = None
        return new

    def load_data(self, data: dict[str, Any]) -> None:
        """`GameState.load_data`; `live` is read again from the loaded cards; `turn_dmg`,
        saved as one count per card, is kept as the cards dealt damage."""
        if "turn_dmg" in data:
            data = {**data, "turn_dmg": _sparse_dmg(data["turn_dmg"], self.T)}
        data = {**data, **{n: _card_bytes(data[n], n, self.T) for n in self.BYTES if n in data}}
        super().load_data(data)
        self.live = None
        self.home_shared = self.face_shared = self.tok_shared = self.seq_shared = False

    # ----- copy on write: a clone shares `home`, `face`, `tok` and `seq` (per card, written
    # seldom) with its original; whichever state writes one first takes its own copy. Every
    # write goes through these (`s.own_face()[c] = 1`), never through `s.face` or an alias.
    def own_home(self) -> list:
        """`home`, this state's own to write (a list shared with a clone is copied now)."""
        if self.home_shared:
            self.home = self.home[:]
            self.home_shared = False
        return self.home

    def own_face(self) -> bytearray:
        """`face`, this state's own to write (bytes shared with a clone are copied now)."""
        if self.face_shared:
            self.face = self.face[:]
            self.face_shared = False
        return self.face

    def own_tok(self) -> list:
        """`tok`, this state's own to write (a list shared with a clone is copied now)."""
        if self.tok_shared:
            self.tok = self.tok[:]
            self.tok_shared = False
        return self.tok

    def own_seq(self) -> list:
        """`seq`, this state's own to write (a list shared with a clone is copied now)."""
        if self.seq_shared:
            self.seq = self.seq[:]
            self.seq_shared = False
        return self.seq

    def live_get(self, key: Any) -> list:
        """The derived list of `live` under `key` (see `live_read`): the one kept, or read
        now. Keyed by a frozenset of cards, those of them in play: "is any of them in play?"
        costs one look-up."""
        live = self.live
        out = live.get(key) if live is not None else None
        return self.live_read(key) if out is None else out

    def live_read(self, key: Any) -> list:
        """A derived list of `live` (LIVE_MODS … LIVE_RT, a tuple of sides: the targets of
        those sides, or a frozenset of cards: those in play), computed now and kept."""
        live = self.live
        if live is None:
            live = self.live = {}
        t, ip, face = self.T, self.inplay, self.face
        out: list = []  # (each card number read as a C integer `c` for the table reads, and
        if key in (LIVE_CMODS, LIVE_RT):  # kept as the object `co` in the lists)
            # the modifiers shown, with their cards (no conditions); those that redirect
            table = t.cmods if key == LIVE_CMODS else t.rt_mods
            for co in self.live_get(LIVE_MODS):
                c = co
                for m in table[c][face[c]]:
                    out.append((m, co))
        elif type(key) is tuple:
            if key not in t.live_known:  # (live_enter and live_leave look it up)
                t.know_live(key)
            sides, side, max_hp = key, t.side, t.max_hp
            for co in ip:
                c = co
                f = face[c]
                if side[c][f] in sides and max_hp[c][f]:
                    out.append(co)
        elif type(key) is frozenset:
            if key not in t.live_known:
                t.know_live(key)
            out = [c for c in ip if c in key]
        else:
            has = (t.has_mods, t.has_start, t.has_end, t.has_enter)[key]
            for co in ip:
                c = co
                if has[c]:
                    out.append(co)
        live[key] = out
        return out

    def _joins(self, cid: int) -> tuple[tuple, int, int]:
        """What card `cid`, at the face it shows, belongs to in `live`: per key up to
        LIVE_ENTER, a flag; for LIVE_CMODS and LIVE_RT, its modifiers; and its side and HP
        (for the targets by sides)."""
        t, f = self.T, self.face[cid]
        return ((t.has_mods[cid], t.has_start[cid], t.has_end[cid], t.has_enter[cid],
                 t.cmods[cid][f], t.rt_mods[cid][f]), t.side[cid][f], t.max_hp[cid][f])

    def live_enter(self, cid: int) -> None:
        """Card `cid` has just entered play (last in play order): the lists kept in `live`
        gain it where it belongs (a copy of the dict, new lists where it joins: a clone may
        share the old ones). Only the keys that can hold it are looked up: those of its flags
        and modifiers, the side groups read so far (`T.live_sides`), the card sets holding
        it (`T.live_sets`)."""
        joins, side, hp = self._joins(cid)
        card = cid  # (one number object for every look-up and list: boxed once, compiled)
        t, live = self.T, self.live
        new = live.copy()  # type: ignore[union-attr]
        for key in range(LIVE_CMODS):  # the flags: cards with modifiers, turn texts, reactions
            if joins[key]:
                value = live.get(key)  # type: ignore[union-attr]
                if value is not None:
                    new[key] = [*value, card]
        for key in (LIVE_CMODS, LIVE_RT):  # its modifiers, with it
            ms = joins[key]
            if ms:
                value = live.get(key)  # type: ignore[union-attr]
                if value is not None:
                    new[key] = value + [(m, card) for m in ms]
        if hp:
            for sides in t.live_sides:
                if side in sides:
                    value = live.get(sides)  # type: ignore[union-attr]
                    if value is not None:
                        new[sides] = [*value, card]
        for cards in t.live_sets.get(cid, ()):
            value = live.get(cards)  # type: ignore[union-attr]
            if value is not None:
                new[cards] = [*value, card]
        self.live = new

    def live_leave(self, cid: int) -> None:
        """Card `cid` has just left play: the lists kept in `live` lose it (the lists it
        joined at the face it shows: a flip in play drops the lists that read faces,
        `live_flip`; a copy of the dict, new lists where it leaves; the keys looked up as
        `live_enter` does: the two walks are written out, as one shared helper returning the
        keys costs half a percent of an OblivAeon decision)."""
        joins, side, hp = self._joins(cid)
        card = cid  # (one number object for every look-up and comparison: boxed once)
        t, live = self.T, self.live
        new = live.copy()  # type: ignore[union-attr]
        for key in range(LIVE_CMODS):
            if joins[key]:
                value = live.get(key)  # type: ignore[union-attr]
                if value is not None:
                    new[key] = [c for c in value if c != card]
        for key in (LIVE_CMODS, LIVE_RT):
            if joins[key]:
                value = live.get(key)  # type: ignore[union-attr]
                if value is not None:
                    new[key] = [p for p in value if p[1] != card]
        if hp:
            for sides in t.live_sides:
                if side in sides:
                    value = live.get(sides)  # type: ignore[union-attr]
                    if value is not None:
                        new[sides] = [c for c in value if c != card]
        for cards in t.live_sets.get(cid, ()):
            value = live.get(cards)  # type: ignore[union-attr]
            if value is not None:
                new[cards] = [c for c in value if c != card]
        self.live = new

    def live_flip(self) -> None:
        """A card in play has just turned to another face: the lists of `live` that read faces
        (the modifiers shown, those that redirect or change types, the targets of a set of
        sides) are dropped, to be read again; the others (cards flagged on any face, cards
        of a set in play) hold as they are, in play order."""
        live = self.live
        if live is not None:
            self.live = {k: v for k, v in live.items()
                         if type(k) is frozenset or (type(k) is int and k < LIVE_CMODS)}

    def key(self) -> tuple:
        """`GameState.key` for this layout: lists become tuples (frames and modifiers are
        tuples already)."""
        return tuple(
            (tuple(map(tuple, v)) if name in _NESTED else tuple(v)) if type(v) is list
            else tuple(v) if type(v) is bytearray  # (`zone`, `bz`, `face`: as the lists they were)
            else tuple(self.dense_dmg()) if type(v) is dict else v  # (`turn_dmg`)
            for name, v in zip(_FIELDS, _ALL_FIELDS(self), strict=True))

    def dense_dmg(self) -> list[int]:
        """`turn_dmg` as it is saved and hashed: the damage dealt this turn to each card (0
        for most), or [] in a game where no condition reads it."""
        dealt = self.turn_dmg
        return [dealt.get(c, 0) for c in range(len(self.T.card))] if self.T.track_dmg else []

    def data_dict(self) -> dict[str, Any]:
        """The fields as plain JSON data, as `GameState.data_dict` gives them; only the
        stack and `mods` hold tuples to turn into lists."""
        out: dict[str, Any] = {}
        for name in self._fields():
            v = getattr(self, name)
            if type(v) is list:
                v = (_listify(v) if name in _TUPLES else [x[:] for x in v] if name in _NESTED
                     else v[:])
            elif type(v) is dict:  # `turn_dmg`
                v = self.dense_dmg()
            elif type(v) is bytearray:  # `zone`, `bz`, `face`
                v = list(v)
            out[name] = v
        return out

    def new_turn(self) -> None:
        """A turn starts: the "this turn" facts start again from none (SOTM-4, SOTM-5)."""
        self.turn_destroyed = self.turn_discarded = 0
        if any(self.turn_flipped):
            self.turn_flipped = [0] * len(self.turn_flipped)
        if self.turn_fired:
            self.turn_fired = []
        if self.turn_dmg:
            self.turn_dmg = {}

    # ----- queries ----------------------------------------------------------------
    def seat(self, owner: int) -> int:
        """Which seat decides for an owner: each hero's player; the players (the first
        hero still standing) for villain and environment choices."""
        if owner < self.T.n_heroes:
            return owner
        if self.turn < self.T.n_heroes:
            return self.turn
        for h in range(self.T.n_heroes):
            if not self.incap[h]:
                return h
        return 0

    def name(self, cid: int) -> str:
        return self.T.name[cid]

    def oname(self, o: int) -> str:
        """An owner's name: a hero area is called by its current hero."""
        t = self.T
        if o < t.n_heroes and t.dynamic:
            c = self.char[o]
            return t.name[c] if c >= 0 else self.player_name(o)
        return t.owner_names[o]

    def verb_s(self, o: int, one: str, many: str) -> str:
        """The verb agreeing with owner `o`'s name: "The Scions play", "OblivAeon plays"."""
        return many if o in self.T.plural_owners else one

    def player_name(self, o: int) -> str:
        """A player between heroes (OBL-I4), called by the hero they played last ("Akash'Thriya's
        player"); "Player N" only before any hero (issue 21: hero names everywhere)."""
        t = self.T
        c = self.char[o]
        if c >= 0:
            return f"{t.name[c]}'s player" if self.incap[o] else t.name[c]
        last = [x for x in self.play[o] if t.hero_char[x] >= 0]
        if not last:
            return f"Player {o + 1}"
        return f"{t.name[max(last, key=self.seq.__getitem__)]}'s player"

    def hero_of(self, cid: int) -> int:
        """The hero (player) whose card this is, -1 for a villain, environment or Mission
        card: a hero card belongs to the player playing its deck; a Mission card in a hero's
        play area counts as that hero's (OBL-C8)."""
        t = self.T
        o = t.owner[cid]
        if o >= 0:
            return o if o < t.n_heroes else -1
        d = t.hdeck[cid]
        if d >= 0:
            return self.user[d] if self.user[d] >= 0 else -1
        h = self.home[cid]
        return h if h < t.n_heroes else -1

    def owner_of(self, cid: int) -> int:
        """The owner whose deck, trash and play area the card belongs to."""
        o = self.T.owner[cid]
        if o >= 0:
            return o
        h = self.hero_of(cid)
        return h if h >= 0 else self.home[cid]

    def in_play(self, cid: int) -> bool:
        return self.zone[cid] == Z_PLAY

    def is_target(self, cid: int) -> bool:
        """SOTM-9: a card in play with HP (an incapacitated hero's character shows its
        incapacitated face, which has none: no target, SOTM-17)."""
        return self.zone[cid] == Z_PLAY and self.T.max_hp[cid][self.face[cid]] > 0

    def max_hp(self, cid: int) -> int:
        """The printed HP of the face the card shows (0: not a target on that face)."""
        return self.T.max_hp[cid][self.face[cid]]

    def flipped(self, cid: int) -> bool:
        """Does the card show a face other than its front?"""
        return self.face[cid] != 0

    def side(self, cid: int) -> str:
        """'hero', 'villain', 'environment' or 'mission': whose card it is (SOTM-12, OBL-C7)
        at the face it shows."""
        return OWNER_KINDS[self.T.side[cid][self.face[cid]]]

    def cards_in_play(self) -> list[int]:
        """Every card in play, in the order it entered play (SOTM-7). A copy: safe to
        iterate while effects move cards."""
        return self.inplay[:]

    def targets(self) -> list[int]:
        return [c for c in self.inplay if self.is_target(c)]


def _copies(rows: list[list[int]]) -> list[list[int]]:
    """A copy of each list of `rows` (the per-owner zones: `clone`; a loop, so the compiled
    build slices each as a list)."""
    out = []
    for x in rows:
        out.append(x[:])
    return out


def _sparse_dmg(v: Any, t: Tables) -> dict[int, int]:
    """A save's `turn_dmg` (one count per card, [] when the game keeps none) as the state
    keeps it: the cards dealt damage this turn; anything else raises `SaveError`."""
    n = len(t.card) if t.track_dmg else 0
    if type(v) is not list or len(v) != n or any(type(x) is not int or x < 0 for x in v):
        raise SaveError(f"state JSON: 'turn_dmg' is a list of {n} damage counts (whole "
                        f"numbers, 0 or more), not {str(v)[:80]}")
    return {c: x for c, x in enumerate(v) if x}


def _card_bytes(v: Any, name: str, t: Tables) -> bytearray:
    """A save's `zone`, `bz` or `face` (one number per card, 0 to 255) as the state keeps
    it: bytes; anything else raises `SaveError`."""
    n = len(t.card)
    if type(v) is not list or len(v) != n or any(type(x) is not int or not 0 <= x < 256 for x in v):
        raise SaveError(f"state JSON: {name!r} is a list of {n} whole numbers from 0 to 255 "
                        f"(one per card), not {str(v)[:80]}")
    return bytearray(v)


STATIC = ("char", "user", "bz", "azone")  # fixed after setup in a one-zone game of fixed players
_NESTED = tuple(sorted(SentinelsState.NESTED))  # lists of lists of ints
_TUPLES = frozenset({"stack", "mods"})  # lists of tuples (frames, modifiers): shared by clone
_FLAT = ("zone", "home", "hp", "tok", "seq", "incap", "face", "inplay", "ctr", "under", "reserve",
         "stack", "mods", "char", "user", "bz", "azone", "turn_flipped", "turn_fired",
         "turn_dmg")  # lists of ints or of tuples (`turn_dmg`: a dict, see `dense_dmg`)
_SCALAR = ("rng", "result", "reason", "decisions", "next_seq", "turn", "phase", "round", "played",
           "powered", "incap_used", *TURN_SCALARS)
_FIELDS = SentinelsState.CORE + SentinelsState.DATA
_ALL_FIELDS = attrgetter(*_FIELDS)
assert set(_SCALAR + _FLAT + _NESTED) == set(SentinelsState.CORE + SentinelsState.DATA), \
    "SentinelsState.clone: a field is missing from _SCALAR, _FLAT or _NESTED"

step, choice = rule_registry(SentinelsState)

__all__ = ["LIVE_CMODS", "LIVE_END", "LIVE_ENTER", "LIVE_MODS", "LIVE_RT", "LIVE_START",
           "TURN_FIELDS", "Z_BOX", "Z_DECK", "Z_HAND", "Z_PLAY", "Z_REMOVED", "Z_RESERVE",
           "Z_TRASH", "Z_UNDER", "SentinelsState", "choice", "push", "step"]
