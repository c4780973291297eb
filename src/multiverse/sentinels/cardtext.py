"""Sentinels of the Multiverse card text for the terminal: compact labels and full text.

Options that name a card show its kind, HP, keywords and text (`card_label`); a power
option names the power and says what it does (`power_label`); `card_texts` gives the full
text of every card of a game for the `card NAME` command. The text is the card's `text`
field, as the content writes it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from multiverse.sentinels.tables import Tables


def powers(t: Tables) -> dict[str, tuple[str, str]]:
    """Character card name → (power name, power text), for every hero version of the game."""
    out: dict[str, tuple[str, str]] = {}
    for h in t.content.heroes:
        out[h.name] = (h.power.name, h.power.text)
        for v in h.variants:
            out[v.name] = (v.power.name, v.power.text)
        for m in h.team:
            if m.power is not None:
                out[m.name] = (m.power.name, m.power.text)
    return out


def abilities(t: Tables) -> dict[str, tuple[str, ...]]:
    """Character card name → the texts of its three incapacitated abilities."""
    out: dict[str, tuple[str, ...]] = {}
    for h in t.content.heroes:
        out[h.name] = tuple(a.text for a in h.incapacitated)
        for v in h.variants:
            out[v.name] = tuple(a.text for a in v.incapacitated)
        for m in h.team:
            out[m.name] = out[h.name]
    return out


def ability_label(t: Tables, c: int, i: int) -> str:
    """Incapacitated ability `i` of character card `c`: "Name: text"."""
    name = t.abilities[c][i][0]
    texts = abilities(t).get(t.name[c], ())
    text = texts[i] if i < len(texts) else ""
    return f"{name}: {text}" if text else name


def facts(card: Any) -> str:
    """Kind, HP and keywords in one parenthesis: "(ongoing, HP 4; limited, seed)"."""
    parts = [card.kind] + ([f"HP {card.hp}"] if card.hp else [])
    words = ", ".join(dict.fromkeys([*card.keywords, *(["limited"] if card.limited else [])]))
    return "(" + ", ".join(parts) + (f"; {words}" if words else "") + ")"


def card_label(t: Tables, c: int) -> str:
    """A card as options and hands name it: "Name (kind, HP n; keywords): text"."""
    card = t.card[c]
    text = card.text or _power_text(t, c)
    return f"{t.name[c]} {facts(card)}" + (f": {text}" if text else "")


def _power_text(t: Tables, c: int) -> str:
    power = powers(t).get(t.name[c]) if t.card[c].kind == "character" else None
    if power is None:
        return ""
    return f"power {power[0]}: {power[1]}" if power[1] else f"power {power[0]}"


def power_label(t: Tables, c: int) -> str:
    """A power option: the power's name and text (a character card's), or the card's."""
    power = powers(t).get(t.name[c]) if t.card[c].kind == "character" else None
    if power is not None:
        return f"{power[0]} ({t.name[c]}): {power[1]}"
    return f"Power of {t.name[c]}: {t.card[c].text}" if t.card[c].text else f"Power of {t.name[c]}"


def power_name(t: Tables, c: int) -> str:
    """How narration names a power: "Calibrated Beam (Luminary)", else "the power of X"."""
    power = powers(t).get(t.name[c]) if t.card[c].kind == "character" else None
    return f"{power[0]} ({t.name[c]})" if power else f"the power of {t.name[c]}"


def card_texts(t: Tables) -> dict[str, str]:
    """Name → full text of every card of a game (first copy of each name), incapacitated
    abilities included with the hero character cards."""
    out: dict[str, str] = {}
    for c in range(len(t.card)):
        name = t.name[c]
        if name in out or name.endswith("(incapacitated)"):
            continue
        text = card_label(t, c)
        sides = [f"{s.name or 'another face'}: {s.text}" for s in t.card[c].sides if s.text]
        if sides:
            text += " | " + " | ".join(sides)
        if c in t.abilities:
            text += " | incapacitated: " + "; ".join(ability_label(t, c, i)
                                                     for i in range(len(t.abilities[c])))
        out[name] = text
    return out
