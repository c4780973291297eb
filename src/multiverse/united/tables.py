"""Content compiled into flat tables indexed by ids (cards, Locations, Threats).

The state refers to everything by int id, so clones copy only lists of ints.
"""

from __future__ import annotations

from multiverse.content.schema import MOVE_WORDS, Condition, Effect, UnitedContent, VillainMove
from multiverse.engine.errors import ContentError
from multiverse.united.config import UnitedConfig

MOVE, ATTACK, HEROIC, WILD = 0, 1, 2, 3
SYMBOLS = ("move", "attack", "heroic", "wild")
SYM_INDEX = {s: i for i, s in enumerate(SYMBOLS)}
SENTINEL_NAMES = ("Sentinel I", "Sentinel II", "Sentinel III")
SENTINEL_IDS = ("I", "II", "III")
# A compiled Villain move: (kind, number, word). "steps": the number is a clockwise count
# (negative: counterclockwise); "toward": the word is most_cards / most_civilians /
# most_thugs / most_heroes; "to": the number is a Location's index in the pack.
Move = tuple[str, int, str]


def compile_move(move: int | str | VillainMove, loc_index: dict[str, int]) -> Move:
    """MU-11: a Master Plan card's move as data the villain turn reads."""
    if isinstance(move, int):
        return ("steps", move, "")
    if isinstance(move, str):
        return ("toward", 0, MOVE_WORDS[move])
    if move.toward is not None:
        return ("toward", 0, move.toward)
    if move.to is not None:
        return ("to", loc_index[move.to], move.to)
    return ("steps", move.clockwise_steps(), "")

# compiled effect: (verb, amount, symbol index or -1, civilians, thugs), and for a step using
# the owner's words a 6th item: its extras, sorted (key, value) pairs (`compile_extras`)
FX = tuple

# verbs that always take the owner's path (`united.effects`), even with no extras
OWNER_VERBS = frozenset({"gain_action", "take_action", "move", "choose_one", "draw_until",
                         "give_token", "ignore_damage", "prevent_damage", "cancel_bam",
                         "stop_villain_move", "ignore_overflow", "extra_damage",
                         "damage_each_enemy_here", "take_damage", "lose_civilians",
                         "thugs_to_civilians", "clear_threat", "delay_master_plan",
                         "blank_master_plan", "move_villain", "convert_symbols",
                         "double_symbols", "flip_facedown", "move_tokens", "copy_effect",
                         "draw_discard", "swap_storyline", "swap_locations", "attack_range",
                         "extra_fill", "vanish_with_henchman",
                         "peek_master_plan", "on_villain_move", "redirect_villain_move",
                         "remove_tokens", "move_companion", "place_clone", "remove_clone"})
OWNER_VERBS |= {"symbols_also_count", "move_reach", "move_with_hero", "heroic_range",  # (vocab/lasting.py)
                "prevent_damage_each_villain_turn", "keep_last_card", "stun_enemy"}
OWNER_VERBS |= {"extra_damage_to", "damage_to_tokens", "take_token", "exchange_token",
                "convert_tokens", "lose_token"}  # counts group (united/vocab/terms.py)
OWNER_VERBS |= {"move_threat", "flip_faceup", "take_back", "swap_hand_storyline", "play_random_card",
                "immune_enemy", "discard_for_damage", "delay_villain_turn", "remove_master_plan"}
OWNER_VERBS |= {"gain_own_tokens", "draw_own_card", "place_marker", "set_off_markers",
                "bring_companion", "replace_location", "add_team_tokens",
                "draw_location_card"}  # (vocab/parts.py)


def compile_effects(effects: list[Effect]) -> tuple[FX, ...]:
    out = []
    for e in effects:
        fx = (e.verb, e.amount, SYM_INDEX[e.symbol] if e.symbol else -1,
              (e.tokens or "").count("C"), (e.tokens or "").count("T"))
        extras = compile_extras(e)
        out.append((*fx, extras) if extras or e.verb in OWNER_VERBS else fx)
    return tuple(out)


def compile_extras(e: Effect) -> tuple[tuple[str, object], ...]:
    """The owner's words of one step as plain data (a step without them compiles as before,
    so existing content and its games are unchanged)."""
    x: list[tuple[str, object]] = []
    if e.optional:
        x.append(("optional", 1))
    if e.cost:
        x.append(("cost", tuple(e.cost.count(s) for s in SYMBOLS)))
    if e.per:
        x.append(("per", e.per))
    if e.who != "you":
        x.append(("who", e.who))
    if e.where:
        x.append(("where", e.where))
    if e.targets != "any":
        x.append(("targets", e.targets))
    if e.bring:
        x.append(("bring", 1))
    if e.options:
        x.append(("options", tuple(compile_effects(b) for b in e.options)))
    if e.until:
        x.append(("until", e.until))
    if e.to:
        x.append(("to", SYM_INDEX[e.to]))
    if e.which != "previous":
        x.append(("which", e.which))
    if e.discard is not None:
        x.append(("discard", e.discard))
    if e.reorder:
        x.append(("reorder", 1))
    if e.when:
        x.append(("when", e.when))
    if e.steps:
        x.append(("steps", compile_effects(e.steps)))
    if e.letter:
        x.append(("letter", e.letter))
    # lasting text and the next Villain turn (united/vocab/lasting.py)
    if e.damage_from:
        x.append(("damage_from", e.damage_from))
    # counts, conditions, costs, bonuses, token transfers (united/conditions.py, vocab/terms.py)
    if e.keyword:  # per team_cards_face_up reads as one word: "team:KEYWORD"
        x = [("per", f"team:{e.keyword}") if k == "per" else (k, v) for k, v in x]
    if e.if_ is not None:
        x.append(("if", compile_condition(e.if_)))
    if e.discard_cost:
        x.append(("discard_cost", e.discard_cost))
    if e.token_cost:
        x.append(("token_cost", tuple(e.token_cost.count(s) for s in SYMBOLS)))
    if e.into:
        x.append(("into", SYM_INDEX[e.into]))
    if e.enemy:
        x.append(("enemy", e.enemy))
    # moves, the Storyline and the long tail (united/vocab/moves.py, united/vocab/story.py)
    for key in ("bring_one", "near", "together"):
        if getattr(e, key):
            x.append((key, 1))
    for key in ("holding", "origin", "return_damage", "immune_to"):
        if getattr(e, key) is not None:
            x.append((key, getattr(e, key)))
    if e.then_each:
        x.append(("then_each", compile_effects(e.then_each)))
    # a hero's own components and a Location's (united/vocab/parts.py)
    if e.spend:
        x.append(("spend", e.spend))
    if e.spend_team:
        x.append(("spend_team", e.spend_team))
    if e.marker:
        x.append(("marker", e.marker))
    if e.location:
        x.append(("location", e.location))
    return tuple(sorted(x))


def compile_condition(c: Condition) -> tuple[str, object, int]:
    """A step's `if` as plain data: (test, what it names, a number); a count names its `per`
    word ("team:KEYWORD" for a team's face-up cards) and needs at least the number."""
    if c.count is not None:
        return ("count", f"team:{c.keyword}" if c.keyword else c.count, c.at_least or 0)
    if c.other_heroes_near is not None:
        return ("other_heroes_near", "", c.other_heroes_near)
    for k in ("hero_here", "hero_in_game", "card_face_up"):
        if getattr(c, k) is not None:
            return (k, getattr(c, k), 0)
    k = next(k for k in ("threat_cleared_this_turn", "villain_here", "no_civilians_here") if getattr(c, k))
    return (k, "", 0)


# a subscriber to a hook point: (kind, ref, whose, steps, source) with kind `HOOK_CARD` (ref:
# a Hero card, in force while face up in the Storyline) or `HOOK_LOCATION` (ref: a Location
# of the pack, in force while in play and uncovered)
Hooked = tuple[int, int, str, tuple[FX, ...], str]
HOOK_CARD, HOOK_LOCATION = 0, 1
HOOK_MARKER = 2  # ref: hero * 16 + marker index: in force while one is on the board (vocab/parts.py)


def subscribe(t: Tables, kind: int, ref: int, hooks: list, source: str) -> None:
    """Compile the `hooks` of one card or Location into `t.hooks`, in content order."""
    for hk in hooks:
        sub: tuple = (kind, ref, hk.whose, compile_effects(hk.steps), source)
        flags = ("instead",) * hk.instead + ("flip_card",) * hk.flip_card  # (united/lasting.py)
        t.hooks[hk.when] = (*t.hooks.get(hk.when, ()), (*sub, flags) if flags else sub)


def whole_effect(optional: bool, fx: tuple[FX, ...]) -> tuple[FX, ...]:
    """A card's effect; "you may" for the whole effect (`HeroCard.optional`) compiles as one
    step, `all_of`, holding the steps: the player is asked once (united/vocab/story.py)."""
    return (("all_of", 1, -1, 0, 0, (("optional", 1), ("steps", fx))),) if optional else fx


def all_optional(fx: tuple[FX, ...]) -> bool:
    """Every step says "you may": the hero may end actions before it resolves."""
    return bool(fx) and all(len(f) > 5 and ("optional", 1) in f[5] for f in fx)


def _tokens(s: str) -> tuple[int, int]:
    return s.count("C"), s.count("T")


class Tables:
    """Everything static about one game: its content and configuration, by flat ids."""

    __slots__ = (
        "bam_damage", "bonus_red", "bonus_yellow", "card_fx", "card_name",
        "card_optional", "card_owner", "card_special", "card_start", "card_sym",
        "challenge", "challenge_health", "challenge_task", "clones", "companion_name",
        "companion_start", "config", "content", "duplicates", "extra_letter",
        "extra_name", "free_move", "hero_cards", "hero_ids", "hero_keywords",
        "hero_names", "hooks", "kept", "ko_track", "ko_track_per_analyzer", "loc_bonus",
        "loc_cards", "loc_dealt", "loc_deck", "loc_fx", "loc_hazardous", "loc_ids",
        "loc_in_game", "loc_mandatory", "loc_name", "loc_slots", "loc_start", "markers",
        "mission_need", "mode", "mp_bam", "mp_cards", "mp_extra", "mp_move",
        "mp_tokens", "nimrod_health", "overflow_track", "own_cards", "own_deck",
        "own_tokens", "protocol", "red", "retreat_at", "seats", "sentinel_health",
        "sentinel_names", "team_fx", "team_heroes", "team_name", "team_tokens",
        "threat_arrive", "threat_bam", "threat_bonus", "threat_clear", "threat_cost",
        "threat_health", "threat_henchman", "threat_ids", "threat_name", "threat_tags",
        "threat_wild", "track_max", "track_name", "track_start", "villain_bam",
        "villain_name", "villain_overflow", "wild_costs", "yellow",
    )

    def __init__(self, config: UnitedConfig, content: UnitedContent) -> None:
        self.config: UnitedConfig = config
        self.content: UnitedContent = content
        self.mode: str = "dofp"
        self.villain_name: str = "Nimrod"
        self.villain_bam: tuple[FX, ...] | None = None  # None: Nimrod's banded BAM! (DFP dashboard)
        self.villain_overflow: tuple[FX, ...] | None = None  # None: raise the track (DFP gray part)
        self.track_name: str = "Nimrod Activation track"
        self.track_start: int = 0
        self.mission_need: tuple[int, ...] = ()  # standard game: Rescue, Thugs, Threats thresholds
        self.challenge: int = -1  # the Challenge Sentinel's slot (DFP-C1), -1 without a Challenge
        self.challenge_task: str = ""
        self.challenge_health: int = 0
        self.hero_ids: tuple[str, ...] = ()
        self.seats: tuple[int, ...] = ()  # which seat decides for each hero
        self.hero_names: tuple[str, ...] = ()
        # cards (hero cards first, then Master Plan cards)
        self.card_name: list[str] = []
        self.card_owner: list[int] = []  # hero index, -1 for Master Plan
        self.card_sym: list[tuple[int, int, int, int]] = []
        self.card_fx: list[tuple[FX, ...]] = []
        self.card_special: list[bool] = []  # has a Special Effect (even unsupported)
        self.card_optional: list[bool] = []  # every step optional ("you may")
        self.hero_cards: list[list[int]] = []
        self.card_start: dict[int, str] = {}  # "hand"/"bottom"; others: deck
        self.mp_cards: list[int] = []
        self.mp_move: dict[int, Move] = {}
        self.mp_bam: dict[int, bool] = {}
        self.mp_tokens: dict[int, tuple[tuple[int, int], tuple[int, int], tuple[int, int]]] = {}
        # an owner's Villain's third token kind (`extra_token`): name, letter, and how many of
        # them each Master Plan card places (left, here, right); none: "" and no entries
        self.extra_name: str = ""
        self.extra_letter: str = ""
        self.mp_extra: dict[int, tuple[int, int, int]] = {}
        # Locations of the content pack
        self.loc_name: list[str] = []
        self.loc_slots: list[int] = []
        self.loc_start: list[tuple[int, int]] = []
        self.loc_fx: list[tuple[FX, ...]] = []
        self.loc_mandatory: list[bool] = []
        self.loc_hazardous: list[bool] = []
        # Threats
        self.threat_ids: list[str] = []
        self.threat_name: list[str] = []
        self.threat_cost: list[tuple[int, int, int]] = []
        self.threat_wild: list[int] = []  # Wild symbols: any symbol fills them
        self.wild_costs: bool = False  # some Threat has Wild: `need` holds one more count per Location
        self.threat_tags: list[frozenset[str]] = []
        self.threat_bonus: list[int] = []
        self.threat_bam: list[tuple[FX, ...]] = []
        self.threat_arrive: list[tuple[FX, ...]] = []
        self.threat_clear: list[tuple[FX, ...]] = []
        self.threat_health: list[int] = []  # a Henchman's Health, 0 if none
        self.threat_henchman: list[str] = []
        # Days of Future Past
        self.sentinel_names: tuple[str, ...] = SENTINEL_NAMES
        self.protocol: tuple[int, int, int, int] = (MOVE, HEROIC, ATTACK, WILD)  # move/add/damage/prod
        self.sentinel_health: int = 5
        self.nimrod_health: int = 10  # the Villain's starting Health (Nimrod's in DFP)
        self.track_max: int = 15
        self.yellow: int = 5
        self.red: int = 10
        self.bam_damage: int = 1
        self.bonus_yellow: int = 1
        self.bonus_red: int = 2
        self.ko_track: int = 1
        self.ko_track_per_analyzer: int = 1
        self.overflow_track: int = 1
        self.retreat_at: int = 4
        # companions, clones and team cards (united/vocab/components.py); empty: none in the game
        self.companion_name: tuple[str, ...] = ()  # per hero, "" for none; () when no hero has one
        self.companion_start: tuple[int, ...] = ()  # per hero: ring position, -1 with the hero
        self.clones: tuple[int, ...] = ()  # per hero: clone figures; () when no hero has any
        self.team_name: tuple[str, ...] = ()
        self.team_heroes: tuple[frozenset[int], ...] = ()  # hero indices of this game in each team
        self.team_fx: tuple[tuple[FX, ...], ...] = ()
        # lasting text waiting for a moment (united/hooks.py): hook point -> its subscribers,
        # each (kind, ref, whose, steps, source); empty: no hook in the game, nothing is read
        self.hooks: dict[str, tuple[Hooked, ...]] = {}
        # options that depend only on their key (the hero turn's: united/hero_turn.py), made once
        # per game content and shared by every decision that offers them (never mutated)
        self.kept: dict = {}  # key -> Option
        # counts group: each hero's team keywords; Locations' kind-limited Attack bonus (Location
        # index -> (enemy kind, amount)); empty when no Location has one
        self.hero_keywords: tuple[frozenset[str], ...] = ()
        self.loc_bonus: dict[int, tuple[str, int]] = {}
        # a hero's own components and a Location's (united/vocab/parts.py); empty: none in the game
        self.loc_ids: list[str] = []  # the pack's Location ids, by index
        self.loc_dealt: list[bool] = []  # drawn at setup (MU-6); else out of play
        self.loc_in_game: list[bool] = []  # of no box, or of a box this game plays
        self.own_tokens: tuple[tuple[str, int, int], ...] = ()  # per hero (name, start, most); ("", 0, 0): none
        self.own_deck: tuple[str, ...] = ()  # per hero: its own deck's name ("" for none)
        self.own_cards: tuple[tuple[int, str, tuple[FX, ...]], ...] = ()  # (hero, name, steps) per card
        self.markers: tuple[tuple[tuple[str, int, int], ...], ...] = ()  # per hero: (name, count, damage)
        self.free_move: frozenset[tuple[int, int]] = frozenset()  # (hero, marker) of the free-move markers
        self.duplicates: frozenset[int] = frozenset()  # heroes whose clones are duplicates (`Hero.duplicate`)
        self.loc_deck: tuple[str, ...] = ()  # per pack Location: its own deck's name ("" for none)
        self.loc_cards: tuple[tuple[int, str, tuple[FX, ...]], ...] = ()  # (Location, name, steps) per card
        self.team_tokens: tuple[tuple[str, int, int], ...] = ()  # per team card (name, start, most)

    @property
    def n_heroes(self) -> int:
        return len(self.hero_ids)


def build_tables(config: UnitedConfig, content: UnitedContent) -> Tables:
    """Compile content + configuration into flat tables; unknown hero ids are errors."""
    heroes = {h.id: h for h in content.heroes}
    unknown = [h for h in config.heroes if h not in heroes]
    if unknown:
        raise ContentError(
            [f"unknown hero id(s) {unknown}; this content has: {sorted(heroes)}"]
        )
    if len(set(config.heroes)) != len(config.heroes):
        raise ContentError([f"a hero appears twice in {list(config.heroes)}"])
    t = Tables(config=config, content=content)
    t.hero_ids = tuple(config.heroes)
    t.hero_names = tuple(heroes[h].name for h in config.heroes)
    t.seats = tuple(config.seat_of(h) for h in range(len(config.heroes)))
    t.hero_keywords = tuple(frozenset(heroes[h].keywords) for h in config.heroes)  # counts group
    for hi, hid in enumerate(config.heroes):
        ids = []
        for card in heroes[hid].cards:
            counts = [0, 0, 0, 0]
            for s in card.symbols:
                counts[SYM_INDEX[s]] += 1
            for _ in range(card.copies):
                ids.append(len(t.card_name))
                t.card_name.append(card.name)
                t.card_owner.append(hi)
                t.card_sym.append(tuple(counts))  # type: ignore[arg-type]
                t.card_fx.append(whole_effect(card.optional, compile_effects(card.effect)))
                t.card_special.append(bool(card.effect or card.unsupported or card.face_up))
                subscribe(t, HOOK_CARD, ids[-1], card.face_up, card.name)
                if card.start != "deck":
                    t.card_start[ids[-1]] = card.start
                t.card_optional.append(all_optional(t.card_fx[-1]))
        t.hero_cards.append(ids)
    for loc in content.locations:
        t.loc_name.append(loc.name)
        t.loc_slots.append(loc.slots)
        t.loc_start.append(_tokens(loc.start))
        t.loc_fx.append(compile_effects(loc.effect))
        t.loc_mandatory.append(loc.mandatory)
        t.loc_hazardous.append(loc.hazardous)
        subscribe(t, HOOK_LOCATION, len(t.loc_name) - 1, loc.hooks, loc.name)
        if loc.attack_bonus is not None:  # counts group
            t.loc_bonus[len(t.loc_name) - 1] = (loc.attack_bonus.enemy, loc.attack_bonus.amount)
    d = content.dofp
    if config.mode == "dofp":
        if d is None:
            raise ContentError(["content has no 'dofp' section: Days of Future Past needs one"])
        if config.challenge:
            raise ContentError([
                "a Sentinel Challenge is added to a game against another Villain (DFP-C1); "
                "Days of Future Past already fights the Sentinels: use `standard --villain ID`"])
        master_plan, threats = d.master_plan, d.threats
    else:
        villains = {v.id: v for v in content.villains}
        if not villains:
            raise ContentError(["content has no 'villains': a standard game needs a Villain"])
        vid = config.villain or next(iter(villains))
        if vid not in villains:
            raise ContentError([f"unknown Villain {vid!r}; this content has: {sorted(villains)}"])
        if vid == "nimrod":
            raise ContentError(["Nimrod is not a standard Villain: play the dofp mode"])
        v = villains[vid]
        master_plan, threats = v.master_plan, v.threats
        t.mode, t.villain_name = "standard", v.name
        if v.extra_token is not None:
            t.extra_name, t.extra_letter = v.extra_token.name, v.extra_token.letter
        t.villain_bam, t.villain_overflow = compile_effects(v.bam), compile_effects(v.overflow)
        t.track_name, t.track_start = v.plot.name, v.plot.start
        need = {m.id: m.threshold for m in content.missions}
        missing = {"rescue-civilians", "defeat-thugs", "clear-threats"} - set(need)
        if missing:
            raise ContentError([f"content lacks the Mission(s) {sorted(missing)} (MU-9)"])
        t.mission_need = (need["rescue-civilians"], need["defeat-thugs"], need["clear-threats"])
        if config.challenge:
            if d is None:
                raise ContentError(["a Sentinel Challenge needs the 'dofp' section's Sentinels"])
            t.challenge = {"sentinel-i": 0, "sentinel-ii": 1, "sentinel-iii": 2}[config.challenge]
            card = d.sentinels[t.challenge]
            t.challenge_task, t.challenge_health = card.challenge_task, card.challenge_health
    if config.difficulty != "normal":
        _remove_wilds(t, content, config.difficulty)
    loc_index = {loc.id: i for i, loc in enumerate(content.locations)}
    for mp in master_plan:
        for _ in range(mp.copies):
            cid = len(t.card_name)
            t.mp_cards.append(cid)
            t.card_name.append(mp.name)
            t.card_owner.append(-1)
            t.card_sym.append((0, 0, 0, 0))
            t.card_fx.append(compile_effects(mp.effect))
            t.card_special.append(bool(mp.effect))
            t.card_optional.append(False)
            t.mp_move[cid] = compile_move(mp.move, loc_index)
            t.mp_bam[cid] = mp.bam
            t.mp_tokens[cid] = tuple(_tokens(x) for x in mp.tokens)  # type: ignore[assignment]
            if t.extra_letter and any(t.extra_letter in x for x in mp.tokens):
                t.mp_extra[cid] = tuple(x.count(t.extra_letter) for x in mp.tokens)  # type: ignore[assignment]
    for th in threats:
        cost = [0, 0, 0, 0]
        for s in th.cost:
            cost[SYM_INDEX[s]] += 1
        t.threat_ids.append(th.id)
        t.threat_name.append(th.name)
        t.threat_cost.append(tuple(cost[:3]))  # type: ignore[arg-type]
        t.threat_wild.append(cost[WILD])
        t.wild_costs = t.wild_costs or cost[WILD] > 0
        t.threat_tags.append(frozenset(th.tags))
        t.threat_bonus.append(th.damage_bonus_here)
        t.threat_bam.append(compile_effects(th.bam))
        t.threat_arrive.append(compile_effects(th.on_villain_arrives))
        t.threat_clear.append(compile_effects(th.on_clear))
        t.threat_health.append(th.health or 0)
        t.threat_henchman.append(th.henchman or th.name)
    _components(t, [heroes[h] for h in config.heroes], content)
    _parts(t, [heroes[h] for h in config.heroes], content)
    n = 3 if config.solo else config.n_heroes
    if d is not None:
        db = d.dashboard
        t.sentinel_names = tuple(s.name for s in d.sentinels)
        p = d.protocol
        t.protocol = (SYM_INDEX[p.move], SYM_INDEX[p.add], SYM_INDEX[p.damage], SYM_INDEX[p.production])
        t.sentinel_health = config.sentinel_health or db.sentinel_health.for_heroes(n)
        t.nimrod_health = config.nimrod_health or db.nimrod_health.for_heroes(n)
        t.track_max = config.track_max or db.track_max
        t.yellow, t.red = db.bands.yellow, db.bands.red
        t.bam_damage, t.bonus_yellow, t.bonus_red = db.bam_damage, db.band_bonus_yellow, db.band_bonus_red
        t.ko_track, t.ko_track_per_analyzer = db.ko_track, db.ko_track_per_data_analyzer
        t.overflow_track, t.retreat_at = db.overflow_track, db.nimrod_retreat_at
        t.track_start = db.track_start
    if t.mode == "standard":
        t.nimrod_health = config.nimrod_health or v.health.for_heroes(n)
        t.track_max = config.track_max or v.plot.lose_at
        t.track_start = v.plot.start
        if t.challenge >= 0:
            t.sentinel_health = config.sentinel_health or t.challenge_health
    return t


def _remove_wilds(t: Tables, content: UnitedContent, level: str) -> None:
    """Difficulty Challenges: Moderate removes each deck's single-Wild card, Hard its
    double-Wild card, Heroic both (at setup)."""
    diff = {d.id: d for d in content.difficulties}.get(level)
    single = diff.remove_single_wild if diff else level in ("moderate", "heroic")
    double = diff.remove_double_wild if diff else level in ("hard", "heroic")
    drop = {(0, 0, 0, 1)} if single else set()
    if double:
        drop.add((0, 0, 0, 2))
    t.hero_cards = [[c for c in cards if t.card_sym[c] not in drop] for cards in t.hero_cards]


def _components(t: Tables, heroes: list, content: UnitedContent) -> None:
    """Companions, clones and team cards of the heroes in this game (left empty when none
    has any, so a game without them is exactly as before)."""
    if any(h.companion for h in heroes):
        t.companion_name = tuple(h.companion.name if h.companion else "" for h in heroes)
        t.companion_start = tuple(-1 if not h.companion or h.companion.starts == "with_hero"
                                  else -2 if h.companion.starts == "off_board"  # (vocab/parts.py)
                                  else h.companion.starts for h in heroes)
    if any(h.clones for h in heroes):
        t.clones = tuple(h.clones for h in heroes)
    index = {h.id: i for i, h in enumerate(heroes)}
    teams = [(c, frozenset(index[x] for x in c.heroes if x in index)) for c in content.team_cards]
    teams = [(c, team) for c, team in teams if team]  # a team with a hero in this game
    t.team_name = tuple(c.name for c, _ in teams)
    t.team_heroes = tuple(team for _, team in teams)
    t.team_fx = tuple(compile_effects(c.effect) for c, _ in teams)


def _parts(t: Tables, heroes: list, content: UnitedContent) -> None:
    """A hero's own tokens, deck and markers, and the team cards' token piles (united/vocab/
    parts.py), left empty when no hero of this game has any; markers that go off by
    themselves subscribe to their hook point."""
    t.loc_ids = [loc.id for loc in content.locations]
    boxes = set(t.config.boxes)  # MU-6: a Location of a box is in a game that plays the box
    unknown = boxes - {loc.box for loc in content.locations}
    if unknown:
        raise ContentError([f"boxes: no Location of this content comes in the box(es) {sorted(unknown)}; "
                            f"its boxes: {sorted({loc.box for loc in content.locations if loc.box})}"])
    t.loc_in_game = [loc.box is None or loc.box in boxes for loc in content.locations]
    t.loc_dealt = [loc.dealt and t.loc_in_game[i] for i, loc in enumerate(content.locations)]
    t.duplicates = frozenset(i for i, h in enumerate(heroes) if h.duplicate)
    if any(loc.deck for loc in content.locations):
        t.loc_deck = tuple(loc.deck.name if loc.deck else "" for loc in content.locations)
        t.loc_cards = tuple((i, c.name, compile_effects(c.effect)) for i, loc in enumerate(content.locations)
                            if loc.deck for c in loc.deck.cards for _ in range(c.copies))
    if any(h.tokens for h in heroes):
        t.own_tokens = tuple((h.tokens.name, h.tokens.start, h.tokens.most) if h.tokens else ("", 0, 0)
                             for h in heroes)
    if any(h.deck for h in heroes):
        t.own_deck = tuple(h.deck.name if h.deck else "" for h in heroes)
        t.own_cards = tuple((i, c.name, compile_effects(c.effect)) for i, h in enumerate(heroes)
                            if h.deck for c in h.deck.cards for _ in range(c.copies))
    if any(h.markers for h in heroes):
        t.markers = tuple(tuple((m.name, m.count, m.damage) for m in h.markers) for h in heroes)
        t.free_move = frozenset((i, j) for i, h in enumerate(heroes) for j, m in enumerate(h.markers)
                                if m.free_move)
        for i, h in enumerate(heroes):
            for j, m in enumerate(h.markers):
                if m.goes_off is not None:
                    fx = (("set_off_markers", 0, -1, 0, 0, (("marker", m.name),)),)
                    t.hooks[m.goes_off] = (*t.hooks.get(m.goes_off, ()),
                                           (HOOK_MARKER, i * 16 + j, m.whose, fx, m.name))
    if any(c.tokens for c in content.team_cards if t.team_name and c.name in t.team_name):
        cards = {c.name: c for c in content.team_cards}
        t.team_tokens = tuple((cards[n].tokens.name, cards[n].tokens.start, cards[n].tokens.most)
                              if cards[n].tokens else ("", 0, 0) for n in t.team_name)
