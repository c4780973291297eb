"""The content schema: every card, deck, dashboard and Location is data validated here.

A content file never runs code. Effects are written in a small vocabulary of verbs
(`Effect.verb`); the few mechanics too special for it are engine mechanics named by tags.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Discriminator,
    Field,
    Tag,
    ValidationError,
    field_validator,
    model_validator,
)
from pydantic_core import InitErrorDetails, PydanticCustomError

from multiverse.engine.errors import ContentError

Symbol = Literal["move", "attack", "heroic", "wild"]

# Verbs of the effect vocabulary. Hero-side verbs act for the hero resolving the effect
# ("you"); villain-side verbs act for the Villain (Nimrod) or the Sentinels.
HeroVerb = Literal[
    "draw",  # you draw `amount` cards
    "gain_token",  # you gain `amount` action tokens of `symbol`
    "deal_damage",  # deal `amount` damage to one enemy in your Location (your choice)
    "deal_damage_villain",  # deal `amount` damage to the Villain or a Henchman in your Location
    "rescue",  # rescue up to `amount` Civilians in your Location
    "defeat_thugs",  # defeat up to `amount` Thugs in your Location
    "move_anywhere",  # move to any Location
    "others_here_draw",  # each other hero in your Location draws `amount`
    "one_hero_draws",  # one hero of your choice (any Location) draws `amount`
    "fill_threat",  # fill up to `amount` symbols of any kind on the Threat in your Location
    # the owner's vocabulary (docs/content.md, cookbook)
    "gain_action",  # `amount` extra `symbol` actions to spend this turn (not tokens: lost at its end)
    "take_action",  # take `amount` `symbol` actions now, in the Location(s) `where` says
    "move",  # move `who` to a Location `where` says; `bring`: heroes with you come along
    "choose_one",  # the player picks one of `options` (each a list of steps)
    "draw_until",  # `who` draws until holding `amount` cards
    "give_token",  # give up to `amount` of your `symbol` tokens to another hero
    "ignore_damage",  # `who` ignores all damage `until` a later moment
    "prevent_damage",  # the next `amount` damage to `who` is prevented `until` a later moment
    "cancel_bam",  # the next `amount` BAM!s are cancelled, `until` a later moment
    "stop_villain_move",  # the Villain's next `amount` moves do not happen, `until` then
    "ignore_overflow",  # every Overflow is ignored `until` a later moment
    "extra_damage",  # each of your Attacks deals `amount` more damage `until` (this turn)
    "damage_each_enemy_here",  # `amount` damage to every enemy in your Location (every Thug)
    "take_damage",  # `who` takes `amount` damage (MU-21)
    "lose_civilians",  # up to `amount` Civilians in your Location are lost (not rescued)
    "thugs_to_civilians",  # up to `amount` Thugs in your Location become Civilians
    "clear_threat",  # the Threat in your Location is cleared (MU-19)
    "delay_master_plan",  # the top `amount` Master Plan cards go to the bottom, unseen
    "blank_master_plan",  # the next `amount` Master Plan effects are ignored, `until` then
    "move_villain",  # the Villain moves to a Location adjacent to it, of your choice
    "convert_symbols",  # this turn's `symbol` symbols count as `to` symbols
    "double_symbols",  # this turn's `symbol` symbols (every kind if none) are doubled
    "flip_facedown",  # the previous Hero card of the Storyline (or `this_card`) is flipped facedown
    "move_tokens",  # up to the `tokens` (C/T) in your Location move to a Location `where` says
    "copy_effect",  # resolve the Special Effect of the previous Hero card (face up) as yours
    # this turn, the Storyline, discards and a while off the board (`united.vocab.turn`)
    "draw_discard",  # draw `amount`, then put `discard` cards (default 1) at the bottom of the deck
    "swap_storyline",  # this card and the previous Hero card of the Storyline trade places
    "swap_locations",  # two Locations (`where`: adjacent, the default, or any) trade places
    "attack_range",  # your Attacks may target enemies in adjacent Locations `until` (this turn)
    "extra_fill",  # each of your fills on a Threat fills `amount` more `until` (this turn)
    "vanish_with_henchman",  # you and the Henchman here leave the board until your next turn
    # the owner's Villain words (united/vocab/villain.py)
    "peek_master_plan",  # look at the top `amount` Master Plan cards (`reorder`: put them back in any order)
    "on_villain_move",  # `when` the Villain moves (into your Location), `steps` resolve, `amount` times, `until` then
    "redirect_villain_move",  # you decide the Villain's next `amount` Master Plan moves, `until` then
    "remove_tokens",  # remove up to `amount` of the Villain's extra tokens (`letter`) from your Location
    # components beyond the cards (united/vocab/components.py): companions and clones
    "move_companion",  # your companion moves to a Location `where` says (adjacent: `amount` steps)
    "place_clone",  # put up to `amount` of your clones from your reserve at a Location `where` says
    "remove_clone",  # take up to `amount` of your clones off the board, back to your reserve
    # lasting text and the next Villain turn (united/vocab/lasting.py)
    "symbols_also_count",  # your `symbol` symbols also count as `to` symbols, `until` then
    "move_reach",  # each Move action of yours goes up to 1 + `amount` Locations, `until` then
    "move_with_hero",  # each Move action of yours may bring one hero of your Location along, `until` then
    "heroic_range",  # your Heroic actions may be taken in an adjacent Location, `until` (this turn)
    "prevent_damage_each_villain_turn",  # the first `amount` damage to you each Villain turn is prevented (face_up)
    "keep_last_card",  # damage never takes the last card in hand of `who` (no KO by it), `until` then
    "stun_enemy",  # an enemy in your Location does nothing in the next Villain turn (a Sentinel: its next activation)
    # counts, conversions, conditions, costs, kind-limited bonuses, token transfers (united/vocab/terms.py)
    "extra_damage_to",  # your Attacks deal `amount` more damage to one `enemy` kind `until` (this turn)
    "damage_to_tokens",  # the next `amount` damage you would take (0: each) becomes `symbol` tokens, `until` then
    "take_token",  # take up to `amount` tokens (of `symbol`; none: any kind) from another hero
    "exchange_token",  # trade one of your tokens for one of another kind of another hero's, `amount` times
    "convert_tokens",  # up to `amount` of your `symbol` tokens become `into` tokens
    "lose_token",  # you lose up to `amount` of your tokens (of `symbol`; none: of your choice)
    # moves, the Storyline and the long tail (united/vocab/moves.py, united/vocab/story.py)
    "move_threat",  # the Threat of `origin` (default: yours) moves to a Location `where` says without one
    "flip_faceup",  # a facedown Hero card of the Storyline (`which`) is turned back face up
    "take_back",  # a Hero card of the Storyline (`which`) goes back into its owner's hand
    "swap_hand_storyline",  # a card of your hand and a Hero card of yours in the Storyline trade places
    "play_random_card",  # a random card of your hand is played at the end of the Storyline
    "immune_enemy",  # an enemy in your Location is immune to all damage but yours (`immune_to`), `until` then
    "discard_for_damage",  # discard any number of cards: `amount` damage here for each one
    "delay_villain_turn",  # the next Villain turn comes `amount` Hero cards later
    "remove_master_plan",  # the top `amount` Master Plan cards are removed from the game
    "all_of",  # (compiled from a card's `optional: true`: "you may" for its whole effect; not written)
    # a hero's own components and a Location's (united/vocab/parts.py)
    "gain_own_tokens",  # you gain `amount` of your own tokens (`Hero.tokens`), up to its most
    "draw_own_card",  # draw `amount` cards of your own deck (`Hero.deck`), resolving each
    "place_marker",  # put up to `amount` of your `marker`s (`Hero.markers`) at a Location `where` says
    "set_off_markers",  # each of your `marker`s on the board goes off now
    "bring_companion",  # your companion enters play in your Location (or moves there)
    "replace_location",  # your Location is replaced by `location` (or one out of play, your pick)
    "add_team_tokens",  # put `amount` tokens on your team card (`TeamCard.tokens`)
    "draw_location_card",  # draw `amount` cards of your Location's own deck (`Location.deck`), resolving each
    "add_slot",  # put `amount` slot tokens in your Location: each adds a slot there (at most 3)
]
VillainVerb = Literal[
    "raise_track",  # raise the Villainous Plot track by `amount`
    "lower_track",  # lower the Villainous Plot track by `amount`
    "bam",  # the Villain's BAM! (dashboard BAM! and every Threat's BAM!)
    "villain_recover_per_hero",  # Villain recovers `amount` Health per hero still in play
    "damage_heroes_here",  # `amount` damage to each hero here (a Threat's Location, else the Villain's)
    "add_tokens_here",  # add `tokens` (C/T letters) here (a Threat's Location, else the Villain's)
]
Verb = Literal[HeroVerb, VillainVerb]
HERO_VERBS: frozenset[str] = frozenset(HeroVerb.__args__)  # type: ignore[attr-defined]
VILLAIN_VERBS: frozenset[str] = frozenset(VillainVerb.__args__)  # type: ignore[attr-defined]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


def card_name(name: str) -> str:
    """A card's name: positions and saved games refer to cards by name, so it is never
    empty or blank."""
    if not name.strip():
        raise ValueError("a card name cannot be empty or blank: positions refer to cards by name")
    return name


def hero_verbs_only(effect: list) -> list:
    """A validator of an `effect` the heroes resolve: every step's verb is a hero verb."""
    for i, e in enumerate(effect):
        if e.verb not in HERO_VERBS:
            raise ValueError(f"effect[{i}].verb: {e.verb!r} is not a hero verb")
    return effect


def unique_names(field: str) -> Callable[[list], list]:
    """A validator of the deck `field`: two different cards of one deck never share a name,
    since positions refer to cards by name. (Entries that differ only in `copies` are copies
    of one card.)"""

    def check(cards: list) -> list:
        seen: dict[str, int] = {}
        for i, card in enumerate(cards):
            j = seen.setdefault(card.name, i)
            if j != i and card.model_dump(exclude={"copies"}) != cards[j].model_dump(exclude={"copies"}):
                raise ValueError(f"{field}[{j}] and {field}[{i}] are two different cards named "
                                 f"{card.name!r}; positions refer to cards by name")
        return cards

    return check


Who = Literal["you", "one_hero", "another_hero", "each_hero_here", "each_other_hero_here",
              "each_hero"]
Where = Literal["here", "adjacent", "both_adjacent", "any", "a_hero", "your_location",
                "companion", "a_clone"]
Per = Literal["heroes_here", "other_heroes_here", "civilians_here", "thugs_here",
              "threats_cleared", "cards_in_hand", "civilians_rescued", "heroes_in_game",
              "companion_here", "clones_in_play"]
# counts group (united/conditions.py): this turn's tally and the face-up cards of a team
Per = Literal[Per, "civilians_rescued_this_turn", "thugs_defeated_this_turn",
              "threats_cleared_this_turn", "actions_this_turn", "team_cards_face_up"]
Per = Literal[Per, "own_tokens", "team_tokens", "markers_in_play"]  # (united/vocab/parts.py)
Targets = Literal["any", "one", "different"]
ExtraHere = Annotated[str, Field(pattern=r"^[A-Z]_here$")]  # a Villain's extra token kind here

# which verbs take which of the owner's words (the field is an error on any other verb)
_WHO_VERBS = frozenset({"draw", "gain_token", "take_action", "move", "draw_until",
                        "ignore_damage", "prevent_damage", "take_damage"})
_UNTIL_VERBS = frozenset({"ignore_damage", "prevent_damage", "cancel_bam", "stop_villain_move",
                          "ignore_overflow", "extra_damage", "blank_master_plan",
                          "on_villain_move", "redirect_villain_move"})
_UNTIL_VERBS |= {"attack_range", "extra_fill"}  # (united.vocab.turn)
_UNTIL_VERBS |= {"symbols_also_count", "move_reach", "move_with_hero", "heroic_range",  # (vocab.lasting)
                 "prevent_damage_each_villain_turn", "keep_last_card"}
_WHO_VERBS |= {"keep_last_card"}  # (united.vocab.lasting)
Until = Literal["end_of_turn", "your_next_turn", "face_up", "villain_turn"]
_WHERE = {"take_action": {"here", "adjacent", "both_adjacent", "any", "a_hero", "companion",
                          "a_clone"},
          "move": {"adjacent", "any", "a_hero", "your_location", "companion"},
          "move_tokens": {"adjacent", "any"}, "swap_locations": {"adjacent", "any"},
          "move_companion": {"adjacent", "any", "your_location"},
          "place_clone": {"here", "adjacent", "any", "a_hero"}}
_WHERE["place_marker"] = {"here", "adjacent", "any"}  # (united/vocab/parts.py)
# the words that need a hero's own companion or clones (`Hero.companion`, `Hero.clones`)
COMPANION_WORDS = frozenset({"move_companion", "companion", "companion_here"})
CLONE_WORDS = frozenset({"place_clone", "remove_clone", "a_clone", "clones_in_play"})
_PER_VERBS = frozenset({"draw", "gain_token", "gain_action", "take_action", "rescue",
                        "defeat_thugs", "deal_damage", "deal_damage_villain", "fill_threat",
                        "damage_each_enemy_here", "take_damage", "lose_civilians",
                        "thugs_to_civilians", "draw_discard", "extra_fill", "remove_tokens"})
_PER_VERBS |= {"gain_own_tokens", "draw_own_card", "add_team_tokens", "place_marker",
               "draw_location_card", "add_slot"}  # (vocab/parts.py)
_PARTS_DEFAULTS = {"spend": None, "spend_team": None, "marker": None, "location": None}  # (vocab/parts.py)
_OWNER_DEFAULTS = {"optional": False, "cost": [], "per": None, "who": "you", "where": None,
                   "targets": "any", "bring": False, "options": None, "until": None,
                   "to": None, "which": "previous", "discard": None, "reorder": False, "when": None, "steps": None,
                   "letter": None,
                   "damage_from": None,
                   "if_": None, "keyword": None, "discard_cost": None, "token_cost": [], "into": None, "enemy": None}
# lasting text and the next Villain turn (united/vocab/lasting.py): the kinds of damage source
DamageFrom = Literal["bam", "henchman", "threat", "sentinel", "villain", "location"]
_VILLAIN_TURN_VERBS = frozenset({"ignore_damage", "prevent_damage", "cancel_bam",
                                 "stop_villain_move", "ignore_overflow", "blank_master_plan",
                                 "keep_last_card"})
_OWNER_DEFAULTS |= {"bring_one": False, "holding": None, "origin": None, "near": False,  # (moves.py)
                    "return_damage": None, "together": False, "immune_to": None, "then_each": None}
# moves, the Storyline and the long tail (united/vocab/moves.py, united/vocab/story.py)
STORY_VERBS = frozenset({"flip_facedown", "copy_effect", "swap_storyline", "flip_faceup", "take_back",
                         "swap_hand_storyline"})
THEN_EACH_VERBS = frozenset({"defeat_thugs", "rescue", "lose_civilians", "thugs_to_civilians", "draw",
                             "draw_until", "draw_discard", "discard_for_damage", "deal_damage",
                             "damage_each_enemy_here", "take_action"})
_WHO_VERBS = _WHO_VERBS | {"draw_discard"}
_UNTIL_VERBS = _UNTIL_VERBS | {"immune_enemy"}
_WHERE |= {"move_threat": {"adjacent", "any"}, "vanish_with_henchman": {"adjacent", "any"},
           "deal_damage": {"adjacent", "any"}}
_WHICH = Literal["previous", "this_card", "yours", "another_hero", "any"]
_OWNER_DEFAULTS.update(_PARTS_DEFAULTS)
_THIS_TURN_VERBS = frozenset({"gain_action", "convert_symbols", "double_symbols"})
_SYMBOL_VERBS = frozenset({"gain_token", "gain_action", "take_action", "give_token",
                           "convert_symbols"})
# counts group (united/vocab/terms.py)
_SYMBOL_VERBS |= {"damage_to_tokens", "convert_tokens"}
_UNTIL_VERBS |= {"extra_damage_to", "damage_to_tokens"}
_WHERE.update({"take_token": {"here", "any"}, "exchange_token": {"here", "any"}})


EnemyKind = Literal["henchman", "thug", "villain"]
_CONDITION_KEYS = ("hero_here", "hero_in_game", "card_face_up", "threat_cleared_this_turn",
                   "villain_here", "no_civilians_here", "count", "other_heroes_near")


class Condition(Strict):
    """`if:` on a step (counts group, united/conditions.py): the step resolves only when
    this holds, seen from the hero resolving it. Exactly one test is named."""

    hero_here: str | None = Field(None, pattern=r"^[a-z0-9-]+$", description="a hero id: that "
                                  "hero is in play in your Location")
    hero_in_game: str | None = Field(None, pattern=r"^[a-z0-9-]+$", description="a hero id: "
                                     "that hero is in this game (not eliminated)")
    card_face_up: str | None = Field(None, min_length=1, description="a Hero card's name: "
                                     "face up in the Storyline")
    threat_cleared_this_turn: bool = False
    villain_here: bool = Field(False, description="the Villain is in your Location")
    no_civilians_here: bool = Field(False, description="no Civilian is left in your Location")
    count: Per | None = Field(None, description="a count (the words of `per`) at least `at_least`")
    at_least: int | None = Field(None, ge=1, le=30)
    keyword: str | None = Field(None, min_length=1, description="count team_cards_face_up: the team")
    other_heroes_near: int | None = Field(None, ge=0, le=3, description="exactly this many "
                                          "other heroes are in your Location or adjacent")

    @model_validator(mode="after")
    def _one(self) -> Condition:
        given = [k for k in _CONDITION_KEYS if getattr(self, k) is not None and getattr(self, k) is not False]
        if len(given) != 1:
            raise ValueError(f"if: a condition names exactly one of {list(_CONDITION_KEYS)}"
                             + (f" (got {', '.join(given)})" if given else ""))
        if (self.at_least is None) != (self.count is None):
            raise ValueError("at_least: a 'count' condition needs 'at_least' (and only it has one)")
        if (self.keyword is None) != (self.count != "team_cards_face_up"):
            raise ValueError("keyword: count 'team_cards_face_up' needs 'keyword' (the team)"
                             if self.keyword is None else "keyword: only count 'team_cards_face_up' names a team")
        if self.count in COMPANION_WORDS | CLONE_WORDS:
            raise ValueError(f"count: {self.count!r} is not a condition's count")
        return self


class Effect(Strict):
    """One step of an effect: a verb with its parameters."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    verb: Verb
    amount: int = Field(1, ge=0, le=20)
    symbol: Symbol | None = None
    tokens: str | None = Field(None, pattern=r"^[CT]*$")
    optional: bool = Field(False, description='"you may": offered as a choice (resolve or decline)')
    cost: list[Symbol] = Field(default_factory=list, max_length=6,
                               description="symbols paid (this turn's symbols, then tokens) first")
    per: Per | ExtraHere | None = Field(None, description="`amount` for each one counted on the board "
                                        "(`B_here`: the Villain's extra tokens of letter B here)")
    who: Who = Field("you", description="the hero(es) the step acts for")
    where: Where | None = Field(None, description="Location(s) of a move or of granted actions")
    targets: Targets = Field("any", description="several Attacks: one target, or different ones")
    bring: bool = Field(False, description="move: the heroes in your Location move with you")
    options: list[list[Effect]] | None = Field(None, description="choose_one: the branches")
    until: Until | None = Field(None, description="how long a protection lasts (default: until "
                                "your next turn); face_up: while this card is face up in the Storyline")
    to: Symbol | None = Field(None, description="convert_symbols: the kind they count as")
    which: _WHICH = Field("previous", description="a Storyline card: the previous Hero card, this one, "
                          "or one the player chooses (yours, another hero's, any)")
    discard: int | None = Field(None, ge=1, le=10, description="draw_discard: how many cards "
                                "go to the bottom of the deck (default 1)")
    reorder: bool = Field(False, description="peek_master_plan: put the cards back in the order you choose")
    when: Literal["into_your_location", "any_move"] | None = Field(
        None, description="on_villain_move: the Villain moves into your Location, or moves at all")
    steps: list[Effect] | None = Field(None, description="on_villain_move: the steps that resolve")
    letter: str | None = Field(None, pattern=r"^[A-Z]$", description="remove_tokens: the letter of "
                               "the Villain's extra token kind")
    # lasting text and the next Villain turn (united/vocab/lasting.py)
    damage_from: DamageFrom | None = Field(None, description="ignore_damage / prevent_damage: "
                                           "only damage from this kind of source")
    # counts, conversions, conditions, costs, kind-limited bonuses, token transfers (united/vocab/terms.py)
    if_: Condition | None = Field(None, alias="if", description="the step resolves only when this holds")
    keyword: str | None = Field(None, min_length=1, description="per team_cards_face_up: the team "
                                "(a hero's `keywords`)")
    discard_cost: int | None = Field(None, ge=1, le=5, description="a cost: discard this many "
                                     "cards of your choice from your hand (bottom of your deck)")
    token_cost: list[Symbol] = Field(default_factory=list, max_length=6, description="a cost paid "
                                     "with action tokens only (not this turn's symbols)")
    into: Symbol | None = Field(None, description="convert_tokens: the kind the tokens become")
    enemy: EnemyKind | None = Field(None, description="extra_damage_to: the kind of enemy")
    # moves, the Storyline and the long tail (united/vocab/moves.py, united/vocab/story.py)
    bring_one: bool = Field(False, description="move: one hero of your Location (your pick) comes along")
    holding: Literal["civilians", "thugs", "threat"] | None = Field(
        None, description="move: the destination must hold Civilians, Thugs or a Threat")
    origin: Literal["adjacent", "any"] | None = Field(
        None, description="move_tokens, move_threat: the Location they come from (default: yours)")
    near: bool = Field(False, description="who one_hero/another_hero: a hero in your Location or "
                       "an adjacent one")
    return_damage: int | None = Field(None, ge=1, le=10, description="vanish_with_henchman: "
                                      "damage to the Henchman as you come back")
    together: bool = Field(False, description="take_action: choose one Location once; every "
                           "action of the step is taken there")
    immune_to: Literal["all_but_you", "you"] | None = Field(
        None, description="immune_enemy: immune to every hero's damage but yours, or to yours only")
    then_each: list[Effect] | None = Field(None, description="then, for each one this step "
                                           "touched (Thugs defeated, Civilians rescued, cards "
                                           "drawn or discarded), these steps resolve")
    # a hero's own components and a Location's (united/vocab/parts.py)
    spend: int | None = Field(None, ge=1, le=10, description="a cost: spend this many of your "
                              "own tokens (`Hero.tokens`) first; without them the step does not resolve")
    spend_team: int | None = Field(None, ge=1, le=10, description="a cost: take this many tokens "
                                   "off your team card (`TeamCard.tokens`) first")
    marker: str | None = Field(None, min_length=1, description="place_marker / set_off_markers: "
                               "the name of one of your markers (`Hero.markers`)")
    location: str | None = Field(None, pattern=r"^[a-z0-9-]+$", description="replace_location: "
                                 "the id of the Location out of play that comes in")

    @model_validator(mode="after")
    def _needs(self) -> Effect:
        v = self.verb
        if v in _SYMBOL_VERBS and self.symbol is None:
            raise ValueError(f"verb {v!r} needs a 'symbol' (move, attack, heroic or wild)")
        if v in ("add_tokens_here", "move_tokens") and not self.tokens:
            raise ValueError(f"verb {v!r} needs 'tokens' (letters C and T)")
        if v in VILLAIN_VERBS:
            used = [f for f, default in _OWNER_DEFAULTS.items() if getattr(self, f) != default]
            if used:
                raise ValueError(f"{used[0].rstrip('_')}: villain verb {v!r} takes only amount and tokens")
            return self
        self._owner_words()
        return self

    def _owner_words(self) -> None:
        """Each of the owner's words only on the verbs it means something for."""
        v = self.verb
        if self.who != "you" and v not in _WHO_VERBS:
            raise ValueError(f"who: verb {v!r} acts for you only; 'who' is for {sorted(_WHO_VERBS)}")
        if self.where is not None and self.where not in _WHERE.get(v, ()):
            allowed = sorted(_WHERE.get(v, ()))
            raise ValueError(f"where: {self.where!r} is not a place for verb {v!r}"
                             + (f" (one of {allowed})" if allowed else " (it takes no 'where')"))
        if v == "take_action" and self.symbol == "move" and self.where not in (None, "here", "any"):
            raise ValueError("where: a Move action goes to an adjacent Location ('here') or 'any'")
        if v == "take_action" and self.where in ("companion", "a_clone") and self.who != "you":
            raise ValueError(f"who: an action at your {self.where.replace('a_', '')}'s Location "
                             "is taken by you (the companion and clones are yours)")
        if self.per is not None and v not in _PER_VERBS:
            raise ValueError(f"per: verb {v!r} has no amount to count; 'per' is for {sorted(_PER_VERBS)}")
        if self.targets != "any" and not (v == "take_action" and self.symbol == "attack"):
            raise ValueError("targets: only for several Attacks (take_action, symbol attack)")
        if self.until is not None and v not in _UNTIL_VERBS:
            raise ValueError(f"until: only a protection lasts ({sorted(_UNTIL_VERBS)}), not {v!r}")
        if (self.to is None) != (v not in ("convert_symbols", "symbols_also_count")):
            raise ValueError("to: 'convert_symbols' needs 'to' (the kind the symbols count as)"
                             if v == "convert_symbols" else f"to: only 'convert_symbols' has 'to', not {v!r}")
        if self.which == "this_card" and v != "flip_facedown":
            raise ValueError(f"which: only 'flip_facedown' takes 'this_card' (the card flips itself), not {v!r}")
        if self.which != "previous" and v not in STORY_VERBS:
            raise ValueError(f"which: only a Storyline verb chooses a card ({sorted(STORY_VERBS)}), not {v!r}")
        if self.discard is not None and v != "draw_discard":
            raise ValueError(f"discard: only 'draw_discard' discards, not {v!r}")
        if self.bring and v != "move":
            raise ValueError("bring: only a 'move' brings the heroes with you")
        if (self.options is None) != (v != "choose_one"):
            raise ValueError("options: verb 'choose_one' needs 2 or more 'options' (lists of steps)"
                             if v == "choose_one" else f"options: only 'choose_one' has options, not {v!r}")
        if v == "choose_one" and len(self.options or ()) < 2:
            raise ValueError("options: 'choose_one' needs 2 or more options")
        for branch in self.options or ():
            for e in branch:
                if e.verb not in HERO_VERBS:
                    raise ValueError(f"options: verb {e.verb!r} is not a hero verb")
        self._villain_words()
        self._lasting_words()
        self._counts_words()
        self._moves_words()
        self._parts_words()

    def _parts_words(self) -> None:
        """`spend`, `spend_team`, `marker` and `location`: a hero's own components and a
        Location's (united/vocab/parts.py)."""
        v = self.verb
        needs_marker = v in ("place_marker", "set_off_markers")
        if (self.marker is None) == needs_marker:
            raise ValueError(f"marker: {v!r} needs 'marker' (the name of one of your markers)"
                             if needs_marker else f"marker: only 'place_marker' and 'set_off_markers' "
                             f"name a marker, not {v!r}")
        if self.location is not None and v != "replace_location":
            raise ValueError(f"location: only 'replace_location' names a Location, not {v!r}")
        if self.spend is not None and self.spend_team is not None:
            raise ValueError("spend_team: a step spends your own tokens or your team card's, not both")

    def _villain_words(self) -> None:
        """`reorder`, `when`, `steps` and `letter`: the owner's Villain words (united/vocab/villain.py)."""
        v = self.verb
        if self.reorder and v != "peek_master_plan":
            raise ValueError(f"reorder: only 'peek_master_plan' reorders cards, not {v!r}")
        react = v == "on_villain_move"
        if (self.when is None) == react:
            raise ValueError("when: 'on_villain_move' needs 'when' (into_your_location or any_move)"
                             if react else f"when: only 'on_villain_move' has 'when', not {v!r}")
        if (self.steps is None) == react or (react and not self.steps):
            raise ValueError("steps: 'on_villain_move' needs 'steps' (a list of steps)"
                             if react else f"steps: only 'on_villain_move' has 'steps', not {v!r}")
        if (self.letter is None) == (v == "remove_tokens"):
            raise ValueError("letter: 'remove_tokens' needs 'letter' (the Villain's extra token)"
                             if v == "remove_tokens" else f"letter: only 'remove_tokens' has 'letter', not {v!r}")
        if self.letter in ("C", "T"):
            raise ValueError("letter: C and T are Civilians and Thugs (rescue, defeat_thugs, "
                             "lose_civilians); 'letter' names the Villain's extra token")
        for e in self.steps or ():
            if e.verb not in HERO_VERBS or e.verb == "on_villain_move":
                raise ValueError(f"steps: verb {e.verb!r} cannot react (a hero verb, not a reaction)")
            if e.cost or e.verb in _THIS_TURN_VERBS:  # the Villain's turn has no symbols of yours
                raise ValueError(f"steps: a reaction may come in the Villain's turn: no 'cost' and "
                                 f"no verb of this turn's symbols ({sorted(_THIS_TURN_VERBS)})")

    def _counts_words(self) -> None:
        """`if`, `keyword`, `discard_cost`, `token_cost`, `into` and `enemy`: counts,
        conditions, costs, kind-limited bonuses and token transfers (united/vocab/terms.py)."""
        v = self.verb
        if (self.keyword is None) != (self.per != "team_cards_face_up"):
            raise ValueError("keyword: per 'team_cards_face_up' needs 'keyword' (the team)"
                             if self.keyword is None else
                             "keyword: only per 'team_cards_face_up' names a team")
        if (self.into is None) != (v != "convert_tokens"):
            raise ValueError("into: 'convert_tokens' needs 'into' (the kind the tokens become)"
                             if v == "convert_tokens" else f"into: only 'convert_tokens' has 'into', not {v!r}")
        if v == "convert_tokens" and self.into == self.symbol:
            raise ValueError("into: the tokens become another kind than 'symbol'")
        if (self.enemy is None) != (v != "extra_damage_to"):
            raise ValueError("enemy: 'extra_damage_to' needs 'enemy' (henchman, thug or villain)"
                             if v == "extra_damage_to" else f"enemy: only 'extra_damage_to' has 'enemy', not {v!r}")
        if v in ("exchange_token", "convert_tokens", "lose_token") and self.amount < 1:
            raise ValueError(f"amount: {v!r} needs an amount of 1 or more")
        if v == "take_token" and self.amount < 1:
            raise ValueError("amount: 'take_token' takes 1 or more tokens")
        if v == "exchange_token" and self.symbol is not None:
            raise ValueError("symbol: 'exchange_token' trades any kinds (the player picks)")
        if v in ("take_token", "exchange_token", "convert_tokens", "lose_token") and self.who != "you":
            raise ValueError(f"who: {v!r} acts for you only")
        if self.token_cost and self.cost:
            raise ValueError("token_cost: write the whole cost in 'token_cost' (tokens only) or "
                             "in 'cost' (this turn's symbols, then tokens), not both")
        if self.if_ is not None and self.if_.count in ("companion_here", "clones_in_play"):
            raise ValueError("if: a condition does not count companions or clones")


    def _lasting_words(self) -> None:
        """`damage_from`, `until: villain_turn` and the lasting verbs' needs (united/vocab/lasting.py)."""
        v = self.verb
        if self.damage_from is not None and v not in ("ignore_damage", "prevent_damage"):
            raise ValueError(f"damage_from: only 'ignore_damage' and 'prevent_damage' name a "
                             f"source of damage, not {v!r}")
        if self.until == "villain_turn" and v not in _VILLAIN_TURN_VERBS:
            raise ValueError(f"until: 'villain_turn' is for what the Villain turn meets "
                             f"({sorted(_VILLAIN_TURN_VERBS)}), not {v!r}")
        if v == "prevent_damage_each_villain_turn" and self.until != "face_up":
            raise ValueError("until: 'prevent_damage_each_villain_turn' lasts while its card is "
                             "face up: write until: face_up")
        if v == "symbols_also_count" and (self.symbol in (None, "wild") or self.to in (None, "wild")
                                          or self.symbol == self.to):
            raise ValueError("symbol: 'symbols_also_count' needs a 'symbol' and a different "
                             "'to' (move, attack or heroic)")
        if v == "move_reach" and self.amount < 1:
            raise ValueError("amount: 'move_reach' adds 1 or more Locations to each Move")
    def _moves_words(self) -> None:
        """Moves, the Storyline and the long tail (united/vocab/moves.py, united/vocab/story.py)."""
        v = self.verb
        if v == "all_of":
            raise ValueError("verb: 'all_of' is not written: put `optional: true` on the Hero card "
                             "for a \"you may\" of its whole effect")
        if self.bring_one and (v != "move" or self.bring):
            raise ValueError("bring_one: only a 'move' brings one hero, and not with 'bring' (all of them)"
                             if v == "move" else f"bring_one: only a 'move' brings a hero, not {v!r}")
        if self.holding is not None and v != "move":
            raise ValueError(f"holding: only a 'move' has a destination that must hold something, not {v!r}")
        if self.origin is not None and v not in ("move_tokens", "move_threat"):
            raise ValueError(f"origin: only 'move_tokens' and 'move_threat' come from another Location, not {v!r}")
        if self.near and self.who not in ("one_hero", "another_hero"):
            raise ValueError("near: only a chosen hero (who: one_hero or another_hero) is looked for nearby")
        if self.return_damage is not None and v != "vanish_with_henchman":
            raise ValueError(f"return_damage: only 'vanish_with_henchman' comes back hurting the Henchman, not {v!r}")
        if self.together and not (v == "take_action" and self.symbol != "move"
                                  and self.where in ("adjacent", "any", "a_hero", "a_clone")):
            raise ValueError("together: only 'take_action' (not Move actions) with where adjacent, any, "
                             "a_hero or a_clone chooses one Location for all its actions")
        if (self.immune_to is None) == (v == "immune_enemy"):
            raise ValueError("immune_to: 'immune_enemy' needs 'immune_to' (all_but_you or you)"
                             if v == "immune_enemy" else f"immune_to: only 'immune_enemy' has it, not {v!r}")
        if self.then_each is not None:
            if v not in THEN_EACH_VERBS:
                raise ValueError(f"then_each: verb {v!r} touches nothing to count; 'then_each' is for "
                                 f"{sorted(THEN_EACH_VERBS)}")
            if not self.then_each:
                raise ValueError("then_each: give the steps that resolve for each one touched")
            for i, e in enumerate(self.then_each):
                if e.verb not in HERO_VERBS or e.then_each is not None:
                    raise ValueError(f"then_each[{i}].verb: {e.verb!r}: a hero verb without its own 'then_each'")


Effects = list[Effect]

# Hook points (united/hooks.py): the moments lasting text waits for.
HookPoint = Literal[
    "villain_turn_ends",  # the end of each Villain turn (MU-11; a Sentinel activation is none, DFP-A12)
    "turn_starts",  # the start of a hero's turn, before the draw (MU-16)
    "turn_ends",  # the end of a hero's turn, after the Location effect (MU-20)
    "ko",  # a hero is KO'd (MU-22)
    "card_flipped",  # a Hero card of the Storyline is flipped facedown (DFP-A13)
    "master_plan_revealed",  # a Master Plan card is revealed, before it resolves (MU-10)
    "hero_action",  # a hero takes an action (MU-18), after it resolves
    "damage_taken",  # a hero would take damage (MU-21), after protections (`instead`: replaced)
]
HOOK_POINTS: tuple[str, ...] = HookPoint.__args__  # type: ignore[attr-defined]
# hook points that come outside the hero's own turn: their steps have no symbols of a turn
_OFF_TURN_HOOKS = frozenset({"villain_turn_ends", "ko", "card_flipped", "master_plan_revealed",
                             "hero_action", "damage_taken"})


class Hook(Strict):
    """Lasting text that waits for a moment (united/hooks.py): while its card is face up in
    the Storyline (a Hero card's `face_up`), or while its Location is in play and no Threat
    covers it (a Location's `hooks`), `steps` resolve each time `when` comes, for `whose`
    hero's moment."""

    when: HookPoint
    whose: Literal["you", "another_hero", "any_hero"] = Field(
        "you", description="whose turn, KO, flipped card or action it is: the card's owner "
        "(a Location: a hero in it), another hero, or any (a moment of no hero: always)")
    steps: Effects = Field(min_length=1)
    # lasting text and the next Villain turn (united/vocab/lasting.py)
    instead: bool = Field(False, description="damage_taken: the steps replace the damage (none is taken)")
    flip_card: bool = Field(False, description="damage_taken on a Hero card: the card is flipped "
                            "facedown once the hook is used (it protects once)")

    @model_validator(mode="after")
    def _steps(self) -> Hook:
        if self.instead and self.when != "damage_taken":
            raise ValueError(f"instead: only 'damage_taken' can be replaced, not {self.when!r}")
        if self.flip_card and self.when != "damage_taken":
            raise ValueError(f"flip_card: a protection flips its card as it is used "
                             f"('damage_taken'), not at {self.when!r}")
        for i, e in enumerate(self.steps):
            if e.verb not in HERO_VERBS:
                raise ValueError(f"steps[{i}].verb: {e.verb!r} is not a hero verb")
            if self.when in _OFF_TURN_HOOKS and (e.cost or e.verb in _THIS_TURN_VERBS):
                raise ValueError(f"steps[{i}]: {self.when!r} can come outside the hero's turn: "
                                 f"no 'cost' and no verb of this turn's symbols "
                                 f"({sorted(_THIS_TURN_VERBS)})")
        return self


class HeroCard(Strict):
    """MU-4: 0 to 3 action symbols and maybe a Special Effect."""

    name: str
    symbols: list[Symbol] = Field(default_factory=list, max_length=3)
    effect: Effects = Field(default_factory=list)
    unsupported: str | None = Field(None, min_length=1, description="the card has a Special "
                                    "Effect the vocabulary cannot express: a note of what it "
                                    "says; the engine resolves `effect` only, and the card still "
                                    "counts as having a Special Effect (DFP-A8)")
    face_up: list[Hook] = Field(default_factory=list, description="lasting text: while the "
                                "card is face up in the Storyline, each hook's steps resolve "
                                "at its moment (united/hooks.py)")
    start: Literal["deck", "hand", "bottom"] = Field("deck", description="where the card "
                                                     "starts: shuffled into the deck (MU-8), in "
                                                     "the opening hand, or at the deck's bottom")
    copies: int = Field(1, ge=1, le=12)
    # moves, the Storyline and the long tail (united/vocab/story.py)
    optional: bool = Field(False, description='"you may" for the whole effect: asked once, '
                           "then every step resolves (declined as a whole)")

    _name = field_validator("name")(card_name)

    @field_validator("effect")
    @classmethod
    def _hero_verbs(cls, v: Effects) -> Effects:
        for e in v:
            if e.verb not in HERO_VERBS:
                raise ValueError(f"verb {e.verb!r} is not a hero verb ({sorted(HERO_VERBS)})")
        return v

    @model_validator(mode="after")
    def _whole(self) -> HeroCard:
        if self.optional and not self.effect:
            raise ValueError("optional: a card without an 'effect' has nothing to decline")
        return self


HERO_DECK = (12, 15)  # MU-4: 12 cards; an owner's hero may have up to 3 more


class Companion(Strict):
    """A hero's companion: a figure on the board that is not a hero (never damaged, not
    counted as a hero by any effect); it starts with the hero or at a ring position 0 to 5."""

    name: str = Field(min_length=1)
    starts: Literal["with_hero", "off_board"] | Annotated[int, Field(ge=0, le=5)] = Field(
        "with_hero", description="with_hero, the ring position (0 to 5, clockwise) it starts at, "
        "or off_board: it enters play by an effect (`bring_companion`, united/vocab/parts.py)")


def _words(effects: list[Effect], where: str) -> list[tuple[str, str]]:
    """Every (place, word) of `effects` that names a companion or a clone (verb, where, per),
    into the branches of choose_one too."""
    out = []
    for i, e in enumerate(effects):
        for field, word in (("verb", e.verb), ("where", e.where), ("per", e.per)):
            if word in COMPANION_WORDS | CLONE_WORDS:
                out.append((f"{where}[{i}].{field}", word))
        for j, branch in enumerate(e.options or ()):
            out += _words(branch, f"{where}[{i}].options[{j}]")
    return out


def check_components(words: list[tuple[str, str]], companion: bool, clones: int, who: str) -> None:
    """A companion or clone word needs a hero who has one (raises naming the field)."""
    for place, word in words:
        if word in COMPANION_WORDS and not companion:
            raise ValueError(f"{place}: {word!r} needs a companion, and {who} has none "
                             "(give the hero a `companion`)")
        if word in CLONE_WORDS and not clones:
            raise ValueError(f"{place}: {word!r} needs clones, and {who} has none "
                             "(give the hero `clones: N`)")


# ----- a hero's own components and a Location's (united/vocab/parts.py) -------------------
class OwnTokens(Strict):
    """A pile of tokens of the hero's own (or of a team card's), spent by effects (`spend`)."""

    name: str = Field(min_length=1, description="the tokens' name, e.g. Crisis token")
    start: int = Field(0, ge=0, le=20, description="how many the pile holds at setup")
    most: int = Field(10, ge=1, le=20, description="the most it may hold")

    @model_validator(mode="after")
    def _fits(self) -> OwnTokens:
        if self.start > self.most:
            raise ValueError(f"start: {self.start} tokens but the pile holds at most {self.most}")
        return self


class OwnCard(Strict):
    """A card of a hero's own small deck: a name and an effect (hero verbs)."""

    name: str
    effect: Effects = Field(min_length=1)
    copies: int = Field(1, ge=1, le=6)

    _name = field_validator("name")(card_name)

    _hero_verbs = field_validator("effect")(hero_verbs_only)


class OwnDeck(Strict):
    """A hero's own small deck (shuffled at setup, its order hidden), drawn by its effects."""

    name: str = Field(min_length=1, description="the deck's name, e.g. Chaos deck")
    cards: list[OwnCard] = Field(min_length=1, max_length=12)

    _unique = field_validator("cards")(unique_names("cards"))


class Marker(Strict):
    """A marker a hero places in Locations (`place_marker`): at its moment (`goes_off`, a
    hook point, for `whose` moment) each one on the board goes off: every enemy in its
    Location takes `damage` (every Thug there is defeated), then it returns to the hero.
    A `free_move` marker gives a free Move to a hero whose Move starts or ends at it."""

    name: str = Field(min_length=1)
    count: int = Field(1, ge=1, le=6, description="how many the hero has")
    goes_off: HookPoint | None = Field(None, description="the moment it goes off by itself "
                                       "(none: only by `set_off_markers`)")
    whose: Literal["you", "another_hero", "any_hero"] = "you"
    damage: int = Field(1, ge=0, le=10, description="damage to each enemy in its Location")
    free_move: bool = Field(False, description="a hero whose Move action starts or ends in its "
                            "Location may Move once more, free (MU-18)")


def part_words(effects: list[Effect], where: str) -> list[tuple[str, Effect]]:
    """Every (place, step) of `effects`, into choose_one branches and reactions."""
    out = []
    for i, e in enumerate(effects):
        out.append((f"{where}[{i}]", e))
        for j, branch in enumerate(e.options or ()):
            out += part_words(branch, f"{where}[{i}].options[{j}]")
        out += part_words(e.steps or [], f"{where}[{i}].steps")
    return out


def check_part_word(place: str, e: Effect, tokens: bool, deck: bool, markers: set[str],
                    companion: Companion | None, who: str) -> None:
    """A step naming one of the hero's own components needs the hero to have it."""
    if not tokens and (e.verb == "gain_own_tokens" or e.spend or e.per == "own_tokens"):
        field = "verb" if e.verb == "gain_own_tokens" else "spend" if e.spend else "per"
        raise ValueError(f"{place}.{field}: needs the hero's own tokens, and {who} has none "
                         "(give the hero `tokens: {name: ...}`)")
    if not deck and e.verb == "draw_own_card":
        raise ValueError(f"{place}.verb: 'draw_own_card' needs a deck of the hero's own, and {who} "
                         "has none (give the hero `deck: {name: ..., cards: [...]}`)")
    if e.marker is not None and e.marker not in markers:
        raise ValueError(f"{place}.marker: {who} has no marker named {e.marker!r}"
                         + (f" (its markers: {sorted(markers)})" if markers else ""))
    if e.per == "markers_in_play" and not markers:
        raise ValueError(f"{place}.per: 'markers_in_play' needs markers, and {who} has none")
    if e.verb == "bring_companion" and companion is None:
        raise ValueError(f"{place}.verb: 'bring_companion' needs a companion, and {who} has none")


class Hero(Strict):
    """A hero: a 12-card deck (MU-4), or up to 15 for heroes printed with more."""

    id: str = Field(pattern=r"^[a-z0-9-]+$")
    name: str
    original: bool = True
    cards: list[HeroCard]
    companion: Companion | None = Field(None, description="a figure of the hero's on the board "
                                        "(docs/content.md, Companions, clones and team cards)")
    clones: int = Field(0, ge=0, le=8, description="clone figures kept off the board until placed")
    # counts group: team affiliations (per / if count team_cards_face_up, `keyword`)
    keywords: list[Annotated[str, Field(min_length=1)]] = Field(
        default_factory=list, description="the hero's teams and affiliations, e.g. X-Men")
    # a hero's own components (united/vocab/parts.py; docs/content.md, "Your hero's own components")
    tokens: OwnTokens | None = Field(None, description="the hero's own token pile, spent by effects")
    deck: OwnDeck | None = Field(None, description="the hero's own small deck, drawn by `draw_own_card`")
    markers: list[Marker] = Field(default_factory=list, description="markers the hero places, "
                                  "each going off at its moment")
    duplicate: bool = Field(False, description="the clones are the hero's duplicates: its Attack "
                            "and Rescue actions may be taken where one stands, and harm to the "
                            "heroes of a Location removes its clones there (united/vocab/parts.py)")

    _unique = field_validator("cards")(unique_names("cards"))

    @model_validator(mode="after")
    def _parts(self) -> Hero:
        """A word of the hero's own components needs the component (raises naming the field)."""
        marks = {m.name for m in self.markers}
        if self.duplicate and not self.clones:
            raise ValueError("duplicate: a duplicate acts through its clones: give the hero `clones: N`")
        if len(marks) != len(self.markers):
            raise ValueError("markers: two markers share a name")
        for i, c in enumerate(self.cards):
            steps = part_words(c.effect, f"cards[{i}].effect")
            for j, hk in enumerate(c.face_up):
                steps += part_words(hk.steps, f"cards[{i}].face_up[{j}].steps")
            for place, e in steps:
                check_part_word(place, e, self.tokens is not None, self.deck is not None, marks,
                                self.companion, f"hero {self.id!r}")
        if self.deck is not None:
            for i, c in enumerate(self.deck.cards):
                for place, e in part_words(c.effect, f"deck.cards[{i}].effect"):
                    if e.verb == "draw_own_card":
                        raise ValueError(f"{place}.verb: a card of your own deck does not draw from it")
                    check_part_word(place, e, self.tokens is not None, True, marks,
                                    self.companion, f"hero {self.id!r}")
        return self

    @model_validator(mode="after")
    def _components(self) -> Hero:
        words = [w for i, c in enumerate(self.cards) for w in _words(c.effect, f"cards[{i}].effect")]
        check_components(words, self.companion is not None, self.clones, f"hero {self.id!r}")
        return self

    @model_validator(mode="after")
    def _deck_size(self) -> Hero:
        n = sum(c.copies for c in self.cards)
        low, high = HERO_DECK
        if not low <= n <= high:
            raise ValueError(f"cards: hero {self.id!r} has {n} cards; a hero deck has {low} "
                             f"(MU-4) to {high}, counting cards that start in hand")
        return self


# Villain verbs a Location's End-of-Turn effect may use: it can harm ("here" is the
# Location) or add tokens, as well as help.
LOCATION_VILLAIN_VERBS: frozenset[str] = frozenset(
    {"damage_heroes_here", "add_tokens_here", "raise_track", "lower_track"})


class KindBonus(Strict):
    """A Location's kind-limited bonus (counts group): while it is in play and no Threat
    covers it, each Attack by a hero in it deals `amount` more damage to `enemy` enemies."""

    enemy: EnemyKind
    amount: int = Field(1, ge=1, le=5)


class Location(Strict):
    """MU-2: slots (usually 3 to 5; an owner's Location may have 2, or none), starting
    tokens, an End-of-Turn effect (helpful, harmful or adding tokens)."""

    id: str = Field(pattern=r"^[a-z0-9-]+$")
    name: str
    slots: int = Field(0, ge=0, le=5, description="token slots; 0 (or left out): none, so every "
                       "token added here overflows (MU-12)")
    start: str = Field("", pattern=r"^[CT]*$", description="tokens placed at setup, C or T")
    effect: Effects = Field(default_factory=list)
    unsupported: str | None = Field(None, min_length=1, description="the End-of-Turn effect "
                                    "says more than the vocabulary can: a note of what")
    mandatory: bool = False
    hooks: list[Hook] = Field(default_factory=list, description="lasting text while the "
                              "Location is in play and no Threat covers it (united/hooks.py)")
    hazardous: bool = Field(False, description="a hazardous Location: shown on the board; "
                            "its harm is written in `effect` (usually `mandatory`)")
    attack_bonus: KindBonus | None = Field(None, description="Attacks made here deal more damage "
                                           "to one kind of enemy (counts group)")
    original: bool = True
    box: str | None = Field(None, pattern=r"^[a-z0-9-]+$", description="the box (set) it comes "
                            "in: a game deals it only when its configuration plays that box "
                            "(`boxes`); none: always (MU-6)")
    dealt: bool = Field(True, description="drawn among the six at setup (MU-6); false: out of "
                        "play until an effect brings it in (`replace_location`, a Location's "
                        "other side; united/vocab/parts.py)")
    deck: OwnDeck | None = Field(None, description="the Location's own small deck, drawn by "
                                 "`draw_location_card` (united/vocab/parts.py)")

    @model_validator(mode="after")
    def _fits(self) -> Location:
        if len(self.start) > self.slots:
            raise ValueError(f"start: {len(self.start)} tokens but only {self.slots} slots")
        for i, e in enumerate(self.effect):
            if e.verb not in HERO_VERBS | LOCATION_VILLAIN_VERBS:
                raise ValueError(f"effect[{i}].verb: {e.verb!r} is not a verb of a Location "
                                 f"({sorted(HERO_VERBS | LOCATION_VILLAIN_VERBS)})")
            if e.until == "face_up":
                raise ValueError("until: a Location's effect is not a card in the Storyline: "
                                 "'face_up' is for Hero cards")
        for i, hk in enumerate(self.hooks):  # (united/vocab/lasting.py)
            if hk.flip_card:
                raise ValueError(f"hooks[{i}].flip_card: a Location is not a card to flip")
        self._deck()
        return self

    def _deck(self) -> None:
        """A Location's own deck (united/vocab/parts.py): `draw_location_card` in its effect
        needs one; its cards do not draw from it."""
        steps = part_words(self.effect, "effect")
        for j, hk in enumerate(self.hooks):
            steps += part_words(hk.steps, f"hooks[{j}].steps")
        for place, e in steps:
            if e.verb == "draw_location_card" and self.deck is None:
                raise ValueError(f"{place}.verb: 'draw_location_card' needs the Location's "
                                 "own `deck`, and it has none")
        for i, c in enumerate(self.deck.cards if self.deck else ()):
            for place, e in part_words(c.effect, f"deck.cards[{i}].effect"):
                if e.verb in ("draw_location_card", "draw_own_card"):
                    raise ValueError(f"{place}.verb: a card of a Location's deck does not draw a deck")


class Threat(Strict):
    """MU-19 / DFP-K1: a Threat card with a symbol cost and named mechanics."""

    id: str = Field(pattern=r"^[a-z0-9-]+$")
    name: str
    cost: list[Symbol] = Field(default_factory=list, max_length=8, description="symbols to "
                               "fill; a wild one is filled by any symbol")
    health: int | None = Field(None, ge=1, le=20, description="a Henchman Threat's Health (MU-19)")
    henchman: str | None = Field(None, description="the Henchman's name, for a Henchman Threat")
    tags: list[Literal["sentinel_production", "data_analyzer", "mutant_detection"]] = Field(
        default_factory=list
    )
    damage_bonus_here: int = Field(0, ge=0, le=5, description="extra damage to a hero here")
    bam: Effects = Field(default_factory=list, description="added to every BAM! (MU-11)")
    on_villain_arrives: Effects = Field(default_factory=list, description="MU-13 trigger")
    on_clear: Effects = Field(default_factory=list)
    original: bool = True

    @model_validator(mode="after")
    def _clearable(self) -> Threat:
        if not self.cost and self.health is None:
            raise ValueError("a Threat needs a symbol 'cost' or a Henchman 'health'")
        return self


MoveText = Literal["toward_most_cards", "to_most_civilians", "to_most_heroes"]
Toward = Literal["most_cards", "most_civilians", "most_thugs", "most_heroes"]
# the shorthand words of earlier packs, as written-out moves
MOVE_WORDS: dict[str, str] = {"toward_most_cards": "most_cards",
                              "to_most_civilians": "most_civilians",
                              "to_most_heroes": "most_heroes"}


class VillainMove(Strict):
    """MU-11: a Villain's move written out: `steps` round the ring (`direction`), or to
    the Location with the most of something (`toward`), or to a named Location (`to`)."""

    steps: int | None = Field(None, ge=-5, le=5, description="Locations to move; negative: "
                              "counterclockwise")
    direction: Literal["clockwise", "counterclockwise"] = "clockwise"
    toward: Toward | None = Field(None, description="most_cards: the next clockwise Location "
                                  "holding the hero with the most cards in hand; the others: the "
                                  "Location with the most Civilians/Thugs/heroes")
    to: str | None = Field(None, pattern=r"^[a-z0-9-]+$", description="a Location id: the "
                           "Villain moves there when it is in play, else stays")

    @model_validator(mode="after")
    def _one(self) -> VillainMove:
        given = [k for k in ("steps", "toward", "to") if getattr(self, k) is not None]
        if len(given) != 1:
            raise ValueError("a move names exactly one of 'steps', 'toward' or 'to'"
                             + (f" (got {', '.join(given)})" if given else ""))
        if self.direction != "clockwise" and self.steps is None:
            raise ValueError("'direction' goes with 'steps'")
        return self

    def clockwise_steps(self) -> int:
        """The steps as a clockwise count (negative: counterclockwise)."""
        n = self.steps or 0
        return -n if self.direction == "counterclockwise" else n


def plain_move(v: object) -> object:
    """A bare number is the printed clockwise count, 0 to 5: a counterclockwise move is
    written out (`{steps: 1, direction: counterclockwise}`), never as a negative code."""
    if isinstance(v, int) and not isinstance(v, bool) and not 0 <= v <= 5:
        raise ValueError(f"a bare move is a clockwise count 0 to 5 (got {v}); write "
                         f"{{steps: {abs(v)}, direction: counterclockwise}} to move the other way"
                         if v < 0 else f"a bare move is a clockwise count 0 to 5 (got {v})")
    return v


def _move_kind(v: object) -> str | None:
    """Which form a move is written in: only that form is checked, so an error names
    what is wrong with it rather than with every form."""
    if isinstance(v, int | VillainMove) and not isinstance(v, bool):
        return "int" if isinstance(v, int) else "dict[VillainMove]"
    return {str: "str", dict: "dict[VillainMove]"}.get(type(v))


MoveField = Annotated[
    Annotated[int, Tag("int")] | Annotated[MoveText, Tag("str")]
    | Annotated[VillainMove, Tag("dict[VillainMove]")],
    Discriminator(_move_kind, custom_error_type="move", custom_error_message=(
        "a move is a clockwise count 0 to 5, a word (toward_most_cards, to_most_civilians, "
        "to_most_heroes) or written out: {steps: N, direction: …}, {toward: …} or {to: ID}")),
]


class MasterPlanCard(Strict):
    """MU-10/MU-11: move, BAM!, effect, tokens (left, here, right)."""

    name: str
    move: MoveField = 0
    bam: bool = False
    effect: Effects = Field(default_factory=list)
    tokens: Annotated[list[str], Field(min_length=3, max_length=3)] = ["", "", ""]
    copies: int = Field(1, ge=1, le=12)

    _name = field_validator("name")(card_name)
    _move = field_validator("move", mode="before")(plain_move)

    @field_validator("tokens")
    @classmethod
    def _letters(cls, v: list[str]) -> list[str]:
        for t in v:
            if any(not "A" <= ch <= "Z" for ch in t):
                raise ValueError(f"token group {t!r} may hold only the letters C and T (and the "
                                 "Villain's extra_token letter)")
        return v


def token_letters(cards: list[MasterPlanCard], extra: str) -> None:
    """Every letter of the Master Plan's token groups is C, T or the `extra` letter."""
    for i, c in enumerate(cards):
        for t in c.tokens:
            odd = sorted(set(t) - {"C", "T", *extra})
            if odd:
                raise ValueError(f"master_plan[{i}].tokens: {t!r} holds {odd[0]!r}: token groups "
                                 "hold C and T" + (f" and {extra}" if extra else
                                                   " (a Villain may declare an extra_token)"))


class ExtraToken(Strict):
    """An owner's third token kind (a Villain's; the rules do not state one): placed by the
    Master Plan's token letters like C and T, taking a slot like them (MU-12)."""

    name: str = Field(min_length=1, description="the kind's name, e.g. Bomb")
    letter: str = Field(pattern=r"^[A-Z]$", description="its letter in token groups, not C or T")

    @field_validator("letter")
    @classmethod
    def _not_ct(cls, v: str) -> str:
        if v in ("C", "T"):
            raise ValueError("C and T are Civilians and Thugs; pick another letter")
        return v


class HealthByHeroes(Strict):
    two: int = Field(ge=1, le=40)
    three: int = Field(ge=1, le=40)
    four: int = Field(ge=1, le=40)

    def for_heroes(self, n: int) -> int:
        return self.two if n <= 2 else self.three if n == 3 else self.four


class Sentinel(Strict):
    """DFP-S2 / DFP-C2: a Sentinel with its Health pile and its Challenge card."""

    id: Literal["I", "II", "III"]
    name: str
    challenge_health: int = Field(6, ge=1, le=40)
    challenge_task: Literal["gain_health", "flip_facedown", "grab"]
    challenge_text: str = ""


class Bands(Strict):
    yellow: int = Field(5, ge=1)
    red: int = Field(10, ge=1)


class ProtocolSymbols(Strict):
    """Which hero symbol stands for each Activation Protocol icon (DFP-A3)."""

    move: Symbol = "move"
    add: Symbol = "heroic"
    damage: Symbol = "attack"
    production: Symbol = "wild"


class Dashboard(Strict):
    """DFP-S2 / DFP-D1..D3: the Days of Future Past dashboard."""

    name: str = "Days of Future Past"
    nimrod_health: HealthByHeroes
    sentinel_health: HealthByHeroes
    track_max: int = Field(15, ge=1, le=40)
    track_start: int = Field(0, ge=0)
    bands: Bands = Bands()
    bam_damage: int = Field(1, ge=0)
    band_bonus_yellow: int = 1
    band_bonus_red: int = 2
    ko_track: int = Field(1, ge=0, description="blue part: track raise per KO")
    ko_track_per_data_analyzer: int = 1
    overflow_track: int = Field(1, ge=0, description="gray part: track raise per Overflow")
    nimrod_retreat_at: int = Field(4, ge=0, description="pink part: move opposite at this Health")
    blue_text: str = ""
    gray_text: str = ""
    pink_text: str = ""
    original: bool = True


class ProtocolCard(Strict):
    """A Sentinel Activation Protocol reference card (DFP-S2)."""

    name: str
    text: str
    original: bool = True


class DaysOfFuturePast(Strict):
    """DFP-K1: every component of the mode as data."""

    dashboard: Dashboard
    sentinels: list[Sentinel] = Field(min_length=3, max_length=3)
    master_plan: list[MasterPlanCard]
    threats: list[Threat] = Field(min_length=6, max_length=6)
    protocol: ProtocolSymbols = ProtocolSymbols()
    protocol_cards: list[ProtocolCard] = Field(default_factory=list)

    _unique = field_validator("master_plan")(unique_names("master_plan"))

    @model_validator(mode="after")
    def _deck(self) -> DaysOfFuturePast:
        n = sum(c.copies for c in self.master_plan)
        if n != 12:
            raise ValueError(f"Nimrod's Master Plan deck has {n} cards; it has exactly 12")
        token_letters(self.master_plan, "")
        return self


class Plot(Strict):
    """MU-3: the Villainous Plot, a track with a losing threshold."""

    name: str
    start: int = Field(0, ge=0)
    lose_at: int = Field(ge=1, le=40)


VILLAIN_DECK = (6, 24)  # MU-3: 12 Master Plan cards; an owner's Villain may have others
VILLAIN_THREATS = (1, 12)  # MU-3: 6 Threats; with fewer some Locations start without one


class Villain(Strict):
    """MU-3: a standard Villain: dashboard, 12 Master Plan cards and 6 Threats (an owner's
    Villain may have another number of each)."""

    id: str = Field(pattern=r"^[a-z0-9-]+$")
    name: str
    original: bool = True
    health: HealthByHeroes
    bam: Effects = Field(description="the dashboard's BAM! effect (villain verbs)")
    overflow: Effects = Field(description="the dashboard's Overflow effect (villain verbs)")
    plot: Plot
    special_rules: str = ""
    master_plan: list[MasterPlanCard]
    threats: list[Threat] = Field(min_length=VILLAIN_THREATS[0], max_length=VILLAIN_THREATS[1])
    extra_token: ExtraToken | None = Field(None, description="a third token kind its Master Plan "
                                           "places (letter in `tokens`), taking slots like C and T")

    _unique = field_validator("master_plan")(unique_names("master_plan"))

    @model_validator(mode="after")
    def _parts(self) -> Villain:
        n = sum(c.copies for c in self.master_plan)
        low, high = VILLAIN_DECK
        if not low <= n <= high:
            raise ValueError(f"master_plan: Villain {self.id!r} has {n} Master Plan cards; a "
                             f"Master Plan deck has {low} to {high} (MU-3: usually 12)")
        for e in [*self.bam, *self.overflow]:
            if e.verb not in VILLAIN_VERBS:
                raise ValueError(f"dashboard verb {e.verb!r} is not a villain verb")
        token_letters(self.master_plan, self.extra_token.letter if self.extra_token else "")
        return self


class Mission(Strict):
    """MU-9: a standard-game Mission card with its threshold."""

    id: Literal["rescue-civilians", "defeat-thugs", "clear-threats"]
    name: str
    threshold: int = Field(ge=1, le=30)


class Difficulty(Strict):
    """The difficulty Challenges: which Wild cards leave each hero deck at setup."""

    id: Literal["moderate", "hard", "heroic"]
    name: str
    remove_single_wild: bool
    remove_double_wild: bool


def _error(loc: tuple, message: str) -> None:
    """Raise a validation error at `loc` inside the pack, so that the error names the file
    the entry came from (a check across parts of the pack, made at its top level)."""
    raise ValidationError.from_exception_data("UnitedContent", [InitErrorDetails(
        type=PydanticCustomError("pack", message), loc=loc, input={})])


class TeamCard(Strict):
    """A team card: once per round, a hero of its team may resolve its effect as part of
    their turn, a free choice among their actions (docs/content.md)."""

    name: str
    heroes: list[str] = Field(min_length=1, description="the ids of the heroes of its team")
    effect: Effects = Field(min_length=1)
    original: bool = True
    tokens: OwnTokens | None = Field(None, description="a token pile its heroes share "
                                     "(`add_team_tokens`, `spend_team`; united/vocab/parts.py)")

    _name = field_validator("name")(card_name)

    _hero_verbs = field_validator("effect")(hero_verbs_only)


class UnitedContent(Strict):
    """A Marvel United content pack."""

    pack: str
    label: str = ""
    original: bool = True
    locations: list[Location] = Field(min_length=6)
    heroes: list[Hero] = Field(min_length=1)
    dofp: DaysOfFuturePast | None = None
    villains: list[Villain] = Field(default_factory=list)
    missions: list[Mission] = Field(default_factory=list)
    difficulties: list[Difficulty] = Field(default_factory=list)
    team_cards: list[TeamCard] = Field(default_factory=list, description="cards a team of "
                                       "heroes shares, each usable once per round")

    @model_validator(mode="after")
    def _teams(self) -> UnitedContent:
        """A team card names heroes of the pack, and only words its whole team can use."""
        heroes = {h.id: h for h in self.heroes}
        seen: set[str] = set()
        for i, card in enumerate(self.team_cards):
            if card.name in seen:
                _error(("team_cards", i, "name"), f"two team cards are named {card.name!r}")
            seen.add(card.name)
            for j, hid in enumerate(card.heroes):
                if hid not in heroes:
                    _error(("team_cards", i, "heroes", j),
                           f"unknown hero id {hid!r}; the pack's heroes: {sorted(heroes)}")
            words = _words(card.effect, "effect")
            for hid in card.heroes:
                h = heroes[hid]
                try:
                    check_components(words, h.companion is not None, h.clones, f"hero {hid!r}")
                except ValueError as exc:
                    _error(("team_cards", i), str(exc))
        return self

    @model_validator(mode="after")
    def _conditions(self) -> UnitedContent:
        """An `if:` names a hero and a Hero card of the pack (counts group), in every step:
        heroes' cards (and their lasting text), Locations and team cards."""
        heroes = {h.id for h in self.heroes}
        cards = {c.name for h in self.heroes for c in h.cards}
        places: list[tuple[tuple, list[Effect]]] = []
        for i, h in enumerate(self.heroes):
            for j, c in enumerate(h.cards):
                places.append((("heroes", i, "cards", j, "effect"), c.effect))
                places += [(("heroes", i, "cards", j, "face_up", k, "steps"), hk.steps)
                           for k, hk in enumerate(c.face_up)]
        for i, loc in enumerate(self.locations):
            places.append((("locations", i, "effect"), loc.effect))
            places += [(("locations", i, "hooks", k, "steps"), hk.steps) for k, hk in enumerate(loc.hooks)]
        places += [(("team_cards", i, "effect"), c.effect) for i, c in enumerate(self.team_cards)]
        while places:
            where, steps = places.pop()
            for k, e in enumerate(steps):
                places += [((*where, k, "options", b), br) for b, br in enumerate(e.options or ())]
                c = e.if_
                if c is None:
                    continue
                for field, known, what, whats in (("hero_here", heroes, "hero", "heroes"),
                                                  ("hero_in_game", heroes, "hero", "heroes"),
                                                  ("card_face_up", cards, "Hero card", "Hero cards")):
                    name = getattr(c, field)
                    if name is not None and name not in known:
                        _error((*where, k, "if", field), f"unknown {what} {name!r}; the pack's "
                               f"{whats}: {sorted(known)}")
        return self

    @model_validator(mode="after")
    def _dealt(self) -> UnitedContent:
        """MU-6: six Locations are drawn at setup, so six or more are `dealt`."""
        n = sum(1 for x in self.locations if x.dealt and x.box is None)
        if n < 6:
            raise ValueError(f"locations: {n} are dealt at setup; six or more are (MU-6), the "
                             "others (`dealt: false`) come into play by `replace_location` "
                             "(a Location of a `box` only in a game that plays its box)")
        return self

    @model_validator(mode="after")
    def _parts(self) -> UnitedContent:
        """A team-token word needs a team card with tokens for that hero; a Location named by
        `replace_location` is one of the pack's (united/vocab/parts.py)."""
        ids = {x.id for x in self.locations}
        pooled = {hid for c in self.team_cards if c.tokens for hid in c.heroes}
        places: list[tuple[tuple, list[Effect], str | None]] = []
        for i, h in enumerate(self.heroes):
            for j, c in enumerate(h.cards):
                places.append((("heroes", i, "cards", j, "effect"), c.effect, h.id))
            for j, c in enumerate(h.deck.cards if h.deck else ()):
                places.append((("heroes", i, "deck", "cards", j, "effect"), c.effect, h.id))
        for i, c in enumerate(self.team_cards):
            places.append((("team_cards", i, "effect"), c.effect, None))
        for i, loc in enumerate(self.locations):
            places.append((("locations", i, "effect"), loc.effect, None))
        for where, effects, hid in places:
            for place, e in part_words(effects, "effect"):
                if e.location is not None and e.location not in ids:
                    _error(where, f"{place}.location: unknown Location {e.location!r}; the pack's "
                           f"Locations: {sorted(ids)}")
                team = e.verb == "add_team_tokens" or e.spend_team or e.per == "team_tokens"
                if team and hid is not None and hid not in pooled:
                    _error(where, f"{place}: hero {hid!r} is on no team card with `tokens`: the step "
                           "needs a team card's token pile")
        for i, c in enumerate(self.team_cards):
            for place, e in part_words(c.effect, "effect"):
                team = e.verb == "add_team_tokens" or e.spend_team or e.per == "team_tokens"
                if team and c.tokens is None:
                    _error(("team_cards", i, "tokens"), f"{place} uses team tokens: give the card `tokens`")
        return self

    @model_validator(mode="after")
    def _unique(self) -> UnitedContent:
        for what, ids in (
            ("location", [x.id for x in self.locations]),
            ("hero", [x.id for x in self.heroes]),
        ):
            dup = {i for i in ids if ids.count(i) > 1}
            if dup:
                raise ValueError(f"duplicate {what} id(s): {sorted(dup)}")
        return self

    @model_validator(mode="after")
    def _moves_to_locations(self) -> UnitedContent:
        """A move `to` a Location names one of the pack's Locations."""
        ids = {x.id for x in self.locations}
        decks = [(("villains", i, "master_plan"), v.master_plan) for i, v in enumerate(self.villains)]
        if self.dofp is not None:
            decks.append((("dofp", "master_plan"), self.dofp.master_plan))
        for where, deck in decks:
            for j, card in enumerate(deck):
                to = card.move.to if isinstance(card.move, VillainMove) else None
                if to is not None and to not in ids:  # (named in the file it came from)
                    _error((*where, j, "move", "to"), f"unknown Location {to!r}; the "
                           f"pack's Locations: {sorted(ids)}")
        return self


def with_cards(content: UnitedContent, cards: dict[str, list[HeroCard]]) -> UnitedContent:
    """`content` with extra Hero cards (a position's `cards`, by hero id) after each hero's
    own cards, as if the pack listed them; raises `ContentError`, one problem per line
    (`cards.HERO[i].name: …`), for an unknown hero or a name the hero's deck already has."""
    if not cards:
        return content
    heroes = {h.id: h for h in content.heroes}
    problems = []
    for hid, extra in cards.items():
        if hid not in heroes:
            problems.append(f"cards.{hid}: unknown hero id {hid!r}; this content has: {sorted(heroes)}")
            continue
        have = {c.name: f"its card {c.name!r}" for c in heroes[hid].cards}
        for i, card in enumerate(extra):
            if card.name in have:
                problems.append(f"cards.{hid}[{i}].name: {card.name!r} names two different cards: "
                                f"this one and {have[card.name]}; positions refer to cards by name")
            have.setdefault(card.name, f"cards.{hid}[{i}]")
    if problems:
        raise ContentError(problems)
    new = [h.model_copy(update={"cards": [*h.cards, *cards[h.id]]}) if h.id in cards else h
           for h in content.heroes]
    return content.model_copy(update={"heroes": new})
