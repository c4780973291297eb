"""Sentinel Challenges: adding one to a standard game and setting it up (DFP-C1, DFP-C2).

Seed insert, "Sentinel Challenges": a Challenge "can be added to any game against a different
Villain"; the chosen Sentinel starts "in the Villain's starting Location" with the Health
"listed on the Challenge card", and "the Sentinel Target tokens are not used".
"""

from __future__ import annotations

import pytest
from challenge_kit import CHALLENGE_SLOT, kind, variant_pack

from multiverse import ContentError, PositionError, load_position, new_game
from multiverse.content.loader import load_content
from multiverse.united.config import UnitedConfig
from multiverse.united.tables import build_tables

CHALLENGES = ("sentinel-i", "sentinel-ii", "sentinel-iii")
TASKS = {"sentinel-i": "gain_health", "sentinel-ii": "flip_facedown", "sentinel-iii": "grab"}
HEROES = {2: ("logan", "storm"), 3: ("logan", "kitty-pryde", "storm"),
          4: ("logan", "kitty-pryde", "storm", "bishop")}


def standard(challenge: str | None, n: int = 3, **more) -> UnitedConfig:
    return UnitedConfig(mode="standard", villain="magistrate", challenge=challenge,
                        heroes=HEROES[n], **more)


# ------------------------------------------------------------------------------ DFP-C1


@pytest.mark.rule("DFP-C1")
@pytest.mark.parametrize("challenge", CHALLENGES)
def test_each_challenge_can_be_added_to_a_standard_game(challenge):
    s = new_game(standard(challenge, villain_start=2), seed=5)
    sn = CHALLENGE_SLOT[challenge]
    assert s.T.mode == "standard" and s.T.villain_name == "The Magistrate"
    assert s.T.challenge == sn and s.T.challenge_task == TASKS[challenge]
    # the Villain is on the board and the Challenge Sentinel is the only Sentinel in the game
    assert s.n_loc >= 0 and s.n_hp == 13
    assert [i for i, p in enumerate(s.s_loc) if p >= 0] == [sn]
    assert s.active == 0 and s.result is None


@pytest.mark.rule("DFP-C1")
def test_a_standard_game_without_a_challenge_has_no_sentinel():
    s = new_game(standard(None), seed=5)
    assert s.T.challenge == -1
    assert s.s_loc == [-1, -1, -1] and s.s_hp == [0, 0, 0]


@pytest.mark.rule("DFP-C1")
@pytest.mark.parametrize("challenge", CHALLENGES)
def test_the_dofp_mode_refuses_a_challenge(challenge):
    config = UnitedConfig(challenge=challenge)  # mode: dofp (the default)
    assert config.mode == "dofp"
    with pytest.raises(ContentError, match="DFP-C1") as err:
        build_tables(config, load_content(None))
    assert "another Villain" in str(err.value)
    with pytest.raises(ContentError, match="DFP-C1"):
        new_game(config, seed=0)


@pytest.mark.rule("DFP-C1")
def test_a_dofp_position_with_a_challenge_is_refused():
    with pytest.raises(PositionError, match=r"^position: config: a Sentinel Challenge .*DFP-C1"):
        load_position({"config": {"mode": "dofp", "challenge": "sentinel-ii"}})
    # a hero error still names the heroes
    with pytest.raises(PositionError, match=r"^position: heroes: unknown hero id"):
        load_position({"config": {"mode": "standard", "villain": "magistrate", "challenge": "sentinel-ii"},
                       "heroes": ["logan", "nobody"]})


@pytest.mark.rule("DFP-C1")
def test_an_unknown_challenge_is_a_configuration_error():
    with pytest.raises(ValueError, match="challenge"):
        UnitedConfig(mode="standard", villain="magistrate", challenge="sentinel-iv")


# ------------------------------------------------------------------------------ DFP-C2


@pytest.mark.rule("DFP-C2")
@pytest.mark.parametrize("challenge", CHALLENGES)
@pytest.mark.parametrize("n", [2, 3, 4])
def test_setup_in_the_villains_starting_location_with_the_card_health(challenge, n):
    s = new_game(standard(challenge, n, villain_start=4), seed=3)
    sn = CHALLENGE_SLOT[challenge]
    assert s.villain_start == 4
    # the Villain took the first turn and may have moved; the Sentinel did not
    assert s.s_loc[sn] == 4
    # the Challenge card's Health (6 in the default pack) for every hero count, not the
    # DFP dashboard's 4 / 5
    assert s.T.challenge_health == 6 and s.s_hp[sn] == 6 and s.T.sentinel_health == 6
    # no Target tokens: nobody holds one and there is no solo pile
    assert s.target == [-1] * n and s.pile == []


@pytest.mark.rule("DFP-C2")
@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_setup_follows_the_random_villain_start(seed):
    s = new_game(standard("sentinel-ii"), seed=seed)
    assert s.s_loc == [-1, s.villain_start, -1]


@pytest.mark.rule("DFP-C2")
def test_starting_health_comes_from_the_challenge_card_data(tmp_path):
    def edit(doc):
        doc["dofp"]["sentinels"][2]["challenge_health"] = 9
    pack = variant_pack(tmp_path, "dofp.yaml", edit)
    s = new_game(standard("sentinel-iii", content=pack, villain_start=1), seed=0)
    assert s.s_loc == [-1, -1, 1] and s.s_hp == [0, 0, 9]
    # the other Challenge cards keep their own value
    s = new_game(standard("sentinel-i", content=pack, villain_start=1), seed=0)
    assert s.s_hp == [6, 0, 0]


@pytest.mark.rule("DFP-C2")
def test_no_target_token_choice_is_ever_asked():
    s = new_game(standard("sentinel-i", 4, tie_break="clockwise"), seed=9)
    for _ in range(200):
        if s.result is not None:
            break
        assert kind(s) != "choose_sentinel"
        assert s.target == [-1] * 4
        s.apply(s.decision().options[0].id)


@pytest.mark.rule("DFP-C2")
@pytest.mark.parametrize("start", [0, 2, 5])
def test_a_position_stating_the_villain_start_puts_villain_and_sentinel_there(start):
    s = load_position({"seed": 3, "villain_start": start,
                       "config": {"mode": "standard", "villain": "magistrate", "challenge": "sentinel-ii"}})
    assert s.villain_start == start and s.n_loc == start and s.s_loc == [-1, start, -1]
    assert s.s_hp == [0, 6, 0] and s.target == [-1, -1, -1]
