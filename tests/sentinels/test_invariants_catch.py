"""The invariants catch what they promise: every card in exactly one place, faces in range,
no HP or tokens out of play (each fault made on a real game, with the message it names)."""

from __future__ import annotations

import pytest

from multiverse.sentinels.game import new_game
from multiverse.sentinels.invariants import check_invariants
from multiverse.sentinels.state import Z_BOX, Z_DECK, Z_HAND, SentinelsState


def game() -> SentinelsState:
    """A game some decisions in: the heroes hold cards, some are in play."""
    s = new_game(seed=4)
    for _ in range(12):
        s.apply(s.decision().options[0].id)
    check_invariants(s)
    assert any(s.hand) and s.inplay
    return s


def test_a_card_in_two_lists_is_caught():
    s = game()
    c = s.deck[0][-1]
    s.hand[0].append(c)  # also in the deck
    with pytest.raises(AssertionError, match=r"in two places|zone"):
        check_invariants(s)


def test_a_card_twice_in_one_list_is_caught():
    s = game()
    s.deck[0].append(s.deck[0][0])
    with pytest.raises(AssertionError, match="in two places"):
        check_invariants(s)


def test_a_card_whose_zone_disagrees_with_its_list_is_caught():
    s = game()
    c = next(h for h in s.hand if h)[0]
    s.zone[c] = Z_DECK
    with pytest.raises(AssertionError, match=rf"{s.T.name[c]}: zone {Z_DECK}"):
        check_invariants(s)


def test_a_listed_zone_card_in_no_list_is_caught():
    s = game()
    c = next(h for h in s.hand if h).pop()
    assert s.zone[c] == Z_HAND
    with pytest.raises(AssertionError, match=rf"{s.T.name[c]}: zone {Z_HAND} vs None"):
        check_invariants(s)


def test_a_boxed_card_still_in_a_list_is_caught():
    s = game()
    c = s.deck[0][0]
    s.zone[c] = Z_BOX
    with pytest.raises(AssertionError, match=rf"{s.T.name[c]} is in zone {Z_BOX} and in a list"):
        check_invariants(s)


def test_hp_out_of_play_and_a_face_out_of_range_are_caught():
    s = game()
    c = s.deck[0][0]
    s.tok[c] = 1
    with pytest.raises(AssertionError, match="HP or tokens out of play"):
        check_invariants(s)
    s = game()
    s.face[s.deck[0][0]] = 9
    with pytest.raises(AssertionError, match="shows face 9"):
        check_invariants(s)
