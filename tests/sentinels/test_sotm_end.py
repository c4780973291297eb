"""Incapacitation and the end of the game: SOTM-17, SOTM-18."""

from __future__ import annotations

from pathlib import Path

import pytest

from multiverse.sentinels.state import Z_HAND, Z_TRASH
from multiverse.sentinels.view import view

from .support import card, char, damage, dmg, environment, hero, hp, kinds, load, names, villain

VILLAIN = {"group": "villain_character"}
EACH_HERO = {"group": "hero", "pick": "each"}


def _incap_pack(tmp_path: Path, position: dict):
    alpha = hero("alpha", cards=[
        {"name": "Aura", "kind": "ongoing", "modifiers": [
            {"kind": "reduce_taken", "amount": 1, "applies_to": "hero"}]},
        {"name": "Blade", "kind": "equipment"},
        {"name": "Guard Post", "kind": "target", "hp": 4},
        {"name": "Brace", "kind": "one-shot", "play": [
            {"verb": "modify", "duration": "until_your_next_turn",
             "modifier": {"kind": "reduce_taken", "amount": 5, "applies_to": "hero"}}]}])
    vil = villain(cards=[
        {"name": "Cleave", "kind": "one-shot", "copies": 2, "play": [
            dmg(3, EACH_HERO, source="villain_character"),
            dmg(1, EACH_HERO, type="toxic", source="villain_character")]},
        {"name": "Smite", "kind": "one-shot", "play": [
            dmg(2, {"group": "hero", "pick": "highest_hp"}, type="fire", source="villain_character")]},
        {"name": "Wither", "kind": "one-shot", "play": [
            {"verb": "lose_hp", "amount": 3, "target": {"group": "hero", "pick": "lowest_hp"}},
            dmg(3, EACH_HERO, source="villain_character")]}])
    quiet = [hero(h, power=[]) for h in ("beta", "gamma")]
    return load(tmp_path, position, heroes=[alpha, *quiet], villain_=vil)


@pytest.mark.rule("SOTM-17")
def test_a_hero_at_zero_hp_is_incapacitated_and_its_cards_leave_play(tmp_path: Path) -> None:
    s = _incap_pack(tmp_path, {
        "heroes": [{"id": "alpha", "hp": 3, "play": ["Blade", "Guard Post"], "hand": ["Aura"]},
                   {"id": "beta", "hp": 10}, {"id": "gamma", "hp": 10}],
        "villain": {"deck": ["Cleave", "Smite"]},
        "turn": {"whose": "villain", "phase": "start"}})
    ev = s.take_events()
    # Cleave: 3 to each hero target (Alpha falls first: her Guard Post leaves play with her),
    # then 1 toxic to each hero target: Alpha is no longer one
    texts = [e.text for e in ev]
    assert texts[:8] == [
        "— The Overlord's turn (villain, round 1) —",
        "The Overlord plays Cleave",
        "The Overlord deals Alpha 3 melee damage → 0 HP",
        "Alpha is incapacitated",
        "The Overlord deals Beta 3 melee damage → 7 HP",
        "The Overlord deals Gamma 3 melee damage → 7 HP",
        "The Overlord deals Beta 1 toxic damage → 6 HP",
        "The Overlord deals Gamma 1 toxic damage → 6 HP",
    ]
    assert s.incap == [1, 0, 0]
    assert names(s, "play", "alpha") == ["Alpha"]  # the character card stays, flipped
    assert names(s, "trash", "alpha") == ["Blade", "Guard Post"]
    assert names(s, "hand", "alpha") == ["Aura"]
    assert not s.is_target(char(s, "alpha"))
    # her turn: exactly one incapacitated ability instead of play, power and draw
    d = s.decision()
    assert (d.kind, d.seat) == ("incapacitated_ability", 0)
    assert [o.label for o in d.options] == ["Rally", "Mend", "Jolt"]
    deck_before = len(s.deck[0])
    s.apply("ability:1")  # Mend: heal 2 a hero target — Alpha is not one
    d = s.decision()
    assert d.ids() == [f"card:{char(s, 'beta')}", f"card:{char(s, 'gamma')}"]
    s.apply(f"card:{char(s, 'gamma')}")
    ev = s.take_events()
    assert [e.kind for e in ev[:3]] == ["incap_ability", "heal", "turn"]
    assert ev[2].data["owner"] == 1  # Beta's turn follows: no play, power or draw for Alpha
    assert len(s.deck[0]) == deck_before and names(s, "hand", "alpha") == ["Aura"]
    assert hp(s, "gamma") == 8


@pytest.mark.rule("SOTM-17")
def test_an_incapacitated_hero_is_no_longer_a_target(tmp_path: Path) -> None:
    s = _incap_pack(tmp_path, {
        "heroes": [{"id": "alpha", "incapacitated": True, "hp": -2}, {"id": "beta", "hp": 5}, {"id": "gamma", "hp": 7}],
        "villain": {"deck": ["Smite"]},
        "turn": {"whose": "villain", "phase": "start"}})
    ev = s.take_events()
    # "the hero target with the highest HP": Gamma at 7, never Alpha
    assert damage(s, ev) == [("The Overlord", "Gamma", 2, "fire", False, [])]
    assert hp(s, "alpha") == -2


@pytest.mark.rule("SOTM-17")
def test_incapacitation_ends_the_heros_own_effects(tmp_path: Path) -> None:
    """Alpha's Brace (-5 damage to hero targets until her next turn) and her Aura (-1 while
    in play) protect everyone until she is incapacitated by losing HP: from then on the
    same effect's damage is dealt in full."""
    s = _incap_pack(tmp_path, {
        "heroes": [{"id": "alpha", "hp": 3, "hand": ["Brace"], "play": ["Aura"]},
                   {"id": "beta", "hand": []}, {"id": "gamma", "hand": []}],
        "villain": {"deck": ["Wither", "Lull"]},
        "turn": {"whose": "alpha", "phase": "play"}})
    s.apply(f"play:{card(s, 'Brace', 'alpha', Z_HAND)}")
    assert [m["name"] for m in view(s, 0)["modifiers"]] == ["Aura", "Brace"]
    s.apply("skip")  # power phase; Beta, Gamma, the environment, then the villain's Wither
    ev = s.take_events()
    wither = ev[[e.text for e in ev].index("The Overlord plays Wither"):]
    assert [e.text for e in wither[:6]] == [
        "The Overlord plays Wither",
        "Alpha loses 3 HP → 0",
        "Alpha is incapacitated",
        "The Overlord deals Beta 3 melee damage → 17 HP",
        "The Overlord deals Gamma 3 melee damage → 17 HP",
        "— Alpha's turn (round 2) —",
    ]
    assert s.mods == [] and view(s, 0)["modifiers"] == []
    assert names(s, "trash", "alpha") == ["Brace", "Aura"]


@pytest.mark.rule("SOTM-17")
def test_incapacitation_in_the_middle_of_an_each_target_effect(tmp_path: Path) -> None:
    s = _incap_pack(tmp_path, {
        "heroes": [{"id": "alpha", "hp": 2, "play": ["Aura"]}, {"id": "beta", "hp": 10}, {"id": "gamma", "hp": 10}],
        "villain": {"deck": ["Cleave", "Lull"]},
        "turn": {"whose": "villain", "phase": "start"}})
    ev = s.take_events()
    # 3 - 1 (Aura) = 2 fells Alpha; Aura leaves play: Beta and Gamma take the full 3, then 1
    got = [(d[1], d[2], d[5]) for d in damage(s, ev)]
    assert got == [("Alpha", 2, ["-1 (Aura)"]), ("Beta", 3, []), ("Gamma", 3, []), ("Beta", 1, []),
                   ("Gamma", 1, [])]
    assert s.zone[card(s, "Aura", "alpha", None)] == Z_TRASH


# ----- SOTM-18 ----------------------------------------------------------------------------
def _flip_pack(tmp_path: Path, position: dict, flip: bool = True, env_cards: list | None = None):
    alpha = hero("alpha", power=[dmg(3, VILLAIN, type="radiant")])
    kw = {}
    if flip:
        kw = {"sides": [{"hp": 15, "restore_hp": True,
                         "triggers": [{"when": "end_of_turn", "whose": "villain",
                                       "effect": [dmg(2, EACH_HERO, type="fire", source="villain_character")]}],
                         "on_flip": [{"verb": "play_top", "deck": "villain"}]}]}
    vil = villain(triggers=[{"when": "end_of_turn", "whose": "villain",
                             "effect": [dmg(1, EACH_HERO, type="melee", source="villain_character")]}],
                  cards=[{"name": "Minion", "kind": "target", "hp": 2},
                         {"name": "Smite", "kind": "one-shot",
                          "play": [dmg(5, {"group": "hero", "pick": "lowest_hp"}, source="villain_character")]}],
                  **kw)
    env = environment(env_cards or [])
    quiet = [hero(h, power=[]) for h in ("beta", "gamma")]
    return load(tmp_path, position, heroes=[alpha, *quiet], villain_=vil, environment_=env)


@pytest.mark.rule("SOTM-18")
def test_the_villain_flips_at_zero_hp_when_its_card_says_so(tmp_path: Path) -> None:
    s = _flip_pack(tmp_path, {
        "heroes": [{"id": "alpha", "hand": []}, {"id": "beta", "hand": []}, {"id": "gamma", "hand": []}],
        "villain": {"hp": 2, "deck": ["Minion", "Lull"]},
        "turn": {"whose": "alpha", "phase": "power"}})
    s.apply(f"power:{char(s, 'alpha')}")
    ev = s.take_events()
    assert [e.text for e in ev[:4]] == [
        "Alpha uses alpha power (Alpha)",
        "Alpha deals The Overlord 3 radiant damage → -1 HP",
        "The Overlord flips! → 15 HP",
        "The Overlord plays Minion",  # its flip text
    ]
    assert s.face[char(s, 'villain')] == 1 and s.result is None
    assert names(s, "play", "villain") == ["The Overlord", "Minion"]
    # the flip side's end-of-turn text replaces the front's: 2 fire to each hero, not 1 melee
    v_turn = next(i for i, e in enumerate(ev) if e.kind == "turn" and e.data["owner"] == s.T.villain)
    after = damage(s, ev[v_turn:])
    assert {d[3] for d in after} == {"fire"} and len(after) == 3
    assert hp(s, "villain") == 15


@pytest.mark.rule("SOTM-18")
@pytest.mark.parametrize("flipped", [True, False])
def test_the_villain_is_defeated_at_zero_hp_and_the_heroes_win(tmp_path: Path, flipped: bool) -> None:
    pos = {"villain": {"hp": 3, **({"flipped": True} if flipped else {})}, "turn": {"whose": "alpha", "phase": "power"}}
    s = _flip_pack(tmp_path, pos, flip=flipped)
    s.apply(f"power:{char(s, 'alpha')}")
    ev = s.take_events()
    assert kinds(ev) == ["power", "damage", "game_over"]
    assert s.result == "win" and s.reason == "The Overlord is defeated"
    assert s.decision() is None


@pytest.mark.rule("SOTM-18")
def test_the_heroes_lose_when_every_hero_is_incapacitated(tmp_path: Path) -> None:
    s = _flip_pack(tmp_path, {
        "heroes": [{"id": "alpha", "hp": 4}, {"id": "beta", "incapacitated": True},
                   {"id": "gamma", "incapacitated": True}],
        "villain": {"deck": ["Smite"]},
        "turn": {"whose": "villain", "phase": "start"}})
    ev = s.take_events()
    assert kinds(ev) == ["turn", "play", "damage", "incapacitated", "game_over"]
    assert s.result == "loss" and s.reason == "every hero is incapacitated"
    assert s.decision() is None


@pytest.mark.rule("SOTM-18")
def test_villain_and_last_hero_fall_in_the_same_step_the_heroes_win(tmp_path: Path) -> None:
    quake = {"name": "Quake", "kind": "one-shot",
             "play": [dmg(5, {"group": "any", "pick": "each"}, type="melee", source="this")]}
    s = _flip_pack(tmp_path, {
        "heroes": [{"id": "alpha", "hp": 2}, {"id": "beta", "incapacitated": True},
                   {"id": "gamma", "incapacitated": True}],
        "villain": {"hp": 3},
        "environment": {"deck": ["Quake"]},
        "turn": {"whose": "environment", "phase": "start"}}, flip=False, env_cards=[quake])
    ev = s.take_events()
    assert [e.text for e in ev] == [
        "— Proving Ground's turn (environment, round 1) —",
        "Proving Ground plays Quake",
        "Quake deals Alpha 5 melee damage → -3 HP",
        "Alpha is incapacitated",
        "Quake deals The Overlord 5 melee damage → -2 HP",
        "The heroes win: The Overlord is defeated",
    ]
    assert s.result == "win" and all(s.incap)
