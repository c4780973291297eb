"""Cards moving between a deck, a hand, a trash and a play area keep every pile in order:
`zones.take` lifts the top card by popping it and any other card by finding it, and
`zones.put` adds on top or at the bottom."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from multiverse import modes
from multiverse.sentinels.invariants import check_invariants
from multiverse.sentinels.state import Z_DECK, Z_HAND, Z_PLAY, Z_TRASH, SentinelsState
from multiverse.sentinels.zones import PILES, move

ZONES = (Z_DECK, Z_HAND, Z_TRASH, Z_PLAY)
_BASE: list[SentinelsState] = []


def _base() -> SentinelsState:
    """The default 3-hero game at its first decision (made once, cloned per example)."""
    if not _BASE:
        m = modes.get("sentinels")
        _BASE.append(m.new_game(m.make_config("3"), seed=3))
    return _BASE[0].clone()


def _piles(s: SentinelsState) -> dict[tuple[int, int], list[int]]:
    homes = range(len(s.deck))
    return {(z, h): list(getattr(s, PILES[z])[h]) for z in ZONES for h in homes}


def _movable(s: SentinelsState) -> list[int]:
    """The hero cards (not character cards) in a deck, hand, trash or play area, by id."""
    t = s.T
    return [c for c in range(len(t.card)) if s.zone[c] in ZONES and t.kind[c] != "character"
            and 0 <= t.owner[c] < len(t.hero_ids) and s.zone[c] != Z_PLAY]


def test_a_card_taken_from_the_middle_of_a_deck_leaves_the_rest_in_order() -> None:
    s = _base()
    deck = s.deck[0]
    top, middle, bottom = deck[-1], deck[len(deck) // 2], deck[0]
    before = list(deck)
    move(s, middle, Z_HAND)
    assert deck == [c for c in before if c != middle] and deck[-1] == top
    move(s, top, Z_TRASH)  # the top card: popped
    assert deck == [c for c in before if c not in (middle, top)]
    assert s.trash[0][-1] == top and s.hand[0][-1] == middle
    move(s, bottom, Z_HAND)
    assert deck == [c for c in before if c not in (middle, top, bottom)]
    check_invariants(s)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 10_000), st.booleans(),
                          st.sampled_from((Z_DECK, Z_HAND, Z_TRASH)), st.booleans()),
                min_size=1, max_size=30))
def test_any_moves_keep_every_pile_as_a_list_model_says(
        moves: list[tuple[int, bool, int, bool]]) -> None:
    """Each move lifts a hero card (the top card of a pile, or any card) and puts it on top
    of, or under, a deck, a hand or a trash of its hero: every pile matches the model."""
    s = _base()
    model = _piles(s)
    for pick, from_top, zone, bottom in moves:
        cards = _movable(s)
        if from_top:  # the top card of one of the non-empty piles
            cards = sorted({model[(s.zone[c], s.home[c])][-1] for c in cards})
        c = cards[pick % len(cards)]
        home = s.home[c]
        model[(s.zone[c], home)].remove(c)
        if bottom:
            model[(zone, home)].insert(0, c)
        else:
            model[(zone, home)].append(c)
        move(s, c, zone, bottom=bottom)
        assert s.zone[c] == zone
        assert _piles(s) == model
    check_invariants(s)
