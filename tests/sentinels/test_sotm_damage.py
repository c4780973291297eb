"""Damage: SOTM-13 types, SOTM-14 the pipeline, SOTM-15 irreducible, SOTM-16 re-evaluation
and who chooses targets."""

from __future__ import annotations

from pathlib import Path

import pytest

from multiverse.engine.errors import ContentError
from multiverse.sentinels.content import validate_sentinels_path
from multiverse.sentinels.state import Z_PLAY
from multiverse.sentinels.tables import DAMAGE_TYPES

from .support import card, char, damage, dmg, environment, hero, hp, kinds, load, villain, write_pack

VILLAIN = {"group": "villain_character"}
TYPES = ("cold", "energy", "fire", "infernal", "lightning", "melee", "projectile", "psychic", "radiant",
         "sonic", "toxic")


def mod(kind: str, amount: int = 1, applies_to: str = "villain_character", damage_type: str | None = None) -> dict:
    out = {"kind": kind, "amount": amount, "applies_to": applies_to}
    if damage_type:
        out["damage_type"] = damage_type
    return out


def ongoing(name: str, *mods: dict, **kw) -> dict:
    return {"name": name, "kind": "ongoing", "modifiers": list(mods), **kw}


def option_labelled(s, label: str) -> str:
    d = s.decision()
    (oid,) = [o.id for o in d.options if o.label == label]
    return oid


# ----- SOTM-13 ----------------------------------------------------------------------------
@pytest.mark.rule("SOTM-13")
def test_the_eleven_damage_types() -> None:
    assert TYPES == DAMAGE_TYPES


@pytest.mark.rule("SOTM-13")
@pytest.mark.parametrize("dtype", TYPES)
def test_damage_carries_its_type_and_typed_effects_read_it(tmp_path: Path, dtype: str) -> None:
    alpha = hero("alpha", power=[dmg(2, VILLAIN, type=dtype)])
    vil = villain(cards=[ongoing("Mind Shield", mod("immune", 0, damage_type="psychic"))])
    s = load(tmp_path, {"villain": {"play": ["Mind Shield"]}, "turn": {"whose": "alpha", "phase": "power"}},
             heroes=[alpha], villain_=vil)
    s.apply(f"power:{char(s, 'alpha')}")
    (d,) = damage(s, s.take_events())
    if dtype == "psychic":
        assert d == ("Alpha", "The Overlord", 0, "psychic", False, ["prevented: immune (Mind Shield)"])
        assert hp(s, "villain") == 30
    else:
        assert d == ("Alpha", "The Overlord", 2, dtype, False, [])
        assert hp(s, "villain") == 28


@pytest.mark.rule("SOTM-13")
def test_an_unknown_damage_type_is_a_content_error(tmp_path: Path) -> None:
    alpha = hero("alpha", power=[dmg(2, VILLAIN, type="plasma")])
    with pytest.raises(ContentError, match=r"power\.effect"):
        validate_sentinels_path(write_pack(tmp_path, heroes=[alpha]))


# ----- SOTM-14 ----------------------------------------------------------------------------
def _order_pack(tmp_path: Path, base: int, reduction: int, with_trigger: bool = True):
    alpha = hero("alpha", power=[dmg(base, VILLAIN, type="melee")],
                 cards=[ongoing("Fury", mod("increase_dealt", 1, "this_hero"))])
    trig = [{"when": "dealt_damage", "effect": [dmg(1, {"group": "source"}, type="sonic", source="this")]}]
    vil = villain(triggers=trig if with_trigger else [],
                  cards=[ongoing("Plate", mod("reduce_taken", reduction))])
    return load(tmp_path, {"heroes": [{"id": "alpha", "play": ["Fury"]}, "beta", "gamma"],
                           "villain": {"play": ["Plate"]}, "turn": {"whose": "alpha", "phase": "power"}},
                heroes=[alpha], villain_=vil)


@pytest.mark.rule("SOTM-14")
@pytest.mark.parametrize(("base", "reduction", "first", "dealt"), [
    # the example: a reduction before an increase differs from after
    (0, 1, "-1 from Plate", 1), (0, 1, "+1 from Fury", 0),
    (1, 2, "-2 from Plate", 1), (1, 2, "+1 from Fury", 0),
    # with 1 damage, -1 and +1 give 1 whichever comes first (nothing is cut at 0)
    (1, 1, "-1 from Plate", 1), (1, 1, "+1 from Fury", 1),
])
def test_increases_and_reductions_apply_in_the_order_the_players_choose(
        tmp_path: Path, base: int, reduction: int, first: str, dealt: int) -> None:
    s = _order_pack(tmp_path, base, reduction)
    s.apply(f"power:{char(s, 'alpha')}")
    d = s.decision()
    assert d.kind == "modify_damage" and d.seat == 0
    assert d.prompt == f"{base} melee damage to The Overlord: which modifier applies next?"
    assert sorted(o.label for o in d.options) == sorted(["+1 from Fury", f"-{reduction} from Plate"])
    s.apply(option_labelled(s, first))  # the other one follows (a forced choice)
    ev = s.take_events()
    second = "+1 (Fury)" if first.startswith("-") else f"-{reduction} (Plate)"
    first_note = f"-{reduction} (Plate)" if first.startswith("-") else "+1 (Fury)"
    dmgs = damage(s, ev)
    assert dmgs[0] == ("Alpha", "The Overlord", dealt, "melee", False, [first_note, second])
    assert hp(s, "villain") == 30 - dealt
    # "when dealt damage" reacts only to damage actually dealt
    if dealt:
        assert dmgs[1] == ("The Overlord", "Alpha", 1, "sonic", False, [])
        assert hp(s, "alpha") == 19
    else:
        assert len(dmgs) == 1 and hp(s, "alpha") == 20
        assert ev[kinds(ev).index("damage")].text.startswith("Alpha deals The Overlord no damage")


def _pipeline_pack(tmp_path: Path, villain_play: list[str], env_play: list[str], **kw):
    alpha = hero("alpha", power=[dmg(2, VILLAIN, type="melee", **kw)])
    vil = villain(cards=[
        {"name": "Bodyguard", "kind": "target", "hp": 6,
         "modifiers": [mod("redirect_to_this", 0)]},
        ongoing("Hide", mod("reduce_taken", 1)),
        ongoing("Kindling", mod("increase_taken", 1, damage_type="fire")),
        ongoing("Asbestos", mod("immune", 0, damage_type="fire")),
        ongoing("Numb", mod("immune", 0, "villain_character")),
    ])
    env = environment([ongoing("Heat Wave", mod("change_type", 0, "any", damage_type="fire"))])
    return load(tmp_path, {"villain": {"play": villain_play}, "environment": {"play": env_play},
                           "turn": {"whose": "alpha", "phase": "power"}},
                heroes=[alpha], villain_=vil, environment_=env)


@pytest.mark.rule("SOTM-14")
def test_redirection_comes_first_then_the_new_targets_modifiers(tmp_path: Path) -> None:
    s = _pipeline_pack(tmp_path, ["Bodyguard", "Hide"], [])
    s.apply(f"power:{char(s, 'alpha')}")
    (d,) = damage(s, s.take_events())
    # redirected to the Bodyguard: the villain character's reduction no longer applies
    assert d == ("Alpha", "Bodyguard", 2, "melee", False, ["redirected to Bodyguard"])
    assert hp(s, "villain", "Bodyguard") == 4 and hp(s, "villain") == 30


@pytest.mark.rule("SOTM-14")
def test_the_type_changes_before_increases_reductions_and_immunity(tmp_path: Path) -> None:
    s = _pipeline_pack(tmp_path, ["Kindling"], ["Heat Wave"])
    s.apply(f"power:{char(s, 'alpha')}")
    (d,) = damage(s, s.take_events())
    assert d == ("Alpha", "The Overlord", 3, "fire", False,
                 ["type changed to fire by Heat Wave", "+1 (Kindling)"])
    s2 = _pipeline_pack(tmp_path / "b", ["Kindling"], [])  # no type change: melee, no +1
    s2.apply(f"power:{char(s2, 'alpha')}")
    assert damage(s2, s2.take_events()) == [("Alpha", "The Overlord", 2, "melee", False, [])]
    s3 = _pipeline_pack(tmp_path / "c", ["Kindling", "Asbestos"], ["Heat Wave"])  # fire: immune
    s3.apply(f"power:{char(s3, 'alpha')}")
    assert damage(s3, s3.take_events()) == [
        ("Alpha", "The Overlord", 0, "fire", False,
         ["type changed to fire by Heat Wave", "+1 (Kindling)", "prevented: immune (Asbestos)"])]
    assert hp(s3, "villain") == 30


@pytest.mark.rule("SOTM-14")
def test_the_whole_pipeline_in_one_hit(tmp_path: Path) -> None:
    """Redirect to the Bodyguard, change to fire, +1 for fire taken by … the villain
    character only (so not here), immunity of the villain character (not the Bodyguard)."""
    s = _pipeline_pack(tmp_path, ["Bodyguard", "Kindling", "Numb"], ["Heat Wave"])
    s.apply(f"power:{char(s, 'alpha')}")
    (d,) = damage(s, s.take_events())
    assert d == ("Alpha", "Bodyguard", 2, "fire", False,
                 ["redirected to Bodyguard", "type changed to fire by Heat Wave"])


# ----- SOTM-15 ----------------------------------------------------------------------------
@pytest.mark.rule("SOTM-15")
def test_irreducible_damage_ignores_reductions_but_not_increases(tmp_path: Path) -> None:
    alpha = hero("alpha", power=[dmg(2, VILLAIN, irreducible=True)],
                 cards=[ongoing("Fury", mod("increase_dealt", 1, "this_hero"))])
    vil = villain(cards=[ongoing("Plate", mod("reduce_taken", 2))])
    s = load(tmp_path, {"heroes": [{"id": "alpha", "play": ["Fury"]}, "beta", "gamma"],
                        "villain": {"play": ["Plate"]}, "turn": {"whose": "alpha", "phase": "power"}},
             heroes=[alpha], villain_=vil)
    s.apply(f"power:{char(s, 'alpha')}")  # no order to choose: the reduction does not count
    ev = s.take_events()
    assert damage(s, ev) == [("Alpha", "The Overlord", 3, "melee", True,
                              ["irreducible: Plate's reduction ignored", "+1 (Fury)"])]
    assert hp(s, "villain") == 27
    assert "irreducible" in ev[1].text


@pytest.mark.rule("SOTM-15")
def test_immunity_stops_irreducible_damage_and_redirection_moves_it(tmp_path: Path) -> None:
    s = _pipeline_pack(tmp_path, ["Numb", "Hide"], [], irreducible=True)
    s.apply(f"power:{char(s, 'alpha')}")
    assert damage(s, s.take_events()) == [
        ("Alpha", "The Overlord", 0, "melee", True,
         ["irreducible: Hide's reduction ignored", "prevented: immune (Numb)"])]
    s2 = _pipeline_pack(tmp_path / "b", ["Bodyguard"], [], irreducible=True)
    s2.apply(f"power:{char(s2, 'alpha')}")
    assert damage(s2, s2.take_events()) == [("Alpha", "Bodyguard", 2, "melee", True,
                                             ["redirected to Bodyguard"])]


# ----- SOTM-16 ----------------------------------------------------------------------------
@pytest.mark.rule("SOTM-16")
def test_a_target_entering_play_during_an_each_target_effect_is_hit_too(tmp_path: Path) -> None:
    env = environment([{"name": "Quake", "kind": "one-shot",
                        "play": [dmg(1, {"group": "any", "pick": "each"}, type="melee", source="this")]}])
    vil = villain(triggers=[{"when": "dealt_damage", "effect": [{"verb": "play_top", "deck": "villain"}]}],
                  cards=[{"name": "Reinforcement", "kind": "target", "hp": 3}])
    s = load(tmp_path, {"villain": {"deck": ["Reinforcement", "Lull"]}, "environment": {"deck": ["Quake"]},
                        "turn": {"whose": "environment", "phase": "start"}}, villain_=vil, environment_=env)
    ev = s.take_events()
    assert [e.text for e in ev[:9]] == [
        "— Proving Ground's turn (environment, round 1) —",
        "Proving Ground plays Quake",
        "Quake deals Alpha 1 melee damage → 19 HP",
        "Quake deals Beta 1 melee damage → 19 HP",
        "Quake deals Gamma 1 melee damage → 19 HP",
        "Quake deals The Overlord 1 melee damage → 29 HP",
        "The Overlord plays Reinforcement",
        "Quake deals Reinforcement 1 melee damage → 2 HP",
        "— The Overlord's turn (villain, round 2) —",
    ]
    assert hp(s, "villain", "Reinforcement") == 2


@pytest.mark.rule("SOTM-16")
def test_a_target_leaving_play_mid_effect_is_not_hit(tmp_path: Path) -> None:
    env = environment([{"name": "Quake", "kind": "one-shot",
                        "play": [dmg(1, {"group": "non_hero", "pick": "each"}, type="melee", source="this")]}])
    # when the villain is dealt damage, it destroys its own Decoy (which entered play later)
    vil = villain(triggers=[{"when": "dealt_damage", "effect": [
        {"verb": "destroy", "target": {"group": "villain", "kind": "target", "pick": "each"}}]}],
        cards=[{"name": "Decoy", "kind": "target", "hp": 3}])
    s = load(tmp_path, {"villain": {"play": ["Decoy"]}, "environment": {"deck": ["Quake"]},
                        "turn": {"whose": "environment", "phase": "start"}}, villain_=vil, environment_=env)
    ev = s.take_events()
    assert [d[1] for d in damage(s, ev)] == ["The Overlord"]
    assert "Decoy is destroyed" in [e.text for e in ev]


@pytest.mark.rule("SOTM-16")
def test_a_heros_damage_targets_are_chosen_by_that_heros_player(tmp_path: Path) -> None:
    beta = hero("beta", power=[dmg(2, {"group": "non_hero", "pick": "one"})])
    vil = villain(cards=[{"name": "Grunt", "kind": "target", "hp": 3}])
    s = load(tmp_path, {"villain": {"play": ["Grunt"]}, "turn": {"whose": "beta", "phase": "power"}},
             heroes=[hero("alpha"), beta], villain_=vil)
    s.apply(f"power:{char(s, 'beta')}")
    d = s.decision()
    grunt = card(s, "Grunt", "villain")
    assert (d.kind, d.seat) == ("select", 1)
    assert d.ids() == [f"card:{char(s, 'villain')}", f"card:{grunt}"]
    s.apply(f"card:{grunt}")
    assert hp(s, "villain", "Grunt") == 1


@pytest.mark.rule("SOTM-16")
def test_villain_highest_hp_ties_are_the_players_choice(tmp_path: Path) -> None:
    vil = villain(cards=[{"name": "Smite", "kind": "one-shot",
                          "play": [dmg(3, {"group": "hero", "pick": "highest_hp"}, source="villain_character")]}])
    s = load(tmp_path, {"heroes": [{"id": "alpha", "hp": 15}, {"id": "beta", "hp": 15}, {"id": "gamma", "hp": 10}],
                        "villain": {"deck": ["Smite"]}, "turn": {"whose": "villain", "phase": "start"}},
             villain_=vil)
    d = s.decision()
    assert d.kind == "select" and d.ids() == [f"card:{char(s, 'alpha')}", f"card:{char(s, 'beta')}"]
    assert d.seat == 0  # the players (first hero standing) decide for the villain
    s.apply(f"card:{char(s, 'beta')}")
    assert [hp(s, h) for h in ("alpha", "beta", "gamma")] == [15, 12, 10]


@pytest.mark.rule("SOTM-16")
def test_no_tie_no_choice(tmp_path: Path) -> None:
    vil = villain(cards=[{"name": "Smite", "kind": "one-shot",
                          "play": [dmg(3, {"group": "hero", "pick": "lowest_hp"}, source="villain_character")]}])
    s = load(tmp_path, {"heroes": [{"id": "alpha", "hp": 15}, {"id": "beta", "hp": 12}, "gamma"],
                        "villain": {"deck": ["Smite"]}, "turn": {"whose": "villain", "phase": "start"}},
             villain_=vil)
    assert damage(s, s.take_events())[0][1:3] == ("Beta", 3)
    assert s.zone[char(s, "beta")] == Z_PLAY
