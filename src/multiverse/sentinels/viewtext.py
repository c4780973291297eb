"""The full current text of a Sentinels card for the views (and so the page): what the face it
shows says, as the content writes it. A hero character card says its power (its front) or its
incapacitated abilities (its incapacitated face); a villain character card, a Scion panel,
OblivAeon's Booklet and a Shield say the text of the face they show.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from multiverse.sentinels.cardtext import abilities, powers

if TYPE_CHECKING:
    from multiverse.sentinels.state import SentinelsState
    from multiverse.sentinels.tables import Tables


def face_text(t: Tables, c: int, face: int) -> str:
    """The printed text of face `face` of card `c` (a face without its own text shows the
    card's)."""
    card = t.card[c]
    if face and face - 1 < len(card.sides):
        return card.sides[face - 1].text or card.text
    return card.text


def character_text(t: Tables, c: int, face: int) -> str:
    """A hero character card's text: "Power — Name: text" on its front, its three
    incapacitated abilities on its incapacitated face."""
    name = t.name[c]
    if face:
        texts = abilities(t).get(name, ())
        names = [a[0] for a in t.abilities.get(c, ())]
        parts = [f"{n}: {x}" if x else n for n, x in zip(names, texts, strict=False)]
        return "Incapacitated — " + " · ".join(parts) if parts else ""
    power = powers(t).get(name)
    if power is None:
        return face_text(t, c, 0)
    return f"Power — {power[0]}: {power[1]}" if power[1] else f"Power — {power[0]}"


def card_text(s: SentinelsState, c: int, face: int | None = None) -> str:
    """The full text of card `c` at the face it shows (or `face`)."""
    t = s.T
    f = s.face[c] if face is None else face
    if t.card[c].kind == "character" and t.hero_char[c] >= 0:
        return character_text(t, c, f)
    return face_text(t, c, f)
