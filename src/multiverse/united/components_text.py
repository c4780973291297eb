"""Marvel United's components beside the cards, in words, for the terminal's `card NAME`:
the Villain's dashboard (Nimrod's in Days of Future Past), the Sentinels and their
Challenge cards, the Missions and the Activation Protocol reference. Every text is the
content's own (its `special_rules`, `challenge_text`, `*_text` fields) or read from its
numbers; nothing is invented.
"""

from __future__ import annotations

from multiverse.content.schema import Villain
from multiverse.engine.words import count
from multiverse.united.cardtext import effect_text
from multiverse.united.tables import Tables


def _villain(t: Tables) -> Villain | None:
    """The standard game's Villain in the content (the configured one, else the first)."""
    v = next((x for x in t.content.villains if x.id == (t.config.villain or "")), None)
    return v if v is not None or not t.content.villains else t.content.villains[0]


def villain_rules(t: Tables) -> str:
    """MU-3: the Villain dashboard's rules: its special rules as the content writes them,
    else its BAM!, Overflow and Villainous Plot read from its numbers (the page's text)."""
    v = _villain(t)
    if v is not None and v.special_rules:
        return " ".join(v.special_rules.split())
    parts = [f"BAM!: {effect_text(t.villain_bam)}" if t.villain_bam else "",
             f"Overflow: {effect_text(t.villain_overflow)}" if t.villain_overflow else "",
             f"the heroes lose when {t.track_name} reaches {t.track_max}"]
    return ". ".join(p for p in parts if p) + "."


def villain_text(t: Tables) -> str:
    """MU-3: the standard Villain's dashboard: Health for this game, the Villainous Plot
    and its rules (`villain_rules`)."""
    v = _villain(t)
    parts = [f"Health {t.nimrod_health} (for {count(len(t.hero_ids), 'hero', 'heroes')})"]
    if v is not None:
        parts.append(f"Villainous Plot: {v.plot.name}, from {v.plot.start}; the heroes lose "
                     f"at {v.plot.lose_at}")
    parts.append(villain_rules(t))
    return f"{t.villain_name} — Villain: " + "; ".join(parts)


def nimrod_text(t: Tables) -> str:
    """DFP-D1..D3: Nimrod and the dashboard's three parts, as the content words them."""
    dash = t.content.dofp.dashboard if t.content.dofp else None
    parts = [f"Health {t.nimrod_health} (for {count(len(t.hero_ids), 'hero', 'heroes')}); he enters "
             "when the three Sentinels are defeated"]
    if dash is not None:
        parts += [x.strip().rstrip(".") for x in (dash.blue_text, dash.gray_text, dash.pink_text) if x]
    return f"{t.villain_name} — Villain (the {dash.name if dash else 'dashboard'}): " + "; ".join(parts)


def sentinel_texts(t: Tables) -> dict[str, str]:
    """DFP-S2 / DFP-C2: each Sentinel; in a standard game with a Sentinel Challenge, the
    Challenge card of the Sentinel that hunts the heroes."""
    out: dict[str, str] = {}
    if t.content.dofp is None:
        return out
    protocol = next((p.text.strip() for p in t.content.dofp.protocol_cards), "")
    for i, sn in enumerate(t.content.dofp.sentinels):
        if t.mode == "standard":
            if i != t.challenge:
                continue
            out[sn.name] = (f"{sn.name} — Sentinel Challenge card (DFP-C1): Health "
                            f"{sn.challenge_health}; it cannot be damaged until the Villain is "
                            f"Under Pressure. {sn.challenge_text.strip()}")
        else:
            out[sn.name] = (f"{sn.name} — Sentinel, Health {t.sentinel_health}; it hunts the "
                            f"hero holding its Target token."
                            + (f" Activation Protocol: {protocol}" if protocol else ""))
    return out


def mission_texts(t: Tables) -> dict[str, str]:
    """MU-9, MU-15: the standard game's Missions and what completing them does."""
    if t.mode != "standard":
        return {}
    c = t.config
    return {m.name: (f"{m.name} — Mission: complete it at {m.threshold}. "
                     f"After {count(c.under_pressure_after, 'Mission')} completed the Villain is "
                     f"Under Pressure; after {c.vulnerable_after} it can be damaged.")
            for m in t.content.missions}


def protocol_texts(t: Tables) -> dict[str, str]:
    """DFP-S2: the Activation Protocol reference card (Days of Future Past)."""
    if t.mode == "standard" or t.content.dofp is None:
        return {}
    return {p.name: f"{p.name} — reference card: {p.text.strip()}"
            for p in t.content.dofp.protocol_cards}


def hero_texts(t: Tables) -> dict[str, str]:
    """MU-4: each hero of the game: its deck and the parts of its own (companion, clones,
    tokens, deck), as the content lists them."""
    heroes = {h.id: h for h in t.content.heroes}
    out: dict[str, str] = {}
    for i, hid in enumerate(t.hero_ids):
        h = heroes.get(hid)
        if h is None:
            continue
        parts = [f"a deck of {count(len(t.hero_cards[i]), 'hero card')}"]
        if h.companion is not None:
            parts.append(f"companion {h.companion.name}")
        if h.clones:
            parts.append(count(h.clones, "clone"))
        if h.tokens is not None:
            parts.append(f"own tokens: {h.tokens.name} ({h.tokens.start} at the start, at "
                         f"most {h.tokens.most})")
        if h.deck is not None:
            parts.append(f"own deck: {h.deck.name}")
        out[h.name] = f"{h.name} — hero: " + "; ".join(parts)
    return out


def component_texts(t: Tables) -> dict[str, str]:
    """Name → text of every component of a game that is not a card of a deck."""
    out = {t.villain_name: villain_text(t) if t.mode == "standard" else nimrod_text(t)}
    out.update(hero_texts(t))
    out.update(sentinel_texts(t))
    out.update(mission_texts(t))
    out.update(protocol_texts(t))
    return out
