"""OblivAeon's owners and cards compiled to the engine's flat tables.

Owners (areas), in order: the players' hero areas 0..P-1; OblivAeon (the Booklet, his deck
and the Shields); the Scions (panels, Scion deck, the Scion Reserve); the Aeon Men deck;
every environment of the pack (five of them are in the game, OBL-S6); the Mission deck.
Hero decks are not areas: every hero deck of the pack (with its variants) waits in the box
until a player sets it up (OBL-I4, I5).
"""

from __future__ import annotations

from multiverse.content.sentinels_schema import Card, SentinelsContent
from multiverse.engine.errors import ContentError
from multiverse.sentinels.oblivaeon.config import OblivaeonConfig
from multiverse.sentinels.tables import (
    ENVIRONMENT,
    HERO,
    MISSION,
    VILLAIN,
    Tables,
    _counters,
    add_hero_deck,
)

SCION_KEYWORD = "scion"


def build_oblivaeon_tables(config: OblivaeonConfig, content: SentinelsContent) -> Tables:
    ob = content.oblivaeon
    if ob is None:
        raise ContentError(["this content has no `oblivaeon:` section (the OblivAeon mode's "
                            "Booklet, decks, Shields and Missions)"])
    heroes = {h.id: h for h in content.heroes}
    unknown = [h for h in config.heroes if h not in heroes]
    if unknown:
        raise ContentError([f"unknown hero id(s) {unknown}; this content has: {sorted(heroes)}"])
    envs = {e.id: e for e in content.environments}
    if len(envs) < 5:
        raise ContentError([f"OBL-S6: OblivAeon needs five environments; this content has "
                            f"{len(envs)}: {sorted(envs)}"])
    for eid in config.environments or ():
        if eid not in envs:
            raise ContentError([f"unknown environment {eid!r}; this content has: {sorted(envs)}"])
    scions = {sc.name: sc for sc in content.scions}
    missing = [sc.name for sc in content.scions if sc.hp is None]
    if missing or len(scions) < 2:
        raise ContentError([f"OblivAeon needs Scion panels with HP; without: {missing}"])
    shields = {sh.name: sh for sh in ob.shields}
    if config.shield is not None and config.shield not in shields:
        raise ContentError([f"unknown Shield {config.shield!r}; this content has: {sorted(shields)}"])
    for sh in ob.shields:
        if sh.bring_forth not in scions:
            raise ContentError([f"Shield {sh.name!r} brings forth {sh.bring_forth!r}, which is "
                                f"not a Scion of this content: {sorted(scions)}"])
    for name in config.scion_order or ():
        if name not in scions:
            raise ContentError([f"unknown Scion {name!r} in the Scion order; this content has: "
                                f"{sorted(scions)}"])

    t = Tables(config=config, content=content)  # type: ignore[arg-type]
    p = t.n_heroes = len(config.heroes)
    t.dynamic = True
    t.n_zones = 2
    t.hero_ids = tuple(config.heroes)
    ob_o, sc_o, am_o = p, p + 1, p + 2
    env_ids = list(envs)
    t.villain, t.villains = ob_o, (ob_o, sc_o, am_o)
    t.envs = tuple(range(p + 3, p + 3 + len(env_ids)))
    t.env = t.envs[0]
    t.mission = p + 3 + len(env_ids)
    t.okind = [HERO] * p + [VILLAIN] * 3 + [ENVIRONMENT] * len(env_ids) + [MISSION]
    t.owner_names = (*(f"Player {i + 1}" for i in range(p)), ob.name, "The Scions", "The Aeon Men",
                     *(envs[e].name for e in env_ids), "The Mission deck")
    t.plural_owners = frozenset((sc_o, am_o))  # "The Scions play", "The Aeon Men play"
    t.named_decks = {"oblivaeon": ob_o, "scion": sc_o, "aeon_men": am_o, "mission": t.mission}
    t.late_owner = am_o
    t.env_ids = tuple(env_ids)
    # every hero deck of the pack, with its variants: the players' own first
    order = [*config.heroes, *(h for h in heroes if h not in config.heroes)]
    for d, hid in enumerate(order):
        add_hero_deck(t, heroes[hid], -1, d, variants=True)
    t.character = [t.hdeck_chars[d][0] for d in range(p)]
    # OblivAeon: the Booklet (villain character, his forms), his deck, the Shields
    t.villain_character = t.add_card(ob_o, Card.model_construct(
        name=ob.name, kind="character", hp=ob.hp, keywords=ob.keywords, triggers=ob.triggers,
        modifiers=ob.modifiers, sides=ob.sides, text=ob.text))
    _counters(t, ob.counters)
    _training_devastation(t, config.devastation_thresholds)
    t.deck_cards = [[] for _ in range(len(t.okind))]
    t.deck_cards[ob_o] = [t.add_card(ob_o, c) for c in ob.deck for _ in range(c.copies)]
    t.shield_cards = {sh.name: t.add_card(ob_o, Card(
        name=sh.name, kind="ongoing", keywords=[*sh.keywords, "shield"], hp=sh.hp,
        indestructible=True, triggers=sh.triggers, modifiers=sh.modifiers, sides=sh.sides,
        text=sh.text)) for sh in ob.shields}
    t.bring_forth = {t.shield_cards[sh.name]: sh.bring_forth for sh in ob.shields}
    # the Scions: panels (villain character cards, OBL-C4), the Scion deck
    t.scion_cards = {}
    for sc in content.scions:
        kws = [*sc.keywords] + ([SCION_KEYWORD] if SCION_KEYWORD not in sc.keywords else [])
        sides = [sd if sd.keywords is None or SCION_KEYWORD in sd.keywords
                 else sd.model_copy(update={"keywords": [*sd.keywords, SCION_KEYWORD]})
                 for sd in sc.sides]
        t.scion_cards[sc.name] = t.add_card(sc_o, Card.model_construct(
            name=sc.name, kind="character", hp=sc.hp, keywords=kws, triggers=sc.triggers,
            modifiers=sc.modifiers, sides=sides, text=sc.panel_text or sc.text))
        c = t.scion_cards[sc.name]
        zero = (t.reg(sc.at_zero_hp), *(t.reg(sd.at_zero_hp) for sd in sc.sides))
        if any(zero):  # SOTM-18 for Scions: what the panel says at 0 HP
            t.scion_zero[c] = zero
        usurp = frozenset(f for f, u in enumerate((sc.usurps, *(sd.usurps for sd in sc.sides)))
                          if u)
        if usurp:  # OBL-C22: the faces that take OblivAeon's place
            t.usurp_faces[c] = usurp
    t.scions = frozenset(t.scion_cards.values())
    t.deck_cards[sc_o] = [t.add_card(sc_o, c) for c in ob.scion_deck for _ in range(c.copies)]
    t.deck_cards[am_o] = [t.add_card(am_o, c) for c in ob.aeon_men for _ in range(c.copies)]
    for o, eid in zip(t.envs, env_ids, strict=True):
        t.deck_cards[o] = [t.add_card(o, c) for c in envs[eid].cards for _ in range(c.copies)]
    # the Missions: objective (front) and reward (OBL-M1, M2, C7, C15)
    for m in ob.missions:
        reward = m.reward.model_copy(update={"clear_tokens": True,
                                             "restore_hp": m.reward.hp is not None})
        obj_side = (VILLAIN if m.target_side == "villain" else ENVIRONMENT) if m.hp else MISSION
        t.deck_cards[t.mission].append(t.add_card(-1, Card(
            name=m.name, kind="target" if m.hp else "ongoing", keywords=[*m.keywords, "mission"],
            hp=m.hp, play=m.play, power=m.power, triggers=m.triggers, modifiers=m.modifiers,
            sides=[reward], text=m.text), sides=(obj_side, HERO)))
    t.missions = frozenset(t.deck_cards[t.mission])
    t.finish()
    return t


__all__ = ["SCION_KEYWORD", "build_oblivaeon_tables"]


def _training_devastation(t: Tables, keep: int | None) -> None:
    """The training setting `devastation_thresholds` (not a printed rule): only the `keep`
    lowest thresholds of the Devastation counter (OBL-ID1) apply (None: every one, as printed)."""
    i = t.counter_index.get("Devastation")
    if keep is None or i is None:
        return
    order = sorted(range(len(t.thresholds[i])), key=lambda k: t.thresholds[i][k][0])[:keep]
    kept = sorted(order)
    t.thresholds = tuple(tuple(th[k] for k in kept) if c == i else th
                         for c, th in enumerate(t.thresholds))
    t.threshold_text = tuple(tuple(tx[k] for k in kept) if c == i else tx
                             for c, tx in enumerate(t.threshold_text))
