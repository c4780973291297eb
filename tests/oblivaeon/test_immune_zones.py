"""SOTM-14 labels in a game of two battle zones: a target selection that reaches both zones
(`zone: any`) marks each target with the immunities in force in *its own* zone, read once
per zone for the whole selection (`damage.immune_to`'s `seen`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from multiverse.sentinels import damage
from multiverse.sentinels.oblivaeon import world
from multiverse.sentinels.state import Z_PLAY, SentinelsState

from .support import cid, env_in, environment, game, hand_card, hero, in_play, pack, run_until

FIRE_BOLT = {"name": "Far Bolt", "kind": "one-shot", "play": [
    {"verb": "damage", "amount": 2, "type": "fire", "source": "this_hero",
     "target": {"group": "villain", "pick": "one", "zone": "any"}}]}


def _immune(name: str, group: str) -> dict:
    """An environment ongoing (original) making `group` immune to fire damage."""
    return {"name": name, "kind": "ongoing", "modifiers": [
        {"kind": "immune", "amount": 0, "applies_to": group, "damage_type": "fire"}]}


def _labels(tmp_path: Path) -> tuple[list[str], SentinelsState, int]:
    envs = [environment("env-one", [_immune("Glare", "villain_character")]),
            environment("env-two", [_immune("Haze", "villain")])]
    s = game(tmp_path, pack_doc=pack(heroes=[hero("alpha", cards=[FIRE_BOLT])], envs=envs))
    world.move_oblivaeon(s, 0)
    in_play(s, "Glare", env_in(s, 0))  # zone 1: OblivAeon immune to fire, Scions not
    in_play(s, "Haze", env_in(s, 1))  # zone 2: every villain target immune to fire
    two = cid(s, "Scion Two", Z_PLAY)  # set up in zone 2
    bolt = hand_card(s, 0, "Far Bolt")
    s.apply("stay")
    run_until(s, "play_phase")
    s.apply(f"play:{bolt}")
    return [o.label for o in s.decision().options], s, two


@pytest.mark.rule("SOTM-14", "OBL-C1")
def test_each_target_is_marked_with_the_immunities_of_its_own_battle_zone(tmp_path: Path) -> None:
    labels, s, two = _labels(tmp_path)
    one = cid(s, "Scion One", Z_PLAY)
    assert s.bz[one] == 0 and s.bz[two] == 1 and s.bz[s.T.villain_character] == 0
    assert labels == ["OblivAeon (40 HP) (immune: Glare)", "Scion One (20 HP)",
                      "Scion Two (20 HP) (immune: Haze)"]


@pytest.mark.rule("SOTM-14")
def test_the_labels_agree_with_the_damage_each_target_would_take(tmp_path: Path) -> None:
    """The label reads ahead what dealing the damage does: immune targets take none."""
    _, s, two = _labels(tmp_path)
    one, ob = cid(s, "Scion One", Z_PLAY), s.T.villain_character
    before = {c: s.hp[c] for c in (one, two, ob)}
    for c in (one, two, ob):
        damage.deal_damage(s, s.char[0], c, 2, damage.DAMAGE_TYPES.index("fire"), False)
    assert {c: before[c] - s.hp[c] for c in (one, two, ob)} == {one: 2, two: 0, ob: 0}
