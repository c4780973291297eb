"""A search's sampler (`Mode.sampler`: what is hidden where read once, dealt again per draw)
gives exactly the samples of the plain procedure — clone, pool each owner's unseen cards,
shuffle them, deal them back — draw after draw from one generator, in Sentinels and OblivAeon,
at positions of random games (the searches, and so every measured win rate, are unchanged)."""

from __future__ import annotations

import random

import pytest

from multiverse import modes
from multiverse.engine.sampling import draw64, shuffler
from multiverse.sentinels.state import Z_DECK, Z_HAND


def _plain(state, seat: int, rng: random.Random):  # type: ignore[no-untyped-def]
    """The reference: the Sentinels determinization written out plainly (SOTM, OBL-M1, S8)."""
    det = state.clone()
    shuffle = shuffler(rng)
    tops: dict[int, int] = {}
    tried: set[int] = set()
    for f in state.stack:
        if f[0] == "arrange":
            tops[f[1]] = max(tops.get(f[1], 0), len(f[2]))
        elif f[0] == "play_phase" and len(f) > 2:
            tried.update(f[2])
    for o, deck in enumerate(det.deck):
        hand = det.hand[o]
        movable = len(deck) - tops.get(o, 0)
        if o == seat or not hand:
            if movable > 1:
                part = deck[:movable]
                shuffle(part)
                deck[:movable] = part
            continue
        free = [i for i, c in enumerate(hand) if c not in tried]
        pool = [hand[i] for i in free] + deck[:movable]
        if len(pool) < 2:
            continue
        shuffle(pool)
        for i, c in zip(free, pool, strict=False):
            det.zone[hand[i]] = Z_DECK
            hand[i] = c
        for i in free:
            det.zone[hand[i]] = Z_HAND
        deck[:movable] = pool[len(free):]
    if len(det.reserve) > 1:
        shuffle(det.reserve)
    det.rng = draw64(rng)
    t = state.T
    if t.n_zones > 1:  # OblivAeon: the top Mission is face up; a stacked Reserve bottom known
        deck, was = det.deck[t.mission], state.deck[t.mission]
        if was and deck[-1] != was[-1]:
            i = deck.index(was[-1])
            deck[i], deck[-1] = deck[-1], deck[i]
        order = set(t.config.scion_order or ())
        k = 0
        while k < len(state.reserve) and t.name[state.reserve[k]] in order:
            k += 1
        if k:
            det.reserve = state.reserve[:k] + [c for c in det.reserve if c not in state.reserve[:k]]
    det.refresh_decision()
    return det


@pytest.mark.parametrize(("mode_name", "games"), [("sentinels", 4), ("oblivaeon", 2)])
def test_a_sampler_draws_the_plain_procedures_samples(mode_name: str, games: int) -> None:
    m = modes.get(mode_name)
    rnd = random.Random(7)
    checked = 0
    for g in range(games):
        s = m.new_game(m.make_config("3"), seed=g)
        while (d := s.decision()) is not None and s.decisions < 600:
            if rnd.random() < 0.1:
                sample = m.sampler(s, d.seat)
                a, b = random.Random(checked), random.Random(checked)
                before = s.key()
                for _ in range(3):  # successive draws: nothing read once is spent by a draw
                    got, want = sample(a), _plain(s, d.seat, b)
                    assert got.key() == want.key()
                    assert got.decision().ids() == want.decision().ids()
                assert s.key() == before  # the position itself is untouched
                checked += 1
            s.apply(d.options[rnd.randrange(len(d.options))].id)
    assert checked >= 20
