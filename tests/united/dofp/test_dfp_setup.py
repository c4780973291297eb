"""Days of Future Past setup (DFP-S1 … DFP-S7)."""

from __future__ import annotations

import pytest
from dofp_testkit import variant_pack
from pydantic import ValidationError

from multiverse import PositionError, load_position, new_game
from multiverse.content.loader import load_content
from multiverse.united.config import UnitedConfig
from multiverse.united.dofp.game import to_json
from multiverse.united.enemies import enemies_at
from multiverse.united.state import PHASE_SENTINELS
from multiverse.united.view import view

TWO = ("logan", "kitty-pryde")
THREE = ("logan", "kitty-pryde", "storm")
FOUR = ("logan", "kitty-pryde", "storm", "bishop")


def game(heroes=THREE, seed=3, **cfg):
    return new_game(UnitedConfig(heroes=heroes, **cfg), seed=seed)


@pytest.mark.rule("DFP-S1")
def test_no_mission_guide_and_no_mission_cards(tmp_path):
    # even a content pack that carries the standard Mission cards does not bring them in
    def add_missions(doc):
        doc["missions"] = [
            {"id": "rescue-civilians", "name": "Rescue Civilians", "threshold": 12},
            {"id": "defeat-thugs", "name": "Defeat Thugs", "threshold": 12},
            {"id": "clear-threats", "name": "Clear Threats", "threshold": 4},
        ]

    pack = None if load_content().missions else variant_pack(tmp_path, "pack.yaml", add_missions)
    s = game(content=pack)
    assert {m.id for m in s.T.content.missions} == {
        "rescue-civilians", "defeat-thugs", "clear-threats"}
    # the first decision is the first hero's card: no Mission step exists at setup
    assert s.decision().kind == "play_card" and s.active == 0 and s.turn == 1
    # no Mission anywhere in the game: not in the state, not in what a player sees
    assert not any("mission" in k.lower() for k in s.data_dict())
    assert "mission" not in to_json(s).lower().replace((pack or "").lower(), "")
    assert not any("mission" in k for k in view(s, 0))
    # and Missions cannot be switched on: the configuration and a position reject them
    with pytest.raises(ValidationError):
        UnitedConfig(missions=True)
    with pytest.raises(PositionError, match="missions"):
        load_position({"missions": ["Rescue Civilians"]})


@pytest.mark.rule("DFP-S2")
def test_dashboard_and_own_health_piles():
    s = game(FOUR)
    dofp = s.T.content.dofp
    assert dofp.dashboard.name == "Days of Future Past"
    # each Sentinel has its own pile; Nimrod's is filled but set aside
    assert s.s_hp == [5, 5, 5]
    assert (s.n_loc, s.n_hp, s.T.nimrod_health) == (-1, 0, 12)
    # damaging one Sentinel leaves the other piles untouched
    s2 = load_position({"seed": 3, "heroes": list(FOUR), "villain_start": 0,
                        "sentinels": {"II": {"location": 0, "health": 2}}})
    assert s2.s_hp == [5, 2, 5]
    # a Protocol reference card for each player (4 in the box, 4 players here)
    assert len(dofp.protocol_cards) == 4 >= s.T.n_heroes
    assert all(c.text for c in dofp.protocol_cards)


@pytest.mark.rule("DFP-S2")
@pytest.mark.parametrize(
    ("heroes", "solo", "health", "count"),
    [(TWO, False, 4, 2), (THREE, False, 4, 3), (FOUR, False, 5, 3), (THREE, True, 4, 3)],
)
def test_sentinel_health_by_hero_count(heroes, solo, health, count):
    s = game(heroes, solo=solo)
    assert s.T.sentinel_health == health
    assert s.s_hp == [health] * count + [0] * (3 - count)
    assert len(s.live_sentinels()) == count


@pytest.mark.rule("DFP-S3")
@pytest.mark.parametrize("start", range(6))
@pytest.mark.parametrize("heroes", [TWO, THREE, FOUR])
def test_sentinels_start_in_the_villain_start(start, heroes):
    s = game(heroes, villain_start=start)
    assert s.villain_start == start
    live = s.live_sentinels()
    assert [s.s_loc[i] for i in live] == [start] * len(live)
    # the heroes start opposite (MU-7 Decision)
    assert s.hero_loc == [(start + 3) % 6] * len(heroes)


@pytest.mark.rule("DFP-S3")
def test_sentinels_start_in_a_random_villain_start():
    starts = set()
    for seed in range(12):
        s = game(seed=seed)
        starts.add(s.villain_start)
        assert s.s_loc == [s.villain_start] * 3
    assert len(starts) > 1


@pytest.mark.rule("DFP-S4")
def test_two_heroes_sentinels_i_and_ii():
    s = game(TWO)
    assert s.s_loc[2] == -1 and s.s_loc[0] == s.s_loc[1] == s.villain_start
    assert s.s_hp == [4, 4, 0]
    assert s.target == [0, 1]  # each hero holds one token: Sentinel I and Sentinel II
    # Sentinel III is not in the game: no one can attack it, it never activates
    assert all(o.data["sentinel"] != 2 for o in enemies_at(s, s.villain_start)
               if o.data.get("enemy") == "sentinel")


@pytest.mark.rule("DFP-S5")
def test_three_heroes_all_three_sentinels_each_hero_a_token():
    s = game(THREE)
    assert s.s_loc == [s.villain_start] * 3
    assert s.s_hp == [4, 4, 4]
    assert sorted(s.target) == [0, 1, 2]


@pytest.mark.rule("DFP-S6")
@pytest.mark.parametrize("tokenless", [0, 1, 2, 3])
def test_four_heroes_one_tokenless(tokenless):
    s = game(FOUR, tokenless_seat=tokenless)
    assert s.s_loc == [s.villain_start] * 3 and s.s_hp == [5, 5, 5]
    assert s.target[tokenless] == -1
    held = [t for h, t in enumerate(s.target) if h != tokenless]
    assert sorted(held) == [0, 1, 2]


@pytest.mark.rule("DFP-S6")
def test_default_tokenless_seat_is_the_fourth():
    s = game(FOUR)
    assert s.target == [0, 1, 2, -1]


@pytest.mark.rule("DFP-S7")
def test_nimrod_and_his_deck_set_aside():
    s = game(THREE, villain_start=2, hero_start="villain")
    assert s.phase == PHASE_SENTINELS
    assert (s.n_loc, s.n_hp) == (-1, 0)
    assert sorted(s.mp_deck) == sorted(s.T.mp_cards) and len(s.mp_deck) == 12
    assert s.story == []
    # Nimrod is not on the board: nothing to attack but the Sentinels (and Thugs)
    assert all(o.id != "nimrod" for o in enemies_at(s, 2))
    # play a whole round: no Master Plan card leaves the set-aside deck
    for _ in range(3):
        s.apply(s.legal_ids()[0])  # a card
        while s.decision() and s.decision().kind != "play_card" and s.result is None:
            d = s.decision()
            pick = "end" if "end" in d.ids() else "skip" if "skip" in d.ids() else d.ids()[0]
            s.apply(pick)
    assert len(s.mp_deck) == 12 and all(s.T.card_owner[c if c >= 0 else ~c] >= 0 for c in s.story)
    assert s.phase == PHASE_SENTINELS and s.n_loc == -1
