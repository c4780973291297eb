"""A static evaluation of a Sentinels of the Multiverse position: the heroes' chance to win,
in [0, 1] (`Mode.value` of `sentinels`; search scores the end of its short rollouts with it).

A logistic model over public facts only — the villain's HP left (and whether it has
flipped), the heroes' HP, incapacitated heroes, the villain's and the environment's cards
and targets in play, the heroes' cards in play and in hand, the damage modifiers in force,
the round. Hidden cards are never read (hand and deck *sizes* only), so a determinization
scores exactly as the real position: the value never leaks information. A finished game
scores 1 (win) or 0 (loss).

The weights were fitted (L2-regularised logistic regression, Newton's method, as
`united.value`) on the positions at the start of every hero's play phase of heuristic
self-play, labelled with whether that game was won: `python -m
multiverse.sentinels.value --games 400` replays the fit (numpy needed for the fit
only) and prints the weights below. Fitted on 162,787 positions of 4,800 games (three,
four and five heroes, hands of 3 to 5 cards; the heroes won 65.6 % of the positions):
log-loss 0.477 against 0.644 for a constant.
"""

from __future__ import annotations

import math
from typing import Any

from multiverse.sentinels.state import SentinelsState

FEATURES = ("bias", "villain_hp", "flipped", "hero_hp_mean", "hero_hp_min", "incapacitated",
            "villain_cards", "villain_target_hp", "environment_targets", "hero_cards",
            "hand_mean", "hand_min", "good_mods", "bad_mods", "round")

# Fitted by `python -m multiverse.sentinels.value` (see the module docstring); the
# names in FEATURES give each weight's meaning.
WEIGHTS: tuple[float, ...] = (-1.758, -2.1149, 2.6059, 3.1009, 1.5242, -0.7506, -2.4249, 0.93,
                              0.0222, -0.8078, 1.3362, -0.6272, 1.0545, -0.4912, -0.8798)

_GOOD = frozenset({"increase_dealt", "reduce_taken", "immune", "redirect_to_this"})


def features(s: SentinelsState) -> list[float]:
    """The feature vector of a position (names in `FEATURES`). Written as loops (no `sum`,
    `min` or generator calls), so the compiled build runs them on C numbers (value.pxd):
    the same IEEE operations, in the same order, either way."""
    t = s.T
    n = t.n_heroes
    hp, incap, char = s.hp, s.incap, s.char
    vc = t.villain_character
    face = s.face
    side, max_hp, hero_char = t.side, t.max_hp, t.hero_char
    full = max_hp[vc][face[vc]]
    frac_sum = 0.0
    frac_min = 0.0
    incaps = standing = hand_sum = hand_min = 0
    for h in range(n):
        incaps += incap[h]
        if incap[h]:
            continue  # (a fraction of 0.0: adds nothing)
        c = char[h]
        life = hp[c]
        top = max_hp[c][face[c]]
        frac = max(0, life) / top
        frac_sum += frac
        k = len(s.hand[h])
        if not standing or frac < frac_min:
            frac_min = frac
        if not standing or k < hand_min:
            hand_min = k
        hand_sum += k
        standing += 1
    villain_cards = villain_target_hp = env_targets = hero_cards = 0
    good = bad = 0
    for c in s.inplay:
        if c == vc or hero_char[c] >= 0:
            continue
        fc = face[c]
        sd = side[c][fc]
        if sd == 1:
            villain_cards += 1
            if max_hp[c][fc]:
                villain_target_hp += hp[c]
        elif sd == 2:
            if max_hp[c][fc]:
                env_targets += 1
        elif sd == 0 and s.hero_of(c) >= 0:
            hero_cards += 1
        for m in t.modifiers[c][fc]:
            if (m.kind in _GOOD) == (sd == 0):
                good += 1
            else:
                bad += 1
    hands = standing or 1  # (no hero standing: one empty hand)
    life = hp[vc]
    return [1.0, max(0, life) / full if full else 0.0, float(face[vc] != 0), frac_sum / n,
            frac_min, incaps / n, villain_cards / 5, villain_target_hp / 20, env_targets / 3,
            hero_cards / (3 * n), hand_sum / hands / 5, hand_min / 5, good / 3, bad / 3,
            s.round / 10]


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
    """The configurations whose heuristic self-play the model is fitted on: three, four and
    five heroes (two three-hero teams), hands of 3, 4 and 5 cards."""
    from multiverse import modes

    mode = modes.get("sentinels")
    out = []
    for heroes in HERO_SETS:
        for hand in (3, 4, 5):
            out.append(mode.make_config(",".join(heroes), sets={"hand_size": hand}))
    return out


def fit(games: int = 400, seed: int = 0, jobs: int = 1) -> dict[str, Any]:
    """Collect heuristic self-play positions and fit the model."""
    from multiverse.agents.fit import fit_self_play

    return fit_self_play(features, FEATURES, training_configs(), games, seed, jobs)


def main(argv: list[str] | None = None) -> int:
    from multiverse.agents.fit import refit_main

    return refit_main("multiverse.sentinels.value", "Sentinels position evaluation", 400, fit, argv)


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())


__all__ = ["FEATURES", "WEIGHTS", "features", "value"]
