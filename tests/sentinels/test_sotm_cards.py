"""Cards: SOTM-8 one-shots, SOTM-9 targets and HP, SOTM-10 Limited and indestructible,
SOTM-11 destroy and discard, SOTM-12 character cards are not "cards"."""

from __future__ import annotations

from pathlib import Path

import pytest

from multiverse.sentinels.state import Z_HAND, Z_PLAY, Z_TRASH
from multiverse.sentinels.turns import play_from_hand

from .support import card, char, damage, dmg, environment, hero, hp, kinds, load, names, villain

VILLAIN = {"group": "villain_character"}
EACH_HERO = {"group": "hero", "pick": "each"}


def _id(s, name: str, who: str, zone: int = Z_HAND) -> int:
    return card(s, name, who, zone)


# ----- SOTM-8 -----------------------------------------------------------------------------
@pytest.mark.rule("SOTM-8")
def test_a_one_shot_resolves_top_to_bottom_then_goes_to_its_owners_trash(tmp_path: Path) -> None:
    alpha = hero("alpha", cards=[
        {"name": "Combo", "kind": "one-shot", "play": [
            dmg(2, VILLAIN, type="melee"), {"verb": "draw", "amount": 1}, dmg(1, VILLAIN, type="fire")]},
        {"name": "Gem", "kind": "one-shot", "copies": 3}])
    s = load(tmp_path, {"heroes": [{"id": "alpha", "hand": ["Combo"], "deck": ["Gem", "Gem"]}, "beta", "gamma"],
                        "turn": {"whose": "alpha", "phase": "play"}}, heroes=[alpha])
    combo = _id(s, "Combo", "alpha")
    s.apply(f"play:{combo}")
    ev = s.take_events()
    assert [e.text for e in ev] == [
        "Alpha plays Combo",
        "Alpha deals The Overlord 2 melee damage → 28 HP",
        "Alpha draws 1 (Combo)",
        "Alpha deals The Overlord 1 fire damage → 27 HP",
    ]
    assert s.zone[combo] == Z_TRASH and names(s, "trash", "alpha") == ["Combo"]
    assert names(s, "play", "alpha") == ["Alpha"]


@pytest.mark.rule("SOTM-8")
def test_every_other_card_stays_in_play(tmp_path: Path) -> None:
    alpha = hero("alpha", cards=[{"name": "Aura", "kind": "ongoing"}, {"name": "Blade", "kind": "equipment"},
                                 {"name": "Drone", "kind": "target", "hp": 3}])
    vil = villain(cards=[{"name": "Hex", "kind": "one-shot", "play": [dmg(1, EACH_HERO, source="villain_character")]},
                         {"name": "Totem", "kind": "device", "hp": 5}])
    s = load(tmp_path, {"heroes": [{"id": "alpha", "hand": ["Aura", "Blade", "Drone"]}, "beta", "gamma"],
                        "villain": {"deck": ["Hex", "Totem"]},
                        "turn": {"whose": "villain", "phase": "start"}}, heroes=[alpha], villain_=vil)
    assert names(s, "trash", "villain") == ["Hex"] and names(s, "play", "villain") == ["The Overlord"]
    for name in ("Aura", "Blade", "Drone"):
        s.apply(f"play:{_id(s, name, 'alpha')}")
        assert s.decision().kind == "power_phase"
        s.apply("skip")
        while s.decision().seat != 0 or s.decision().kind != "play_phase":
            s.apply(s.decision().ids()[-1])
    assert names(s, "play", "alpha") == ["Alpha", "Aura", "Blade", "Drone"]
    assert names(s, "play", "villain") == ["The Overlord", "Totem"]  # the next villain turn
    assert hp(s, "alpha", "Drone") == 3 - 1 and hp(s, "villain", "Totem") == 5


# ----- SOTM-9 -----------------------------------------------------------------------------
def _blast_pack(tmp_path: Path, position: dict, **kw):
    alpha = hero("alpha", cards=[{"name": "Blast", "kind": "one-shot",
                                  "play": [dmg(5, {"group": "non_hero", "pick": "one"}, type="energy")]},
                                 {"name": "Mend", "kind": "one-shot",
                                  "play": [{"verb": "heal", "amount": 10, "target": {"group": "any", "pick": "one"}}]}])
    vil = villain(cards=[{"name": "Grunt", "kind": "target", "hp": 3},
                         {"name": "Bulwark", "kind": "device", "hp": 4, "indestructible": True},
                         {"name": "Smite", "kind": "one-shot",
                          "play": [dmg(5, {"group": "hero", "pick": "lowest_hp"}, source="villain_character")]}],
                  sides=[{"hp": 10, "restore_hp": True}], **kw)
    return load(tmp_path, position, heroes=[alpha], villain_=vil)


@pytest.mark.rule("SOTM-9")
def test_a_target_at_zero_hp_or_less_is_destroyed_to_its_owners_trash(tmp_path: Path) -> None:
    s = _blast_pack(tmp_path, {"heroes": [{"id": "alpha", "hand": ["Blast"]}, "beta", "gamma"],
                               "villain": {"play": [{"name": "Grunt", "hp": 2}]},
                               "turn": {"whose": "alpha", "phase": "play"}})
    grunt = card(s, "Grunt", "villain")
    s.apply(f"play:{_id(s, 'Blast', 'alpha')}")
    s.apply(f"card:{grunt}")
    ev = s.take_events()
    assert kinds(ev) == ["play", "damage", "destroyed"]
    assert ev[1].data["hp"] == -3  # HP goes below 0, signed
    assert ev[1].text == "Alpha deals Grunt 5 energy damage → -3 HP"
    assert s.zone[grunt] == Z_TRASH and names(s, "trash", "villain") == ["Grunt"]


@pytest.mark.rule("SOTM-9")
def test_a_target_is_destroyed_before_its_own_reaction_to_the_damage_resolves(tmp_path: Path) -> None:
    """No decision ever sees a destroyed-in-waiting target at 0 HP in play: the Spiker is
    destroyed at once, then its "when dealt damage" reaction resolves (Alpha, hit back, has
    a reduction and an increase to order: a decision)."""
    alpha = hero("alpha", cards=[
        {"name": "Blast", "kind": "one-shot", "play": [dmg(5, {"group": "non_hero", "pick": "one"}, type="energy")]},
        {"name": "Shell", "kind": "ongoing", "modifiers": [{"kind": "reduce_taken", "amount": 1,
                                                            "applies_to": "this_hero"}]}])
    vil = villain(cards=[
        {"name": "Spiker", "kind": "target", "hp": 3, "triggers": [
            {"when": "dealt_damage", "effect": [dmg(2, {"group": "source"}, type="projectile", source="this")]}]},
        {"name": "Rage", "kind": "ongoing", "modifiers": [{"kind": "increase_dealt", "amount": 1,
                                                           "applies_to": "villain"}]}])
    s = load(tmp_path, {"heroes": [{"id": "alpha", "hand": ["Blast"], "play": ["Shell"]}, "beta", "gamma"],
                        "villain": {"play": ["Spiker", "Rage"]}, "turn": {"whose": "alpha", "phase": "play"}},
             heroes=[alpha], villain_=vil)
    spiker = card(s, "Spiker", "villain")
    s.apply(f"play:{_id(s, 'Blast', 'alpha')}")
    s.apply(f"card:{spiker}")
    assert s.decision().kind == "modify_damage"
    assert s.zone[spiker] == Z_TRASH  # already destroyed while its reaction waits
    s.apply(s.decision().ids()[0])
    ev = s.take_events()
    assert [e.kind for e in ev[:4]] == ["play", "damage", "destroyed", "damage"]
    assert damage(s, ev)[1][:3] == ("Spiker", "Alpha", 2)


@pytest.mark.rule("SOTM-9")
def test_hp_is_signed_and_indestructible_targets_survive(tmp_path: Path) -> None:
    s = _blast_pack(tmp_path, {"heroes": [{"id": "alpha", "hp": 2}, "beta", "gamma"],
                               "villain": {"play": [{"name": "Bulwark", "hp": 1}], "deck": ["Smite"]},
                               "turn": {"whose": "villain", "phase": "start"}})
    assert hp(s, "alpha") == -3 and s.incap[0]  # 2 - 5: stored signed
    # Alpha is incapacitated; Beta blasts the indestructible Bulwark
    s2 = _blast_pack(tmp_path / "b", {"heroes": [{"id": "alpha", "hand": ["Blast"]}, "beta", "gamma"],
                                      "villain": {"play": [{"name": "Bulwark", "hp": 1}]},
                                      "turn": {"whose": "alpha", "phase": "play"}})
    bulwark = card(s2, "Bulwark", "villain")
    s2.apply(f"play:{_id(s2, 'Blast', 'alpha')}")
    s2.apply(f"card:{bulwark}")
    ev = s2.take_events()
    assert kinds(ev) == ["play", "damage"]  # no "destroyed"
    assert s2.zone[bulwark] == Z_PLAY and s2.hp[bulwark] == -4


@pytest.mark.rule("SOTM-9")
@pytest.mark.parametrize(("who", "name", "start", "full"), [
    ("villain", "Grunt", 1, 3), ("alpha", None, 15, 20), ("villain", None, 25, 30)])
def test_healing_never_exceeds_max_hp(tmp_path: Path, who: str, name: str | None, start: int, full: int) -> None:
    pos: dict = {"heroes": [{"id": "alpha", "hand": ["Mend"], **({"hp": start} if who == "alpha" else {})},
                            "beta", "gamma"],
                 "villain": {"play": [{"name": "Grunt", "hp": start if name else 3}],
                             **({"hp": start} if who == "villain" and not name else {})},
                 "turn": {"whose": "alpha", "phase": "play"}}
    s = _blast_pack(tmp_path, pos)
    tgt = card(s, name, who) if name else char(s, who)
    s.apply(f"play:{_id(s, 'Mend', 'alpha')}")
    s.apply(f"card:{tgt}")
    ev = s.take_events()
    assert [e.data["amount"] for e in ev if e.kind == "heal"] == [full - start]
    assert s.hp[tgt] == full


@pytest.mark.rule("SOTM-9")
def test_a_flipped_villain_heals_up_to_its_flip_side_hp(tmp_path: Path) -> None:
    s = _blast_pack(tmp_path, {"heroes": [{"id": "alpha", "hand": ["Mend"]}, "beta", "gamma"],
                               "villain": {"flipped": True, "hp": 4},
                               "turn": {"whose": "alpha", "phase": "play"}})
    s.apply(f"play:{_id(s, 'Mend', 'alpha')}")
    s.apply(f"card:{char(s, 'villain')}")
    assert hp(s, "villain") == 10


# ----- SOTM-10 ----------------------------------------------------------------------------
def _limited_pack(tmp_path: Path, position: dict):
    alpha = hero("alpha", cards=[
        {"name": "Relic", "kind": "equipment", "limited": True, "copies": 2},
        {"name": "Aegis", "kind": "ongoing", "indestructible": True},
        {"name": "Wreck", "kind": "one-shot", "copies": 2, "play": [
            {"verb": "destroy", "target": {"group": "non_hero", "targets_only": False, "pick": "one"}}]},
        {"name": "Gem", "kind": "one-shot", "copies": 4}])
    vil = villain(cards=[
        {"name": "Totem", "kind": "device", "hp": 5, "limited": True, "copies": 2},
        {"name": "Bulwark", "kind": "device", "hp": 4, "indestructible": True},
        {"name": "Curse", "kind": "ongoing"},
        {"name": "Smite", "kind": "one-shot",
         "play": [dmg(9, {"group": "hero", "pick": "lowest_hp"}, source="villain_character")]}])
    return load(tmp_path, position, heroes=[alpha], villain_=vil)


@pytest.mark.rule("SOTM-10")
def test_a_limited_card_whose_copy_is_in_play_is_not_offered(tmp_path: Path) -> None:
    """Issue 21: nothing offered that cannot work; the prompt says why the card is not."""
    s = _limited_pack(tmp_path, {
        "heroes": [{"id": "alpha", "hand": ["Relic", "Gem"], "play": ["Relic"], "deck": ["Gem"] * 3}, "beta", "gamma"],
        "turn": {"whose": "alpha", "phase": "play"}})
    relic = _id(s, "Relic", "alpha")
    d = s.decision()
    assert d.kind == "play_phase" and d.ids() == [f"play:{_id(s, 'Gem', 'alpha')}", "skip"]
    assert d.prompt == "Alpha: play phase — play a card? (not offered: Relic: Limited, already in play)"
    assert not play_from_hand(s, 0, relic)  # an effect's play of it: back to hand (SOTM-10)
    ev = s.take_events()
    assert [e.text for e in ev] == ["Relic is Limited and already in play: it returns to hand"]
    assert s.zone[relic] == Z_HAND and names(s, "hand", "alpha") == ["Relic", "Gem"]
    assert names(s, "play", "alpha") == ["Alpha", "Relic"]
    s.apply("skip")  # play phase
    s.apply("skip")  # power phase
    ev = s.take_events()
    assert ev[0].text == "Alpha draws 2 (draw phase: no card played, no power used)"


@pytest.mark.rule("SOTM-10")
def test_a_limited_card_from_a_deck_does_not_enter_play_beside_its_copy(tmp_path: Path) -> None:
    s = _limited_pack(tmp_path, {
        "villain": {"play": ["Totem"], "deck": ["Totem", "Lull"]},
        "turn": {"whose": "villain", "phase": "start"}})
    assert names(s, "play", "villain") == ["The Overlord", "Totem"]
    assert names(s, "trash", "villain") == ["Totem"]


@pytest.mark.rule("SOTM-10")
def test_indestructible_survives_zero_hp_and_destroy_but_can_leave_play(tmp_path: Path) -> None:
    s = _limited_pack(tmp_path, {
        "heroes": [{"id": "alpha", "hand": ["Wreck", "Wreck"], "play": ["Aegis"], "hp": 3}, "beta", "gamma"],
        "villain": {"play": [{"name": "Bulwark", "hp": 0}, "Curse"], "deck": ["Smite"]},
        "turn": {"whose": "alpha", "phase": "play"}})
    bulwark, curse = card(s, "Bulwark", "villain"), card(s, "Curse", "villain")
    # at 0 HP, in play
    assert s.zone[bulwark] == Z_PLAY and s.hp[bulwark] == 0
    s.apply(f"play:{_id(s, 'Wreck', 'alpha')}")
    d = s.decision()
    assert sorted(d.ids()) == sorted([f"card:{bulwark}", f"card:{curse}"])  # never a character card
    s.apply(f"card:{bulwark}")
    ev = s.take_events()
    assert kinds(ev) == ["play"] and s.zone[bulwark] == Z_PLAY  # survives the destroy
    s.apply("skip")  # power
    # … the villain's Smite incapacitates Alpha: her indestructible Aegis leaves play
    while s.decision() and not (s.decision().seat == 0 and s.decision().kind == "incapacitated_ability"):
        s.apply(s.decision().ids()[-1])
    assert s.incap[0] and names(s, "trash", "alpha")[-1] == "Aegis"
    assert s.zone[card(s, "Aegis", "alpha", None)] == Z_TRASH


# ----- SOTM-11 ----------------------------------------------------------------------------
def _destroy_pack(tmp_path: Path, position: dict):
    alpha = hero("alpha", cards=[
        {"name": "Smash", "kind": "one-shot", "play": [
            {"verb": "destroy", "target": {"group": "villain", "kind": "ongoing", "targets_only": False}}]},
        {"name": "Purge", "kind": "one-shot", "play": [{"verb": "discard", "amount": 1}]},
        {"name": "Scry", "kind": "one-shot", "play": [
            {"verb": "reveal_top", "amount": 2, "deck": "this", "keyword": "gem", "to": "hand"}]},
        {"name": "Phoenix Charm", "kind": "ongoing", "triggers": [
            {"when": "destroyed", "effect": [{"verb": "heal", "amount": 3, "target": {"group": "this_hero"}}]}]},
        {"name": "Gem", "kind": "one-shot", "keywords": ["gem"], "copies": 3},
        {"name": "Rock", "kind": "one-shot", "copies": 3}], hp=20)
    vil = villain(cards=[
        {"name": "Curse", "kind": "ongoing", "triggers": [
            {"when": "destroyed", "effect": [dmg(1, EACH_HERO, type="infernal", source="villain_character")]}]},
        {"name": "Sunder", "kind": "one-shot", "copies": 2, "play": [
            {"verb": "destroy", "target": {"group": "hero", "targets_only": False, "pick": "one"}}]}])
    return load(tmp_path, position, heroes=[alpha], villain_=vil)


@pytest.mark.rule("SOTM-11")
def test_destroy_acts_on_a_card_in_play_which_goes_to_its_owners_trash(tmp_path: Path) -> None:
    s = _destroy_pack(tmp_path, {"heroes": [{"id": "alpha", "hand": ["Smash"]}, "beta", "gamma"],
                                 "villain": {"play": ["Curse"]}, "turn": {"whose": "alpha", "phase": "play"}})
    curse = card(s, "Curse", "villain")
    s.apply(f"play:{_id(s, 'Smash', 'alpha')}")
    ev = s.take_events()
    # its "when destroyed" text resolves
    assert [e.text for e in ev[:5]] == [
        "Alpha plays Smash", "Curse is destroyed",
        "The Overlord deals Alpha 1 infernal damage → 19 HP",
        "The Overlord deals Beta 1 infernal damage → 19 HP",
        "The Overlord deals Gamma 1 infernal damage → 19 HP"]
    assert s.zone[curse] == Z_TRASH and names(s, "trash", "villain") == ["Curse"]
    assert names(s, "trash", "alpha") == ["Smash"]


@pytest.mark.rule("SOTM-11")
def test_a_hero_card_destroyed_by_the_villain_goes_to_the_heros_trash(tmp_path: Path) -> None:
    s = _destroy_pack(tmp_path, {"heroes": [{"id": "alpha", "play": ["Phoenix Charm"], "hp": 10}, "beta", "gamma"],
                                 "villain": {"deck": ["Sunder"]}, "turn": {"whose": "villain", "phase": "start"}})
    ev = s.take_events()
    assert [e.kind for e in ev[:5]] == ["turn", "play", "destroyed", "heal", "turn"]
    assert names(s, "trash", "alpha") == ["Phoenix Charm"] and names(s, "trash", "villain") == ["Sunder"]
    assert hp(s, "alpha") == 13  # its "when destroyed" text resolved


@pytest.mark.rule("SOTM-11")
def test_discard_acts_on_a_card_in_hand_and_is_not_destroy(tmp_path: Path) -> None:
    s = _destroy_pack(tmp_path, {"heroes": [{"id": "alpha", "hand": ["Purge", "Phoenix Charm", "Rock"], "hp": 10},
                                            "beta", "gamma"], "turn": {"whose": "alpha", "phase": "play"}})
    charm = _id(s, "Phoenix Charm", "alpha")
    s.apply(f"play:{_id(s, 'Purge', 'alpha')}")
    d = s.decision()
    assert d.kind == "discard" and d.seat == 0 and len(d.options) == 2
    s.apply(f"card:{charm}")
    ev = s.take_events()
    assert "destroyed" not in kinds(ev) and "heal" not in kinds(ev)
    assert s.zone[charm] == Z_TRASH and names(s, "trash", "alpha") == ["Phoenix Charm", "Purge"]
    assert hp(s, "alpha") == 10


@pytest.mark.rule("SOTM-11")
def test_revealed_cards_not_taken_are_discarded(tmp_path: Path) -> None:
    s = _destroy_pack(tmp_path, {"heroes": [{"id": "alpha", "hand": ["Scry"], "deck": ["Rock", "Gem", "Rock"]},
                                            "beta", "gamma"], "turn": {"whose": "alpha", "phase": "play"}})
    s.apply(f"play:{_id(s, 'Scry', 'alpha')}")
    ev = s.take_events()
    assert [e.text for e in ev if e.kind == "reveal"] == ["Alpha reveals Rock", "Alpha reveals Gem"]
    assert names(s, "hand", "alpha") == ["Gem"]
    assert names(s, "trash", "alpha") == ["Rock", "Scry"]
    assert names(s, "deck", "alpha") == ["Rock"]


# ----- SOTM-12 ----------------------------------------------------------------------------
@pytest.mark.rule("SOTM-12")
def test_destroying_a_hero_card_never_picks_a_hero_character(tmp_path: Path) -> None:
    s = _destroy_pack(tmp_path, {"heroes": [{"id": "alpha", "play": ["Phoenix Charm"]}, "beta", "gamma"],
                                 "villain": {"deck": ["Sunder", "Sunder"]},
                                 "turn": {"whose": "villain", "phase": "start"}})
    # one hero card in play: the choice is forced (the three characters are not hero cards)
    assert names(s, "trash", "alpha") == ["Phoenix Charm"]
    # with no hero card in play, Sunder does nothing: no hero is incapacitated
    s2 = _destroy_pack(tmp_path / "b", {"villain": {"deck": ["Sunder"]},
                                        "turn": {"whose": "villain", "phase": "start"}})
    ev = s2.take_events()
    assert "destroyed" not in kinds(ev) and "incapacitated" not in kinds(ev)
    assert not any(s2.incap) and [hp(s2, h) for h in ("alpha", "beta", "gamma")] == [20, 20, 20]


@pytest.mark.rule("SOTM-12")
def test_destroying_a_villain_card_never_picks_the_villain_character(tmp_path: Path) -> None:
    s = _limited_pack(tmp_path, {"heroes": [{"id": "alpha", "hand": ["Wreck"]}, "beta", "gamma"],
                                 "villain": {"play": ["Curse"]}, "turn": {"whose": "alpha", "phase": "play"}})
    s.apply(f"play:{_id(s, 'Wreck', 'alpha')}")
    ev = s.take_events()
    assert kinds(ev)[:2] == ["play", "destroyed"] and ev[1].text == "Curse is destroyed"
    assert s.result is None and hp(s, "villain") == 30


@pytest.mark.rule("SOTM-12")
def test_a_hero_target_is_a_character_or_a_hero_card_with_hp(tmp_path: Path) -> None:
    alpha = hero("alpha", cards=[{"name": "Drone", "kind": "target", "hp": 3},
                                 {"name": "Aura", "kind": "ongoing"}])
    vil = villain(cards=[{"name": "Lash", "kind": "one-shot",
                          "play": [dmg(1, EACH_HERO, type="lightning", source="villain_character")]}])
    env = environment([{"name": "Sentinel Post", "kind": "target", "hp": 4}])
    s = load(tmp_path, {"heroes": [{"id": "alpha", "play": ["Drone", "Aura"]}, "beta", "gamma"],
                        "villain": {"deck": ["Lash"]}, "environment": {"play": ["Sentinel Post"]},
                        "turn": {"whose": "villain", "phase": "start"}}, heroes=[alpha], villain_=vil,
             environment_=env)
    ev = s.take_events()
    assert [d[1] for d in damage(s, ev)] == ["Alpha", "Beta", "Gamma", "Drone"]
    assert hp(s, "alpha", "Drone") == 2 and hp(s, "environment", "Sentinel Post") == 4


def test_every_verb_of_the_schema_has_one_registered_rule_step() -> None:
    """The dispatcher reads the verb tables only: every schema verb is registered there (the
    damage verbs compile to their own precompiled head; a damage step carrying its result,
    capped or remembered, resolves by its registered step), and nothing else is."""
    import typing

    import multiverse.sentinels.oblivaeon.game  # noqa: F401  (registers the mode's verbs)
    from multiverse.content.sentinels_schema import Verb
    from multiverse.sentinels.verbs import registered

    names = set(typing.get_args(Verb))
    assert names - set(registered()) == set()
    assert set(registered()) - names == set()
