"""What one seat may see of a Sentinels game (DESIGN property 5).

Hidden: the hands of other seats and the order of every deck (and of the reserve pile).
Visible: counts (hand, deck and reserve sizes), HP, every card in play with its HP, tokens,
face and the cards under it, every trash (faceup in the game), the cards removed from the
game, the named counters, the modifiers in force, whose turn and which phase it is. The pending decision's
options are shown only to the seat that decides (a search, for one, names deck cards).
"""

from __future__ import annotations

from typing import Any

from multiverse.sentinels.state import Z_REMOVED, SentinelsState
from multiverse.sentinels.tables import KINDS
from multiverse.sentinels.threats import threats
from multiverse.sentinels.viewtext import card_text
from multiverse.sentinels.vocab.lasting import DURATIONS
from multiverse.sentinels.zones import cards_under

DURATION_NAMES = {code: name for name, code in DURATIONS.items()}


def _card(s: SentinelsState, c: int) -> dict[str, Any]:
    t = s.T
    card = t.card[c]
    f = s.face[c]
    out: dict[str, Any] = {"card": c, "name": t.name[c], "kind": KINDS[t.kind[c][f]],
                           "keywords": sorted(t.keywords[c][f]), "tokens": s.tok[c],
                           "text": card_text(s, c)}
    if t.n_faces[c] > 1:  # a card with faces: which it shows, and that face's title
        out.update(face=f, faces=t.n_faces[c], face_name=t.face_name[c][f])
    if s.under:  # cards under it, bottom first (face up)
        below = cards_under(s, c)
        if below:
            out["under"] = held(s, below)
    if t.max_hp[c][f]:
        out.update(hp=s.hp[c], max_hp=t.max_hp[c][f], target=s.is_target(c))
    if card.limited:
        out["limited"] = True
    if card.indestructible:
        out["indestructible"] = True
    return out


def _listed(s: SentinelsState, cards: list[int]) -> list[dict[str, Any]]:
    return [{"card": c, "name": s.T.name[c]} for c in cards]


def held(s: SentinelsState, cards: list[int]) -> list[dict[str, Any]]:
    """Cards a seat may read (its own hand, the cards under a card): names and text."""
    return [{"card": c, "name": s.T.name[c], "kind": KINDS[s.T.kind[c][s.face[c]]],
             "text": card_text(s, c)} for c in cards]


def _play(s: SentinelsState, o: int, skip: int = -1) -> list[dict[str, Any]]:
    return [_card(s, c) for c in sorted(s.play[o], key=s.seq.__getitem__) if c != skip]


def _whose(s: SentinelsState, o: int) -> str:
    t = s.T
    return t.hero_ids[o] if o < t.n_heroes else "villain" if o == t.villain else "environment"


def modifiers_in_force(s: SentinelsState) -> list[dict[str, Any]]:
    """Every damage modifier in force (SOTM-14): from cards in play, then from effects with
    a duration, each with the card it comes from."""
    t = s.T
    out = []
    for c in s.cards_in_play():
        for m in t.modifiers[c][s.face[c]]:
            out.append({"card": c, "name": t.name[c], "kind": m.kind, "amount": m.amount,
                        "applies_to": m.applies_to, "damage_type": m.damage_type,
                        "duration": "while_in_play"})
    for sid, this, _hero, dur, _o in s.mods:
        m = t.steps[sid].modifier
        assert m is not None
        out.append({"card": this, "name": t.name[this], "kind": m.kind, "amount": m.amount,
                    "applies_to": m.applies_to, "damage_type": m.damage_type,
                    "duration": DURATION_NAMES[dur]})
    return out


def view(s: SentinelsState, seat: int) -> dict[str, Any]:
    """A JSON-ready dictionary of everything `seat` may see."""
    t = s.T
    heroes = []
    for h in range(t.n_heroes):
        c = t.character[h]
        mine = s.seat(h) == seat
        sides = t.hero_tokens[h][0]
        heroes.append({
            "id": t.hero_ids[h], "name": t.owner_names[h], "seat": s.seat(h),
            "hp": s.hp[c], "max_hp": s.max_hp(c), "incapacitated": bool(s.incap[h]),
            "target": s.is_target(c), "character": c, "text": card_text(s, c),
            "hand": held(s, s.hand[h]) if mine else None,
            "hand_size": len(s.hand[h]), "deck_size": len(s.deck[h]),
            "trash": _listed(s, s.trash[h]),
            "play": _play(s, h, skip=c),
            "tokens": [sides[x] for x in s.htok[h]] if sides else None,
        })
    vc = t.villain_character
    d = s.decision()
    decision = None
    if d is not None:
        decision = {"seat": d.seat, "kind": d.kind}
        if d.seat == seat:
            decision = d.to_dict()
    return {
        "seat": seat,
        "mode": "sentinels",
        "H": t.n_heroes,  # SOTM-3: fixed at the start
        "round": s.round,
        "turn": _whose(s, s.turn),
        "phase": s.phase,
        "heroes": heroes,
        "villain": {
            "id": t.config.villain or t.content.villains[0].id, "name": t.owner_names[t.villain],
            "hp": s.hp[vc], "max_hp": s.max_hp(vc),
            "flipped": s.face[vc] != 0, "face": s.face[vc], "faces": t.n_faces[vc],
            "face_name": t.face_name[vc][s.face[vc]], "character": vc, "text": card_text(s, vc),
            "deck_size": len(s.deck[t.villain]), "trash": _listed(s, s.trash[t.villain]),
            "play": _play(s, t.villain, skip=vc),
        },
        "environment": {
            "id": t.config.environment or t.content.environments[0].id, "name": t.owner_names[t.env],
            "deck_size": len(s.deck[t.env]), "trash": _listed(s, s.trash[t.env]),
            "play": _play(s, t.env),
        },
        "counters": {name: s.ctr[i] for i, name in enumerate(t.counter_names)},
        "threats": threats(s),  # issue 21: each counter that can end the game, in words
        "reserve_size": len(s.reserve),  # its order is hidden, like a deck's
        "removed": _listed(s, [c for c, z in enumerate(s.zone) if z == Z_REMOVED]
                           if Z_REMOVED in s.zone else []),
        "modifiers": modifiers_in_force(s),
        "decision": decision,
        "result": s.result, "reason": s.reason or None,
    }
