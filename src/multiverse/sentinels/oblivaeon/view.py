"""What one seat may see of an OblivAeon game (DESIGN property 5).

Hidden: the hands of other seats, the order of every deck (the heroes', OblivAeon's, the
Scion and Aeon Men decks, every environment's, the Mission deck below its top card) and of
the Scion Reserve (unless the configuration fixed it, OBL-S8), and the reward cards under
another player's incapacitated character cards (OBL-C2: a player may look at those under
their own at any time; the others see how many there are).

Visible: both battle zones side by side — each with its environment, the Scions, Aeon Men
and other villain cards there, the heroes there (HP, hand size, cards in play, their
incapacitated character cards) and the Missions in play there; OblivAeon (his zone, form,
HP and whether his Shield makes him immune), the Shield (face and tokens), Devastation and
the Countdown on the Inevitable Destruction card, the Mission deck's top card (face up,
OBL-M1) and size, the set-aside and destroyed environments, the Scion Reserve's size, the
Scion Difficulty Chart, every trash, the modifiers in force, whose turn and which phase it
is. The pending decision's options are shown only to the seat that decides.

Field names follow the base game's view (`sentinels/view.py`) where they apply.
"""

from __future__ import annotations

from typing import Any

from multiverse.sentinels.oblivaeon.setup import ASIDE, GONE
from multiverse.sentinels.oblivaeon.world import ob_zone, zone_name
from multiverse.sentinels.state import Z_PLAY, Z_REMOVED, SentinelsState
from multiverse.sentinels.threats import threats
from multiverse.sentinels.view import _card, _listed, held, modifiers_in_force
from multiverse.sentinels.viewtext import card_text as full_text
from multiverse.sentinels.zones import cards_under

ZONES = (0, 1)


def card_text(s: SentinelsState, c: int, face: int | None = None) -> str:
    """The printed text of the face card `c` shows (a Mission's reward, a Shield's Phase 2)."""
    card = s.T.card[c]
    f = s.face[c] if face is None else face
    if f and f - 1 < len(card.sides):
        return card.sides[f - 1].text or card.text
    return card.text


def _triggers(s: SentinelsState, c: int) -> list[Any]:
    card = s.T.card[c]
    f = s.face[c]
    return list(card.sides[f - 1].triggers if f and f - 1 < len(card.sides) else card.triggers)


def token_goal(s: SentinelsState, c: int) -> int | None:
    """The tokens a card's task needs at the face it shows (its `tokens_on_this_at_least`
    condition: a Shield flips at 2, …), None when it has no such task."""
    found: list[int] = []

    def walk(steps: Any) -> None:
        for st in steps or ():
            cond = getattr(st, "cond", None)
            if cond is not None and getattr(cond, "test", None) == "tokens_on_this_at_least":
                found.append(cond.amount)
            walk(getattr(st, "do", None))
            walk(getattr(st, "then", None))
            walk(getattr(st, "otherwise", None))

    for tr in _triggers(s, c):
        walk(tr.effect)
    return min(found) if found else None


def _whose(s: SentinelsState, o: int) -> str:
    """Whose turn, as the base view names it: a hero's id, `oblivaeon`, `villain` (a
    zone's villain turn), `environment`."""
    t = s.T
    if o < t.n_heroes:
        c = s.char[o]
        return t.hdeck_ids[t.hdeck[c]] if c >= 0 else f"player-{o + 1}"
    if o == t.villain:
        return "oblivaeon"
    if o in t.envs:
        return "environment"
    return "villain"


def turn_zone(s: SentinelsState) -> int:
    """The battle zone whose turn it is (a hero's, OblivAeon's, a zone's environment or
    villain turn), -1 when none."""
    t = s.T
    o = s.turn
    if o < t.n_heroes:
        return s.azone[o]
    if o == t.villain:
        return ob_zone(s)
    if o in t.envs:
        return s.azone[o] if s.azone[o] in ZONES else -1
    return 0 if ("ob_villain_turn", 1) in s.stack else 1


def _in_zone(s: SentinelsState, o: int, z: int) -> list[int]:
    return [c for c in sorted(s.play[o], key=s.seq.__getitem__) if s.bz[c] == z]


def _team(s: SentinelsState, p: int) -> tuple[int, ...]:
    """The character cards of player `p`'s current hero while it stands: the first and, for
    a team hero (OBL-C24), the others; empty once the player is incapacitated."""
    c = s.char[p]
    if c < 0 or s.incap[p]:
        return ()
    return (c, *s.T.team.get(c, ()))


def _incapacitated_cards(s: SentinelsState, p: int, mine: bool) -> list[dict[str, Any]]:
    """A player's incapacitated character cards with the rewards under them (OBL-C2:
    names for their own player, a count for the others)."""
    t = s.T
    out = []
    team = _team(s, p)
    for x in sorted(s.play[p], key=s.seq.__getitem__):
        if t.hero_char[x] < 0 or x in team:
            continue
        under = cards_under(s, x)
        out.append({"card": x, "name": t.name[x], "face_name": t.face_name[x][s.face[x]],
                    "text": full_text(s, x), "under_count": len(under),
                    "under": [{"card": c, "name": t.name[c], "face_name":
                               t.face_name[c][s.face[c]], "text": card_text(s, c)}
                              for c in under] if mine else None})
    return out


def hero_view(s: SentinelsState, p: int, seat: int) -> dict[str, Any]:
    """Player `p`'s area: its current hero (or none), hand (names and text for its own seat
    only), deck and trash sizes, cards in play, incapacitated character cards."""
    t = s.T
    c = s.char[p]
    mine = s.seat(p) == seat
    active = c >= 0 and not s.incap[p]
    chars = {x for x in s.play[p] if t.hero_char[x] >= 0} - set(_team(s, p)[1:])
    d = t.hdeck[c] if c >= 0 else -1
    sides = t.hero_tokens[d][0] if d >= 0 else ()
    return {
        "player": p + 1, "seat": s.seat(p), "zone": s.azone[p],
        "id": t.hdeck_ids[d] if d >= 0 else None, "name": s.oname(p),
        "character": c, "text": full_text(s, c) if c >= 0 else "",
        "hp": s.hp[c] if active else 0, "max_hp": s.max_hp(c) if active else 0,
        "incapacitated": not active, "incap": s.incap[p], "target": active and s.is_target(c),
        "hand": held(s, s.hand[p]) if mine else None,
        "hand_size": len(s.hand[p]), "deck_size": len(s.deck[p]),
        "trash": _listed(s, s.trash[p]),
        "play": [_card(s, x) for x in sorted(s.play[p], key=s.seq.__getitem__)
                 if x not in chars],
        "incapacitated_cards": _incapacitated_cards(s, p, mine),
        "tokens": [sides[x] for x in s.htok[p]] if sides else None,
    }


def environment_view(s: SentinelsState, o: int) -> dict[str, Any]:
    t = s.T
    return {"owner": o, "id": t.env_ids[o - t.envs[0]], "name": t.owner_names[o],
            "deck_size": len(s.deck[o]), "trash": _listed(s, s.trash[o]),
            "play": [_card(s, c) for c in sorted(s.play[o], key=s.seq.__getitem__)]}


def zone_view(s: SentinelsState, z: int, seat: int) -> dict[str, Any]:
    """One battle zone: its environment, Scions, other villain cards, heroes, Missions."""
    t = s.T
    ob, sc, am = t.villains
    env = next((o for o in t.envs if s.azone[o] == z), -1)
    shields = set(t.shield_cards.values())
    villain = [c for c in _in_zone(s, ob, z) if c != t.villain_character and c not in shields]
    scions = [c for c in _in_zone(s, sc, z) if c in t.scions]
    villain += [c for c in _in_zone(s, sc, z) if c not in t.scions]
    return {
        "zone": z, "name": zone_name(z),
        "environment": environment_view(s, env) if env >= 0 else None,
        "scions": [_card(s, c) for c in scions],
        "aeon_men": [_card(s, c) for c in _in_zone(s, am, z)],
        "villain": [_card(s, c) for c in villain],
        "heroes": [hero_view(s, p, seat) for p in range(t.n_heroes) if s.azone[p] == z],
        "missions": [_card(s, c) for c in _in_zone(s, t.mission, z)],
        "oblivaeon": ob_zone(s) == z,
    }


def oblivaeon_view(s: SentinelsState) -> dict[str, Any]:
    """OblivAeon: his zone, form (the Booklet's face), HP, whether a Shield makes him
    immune; his deck's size and trash."""
    t = s.T
    vc = t.villain_character
    f = s.face[vc]
    immune = any(m["kind"] == "immune" and m["card"] in t.shield_cards.values()
                 and m["applies_to"] == "villain_character" for m in modifiers_in_force(s))
    return {"name": t.name[vc], "character": vc, "zone": ob_zone(s), "form": t.face_name[vc][f],
            "face": f, "faces": t.n_faces[vc], "hp": s.hp[vc], "max_hp": t.max_hp[vc][f],
            "immune": immune, "text": card_text(s, vc),
            "deck_size": len(s.deck[t.villain]), "trash": _listed(s, s.trash[t.villain])}


def shield_view(s: SentinelsState) -> dict[str, Any] | None:
    """The Shield in play (OBL-SH1): its name, face, tokens and the tokens its task needs."""
    t = s.T
    for name, c in t.shield_cards.items():
        if s.zone[c] == Z_PLAY:
            return {"card": c, "name": name, "face": s.face[c],
                    "face_name": t.face_name[c][s.face[c]], "tokens": s.tok[c],
                    "goal": token_goal(s, c), "text": card_text(s, c),
                    "brings_forth": t.bring_forth[c], "zone": s.bz[c]}
    return None


def view(s: SentinelsState, seat: int) -> dict[str, Any]:
    """A JSON-ready dictionary of everything `seat` may see."""
    t = s.T
    d = s.decision()
    decision = None
    if d is not None:
        decision = {"seat": d.seat, "kind": d.kind}
        if d.seat == seat:
            decision = d.to_dict()
    mdeck = s.deck[t.mission]
    top = mdeck[-1] if mdeck else -1
    counters = {name: s.ctr[i] for i, name in enumerate(t.counter_names)}
    ci = t.counter_index
    order = t.config.scion_order
    known = order is not None and all(t.name[c] in order for c in s.reserve)
    zones = [zone_view(s, z, seat) for z in ZONES]
    return {
        "seat": seat,
        "mode": "oblivaeon",
        "H": t.n_heroes,
        "round": s.round,
        "turn": _whose(s, s.turn),
        "turn_name": s.oname(s.turn),
        "turn_zone": turn_zone(s),
        "phase": s.phase,
        "zones": zones,
        # every player's area in play order, as in the base view (the same entries as the
        # zones' `heroes`)
        "heroes": sorted((h for zv in zones for h in zv["heroes"]), key=lambda h: h["player"]),
        "oblivaeon": oblivaeon_view(s),
        "shield": shield_view(s),
        "counters": counters,
        "threats": threats(s),  # issue 21: each counter that can end the game, in words
        "inevitable_destruction": {
            "devastation": counters.get("Devastation", 0),
            "devastation_max": t.counter_max[ci["Devastation"]] if "Devastation" in ci else 0,
            "countdown": counters.get("Countdown", 0)},
        "mission_deck": {
            "size": len(mdeck),
            "top": None if top < 0 else {"card": top, "name": t.name[top],
                                         "face_name": t.face_name[top][s.face[top]],
                                         "text": card_text(s, top),
                                         **({"hp": t.max_hp[top][s.face[top]]}
                                            if t.max_hp[top][s.face[top]] else {})},
            "trash": _listed(s, s.trash[t.mission])},
        "environments_aside": [environment_view(s, o) for o in t.envs if s.azone[o] == ASIDE],
        "environments_destroyed": [{"id": t.env_ids[o - t.envs[0]], "name": t.owner_names[o]}
                                   for o in t.envs if s.azone[o] == GONE],
        "reserve_size": len(s.reserve),
        "reserve_order": [t.name[c] for c in s.reserve] if known else None,
        "reserve_next": _known_bottom(s),
        "scion_chart": [{"name": sc.name, "difficulty": sc.difficulty}
                        for sc in t.content.scions],
        "scion_deck_size": len(s.deck[t.villains[1]]),
        "aeon_men_deck_size": len(s.deck[t.villains[2]]),
        "villain_trash": _listed(s, [c for o in t.villains[1:] for c in s.trash[o]]),
        "removed": _listed(s, [c for c, z in enumerate(s.zone) if z == Z_REMOVED]
                           if Z_REMOVED in s.zone else []),
        "modifiers": modifiers_in_force(s),
        "decision": decision,
        "result": s.result, "reason": s.reason or None,
    }


__all__ = ["card_text", "hero_view", "token_goal", "turn_zone", "view", "zone_view"]


def _known_bottom(s: SentinelsState) -> list[str]:
    """The Scions at the bottom of the Reserve whose order `scion_order` set (OBL-S8): the
    next to enter first; the rest of the pile was shuffled."""
    order = set(s.T.config.scion_order or ())
    out = []
    for c in s.reserve:
        if s.T.name[c] not in order:
            break
        out.append(s.T.name[c])
    return out
