"""A fast rollout policy for search: a few rules of thumb over the options' data.

`fast_scores(decision, s)` scores every option of the pending decision in a handful of
dictionary look-ups (the heuristic agent's turn planner costs ~0.6 ms a decision; this
about 2 µs). It reads the option data, the static content (card symbols) and public facts
of the position it is given — search calls it on determinized copies only:

- **actions**: attack a Sentinel or the Villain (a damaged Sentinel first), clear Sentinel
  Production Threats (they heal the Sentinels) then other Threats, resolve the card's
  effect, rescue where a Location is nearly full, move toward the nearest enemy to attack;
  a token costs a little more than a symbol; ending the actions comes last;
- **cards**: a card whose Attack symbols can reach an enemy, Wild symbols, Move symbols
  when no enemy is in reach;
- **damage**: the least valuable card goes to the bottom of the deck (symbols, effect);
- **effect damage**: the weakest Sentinel, then the Villain; **Sentinel damage** and
  **grabs**: the hero with the most cards; **draws**: the hero with the fewest;
- **move anywhere**: the Location of the weakest Sentinel (or the Villain);
- **Location effects**: use them; **which Sentinel activates**: the one farthest away.

`Mode.fast_scores` of both Marvel United modes is `united_fast_scores`; the policy that
follows it in rollouts is `agents.policy.FastPolicy`.
"""

from __future__ import annotations

from multiverse.engine.decision import Decision, Option
from multiverse.united.state import PHASE_NIMROD, UnitedState
from multiverse.united.tables import Tables

MOVE, ATTACK, HEROIC, WILD = 0, 1, 2, 3


def _dist(a: int, b: int) -> int:
    """Steps between two Locations of the ring of six, the shorter way round."""
    d = (b - a) % 6
    return d if d <= 3 else 6 - d


def _targets(s: UnitedState) -> list[int]:
    """Locations holding an enemy the heroes want to hit (live Sentinels, the Villain)."""
    out = []
    if s.T.mode != "standard" or s.T.challenge >= 0:
        out = [p for p in s.s_loc if p >= 0]
    if s.phase == PHASE_NIMROD and s.n_loc >= 0:
        out.append(s.n_loc)
    return out


def _nearest(pos: int, targets: list[int]) -> int:
    """Steps to the nearest of `targets` (9 when there is none): a plain loop, no generator."""
    best = 9
    for p in targets:
        d = _dist(pos, p)
        if d < best:
            best = d
    return best


def card_keep_value(t: Tables, card: int) -> float:
    """How much a card is worth keeping in hand (static: its symbols and effect)."""
    m, a, h, w = t.card_sym[card]
    return m + 1.3 * a + h + 1.6 * w + (0.8 if t.card_fx[card] else 0.0)


def _actions(d: Decision, s: UnitedState) -> list[float]:
    t = s.T
    h = s.active
    pos = s.hero_loc[h]
    targets = _targets(s)
    here = _nearest(pos, targets)
    slots = t.loc_slots[s.locs[pos]]
    crowded = slots - s.civ[pos] - s.thug[pos] - s.xtok[pos] <= 1  # (xtok: a Villain's extra kind)
    out = []
    o: Option
    for o in d.options:
        data = o.data
        a = data["action"]
        if a == "attack":
            e = data["enemy"]
            if e == "sentinel":
                sc = 10.0 + 0.5 * (10 - s.s_hp[data["sentinel"]])
            elif e == "nimrod" or e == "villain":
                sc = 10.0
            elif e == "henchman":
                sc = 4.0
            else:
                sc = 5.0 if crowded else 2.5
        elif a == "fill":
            th = s.threat[pos]
            tags = t.threat_tags[th] if th >= 0 else ()
            if "sentinel_production" in tags:
                sc = 7.0
            elif "data_analyzer" in tags or "mutant_detection" in tags:
                sc = 5.0
            else:
                sc = 4.0
        elif a == "effect":
            sc = 6.0
        elif a == "rescue":
            sc = 5.0 if crowded else 2.0
        elif a == "move":
            to = data["location"]
            d_to = _nearest(to, targets)
            sc = 4.5 if d_to < here else (0.5 if d_to == here else 0.0)
        elif a == "escape":
            sc = 8.0
        else:  # end
            sc = 1.0
        if data.get("pay") == 2:
            sc -= 0.3
        out.append(sc)
    return out


def _play(d: Decision, s: UnitedState) -> list[float]:
    t = s.T
    h = s.active
    near = _nearest(s.hero_loc[h], _targets(s))
    sym, fx = t.card_sym, t.card_fx
    out = []
    o: Option
    for o in d.options:
        m, a, hr, w = sym[o.data["card"]]
        reach = m + w >= near
        out.append((1.6 * a if reach else 0.4 * a) + 1.2 * w + (1.0 if near else 0.2) * m
                   + 0.5 * hr + (0.6 if fx[o.data["card"]] else 0.0))
    return out


def _enemy(d: Decision, s: UnitedState) -> list[float]:
    out = []
    o: Option
    for o in d.options:
        e = o.data.get("enemy")
        if e == "sentinel":
            out.append(20.0 - s.s_hp[o.data["sentinel"]])
        elif e in ("nimrod", "villain"):
            out.append(9.0)
        elif e == "henchman":
            out.append(4.0)
        else:
            out.append(1.0)
    return out


def _most_cards(d: Decision, s: UnitedState) -> list[float]:
    hand = s.hand
    return [float(len(hand[o.data["hero"]])) if o.data.get("hero", -1) >= 0 else 0.0
            for o in d.options]


def _fewest_cards(d: Decision, s: UnitedState) -> list[float]:
    return [-float(len(s.hand[o.data["hero"]])) for o in d.options]


def _wound(d: Decision, s: UnitedState) -> list[float]:
    t = s.T
    return [-card_keep_value(t, o.data["card"]) for o in d.options]


def _location(d: Decision, s: UnitedState) -> list[float]:
    return [1.0 if o.data.get("use") else 0.0 for o in d.options]


def _move_anywhere(d: Decision, s: UnitedState) -> list[float]:
    best: dict[int, float] = {}
    for sn, p in enumerate(s.s_loc):
        if p >= 0:
            best[p] = max(best.get(p, 0.0), 5.0 + 0.5 * (10 - s.s_hp[sn]))
    if s.phase == PHASE_NIMROD and s.n_loc >= 0:
        best[s.n_loc] = max(best.get(s.n_loc, 0.0), 6.0)
    return [best.get(o.data["location"], 0.0) for o in d.options]


def _choose_sentinel(d: Decision, s: UnitedState) -> list[float]:
    pos = s.hero_loc[s.active]
    return [float(_dist(pos, s.s_loc[o.data["sentinel"]])) for o in d.options]


def _direction(d: Decision, s: UnitedState) -> list[float]:
    crowd = [0] * 6
    for h, p in enumerate(s.hero_loc):
        if not s.ko[h] and not s.out[h]:
            crowd[p] += 1
    return [-float(crowd[o.data["location"]]) for o in d.options]


SCORERS = {
    "resolve_actions": _actions,
    "play_card": _play,
    "wound": _wound,
    "effect_damage": _enemy,
    "task_damage": _most_cards,
    "challenge_damage": _most_cards,
    "grab": _most_cards,
    "one_hero_draws": _fewest_cards,
    "location_effect": _location,
    "move_anywhere": _move_anywhere,
    "choose_sentinel": _choose_sentinel,
    "sentinel_direction": _direction,
}


_BY_KIND = SCORERS  # the same dict, declared in the .pxd: a look-up is a C call


def fast_scores(d: Decision, s: UnitedState) -> list[float]:
    """A score for each option of `d` (in order; higher is better). Unknown kinds: 0."""
    fn = _BY_KIND.get(d.kind)
    if fn is None:
        return [0.0] * len(d.options)
    return fn(d, s)


def united_fast_scores(d: Decision, s: UnitedState) -> list[float] | None:
    """`Mode.fast_scores` of Marvel United: the kind's scorer, or None (choose at random)."""
    fn = _BY_KIND.get(d.kind)
    return None if fn is None else fn(d, s)


__all__ = ["SCORERS", "card_keep_value", "fast_scores",
           "united_fast_scores"]
