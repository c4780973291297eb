"""The two rule faults an owner's real box exposed (issue 20), each with a scenario that
failed before its fix: an addition to a full Location in a hero's turn overflows even when
that Location overflowed in the Sentinel activation just before (MU-12), and a Location's
cost is paid with action tokens, never with the turn's leftover symbols (MU-17, MU-20)."""

from __future__ import annotations

from pathlib import Path

import pytest
from mu_support import play, position, ring
from test_owner_structures import owner_pack

from multiverse.united.board import OVERFLOW_ONCE, add_tokens


def _adds_a_civilian(d: dict) -> None:
    """Every Location's End-of-Turn effect: "add 1 Civilian here" (mandatory; original)."""
    for loc in d["locations.yaml"]["locations"]:
        loc["effect"] = [{"verb": "add_tokens_here", "tokens": "C"}]
        loc["mandatory"] = True


THREATS_BUT_3 = ["sentinel-production-a", "sentinel-production-b", "data-analyzer-a", None,
                 "mutant-detection-a", "mutant-detection-b"]


@pytest.mark.rule("MU-12")
def test_an_addition_in_a_hero_turn_overflows_after_the_activation_overflowed_there(tmp_path: Path):
    # Storm's turn ends: Sentinel I activates in Rooftop Resistance Camp (ring 3: 4 slots, no
    # Threat, 3 Civilians) and adds 2 Civilians (Eye of the Storm: Heroic Heroic): it fills
    # up and overflows. In Logan's turn its End-of-Turn effect adds a Civilian: it overflows
    # again (before the fix the activation's flag swallowed it).
    pack = str(owner_pack(tmp_path, _adds_a_civilian))
    s = position(config={"content": pack},
                 heroes=[{"id": "logan", "location": 3, "hand": ["Owner's Card", "Rusted Claws"]},
                         {"id": "storm", "location": 0}],
                 cards={"logan": [{"name": "Owner's Card", "symbols": []}]},
                 locations=ring(THREATS_BUT_3, p3={"civilians": 3, "thugs": 0}),
                 sentinels={"I": {"location": 3}, "II": {"location": 3}, "III": {"location": 3}},
                 storyline=[{"hero": "storm", "card": "Eye of the Storm"}],
                 turn={"hero": "storm"}, step="end_of_turn", track=3)
    assert s.civ[3] == 4 and s.track == 4  # the activation's Overflow (DFP-D2, the gray part)
    s.log = []
    play(s, "Owner's Card")
    s.apply("end")  # no rescue: the Location stays full
    kinds = [e.kind for e in s.log]
    at = kinds.index("location_effect")
    # Logan's Location effect overflowed too (before the fix: no Overflow, the track at 4)
    assert kinds[at + 1: at + 3] == ["overflow", "track"] and "4 → 5" in s.log[at + 2].text


@pytest.mark.rule("MU-12")
def test_each_addition_in_a_hero_turn_overflows_but_once_per_villain_turn(tmp_path: Path):
    from multiverse.united.config import UnitedConfig
    from multiverse.united.dofp.game import new_game

    def edit(d: dict) -> None:
        for loc in d["locations.yaml"]["locations"]:
            loc["start"], loc["slots"] = "", 1

    s = new_game(UnitedConfig(content=str(owner_pack(tmp_path, edit))), seed=1)
    s.ovf, track = 0, s.track  # a hero's turn
    add_tokens(s, 0, 2, 0)
    add_tokens(s, 0, 1, 0)
    assert s.track == track + 2
    s.ovf = OVERFLOW_ONCE  # a Villain turn: once per Location
    add_tokens(s, 0, 1, 0)
    add_tokens(s, 0, 1, 0)
    assert s.track == track + 3


def _cost_location(d: dict) -> None:
    """Every Location's End-of-Turn effect: "pay Move: draw 2 cards" (an original text)."""
    for loc in d["locations.yaml"]["locations"]:
        loc["effect"] = [{"verb": "draw", "amount": 2, "cost": ["move"]}]
        loc["mandatory"] = False


@pytest.mark.rule("MU-20")
def test_the_location_cost_takes_an_action_token_not_a_leftover_symbol(tmp_path: Path):
    pack = str(owner_pack(tmp_path, _cost_location))
    card = {"name": "Quick Step", "symbols": ["move"]}
    s = position(config={"content": pack}, cards={"logan": [card]},
                 heroes=[{"id": "logan", "location": 3, "hand": ["Quick Step"],
                          "tokens": {"move": 1}},
                         {"id": "storm", "location": 0}],
                 locations=ring(THREATS_BUT_3), turn={"hero": "logan"}, step="play")
    assert s.story[-1] == s.T.hero_cards[0][-1]  # Quick Step, his only card, is played
    assert s.pool[0] == 1  # its one Move symbol
    s.apply("end")  # the Move is left unused: it is lost as the actions end
    assert s.pool == [0, 0, 0, 0]
    assert s.decision().kind == "location_effect"
    s.apply("use")
    assert s.tokens[0] == 0  # the cost took the Move token (before the fix: the leftover symbol)
    assert len(s.hand[0]) == 2


@pytest.mark.rule("MU-20")
def test_without_a_token_the_location_cost_cannot_be_paid_from_leftover_symbols(tmp_path: Path):
    pack = str(owner_pack(tmp_path, _cost_location))
    card = {"name": "Quick Step", "symbols": ["move"]}
    s = position(config={"content": pack}, cards={"logan": [card]},
                 heroes=[{"id": "logan", "location": 3, "hand": ["Quick Step"]},
                         {"id": "storm", "location": 0}],
                 locations=ring(THREATS_BUT_3), turn={"hero": "logan"}, step="play")
    assert s.pool[0] == 1
    s.apply("end")
    s.apply("use")
    assert s.hand[0] == []  # nothing paid, nothing drawn (before the fix: drew 2)
