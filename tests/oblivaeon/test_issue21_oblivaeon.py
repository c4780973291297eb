"""Issue 21 in OblivAeon: the threat counters of the view read from the content
(Devastation and the Countdown with their next threshold's printed text, GAME OVER only when
the effect ends the game), the six things' prompt naming what is offered and why the others
are not, a player between heroes called by their last hero, "The Scions play", and whole
random games whose narration never repeats a line and names heroes only."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from multiverse import modes
from multiverse.sentinels import damage
from multiverse.sentinels.oblivaeon.setup import ASIDE, GONE
from multiverse.sentinels.oblivaeon.view import view

from .support import cid, game, in_play, pack, start_turn

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from narration_kit import assert_readable, narrate_game


def _default_game():  # type: ignore[no-untyped-def]
    m = modes.get("oblivaeon")
    return m.new_game(m.make_config("3"), seed=1)


def _threat(s, name: str) -> dict:  # type: ignore[no-untyped-def]
    (out,) = [x for x in view(s, 0)["threats"] if x["name"] == name]
    return out


@pytest.mark.rule("OBL-ID1")
def test_devastation_and_the_countdown_name_their_next_threshold() -> None:
    s = _default_game()
    dev = _threat(s, "Devastation")
    assert dev == {"name": "Devastation", "value": 0, "limit": 7,
                   "ends": "OblivAeon destroys the environment of his battle zone",
                   "text": "Devastation 0 → 7: OblivAeon destroys the environment of his battle "
                           "zone", "card": None}
    cd = _threat(s, "Countdown")
    v = cd["value"]
    assert cd["limit"] == 3 and cd["text"] == (
        f"Countdown {v} → 3: play the top card of the Aeon Men deck; OblivAeon deals each hero "
        "in his battle zone 1 infernal damage")


@pytest.mark.rule("OBL-E1", "OBL-E4")
def test_devastation_says_game_over_only_when_no_environment_is_set_aside() -> None:
    s = _default_game()
    assert "GAME OVER" not in _threat(s, "Devastation")["text"]
    for e in s.T.envs:  # every set-aside environment destroyed: the next one ends the game
        if s.azone[e] == ASIDE:
            s.azone[e] = GONE
    dev = _threat(s, "Devastation")
    assert dev["ends"] == "GAME OVER" and dev["text"] == (
        "Devastation 0 → 7: OblivAeon destroys the environment of his battle zone → GAME OVER")


@pytest.mark.rule("OBL-H2", "OBL-H5")
def test_the_six_things_prompt_says_why_the_others_are_not_offered(tmp_path: Path) -> None:
    s = game(tmp_path)
    s.apply("stay")
    d = s.decision()
    assert d.kind == "ob_six" and d.ids() == ["take", "shuffle", "none"]
    assert d.prompt == (
        "Alpha: one of six things? (not offered: swap your objective or trade objectives: you "
        "hold no objective; use an incapacitated hero's ability: no incapacitated hero in your "
        "play area; regain a reward: no reward under an incapacitated hero)")


@pytest.mark.rule("OBL-I4")
def test_a_player_between_heroes_is_called_by_their_last_hero(tmp_path: Path) -> None:
    s = game(tmp_path)
    damage.incapacitate(s, 0)
    start_turn(s, [("ob_replace", 0), ("ob_hero_turn", 1)])
    d = s.decision()
    assert d.prompt == "Alpha's player: set up a new hero"
    s.take_events()
    s.apply(f"hero:{cid(s, 'Delta')}")
    assert "Alpha's player sets up Delta in the First Battle Zone" in [e.text for e in s.take_events()]


@pytest.mark.parametrize("seed", [1, 2])
def test_a_whole_random_game_reads_well(seed: int) -> None:
    batches, hero_ids = narrate_game("oblivaeon", seed)
    assert "the-harpy" in hero_ids
    assert_readable(batches, hero_ids)
    lines = [x for b in batches for x in b]
    assert not any("The Scions plays" in x or "The Aeon Men plays" in x for x in lines)
    if seed == 1:
        assert any("The Scions play " in x for x in lines)


@pytest.mark.rule("SOTM-5")
@pytest.mark.parametrize(("kind", "phase", "words"), [
    ("cannot_play_cards", "play", "cannot play cards"),
    ("cannot_use_powers", "power", "cannot use powers")])
def test_a_phase_taken_away_is_told_with_the_card_that_takes_it(tmp_path: Path, kind: str,
                                                                  phase: str, words: str) -> None:
    doc = pack()
    doc["oblivaeon"]["deck"].insert(0, {"name": "Stasis", "kind": "ongoing", "modifiers": [
        {"kind": kind, "applies_to": "hero_character"}]})
    s = game(tmp_path, pack_doc=doc)
    in_play(s, "Stasis", s.T.villain, z=0)
    s.take_events()
    start_turn(s, [("ob_hero_turn", 0), ("ob_hero_turn", 1)])
    told = []
    while (d := s.decision()) is not None and s.turn == 0 and len(told) < 400:
        ids = d.ids()
        s.apply(next((i for i in ("stay", "none", "skip") if i in ids), ids[0]))
        told += [e.text for e in s.take_events()]
    assert f"Alpha skips the {phase} phase: Stasis says Alpha {words}" in told


def test_a_name_ending_in_s_takes_the_apostrophe_alone() -> None:
    """Issue 21: "The Scions' trash", "Crossroads' turn", "Logan's turn"."""
    from multiverse.engine.words import possessive

    assert [possessive(x) for x in ("The Scions", "Crossroads", "Logan", "The Temple of Ten Echoes")] \
        == ["The Scions'", "Crossroads'", "Logan's", "The Temple of Ten Echoes'"]
