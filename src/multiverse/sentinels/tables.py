"""Sentinels content compiled to flat tables: card instances and effect steps by int id."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from multiverse.content.sentinels_schema import (
    Card,
    Modifier,
    SentinelsContent,
    SentinelsHero,
    Side,
    Step,
    Trigger,
)
from multiverse.engine.decision import Option
from multiverse.engine.errors import ContentError
from multiverse.sentinels.cardtext import card_label, power_label
from multiverse.sentinels.config import SentinelsConfig
from multiverse.sentinels.records import plain

DAMAGE_TYPES = ("cold", "energy", "fire", "infernal", "lightning", "melee", "projectile",
                "psychic", "radiant", "sonic", "toxic")
ONE_SHOT, ONGOING, EQUIPMENT, DEVICE, TARGET, CHARACTER = range(6)
KINDS = ("one-shot", "ongoing", "equipment", "device", "target", "character")
WATCH_EVENTS = frozenset({"card_destroyed", "card_dealt_damage", "card_removed", "hero_incapacitated",
                          "environment_removed", "would_be_dealt_damage", "would_draw",
                          "tokens_flipped", "mission_completed", "hero_enters_zone",
                          "scion_enters_play"})
DAMAGE_THIS_TURN = "damage_taken_this_turn_at_least"
HERO, VILLAIN, ENVIRONMENT, MISSION = range(4)  # kinds of owner (area) and sides of cards
OWNER_KINDS = ("hero", "villain", "environment", "mission")

Ids = tuple[int, ...]
# kind, amount, applies_to, damage type index (-1: any), its step of SOTM-14 (MOD_STEP), the
# signed change to the amount, the sides its group is (None: read by `in_group`), the group
# the damage's source must be in (None: any source)
CMod = tuple[str, int, str, int, int, int, "tuple[int, ...] | None", "str | None"]
REDIRECT, CHANGE_TYPE, DEALT, TAKEN, IMMUNE, OTHER = range(6)
MOD_STEP = {"redirect_to_this": REDIRECT, "change_type": CHANGE_TYPE, "increase_dealt": DEALT,
            "reduce_dealt": DEALT, "increase_taken": TAKEN, "reduce_taken": TAKEN,
            "immune": IMMUNE}
SIDE_GROUPS = {"any": (0, 1, 2, 3), "hero": (0,), "villain": (1,), "environment": (2,),
               "non_hero": (1, 2), "non_villain": (0, 2)}  # groups that are a set of sides
Trig = tuple[str, str, Ids]  # when, whose, effect


def compile_mod(m: Modifier, n_heroes: int = 0, amount: int | None = None) -> CMod:
    """A modifier as a tuple; a keyword narrows its group: `"villain|scion"`. SOTM-3: an
    `h_offset` amount is H plus it, fixed for the game; `amount`: one read now (a count,
    `ModAmount`)."""
    group = f"{m.applies_to}|{m.keyword.lower()}" if m.keyword else m.applies_to
    n = m.amount if amount is not None or m.h_offset is None else max(0, n_heroes + m.h_offset)
    if amount is not None:
        n = amount
    kind = f"printed:{m.printed_verb}" if m.printed_verb is not None else m.kind
    return (kind, n, group, DAMAGE_TYPES.index(m.damage_type) if m.damage_type else -1,
            MOD_STEP.get(m.kind, OTHER), -n if m.kind.startswith("reduce") else n,
            SIDE_GROUPS.get(group), m.by)


class ModAmount:
    """A modifier whose amount is a count read when the damage is dealt (`amount_from`),
    kept in a modifier's condition slot (`cmod_if`, `step_if`: read only for cards with
    such slots, never for modifiers of a fixed amount), with its own condition, if any.
    Its fields are those a count reads (`amounts.count_of`)."""

    __slots__ = ("amount", "amount_from", "counter", "keyword", "kind", "model", "only_if",
                 "pile_of", "side", "zone")

    def __init__(self, m: Modifier) -> None:
        self.model = m
        self.only_if = m.only_if
        self.amount, self.amount_from, self.counter = m.amount, m.amount_from, m.counter
        self.pile_of, self.zone, self.kind = m.pile_of, "this", m.count_kind
        self.keyword = self.side = None  # (a modifier's keyword is its filter, not the count's)

    def cmod(self, n: int) -> CMod:
        """The modifier as a tuple with the amount `n` (the count times `amount`)."""
        return compile_mod(self.model, amount=n)


SELECTING = frozenset({"damage", "heal", "lose_hp", "drain", "destroy", "flip",
                       "remove_from_game", "put_under_this", "move_to_zone", "erase_hero",
                       "incapacitate"})
FIXED_GROUPS = frozenset({"this", "this_hero", "villain_character", "source"})  # one card
NO_HEROES = frozenset({"villain", "villain_character", "environment", "non_hero"})
DAMAGE_SOURCES = {"this": 0, "target": 1, "villain_character": 2, "this_hero": 3}


def fx_head(st: Step) -> tuple | None:
    """A selecting step as (its "each X deals …" selector or None, check loss after it,
    each, one card at most, how many to choose); None for every other step."""
    v, sel = st.verb, st.target
    if v not in SELECTING:
        return None
    return (st.source_select, v != "heal" and sel.group not in NO_HEROES, sel.pick == "each",
            sel.group in FIXED_GROUPS, sel.count)


def fx_run(st: Step) -> tuple:
    """What resolving any step reads first, as (its "each X deals …" selector, verb,
    `amount_from`, amount, H offset): a tuple read on the hot path, not the record's fields."""
    return (st.source_select, st.verb, st.amount_from, st.amount, st.h_offset)


def sel_sides(st: Step) -> tuple[int, ...] | None:
    """The sides a step's selector takes when it is "each/the … target" of some sides and
    nothing more (the common case, read without `candidates`' tests); else None."""
    sel = st.target
    if not sel.targets_only or sel.kind or sel.keyword or sel.exclude_this \
            or not sel.characters or sel.hp_at_most is not None or sel.other_than is not None:
        return None
    return SIDE_GROUPS.get(sel.group)


def dmg_head(st: Step) -> tuple | None:
    """A damage or drain step as (source, damage type, irreducible, reaches another zone,
    drain, fixed amount or None)."""
    if st.verb not in ("damage", "drain") or st.remember is not None or st.at_most is not None:
        return None  # (a step carrying a result resolves by its registered rule step)
    fixed = st.amount if st.amount_from is None and st.h_offset is None else None
    return (DAMAGE_SOURCES.get(st.source, 3), DAMAGE_TYPES.index(st.type), st.irreducible,
            st.target.zone != "this", st.verb == "drain", fixed)


class Tables:
    """Everything static about one game."""

    __slots__ = (
        "abilities", "blocks", "branches", "bring_forth", "by_name", "card",
        "card_data", "card_oid", "card_opt", "character", "clear_tokens", "cmod_if",
        "cmods", "complexity", "cond_cards", "config", "content", "copies",
        "counter_index", "counter_max", "counter_min", "counter_names", "counter_start",
        "deck_cards", "dmg_head", "do", "dynamic", "end_trig", "env", "env_ids", "envs",
        "face_name", "flip_fx", "fx_head", "fx_run", "gates", "goal_cache", "has_end",
        "has_enter", "has_mods", "has_start", "hdeck", "hdeck_cards", "hdeck_chars",
        "hdeck_ids", "hdeck_names", "hero_char", "hero_ids", "hero_tokens", "immunes",
        "incap_fx", "indestructible", "is_character", "kept_opt", "keywords", "kind", "late_owner",
        "live_known", "live_sets", "live_sides", "max_hp",
        "memo_end", "memo_steps", "mission", "missions", "mod_conds", "modifiers",
        "n_faces", "n_heroes", "n_zones", "name", "named_decks", "okind",
        "optional", "otherwise", "owner", "owner_names", "play_areas", "play_fx",
        "play_opt", "plural_owners", "power_fx", "power_opt", "printed",
        "printed_cards", "printed_sids", "react_src", "remembering", "reserve_cards",
        "restore_hp", "retargets", "rt_mods", "scion_cards", "scion_zero", "scions",
        "seed", "sel_sides", "setup_fx", "shield_cards", "side", "start_trig",
        "step_cmod", "step_if", "steps", "target_opt", "team", "then", "threshold_text",
        "thresholds", "track_dmg", "triggers", "under_blocks", "usurp_faces", "villain",
        "villain_character", "villains", "watch", "watch_cards", "watchers",
        "whose_owners",
    )

    def __init__(self, config: SentinelsConfig, content: SentinelsContent) -> None:
        self.config: SentinelsConfig = config
        self.content: SentinelsContent = content
        self.n_heroes: int = 0  # hero play areas (players), fixed at the start (SOTM-3, OBL-C18)
        self.hero_ids: tuple[str, ...] = ()
        self.owner_names: tuple[str, ...] = ()  # heroes, then the villain, then the environment
        self.villain: int = 0  # owner index of the (first) villain deck (= number of heroes)
        self.env: int = 0  # owner index of the (first) environment deck
        # owners ("areas": a deck, its trash, a hand, a play area) by kind (OBL-C3, C7)
        self.okind: list[int] = []  # HERO, VILLAIN, ENVIRONMENT, MISSION
        self.villains: tuple[int, ...] = ()
        self.envs: tuple[int, ...] = ()
        self.mission: int = -1  # the Mission deck's owner (-1: none in this game)
        self.n_zones: int = 1  # battle zones (OBL-B1); the base game is one zone
        self.plural_owners: frozenset[int] = frozenset()  # owners named as many ("The Scions play")
        self.dynamic: bool = False  # players change hero decks (OblivAeon): hero cards' owner is read
        # card instances
        self.card: list[Card] = []
        self.owner: list[int] = []  # its owner; -1: read from the state
        self.side: list[tuple[int, ...]] = []  # per face: HERO, VILLAIN, …
        self.hero_char: list[int] = []  # hero deck if a hero character, else -1
        self.is_character: list[bool] = []  # a character card (SOTM-12: no "card" to selectors)
        # the keys the states' `live` lists have been read under (state.py), as a card entering
        # or leaving play looks them up: the side groups, and by card the card sets holding it
        self.live_known: set[Any] = set()
        self.live_sides: tuple[tuple[int, ...], ...] = ()
        self.live_sets: dict[int, tuple[frozenset[int], ...]] = {}
        self.hdeck: list[int] = []  # hero deck of a hero card, else -1
        self.name: list[str] = []
        self.play_opt: list[Option] = []  # "play this card" (never changes)
        self.power_opt: list[Option] = []  # "use this card's power"
        self.card_opt: list[Option] = []  # "this card" (discard, search, …)
        self.card_oid: list[str] = []  # a "this card" option's id and data
        self.card_data: list[dict[str, int]] = []
        self.target_opt: dict[tuple[int, int | None], Option] = {}  # by (card, HP)
        self.kept_opt: dict[tuple, Option] = {}  # other options made once, by what they name
        # per card, per face (index: the state's `face[card]`; 0 is the printed front)
        self.n_faces: list[int] = []
        self.face_name: list[tuple[str, ...]] = []
        self.kind: list[tuple[int, ...]] = []
        self.max_hp: list[tuple[int, ...]] = []  # 0: not a target on that face
        self.keywords: list[tuple[frozenset[str], ...]] = []
        self.play_fx: list[tuple[Ids, ...]] = []
        self.power_fx: list[tuple[Ids, ...]] = []
        self.triggers: list[tuple[tuple[Trig, ...], ...]] = []
        self.modifiers: list[tuple[tuple[Modifier, ...], ...]] = []
        self.cmods: list[tuple[tuple[CMod, ...], ...]] = []  # compiled
        self.has_mods: list[bool] = []  # some face of the card has modifiers
        self.seed: list[bool] = []  # a seed (OBL-HE3)
        self.indestructible: list[bool] = []
        self.copies: list[list[int] | None] = []  # a Limited card's namesakes
        self.by_name: dict[str, list[int]] = {}  # every card of a name
        self.rt_mods: list[tuple[tuple[CMod, ...], ...]] = []  # redirect, type
        self.flip_fx: list[tuple[Ids, ...]] = []  # resolved on flipping to it
        self.restore_hp: list[tuple[bool, ...]] = []  # OBL-C11
        self.clear_tokens: list[tuple[bool, ...]] = []  # OBL-C14
        self.step_cmod: dict[int, CMod] = {}
        # start- and end-of-turn texts per card, per face: (whose, effect)
        self.start_trig: list[tuple[tuple[tuple[str, Ids], ...], ...]] = []
        self.end_trig: list[tuple[tuple[tuple[str, Ids], ...], ...]] = []
        self.has_start: list[bool] = []  # some face has a start-of-turn text
        self.has_end: list[bool] = []  # some face has an end-of-turn text
        self.has_enter: list[bool] = []  # some face reacts to a card entering play
        self.watchers: dict[str, int] = {}  # event → cards that watch it
        # event → the cards with a trigger on it (any face): a watcher's event is read only
        # while one of them is in play, so a game whose box holds such cards pays nothing else
        self.watch_cards: dict[str, frozenset[int]] = {}
        # the cards whose modifiers change printed numbers, and the `modify` steps that do: a
        # printed number is read with modifiers only while one of them is in force
        self.printed_cards: frozenset[int] = frozenset()
        self.printed_sids: frozenset[int] = frozenset()
        # the cards with a modifier read with a condition or a count (`cmod_if`): the modifiers'
        # slower path is taken only while one of them (or such a `modify` step) is in force
        self.cond_cards: frozenset[int] = frozenset()
        self.watch: dict[tuple[int, int, Ids], Any] = {}  # (card, face, fx) → Select
        # a trigger's options (sentinels.vocab.watchers), by its effect: (once per turn, only in
        # its owner's turn, the group its source or destroyer is in); the effects whose `source`
        # is the watched card's source; the replacements a player may decline
        self.gates: dict[Ids, tuple[bool, bool, str | None]] = {}
        self.react_src: set[Ids] = set()
        self.optional: set[Ids] = set()
        self.track_dmg: bool = False  # a condition reads the damage dealt this turn (`turn_dmg`)
        self.late_owner: int = -1  # whose turn texts resolve last (Aeon Men, OBL-C6)
        # whose turn a "villain", "environment" or "hero" turn text reads, when that never
        # changes (the base game): whose → the owners; others are read from the state
        self.whose_owners: dict[str, frozenset[int]] = {}
        self.named_decks: dict[str, int] = {}  # "scion", "aeon_men", … → owner
        self.scions: frozenset[int] = frozenset()  # Scion panels (villain character cards, OBL-C4)
        # a Scion's faces: what each does at 0 HP (its panel's text; none: removed from the
        # game) and which take OblivAeon's place (OBL-C22), by card
        self.scion_zero: dict[int, tuple[Ids, ...]] = {}
        self.usurp_faces: dict[int, frozenset[int]] = {}
        self.env_ids: tuple[str, ...] = ()  # environment ids by owner (OblivAeon: every one of the pack)
        self.shield_cards: dict[str, int] = {}  # Shield name → card
        self.bring_forth: dict[int, str] = {}  # Shield card → its Scion
        self.scion_cards: dict[str, int] = {}  # Scion name → panel
        self.missions: frozenset[int] = frozenset()
        self.mod_conds: bool = False  # some modifier holds only while a condition does
        self.cmod_if: list[tuple[tuple[Any, ...], ...]] = []  # per face, per mod
        self.step_if: dict[int, Any] = {}  # a `modify` step's condition
        self.blocks: bool = False  # some card has a "cannot …" modifier
        self.retargets: bool = False  # some card redirects damage or changes its type
        self.immunes: bool = False  # some card or effect makes a target immune (option labels read it)
        self.deck_cards: list[list[int]] = []  # per owner, at setup
        self.character: list[int] = []  # hero character cards, by hero
        self.villain_character: int = -1
        self.setup_fx: Ids = ()
        # named counters (villain text): name → index; bounds; thresholds (at, crossing, effect)
        self.counter_index: dict[str, int] = {}
        self.counter_names: tuple[str, ...] = ()
        self.counter_start: tuple[int, ...] = ()
        self.counter_min: tuple[int, ...] = ()
        self.counter_max: tuple[int, ...] = ()
        self.thresholds: tuple[tuple[tuple[int, int, Ids], ...], ...] = ()  # crossing: 1 up, -1 down, 0
        self.threshold_text: tuple[tuple[str, ...], ...] = ()  # each threshold's printed text
        self.goal_cache: dict = {}  # (card, face) → its token goals (threats)
        self.reserve_cards: list[int] = []  # the reserve pile, at setup
        self.incap_fx: list[tuple[tuple[str, Ids], ...]] = []  # by hero
        self.abilities: dict[int, tuple[tuple[str, Ids], ...]] = {}  # by character
        self.hero_tokens: list[tuple[tuple[str, ...], tuple[int, ...]]] = []  # deck
        self.complexity: list[int] = []  # by hero deck
        # hero decks (OBL-I5): ids, names, their cards and character cards (variants)
        self.hdeck_ids: tuple[str, ...] = ()
        self.hdeck_names: tuple[str, ...] = ()
        self.hdeck_cards: list[list[int]] = []
        self.hdeck_chars: list[list[int]] = []
        self.under_blocks: dict[int, bool] = {}  # OBL-C23, by character card
        self.team: dict[int, tuple[int, ...]] = {}  # OBL-C24: first → others
        # effect steps
        self.steps: list[Any] = []  # each step as a plain `Record`
        self.then: list[Ids] = []
        self.do: list[Ids] = []
        self.otherwise: list[Ids] = []
        # each step read once for the hot path: `fx_head` (selecting steps) and `dmg_head`
        self.fx_head: list[tuple | None] = []
        self.dmg_head: list[tuple | None] = []
        self.fx_run: list[tuple] = []  # (`fx_run`) every step's
        self.sel_sides: list[tuple[int, ...] | None] = []
        # words of choice and memory (`vocab.options`): choose_one's options by step, each as
        # (its option, its steps); the steps that remember a result, by name; the compiled
        # `forget` steps ending a top-level effect's memory, by name; steps whose printed number
        # a modifier may change (`printed`: some modifier of the content does)
        self.branches: dict[int, tuple[tuple[Option, Ids], ...]] = {}
        self.memo_steps: dict[int, str] = {}
        self.memo_end: dict[int, str] = {}
        self.remembering: bool = False
        self.printed: frozenset[str] | None = None  # the verbs some printed-number modifier changes
        self.play_areas: bool = False  # some step puts a card into another play area

    def reg(self, effect: list[Step]) -> Ids:
        """Give every step of a top-level effect (and of its sub-effects) an int id; an
        effect whose steps remember results ends with a `forget` step per name (`memory`)."""
        ids = self._reg(effect)
        names = _remembered_in(effect)
        if not names:
            return ids
        ends = []
        for name in names:
            sid = len(self.steps)
            self.steps.append(plain(Step.model_construct(verb="forget", remember=name)))
            self.fx_run.append(fx_run(self.steps[sid]))
            self.fx_head.append(None)
            self.dmg_head.append(None)
            self.sel_sides.append(None)
            self.then.append(())
            self.do.append(())
            self.otherwise.append(())
            self.memo_end[sid] = name
            ends.append(sid)
        return (*ids, *ends)

    def know_live(self, key: Any) -> None:
        """A new key of the states' `live` lists (a tuple of sides or a frozenset of cards):
        `live_enter` and `live_leave` look up those holding the card, not every key."""
        self.live_known.add(key)
        if type(key) is tuple:
            self.live_sides = (*self.live_sides, key)
        else:
            for c in key:
                self.live_sets[c] = (*self.live_sets.get(c, ()), key)

    def finish(self) -> None:
        """After every card is added: in a game none of whose cards changes printed numbers
        (no `increase_printed` / `reduce_printed` modifier on a card or a step), its steps
        read their printed amounts directly again, as a game without the word does."""
        if self.printed_cards or self.printed_sids:
            return
        for sid, st in enumerate(self.steps):
            if st.amount_from == "printed":
                st.amount_from = None
                self.fx_head[sid], self.dmg_head[sid] = fx_head(st), dmg_head(st)
                self.fx_run[sid] = fx_run(st)

    def _reg(self, effect: list[Step]) -> Ids:
        if self.printed is None:
            self.printed = printed_verbs(self.content)
        out = []
        for model in effect:
            st = plain(model)  # (a record: read field by field in the hottest loops)
            if self.printed and st.verb in self.printed and st.amount_from is None:
                st.amount_from = "printed"  # read when it resolves (SOTM-14)
            sid = len(self.steps)
            self.steps.append(st)
            self.fx_run.append(fx_run(st))
            self.fx_head.append(fx_head(st))
            self.dmg_head.append(dmg_head(st))
            self.sel_sides.append(sel_sides(st))
            self.then.append(())
            self.do.append(())
            self.otherwise.append(())
            self.then[sid] = self._reg(model.then)
            self.do[sid] = self._reg(model.do)
            self.otherwise[sid] = self._reg(model.otherwise)
            if model.options:
                self.branches[sid] = tuple(
                    (Option(f"option:{i}", b.label, {"i": i}), self._reg(b.steps))
                    for i, b in enumerate(model.options))
            if model.remember is not None:
                self.memo_steps[sid] = model.remember
                self.remembering = True
            if model.play_area is not None:
                self.play_areas = True
            if st.cond is not None and st.cond.test == DAMAGE_THIS_TURN:
                self.track_dmg = True
            if st.modifier is not None:
                self.step_cmod[sid] = self._cmod(st.modifier)
                if st.modifier.printed_verb is not None:
                    self.printed_sids = self.printed_sids | {sid}
                if st.modifier.amount_from is not None:
                    self.step_if[sid] = ModAmount(st.modifier)
                elif st.modifier.only_if is not None:
                    self.step_if[sid] = st.modifier.only_if
            out.append(sid)
        return tuple(out)

    def _cmod(self, m: Modifier) -> CMod:
        if m.only_if is not None or m.amount_from is not None:  # (read by `active_modifiers`'
            self.mod_conds = True  # slower path, which reads conditions and counts)
        if m.only_if is not None and m.only_if.test == DAMAGE_THIS_TURN:
            self.track_dmg = True
        if m.kind.startswith("cannot_"):
            self.blocks = True
        if m.kind in ("redirect_to_this", "change_type"):
            self.retargets = True
        if m.kind == "immune":
            self.immunes = True
        return compile_mod(m, self.n_heroes)

    def _trig(self, trs: list[Trigger]) -> tuple[Trig, ...]:
        return tuple((tr.when, tr.whose, self.reg(tr.effect)) for tr in trs)

    def add_card(self, o: int, c: Card, side: int = -1, hdeck: int = -1,
                 sides: tuple[int, ...] = ()) -> int:
        """A card instance with its faces: the card itself (face 0), then `c.sides`. `o` is
        its owner (-1: read from the state); `side` its side (default: its owner's kind);
        `sides` a side per face where they differ (a Mission: objective, reward)."""
        cid = len(self.card)
        self.card.append(c)
        self.owner.append(o)
        self.hdeck.append(hdeck)
        self.hero_char.append(hdeck if c.kind == "character" and hdeck >= 0 else -1)
        self.is_character.append(c.kind == "character")
        self.name.append(c.name)
        namesakes = self.by_name.setdefault(c.name, [])  # (shared: grows with later cards)
        namesakes.append(cid)
        self.copies.append(namesakes if c.limited else None)
        self.seed.append(bool(c.seed))
        self.indestructible.append(bool(c.indestructible))
        self.play_opt.append(Option(f"play:{cid}", (card_label, self, cid), {"card": cid}))
        self.card_oid.append(f"card:{cid}")
        self.card_data.append({"card": cid})
        self.power_opt.append(Option(f"power:{cid}", (power_label, self, cid), self.card_data[cid]))
        self.card_opt.append(Option(self.card_oid[cid], (card_label, self, cid), self.card_data[cid]))
        front = front_side(c)
        faces = (front, *c.sides)
        if not sides:
            sides = (side if side >= 0 else self.okind[o],) * len(faces)
        self.side.append(sides)
        self.n_faces.append(len(faces))
        self.face_name.append(tuple(f.name or c.name for f in faces))
        self.kind.append(tuple(KINDS.index(f.kind or c.kind) for f in faces))
        self.max_hp.append(tuple(f.hp or 0 for f in faces))
        self.keywords.append(tuple(frozenset(k.lower() for k in (c.keywords if f.keywords is None
                                                                 else f.keywords)) for f in faces))
        self.play_fx.append(tuple(self.reg(f.play) for f in faces))
        self.power_fx.append(tuple(self.reg(f.power) for f in faces))
        trig = tuple(self._trig(f.triggers) for f in faces)
        self.triggers.append(trig)
        for when, out in (("start_of_turn", self.start_trig), ("end_of_turn", self.end_trig)):
            out.append(tuple(tuple((w, fx) for on, w, fx in tr if on == when) for tr in trig))
        self.has_start.append(any(self.start_trig[-1]))
        self.has_end.append(any(self.end_trig[-1]))
        for fi, f in enumerate(faces):
            for tr, (when, _w, fx) in zip(f.triggers, trig[fi], strict=True):
                if when in WATCH_EVENTS:
                    self.watchers[when] = self.watchers.get(when, 0) + 1
                    self.watch_cards[when] = self.watch_cards.get(when, frozenset()) | {cid}
                    if tr.watch is not None:
                        self.watch[(cid, fi, fx)] = tr.watch
                if fx and (tr.once_per_turn or tr.your_turn or tr.by is not None):
                    self.gates[fx] = (tr.once_per_turn, tr.your_turn, tr.by)
                if fx and tr.react_to == "source":
                    self.react_src.add(fx)
                if fx and tr.optional:
                    self.optional.add(fx)
        self.modifiers.append(tuple(tuple(f.modifiers) for f in faces))
        self.cmods.append(tuple(tuple(self._cmod(m) for m in f.modifiers) for f in faces))
        if any(m.printed_verb is not None for f in faces for m in f.modifiers):
            self.printed_cards = self.printed_cards | {cid}
        self.has_mods.append(any(self.cmods[-1]))
        self.rt_mods.append(tuple(tuple(m for m in ms if m[4] <= CHANGE_TYPE) for ms in self.cmods[-1]))
        self.has_enter.append(any(tr[0] == "enters_play" for ts in trig for tr in ts))
        self.cmod_if.append(tuple(tuple(ModAmount(m) if m.amount_from is not None else m.only_if
                                        for m in f.modifiers) for f in faces))
        if any(x is not None for per_face in self.cmod_if[-1] for x in per_face):
            self.cond_cards = self.cond_cards | {cid}
        self.flip_fx.append(tuple(self.reg(f.on_flip) for f in faces))
        self.restore_hp.append(tuple(f.restore_hp for f in faces))
        self.clear_tokens.append(tuple(f.clear_tokens for f in faces))
        return cid


def front_side(c: Card) -> Side:
    """A card's own fields as its face 0 (made once per card of a loaded pack: every game's
    tables of that pack share it, read-only)."""
    kept = _FRONTS.get(id(c))
    if kept is None or kept[0] is not c:
        kept = _FRONTS[id(c)] = (c, Side(name=c.name, kind=c.kind, keywords=c.keywords, hp=c.hp,
                                         play=c.play, power=c.power, triggers=c.triggers,
                                         modifiers=c.modifiers))
    return kept[1]


_FRONTS: dict[int, tuple[Card, Side]] = {}


def _remembered_in(effect: list[Step]) -> list[str]:
    """The names the steps of an effect remember, in order, once each."""
    out: list[str] = []

    def walk(fx: list[Step]) -> None:
        for st in fx:
            if st.remember is not None and st.remember not in out:
                out.append(st.remember)
            for sub in (st.do, *(b.steps for b in st.options), st.then, st.otherwise):
                walk(sub)
    walk(effect)
    return out


def printed_verbs(content: object) -> frozenset[str]:
    """The verbs whose printed numbers some modifier of the content changes (the
    increase_printed / reduce_printed modifiers): read once per content pack."""
    kept = _PRINTED.get(id(content))
    if kept is not None and kept[0] is content:
        return kept[1]
    out: set[str] = set()

    def walk(x: object) -> None:
        if isinstance(x, Modifier):
            if x.printed_verb is not None:
                out.add(x.printed_verb)
        elif isinstance(x, BaseModel):
            for name in type(x).model_fields:
                walk(getattr(x, name))
        elif isinstance(x, list):
            for v in x:
                walk(v)
    walk(content)
    _PRINTED[id(content)] = (content, frozenset(out))
    return frozenset(out)


_PRINTED: dict[int, tuple[object, frozenset[str]]] = {}


def build_tables(config: SentinelsConfig, content: SentinelsContent) -> Tables:
    heroes = {h.id: h for h in content.heroes}
    unknown = [h for h in config.heroes if h not in heroes]
    if unknown:
        raise ContentError([f"unknown hero id(s) {unknown}; this content has: {sorted(heroes)}"])
    villains = {v.id: v for v in content.villains}
    envs = {e.id: e for e in content.environments}
    vid = config.villain or next(iter(villains))
    eid = config.environment or next(iter(envs))
    if vid not in villains:
        raise ContentError([f"unknown villain {vid!r}; this content has: {sorted(villains)}"])
    if eid not in envs:
        raise ContentError([f"unknown environment {eid!r}; this content has: {sorted(envs)}"])
    v, e = villains[vid], envs[eid]
    t = Tables(config=config, content=content)
    n = t.n_heroes = len(config.heroes)
    t.hero_ids = tuple(config.heroes)
    t.villain, t.env = n, n + 1
    t.villains, t.envs = (n,), (n + 1,)
    t.okind = [HERO] * n + [VILLAIN, ENVIRONMENT]
    t.owner_names = (*(heroes[h].name for h in config.heroes), v.name, e.name)
    for hi, hid in enumerate(config.heroes):
        add_hero_deck(t, heroes[hid], hi, hi, variants=False)
        t.character.append(t.hdeck_chars[hi][0])
        t.deck_cards.append(t.hdeck_cards[hi])
    vc = t.add_card(n, Card(name=v.name, kind="character", hp=v.hp, triggers=v.triggers,
                            modifiers=v.modifiers, sides=v.sides, text=v.text))
    t.villain_character = vc
    t.setup_fx = t.reg(v.setup)
    t.deck_cards.append([t.add_card(n, c) for c in v.cards for _ in range(c.copies)])
    t.deck_cards.append([t.add_card(n + 1, c) for c in e.cards for _ in range(c.copies)])
    t.reserve_cards = [t.add_card(n, c) for c in v.reserve for _ in range(c.copies)]
    _counters(t, v.counters)
    t.whose_owners = {"villain": frozenset(t.villains), "environment": frozenset(t.envs),
                      "hero": frozenset(range(n))}
    t.finish()
    return t


def _character(t: Tables, o: int, d: int, name: str, hp: int, power: Any, abilities: list) -> int:
    """A hero character card: its front, and its incapacitated face (SOTM-17: it flips;
    that face has no HP, so it is no target)."""
    c = t.add_card(o, Card(name=name, kind="character", hp=hp,
                           power=power.effect if power is not None else [],
                           sides=[Side(name=f"{name} (incapacitated)")]), HERO, hdeck=d)
    t.abilities[c] = tuple((a.name, t.reg(a.effect)) for a in abilities)
    return c


def add_hero_deck(t: Tables, h: SentinelsHero, o: int, d: int, variants: bool) -> None:
    """Hero deck `d`: its character card (and variants), its 40 cards, owned by `o` (-1:
    whoever plays the deck)."""
    t.hdeck_ids += (h.id,)
    t.hdeck_names += (h.name,)
    chars = [_character(t, o, d, h.name, h.hp, h.power, h.incapacitated)]
    if h.team:  # OBL-C24: the team's other character cards, set up with the first
        members = tuple(_character(t, o, d, m.name, m.hp, m.power, h.incapacitated)
                        for m in h.team)
        t.team[chars[0]] = members
    if variants:
        for var in h.variants:
            c = _character(t, o, d, var.name, var.hp, var.power, var.incapacitated)
            chars.append(c)
            if var.under_blocks:
                t.under_blocks[c] = True
    t.hdeck_chars.append(chars)
    t.incap_fx.append(t.abilities[chars[0]])
    tok = h.tokens
    t.hero_tokens.append((tuple(tok.sides), tuple(tok.sides.index(x) for x in tok.start))
                         if tok else ((), ()))
    t.complexity.append(h.complexity)
    t.hdeck_cards.append([t.add_card(o, c, HERO, hdeck=d) for c in h.cards
                          for _ in range(c.copies)])


_CROSSING = {"up": 1, "down": -1, "either": 0}


def _counters(t: Tables, counters: list) -> None:
    """OBL-ID1: the named counters, their bounds and their thresholds' text."""
    t.counter_index = {c.name: i for i, c in enumerate(counters)}
    t.counter_names = tuple(c.name for c in counters)
    t.counter_start = tuple(c.start for c in counters)
    t.counter_min = tuple(c.min for c in counters)
    t.counter_max = tuple(c.max for c in counters)
    t.thresholds = tuple(tuple((th.at, _CROSSING[th.crossing], t.reg(th.effect))
                               for th in c.thresholds) for c in counters)
    t.threshold_text = tuple(tuple(" ".join(th.text.split()) for th in c.thresholds)
                             for c in counters)

