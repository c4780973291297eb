"""What one seat may see (DESIGN property 5): deck orders, facedown cards, the solo token
pile and other seats' hands are hidden; counts stay visible.

Both modes share the same keys; a standard game adds its own (`villain` details,
`missions`, `under_pressure`, `challenge`) and a Days of Future Past game has none of the
Mission keys (DFP-S1: no Missions in that mode)."""

from __future__ import annotations

from typing import Any

from multiverse.united.cardtext import hero_card_text, master_plan_effects
from multiverse.united.dofp.nimrod import UNDER_PRESSURE_CADENCE
from multiverse.united.enemies import wild_left
from multiverse.united.lasting import KINDS as LASTING_KINDS
from multiverse.united.lasting import lasting_entry, lasting_text, until_word
from multiverse.united.owned import slots
from multiverse.united.protection import (
    BLANK_MASTER_PLAN,
    CANCEL_BAM,
    EXTRA_DAMAGE,
    FACE_UP,
    IGNORE_OVERFLOW,
    STOP_MOVE,
)
from multiverse.united.standard.missions import MISSION_NAMES, completed, under_pressure, vulnerable
from multiverse.united.state import PHASE_NIMROD, UnitedState
from multiverse.united.tables import SENTINEL_IDS, SYMBOLS, Tables
from multiverse.united.threats import threats
from multiverse.united.verbs import describe
from multiverse.united.viewtext import add_texts
from multiverse.united.vocab.components import component_view
from multiverse.united.vocab.moves import KINDS_HIGH as MOVES_HIGH
from multiverse.united.vocab.moves import KINDS_LOW as MOVES_LOW
from multiverse.united.vocab.moves import lasting_moves
from multiverse.united.vocab.parts import parts_view
from multiverse.united.vocab.terms import KINDS as TERMS_KINDS
from multiverse.united.vocab.terms import terms_detail, terms_phrase
from multiverse.united.vocab.turn import KINDS as TURN_KINDS
from multiverse.united.vocab.villain import REACTION, REACTION_LAST, REDIRECT_MOVE, known_view, lasting_view

MISSION_IDS = ("rescue-civilians", "defeat-thugs", "clear-threats")
CHALLENGE_IDS = ("sentinel-i", "sentinel-ii", "sentinel-iii")


def _threat(s: UnitedState, p: int) -> dict[str, Any] | None:
    t, th = s.T, s.threat[p]
    if th < 0:
        return None
    out: dict[str, Any] = {
        "id": t.threat_ids[th], "name": t.threat_name[th],
        "need": {SYMBOLS[i]: s.need[p * 3 + i] for i in range(3) if s.need[p * 3 + i]}}
    if wild_left(s, p):  # Wild symbols of the cost: any symbol fills them
        out["need"]["wild"] = wild_left(s, p)
    if t.threat_health[th]:  # MU-19: a Henchman Threat shows its Henchman's Health
        out["henchman"] = {"name": t.threat_henchman[th], "health": s.hench[p],
                           "max_health": t.threat_health[th]}
    return out


def _standard(s: UnitedState) -> dict[str, Any]:
    """The standard game's own keys: the Villain, the Missions, Under Pressure."""
    t, cfg = s.T, s.T.config
    need = t.mission_need
    return {
        "villain": {"id": cfg.villain or t.content.villains[0].id, "name": t.villain_name,
                    "location": s.n_loc, "health": s.n_hp, "max_health": t.nimrod_health,
                    "vulnerable": vulnerable(s)},
        "missions": [{"id": MISSION_IDS[i], "name": MISSION_NAMES[i], "progress": s.progress[i],
                      "threshold": need[i], "completed": s.progress[i] >= need[i]}
                     for i in range(3)],
        "missions_completed": completed(s),
        "under_pressure": under_pressure(s),
        "under_pressure_after": cfg.under_pressure_after,
        "vulnerable_after": cfg.vulnerable_after,
    }


def _challenge(s: UnitedState) -> dict[str, Any] | None:
    """DFP-C1 … C12: the Challenge Sentinel, whether it can be hurt yet, whom it holds."""
    t = s.T
    sn = t.challenge
    if sn < 0:
        return None
    held = s.grab if s.grab >= 0 else None
    return {
        "id": CHALLENGE_IDS[sn], "sentinel": SENTINEL_IDS[sn], "name": t.sentinel_names[sn],
        "task": t.challenge_task, "location": s.s_loc[sn] if s.s_loc[sn] >= 0 else None,
        "health": s.s_hp[sn], "defeated": s.s_loc[sn] < 0,
        "damageable": s.s_loc[sn] >= 0 and under_pressure(s),  # DFP-C3
        "holding": None if held is None else t.hero_ids[held],
        "holding_name": None if held is None else t.hero_names[held],
    }


_KINDS = {CANCEL_BAM: "cancel_bam", STOP_MOVE: "stop_villain_move",
          IGNORE_OVERFLOW: "ignore_overflow", EXTRA_DAMAGE: "extra_damage",
          BLANK_MASTER_PLAN: "blank_master_plan"}
_KINDS.update(TURN_KINDS)  # attack_range, extra_fill, vanish_with_henchman (united.vocab.turn)
_KINDS.update(TERMS_KINDS)  # extra_damage_to, damage_to_tokens (united.vocab.terms)


def protections(s: UnitedState) -> list[dict[str, Any]]:
    """The lasting effects in play: what, for which hero, how much (None: all), until when,
    and all of it in words (`text`, as the boards show it)."""
    p = s.protect
    out = []
    for i in range(0, len(p), 4):
        who, n, until, ref = p[i], p[i + 1], p[i + 2], p[i + 3]  # (not a slice: see lasting.py)
        if MOVES_LOW <= who <= MOVES_HIGH:  # moves and the long tail (united/vocab/moves.py)
            out.append(lasting_moves(s, who, n, until, ref))
            continue
        if REACTION_LAST <= who <= REACTION or who == REDIRECT_MOVE:  # the owner's Villain words
            out.append(lasting_view(s, who, n, until, ref))
        elif who in LASTING_KINDS:  # lasting text and the next Villain turn (united/lasting.py)
            out.append(lasting_entry(s, who, n, until, ref))
            out[-1]["text"] = lasting_text(s, out[-1])
            continue
        else:
            kind = _KINDS.get(who, "ignore_damage" if n < 0 else "prevent_damage")
            out.append({"effect": kind, "hero": who if who >= 0 else None,
                        "amount": n if n >= 0 else None, "until": until_word(until),
                        ("card" if until == FACE_UP else "owner"): ref})
            if who in TERMS_KINDS:  # counts group: which enemy kind, which token kind
                out[-1].update(terms_detail(who))
        out[-1]["text"] = _lasting_text(s, out[-1])
    return out


def _lasting_text(s: UnitedState, e: dict[str, Any]) -> str:
    """A lasting effect in words: "Logan: prevent 2 damage, until Logan's next turn"."""
    t = s.T
    owner = t.card_owner[e["card"]] if "card" in e else e["owner"]
    kind, n, steps = e["effect"], e["amount"] or 1, ""
    if kind == "on_villain_move":
        what = ("react when the Villain moves" + (" into their Location" if e["when"] ==
                                                  "into_your_location" else "")
                + (f" (the next {n} times)" if n > 1 else ""))
        steps = f": {e['steps']}"
    elif kind == "vanish_with_henchman":
        what = "off the board with the Henchman"
    elif kind in ("extra_damage_to", "damage_to_tokens"):  # (united.vocab.terms)
        what = terms_phrase(e)
    else:
        what = describe((kind, n, -1))
    until = {"end_of_turn": "until the end of this turn",
             "your_next_turn": f"until {t.hero_names[owner]}'s next turn",
             "villain_turn": "until the end of the next Villain turn"}.get(
        e["until"], f"while {t.card_name[e.get('card', 0)]} is face up")
    hero = e["hero"] if e["hero"] is not None else owner
    return f"{t.hero_names[hero]}: {what}, {until}{steps}"


def _card(t: Tables, c: int, words: bool) -> dict[str, Any]:
    """A faceup Hero card of a hand: id and name, and its text unless `words` is False."""
    out: dict[str, Any] = {"card": c, "name": t.card_name[c]}
    if words:
        out["text"] = hero_card_text(t, c)
    return out


def view(s: UnitedState, seat: int, words: bool = True) -> dict[str, Any]:
    """A JSON-ready dictionary of everything `seat` may see. `words=False` leaves out what
    is only read (the cards' and components' texts, the threats' lines): the agents' fast
    view."""
    t = s.T
    standard = t.mode == "standard"
    heroes = []
    for h in range(t.n_heroes):
        mine = s.seat(h) == seat
        heroes.append({
            "id": t.hero_ids[h], "name": t.hero_names[h], "seat": s.seat(h),
            "location": s.hero_loc[h],
            "hand": [_card(t, c, words) for c in s.hand[h]] if mine else None,
            "hand_size": len(s.hand[h]), "deck_size": len(s.deck[h]),
            "tokens": {SYMBOLS[i]: s.tokens[h * 4 + i] for i in range(4) if s.tokens[h * 4 + i]},
            "target": SENTINEL_IDS[s.target[h]] if s.target[h] >= 0 else None,
            "ko": bool(s.ko[h]), "eliminated": bool(s.out[h]), "held": s.grab == h,
            "away": bool(s.protect) and s.away(h),  # off the board until their next turn
            "deck_bottom": [t.card_name[c] for c in s.deck[h] if c in s.seen] if s.seen else [],
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
            if words:
                story[-1]["text"] = hero_card_text(t, c) if owner >= 0 else master_plan_effects(t, c)
    cfg = t.config
    nimrod = not standard and s.phase == PHASE_NIMROD
    if standard:  # MU-14: every `cadence` Hero cards, every `pressure_cadence` Under Pressure
        cadence: int | None = cfg.pressure_cadence if under_pressure(s) else cfg.cadence
    else:  # DFP-N3: Nimrod is always Under Pressure; the Sentinels play no Master Plan
        cadence = UNDER_PRESSURE_CADENCE if nimrod else None
    out: dict[str, Any] = {
        "seat": seat,
        "mode": t.mode,
        "phase": "villain" if standard else "nimrod" if s.phase == PHASE_NIMROD else "sentinels",
        "locations": [{
            "position": p, "id": t.content.locations[s.locs[p]].id, "name": s.loc_name(p),
            "slots": slots(s, p), "civilians": s.civ[p], "thugs": s.thug[p],
            "threat": _threat(s, p),
            **({"hazardous": True} if t.loc_hazardous[s.locs[p]] else {}),
            **({"extra_tokens": {"name": t.extra_name, "letter": t.extra_letter, "count": s.xtok[p]}}
               if t.extra_letter else {}),
        } for p in range(6)],
        "villain_start": s.villain_start,
        "sentinels": [{"id": SENTINEL_IDS[i], "name": t.sentinel_names[i], "location": s.s_loc[i],
                       "health": s.s_hp[i], "defeated": s.s_loc[i] < 0} for i in range(3)],
        "nimrod": {"location": s.n_loc, "health": s.n_hp} if nimrod else None,
        "villain": ({"id": "nimrod", "name": "Nimrod", "location": s.n_loc, "health": s.n_hp,
                     "max_health": t.nimrod_health, "vulnerable": True} if nimrod else None),
        "master_plan_deck_size": len(s.mp_deck),
        "hero_cards_since_villain_turn": s.since,
        "villain_turn_every": cadence,
        "track": s.track, "track_max": t.track_max,
        "plot": {"name": t.track_name, "value": s.track, "threshold": t.track_max},
        # DFP-D1..D3: the dashboard's bands, read from the content (None: a Villainous Plot)
        "track_bands": None if standard else {"yellow": t.yellow, "red": t.red,
                                              "lost": t.track_max},
        "threats": threats(s) if words else [],  # issue 21: each counter that can end the game
        "difficulty": cfg.difficulty,
        "challenge": _challenge(s),
        "heroes": heroes, "storyline": story,
        "token_pile_size": len(s.pile),
        "active": s.active, "round": s.round, "turn": s.turn,
        "result": s.result, "reason": s.reason or None,
    }
    if s.protect:  # the owner's lasting effects are public (absent when there are none)
        out["protections"] = protections(s)
    if s.mp_known:  # Master Plan cards every player has seen, top first (absent if none)
        out["master_plan_known"] = known_view(s)
    if s.comp or t.clones or t.team_name:  # companions, clones, team cards: on the table
        out.update(component_view(s))
    out.update(parts_view(s))  # a hero's own tokens, deck, markers; team tokens (absent if none)
    if standard:
        out.update(_standard(s))
        # only the Challenge Sentinel takes part in a standard game
        out["sentinels"] = [x for i, x in enumerate(out["sentinels"]) if i == t.challenge]
    if words:
        add_texts(s, out)  # every component's text (united/viewtext.py)
    return out
