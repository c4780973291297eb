"""A search's sampler (`Mode.sampler`: what is hidden where read once, dealt again per draw)
gives exactly the samples of the plain procedure — clone, pool each owner's unseen cards,
shuffle them, deal them back — draw after draw from one generator, in every mode, at
positions of random games (the searches, and so every measured win rate, are unchanged)."""

from __future__ import annotations

import random

import pytest

from multiverse import modes
from multiverse.engine.sampling import draw64, shuffler
from multiverse.sentinels.determinize import _known
from multiverse.sentinels.state import Z_DECK, Z_HAND
from multiverse.united.owned import LOC_DECK, OWN_DECK, records


def _plain(state, seat: int, rng: random.Random):  # type: ignore[no-untyped-def]
    """The reference: the Sentinels determinization written out plainly (SOTM, OBL-M1, S8)."""
    det = state.clone()
    shuffle = shuffler(rng)
    tops, tried = _known(state)  # what pending frames show (the arranged tops, tried cards)
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


def _plain_united(state, seat: int, rng: random.Random):  # type: ignore[no-untyped-def]
    """The reference: the Marvel United determinization written out plainly."""
    det = state.clone()
    shuffle = shuffler(rng)
    seats, seen = state.T.seats, det.seen
    for h in range(len(det.hand)):
        own = seats[h] == seat
        deck, hand = det.deck[h], det.hand[h]
        if seen and any(c in seen for c in deck):  # seen cards at the bottom keep their place
            places = [i for i, c in enumerate(deck) if c not in seen]
            pool = [deck[i] for i in places] + ([] if own else hand)
            shuffle(pool)
            if not own:
                det.hand[h], pool = pool[:len(hand)], pool[len(hand):]
            for i, c in zip(places, pool, strict=True):
                deck[i] = c
        elif own:
            if len(deck) > 1:
                shuffle(deck)
        elif deck or len(hand) > 1:
            pool = hand + deck
            shuffle(pool)
            det.hand[h], det.deck[h] = pool[:len(hand)], pool[len(hand):]
    if det.mp_known:
        unseen = [i for i, c in enumerate(det.mp_deck) if c not in det.mp_known]
        cards = [det.mp_deck[i] for i in unseen]
        shuffle(cards)
        for i, c in zip(unseen, cards, strict=True):
            det.mp_deck[i] = c
    elif len(det.mp_deck) > 1:
        shuffle(det.mp_deck)
    if len(det.pile) > 1:
        shuffle(det.pile)
    if det.parts:
        decks = [(OWN_DECK, h) for h in range(len(det.hand))] + [(LOC_DECK, li) for li in det.locs]
        for kind, owner in decks:
            places = records(det, kind, owner)
            cards = [det.parts[i + 2] for i in places]
            shuffle(cards)
            for i, c in zip(places, cards, strict=True):
                det.parts[i + 2] = c
    det.rng = draw64(rng)
    det.refresh_decision()
    return det


@pytest.mark.parametrize(("mode_name", "games"),
                         [("sentinels", 4), ("oblivaeon", 2), ("dofp", 6), ("standard", 6)])
def test_a_sampler_draws_the_plain_procedures_samples(mode_name: str, games: int) -> None:
    """Draw for draw the plain procedure's samples, for the deciding seat and for another
    one; the pending decision is the one the plain procedure reads again (seat, kind,
    options with their labels and data, prompt): a sample for the deciding seat keeps it
    as it is (`refreshes`: DESIGN 5), one for another seat reads it again."""
    m = modes.get(mode_name)
    plain = _plain if mode_name in ("sentinels", "oblivaeon") else _plain_united
    rnd = random.Random(7)
    checked = kept = 0
    for g in range(games):
        s = m.new_game(m.make_config("3"), seed=g)
        while (d := s.decision()) is not None and s.decisions < 600:
            if rnd.random() < 0.1:
                seats = 1 if getattr(s.T.config, "solo", False) else s.T.n_heroes
                for seat in (d.seat, (d.seat + 1) % seats):
                    sample = m.sampler(s, seat)
                    a, b = random.Random(checked), random.Random(checked)
                    before = s.key()
                    for _ in range(3):  # successive draws: nothing read once is spent by a draw
                        got = sample(a)
                        want = plain(s, seat, b)
                        assert got.key() == want.key()
                        assert got.decision() == want.decision()
                        assert [o.label for o in got.decision().options] == \
                            [o.label for o in want.decision().options]
                        kept += seat == d.seat and got.decision() is d
                    assert s.key() == before  # the position itself is untouched
                    checked += 1
            s.apply(d.options[rnd.randrange(len(d.options))].id)
    assert checked >= 40 and kept >= 60  # the decider's samples kept the decision read once


def test_the_united_sampler_keeps_seen_cards_known_plans_and_own_decks_as_the_plain_one() -> None:
    """Cards seen at the bottom of a deck, Master Plan cards every player saw, a hero's own
    deck and a Location's (owner content: none in the default box, so stated here on
    positions of random games) and the solo Target pile."""
    from agent_positions import positions

    for n, s in enumerate(positions(16, seed=3)):
        s.seen = [c for deck in s.deck[:2] for c in deck[:2]]  # the bottom two of two decks
        s.mp_known = s.mp_deck[-3:]
        s.parts = [OWN_DECK, 0, 0, 0, OWN_DECK, 0, 1, 0, OWN_DECK, 0, 2, 0]
        s.parts += [rec for li in s.locs[:1] for k in range(3) for rec in (LOC_DECK, li, k, 0)]
        seat = s.decision().seat
        sample = modes.of_state(s).sampler(s, seat)
        a, b = random.Random(n), random.Random(n)
        for _ in range(3):
            assert sample(a).key() == _plain_united(s, seat, b).key()
