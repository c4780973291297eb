"""Rules of thumb for Sentinels of the Multiverse (the heuristic agent's second mode).

It reads the pending decision, `view(state, seat)` and the static content (card texts are
public); never hidden zones, never the game's generator. Its own SplitMix64 breaks ties.

- **play** the card whose text does the most: damage to villain targets, modifiers that
  protect heroes or sharpen their damage, healing, draws; keep cards that would hurt heroes;
- **use** the power that does the most;
- **aim** damage at villain targets: one it can finish first, else the villain character;
  never at a hero when there is a choice; **heal** the hero with the lowest HP;
- **order modifiers** to the heroes' benefit: increases before reductions on a hero (the
  reductions then take the most off), reductions first on a villain target;
- **discard** the least useful card; say yes to "may" and to free draws;
- OblivAeon: **move** to the battle zone with more Scions; **take on** an objective, else
  regain a reward, else use an incapacitated hero's ability.
"""

from __future__ import annotations

from typing import Any

from multiverse.engine.decision import Decision, Option
from multiverse.engine.rng import SplitMix64
from multiverse.sentinels.state import SentinelsState


def _step_value(st: Any) -> float:
    """A rough worth of one step for the heroes (positive is good for them)."""
    v, n, group = st.verb, st.amount if st.h_offset is None else 3 + st.h_offset, st.target.group
    foe = group in ("villain", "villain_character", "non_hero", "environment", "non_villain", "any")
    friend = group in ("hero", "this_hero", "hero_character", "other_hero")
    if v in ("damage", "drain"):
        each = 2.0 if st.target.pick == "each" else 1.0
        value = n * each * (1.0 if foe and group != "non_villain" else -1.5 if friend else 0.3)
        return value + (n * 0.5 if v == "drain" else 0.0)
    if v == "heal":
        return n * (0.8 if friend or group == "any" else -0.5)
    if v == "lose_hp":
        return -0.6 * n if friend or group == "this" else 0.5 * n
    if v in ("draw", "each_player_may_draw"):
        return 0.9 * n
    if v in ("play_card", "use_power"):
        return 1.5 * n
    if v == "destroy":
        return 2.5 if group in ("villain", "environment", "non_hero") else -2.0
    if v == "modify":
        m = st.modifier
        good = m.kind in ("increase_dealt", "reduce_taken", "immune")
        return (2.0 if good else -1.0) * max(1, m.amount)
    if v in ("may", "if"):
        return 0.6 * (sum(_step_value(x) for x in st.do) + sum(_step_value(x) for x in st.then))
    if v == "search":
        return 1.5
    if v == "heroes_lose":
        return -100.0
    if v == "choose_one":  # the best option, as the player will choose
        return max(sum(_step_value(x) for x in b.steps) for b in st.options)
    if v == "incapacitate":
        return -30.0 if friend else 5.0
    if v == "forget":  # (compiled: no game action)
        return 0.0
    return 0.2


_VALUES: dict[int, float] = {}


def _card_value(card: Any) -> float:
    """A card's worth, cached by identity (content models are immutable)."""
    v = _VALUES.get(id(card))
    if v is None:
        v = _VALUES[id(card)] = _value(card)
    return v


def _value(card: Any) -> float:
    v = sum(_step_value(st) for st in card.play) + 0.8 * sum(_step_value(st) for st in card.power)
    for tr in card.triggers:
        v += 0.7 * sum(_step_value(st) for st in tr.effect)
    for m in card.modifiers:
        good = m.kind in ("increase_dealt", "reduce_taken", "immune", "redirect_to_this")
        v += 2.5 if good else -1.0
    if card.kind in ("ongoing", "equipment", "device", "target"):
        v += 1.0
    return v


_POWERS: dict[int, tuple[Any, dict[tuple[int, int], float]]] = {}  # id(tables) → (tables, values)


def _power_value(t: Any, card: int, face: int) -> float:
    """The worth of using a card's power on its `face`, cached per game tables (kept alive
    beside their values, so an id is never reused; a few tables at most)."""
    hit = _POWERS.get(id(t))
    if hit is None or hit[0] is not t:
        if len(_POWERS) >= 16:
            _POWERS.clear()
        hit = _POWERS[id(t)] = (t, {})
    values = hit[1]
    v = values.get((card, face))
    if v is None:
        v = values[(card, face)] = _power_worth(t, card, face)
    return v


def _power_worth(t: Any, card: int, face: int) -> float:
    """A power's worth, read once (`_power_value` keeps it; a generator: not in a C function)."""
    return 0.8 * sum(_step_value(t.steps[i]) for i in t.power_fx[card][face]) + 0.5


def _scored(d: Decision, s: SentinelsState) -> list[tuple[float, str]]:
    """(score, option id) for every option of `d`, in order: higher is better; all equal
    where the rules of thumb have no preference."""
    opts = d.options
    t = s.T
    kind = _KINDS.get(d.kind, K_OTHER)  # (one look-up, then integer tests)
    if kind == K_SELECT:  # the pending frame: ("select", step id, …)
        return _target_scores(d, s, t.steps[s.stack[-1][1]].verb == "heal")
    if kind == K_ZONE:  # OblivAeon (OBL-H1): go where the Scions are
        return _zone_scores(d, s)
    o: Option  # (plain loops over the options: compiled, each option's fields read directly)
    out = []
    if kind == K_PLAY:
        for o in opts:
            c = o.data["card"]
            out.append((_card_value(t.card[c]) if c >= 0 else 0.0, o.id))
        return out
    if kind == K_POWER:
        face = s.face
        for o in opts:
            c = o.data["card"]
            out.append((_power_value(t, c, face[c]) if c >= 0 else 0.0, o.id))
        return out
    if kind == K_MODIFY:  # the pending frame: ("modify_damage", source, target, …)
        frame = s.stack[-1]
        name = t.name[frame[2]]
        hero_target = False  # OblivAeon: a hero area is called by its current hero
        for h in range(t.n_heroes):  # (plain loops: no generator objects, compiled)
            if s.oname(h) in name:
                hero_target = True
                break
        deltas = frame[7]  # ((change, source name), …): option `mod:i` applies deltas[i] next
        first = opts[0].id
        for o in opts:
            i = o.data["i"]
            if i >= 0 and (deltas[i][0] > 0) == hero_target:
                first = o.id
                break
        for o in opts:
            out.append((1.0 if o.id == first else 0.0, o.id))
        return out
    if kind == K_DISCARD:
        for o in opts:
            out.append((-_card_value(t.card[o.data["card"]]), o.id))
        return out
    if kind == K_MAY:
        first = "yes" if "yes" in d.ids() else opts[0].id
        for o in opts:
            out.append((1.0 if o.id == first else 0.0, o.id))
        return out
    if kind == K_PREVENT:  # "you may prevent that damage": prevent it
        for o in opts:
            out.append((1.0 if o.id == "prevent" else 0.0, o.id))
        return out
    if kind == K_SIX:  # OblivAeon (OBL-H2 … H7): take on an objective, regain a reward
        for o in opts:  # (`do`: what the option does, its id's first word)
            out.append((_SIX.get(o.data["do"], 0.0), o.id))
        return out
    if kind == K_ONE_HERO:
        chars = s.char if t.dynamic else t.character  # OblivAeon: each player's current hero
        for o in opts:
            out.append((-s.hp[chars[o.data["hero"]]] - 2 * len(s.hand[o.data["hero"]]), o.id))
        return out
    for o in opts:
        out.append((0.0, o.id))
    return out


K_PLAY, K_POWER, K_SELECT, K_MODIFY, K_DISCARD, K_MAY, K_PREVENT, K_ZONE, K_SIX, K_ONE_HERO, K_OTHER = range(11)
_KINDS = {"play_phase": K_PLAY, "play_now": K_PLAY, "search": K_PLAY, "power_phase": K_POWER,
          "power_now": K_POWER, "select": K_SELECT, "modify_damage": K_MODIFY, "discard": K_DISCARD,
          "may": K_MAY, "may_draw": K_MAY, "may_prevent": K_PREVENT, "ob_zone_move": K_ZONE,
          "ob_six": K_SIX, "one_hero": K_ONE_HERO}  # the decision kinds `_scored` tells apart
_SIX = {"take": 3.0, "regain": 2.0, "ability": 1.0, "none": 0.0, "swap": -0.5, "trade": -0.5,
        "shuffle": -1.0}


def _zone_scores(d: Decision, s: SentinelsState) -> list[tuple[float, str]]:
    """OblivAeon's zone move: stay unless the other battle zone holds more Scions (heuristic
    self-play, 250 four-hero games: 63 % won against 44 % choosing at random)."""
    t = s.T
    here = s.azone[d.seat]
    scions = [0, 0]
    scion_cards, bz = t.scions, s.bz
    for co in s.inplay:  # (`co` the card's number object for the set, `c` for the list)
        if co in scion_cards:
            c = co
            scions[bz[c]] += 1
    stay, move = scions[here] + 0.5, float(scions[1 - here])
    o: Option
    out = []
    for o in d.options:
        oid = o.id
        out.append((stay if oid == "stay" else move if oid == "move" else 0.0, oid))
    return out


def _target_scores(d: Decision, s: SentinelsState, healing: bool) -> list[tuple[float, str]]:
    t = s.T
    scored = []
    o: Option
    for o in d.options:
        c = o.data["card"]
        if c < 0:
            scored.append((-0.5, o.id))
            continue
        hero_side = t.side[c][s.face[c]] == 0
        hp = s.hp[c]
        if healing:
            scored.append(((10.0 if hero_side else -10.0) - hp * 0.1, o.id))
        elif hero_side:  # damage on a hero: the sturdiest one, if it must be a hero
            scored.append((-20.0 + hp * 0.1, o.id))
        else:  # finish what can be finished, then the villain character
            finish = 5.0 if hp <= 3 else 0.0
            main = 2.0 if c == t.villain_character else 0.0
            scored.append((finish + main - hp * 0.05, o.id))
    return scored


def option_scores(decision: Decision, state: SentinelsState) -> dict[str, float]:
    """The score behind `SentinelsHeuristic`'s choice for every option (higher is better):
    the priors of search (`Mode.option_scores`)."""
    return {oid: v for v, oid in _scored(decision, state)}


def fast_scores(decision: Decision, state: SentinelsState) -> list[float]:
    """The same scores in option order (`Mode.fast_scores`: the rollout policy)."""
    return [v for v, _ in _scored(decision, state)]


class SentinelsHeuristic:
    """The heuristic agent's rules for a `SentinelsState`: the best-scored option, exact
    ties broken by its own generator."""

    def __init__(self, seed: int) -> None:
        self.rng = SplitMix64(seed)

    def choose(self, d: Decision, s: Any) -> str:
        return self._best(_scored(d, s))

    def _best(self, scored: list[tuple[float, str]]) -> str:
        top = max(v for v, _ in scored)
        best = [oid for v, oid in scored if v == top]
        return best[self.rng.below(len(best))] if len(best) > 1 else best[0]


__all__ = ["SentinelsHeuristic", "fast_scores", "option_scores"]
