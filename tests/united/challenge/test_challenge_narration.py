"""Narration of a Challenge Sentinel's activation: the card it read, its symbols, its tasks
(the fourth named as on its card), and why a task did nothing (DFP-C4 … DFP-C9)."""

from __future__ import annotations

import pytest
from challenge_kit import end_actions, hero, load, play, skip_location, story

SII = "sentinel-ii"


def activation(which: str, at: int, logan_at: int, card: str):
    """Logan plays `card` (and only ends his turn) against the `which` Challenge at `at`."""
    s = load(which, at=at, heroes=[hero("logan", logan_at, [card, "Berserker Lunge"]),
                                   hero("kitty-pryde", 1), hero("storm", 1)],
             storyline=story(("kitty-pryde", "Shelter the Crowd")), turn={"hero": "logan"},
             step="play")
    play(s, card)
    end_actions(s)
    skip_location(s)
    return [e.text for e in s.log]


@pytest.mark.rule("DFP-C9")
def test_a_flip_facedown_with_nothing_to_flip_says_so():
    lines = activation(SII, 3, 3, "Old Instincts")
    i = next(i for i, x in enumerate(lines) if "activates" in x)
    assert lines[i:i + 2] == [
        "Sentinel II (Challenge) activates after Logan's turn: Old Instincts [Wild] shows "
        "1 Wild → Flip Facedown once",
        "Sentinel II flips nothing: Logan has no faceup Storyline card with a Special Effect",
    ]


@pytest.mark.rule("DFP-C7")
def test_a_damage_task_with_nobody_there_moves_closer_and_says_why():
    lines = activation(SII, 0, 2, "Rusted Claws")
    i = next(i for i, x in enumerate(lines) if "activates" in x)
    assert lines[i:i + 3] == [
        "Sentinel II (Challenge) activates after Logan's turn: Rusted Claws [Attack] shows "
        "1 Attack → Damage once",
        "Sentinel II finds no hero in The Burned Mansion to damage: it moves closer instead",
        "Sentinel II moves 1 closer to Logan (Hollow Sentinel Foundry)",
    ]
