"""What a search sample may depend on (DESIGN 5): determinization reads which cards are hidden
where, never their true order, so a position that differs from another only in hidden orders
(and in which of a hero's unseen cards are the ones in hand) gives the same sample from the
same generator state; ISMCTS keeps its tree across a seat's consecutive decisions in every
mode and its searches are fixed by its seed."""

from __future__ import annotations

import random

import pytest
from agent_positions import positions
from hypothesis import given
from hypothesis import strategies as st

from multiverse import modes
from multiverse.agents import ISMCTSAgent
from multiverse.agents.ismcts import SearchRandom
from multiverse.engine.rng import SplitMix64
from multiverse.engine.sampling import shuffler
from multiverse.sentinels.config import SentinelsConfig
from multiverse.sentinels.determinize import determinize as sentinels_determinize
from multiverse.sentinels.game import new_game as sentinels_game
from multiverse.sentinels.state import Z_DECK, Z_HAND
from multiverse.united.determinize import determinize as united_determinize


def _played(s, rnd: random.Random, steps: int):
    for _ in range(steps):
        d = s.decision()
        if d is None:
            return None
        s.apply(rnd.choice(d.options).id)
    return s if s.decision() is not None else None


def sentinels_positions(count: int, seed: int) -> list:
    rnd = random.Random(seed)
    out = []
    while len(out) < count:
        s = _played(sentinels_game(SentinelsConfig(), seed=rnd.getrandbits(32)), rnd,
                    rnd.randrange(0, 300))
        if s is not None:
            out.append(s)
    return out


def test_a_shuffle_keeps_the_cards_and_forgets_their_order():
    cards = list(range(20))
    a, b = cards[:], cards[::-1]
    shuffler(random.Random(3))(a)
    shuffler(random.Random(3))(b)
    assert a == b and sorted(a) == cards and a != cards
    firsts = {0: 0}
    for k in range(400):  # every card reaches the top (uniform: about 20 times each)
        x = cards[:]
        shuffler(random.Random(k))(x)
        firsts[x[-1]] = firsts.get(x[-1], 0) + 1
    assert set(firsts) == set(cards) and max(firsts.values()) < 45


@given(st.lists(st.lists(st.integers(-5, 60), max_size=80), min_size=1, max_size=4),
       st.integers(0, 2**32 - 1))
def test_a_shuffle_is_fisher_yates_on_the_sorted_cards_from_one_seeded_stream(
        piles: list[list[int]], seed: int):
    """Each shuffle sorts the cards, then swaps place i (from the end) with place
    `below(i + 1)` of one SplitMix64 stream seeded by a single 64-bit draw from the caller's
    generator; the shuffles of one sampler go on with that stream (repeated cards included):
    the samples a seed gives are fixed."""
    shuffle = shuffler(random.Random(seed))
    stream = SplitMix64(random.Random(seed).getrandbits(64))
    for cards in piles:
        got = cards[:]
        shuffle(got)
        want = sorted(cards)
        for i in range(len(want) - 1, 0, -1):  # the textbook loop, Python's big integers
            j = stream.below(i + 1)
            want[i], want[j] = want[j], want[i]
        assert got == want


def test_a_shuffle_gives_every_order_about_equally_often():
    counts: dict[tuple[int, ...], int] = {}
    for k in range(6000):
        x = [0, 1, 2]
        shuffler(random.Random(k))(x)
        counts[tuple(x)] = counts.get(tuple(x), 0) + 1
    assert len(counts) == 6  # each of the 6 orders about 1,000 times (sd about 29)
    assert all(880 < n < 1120 for n in counts.values()), counts


def test_united_samples_do_not_depend_on_the_hidden_order():
    checked = 0
    for i, s in enumerate(positions(80, seed=61)):
        if s.seen:
            continue
        seat = s.decision().seat
        other = s.clone()  # the same public facts: hidden orders changed
        for h in range(len(other.hand)):
            other.deck[h].reverse()
            if s.T.seats[h] != seat and other.hand[h] and other.deck[h]:
                other.hand[h][0], other.deck[h][0] = other.deck[h][0], other.hand[h][0]
        if not other.mp_known:
            other.mp_deck.reverse()
        other.pile.reverse()
        a = united_determinize(s, seat, random.Random(i))
        b = united_determinize(other, seat, random.Random(i))
        assert a.key() == b.key()
        checked += 1
    assert checked > 40


def test_sentinels_samples_do_not_depend_on_the_hidden_order():
    checked = 0
    for i, s in enumerate(sentinels_positions(30, seed=62)):
        if any(f[0] in ("arrange", "play_phase") for f in s.stack):
            continue  # (top cards being arranged or tried cards are known: kept in place)
        seat = s.decision().seat
        other = s.clone()
        for o, deck in enumerate(other.deck):
            deck.reverse()
            hand = other.hand[o]
            if o != seat and hand and deck:
                hand[0], deck[0] = deck[0], hand[0]
                other.zone[hand[0]], other.zone[deck[0]] = Z_HAND, Z_DECK
        other.reserve.reverse()
        a = sentinels_determinize(s, seat, random.Random(i))
        b = sentinels_determinize(other, seat, random.Random(i))
        assert a.key() == b.key()
        checked += 1
    assert checked > 10


def test_the_search_generator_is_fixed_by_its_seed():
    a, b = SearchRandom(5), SearchRandom(5)
    draws = [(a.below(7), a.next64()) for _ in range(50)]
    assert draws == [(b.below(7), b.next64()) for _ in range(50)]
    assert all(0 <= x < 7 and 0 <= y < 2**64 for x, y in draws)


@pytest.mark.parametrize("mode", ["dofp", "sentinels", "oblivaeon"])
def test_the_tree_is_kept_across_a_seat_s_consecutive_decisions(mode):
    m = modes.get(mode)
    s = m.new_game(m.make_config("3"), seed=3)
    agents: dict[int, ISMCTSAgent] = {}
    previous, consecutive, kept = None, 0, 0
    for _ in range(40):
        d = s.decision()
        if d is None:
            break
        agent = agents.setdefault(d.seat, ISMCTSAgent(d.seat + 1, iterations=12))
        choice = agent.choose(d, s)
        if previous == d.seat:
            consecutive += 1
            kept += agent.last_reused > 0
        else:
            assert agent.last_reused == 0
        previous = d.seat
        s.apply(choice)
    assert consecutive >= 5 and kept == consecutive


@pytest.mark.parametrize("mode", ["dofp", "sentinels"])
def test_the_same_seed_searches_the_same_tree(mode):
    m = modes.get(mode)
    s = m.new_game(m.make_config("3"), seed=4)
    seat = s.decision().seat
    roots = [ISMCTSAgent(9, iterations=25, reuse=False).search(s, seat) for _ in range(2)]
    stats = [{k: (ch.visits, ch.value) for k, ch in r.children.items()} for r in roots]
    assert stats[0] == stats[1]
