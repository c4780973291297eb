"""Issue 21 in the Sentinels base game: the threat counters of the view (a named counter
and its next threshold's printed text; an environment card's Game Over tokens), each
counter change with its cause, an immune target marked in its option label, a phase passed
without a choice told with its cause, and a whole random game whose narration never
repeats a line and names heroes only."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from multiverse.sentinels.view import view

from .support import char, dmg, environment, hero, load, villain

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from narration_kit import assert_readable, narrate_game

VILLAIN = {"group": "villain_character"}
EACH_HERO = {"group": "hero", "pick": "each"}


def _breach_env() -> dict:
    """An environment whose Breach puts a token on itself at the end of the environment
    turn; at 3 tokens: GAME OVER (SOTM-18)."""
    return environment(cards=[{
        "name": "Breach", "kind": "ongoing",
        "text": "At the end of the environment turn, put a token on this card. Then, if it "
                "has 3 or more tokens: GAME OVER.",
        "triggers": [{"when": "end_of_turn", "whose": "environment", "effect": [
            {"verb": "add_tokens", "amount": 1},
            {"verb": "if", "cond": {"test": "tokens_on_this_at_least", "amount": 3},
             "do": [{"verb": "game_over"}]}]}]}])


def _ruin_villain() -> dict:
    """Devastation 0..10 whose threshold at 3 deals each hero 2 infernal damage; Ruin adds 2."""
    ctr = {"name": "Devastation", "max": 10, "thresholds": [
        {"at": 3, "text": "Devastation reaches 3: the Overlord deals each hero 2 infernal damage.",
         "effect": [{"verb": "damage", "amount": 2, "type": "infernal",
                     "source": "villain_character", "target": EACH_HERO}]}]}
    return villain(counters=[ctr], cards=[
        {"name": "Ruin", "kind": "one-shot", "copies": 2,
         "play": [{"verb": "add_tokens", "counter": "Devastation", "amount": 2}]}])


@pytest.mark.rule("SOTM-18")
def test_a_game_over_card_in_play_is_a_threat_with_its_tokens(tmp_path: Path) -> None:
    s = load(tmp_path, {"environment": {"play": [{"name": "Breach", "tokens": 1}]},
                        "turn": {"whose": "alpha", "phase": "play"}}, environment_=_breach_env())
    (breach,) = [c for c in s.play[s.T.env]]
    assert view(s, 0)["threats"] == [{"name": "Breach", "value": 1, "limit": 3, "ends": "GAME OVER",
                                      "text": "Breach 1 token of 3 → GAME OVER", "card": breach}]


@pytest.mark.rule("OBL-ID1")
def test_a_named_counter_is_a_threat_naming_its_next_threshold(tmp_path: Path) -> None:
    s = load(tmp_path, {"counters": {"Devastation": 1}, "turn": {"whose": "alpha", "phase": "play"}},
             villain_=_ruin_villain())
    assert view(s, 0)["threats"] == [{
        "name": "Devastation", "value": 1, "limit": 3,
        "ends": "the Overlord deals each hero 2 infernal damage",
        "text": "Devastation 1 → 3: the Overlord deals each hero 2 infernal damage", "card": None}]


@pytest.mark.rule("OBL-ID1")
def test_a_counter_change_names_its_cause_and_the_threshold_it_crosses(tmp_path: Path) -> None:
    s = load(tmp_path, {"villain": {"deck": ["Ruin"]}, "counters": {"Devastation": 1},
                        "turn": {"whose": "villain", "phase": "start"}}, villain_=_ruin_villain())
    told = [e.text for e in s.take_events()]
    assert ("Devastation 1 → 3 (Ruin): the Overlord deals each hero 2 infernal damage") in told


@pytest.mark.rule("SOTM-14")
def test_an_immune_target_is_marked_in_its_option(tmp_path: Path) -> None:
    # Alpha's power: 2 fire damage to one target; Asbestos makes the Overlord immune to fire
    alpha = hero("alpha", power=[dmg(2, {"group": "villain", "pick": "one"}, type="fire")])
    vil = villain(cards=[{"name": "Asbestos", "kind": "ongoing", "hp": 4, "modifiers": [
        {"kind": "immune", "amount": 0, "applies_to": "villain_character", "damage_type": "fire"}]}])
    s = load(tmp_path, {"villain": {"play": ["Asbestos"]}, "turn": {"whose": "alpha", "phase": "power"}},
             heroes=[alpha], villain_=vil)
    s.apply(f"power:{char(s, 'alpha')}")
    labels = [o.label for o in s.decision().options]
    assert "The Overlord (30 HP) (immune: Asbestos)" in labels
    assert "Asbestos (4 HP)" in labels


@pytest.mark.rule("SOTM-5")
def test_a_play_phase_with_no_card_is_told_with_its_cause(tmp_path: Path) -> None:
    s = load(tmp_path, {"heroes": [{"id": "alpha", "hand": []}, "beta", "gamma"],
                        "turn": {"whose": "alpha", "phase": "start"}})
    told = [e.text for e in s.take_events()]
    assert "Alpha skips the play phase: no card in hand" in told


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_whole_random_game_reads_well(seed: int) -> None:
    batches, hero_ids = narrate_game("sentinels", seed)
    assert "the-harpy" in hero_ids
    assert_readable(batches, hero_ids)


@pytest.mark.rule("SOTM-18")
def test_a_token_added_to_a_game_over_card_is_told_with_its_goal(tmp_path: Path) -> None:
    s = load(tmp_path, {"environment": {"play": [{"name": "Breach", "tokens": 1}], "deck": ["Calm"]},
                        "turn": {"whose": "environment", "phase": "start"}}, environment_=_breach_env())
    told = [e.text for e in s.take_events()]
    assert "Breach 1 → 2 tokens of 3 → GAME OVER" in told
    assert s.result is None
