"""What one seat may see (DESIGN property 5): deck orders, facedown cards, the solo token
pile and other seats' hands are hidden; counts stay visible."""

from __future__ import annotations

from typing import Any

from multiverse.united.state import PHASE_NIMROD, UnitedState
from multiverse.united.tables import SENTINEL_IDS, SYMBOLS


def view(s: UnitedState, seat: int) -> dict[str, Any]:
    """A JSON-ready dictionary of everything `seat` may see."""
    t = s.T
    heroes = []
    for h in range(t.n_heroes):
        mine = s.seat(h) == seat
        heroes.append({
            "id": t.hero_ids[h], "name": t.hero_names[h], "seat": s.seat(h),
            "location": s.hero_loc[h],
            "hand": [{"card": c, "name": t.card_name[c]} for c in s.hand[h]] if mine else None,
            "hand_size": len(s.hand[h]), "deck_size": len(s.deck[h]),
            "tokens": {SYMBOLS[i]: s.tokens[h * 4 + i] for i in range(4) if s.tokens[h * 4 + i]},
            "target": SENTINEL_IDS[s.target[h]] if s.target[h] >= 0 else None,
            "ko": bool(s.ko[h]), "eliminated": bool(s.out[h]),
        })
    story = []
    for c in s.story:
        if c < 0:
            story.append({"facedown": True, "hero": t.hero_ids[t.card_owner[~c]]})
        else:
            owner = t.card_owner[c]
            story.append({"card": c, "name": t.card_name[c],
                          "hero": t.hero_ids[owner] if owner >= 0 else None,
                          "master_plan": owner < 0})
    return {
        "seat": seat,
        "phase": "nimrod" if s.phase == PHASE_NIMROD else "sentinels",
        "locations": [{
            "position": p, "id": t.content.locations[s.locs[p]].id, "name": s.loc_name(p),
            "slots": t.loc_slots[s.locs[p]], "civilians": s.civ[p], "thugs": s.thug[p],
            "threat": None if s.threat[p] < 0 else {
                "name": t.threat_name[s.threat[p]],
                "need": {SYMBOLS[i]: s.need[p * 3 + i] for i in range(3) if s.need[p * 3 + i]}},
        } for p in range(6)],
        "villain_start": s.villain_start,
        "sentinels": [{"id": SENTINEL_IDS[i], "name": t.sentinel_names[i], "location": s.s_loc[i],
                       "health": s.s_hp[i], "defeated": s.s_loc[i] < 0} for i in range(3)],
        "nimrod": ({"location": s.n_loc, "health": s.n_hp} if s.phase == PHASE_NIMROD else None),
        "master_plan_deck_size": len(s.mp_deck),
        "track": s.track, "track_max": t.track_max,
        "heroes": heroes, "storyline": story,
        "token_pile_size": len(s.pile),
        "active": s.active, "round": s.round, "turn": s.turn,
        "result": s.result, "reason": s.reason or None,
    }
