"""Determinization keeps everything the seat sees and every card multiset (DESIGN 5)."""

from __future__ import annotations

import random

from agent_positions import positions

from multiverse.engine.rng import SplitMix64
from multiverse.united.determinize import determinize
from multiverse.united.view import view


def multisets(s):
    return ([sorted(s.hand[h] + s.deck[h]) for h in range(len(s.hand))],
            sorted(s.mp_deck), sorted(s.pile), list(s.story))


def test_determinize_keeps_the_view_and_the_cards():
    for i, s in enumerate(positions(150, seed=31)):
        seats = 1 if s.T.config.solo else s.T.n_heroes
        for seat in range(seats):
            before = s.key()
            det = determinize(s, seat, SplitMix64(i * 7 + seat))
            assert s.key() == before, "the real state is untouched"
            assert view(det, seat) == view(s, seat)
            assert multisets(det) == multisets(s)
            for h in range(len(s.hand)):
                assert len(det.hand[h]) == len(s.hand[h]) and len(det.deck[h]) == len(s.deck[h])
                if s.T.seats[h] == seat:
                    assert det.hand[h] == s.hand[h]


def test_the_deciding_seat_keeps_its_options():
    """Read again on a sample for the deciding seat, its decision is the same (options with
    their labels and data, prompt): a sample keeps it as it is (`refreshes`, DESIGN 5)."""
    for i, s in enumerate(positions(120, seed=32)):
        d = s.decision()
        det = determinize(s, d.seat, random.Random(i))
        fresh = det.clone()
        fresh.refresh_decision()
        assert fresh.decision() == d == det.decision()
        assert [o.label for o in fresh.decision().options] == [o.label for o in d.options]


def test_hidden_information_is_resampled_and_the_game_rng_replaced():
    changed_hands = changed_decks = changed_rng = 0
    for i, s in enumerate(positions(60, seed=33)):
        d = s.decision()
        det = determinize(s, d.seat, SplitMix64(1000 + i))
        others = [h for h in range(len(s.hand)) if s.T.seats[h] != d.seat]
        changed_hands += any(det.hand[h] != s.hand[h] for h in others)
        changed_decks += any(det.deck[h] != s.deck[h] for h in range(len(s.deck)))
        changed_rng += det.rng != s.rng
    assert changed_hands > 10 and changed_decks > 30 and changed_rng == 60


def test_determinized_games_play_on():
    rnd = random.Random(4)
    for i, s in enumerate(positions(30, seed=34)):
        det = determinize(s, s.decision().seat, SplitMix64(i))
        while (d := det.decision()) is not None:
            det.apply(rnd.choice(d.options).id)
        assert det.result in ("win", "loss")


def test_same_generator_seed_same_sample():
    s = positions(1, seed=35)[0]
    seat = s.decision().seat
    assert determinize(s, seat, SplitMix64(5)).key() == determinize(s, seat, SplitMix64(5)).key()
