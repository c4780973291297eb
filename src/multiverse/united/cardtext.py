"""Marvel United card text in words, rendered from the cards' data (symbols and effects).

Every label that names a hero card shows what it does (`card_label`), and `card_texts`
gives the full text of every card, Threat and Location of a game for the terminal's
`card NAME` command. The words follow the effect vocabulary (`content.schema`).
"""

from __future__ import annotations

from multiverse.engine.decision import Option
from multiverse.engine.words import count
from multiverse.united.tables import FX, SYMBOLS, Tables
from multiverse.united.verbs import TEXTS, WORDS, describe

TAGS = {  # what a Threat's named mechanic does (DFP-A7, DFP-D1)
    "sentinel_production": "Sentinel Production: each Production task heals the Sentinel 1 Health",
    "data_analyzer": "Data Analyzer: each KO raises the track 1 more",
    "mutant_detection": "Mutant Detection",
}
_TOWARD = {"most_cards": "toward the hero with the most cards in hand",
           "most_civilians": "to the Location with the most Civilians",
           "most_thugs": "to the Location with the most Thugs",
           "most_heroes": "to the Location with the most heroes"}


def move_text(t: Tables, move: tuple[str, int, str]) -> str:
    """A Master Plan card's move (MU-11) in words."""
    kind, n, what = move
    if kind == "toward":
        return f"move {_TOWARD[what]}"
    if kind == "to":
        return f"move to {t.loc_name[n]}"
    if not n:
        return "no move"
    return f"move {abs(n)} {'clockwise' if n > 0 else 'counterclockwise'}"


def verb_text(fx: FX) -> str:
    """One compiled effect step in the words of the card: `("draw", 1, …)` → "draw 1 card";
    an owner's extra words (`united.effects`) read as words around it ("you may pay
    Heroic to draw 1 card for each Civilian rescued")."""
    text = _verb_words(*fx[:5])
    if len(fx) > 5 and fx[5]:
        text = _owner_words(fx, text, dict(fx[5]))
    return text


_PER = {"heroes_here": "for each hero in your Location",
        "other_heroes_here": "for each other hero in your Location",
        "civilians_here": "for each Civilian in your Location",
        "thugs_here": "for each Thug in your Location", "threats_cleared": "for each Threat cleared",
        "cards_in_hand": "for each card in your hand", "civilians_rescued": "for each Civilian rescued",
        "heroes_in_game": "for each hero in the game",
        "companion_here": "if your companion is in your Location",
        "clones_in_play": "for each of your clones on the board"}
_WHO = {"one_hero": "one hero of your choice", "another_hero": "another hero of your choice",
        "each_hero_here": "each hero in your Location",
        "each_other_hero_here": "each other hero in your Location", "each_hero": "every hero"}
_PLACE = {"here": "your Location", "adjacent": "an adjacent Location",
          "both_adjacent": "each adjacent Location", "any": "any Location",
          "a_hero": "another hero's Location", "your_location": "your Location",
          "companion": "your companion's Location", "a_clone": "a Location with one of your clones"}
_TO_VERBS = frozenset({"move", "move_tokens", "move_companion"})  # "to" a place, not "in" it
_UNTIL = {"end_of_turn": "until the end of this turn", "your_next_turn": "until your next turn",
          "face_up": "while this card is face up"}


def _owner_words(fx: FX, text: str, x: dict) -> str:
    """A step's text with the owner's words read into it (docs/content.md, "The owner's words")."""
    verb, n, sym = fx[0], fx[1], fx[2]
    if verb == "draw_discard" and "discard" in x:  # "... then discard 1" by default
        text = f"{text.rsplit(' ', 1)[0]} {x.pop('discard')}"
    elif verb == "convert_symbols":
        text = f"count this turn's {SYMBOLS[sym].title()} symbols as {SYMBOLS[x.pop('to')].title()}"
    elif verb == "flip_facedown" and x.get("which") == "this_card":
        text = "flip this card facedown"
        x.pop("which")
    elif verb == "choose_one":
        text += ": " + " or ".join(f"({effect_text(b)})" for b in x.pop("options"))
    elif verb == "on_villain_move":
        into = x.pop("when") == "into_your_location"
        text += " into your Location" if into else ""
        text += f" (the next {n} times)" if n > 1 else ""
    elif verb == "remove_tokens":
        text = f"remove up to {n} of the Villain's {x.pop('letter')} tokens from your Location"
    for read in WORDS:  # the words registered by the verb modules (united.verbs.words)
        text = read(verb, n, sym, text, x)
    if x.pop("reorder", None):
        text += " and put them back in any order"
    where = x.pop("where", None)
    if where and verb == "move_tokens":
        text = text.replace(_PLACE["adjacent"], _PLACE[where])
    elif where and verb == "swap_locations":
        text = "swap any two Locations" if where == "any" else "swap your Location with an adjacent one"
    elif where:
        text += f" {'to' if verb in _TO_VERBS else 'in'} {_PLACE[where]}"
    if "targets" in x:
        text += ", all at one target" if x.pop("targets") == "one" else ", each at a different target"
    if x.pop("bring", None):
        text += ", bringing the heroes in your Location"
    per = x.pop("per", None)
    if per:
        text += " " + _PER.get(per, f"for each of the Villain's {per[0]} tokens in your Location")
    if "until" in x:
        text += " " + _UNTIL[x.pop("until")]
    if "who" in x:
        text += f" ({_WHO[x.pop('who')]})"
    if "cost" in x:
        text = f"pay {symbols_text(x.pop('cost'))} to {text}"
    if x.pop("optional", None):
        text = f"you may {text}"
    steps = x.pop("steps", None)  # a reaction's own steps (united.vocab.villain)
    words = [f"{k.replace('_', ' ')} {str(v).replace('_', ' ')}" for k, v in x.items()]
    if words:  # (none left: every word above reads as words)
        text += f" ({'; '.join(words)})"
    if steps:
        text += f": {effect_text(steps)}"
    return text


def _verb_words(verb: str, n: int, sym: int, civ: int, thug: int) -> str:
    if verb == "draw":
        return f"draw {count(n, 'card')}"
    if verb == "gain_token":
        return f"gain {count(n, SYMBOLS[sym].title() + ' token')}"
    if verb == "deal_damage":
        return f"deal {n} damage to {'an enemy' if n == 1 else 'enemies'} in your Location"
    if verb == "deal_damage_villain":
        return f"deal {n} damage to the Villain or a Henchman in your Location"
    if verb == "rescue":
        return f"rescue up to {count(n, 'Civilian')} in your Location"
    if verb == "defeat_thugs":
        return f"defeat up to {count(n, 'Thug')} in your Location"
    if verb == "move_anywhere":
        return "move to any Location"
    if verb == "others_here_draw":
        return f"each other hero in your Location draws {count(n, 'card')}"
    if verb == "one_hero_draws":
        return f"one hero of your choice draws {count(n, 'card')}"
    if verb == "fill_threat":
        return f"fill up to {count(n, 'symbol')} on the Threat in your Location"
    if verb == "raise_track":
        return f"raise the track by {n}"
    if verb == "lower_track":
        return f"lower the track by {n}"
    if verb == "bam":
        return "BAM!"
    if verb == "villain_recover_per_hero":
        return f"the Villain recovers {n} Health per hero in play"
    if verb == "damage_heroes_here":
        return f"{n} damage to each hero here"
    if verb == "add_tokens_here":
        return f"add {tokens_text(civ, thug)} here"
    if verb == "move_tokens":
        return f"move up to {tokens_text(civ, thug)} from your Location to an adjacent Location"
    if verb in ("gain_action", "take_action"):
        what = count(n, (SYMBOLS[sym].title() if sym >= 0 else "Wild") + " action")
        return f"gain {what} this turn" if verb == "gain_action" else f"take {what} now"
    own = TEXTS.get(verb)  # a verb module's own text (united.verbs.text)
    return own(n, sym, civ, thug) if own else describe((verb, n, sym))


def effect_text(fx: tuple[FX, ...]) -> str:
    """A whole effect: its steps joined with "; " ("" when it has none)."""
    return "; ".join(verb_text(x) for x in fx)


def tokens_text(civ: int, thug: int) -> str:
    """`(1, 2)` → "1 Civilian and 2 Thugs"; zero counts are left out ("nothing" for none)."""
    parts = [count(n, noun) for n, noun in ((civ, "Civilian"), (thug, "Thug")) if n]
    return " and ".join(parts) or "nothing"


def symbols_text(sym: tuple[int, ...]) -> str:
    """Card symbols in order: `(0, 2, 0, 0)` → "Attack Attack"; none → "no symbols"."""
    return " ".join(SYMBOLS[i].title() for i in range(4) for _ in range(sym[i])) or "no symbols"


def card_label(name: str, sym: tuple[int, ...], fx: tuple[FX, ...], lasting: str = "") -> str:
    """A hero card as hands and options show it: name, symbols, Special Effect's text.

    >>> card_label("Slow Mend", (0, 0, 1, 0), (("draw", 1, -1, 0, 0),))
    'Slow Mend [Heroic + Special Effect: draw 1 card]'
    """
    return f"{name} [{card_text(sym, fx, lasting)}]"


def card_text(sym: tuple[int, ...], fx: tuple[FX, ...], lasting: str = "") -> str:
    """A hero card's symbols and Special Effect: "Heroic + Special Effect: draw 1 card";
    `lasting`: its text while face up (`face_up_text`)."""
    text = symbols_text(sym) + (f" + Special Effect: {effect_text(fx)}" if fx else "")
    return f"{text} + {lasting}" if lasting else text


_WHEN = {"villain_turn_ends": "at the end of each Villain turn",
         "turn_starts": "at the start of {whose} turn", "turn_ends": "at the end of {whose} turn",
         "ko": "when {whom} is KO'd", "card_flipped": "when a Storyline card of {whose} is flipped facedown",
         "master_plan_revealed": "when a Master Plan card is revealed",
         "hero_action": "each time {whom} takes an action", "damage_taken": "each time {whom} would take damage"}
_WHOSE = {"you": ("your", "you"), "another_hero": ("another hero's", "another hero"),
          "any_hero": ("a hero's", "a hero")}


def hook_text(when: str, whose: str, fx: tuple[FX, ...], flags: tuple[str, ...] = ()) -> str:
    """One hook of lasting text in words: "at the start of your turn: draw 1 card"."""
    poss, who = _WHOSE[whose]
    moment = _WHEN[when].format(whose=poss, whom=who)
    steps = effect_text(fx)
    if "instead" in flags:
        steps += " instead"
    if "flip_card" in flags:
        steps += ", then flip this card facedown"
    return f"{moment}: {steps}"


def hero_card_text(t: Tables, c: int) -> str:
    """A Hero card's whole text: its symbols, its Special Effect, what it does face up."""
    return card_text(t.card_sym[c], t.card_fx[c], face_up_text(t, c))


def face_up_text(t: Tables, c: int) -> str:
    """A Hero card's text while it is face up in the Storyline (its `face_up` hooks), ""
    for none: "While face up: at the start of your turn: draw 1 card"."""
    if not t.hooks:
        return ""
    parts = [hook_text(when, sub[2], sub[3], sub[5] if len(sub) > 5 else ())
             for when, subs in t.hooks.items() for sub in subs if sub[0] == 0 and sub[1] == c]
    return ("While face up: " + "; ".join(parts)) if parts else ""


def special_effect_label(name: str, fx: tuple[FX, ...]) -> str:
    """The option that resolves a played card's Special Effect, saying what it does."""
    return f"Resolve the Special Effect of {name}: {effect_text(fx)}"


def _hero_cards(t: Tables) -> dict[str, str]:
    out: dict[str, str] = {}
    for c, name in enumerate(t.card_name):
        h = t.card_owner[c]
        if h >= 0 and name not in out:
            copies = sum(1 for x in t.hero_cards[h] if t.card_name[x] == name)
            out[name] = (f"{card_label(name, t.card_sym[c], t.card_fx[c], face_up_text(t, c))} — "
                         f"{t.hero_names[h]}'s hero card" + (f", {copies} copies" * (copies > 1)))
    return out


def master_plan_text(t: Tables, c: int) -> str:
    """A Master Plan card with its name and whose it is (the `card` command)."""
    return f"{t.card_name[c]} — {t.villain_name}'s Master Plan card: {master_plan_effects(t, c)}"


def master_plan_effects(t: Tables, c: int) -> str:
    """What a Master Plan card does: its move, BAM!, effect and tokens (left, here, right)."""
    parts = [move_text(t, t.mp_move[c])]
    if t.mp_bam[c]:
        parts.append("BAM!")
    if t.card_fx[c]:
        parts.append(effect_text(t.card_fx[c]))
    spots = [f"{tokens_text(*tok)} {where}" for tok, where
             in zip(t.mp_tokens[c], ("to the left", "here", "to the right"), strict=True) if any(tok)]
    if spots:
        parts.append("add " + ", ".join(spots))
    if c in t.mp_extra:  # an owner's Villain's third token kind
        parts.append("add " + ", ".join(f"{count(n, t.extra_name)} {where}" for n, where in zip(
            t.mp_extra[c], ("to the left", "here", "to the right"), strict=True) if n))
    return "; ".join(parts)


def threat_text(t: Tables, th: int) -> str:
    """A Threat: what clears it and every text it adds to the game."""
    parts = [f"Henchman {t.threat_henchman[th]}, {t.threat_health[th]} Health"
             if t.threat_health[th] else f"cleared by {symbols_text((*t.threat_cost[th], 0))}"]
    if t.threat_bonus[th]:
        parts.append(f"+{t.threat_bonus[th]} damage to each hero damaged in its Location")
    parts += [TAGS.get(tag, tag) for tag in sorted(t.threat_tags[th])]
    for label, fx in (("BAM!", t.threat_bam[th]), ("when the Villain arrives", t.threat_arrive[th]),
                      ("when cleared", t.threat_clear[th])):
        if fx:
            parts.append(f"{label}: {effect_text(fx)}")
    return f"{t.threat_name[th]} — Threat: " + "; ".join(parts)


def location_text(t: Tables, li: int) -> str:
    fx = effect_text(t.loc_fx[li])
    how = " (must be used)" if t.loc_mandatory[li] else ""
    bonus = t.loc_bonus.get(li)  # counts group: a kind-limited Attack bonus while uncovered
    more = (f"; while uncovered, each Attack made here deals {bonus[1]} more damage to "
            f"{ {'henchman': 'Henchmen', 'thug': 'Thugs', 'villain': 'the Villain'}[bonus[0]]}"
            if bonus else "")
    return (f"{t.loc_name[li]} — Location, {t.loc_slots[li]} slots: "
            + (f"end of turn: {fx}{how}" if fx else "no effect") + more)


def card_texts(t: Tables) -> dict[str, str]:
    """Name → full text of every hero card, Master Plan card, Threat and Location of a game."""
    out = _hero_cards(t)
    for c in t.mp_cards:
        out.setdefault(t.card_name[c], master_plan_text(t, c))
    for th in range(len(t.threat_name)):
        out.setdefault(t.threat_name[th], threat_text(t, th))
    for li in range(len(t.loc_name)):
        out.setdefault(t.loc_name[li], location_text(t, li))
    for k, name in enumerate(t.team_name):  # team cards (united/vocab/components.py)
        team = ", ".join(t.hero_names[h] for h in sorted(t.team_heroes[k]))
        out.setdefault(name, f"{name} — team card ({team}), once per round: {effect_text(t.team_fx[k])}")
    return out


def card_option(t: Tables, c: int) -> Option:
    """The option naming hero card `c` (play it, or put it under the deck as damage), made
    once per game content and kept in `Tables.kept` (read it as `t.kept.get(("card", c))`)."""
    o = t.kept[("card", c)] = Option(
        f"card:{c}", (card_label, t.card_name[c], t.card_sym[c], t.card_fx[c],
                      face_up_text(t, c) if t.hooks else ""), {"card": c})
    return o


def hero_option(t: Tables, h: int) -> Option:
    """The option naming hero `h` (a Sentinel's damage, …), kept like `card_option`'s."""
    o = t.kept[("hero", h)] = Option(f"hero:{h}", t.hero_names[h], {"hero": h})
    return o
