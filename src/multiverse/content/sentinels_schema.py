"""The Sentinels of the Multiverse content schema: characters, decks and an effect vocabulary.

Effects are lists of steps `{verb: ..., ...}`; targets are picked by selectors; cards react
through triggers and change damage through modifiers. A content file never runs code.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, field_validator, model_validator

from multiverse.content.schema import card_name, unique_names

DamageType = Literal[
    "cold", "energy", "fire", "infernal", "lightning", "melee", "projectile", "psychic",
    "radiant", "sonic", "toxic",
]  # SOTM-13

# Which targets a selector looks at ("hero" = hero targets: hero character cards and hero
# cards with HP; "villain"/"environment" likewise; "this" = the card with the effect;
# "this_hero" = the hero character of the card's owner; "source" = the damage source of a
# trigger; "villain_character" = the villain character card).
Group = Literal[
    "this", "this_hero", "villain_character", "source", "hero", "villain", "environment",
    "non_hero", "non_villain", "any", "hero_character", "other_hero", "remembered",
]  # "remembered": the cards an earlier step of the same effect remembered (`memory`)
CardKind = Literal["one-shot", "ongoing", "equipment", "device", "target", "character"]
Deck = Literal["this", "villain", "environment", "each_hero", "oblivaeon", "scion", "aeon_men",
               "mission"]
# Which battle zone a selector, a step or a condition reads (OBL-B1): the zone of the card
# whose text it is ("this", the default), the other zone, both ("any"), a named zone, or
# OblivAeon's zone. In a one-zone game every value reads that zone.
ZoneRef = Literal["this", "other", "any", "first", "second", "oblivaeon", "fewer_scions"]


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


# What an amount (`amount_from`) or a `count_at_least/at_most` condition counts, read when it
# resolves: tokens on this card; heroes or Scions in its battle zone; a named counter;
# cards under this card; the cards in a trash, in this hero's hand, in a play area (of a
# `kind`, with a `keyword`: "your ongoings"); the cards destroyed / discarded this turn;
# this hero's tokens flipped this turn, or showing `side`.
CountFrom = Literal[
    "tokens_on_this", "heroes_here", "scions_here", "counter", "cards_under_this",
    "cards_in_trash", "cards_in_hand", "cards_in_play", "destroyed_this_turn",
    "discarded_this_turn", "tokens_flipped_this_turn", "hero_tokens_showing",
]
# a step's amount may also read what an earlier step of its effect remembered, and the
# compiler's "printed" (a number another card's modifier may change)
StepCount = Literal[
    "tokens_on_this", "heroes_here", "scions_here", "counter", "cards_under_this",
    "cards_in_trash", "cards_in_hand", "cards_in_play", "destroyed_this_turn",
    "discarded_this_turn", "tokens_flipped_this_turn", "hero_tokens_showing",
    "damage_dealt_this_way", "remembered", "printed",
]
# Whose pile a count or a move reads: "this" (this hero; for a villain or environment card,
# its own deck's), the villain's, the environment's; "owner" (where a card goes): each
# moved card's own owner.
PileOf = Literal["this", "villain", "environment", "owner"]


class Pile(Strict):
    """A place cards are moved from or to (`move_cards`): a trash, a hand, the top (or
    bottom) of a deck, under this card, into play (put into play: its play text does not
    resolve; `played`: it is played, and its play text resolves, SOTM-8), removed."""

    pile: Literal["trash", "hand", "deck", "deck_bottom", "under", "play", "played", "removed"]
    of: PileOf | None = Field(None, description=(
        "whose pile: from: default this hero's (this card's owner's); to: default each "
        "card's own owner's (a hand is always its owner's)"))


class Select(Strict):
    """A selector: which targets (or cards in play) an effect acts on (SOTM-16)."""

    group: Group = "this"
    pick: Literal["one", "each", "highest_hp", "lowest_hp", "up_to"] = "one"
    count: int = Field(1, ge=1, le=20)
    keyword: str | None = Field(None, description="only cards with this keyword")
    kind: CardKind | None = Field(None, description="only cards of this kind")
    targets_only: bool = Field(True, description="False: any card in play (for destroy)")
    exclude_this: bool = False
    zone: ZoneRef = Field("this", description="OBL-B1: the battle zone it looks in")
    hp_at_most: int | None = Field(None, ge=0, le=200, description="only targets with this HP or less")
    characters: bool = Field(True, description="False: never a character card (hero, villain, Scion)")
    memory: str | None = Field(None, min_length=1, max_length=40, description=(
        "group `remembered`: the name an earlier step of the same effect remembered its "
        "cards under (\"that target\", \"the card revealed this way\")"))

    other_than: Group | None = Field(None, description=(
        "never a card of this group (\"each target other than the source\" / \"other than "
        "the villain character\")"))


    @model_validator(mode="after")
    def _memory(self) -> Select:
        if (self.group == "remembered") != (self.memory is not None):
            raise ValueError("group 'remembered' and 'memory' go together: `{group: "
                             "remembered, memory: NAME}` names what an earlier step remembered")
        return self

    @model_validator(mode="after")
    def _other_than(self) -> Select:
        if self.other_than is not None and (self.other_than == self.group
                                            or self.group in _ONE_CARD):
            raise ValueError(f"other_than: {self.other_than!r} leaves nothing to choose from "
                             f"group {self.group!r} (it names one card or the whole group)")
        return self


_ONE_CARD = frozenset({"this", "this_hero", "villain_character", "source"})


class Condition(Strict):
    """A condition read when a step resolves."""

    test: Literal[
        "this_hero_hp_at_least", "this_hp_at_least", "tokens_on_this_at_least",
        "hero_tokens_showing_at_least", "cards_in_hand_at_least", "villain_flipped",
        "cards_in_play_with_keyword_at_least", "trash_has_at_least", "this_face_is",
        "counter_at_least", "counter_at_most", "cards_under_this_at_least", "reserve_has_at_least",
        "form_is", "scions_here_at_least", "heroes_here_at_least", "more_scions_than_heroes_here",
        "usurped", "this_hp_at_most", "scions_here_at_most", "heroes_here_at_most",
        "incapacitated_hero_here", "destroyed_this_way", "done_this_way", "count_at_least",
        "count_at_most", "damage_taken_this_turn_at_least",
    ]
    amount: int = 1
    h_offset: int | None = Field(None, ge=-5, le=10, description=(
        "SOTM-3: the amount is H plus this (\"H or more\": 0, \"H-1\": -1)"))
    count: CountFrom | None = Field(None, description="count_at_least/at_most: what is counted")
    pile_of: PileOf = Field("this", description=(
        "trash_has_at_least, and a count of cards_in_trash / cards_in_play: whose pile"))
    kind: CardKind | None = Field(None, description="a count of cards_in_play: only this kind")
    side: str | None = Field(None, description="token side name for hero tokens")
    keyword: str | None = None
    face: int | None = Field(None, ge=0, le=9, description="this_face_is: the face's index")
    counter: str | None = Field(None, description="counter_at_least/at_most: a counter's name")
    zone: ZoneRef = Field("this", description="the battle zone a `…_here` test reads")
    memory: str | None = Field(None, min_length=1, max_length=40, description=(
        "destroyed_this_way / done_this_way: the name an earlier step remembered its result "
        "under (\"if a target is destroyed this way\", \"if you do\")"))

    of: Select | None = Field(None, description=(
        "damage_taken_this_turn_at_least: the cards it reads (true if one of them has been "
        "dealt `amount` or more damage this turn; default: this card)"))


    @model_validator(mode="after")
    def _memory(self) -> Condition:
        if self.test.endswith("_this_way") and self.memory is None:
            raise ValueError(f"condition {self.test!r} needs 'memory': the name an earlier "
                             "step remembered its result under")
        if self.memory is not None and not self.test.endswith("_this_way"):
            raise ValueError(f"'memory' is read by the `…_this_way` tests, not {self.test!r}")
        return self

    @model_validator(mode="after")
    def _count(self) -> Condition:
        counting = self.test in ("count_at_least", "count_at_most")
        if counting and self.count is None:
            raise ValueError(f"test {self.test!r} needs 'count' (what is counted)")
        if self.count is not None and not counting:
            raise ValueError(f"'count' is read only by the tests count_at_least and "
                             f"count_at_most, not {self.test!r}")
        _count_needs(self.count, self.counter, self.side, "the condition")
        if self.pile_of == "owner":
            raise ValueError("pile_of: 'owner' names where a moved card goes; a count reads "
                             "'this', 'villain' or 'environment'")
        return self

    @model_validator(mode="after")
    def _of(self) -> Condition:
        if self.of is not None and self.test != "damage_taken_this_turn_at_least":
            raise ValueError(f"of: only the test 'damage_taken_this_turn_at_least' reads it, "
                             f"not {self.test!r}")
        return self


def _count_needs(what: str | None, counter: str | None, side: str | None, where: str) -> None:
    """A count that reads a named counter or a token side needs it named."""
    if what == "counter" and counter is None:
        raise ValueError(f"{where} counts a counter: it needs 'counter' (the counter's name)")
    if what == "hero_tokens_showing" and side is None:
        raise ValueError(f"{where} counts hero tokens showing a side: it needs 'side'")


Verb = Literal[
    "damage",  # `source` deals `amount` `type` damage to each selected target
    "heal",  # selected targets regain `amount` HP (never above max, SOTM-9)
    "lose_hp",  # selected targets lose `amount` HP (not damage: no modifiers, no triggers)
    "drain",  # deal damage to the selected targets; this hero regains HP equal to damage dealt
    "draw",  # this hero's player draws `amount`
    "discard",  # this hero's player discards `amount` cards of their choice
    "destroy",  # destroy selected cards in play (SOTM-11)
    "play_card",  # this hero's player may play a card now
    "use_power",  # this hero's player may use a power now
    "play_top",  # play the top card of `deck`
    "reveal_top",  # reveal the top `amount` cards of `deck`; `then` decides where they go
    "search",  # search `deck` (and trash) for a card with `keyword`, put it into `to`
    "shuffle_trash_into_deck",  # shuffle `deck`'s trash into it
    "arrange_top",  # look at the top `amount` cards of `deck`; put them back in any order
    "move_to_bottom",  # put the top card of `deck` on the bottom
    "add_tokens",  # put `amount` tokens on this card, or on the named `counter`
    "remove_tokens",  # remove `amount` tokens from this card, or from the named `counter`
    "remove_from_game",  # remove each selected card from the game (never a character card)
    "put_under_this",  # put each selected card in play under this card
    "play_from_reserve",  # put the bottom `amount` cards of the reserve into play (OBL-C5)
    "flip_hero_tokens",  # flip `amount` of this hero's tokens from side `side` to `to_side`
    "seed_environment",  # this card goes into the environment deck, which is shuffled
    "modify",  # a continuous modifier with a duration
    "may",  # one player may do `do`; if they do, `then` follows
    "if",  # `cond` true: `do`, else `otherwise`
    "each_player_may_draw",  # each hero's player may draw a card
    "one_hero",  # the players choose one active hero; `do` resolves as that hero
    "destroy_this",  # destroy the card with this effect
    "flip",  # flip each selected card to its next face (or to `face`)
    "flip_villain",  # flip the villain character card to its next face, if it has one
    "heroes_lose",  # the heroes lose the game (SOTM-18: "when a card says so")
    "shuffle_deck",  # shuffle `deck`
    "move_to_zone",  # move each selected card (a hero character: the hero) to `zone` (OBL-C17)
    "move_oblivaeon",  # move OblivAeon (and his Shield) to `zone`
    "play_scion",  # the bottom Scion of the Reserve enters play in `zone` (OBL-C5)
    "game_over",  # an environment's Game Over (OBL-E1: in OblivAeon, the environment is destroyed)
    "erase_hero",  # the selected hero is incapacitated and can never be played again (OBL-C20)
    "remove_environment",  # the environment of `zone` is removed from the game (OBL-E2)
    "revive_hero",  # an incapacitated hero of this zone returns (OBL-C22 in OblivAeon)
    "revive_team",  # every character card of this hero's team stands again at `amount` HP
    "choose_one",  # the player chooses one of `options` (by its label); its steps resolve
    "incapacitate",  # each selected hero is incapacitated now (SOTM-17), whatever its HP
    "forget",  # (compiled, never written: where an effect's remembered results end)
    "move_cards",  # move `amount` cards `from_pile` → `to_pile` (`take`: who picks which)
    "skip_phase",  # this hero skips the `phase` (play, power or draw) of their turn still to come
    "flip_hero_tokens_chosen",  # flip `amount` of this hero's tokens, each to the side they choose
]

# steps whose result can be remembered (`remember`): the selecting verbs (the cards acted
# on; damage: the amount dealt; destroy: what was destroyed), the cards discarded, played
# from the top of a deck or revealed
REMEMBERING = frozenset({"damage", "heal", "lose_hp", "drain", "destroy", "flip",
                         "remove_from_game", "put_under_this", "move_to_zone", "erase_hero",
                         "incapacitate", "discard", "play_top", "reveal_top"})
PLAYING = frozenset({"search", "reveal_top"})  # steps that may put a card into play


class Modifier(Strict):
    """A continuous modifier (SOTM-14): increase, reduce, immunity, redirect, type change."""

    kind: Literal["increase_dealt", "reduce_dealt", "increase_taken", "reduce_taken",
                  "immune", "redirect_to_this", "change_type", "cannot_play_cards",
                  "cannot_use_powers", "cannot_regain_hp", "cannot_be_moved",
                  "increase_printed", "reduce_printed"]
    amount: int = Field(1, ge=0, le=20)
    applies_to: Group = Field("this", description="whose damage (dealt) or which targets (taken)")
    damage_type: DamageType | None = Field(None, description="only damage of this type / new type")
    only_if: Condition | None = Field(None, description="in force only while this holds")
    keyword: str | None = Field(None, description="only for sources (dealt) or targets (taken) "
                                "with this keyword")
    printed_verb: Verb | None = Field(None, description=(
        "increase_printed / reduce_printed: the steps whose printed number changes (damage, "
        "draw, heal, …) on the text of the cards `applies_to` selects, while in force"))

    amount_from: CountFrom | None = Field(None, description=(
        "the amount is this count (times `amount`), read when the damage is dealt"))
    counter: str | None = Field(None, description="amount_from counter: the counter's name")
    pile_of: PileOf = Field("this", description="amount_from cards_in_trash / cards_in_play: whose")
    count_kind: CardKind | None = Field(None, description=(
        "amount_from cards_in_play: only cards of this kind (\"your equipment\")"))
    h_offset: int | None = Field(None, ge=-5, le=10, description=(
        "SOTM-3: the amount is H plus this (fixed for the game)"))
    by: Group | None = Field(None, description=(
        "only damage dealt by a card of this group (\"damage dealt by environment cards\"): "
        "for increases, reductions and immunity"))


    @model_validator(mode="after")
    def _printed(self) -> Modifier:
        printed = self.kind in ("increase_printed", "reduce_printed")
        if printed and self.printed_verb is None:
            raise ValueError(f"modifier {self.kind!r} needs 'printed_verb': which steps' "
                             "number it changes (damage, draw, heal, …)")
        if not printed and self.printed_verb is not None:
            raise ValueError("'printed_verb' belongs to the increase_printed / reduce_printed "
                             f"modifiers, not {self.kind!r}")
        if printed and self.printed_verb in ("may", "if", "choose_one", "forget", "modify"):
            raise ValueError(f"printed_verb {self.printed_verb!r} prints no number")
        if self.applies_to == "remembered":
            raise ValueError("applies_to 'remembered': a modifier is in force apart from any "
                             "effect; name a group")
        return self

    @model_validator(mode="after")
    def _amount(self) -> Modifier:
        if self.amount_from is not None and self.h_offset is not None:
            raise ValueError("a modifier's amount is either `amount_from` or `h_offset`, not both")
        if self.amount_from == "hero_tokens_showing":
            raise ValueError("amount_from 'hero_tokens_showing' needs a side, which a modifier "
                             "has not: use `if` with count_at_least, or a step's amount")
        _count_needs(self.amount_from, self.counter, None, "the modifier")
        if self.pile_of == "owner":
            raise ValueError("pile_of: 'owner' names where a moved card goes; a count reads "
                             "'this', 'villain' or 'environment'")
        return self

    @model_validator(mode="after")
    def _by(self) -> Modifier:
        if self.by is not None and not self.kind.startswith(("increase_", "reduce_", "immune")):
            raise ValueError(f"by: a {self.kind!r} modifier does not read the damage's source "
                             "(only increases, reductions and immunity)")
        return self


class Branch(Strict):
    """One option of `choose_one`: its label (what the player picks) and its steps."""

    label: str = Field(min_length=1, max_length=80)
    steps: list[Step] = Field(min_length=1)


class Step(Strict):
    """One step of an effect."""

    verb: Verb
    amount: int = Field(1, ge=0, le=40)
    h_offset: int | None = Field(None, ge=-5, le=10,
                                 description="SOTM-3: the amount is H plus this (H, H-1, H+2 …)")
    type: DamageType = "melee"
    irreducible: bool = False
    source: Literal["this", "this_hero", "villain_character", "target"] = "this"
    target: Select = Select()
    deck: Deck = "this"
    keyword: str | None = None
    to: Literal["hand", "play", "trash", "deck_bottom", "under", "removed"] = "hand"
    then: list[Step] = Field(default_factory=list)
    do: list[Step] = Field(default_factory=list)
    otherwise: list[Step] = Field(default_factory=list)
    cond: Condition | None = None
    modifier: Modifier | None = None
    duration: Literal["this_turn", "until_your_next_turn", "while_in_play"] = "this_turn"
    side: str | None = None
    to_side: str | None = None
    face: int | None = Field(None, ge=0, le=9,
                             description="flip: the face to show (0: the front); none: the next")
    counter: str | None = Field(None, description="add_tokens/remove_tokens: a named counter")
    zone: ZoneRef = Field("this", description="move_to_zone, move_oblivaeon, play_scion: where")
    amount_from: StepCount | None = Field(
        None, description="the amount is this count (times `amount`) when the step resolves "
        "(`…_this_way`, `remembered`: read from the `memory` an earlier step remembered)")
    pile_of: PileOf = Field("this", description=(
        "amount_from cards_in_trash / cards_in_play: whose pile (default this hero's)"))
    kind: CardKind | None = Field(None, description=(
        "move_cards: only cards of this kind; amount_from cards_in_play: only this kind"))
    from_pile: Pile | None = Field(None, description="move_cards: where the cards are taken from")
    to_pile: Pile | None = Field(None, description="move_cards: where they go")
    take: Literal["choose", "up_to", "top", "all", "until"] = Field("choose", description=(
        "move_cards: which cards: `amount` the player chooses (\"up_to\": they may stop "
        "sooner), the top `amount` of the pile, all of them, or (a deck) reveal cards "
        "until one with `keyword` / of `kind` is revealed"))
    rest: Literal["trash", "deck", "deck_bottom", "shuffle"] = Field("trash", description=(
        "move_cards take until: where the other revealed cards go (discarded, back on top "
        "in the order revealed, on the bottom, or shuffled into the deck)"))
    source_select: Select | None = Field(None, description=(
        "damage: each card it selects deals the damage (\"each Scion deals …\")"))
    phase: Literal["play", "power", "draw"] | None = Field(None, description=(
        "skip_phase: the phase of this hero's turn that is skipped"))
    prompt: str = ""
    options: list[Branch] = Field(default_factory=list, max_length=6, description=(
        "choose_one: the effects to choose between (\"choose one: A, or B\")"))
    remember: str | None = Field(None, min_length=1, max_length=40, description=(
        "keep this step's result under a name for later steps of the same effect: the "
        "cards it acted on, the damage it dealt, what it destroyed"))
    memory: str | None = Field(None, min_length=1, max_length=40, description=(
        "amount_from damage_dealt_this_way / remembered: the name it reads"))
    if_done: str | None = Field(None, min_length=1, max_length=40, description=(
        "may: \"if you do\": `then` follows only if the step of `do` that remembered this "
        "name did something (a card discarded, damage dealt, a card destroyed)"))
    at_most: int | None = Field(None, ge=0, le=40, description=(
        "damage: no target is dealt more than this by the step (after modifiers)"))
    play_area: Literal["villain", "environment", "chosen_hero", "another_hero"] | None = Field(
        None, description=("search / reveal_top with `to: play`: the play area the card enters "
                           "(chosen_hero: the players choose a hero; another_hero: not this "
                           "text's hero)"))

    @model_validator(mode="before")
    @classmethod
    def _flip_any_card(cls, data: object) -> object:
        """`flip` selects among all cards in play, not only targets, unless told otherwise."""
        if isinstance(data, dict) and data.get("verb") == "flip":
            target = data.get("target")
            if target is None or (isinstance(target, dict) and "targets_only" not in target):
                data = {**data, "target": {**(target or {}), "targets_only": False}}
        return data

    @model_validator(mode="after")
    def _needs(self) -> Step:
        if self.verb == "modify" and self.modifier is None:
            raise ValueError("verb 'modify' needs a 'modifier'")
        if self.verb == "if" and self.cond is None:
            raise ValueError("verb 'if' needs a 'cond'")
        if self.verb == "flip_hero_tokens" and (self.side is None or self.to_side is None):
            raise ValueError("verb 'flip_hero_tokens' needs 'side' and 'to_side'")
        _count_needs(self.amount_from, self.counter, self.side, "the step's amount_from")
        if self.pile_of == "owner":
            raise ValueError("pile_of: 'owner' names where a moved card goes; a count reads "
                             "'this', 'villain' or 'environment'")
        if self.verb == "move_cards":
            self._move_needs()
        elif self.from_pile is not None or self.to_pile is not None or self.take != "choose" \
                or self.rest != "trash":
            raise ValueError(f"from_pile, to_pile, take and rest are read only by verb "
                             f"'move_cards', not {self.verb!r}")
        self._words()
        if (self.verb == "skip_phase") != (self.phase is not None):
            raise ValueError("verb 'skip_phase' needs a 'phase'" if self.phase is None
                             else f"phase: only the verb 'skip_phase' reads it, not {self.verb!r}")
        if self.verb == "flip_hero_tokens_chosen" and (self.side or self.to_side):
            raise ValueError("verb 'flip_hero_tokens_chosen' lets the player choose each side: "
                             "no 'side' or 'to_side'")
        return self

    def _words(self) -> None:
        """Misuse of choose_one, remember, if_done, at_most, play_area, incapacitate."""
        v = self.verb
        if v == "forget":
            raise ValueError("verb 'forget' is compiled, never written: a remembered result "
                             "ends with its effect")
        if v == "choose_one" and len(self.options) < 2:
            raise ValueError("verb 'choose_one' needs 'options': two or more "
                             "`{label: ..., steps: [...]}`")
        if self.options and v != "choose_one":
            raise ValueError(f"'options' belong to verb 'choose_one', not {v!r}")
        if self.remember is not None:
            if v not in REMEMBERING:
                raise ValueError(f"'remember': a {v!r} step has no result to remember (these "
                                 f"do: {', '.join(sorted(REMEMBERING))})")
            if self.source_select is not None:
                raise ValueError("'remember' with 'source_select': each source acts as its "
                                 "own card; remember on a step with one source")
        if (self.amount_from in ("damage_dealt_this_way", "remembered")) != (self.memory is not None):
            raise ValueError("amount_from damage_dealt_this_way / remembered and 'memory' go "
                             "together (the name an earlier step remembered)")
        if self.amount_from == "printed":
            raise ValueError("amount_from 'printed' is compiled, never written")
        if self.if_done is not None:
            if v != "may":
                raise ValueError(f"'if_done' belongs to verb 'may', not {v!r}")
            if self.if_done not in _remembered(self.do):
                raise ValueError(f"'if_done': no step of 'do' remembers {self.if_done!r} "
                                 f"(add `remember: {self.if_done}` to the cost in 'do')")
        if self.at_most is not None and v not in ("damage", "drain"):
            raise ValueError(f"'at_most' caps the damage of a damage step, not of {v!r}")
        if self.play_area is not None and (v not in PLAYING or self.to != "play"):
            raise ValueError("'play_area' says where a card put into play lands: a search "
                             "or reveal_top step with `to: play`")
        if v == "incapacitate" and self.target.group not in ("this_hero", "hero_character"):
            raise ValueError("verb 'incapacitate' selects heroes: target group 'this_hero' "
                             "or 'hero_character'")

    def _move_needs(self) -> None:
        """What `move_cards` needs: both piles, a source it can take from, a `take` that
        fits the source."""
        src, dst = self.from_pile, self.to_pile
        if src is None or dst is None:
            raise ValueError("verb 'move_cards' needs 'from_pile' and 'to_pile'")
        if src.pile not in ("trash", "hand", "deck", "under"):
            raise ValueError(f"move_cards from_pile: cards are taken from a trash, a hand, a "
                             f"deck or under this card, not {src.pile!r}")
        if src.of == "owner":
            raise ValueError("move_cards from_pile.of: 'owner' names where a card goes; take "
                             "from 'this', 'villain' or 'environment'")
        if src.pile == "hand" and src.of not in (None, "this"):
            raise ValueError("move_cards from_pile: only this hero's own hand ('of: this')")
        if dst.pile == "hand" and dst.of not in (None, "owner"):
            raise ValueError("move_cards to_pile: a card goes to its owner's hand (leave 'of' unset)")
        if src.pile == dst.pile and src.pile in ("under", "hand") :
            raise ValueError(f"move_cards: from_pile and to_pile are both {src.pile!r}")
        if src.pile == "deck" and self.take not in ("top", "until"):
            raise ValueError("move_cards from a deck takes 'top' or 'until' (to choose from a "
                             "deck, use verb 'search')")
        if self.take == "until" and (src.pile != "deck" or (self.keyword is None
                                                             and self.kind is None)):
            raise ValueError("move_cards take 'until' reveals a deck until a card with "
                             "'keyword' or of 'kind': it needs from_pile deck and one of them")
        if self.take == "top" and src.pile == "hand":
            raise ValueError("move_cards: a hand has no top; take 'choose', 'up_to' or 'all'")
        if self.rest != "trash" and self.take != "until":
            raise ValueError("move_cards 'rest' is read only with take 'until'")



def _substeps(st: Step) -> list[list[Step]]:
    return [st.do, *(b.steps for b in st.options), st.then, st.otherwise]


def _remembered(fx: list[Step]) -> set[str]:
    """Every name the steps of `fx` (and their sub-steps) remember."""
    out: set[str] = set()
    for st in fx:
        if st.remember is not None:
            out.add(st.remember)
        for sub in _substeps(st):
            out |= _remembered(sub)
    return out


def _reads(st: Step) -> list[str]:
    """The remembered names a step reads."""
    return [x for x in (st.memory, st.target.memory, st.cond.memory if st.cond else None,
                        st.source_select.memory if st.source_select else None) if x]


def check_memory(fx: list[Step]) -> list[Step]:
    """An effect reads a remembered result only after a step of the same effect remembers it
    (an earlier step, or the step whose sub-steps read it)."""
    seen: set[str] = set()

    def walk(steps: list[Step]) -> None:
        for st in steps:
            for name in _reads(st):
                if name not in seen:
                    raise ValueError(f"step {st.verb!r} reads memory {name!r}, which no "
                                     "earlier step of this effect remembers (`remember: "
                                     f"{name}`)")
            if st.remember is not None:
                seen.add(st.remember)
            for sub in _substeps(st):
                walk(sub)

    walk(fx)
    return fx


Effect = Annotated[list[Step], AfterValidator(check_memory)]
Branch.model_rebuild()
Step.model_rebuild()


# The events a trigger's `by` reads (the damage's source, the card that destroyed it), those
# whose `react_to` may name that source, the replacements a player may decline (`optional`)
BY_EVENTS = frozenset({"dealt_damage", "card_dealt_damage", "would_be_dealt_damage", "destroyed",
                       "card_destroyed"})
SOURCE_EVENTS = frozenset({"card_dealt_damage", "would_be_dealt_damage", "card_destroyed"})
REPLACEMENTS = frozenset({"would_draw", "would_be_dealt_damage"})


class Trigger(Strict):
    """A reaction: start/end of a turn, damage, destruction, entering play (SOTM-7); a
    replacement ("instead of drawing", "would be dealt damage: prevent it", SOTM-14/15); a
    watcher of game events (a Mission completed, a hero entering a zone, a Scion entering
    play, tokens flipped)."""

    when: Literal["start_of_turn", "end_of_turn", "dealt_damage", "destroyed", "enters_play",
                "played_from_environment_deck", "deals_damage", "card_destroyed", "card_dealt_damage",
                "card_removed", "hero_incapacitated", "environment_removed", "team_down",
                "would_be_dealt_damage", "would_draw", "tokens_flipped", "mission_completed",
                "hero_enters_zone", "scion_enters_play"]
    whose: Literal["owner", "villain", "environment", "any", "hero", "oblivaeon"] = "owner"
    watch: Select | None = Field(None, description=(
        "card_destroyed / card_dealt_damage / card_removed / mission_completed / "
        "hero_enters_zone / scion_enters_play: which other cards it watches (default: any in "
        "its zone); would_be_dealt_damage: which targets it protects (default: this card)"))
    by: Group | None = Field(None, description=(
        "only damage dealt by a card of this group (dealt_damage, card_dealt_damage, "
        "would_be_dealt_damage), or only a card destroyed by one (destroyed, card_destroyed): "
        "\"destroyed by a hero card\", \"by OblivAeon\" (villain_character)"))
    react_to: Literal["watched", "source"] = Field("watched", description=(
        "what the effect's `source` group names: the watched card, or (\"source\") the "
        "card that dealt the damage or destroyed it, so a reaction can hit back"))
    once_per_turn: bool = Field(False, description="\"the first time … each turn\"")
    your_turn: bool = Field(False, description=(
        "\"during your turn\": only in the turn of this card's owner"))
    optional: bool = Field(False, description=(
        "would_draw / would_be_dealt_damage: the player may decline (\"you may … instead\")"))
    effect: Effect

    @model_validator(mode="after")
    def _options(self) -> Trigger:
        w = self.when
        if self.by is not None and w not in BY_EVENTS:
            raise ValueError(f"by: a trigger on {w!r} has no damage source or destroying card "
                             f"to read (only {sorted(BY_EVENTS)})")
        if self.react_to == "source" and w not in SOURCE_EVENTS:
            raise ValueError(f"react_to: 'source' is for {sorted(SOURCE_EVENTS)}; a trigger on "
                             f"{w!r} already names its source, or has none")
        if self.optional and w not in REPLACEMENTS:
            raise ValueError(f"optional: only a replacement ({sorted(REPLACEMENTS)}) can be "
                             f"declined; write `may` in the effect of a trigger on {w!r}")
        if (self.once_per_turn or self.your_turn) and w in ("start_of_turn", "end_of_turn"):
            raise ValueError(f"once_per_turn / your_turn: a trigger on {w!r} fires once a turn "
                             "already, in the turn `whose` names")
        if self.watch is not None and self.watch.group == "remembered":
            raise ValueError("watch group 'remembered': a watcher reacts apart from any "
                             "effect; name a group")
        return self


class Side(Strict):
    """Another face of a card (faces 1, 2, …; the card's own fields are face 0, its front):
    a villain's flip side, OblivAeon's forms, a Shield's phases, a Mission's reward. Flipping
    to this face may restore the printed HP (OBL-C11) and clear the card's tokens (OBL-C14).
    An unset `kind` or `keywords` is the front's; an unset `hp` means no HP on this face."""

    name: str | None = Field(None, description="this face's title (default: the card's name)")
    kind: CardKind | None = None
    keywords: list[str] | None = None
    hp: int | None = Field(None, ge=1, le=200)
    restore_hp: bool = Field(False, description="OBL-C11: flipping to this face restores its HP")
    clear_tokens: bool = Field(False, description="OBL-C14: flipping to this face removes tokens")
    on_flip: Effect = Field(default_factory=list, description="resolved as the card flips here")
    play: Effect = Field(default_factory=list)
    power: Effect = Field(default_factory=list)
    triggers: list[Trigger] = Field(default_factory=list)
    modifiers: list[Modifier] = Field(default_factory=list)
    at_zero_hp: Effect = Field(default_factory=list, description=(
        "a Scion's face: what its panel says it does at 0 HP (or when destroyed), e.g. "
        "`[{verb: flip, target: {group: this}}]`; empty: the Scion is removed from the game"))
    usurps: bool = Field(False, description=(
        "a Scion's face that takes OblivAeon's place (OBL-C22): while it is in play, "
        "defeating OblivAeon's last form does not win the game"))
    text: str = ""


class Card(Strict):
    """A deck card: one-shot, ongoing, equipment, device or target (SOTM-8 … SOTM-12)."""

    name: str
    kind: CardKind
    keywords: list[str] = Field(default_factory=list)
    hp: int | None = Field(None, ge=1, le=99)
    limited: bool = False
    indestructible: bool = False
    seed: bool = Field(False, description="OBL-HE3: a seed card planted in the environment deck")
    enters_zone: Literal["this", "other", "first", "second"] = Field("this", description=(
        "OBL-O2: the battle zone a villain ongoing enters (\"this\": the zone it is played in)"))
    copies: int = Field(1, ge=1, le=10)
    play: Effect = Field(default_factory=list, description="resolved as the card is played")
    power: Effect = Field(default_factory=list, description="a power this card gives its hero")
    triggers: list[Trigger] = Field(default_factory=list)
    modifiers: list[Modifier] = Field(default_factory=list, description="while in play")
    sides: list[Side] = Field(default_factory=list, max_length=9,
                              description="the card's other faces (1, 2, …)")
    unsupported: str | None = Field(None, min_length=1, max_length=300, description=(
        "what of the printed card the engine does not simulate (its written steps resolve; "
        "`content validate --report` lists it)"))
    text: str = ""

    _name = field_validator("name")(card_name)


class Ability(Strict):
    name: str
    effect: Effect
    text: str = ""


class HeroTokens(Strict):
    """OBL-HE2: two-sided tokens kept by the character card."""

    sides: list[str] = Field(min_length=2, max_length=2)
    start: list[str] = Field(min_length=1, max_length=10)


class Variant(Strict):
    """Another hero character card for the same hero deck (OBL-I5): its own HP, power and
    incapacitated abilities. `under_blocks`: cards it holds under it keep other versions of
    the hero out while any remain there or in play (OBL-C23)."""

    name: str = Field(min_length=1, max_length=60)
    hp: int = Field(ge=1, le=60)
    power: Ability
    incapacitated: list[Ability] = Field(min_length=3, max_length=3)
    under_blocks: bool = False
    text: str = ""


class TeamMember(Strict):
    """OBL-C24: another character card of a team hero, in play beside the first one; the
    hero is incapacitated only when every one of them is."""

    name: str = Field(min_length=1, max_length=60)
    hp: int = Field(ge=1, le=60)
    power: Ability | None = None
    text: str = ""


class SentinelsHero(Strict):
    """SOTM-1: a character card (HP, one power, three incapacitated abilities) and 40 cards."""

    id: str = Field(pattern=r"^[a-z0-9-]+$")
    name: str
    original: bool = True
    complexity: int = Field(ge=1, le=3, description="OBL-HE6: Hero Complexity Chart")
    hp: int = Field(ge=1, le=60)
    power: Ability
    incapacitated: list[Ability] = Field(min_length=3, max_length=3)
    tokens: HeroTokens | None = None
    team: list[TeamMember] = Field(default_factory=list, max_length=5, description=(
        "OBL-C24: a team hero's other character cards, set up with the first"))
    variants: list[Variant] = Field(default_factory=list, max_length=9, description=(
        "OBL-I5: other character cards for this deck (the OblivAeon mode's replacements)"))
    cards: list[Card]

    _unique = field_validator("cards")(unique_names("cards"))

    @model_validator(mode="after")
    def _forty(self) -> SentinelsHero:
        n = sum(c.copies for c in self.cards)
        if n != 40:
            raise ValueError(f"hero {self.id!r} has {n} cards; a hero deck has exactly 40")
        return self


class Threshold(Strict):
    """Text a counter fires when its value crosses `at`: going up (old < at <= new), going
    down (old > at >= new) or either way."""

    at: int = Field(ge=-99, le=999)
    crossing: Literal["up", "down", "either"] = "up"
    effect: Effect
    text: str = ""


class Counter(Strict):
    """A named counter of the game (Devastation, the Countdown): a value kept within
    `min`..`max`, starting at `start`, whose thresholds fire text (OBL-ID1)."""

    name: str = Field(min_length=1, max_length=40)
    start: int = Field(0, ge=-99, le=999)
    min: int = Field(0, ge=-99, le=999)
    max: int = Field(99, ge=-99, le=999)
    thresholds: list[Threshold] = Field(default_factory=list)
    text: str = ""

    @model_validator(mode="after")
    def _bounds(self) -> Counter:
        if not self.min <= self.start <= self.max:
            raise ValueError(f"counter {self.name!r}: start {self.start} is not within "
                             f"{self.min}..{self.max}")
        return self


_LEGACY_FLIP = ("flip_hp", "flipped_triggers", "flipped_modifiers", "flip_effect")


class SentinelsVillain(Strict):
    """SOTM-1: a villain character (HP, setup, flip sides) and its deck. SOTM-18: at 0 HP
    the character flips to its next face (`sides`), or is defeated when it has none left."""

    id: str = Field(pattern=r"^[a-z0-9-]+$")
    name: str
    original: bool = True
    hp: int = Field(ge=1, le=200)
    setup: Effect = Field(default_factory=list)
    triggers: list[Trigger] = Field(default_factory=list)
    modifiers: list[Modifier] = Field(default_factory=list)
    sides: list[Side] = Field(default_factory=list, max_length=9,
                              description="the character card's other faces, flipped in order")
    counters: list[Counter] = Field(default_factory=list, max_length=20,
                                    description="named counters; their text is villain text")
    reserve: list[Card] = Field(default_factory=list, description=(
        "cards set aside in a reserve pile (not a deck), shuffled at setup; they come into "
        "play from its bottom (play_from_reserve, OBL-C5)"))
    cards: list[Card]
    text: str = Field("", description="the character card's front text, as the players read it")

    _unique = field_validator("cards")(unique_names("cards"))
    _unique_reserve = field_validator("reserve")(unique_names("reserve"))

    @model_validator(mode="after")
    def _counter_names(self) -> SentinelsVillain:
        names = [c.name for c in self.counters]
        if len(set(names)) != len(names):
            raise ValueError(f"villain {self.id!r}: two counters share a name: {names}")
        return self

    @model_validator(mode="before")
    @classmethod
    def _no_legacy_flip(cls, data: object) -> object:
        if isinstance(data, dict):
            old = [k for k in _LEGACY_FLIP if k in data]
            if old:
                raise ValueError(
                    f"{', '.join(old)}: a villain's flip side is now a face: `sides: [{{hp: N, "
                    "restore_hp: true, on_flip: [...], triggers: [...], modifiers: [...]}]`")
        return data


class SentinelsEnvironment(Strict):
    """SOTM-1: an environment deck (about 15 cards), no character card."""

    id: str = Field(pattern=r"^[a-z0-9-]+$")
    name: str
    original: bool = True
    cards: list[Card]

    _unique = field_validator("cards")(unique_names("cards"))


class SentinelsScion(Strict):
    """A Scion of OblivAeon (OBL-HE6): its name and its place on the Scion Difficulty Chart,
    1 (least challenging) to 3 (most); for the OblivAeon mode, its panel, a villain
    character card (OBL-C4): HP, text, and the face it flips to (`sides`, by a `flip` step
    of its own text: its flip condition)."""

    name: str = Field(min_length=1, max_length=60)
    difficulty: int = Field(ge=1, le=3, description="OBL-HE6: the Scion Difficulty Chart")
    original: bool = Field(True, description="false: the name and value are the insert's chart")
    hp: int | None = Field(None, ge=1, le=200, description="the panel's HP (OblivAeon mode)")
    keywords: list[str] = Field(default_factory=list)
    triggers: list[Trigger] = Field(default_factory=list)
    modifiers: list[Modifier] = Field(default_factory=list)
    sides: list[Side] = Field(default_factory=list, max_length=3)
    at_zero_hp: Effect = Field(default_factory=list, description=(
        "what the panel says it does at 0 HP (or when destroyed), e.g. flip to another face: "
        "`[{verb: flip, target: {group: this}}]`; empty: the Scion is removed from the game "
        "(OBL-B3: 1 Devastation token removed)"))
    usurps: bool = Field(False, description=(
        "the panel's front takes OblivAeon's place (OBL-C22); a flipped face says it with "
        "its own `usurps`"))
    panel_text: str = Field("", description="the panel's text, as the players read it")
    unsupported: str | None = Field(None, min_length=1, max_length=300, description=(
        "what of the printed card the engine does not simulate (its written steps resolve; "
        "`content validate --report` lists it)"))
    text: str = ""


class Shield(Strict):
    """OBL-SH1: a double-sided OblivAeon Shield: "Bring Forth" a Scion (named), then its
    text and tasks; indestructible, it can remove itself from the game (OBL-SH2)."""

    name: str = Field(min_length=1, max_length=60)
    bring_forth: str = Field(description="the Scion that starts in the First Battle Zone (OBL-S4)")
    original: bool = True
    keywords: list[str] = Field(default_factory=list)
    hp: int | None = Field(None, ge=1, le=99)
    triggers: list[Trigger] = Field(default_factory=list)
    modifiers: list[Modifier] = Field(default_factory=list)
    sides: list[Side] = Field(min_length=1, max_length=3, description="Phase 2 (and after)")
    unsupported: str | None = Field(None, min_length=1, max_length=300, description=(
        "what of the printed card the engine does not simulate (its written steps resolve; "
        "`content validate --report` lists it)"))
    text: str = ""


class Mission(Strict):
    """OBL-M1: a double-sided Mission card: the objective (front) and the reward (`reward`).
    `target_side`: whose target an objective with HP is (OBL-C15)."""

    name: str = Field(min_length=1, max_length=60)
    original: bool = True
    keywords: list[str] = Field(default_factory=list)
    hp: int | None = Field(None, ge=1, le=99, description="the objective's HP, if it is a target")
    target_side: Literal["villain", "environment"] = "villain"
    play: Effect = Field(default_factory=list, description="resolved as it is taken on")
    power: Effect = Field(default_factory=list, description="paying the objective's cost")
    triggers: list[Trigger] = Field(default_factory=list)
    modifiers: list[Modifier] = Field(default_factory=list)
    reward: Side = Field(description="OBL-M2: the reward side (a hero card or a hero target)")
    unsupported: str | None = Field(None, min_length=1, max_length=300, description=(
        "what of the printed card the engine does not simulate (its written steps resolve; "
        "`content validate --report` lists it)"))
    text: str = ""


class SentinelsOblivaeon(Strict):
    """The OblivAeon mode's villain side: the Booklet (a villain character card with forms,
    and the Inevitable Destruction counters), the OblivAeon, Scion and Aeon Men decks, the
    Shields and the Mission deck (seed 002)."""

    name: str = "OblivAeon"
    original: bool = True
    hp: int = Field(ge=1, le=200, description="the first form's HP")
    keywords: list[str] = Field(default_factory=list)
    triggers: list[Trigger] = Field(default_factory=list)
    modifiers: list[Modifier] = Field(default_factory=list)
    sides: list[Side] = Field(default_factory=list, max_length=5, description="the later forms")
    counters: list[Counter] = Field(default_factory=list, max_length=20, description=(
        "OBL-ID1: Devastation and the Countdown, with the Booklet's thresholds"))
    deck: list[Card] = Field(min_length=1, description="the OblivAeon deck")
    scion_deck: list[Card] = Field(min_length=1)
    aeon_men: list[Card] = Field(min_length=1)
    shields: list[Shield] = Field(min_length=1)
    missions: list[Mission] = Field(min_length=1)
    text: str = ""

    _unique = field_validator("deck")(unique_names("deck"))


class SentinelsContent(Strict):
    """A Sentinels of the Multiverse content pack."""

    pack: str
    label: str = ""
    original: bool = True
    heroes: list[SentinelsHero] = Field(min_length=1)
    villains: list[SentinelsVillain] = Field(min_length=1)
    environments: list[SentinelsEnvironment] = Field(min_length=1)
    scions: list[SentinelsScion] = Field(default_factory=list, description=(
        "OBL-HE6: the Scions with their Scion Difficulty Chart values (used by the OblivAeon "
        "mode; the base game ignores them)"))
    oblivaeon: SentinelsOblivaeon | None = Field(None, description="the OblivAeon mode's cards")

    _unique_scions = field_validator("scions")(unique_names("scions"))

    @model_validator(mode="after")
    def _counters_declared(self) -> SentinelsContent:
        """Every counter a step or condition names is declared by a villain of the pack (in
        a game without it, such a step does nothing and such a condition is false)."""
        declared = {c.name for v in self.villains for c in v.counters}
        if self.oblivaeon is not None:
            declared.update(c.name for c in self.oblivaeon.counters)
        named: set[str] = set()
        for st in _all_steps(self):
            named.update(x for x in (st.counter, st.cond.counter if st.cond else None) if x)
        named.update(m.counter for m in _models(self, Modifier) if m.counter)  # (steps' too)
        unknown = sorted(named - declared)
        if unknown:
            raise ValueError(f"unknown counter(s) {unknown}; the villains declare "
                             f"{sorted(declared) or 'none'}")
        return self


def _models(obj: object, cls: type, out: list | None = None) -> list:
    """Every model of class `cls` anywhere in `obj` (a model, or lists of them)."""
    out = [] if out is None else out
    if isinstance(obj, cls):
        out.append(obj)
    if isinstance(obj, BaseModel):
        for name in type(obj).model_fields:
            _models(getattr(obj, name), cls, out)
    elif isinstance(obj, list):
        for x in obj:
            _models(x, cls, out)
    return out


def _all_steps(content: SentinelsContent) -> list[Step]:
    """Every step of a pack, sub-steps included."""
    out: list[Step] = []

    def walk(fx: list[Step]) -> None:
        for st in fx:
            out.append(st)
            walk(st.then)
            walk(st.do)
            walk(st.otherwise)
            for b in st.options:
                walk(b.steps)

    def card(c: Card | Side) -> None:
        walk(getattr(c, "play", []))
        walk(getattr(c, "power", []))
        for tr in c.triggers:
            walk(tr.effect)
        for side in getattr(c, "sides", ()):
            card(side)
        if isinstance(c, Side):
            walk(c.on_flip)

    for h in content.heroes:
        walk(h.power.effect)
        for a in h.incapacitated:
            walk(a.effect)
        for c in h.cards:
            card(c)
    for v in content.villains:
        walk(v.setup)
        for tr in v.triggers:
            walk(tr.effect)
        for side in v.sides:
            card(side)
        for ctr in v.counters:
            for th in ctr.thresholds:
                walk(th.effect)
        for c in (*v.cards, *v.reserve):
            card(c)
    for e in content.environments:
        for c in e.cards:
            card(c)
    for sc in content.scions:
        card(sc)  # type: ignore[arg-type]
        walk(sc.at_zero_hp)
        for side in sc.sides:
            walk(side.at_zero_hp)
    ob = content.oblivaeon
    if ob is not None:
        for tr in ob.triggers:
            walk(tr.effect)
        for side in ob.sides:
            card(side)
        for ctr in ob.counters:
            for th in ctr.thresholds:
                walk(th.effect)
        for c in (*ob.deck, *ob.scion_deck, *ob.aeon_men, *ob.shields, *ob.missions):
            card(c)  # type: ignore[arg-type]
        for m in ob.missions:
            card(m.reward)
    for h in content.heroes:
        for m in h.team:
            if m.power is not None:
                walk(m.power.effect)
        for var in h.variants:
            walk(var.power.effect)
            for a in var.incapacitated:
                walk(a.effect)
    return out
