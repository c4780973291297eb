"""Any Storyline card, and "you may" for a whole effect: Special Effect verbs registered in
`united.verbs` (docs/content.md, cookbook, "Moves, the Storyline and the long tail").

`which` picks the Storyline card a verb acts on: the previous Hero card (the default, as
before), or one the player chooses among the Hero cards of the Storyline (the card being
resolved, the newest, left out): `yours`, `another_hero`'s or `any`. The verbs:
`flip_facedown`, `copy_effect`, `swap_storyline` (their rule steps ask here when `which`
chooses), `flip_faceup`, `take_back` and `swap_hand_storyline`. `all_of` is what a card's
whole-effect "you may" (`HeroCard.optional`) compiles to (`tables.whole_effect`).
"""

from __future__ import annotations

from multiverse.engine.decision import Option
from multiverse.united.cardtext import card_label, verb_text
from multiverse.united.hooks import fire
from multiverse.united.state import UnitedState, choice
from multiverse.united.storyline import last_hero_cards
from multiverse.united.verbs import phrases, push_hero_effects, text, verb, words

_FACE_UP_ONLY = frozenset({"flip_facedown", "copy_effect"})


def _copyable(s: UnitedState, c: int) -> tuple:
    return tuple(f for f in s.T.card_fx[c] if f[0] != "copy_effect") if c >= 0 else ()


def candidates(s: UnitedState, h: int, op: str, which: str) -> list[int]:
    """The Storyline entries (`~card` when facedown) verb `op` may act on for hero `h`."""
    newest = last_hero_cards(s, 1)
    if which == "previous":
        prev = last_hero_cards(s, 2)
        pool = prev[1:] if len(prev) == 2 else []
    else:
        skip = newest[0] if newest else None  # the card being resolved
        pool = [c for c in s.story if s.T.card_owner[c if c >= 0 else ~c] >= 0 and c != skip]
    owner = s.T.card_owner
    out = []
    for c in pool:
        own = owner[c if c >= 0 else ~c]
        if (which == "yours" or op == "swap_hand_storyline") and own != h:
            continue
        if which == "another_hero" and own == h:
            continue
        if (op in _FACE_UP_ONLY and c < 0) or (op == "flip_faceup" and c >= 0):
            continue
        if op == "copy_effect" and not _copyable(s, c):
            continue
        if op == "take_back" and (s.ko[own] or s.out[own]):  # MU-22: a KO'd hero holds no card
            continue
        out.append(c)
    return out


def _pick(s: UnitedState, h: int, op: str, which: str, source: str) -> None:
    if candidates(s, h, op, which) and (op != "swap_hand_storyline" or s.hand[h]):
        s.stack.append(("story_pick", op, h, which, source))


def _pick_options(s: UnitedState, f: tuple) -> tuple:
    _, op, h, which, source = f
    t = s.T
    return (s.seat(h), f"{s.hero_name(h)}: {source}: which Storyline card?",
            [Option(f"card:{c if c >= 0 else ~c}",
                    f"{t.card_name[c if c >= 0 else ~c]} ({t.hero_names[t.card_owner[c if c >= 0 else ~c]]}"
                    + (", facedown)" if c < 0 else ")"), {"entry": c})
             for c in candidates(s, h, op, which)])


@choice("story_pick", _pick_options)
def resolve_story_pick(s: UnitedState, f: tuple, opt: Option) -> None:
    """MU-17: the verb acts on the Storyline card the player chose."""
    _, op, h, _which, source = f
    act_on(s, op, h, opt.data["entry"], source)


def act_on(s: UnitedState, op: str, h: int, c: int, source: str) -> None:
    """One Storyline verb on entry `c` (a card, `~card` when facedown)."""
    t = s.T
    card = c if c >= 0 else ~c
    i = s.story.index(c)
    name = t.card_name[card]
    if op in ("flip_facedown", "flip_faceup"):
        s.story[i] = ~c
        if s.log is not None:
            s.emit(op, f"{s.hero_name(h)} flips {name} {'facedown' if c >= 0 else 'face up'} ({source})",
                   card=card, hero=h)
        if op == "flip_facedown" and t.hooks:
            fire(s, "card_flipped", t.card_owner[card])
    elif op == "copy_effect":
        if s.log is not None:
            s.emit("copy_effect", f"{s.hero_name(h)} copies the effect of {name} ({source})", hero=h, card=card)
        push_hero_effects(s, h, _copyable(s, c), name)
    elif op == "swap_storyline":
        j = s.story.index(last_hero_cards(s, 1)[0])
        s.story[i], s.story[j] = s.story[j], s.story[i]
        if s.log is not None:
            s.emit("storyline_swap", f"{s.hero_name(h)} swaps {source} and {name} in the Storyline",
                   hero=h)
    elif op == "take_back":
        del s.story[i]
        s.hand[t.card_owner[card]].append(card)
        if s.fx_card == card:
            s.fx_card = -1
        if s.log is not None:
            s.emit("take_back", f"{name} goes back from the Storyline into "
                   f"{t.hero_names[t.card_owner[card]]}'s hand ({source})", hero=h, card=card)
    else:  # swap_hand_storyline: the hand card is chosen next
        s.stack.append(("hand_swap", h, c, source))


@verb("flip_faceup")
def flip_faceup(s: UnitedState, h: int, o: int, n: int, sym: int, d: dict, source: str) -> None:
    """DFP-A13 undone: a facedown Hero card of the Storyline (`which`: the previous one, or
    chosen) turns face up: it shows its symbols and Special Effect again (for the next
    card's symbols; this turn's are not changed, its effect does not resolve now)."""
    _act(s, "flip_faceup", h, d, source)


@verb("take_back")
def take_back(s: UnitedState, h: int, o: int, n: int, sym: int, d: dict, source: str) -> None:
    """MU-17 (rules silent): a Hero card of the Storyline (`which`) goes back into its owner's
    hand (a hand holds its owner's cards only; a facedown card comes back as a card). The
    count of Hero cards since the last Villain turn is not changed (MU-14)."""
    _act(s, "take_back", h, d, source)


@verb("swap_hand_storyline")
def swap_hand_storyline(s: UnitedState, h: int, o: int, n: int, sym: int, d: dict, source: str) -> None:
    """MU-17 (rules silent): a card of your hand and a Hero card of yours in the Storyline
    (`which`) trade places: the hand card lies face up where the other was (its effect does
    not resolve, this turn's symbols are not changed), the other goes into your hand."""
    _act(s, "swap_hand_storyline", h, d, source)


def _act(s: UnitedState, op: str, h: int, d: dict, source: str) -> None:
    which = d.get("which", "previous")
    if which == "previous":  # the previous Hero card, if it may be acted on
        if candidates(s, h, op, which) and (op != "swap_hand_storyline" or s.hand[h]):
            act_on(s, op, h, candidates(s, h, op, which)[0], source)
        return
    _pick(s, h, op, which, source)


def story_pick(s: UnitedState, op: str, h: int, which: str, source: str) -> None:
    """`flip_facedown`, `copy_effect`, `swap_storyline` with a chosen `which`."""
    _pick(s, h, op, which, source)


def _hand_options(s: UnitedState, f: tuple) -> tuple:
    _, h, c, source = f
    t = s.T
    return (s.seat(h), f"{s.hero_name(h)}: {source}: which card of your hand takes the place of "
            f"{t.card_name[c if c >= 0 else ~c]}?",
            [Option(f"card:{x}", (card_label, t.card_name[x], t.card_sym[x], t.card_fx[x]), {"card": x})
             for x in s.hand[h]])


@choice("hand_swap", _hand_options)
def resolve_hand_swap(s: UnitedState, f: tuple, opt: Option) -> None:
    """MU-17: the hand card goes face up into the Storyline; the Storyline card into the hand."""
    _, h, c, source = f
    x, card = opt.data["card"], c if c >= 0 else ~c
    s.story[s.story.index(c)] = x
    s.hand[h].remove(x)
    s.hand[h].append(card)
    if s.fx_card == card:
        s.fx_card = -1
    if s.log is not None:
        s.emit("hand_swap", f"{s.hero_name(h)} swaps {s.T.card_name[x]} from hand with "
               f"{s.T.card_name[card]} of the Storyline ({source})", hero=h, card=x)


# ----- "you may" for the whole effect ------------------------------------------------------
@verb("all_of")
def all_of(s: UnitedState, h: int, o: int, n: int, sym: int, d: dict, source: str) -> None:
    """MU-17 "you may" for a whole effect (`HeroCard.optional`): the dispatcher asked once;
    resolved, every step of the effect resolves in order (each step's own words still apply)."""
    push_hero_effects(s, h, d["steps"], source)


# ----- card text ----------------------------------------------------------------------------
_CARD = {"previous": "the previous Hero card", "yours": "one of your Hero cards in the Storyline",
         "another_hero": "another hero's Hero card in the Storyline",
         "any": "any Hero card in the Storyline"}
_STORY = {"flip_facedown": "flip {} facedown", "copy_effect": "copy the effect of {}",
          "swap_storyline": "swap this card with {}", "flip_faceup": "turn {} back face up",
          "take_back": "take {} back into its owner's hand",
          "swap_hand_storyline": "swap a card of your hand with {}"}


@words
def _story_words(verb_: str, n: int, sym: int, text_: str, x: dict) -> str:
    """`which` and the whole-effect "you may" in words."""
    if verb_ in _STORY and x.get("which") in _CARD:
        which = x.pop("which")
        card = _CARD[which].replace("one of your Hero cards", "one of your cards") \
            if verb_ == "swap_hand_storyline" else _CARD[which]
        text_ = _STORY[verb_].format(card)
    if verb_ == "all_of":
        text_ = ", then ".join(verb_text(f) for f in x.pop("steps"))
    return text_


@text("flip_faceup")
def _faceup_text(n: int, sym: int, civ: int, thug: int) -> str:
    return _STORY["flip_faceup"].format(_CARD["previous"])


@text("take_back")
def _take_back_text(n: int, sym: int, civ: int, thug: int) -> str:
    return _STORY["take_back"].format(_CARD["previous"])


@text("swap_hand_storyline")
def _hand_swap_text(n: int, sym: int, civ: int, thug: int) -> str:
    return _STORY["swap_hand_storyline"].format("your previous Hero card")


phrases({
    "flip_faceup": lambda n: "turn a Storyline card face up",
    "take_back": lambda n: "take a Storyline card back",
    "swap_hand_storyline": lambda n: "swap a hand card with a Storyline card",
    "all_of": lambda n: "resolve the whole effect",
})
