"""MU-6 with boxes: a Location of a named box (`Location.box`) is dealt only in a game whose
configuration plays that box (`UnitedConfig.boxes`); Locations of no box always are."""

from __future__ import annotations

import pytest

from multiverse import ContentError
from multiverse.united.config import UnitedConfig
from multiverse.united.dofp.game import new_game, tables

BOXED = {"counting-house", "tollgate-overpass", "lantern-ferry-landing", "rickety-watchtower"}


@pytest.mark.rule("MU-6")
def test_a_default_game_deals_only_locations_of_no_box():
    for seed in range(40):
        s = new_game(UnitedConfig(), seed=seed)
        assert not {s.T.loc_ids[li] for li in s.locs} & (BOXED | {"fallen-watchtower"})


@pytest.mark.rule("MU-6")
def test_a_game_that_plays_a_box_deals_its_locations_too():
    seen: set[str] = set()
    for seed in range(40):
        s = new_game(UnitedConfig(boxes=("owner-words",)), seed=seed)
        seen |= {s.T.loc_ids[li] for li in s.locs}
    assert seen >= BOXED and "fallen-watchtower" not in seen  # never dealt: its other side


def test_an_unknown_box_is_an_error_naming_the_boxes():
    with pytest.raises(ContentError, match=r"boxes: no Location of this content comes in the box\(es\) "
                                           r"\['attic'\]; its boxes: \['owner-words'\]"):
        tables(UnitedConfig(boxes=("attic",)))


def test_boxes_may_be_one_comma_separated_word():
    assert UnitedConfig(boxes="owner-words").boxes == ("owner-words",)
    assert UnitedConfig(boxes=" a, b ").boxes == ("a", "b")
