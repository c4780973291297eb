"""A static evaluation of a (determinized) position: the heroes' chance to win, in [0, 1].

Search agents stop their rollouts early and score the position reached with `value(s)`:
a logistic model over a few facts of the position — the Sentinels' Health left and how
many still stand, Nimrod's (or a standard Villain's) Health, the track, hand and deck
sizes, KO'd and eliminated heroes, crowded Locations, the Threats that hurt the heroes,
how far the heroes stand from something to attack, Missions (standard game).

The weights were fitted (L2-regularised logistic regression, Newton's method) on the
positions at the start of every hero turn of heuristic self-play, labelled with whether
that game was won: `python -m multiverse.united.value --games 600` replays the fit and
prints the table below (numpy needed for the fit only, never for play). One model per
phase: the Sentinels (DFP), Nimrod (DFP), and the standard game.

Every fact read is public except the hidden cards, and the hidden cards are not read (only
hand and deck sizes), so on a determinization the value equals the one on the real
position: it never leaks information. A finished game scores 1 (win) or 0 (loss).
"""

from __future__ import annotations

import math
from typing import Any

from multiverse.united.state import PHASE_NIMROD, UnitedState

SENTINELS, NIMROD, STANDARD = "sentinels", "nimrod", "standard"

COMMON = ("bias", "track", "track2", "hand_mean", "hand_min", "ko", "deck_mean", "crowded",
          "production", "analyzer", "distance", "tokens", "round")
BLOCKS = {
    SENTINELS: ("hp_left", "live", "hp_min", "full"),
    NIMROD: ("villain_hp", "eliminated", "since", "retreat_left"),
    STANDARD: ("villain_hp", "missions", "mission_progress", "vulnerable", "pressure"),
}
FEATURES = {phase: COMMON + block for phase, block in BLOCKS.items()}

# Fitted by `python -m multiverse.united.value` (see the module docstring); the names in
# FEATURES give each weight's meaning.
WEIGHTS: dict[str, tuple[float, ...]] = {
    SENTINELS: (1.3191, -2.516, -2.0406, 1.0578, 0.6968, 0.4965, 0.3943, -0.2569, -0.1732, 0.0665,
                -0.5126, 1.6786, -0.7816, -2.0936, -0.6931, -0.5685, -0.0879),
    NIMROD: (4.4988, -1.4785, -1.5087, 2.1297, 0.4925, 0.4615, 1.2678, -0.264, 0.0157, 0.0487,
             -1.2655, 1.2134, -2.2673, -2.5235, -2.5828, -0.8737, -1.1484),
    STANDARD: (2.8001, -2.2931, -1.9716, 1.4176, 0.6139, 0.1453, 0.9386, -0.6853, 0, 0, -0.366,
               1.572, -1.4949, -2.0438, -0.2493, 0.8663, 0.4945, 0.3954),
}


def phase_of(s: UnitedState) -> str:
    if s.T.mode == "standard":
        return STANDARD
    return NIMROD if s.phase == PHASE_NIMROD else SENTINELS


def features(s: UnitedState) -> tuple[str, list[float]]:
    """The phase and the feature vector of a position (names in `FEATURES[phase]`). Written
    as loops over the heroes and the Locations (no `sum`/`min` calls), so the compiled build
    runs them on C integers (value.pxd): the same numbers either way."""
    t = s.T
    phase = phase_of(s)
    n = len(s.hand)
    ko, out, hand, deck, loc = s.ko, s.out, s.hand, s.deck, s.hero_loc
    alive = hand_sum = deck_sum = kos = 0
    standing = []
    for h in range(n):
        kos += ko[h]
        if not out[h]:
            alive += 1
            hand_sum += len(hand[h])
            deck_sum += len(deck[h])
            if not ko[h]:
                standing.append(h)
    if not standing:  # every hero left is KO'd (or none is left)
        standing = [h for h in range(n) if not out[h]] or [0]
    k = alive or 1
    hand_mean = hand_sum / k
    hand_min = len(hand[standing[0]])
    for h in standing:
        m = len(hand[h])
        if m < hand_min:
            hand_min = m
    deck_mean = deck_sum / k
    slots, locs, civ, thug, xtok = t.loc_slots, s.locs, s.civ, s.thug, s.xtok
    crowded = 0
    for p in range(6):
        free = slots[locs[p]]
        c = civ[p]
        g = thug[p]
        e = xtok[p]  # (a Villain's extra kind)
        if free - c - g - e <= 1:
            crowded += 1
    tags = t.threat_tags
    prod = analyzer = 0
    for th in s.threat:
        if th >= 0:
            tg = tags[th]
            if "sentinel_production" in tg:
                prod += 1
            if "data_analyzer" in tg or "mutant_detection" in tg:
                analyzer += 1
    targets = [p for p in s.s_loc if p >= 0] if phase == SENTINELS else [s.n_loc] if s.n_loc >= 0 else []
    distance = 0.0
    if targets:
        total = 0
        for h in standing:
            here = loc[h]
            near = 9
            for p in targets:
                d = (p - here) % 6
                d = d if d <= 3 else 6 - d
                if d < near:
                    near = d
            total += near
        distance = total / len(standing)
    tokens = 0
    for v in s.tokens:
        tokens += v
    track = s.track / t.track_max if t.track_max else 0.0
    x = [1.0, track, track * track, hand_mean / 5, hand_min / 5, kos / n, deck_mean / 10,
         crowded / 6, prod, analyzer, distance / 3, tokens / n / 3, s.round / 10]
    if phase == SENTINELS:
        full = t.sentinel_health
        live = hp_sum = hp_min = at_full = 0
        for i in range(3):
            if s.s_loc[i] >= 0:
                v = s.s_hp[i]
                if not live or v < hp_min:
                    hp_min = v
                live += 1
                hp_sum += v
                if v >= full:
                    at_full += 1
        x += [hp_sum / 15, live / 3, hp_min / 5, at_full / 3]
    elif phase == NIMROD:
        outs = 0
        for h in range(n):
            outs += out[h]
        x += [s.n_hp / 10, outs / n, s.since / 2, 1.0 if s.retreat == 0 else 0.0]
    else:
        need = t.mission_need
        prog = s.progress
        done = (prog[0] >= need[0]) + (prog[1] >= need[1]) + (prog[2] >= need[2]) if need else 0
        partial = sum([min(1.0, prog[i] / need[i]) for i in range(3)]) / 3 if need else 0.0
        vul = done >= t.config.vulnerable_after
        x += [s.n_hp / 10, done / 3, partial, 1.0 if vul else 0.0,
              1.0 if done >= t.config.under_pressure_after else 0.0]
    return phase, x


def value(s: UnitedState) -> float:
    """The heroes' estimated chance to win from `s`: 1 or 0 once the game is over."""
    if s.result is not None:
        return 1.0 if s.result == "win" else 0.0
    phase, x = features(s)
    w = WEIGHTS[phase]  # (as many weights as features: tests/agents)
    z = 0.0
    for i in range(len(x)):
        a = w[i]
        b = x[i]
        z += a * b
    if z > 30:
        return 1.0
    if z < -30:
        return 0.0
    return 1.0 / (1.0 + math.exp(-z))


# ----- the fit ----------------------------------------------------------------------------

def training_configs() -> list[Any]:
    """The configurations whose heuristic self-play the model is fitted on: 3-hero Days of
    Future Past at Sentinel Health 3 … 7, 2 and 4 heroes, solo, and the standard game."""
    from multiverse.united.config import UnitedConfig

    out = [UnitedConfig(sentinel_health=h) for h in (3, 4, 5, 6, 7)]
    out += [UnitedConfig(heroes=("logan", "storm")),
            UnitedConfig(heroes=("logan", "kitty-pryde", "storm", "bishop")),
            UnitedConfig(solo=True),
            UnitedConfig(mode="standard"),
            UnitedConfig(mode="standard", heroes=("logan", "storm"))]
    return out


def collect(config: Any, games: int, seed: int = 0) -> list[tuple[str, list[float], int]]:
    """(phase, features, won) at the start of every hero turn of heuristic self-play."""
    from multiverse.agents.seeds import AgentSpec, agent_seed, game_seed
    from multiverse.united.dofp.game import new_game

    spec = AgentSpec("heuristic")
    rows: list[tuple[str, list[float], int]] = []
    for i in range(games):
        gs = game_seed(seed, i)
        s = new_game(config, seed=gs)
        seats = 1 if config.solo else config.n_heroes
        agents = [spec.make(agent_seed(gs, k)) for k in range(seats)]
        mine: list[tuple[str, list[float]]] = []
        while (d := s.decision()) is not None:
            if d.kind == "play_card":
                mine.append(features(s))
            s.apply(agents[d.seat].choose(d, s))
        won = int(s.result == "win")
        rows += [(p, x, won) for p, x in mine]
    return rows


def fit(games: int = 600, seed: int = 0, jobs: int = 1) -> dict[str, Any]:
    """Collect heuristic self-play positions and fit one model per phase."""
    from multiverse.agents.fit import collect_all, fit_model

    rows = collect_all(collect, training_configs(), games, seed, jobs)
    out: dict[str, Any] = {}
    for phase, names in FEATURES.items():
        sel = [(x, y) for p, x, y in rows if p == phase]
        if sel:
            out[phase] = fit_model(sel, names)
    return out


def main(argv: list[str] | None = None) -> int:
    from multiverse.agents.fit import refit_main

    return refit_main("multiverse.united.value", "position evaluation", 600, fit, argv)


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())


__all__ = ["FEATURES", "WEIGHTS", "features", "phase_of", "value"]
