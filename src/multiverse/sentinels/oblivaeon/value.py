"""A static evaluation of an OblivAeon position: the heroes' chance to win, in [0, 1]
(`Mode.value` of `oblivaeon`; search scores the end of its short rollouts with it).

The base game's model (`sentinels.value`) reads one villain and one environment; here the
heroes fight OblivAeon (immune while his Shield holds), his Scions and the Aeon Men in two
battle zones while Devastation destroys the environments. A logistic model over public
facts only: OblivAeon's form and HP left, whether a Shield protects him, Devastation and the
Countdown, the Scions and Aeon Men in play and their HP, the heroes' HP, incapacitated
players and players out of heroes, the heroes' cards in play and in hand, the environments
destroyed, the round. Hidden cards are never read (hand sizes only), so a determinization
scores exactly as the real position. A finished game scores 1 (win) or 0 (loss).

The weights were fitted (as `sentinels.value`, L2-regularised logistic regression) on the
positions at the start of every hero's play phase of heuristic self-play, labelled with
whether that game was won: `python -m multiverse.sentinels.oblivaeon.value --games 150`
replays the fit and prints the weights below (the figures of the fit are in `FIT`).
"""

from __future__ import annotations

import math
from typing import Any

from multiverse.sentinels.state import SentinelsState

FEATURES = ("bias", "form", "oblivaeon_hp", "shielded", "devastation", "countdown",
            "scions", "scion_hp", "aeon_men", "hero_hp_mean", "hero_hp_min", "incapacitated",
            "out_of_heroes", "hero_cards", "hand_mean", "destroyed", "round")

# Fitted by `python -m multiverse.sentinels.oblivaeon.value` (see the module docstring).
WEIGHTS: tuple[float, ...] = (0.6386, 2.2892, -0.7741, -0.1831, -0.2051, 0.1692, -0.3012, -0.7404,
                              -0.6336, 1.161, -0.3574, -0.0041, -0.1023, 0.3134, 0.171, -2.4334,
                              -0.4976)
FIT: dict[str, Any] = {  # `--games 150 --seed 0`: 600 games, three to five heroes
    "positions": 70407, "games": 600, "win_share": 0.4162, "log_loss": 0.5601,
    "log_loss_constant": 0.679}


def features(s: SentinelsState) -> list[float]:
    """The feature vector of a position (names in `FEATURES`). Written as loops (no `sum`,
    `min`, `any` or generator calls), so the compiled build runs them on C numbers
    (value.pxd): the same IEEE operations, in the same order, either way."""
    t = s.T
    n = t.n_heroes
    vc = t.villain_character
    face, hp, incap, zone, home = s.face, s.hp, s.incap, s.zone, s.home
    max_hp, side, hero_char = t.max_hp, t.side, t.hero_char
    full = max_hp[vc][face[vc]]
    shielded = False
    for c in t.shield_cards.values():
        if zone[c] == 3:
            shielded = True
            break
    ci = t.counter_index
    dev = s.ctr[ci["Devastation"]] / max(t.counter_max[ci["Devastation"]], 1) if "Devastation" in ci else 0.0
    countdown = s.ctr[ci["Countdown"]] / 6 if "Countdown" in ci else 0.0
    scions = scion_hp = aeon = hero_cards = 0
    aeon_o = t.villains[2]
    scion_cards = t.scions
    for co in s.inplay:  # (`co` the card's number object for the set, `c` for the tables)
        c = co
        f = face[c]
        if co in scion_cards:
            scions += 1
            scion_hp += hp[c]
        elif home[c] == aeon_o and max_hp[c][f]:
            aeon += 1
        elif hero_char[c] < 0 and side[c][f] == 0 and s.hero_of(c) >= 0:
            hero_cards += 1
    frac_sum = frac_min = 0.0
    standing = hand_sum = incapacitated = out = 0
    for p in range(n):
        c = s.char[p]
        i = incap[p]
        if i == 1:
            incapacitated += 1
        elif i == 2:
            out += 1
        if i or c < 0:
            continue  # (a fraction of 0.0: adds nothing)
        full_c = max_hp[c][face[c]]
        life = hp[c]
        frac = max(0, life) / full_c if full_c else 0.0
        frac_sum += frac
        if not standing or frac < frac_min:
            frac_min = frac
        hand_sum += len(s.hand[p])
        standing += 1
    destroyed = 0
    for o in t.envs:
        if s.azone[o] == -2:
            destroyed += 1
    life = hp[vc]
    return [1.0, face[vc] / 2, max(0, life) / full if full else 0.0, float(shielded), dev,
            countdown, scions / 3, scion_hp / 60, aeon / 5, frac_sum / n, frac_min,
            incapacitated / n, out / n, hero_cards / (3 * n), hand_sum / (standing or 1) / 5,
            destroyed / 3, s.round / 30]


def value(s: SentinelsState) -> float:
    """The heroes' estimated chance to win from `s`: 1 or 0 once the game is over."""
    if s.result is not None:
        return 1.0 if s.result == "win" else 0.0
    x = features(s)
    if len(x) != len(WEIGHTS):
        raise ValueError(f"{len(x)} features for {len(WEIGHTS)} weights")
    z = 0.0
    for i in range(len(x)):
        a = WEIGHTS[i]
        b = x[i]
        z += a * b
    if z > 30:
        return 1.0
    if z < -30:
        return 0.0
    return 1.0 / (1.0 + math.exp(-z))


# ----- the fit ----------------------------------------------------------------------------

HERO_SETS = (("luminary", "the-harpy", "lifeline"), ("akash-thriya", "la-comodora", "lifeline"),
             ("luminary", "the-harpy", "akash-thriya", "la-comodora"),
             ("luminary", "the-harpy", "akash-thriya", "la-comodora", "lifeline"))


def training_configs() -> list[Any]:
    """Three, four and five heroes (two three-hero teams)."""
    from multiverse import modes

    mode = modes.get("oblivaeon")
    return [mode.make_config(",".join(heroes)) for heroes in HERO_SETS]


def fit(games: int = 150, seed: int = 0, jobs: int = 1) -> dict[str, Any]:
    """Collect heuristic self-play positions and fit the model."""
    from multiverse.agents.fit import fit_self_play

    return fit_self_play(features, FEATURES, training_configs(), games, seed, jobs)


def main(argv: list[str] | None = None) -> int:
    from multiverse.agents.fit import refit_main

    return refit_main("multiverse.sentinels.oblivaeon.value", "OblivAeon position evaluation", 150, fit, argv)


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())


__all__ = ["FEATURES", "WEIGHTS", "features", "value"]
