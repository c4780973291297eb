"""Sentinels of the Multiverse character cards and counters in words, for the terminal's
`card NAME`: the villain character card with every face (SOTM-18), and the named counters
(OBL-ID1: Devastation and the Countdown on the Inevitable Destruction card).

A face's own `text` is used when the content writes one; a face without text is read from
its data (HP, setup, triggers, modifiers) in plain words, never with invented card text.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from multiverse.engine.words import count

if TYPE_CHECKING:
    from multiverse.sentinels.tables import Tables

_WHEN = {"start_of_turn": "at the start of {whose} turn", "end_of_turn": "at the end of {whose} turn",
         "dealt_damage": "when dealt damage", "destroyed": "when destroyed",
         "enters_play": "when it enters play"}
_WHOSE = {"villain": "the villain", "environment": "the environment", "hero": "each hero's",
          "owner": "its owner's", "any": "each", "oblivaeon": "OblivAeon's"}
_GROUP = {"hero": "hero target", "hero_character": "hero", "villain": "villain target",
          "villain_character": "the villain character", "non_hero": "non-hero target",
          "non_villain": "non-villain target", "environment": "environment target",
          "any": "target", "this": "this card"}
_PICK = {"each": "each {g}", "highest_hp": "the {g} with the highest HP",
         "lowest_hp": "the {g} with the lowest HP", "one": "1 {g}", "up_to": "up to {n} {g}s"}


def _target(sel: Any) -> str:
    if sel.group in ("this", "villain_character"):
        return "it"
    g = _GROUP.get(sel.group, sel.group.replace("_", " "))
    if sel.kind and not sel.targets_only:  # any card of a kind: "1 hero ongoing card"
        g = f"{g.removesuffix(' target')} {sel.kind} card"
    elif sel.kind:
        g += f" ({sel.kind})"
    return _PICK.get(sel.pick, "{g}").format(g=g, n=sel.count)


_TESTS = {"cards_in_play_with_keyword_at_least": "{n} or more {k} cards are in play",
          "this_hp_at_least": "it has {n} or more HP", "this_hp_at_most": "it has {n} HP or less",
          "counter_at_least": "the counter is {n} or more", "villain_flipped": "it has flipped"}


def _cond(c: Any) -> str:
    words = _TESTS.get(c.test)
    if words is None:
        return c.test.replace("_", " ").replace("at least", f"at least {c.amount}")
    return words.format(n=c.amount, k=c.keyword or "")


def step_text(st: Any) -> str:
    """One effect step in plain words, read from its data."""
    v = st.verb
    if v == "damage":
        extra = " irreducible" if st.irreducible else ""
        who = "it" if st.source in ("villain_character", "this") else "the source"
        return f"{who} deals {_target(st.target)} {st.amount}{extra} {st.type} damage"
    if v == "heal":
        return f"{_target(st.target)} regains {st.amount} HP"
    if v == "destroy":
        return f"destroy {_target(st.target)}"
    if v == "search":
        where = {"play": "put it into play", "hand": "put it into the hand"}.get(st.to, st.to)
        return f"search the {st.deck} deck and trash for a {st.keyword or 'card'} and {where}"
    if v == "if" and st.cond is not None:
        cond = _cond(st.cond)
        if st.do and st.otherwise:
            return f"if {cond}: {effect_words(st.do)}; otherwise {effect_words(st.otherwise)}"
        if st.do:
            return f"if {cond}: {effect_words(st.do)}"
        return f"unless {cond}: {effect_words(st.otherwise)}"
    words = v.replace("_", " ")
    return f"{words} {st.amount}" if st.amount > 1 else words


def effect_words(steps: Any) -> str:
    return "; ".join(step_text(x) for x in steps)


_MODS = {"reduce_taken": "takes {n} less", "increase_taken": "takes {n} more",
         "reduce_dealt": "deals {n} less", "increase_dealt": "deals {n} more"}


def _modifier(m: Any) -> str:
    who = "it" if m.applies_to in ("this", "villain_character") else \
        _GROUP.get(m.applies_to, m.applies_to)
    how = _MODS.get(m.kind)
    typ = f" {m.damage_type}" if m.damage_type else ""
    if how is None:
        return f"{m.kind.replace('_', ' ')} {m.amount}{typ} damage ({who})"
    return f"{who} {how.format(n=m.amount)}{typ} damage"


def face_words(face: Any, hp: int | None) -> str:
    """A face without text, read from its data: HP, what flipping to it does, its triggers
    and modifiers."""
    parts = [f"HP {hp}" + (" (restored)" if getattr(face, "restore_hp", False) else "")] if hp else []
    if getattr(face, "on_flip", None):
        parts.append(f"when it flips here: {effect_words(face.on_flip)}")
    for tr in face.triggers:
        moment = _WHEN.get(tr.when, tr.when.replace("_", " ")).format(
            whose=_WHOSE.get(tr.whose, tr.whose))
        parts.append(f"{moment}: {effect_words(tr.effect)}")
    parts += [_modifier(m) for m in face.modifiers]
    return "; ".join(parts)


def villain_character_text(t: Tables) -> str | None:
    """The (base game) villain character card: its setup and every face, each face in its
    own text or, without one, read from its data. None in a game without a villain deck."""
    villain = next((v for v in t.content.villains
                    if v.id == (getattr(t.config, "villain", None) or t.content.villains[0].id)), None)
    if villain is None or t.villain_character < 0 or t.name[t.villain_character] != villain.name:
        return None
    text = getattr(villain, "text", "") or face_words(villain, None)
    lines = [f"{villain.name} (villain character card, HP {villain.hp}): {text}"]
    if villain.setup and not getattr(villain, "text", ""):  # a written text tells its setup
        lines.append(f"Setup: {effect_words(villain.setup)}")
    for i, side in enumerate(villain.sides, 2):
        name = side.name or f"face {i}"
        lines.append(f"At 0 HP it flips to face {i}, {name}: "
                     f"{side.text or face_words(side, side.hp)}")
    if not villain.sides:
        lines.append("At 0 HP it is defeated and the heroes win.")
    else:
        lines.append(f"At 0 HP on its last face it is defeated and the heroes win "
                     f"({count(len(villain.sides) + 1, 'face')}).")
    return " | ".join(lines)


def counter_texts(t: Tables) -> dict[str, str]:
    """OBL-ID1: each named counter (its text and thresholds), and the Inevitable Destruction
    card that holds them when a counter's text names it."""
    counters = []
    ob = getattr(t.content, "oblivaeon", None)
    if ob is not None and t.counter_names and set(t.counter_names) <= {c.name for c in ob.counters}:
        counters = list(ob.counters)
    else:
        for v in t.content.villains:
            if [c.name for c in v.counters] == list(t.counter_names):
                counters = list(v.counters)
                break
    out: dict[str, str] = {}
    for c in counters:
        parts = [c.text.strip()] if c.text else []
        parts += [th.text.strip() for th in c.thresholds if th.text]
        out[c.name] = (f"{c.name} — counter, from {c.start} ({c.min} to {c.max}): "
                       + " ".join(parts))
    held = [c for c in counters if "Inevitable Destruction" in c.text]
    if held:
        out["Inevitable Destruction"] = ("Inevitable Destruction — the card that holds "
                                         + " and ".join(x.name for x in counters) + ": "
                                         + " ".join(out[x.name].split(": ", 1)[1] for x in counters))
    return out
